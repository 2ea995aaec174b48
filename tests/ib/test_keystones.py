"""Keystones (IB 2.2, 4.6): the ability as the action, the passive in its windows,
once-per-round passives and their refresh (IB 3.5.4), Mute (IB 5.2.4)."""

from __future__ import annotations

import pytest

from initiative.engine.errors import ContentError
from initiative.games.ib import events
from initiative.games.ib.actions import KEYSTONE, Kind
from initiative.games.ib.activation import PASSIVE_USED
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.match import Match, SeatSetup
from tests.ib.scenario import Scenario


def keystone_game(track: str, rules: dict[str, object] | None = None,
                  **units: dict[str, object]) -> Scenario:
    sc = Scenario(rules, team_a="tideguard", team_b="ashfall")  # type: ignore[arg-type]
    sc.track(track).hand(0, 5).hand(1, 5)
    for key, values in units.items():
        sc.set(key, **values)  # type: ignore[arg-type]
    return sc.run().decline_all()


def test_ib_4_6_2_the_keystone_ability_is_the_action() -> None:
    sc = keystone_game("wren brask ilse |", wren={"charge": 1}, brask={"hp": 10})
    assert KEYSTONE in sc.legal()
    sc.play(Kind.KEYSTONE, "brask")  # Tide Stone: an ally heals 3
    assert sc.hp("brask") == 13
    assert sc.charge("wren") == 0  # AMB-41 default: 1 Charge
    assert not sc.at_action("wren")


def test_ib_5_2_4_mute_forbids_the_keystone_ability() -> None:
    sc = keystone_game("wren ilse |", wren={"charge": 1, "status": ["mute"]})
    assert KEYSTONE not in sc.legal()


def test_ib_2_2_3_a_passive_triggers_in_its_own_start_window() -> None:
    sc = Scenario(team_a="tideguard", team_b="ashfall")
    sc.track("wren ilse |").set("wren", hp=5).run().decline_all()
    assert sc.hp("wren") == 6  # Tide Stone: heal 1 at the start of each activation
    assert any(e[0] == events.PASSIVE for e in sc.state.events())


def test_ib_3_5_4_a_once_per_round_passive_waits_for_the_next_round() -> None:
    sc = keystone_game("brask ilse |")
    sc.state.used[sc.u("brask")] = PASSIVE_USED  # Ember Core already used this round
    sc.play(Kind.BASIC, "ilse")
    assert sc.charge("brask") == 1  # the Basic Attack only; no passive Charge
    fresh = keystone_game("brask ilse |")
    fresh.play(Kind.BASIC, "ilse")
    assert fresh.charge("brask") == 2  # Basic Attack + Ember Core at the end window
    assert fresh.state.used[fresh.u("brask")] & PASSIVE_USED


def test_ib_3_5_4_round_end_refreshes_once_per_round_usage() -> None:
    sc = keystone_game("ilse brask |")
    sc.state.used[sc.u("brask")] = PASSIVE_USED
    sc.state.track.rm = 1  # the RM will reach the far left after Ilse acts
    sc.play(Kind.PASS)
    assert sc.state.track.round == 2
    assert sc.state.used[sc.u("brask")] == 0


def test_ib_2_2_2_keystones_are_unique_within_a_team() -> None:
    content = core_content()
    deck = content.decks["tideguard_kit"]
    seats = (SeatSetup("A", 0, ("wren", "brask"), deck, ("ember_core", "ember_core")),
             SeatSetup("B", 1, ("ilse",), deck, ("ember_core",)))
    with pytest.raises(ContentError, match=r"Keystone 'ember_core' twice \(IB 2\.2\.2\)"):
        Match(content, RulesConfig(), seats)
    ok = (seats[0].__class__("A", 0, ("wren", "brask"), deck, ("ember_core", "tide_stone")),
          seats[1])
    assert Match(content, RulesConfig(), ok).unit_keystones[2] is not None  # other team


def test_ib_2_2_1_one_keystone_per_character() -> None:
    content = core_content()
    deck = content.decks["tideguard_kit"]
    seats = (SeatSetup("A", 0, ("wren", "brask"), deck, ("ember_core",)),
             SeatSetup("B", 1, ("ilse",), deck))
    with pytest.raises(ContentError, match="one Keystone per Character"):
        Match(content, RulesConfig(), seats)
