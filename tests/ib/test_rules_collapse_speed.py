"""Time Collapse is checked again when a Challenge Card's new phase changes a Speed
(IB 3.6.1, AMB-24, the register's R8: "unit count or Speed"), not only when a unit
leaves the track."""

from __future__ import annotations

from functools import cache

import yaml

from initiative.engine.chance import ROLL
from initiative.games.ib import events
from initiative.games.ib.actions import Kind
from initiative.games.ib.content import load_content_text
from initiative.games.ib.match import ChallengerSetup
from initiative.games.ib.specs import Content
from tests.ib.challenge_content import CHALLENGES
from tests.ib.scenario import Scenario
from tests.ib.support_content import PLAIN, support_data


def _phase(speed: int) -> dict[str, object]:
    """A CC whose second phase (at 3 HP or less) sets its Speed from 2 to `speed`."""
    jab = {"roll": "1-6", "name": "Jab", "kind": "basic",
           "effects": [{"target": "enemy", "damage": 1}]}
    return {"key": f"t_shift{speed}", "name": f"Test Shift {speed}", "tier": "aberrant",
            "initiative": 1, "speed": 2, "hp": 6, "actions": [jab],
            "phases": [{"name": "Rush", "at_hp": 3, "speed": speed, "actions": [jab]}]}


@cache
def _content() -> Content:
    data = support_data()
    data["challenges"] = [*data.get("challenges", []), *CHALLENGES, _phase(9), _phase(1)]
    return load_content_text(yaml.safe_dump(data), "collapse-speed-test-content.yaml")


def _hit_into_the_new_phase(cc: str, track: str, rules: dict[str, object]) -> Scenario:
    """Wren's Basic Attack (2 damage) takes the CC from 4 HP to 2: its second phase."""
    sc = Scenario(dict(rules), seats=[(0, ["wren", "brask", "ilse", "corvin"])],
                  content=_content(), deck="t_deck", challengers=[ChallengerSetup(cc)])
    sc.hand(0, PLAIN[:5])
    sc.force(ROLL, [1, 1, 1])  # IB 6.8: the CC's d6, forced at its chance nodes
    sc.track(track).set(cc, hp=4).run()
    assert sc.acting() == "wren"
    return sc.mark().play(Kind.BASIC, cc)


def test_amb24_a_phase_that_raises_the_lowest_speed_triggers_time_collapse() -> None:
    # Three units; the lowest Speed is the CC's 2, then 4 (Wren) once it rushes at 9.
    sc = _hit_into_the_new_phase("t_shift9", "wren brask t_shift9 |", {})
    assert sc.since(events.PHASE) == [(events.PHASE, sc.u("t_shift9"), 1)]
    assert sc.since(events.COLLAPSE) == [(events.COLLAPSE,)]
    assert sc.state.track.rm is None


def test_amb24_r5_a_phase_that_lowers_the_lowest_speed_can_restore_the_round_marker() -> None:
    # The position is loaded in Time Collapse and taken as given (R8). The CC's Speed
    # falls from 2 to 1: 3 units > Speed 1, so under time_collapse_reversible the
    # Round Marker returns (R5) at once, without waiting for a unit to leave.
    sc = _hit_into_the_new_phase("t_shift1", "wren brask t_shift1",
                                 {"time_collapse_reversible": True})
    assert sc.since(events.PHASE) == [(events.PHASE, sc.u("t_shift1"), 1)]
    assert sc.since(events.RM_RESTORED) == [(events.RM_RESTORED,)]
    assert sc.state.track.rm is not None
