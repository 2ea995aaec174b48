"""`ib_windows` (IB 3.7.5 "at any time", AMB-32): Initiative Break windows around each
action and between activations (the default), or also between two steps of an
activation whenever the step before changed something (`every_step`, step_windows.py).

Fixture teams: seat 0 Wren, Brask, Sela, Odo; seat 1 Ilse, Corvin, Pim, Marta."""

from __future__ import annotations

from typing import Any

from scenario import Scenario

from initiative.games.ib import events, frames
from initiative.games.ib.actions import BREAKS, DECLINE, Kind
from initiative.games.ib.notation import dump_position, load_position

EVERY_STEP = {"ib_windows": "every_step"}


def _base_stage(sc: Scenario) -> str:
    base = sc.state.stack[0]
    assert base.tag == frames.ACTIVATION
    return frames.STEP_NAMES[base.step]


def _decline_between(sc: Scenario) -> Scenario:
    """Decline the window between activations only (not the step windows after it)."""
    assert sc.window() == "between"
    while sc.window() == "between":
        sc.decline()
    return sc


def _burning_brask(rules: dict[str, Any]) -> Scenario:
    """Brask (10 HP) starts its activation Burning; Marta (seat 1) holds 3 Charge. The
    between-activations window is declined."""
    sc = Scenario(rules)
    sc.track("brask pim marta |").set("brask", hp=10, status=["burn"])
    sc.set("marta", charge=3).hand(0, 4).run()
    return _decline_between(sc.mark())


def test_ib_3_7_5_default_no_window_between_the_status_check_and_the_action() -> None:
    sc = _burning_brask({})
    assert sc.at_action("brask")
    assert [e[0] for e in sc.since(events.BURN, events.DRAW)] == [events.BURN, events.DRAW]


def test_ib_3_7_5_every_step_a_break_may_come_right_after_the_burn() -> None:
    sc = _burning_brask(EVERY_STEP)
    assert sc.window() == "step" and _base_stage(sc) == "start"
    assert sc.since(events.DRAW) == [] and sc.hp("brask") == 9  # Burn has resolved
    assert sc.legal() == [BREAKS[sc.u("marta")], DECLINE]
    sc.declare("marta").run()  # Marta's Break Art: 7 damage to Brask, before it draws
    sc.decline_all()
    assert sc.hp("brask") == 2
    order = [e[0] for e in sc.since(events.BURN, events.IB_DECLARE, events.DRAW)]
    assert order == [events.BURN, events.IB_DECLARE, events.DRAW]


def _brask_with_sela_charged(rules: dict[str, Any]) -> Scenario:
    """Brask acts with 4 cards (it draws); its ally Sela holds 3 Charge."""
    sc = Scenario(rules)
    sc.track("brask sela pim |").set("sela", charge=3).hand(0, 4).run()
    return _decline_between(sc.mark())


def test_ib_3_7_5_default_the_active_seat_cannot_break_between_its_draw_and_its_action() -> None:
    sc = _brask_with_sela_charged({})
    assert sc.at_action("brask") and len(sc.since(events.DRAW)) == 1


def test_ib_3_7_5_every_step_after_the_draw_an_ally_may_break_before_the_action() -> None:
    sc = _brask_with_sela_charged(EVERY_STEP)
    assert sc.window() == "step" and _base_stage(sc) == "action"
    assert len(sc.since(events.DRAW)) == 1
    assert sc.state.stack[-1] == frames.WindowFrame(frames.W_STEP, (0,), ())
    sc.declare("sela").run().decline_all()  # Break Art on Pim, the only enemy
    assert sc.at_action("brask")  # Brask still chooses its action, knowing the result
    assert sc.since(events.IB_DECLARE) == [(events.IB_DECLARE, 0, sc.u("sela"))]


def test_ib_3_7_5_every_step_a_window_after_the_movement_before_the_rm_steps() -> None:
    sc = Scenario(EVERY_STEP)
    sc.track("brask pim marta |").set("marta", charge=3).hand(0, 5).run()
    sc.decline_all()
    assert sc.at_action("brask")
    sc.mark().play(Kind.PASS, decline=False)
    assert sc.window() == "step" and _base_stage(sc) == "rm"
    assert sc.text() == "pim marta brask |"  # Brask has moved; the RM has not stepped
    assert [e[0] for e in sc.since(events.MOVEMENT, events.RM_STEP)] == [events.MOVEMENT]
    sc.decline_all()
    assert [e[0] for e in sc.since(events.RM_STEP)] == [events.RM_STEP]
    assert sc.text() == "pim marta | brask"


def test_ib_3_7_5_every_step_the_active_unit_breaking_between_steps_ends_its_activation() -> None:
    """AMB-34 applies as in any window: before its action, a Break by the active unit
    comes instead of it (and `break_after_own_action=false` still allows it there)."""
    sc = Scenario({**EVERY_STEP, "break_after_own_action": False})
    sc.track("brask pim marta |").set("brask", charge=3).hand(0, 4).run()
    _decline_between(sc)
    assert sc.window() == "step" and _base_stage(sc) == "action"
    sc.mark().declare("brask").target("pim").decline_all()
    brask = sc.u("brask")
    assert sc.since(events.IB_RETURN) == [(events.IB_RETURN, brask)]
    assert all(e[1] != brask for e in sc.since(events.MOVEMENT))  # no Movement Step
    assert sc.since(events.DECLARE) == []  # it never took an action


def test_ib_3_7_5_every_step_a_position_saved_in_a_step_window_loads_in_it() -> None:
    sc = _brask_with_sela_charged(EVERY_STEP)
    loaded = load_position(dump_position(sc.state), sc.match.content)
    assert loaded.stack == sc.state.stack and loaded.legal_actions() == sc.legal()
