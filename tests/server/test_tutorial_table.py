"""The web tutorial's table (server/ib/tutorial.py): the form's `tutorial=yes` makes it,
a stored table keeps its `guided` mark, and only its seat page carries a hint."""

from __future__ import annotations

from initiative.games.ib.text import tutorial
from initiative.server.ib.setup import TableSetup
from initiative.server.ib.site import IBWeb
from initiative.server.ib.tutorial import hint_context, tutorial_plan


def test_the_tutorial_field_makes_the_guided_duel_against_the_random_bot() -> None:
    plan = IBWeb().parse({"tutorial": "yes", "mode": "4v4"})  # the other fields: ignored
    assert plan == tutorial_plan() and plan.guided and plan.name == tutorial.TITLE
    assert plan.mode == "1v1" and [s.team for s in plan.seats] == list(tutorial.TEAMS)
    assert [s.controller for s in plan.seats] == ["human", tutorial.BOT]
    assert not IBWeb().parse({"mode": "1v1"}).guided


def test_a_stored_tutorial_table_stays_guided() -> None:
    data = tutorial_plan().to_dict()
    assert TableSetup.from_dict(data).guided
    del data["guided"]  # a table stored before tutorials
    assert not TableSetup.from_dict(data).guided


def test_the_hint_of_the_first_decision_names_its_suggested_action() -> None:
    site = IBWeb()
    game = site.build(tutorial_plan(), tutorial.SEED)
    state = site.first_state(game, tutorial.SEED)
    view = state.view(state.current_seat())
    found = hint_context(view, game.match)
    assert found is not None and "Opening hand (IB 2.8.2)" in str(found["about"])
    assert found["action"] in [a.index for a in view.legal]
