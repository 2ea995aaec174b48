"""The guided first game at the web table: the lobby's "First game?" button posts
`tutorial=yes`, which makes the tutorial's table (games/ib/text/tutorial.py: its teams,
you against the random bot), and the seat page of a tutorial table shows the shared
hint at each of the seat's decisions (the terminal's `play --tutorial` shows the same)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from initiative.games.ib.match import Match
from initiative.games.ib.text import tutorial
from initiative.games.ib.view import IBView
from initiative.server.ib.setup import SeatPlan, TableSetup
from initiative.server.parts import HUMAN

FIELD = "tutorial"
"""The create form's (or API's) field asking for the tutorial table."""


def asks_tutorial(form: Mapping[str, Any]) -> bool:
    return str(form.get(FIELD, "")).strip().lower() in ("yes", "true", "1", "on")


def tutorial_plan() -> TableSetup:
    """The tutorial table: a duel, seat 1 a person with the starter team, seat 2 the
    random bot; guided."""
    player, bot = tutorial.TEAMS
    return TableSetup(tutorial.TITLE, "1v1", (SeatPlan("Player", player, HUMAN),
                                              SeatPlan("Bot", bot, tutorial.BOT)),
                      guided=True)


READY: dict[str, str | int] = {
    "about": "Your action is complete; nothing is played until you confirm it.",
    "suggestion": "press Confirm to play it (Step back or Start over to change it).",
    "action": -1}
"""The hint once the draft is a whole action (its Confirm button, no step to suggest)."""


def hint_context(view: IBView, match: Match, ready: bool = False
                 ) -> dict[str, str | int] | None:
    """The page's hint for the decision of `view` (a draft's view while one is built;
    `ready`: the draft is a whole action waiting for Confirm): what it is about, the
    suggested choice and its action number; None without one."""
    if ready:
        return READY
    said = tutorial.hint(view, match)
    if said is None:
        return None
    return {"about": said.about, "suggestion": said.suggestion,
            "action": said.action.index}
