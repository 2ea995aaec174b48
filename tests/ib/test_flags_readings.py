"""Readings recorded for issue 17, each a house-rule flag tested both ways:
`break_after_own_action` (IB 3.7.5 "instead", AMB-34), `sigil_free_tier_self`
(IB 4.5.3, AMB-44), `sigil_installer_needs_type` (IB 2.3.4 vs IB 4.5.2, AMB-44),
`signature_play` (IB 2.7.5, AMB-95) and `cc_charge_break_art_in` (IB 6.4.3, AMB-82).

Sigil scenes: Tideguard (seat 0: Wren water/arcane, Brask fire/earth, Sela wind/arcane,
Odo earth/water) against Ashfall (seat 1), as in test_sigils.py."""

from __future__ import annotations

from typing import Any

from initiative.games.ib import events
from initiative.games.ib.actions import BREAKS, PLAYS, Kind
from tests.ib.challenge_content import cc_game
from tests.ib.scenario import Scenario
from tests.ib.test_sigils import install, installs_offered, setup

# --- new: break_after_own_action (IB 3.7.5, AMB-34) ---------------------------------


def _basic_at_full_charge(rules: dict[str, Any]) -> Scenario:
    """Brask, at 3 Charge, makes a Basic Attack on Pim (nobody else can break)."""
    sc = Scenario(rules)
    sc.track("brask pim sela marta |").set("brask", charge=3).run()
    sc.decline_all()
    sc.play(Kind.BASIC, "pim", decline=False)
    return sc


def test_ib_3_7_5_default_true_a_unit_may_break_after_its_own_action_resolved() -> None:
    sc = _basic_at_full_charge({})
    assert sc.window() == "after_declare" and BREAKS[sc.u("brask")] in sc.legal()
    sc.decline()
    assert sc.hp("pim") < sc.match.units[sc.u("pim")].hp  # the Basic Attack landed
    assert sc.window() == "after_resolve" and BREAKS[sc.u("brask")] in sc.legal()
    sc.declare("brask").run()  # the Basic Attack, then a Break in the same activation
    assert [e for e in sc.state.events() if e[0] == events.IB_DECLARE] == [
        (events.IB_DECLARE, 0, sc.u("brask"))]


def test_ib_3_7_5_false_a_break_comes_instead_of_the_action_not_after_it() -> None:
    sc = _basic_at_full_charge({"break_after_own_action": False})
    # Declared but not resolved: a Break now still replaces the action.
    assert sc.window() == "after_declare" and BREAKS[sc.u("brask")] in sc.legal()
    sc.decline()
    # Resolved: Brask has acted, so no after-resolve window opens for it; the next one
    # is between activations, where it is no longer the active unit.
    assert sc.hp("pim") < sc.match.units[sc.u("pim")].hp
    assert sc.window() == "between" and BREAKS[sc.u("brask")] in sc.legal()
    assert sc.text() == "pim sela marta | brask"


# --- new: sigil_free_tier_self (IB 4.5.3, AMB-44) ----------------------------------------


def _prism_on_sela(rules: dict[str, Any]) -> Scenario:
    """Wren installs the Prism Sigil (arcane; free tier: self gains 1 Charge) on Sela."""
    sc = setup(["prism_sigil"], track="wren sela ilse |", rules=rules)
    return install(sc, "prism_sigil", recipient="sela")


def test_ib_4_5_3_default_installer_the_free_tier_is_the_installers() -> None:
    sc = _prism_on_sela({})
    assert sc.charge("wren") == 1 and sc.charge("sela") == 0


def test_ib_4_5_3_recipient_the_free_tier_calls_the_new_holder_self() -> None:
    sc = _prism_on_sela({"sigil_free_tier_self": "recipient"})
    assert sc.charge("sela") == 1 and sc.charge("wren") == 0


def test_ib_4_5_3_recipient_changes_nothing_when_the_installer_keeps_the_sigil() -> None:
    sc = setup(["prism_sigil"], track="wren ilse |",
               rules={"sigil_free_tier_self": "recipient"})
    install(sc, "prism_sigil")
    assert sc.charge("wren") == 1


# --- new: sigil_installer_needs_type (IB 2.3.4 vs IB 4.5.2, AMB-44) ----------------------


def test_ib_2_3_4_default_false_only_the_recipients_types_count() -> None:
    # Wren (water/arcane) may put the Stone Sigil (earth) on Brask (fire/earth).
    sc = setup(["stone_sigil"], track="wren brask ilse |")
    assert installs_offered(sc) == ["stone_sigil"]
    install(sc, "stone_sigil", recipient="brask")
    assert sc.state.sigils[sc.u("brask")][0][0] == sc.card("stone_sigil")


def test_ib_2_3_4_true_the_installer_must_print_the_type_too() -> None:
    rules = {"sigil_installer_needs_type": True}
    sc = setup(["stone_sigil", "current_sigil"], track="wren brask odo ilse |", rules=rules)
    assert installs_offered(sc) == ["current_sigil"]  # water: Wren prints it
    install(sc, "current_sigil", recipient="odo", targets=["odo"])
    assert sc.state.sigils[sc.u("odo")][0][0] == sc.card("current_sigil")


# --- new: signature_play (IB 2.7.5, AMB-95) ----------------------------------------------


def _oath_in_hand(first: str, rules: dict[str, Any]) -> list[Any]:
    """Cinderguard's Oath is Brask's signature Technique (cost 1): the PLAY actions
    offered to `first` (Wren or Brask) holding it."""
    sc = Scenario(rules, team_a="tideguard", team_b="ashfall")
    other = "brask" if first == "wren" else "wren"
    sc.track(f"{first} {other} ilse |").hand(0, ["cinderguard_oath", "field_ration",
                                                  "spare_flint", "field_ration",
                                                  "spare_flint"])
    sc.run().decline_all()
    return [a for a in sc.legal() if a.kind == Kind.PLAY]


def test_ib_2_7_5_default_any_character_may_play_anothers_signature_card() -> None:
    assert _oath_in_hand("wren", {}) == [PLAYS[0]]
    assert _oath_in_hand("brask", {}) == [PLAYS[0]]


def test_ib_2_7_5_own_character_only_its_character_may_play_it() -> None:
    rules = {"signature_play": "own_character"}
    assert _oath_in_hand("wren", rules) == []
    assert _oath_in_hand("brask", rules) == [PLAYS[0]]


# --- new: cc_charge_break_art_in (IB 6.4.3, AMB-82) --------------------------------------


def _tyrant_charge(rules: dict[str, Any]) -> int:
    """The Test Tyrant prints a Break Art only in its last phase (Frenzy); it acts once
    in its first phase, at 0 Charge."""
    sc = cc_game(["t_tyrant"], rules, track="t_tyrant wren brask |", rolls=[1])
    sc.run()
    assert sc.acting() == "wren" and sc.state.used[sc.u("t_tyrant")] >> 24 == 0
    return sc.charge("t_tyrant")


def test_ib_6_4_3_default_current_phase_no_charge_while_the_phase_has_no_break_art() -> None:
    assert _tyrant_charge({}) == 0


def test_ib_6_4_3_any_phase_a_break_art_printed_in_a_later_phase_counts() -> None:
    assert _tyrant_charge({"cc_charge_break_art_in": "any_phase"}) == 1
