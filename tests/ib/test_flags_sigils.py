"""House-rule flags of Sigils (AMB-40 activation cost, AMB-42 use as the action,
AMB-43 one Sigil per type). Wren (water/arcane, seat 0) acts first; its Sigils are
pre-installed by setting `state.sigils` directly."""

from __future__ import annotations

from initiative.games.ib import events
from initiative.games.ib.actions import BASIC, SIGILS, TIERS, Kind
from tests.ib.scenario import Scenario
from tests.ib.test_sigils import install, installed, offered, preinstall, setup, use


def _current(rules: dict[str, object], charge: int = 0, hp: int = 4) -> Scenario:
    """Wren at its Action step with the Current Sigil (water: heal 2 / 3 / 3 to all)."""
    sc = setup([], track="wren ilse |", rules=rules, wren={"charge": charge})
    sc.set("wren", hp=hp)
    return preinstall(sc, "wren", "current_sigil")


# --- AMB-40 `sigil_activation_cost` ----------------------------------------------------


def test_amb_40_default_discard_by_tier_costs_cards_and_no_charge() -> None:
    sc = _current({"sigil_activation_cost": "discard_by_tier"}, charge=0)
    assert offered(sc, Kind.SIGIL) == [0]  # no Charge needed
    use(sc, 0, 2, ["field_ration", "spare_flint"])
    assert sc.since(events.DISCARD) == [(events.DISCARD, 0, sc.card("field_ration")),
                                        (events.DISCARD, 0, sc.card("spare_flint"))]
    assert sc.charge("wren") == 0 and sc.hp("wren") == 4 + 3
    spent = _current({"sigil_activation_cost": "discard_by_tier"}, charge=2)
    use(spent, 0, 1, ["field_ration"])
    assert spent.charge("wren") == 2  # Charge is never spent on a Sigil


def test_amb_40_one_charge_costs_one_charge_and_no_cards() -> None:
    broke = _current({"sigil_activation_cost": "one_charge"}, charge=0)
    assert offered(broke, Kind.SIGIL) == []  # a full hand does not help
    sc = _current({"sigil_activation_cost": "one_charge"}, charge=2)
    hand = list(sc.state.hands[0])
    sc.state.apply(SIGILS[0])
    assert sc.legal() == list(TIERS)  # every tier costs the same single Charge
    sc.state.apply(TIERS[2])  # every ally heals 3, with no discard
    sc.decline_all()
    assert sc.since(events.DISCARD) == [] and sc.state.hands[0] == hand
    assert sc.charge("wren") == 1 and sc.hp("wren") == 4 + 3
    empty = _current({"sigil_activation_cost": "one_charge"}, charge=1)
    empty.hand(0, [])
    assert offered(empty, Kind.SIGIL) == [0]  # no cards needed


def test_amb_40_both_costs_one_charge_and_the_tiers_discards() -> None:
    broke = _current({"sigil_activation_cost": "both"}, charge=0)
    assert offered(broke, Kind.SIGIL) == []
    sc = _current({"sigil_activation_cost": "both"}, charge=1)
    use(sc, 0, 2, ["field_ration", "spare_flint"])
    assert len(sc.since(events.DISCARD)) == 2
    assert sc.charge("wren") == 0 and sc.hp("wren") == 4 + 3
    empty = _current({"sigil_activation_cost": "both"}, charge=1)
    empty.hand(0, [])
    assert offered(empty, Kind.SIGIL) == []  # the discard is still owed


# --- AMB-42 `sigil_use_is_action` ------------------------------------------------------


def test_amb_42_default_true_using_a_sigil_is_the_action() -> None:
    sc = _current({"sigil_use_is_action": True})
    use(sc, 0, 1, ["field_ration"])
    assert sc.acting() != "wren"  # the activation went on; no attack followed
    assert not [e for e in sc.since(events.DECLARE) if e[1] == sc.u("wren")]


def test_amb_42_false_the_unit_may_still_attack_but_not_reuse_that_sigil() -> None:
    sc = _current({"sigil_use_is_action": False})
    use(sc, 0, 1, ["field_ration"])
    assert sc.hp("wren") == 4 + 2
    assert sc.at_action("wren")  # back at the Action step
    assert offered(sc, Kind.SIGIL) == []  # once per activation (IB 4.5.6)
    assert BASIC in sc.legal()
    sc.play(Kind.BASIC, "ilse")
    assert sc.hp("ilse") == 11 - 2
    assert not sc.at_action("wren")


def test_amb_42_false_installing_is_still_the_action() -> None:
    sc = setup(["prism_sigil"], rules={"sigil_use_is_action": False})
    install(sc, "prism_sigil")
    assert installed(sc, "wren") == ["prism_sigil"]
    assert sc.acting() != "wren"


# --- AMB-43 `sigil_one_per_type` -------------------------------------------------------


def test_amb_43_default_true_a_second_sigil_of_a_type_replaces_the_first() -> None:
    sc = setup(["current_sigil"], rules={"sigil_one_per_type": True})
    preinstall(sc, "wren", "current_sigil")  # one water Sigil; the second slot is free
    install(sc, "current_sigil")
    assert installed(sc, "wren") == ["current_sigil"]
    assert sc.state.discards[0] == [sc.card("current_sigil")]  # the old copy went
    assert sc.since(events.UNINSTALL) == [
        (events.UNINSTALL, sc.u("wren"), sc.card("current_sigil"))]
    other = setup(["prism_sigil"], rules={"sigil_one_per_type": True})
    preinstall(other, "wren", "current_sigil")
    install(other, "prism_sigil")  # arcane: Wren's other type takes the free slot
    assert installed(other, "wren") == ["current_sigil", "prism_sigil"]


def test_amb_43_false_two_sigils_of_one_type_sit_side_by_side() -> None:
    sc = setup(["current_sigil"], rules={"sigil_one_per_type": False})
    preinstall(sc, "wren", "current_sigil")
    install(sc, "current_sigil")
    assert installed(sc, "wren") == ["current_sigil", "current_sigil"]
    assert sc.state.discards[0] == [] and sc.since(events.UNINSTALL) == []
