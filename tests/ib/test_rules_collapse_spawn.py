"""Time Collapse is checked again when a spawned Challenge Card joins the track (IB 3.6.1,
IB 6.0.1, AMB-24, the register's R8: "the next change in unit count or Speed"), not only
when a unit leaves it.

A spawn adds a unit, so it can only make the collapse condition false: it matters under
`time_collapse_reversible` (AMB-25, R5), where the Round Marker then comes back."""

from __future__ import annotations

from typing import Any

from initiative.games.ib import events
from initiative.games.ib.actions import Kind
from tests.ib.challenge_content import cc_game
from tests.ib.scenario import Scenario


def _hit_into_brood(rules: dict[str, Any]) -> Scenario:
    """A position loaded in Time Collapse (taken as given, R8): Wren, Brask and the
    Tyrant, lowest Speed 4 >= 3 units. Wren's Basic Attack (2 damage) takes the Tyrant
    from 15 HP to 13, into its Brood phase (at 14), whose on-enter effect spawns a
    Grunt (Speed 3): 4 units > lowest Speed 3."""
    sc = cc_game(["t_tyrant"], rules, track="wren brask t_tyrant", rolls=[1, 1, 1])
    sc.set("t_tyrant", hp=15).run()
    assert sc.acting() == "wren" and sc.state.track.rm is None
    return sc.mark().play(Kind.BASIC, "t_tyrant")


def test_amb24_r5_a_spawn_that_breaks_the_condition_restores_the_round_marker() -> None:
    sc = _hit_into_brood({"time_collapse_reversible": True})
    grunt = sc.u("t_grunt")
    assert sc.since(events.SPAWN) == [(events.SPAWN, sc.u("t_tyrant"), grunt)]
    assert sc.since(events.RM_RESTORED) == [(events.RM_RESTORED,)]
    assert sc.state.track.rm is not None
    # the RM came back at once, before the Tyrant or the Grunt acted
    spawned = [e[0] for e in sc.since(events.SPAWN, events.RM_RESTORED, events.ACT_START)]
    assert spawned[:2] == [events.SPAWN, events.RM_RESTORED]


def test_amb24_default_a_spawn_never_undoes_time_collapse() -> None:
    sc = _hit_into_brood({})
    assert sc.since(events.SPAWN)[0][2] == sc.u("t_grunt")
    assert sc.since(events.RM_RESTORED) == [] and sc.state.track.rm is None


def test_amb24_no_check_when_the_spawn_finds_no_free_slot() -> None:
    """Both Grunts already stand: nothing joins, the count is unchanged, and the loaded
    position stays as given (R8) even though the condition no longer holds."""
    sc = cc_game(["t_tyrant"], {"time_collapse_reversible": True},
                 track="wren brask t_tyrant t_grunt t_grunt2", rolls=[1, 1, 1])
    sc.set("t_tyrant", hp=15).run()
    sc.mark().play(Kind.BASIC, "t_tyrant")
    assert sc.since(events.SPAWN) == [(events.SPAWN, sc.u("t_tyrant"), -1)]
    assert sc.since(events.RM_RESTORED) == [] and sc.state.track.rm is None
