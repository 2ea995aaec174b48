"""`free_discard_timing` (IB 2.8.7, AMB-15): the free discard at the Action Step only
(the default), or also just before the Draw Step when the hand is full, so that the
Draw Step can refill it."""

from __future__ import annotations

from scenario import Scenario

from initiative.games.ib import events, frames
from initiative.games.ib.actions import DISCARDS, KEEP, Kind
from initiative.games.ib.movetext import format_action, parse_action
from initiative.games.ib.notation import dump_position, load_position
from initiative.games.ib.text.describe import decision_title, describe_action

BEFORE_DRAW = {"free_discard_timing": "before_draw_too"}


def _full_hand(rules: dict[str, object], cards: int = 5) -> Scenario:
    sc = Scenario(rules)
    sc.track("brask pim |").hand(0, cards)
    return sc.mark().run()


def test_ib_2_8_7_default_action_step_a_full_hand_never_discards_before_drawing() -> None:
    sc = _full_hand({})
    assert sc.at_action("brask")
    assert sc.since(events.DRAW) == [] and sc.since(events.HAND_FULL) == [(events.HAND_FULL, 0)]
    assert DISCARDS[0] in sc.legal() and KEEP not in sc.legal()
    sc.apply(Kind.DISCARD, 0)
    assert len(sc.state.hands[0]) == 4  # too late: the Draw Step is over


def test_ib_2_8_7_before_draw_too_a_full_hand_may_discard_then_draws() -> None:
    sc = _full_hand(BEFORE_DRAW)
    top = sc.frame()
    assert top is not None and top.tag == frames.ACTIVATION
    assert (top.unit, top.step) == (sc.u("brask"), frames.ST_DRAW)
    assert sc.legal() == [KEEP, *DISCARDS[:5]]
    assert sc.since(events.DRAW, events.HAND_FULL) == []  # asked before the Draw Step
    top = sc.state.decks[0][-1]
    discarded = sc.state.hands[0][2]
    sc.apply(Kind.DISCARD, 2)
    assert sc.at_action("brask")
    assert sc.since(events.DISCARD, events.DRAW) == [
        (events.DISCARD, 0, discarded), (events.DRAW, 0, top)]
    assert len(sc.state.hands[0]) == 5 and top in sc.state.hands[0]
    assert not any(a in DISCARDS for a in sc.legal())  # AMB-15: the one discard is used


def test_ib_2_8_7_before_draw_too_keeping_the_hand_draws_nothing_and_keeps_the_discard() -> None:
    sc = _full_hand(BEFORE_DRAW)
    sc.apply(Kind.KEEP)
    assert sc.at_action("brask")
    assert sc.since(events.DRAW) == [] and sc.since(events.HAND_FULL) == [(events.HAND_FULL, 0)]
    assert DISCARDS[0] in sc.legal()  # the Action Step still offers it


def test_ib_2_8_7_before_draw_too_unlimited_discards_stop_asking_once_the_hand_has_room() -> None:
    sc = _full_hand({**BEFORE_DRAW, "free_discards_per_activation": "unlimited"})
    sc.apply(Kind.DISCARD, 0)
    assert sc.at_action("brask") and len(sc.state.hands[0]) == 5
    assert DISCARDS[0] in sc.legal()


def test_ib_2_8_7_before_draw_too_asks_nothing_when_the_hand_has_room() -> None:
    """With 4 cards the Draw Step draws anyway: a discard before it leaves the same hand
    as the same discard at the Action Step, so no question is asked."""
    sc = _full_hand(BEFORE_DRAW, cards=4)
    assert sc.at_action("brask")
    assert [e[0] for e in sc.since(events.DRAW)] == [events.DRAW]


def test_ib_2_8_7_before_draw_too_not_in_a_turn_lost_to_stun() -> None:
    """AMB-09 `all_but_movement`: a Stunned unit has no Draw Step to discard before."""
    sc = Scenario(BEFORE_DRAW)
    sc.track("brask pim |").hand(0, 5).hand(1, 4).set("brask", status=["stun"])
    sc.mark().run()
    assert sc.acting() == "pim"


def test_ib_2_8_7_before_draw_too_the_question_is_worded_for_people() -> None:
    sc = _full_hand(BEFORE_DRAW)
    view = sc.state.view(0)
    assert "about to draw with a full hand" in decision_title(view, sc.match)
    assert describe_action(view, sc.match, KEEP).startswith("keep your hand")
    assert "then draw" in describe_action(view, sc.match, DISCARDS[0])
    assert parse_action(sc.state, format_action(sc.state, KEEP)) == KEEP


def test_ib_2_8_7_before_draw_too_a_position_saved_at_the_question_loads_at_it() -> None:
    sc = _full_hand(BEFORE_DRAW)
    loaded = load_position(dump_position(sc.state), sc.match.content)
    assert loaded.stack[-1] == sc.state.stack[-1]
    assert loaded.legal_actions() == sc.legal()
