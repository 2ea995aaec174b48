"""House-rule flag of the Keystone ability's cost (AMB-41)."""

from __future__ import annotations

from initiative.games.ib import events
from initiative.games.ib.actions import DISCARDS, KEYSTONE, TARGETS
from tests.ib.test_keystones import keystone_game


def test_amb_41_default_one_charge_the_ability_needs_and_spends_one_charge() -> None:
    sc = keystone_game("wren brask ilse |", {"keystone_ability_cost": "one_charge"})
    assert sc.charge("wren") == 0 and KEYSTONE not in sc.legal()
    sc2 = keystone_game("wren brask ilse |", {"keystone_ability_cost": "one_charge"},
                        wren={"charge": 2})
    sc2.state.apply(KEYSTONE)
    sc2.state.apply(TARGETS[sc2.u("brask")])
    assert sc2.charge("wren") == 1


def test_amb_41_free_the_ability_costs_nothing() -> None:
    sc = keystone_game("wren brask ilse |", {"keystone_ability_cost": "free"})
    assert KEYSTONE in sc.legal()
    hand = len(sc.state.hands[0])
    sc.state.apply(KEYSTONE)
    sc.state.apply(TARGETS[sc.u("brask")])
    assert sc.charge("wren") == 0 and len(sc.state.hands[0]) == hand


def test_amb_41_discard_by_tier_the_ability_costs_one_discard() -> None:
    sc = keystone_game("wren brask ilse |", {"keystone_ability_cost": "discard_by_tier"})
    assert KEYSTONE in sc.legal()
    first = sc.state.hands[0][0]
    sc.mark()
    sc.state.apply(KEYSTONE)
    sc.state.apply(DISCARDS[0])
    assert len(sc.state.hands[0]) == 4  # paid before the target is chosen
    sc.state.apply(TARGETS[sc.u("brask")])
    assert sc.since(events.DISCARD) == [(events.DISCARD, 0, first)]
    assert sc.charge("wren") == 0
