"""House-rule flags of the damage pipeline and statuses (AMB-51, AMB-52, AMB-53,
AMB-54, AMB-59) and of targeting and sides (AMB-61, AMB-64)."""

from __future__ import annotations

from scenario import Scenario

from initiative.games.ib.actions import TARGETS, Kind

# --- AMB-51 damage_order --------------------------------------------------------------


def _basic_into_guard_and_weaken(order: str) -> Scenario:
    sc = Scenario({"damage_order": order})
    sc.track("brask pim |").set("pim", status=["guard", "weaken"]).run()
    return sc.play(Kind.BASIC, "pim")  # 3 damage


def test_amb51_default_weaken_adds_then_guard_halves() -> None:
    sc = _basic_into_guard_and_weaken("weaken_then_guard")
    assert sc.hp("pim") == 8 - (3 + 2) // 2
    assert sc.statuses("pim") == []


def test_amb51_guard_then_weaken_halves_first() -> None:
    sc = _basic_into_guard_and_weaken("guard_then_weaken")
    assert sc.hp("pim") == 8 - (3 // 2 + 2)
    assert sc.statuses("pim") == []


# --- AMB-52 burn_uses_incoming_modifiers ------------------------------------------------


def _burn_on_a_weakened_unit(uses: bool) -> Scenario:
    sc = Scenario({"burn_uses_incoming_modifiers": uses})
    return sc.track("pim brask |").set("pim", status=["burn", "weaken"]).run()


def test_amb52_default_burn_damage_is_weakened_and_uses_weaken_up() -> None:
    sc = _burn_on_a_weakened_unit(True)
    assert sc.hp("pim") == 8 - 3
    assert sc.statuses("pim") == []


def test_amb52_false_burn_ignores_weaken_and_guard() -> None:
    sc = _burn_on_a_weakened_unit(False)
    assert sc.hp("pim") == 8 - 1
    assert sc.statuses("pim") == ["weaken"]


# --- AMB-53 insight_scope -----------------------------------------------------------------


def _insight_on_an_area_attack(scope: str) -> Scenario:
    sc = Scenario({"insight_scope": scope})
    sc.track("wren pim marta |").set("wren", charge=3, status=["insight"]).run()
    sc.decline_all()
    return sc.play(Kind.BREAK_ART)  # 2 damage to all enemies


def test_amb53_default_insight_boosts_every_target_of_the_effect() -> None:
    sc = _insight_on_an_area_attack("whole_effect")
    assert (sc.hp("pim"), sc.hp("marta")) == (8 - 3, 18 - 3)
    assert sc.statuses("wren") == []


def test_amb53_first_target_only_the_first_target_gets_the_bonus() -> None:
    sc = _insight_on_an_area_attack("first_target")
    assert (sc.hp("pim"), sc.hp("marta")) == (8 - 3, 18 - 2)
    assert sc.statuses("wren") == []


# --- AMB-54 status_stacking ---------------------------------------------------------------


def _burn_applied_twice(stacking: str) -> Scenario:
    sc = Scenario({"status_stacking": stacking})
    sc.track("brask pim |").set("brask", charge=1).set("pim", status=["burn"]).run()
    sc.play(Kind.ADVANCED, "pim")  # 3 damage and a second Burn
    assert sc.acting() == "pim"  # Pim's Status Check has run
    return sc


def test_amb54_default_none_a_second_burn_has_no_effect() -> None:
    sc = _burn_applied_twice("none")
    assert sc.hp("pim") == 8 - 3 - 1


def test_amb54_stack_both_burns_trigger_together() -> None:
    sc = _burn_applied_twice("stack")
    assert sc.hp("pim") == 8 - 3 - 2


# --- AMB-59 heal_cap ----------------------------------------------------------------------


def _heal_a_wounded_ally(cap: str) -> Scenario:
    sc = Scenario({"heal_cap": cap})
    sc.track("ilse corvin wren |").set("ilse", charge=3).set("corvin", hp=11).run()
    sc.decline_all()
    return sc.play(Kind.BREAK_ART, "corvin")  # Heal 5 on an ally; Wren is the only enemy


def test_amb59_default_healing_stops_at_max_hp() -> None:
    sc = _heal_a_wounded_ally("max_hp")
    assert sc.hp("corvin") == 13
    assert sc.hp("wren") == 12 - 3


def test_amb59_none_healing_may_exceed_max_hp() -> None:
    sc = _heal_a_wounded_ally("none")
    assert sc.hp("corvin") == 16


# --- AMB-61 ally_enemy_reference ----------------------------------------------------------


def _break_during_an_opponents_turn(reference: str) -> Scenario:
    sc = Scenario({"ally_enemy_reference": reference})
    sc.track("brask pim marta wren |").set("marta", charge=3).run()
    sc.decline_all()
    sc.play(Kind.BASIC, "pim", decline=False)
    sc.declare("marta").run()  # Marta's Break Art: 7 damage to one enemy
    return sc


def test_amb61_default_enemies_are_relative_to_the_effects_controller() -> None:
    sc = _break_during_an_opponents_turn("effect_controller")
    assert set(sc.legal()) == {TARGETS[sc.u("brask")], TARGETS[sc.u("wren")]}
    sc.target("brask").decline_all()
    assert sc.hp("brask") == 16 - 7


def test_amb61_active_unit_controller_enemies_are_relative_to_the_active_unit() -> None:
    sc = _break_during_an_opponents_turn("active_unit_controller")
    # Brask is active, so "enemy" now means Marta's own side.
    assert set(sc.legal()) == {TARGETS[sc.u("pim")], TARGETS[sc.u("marta")]}
    sc.target("pim").decline_all()
    assert not sc.on_track("pim")  # Marta's 7, then Brask's Basic Attack for 3
    assert sc.hp("brask") == 16


# --- AMB-64 multiplayer_aoe_friendly_fire -------------------------------------------------


def _area_attack_in_a_team_game(friendly_fire: bool) -> Scenario:
    # 2v2: Corvin and Ilse are teammates in different seats.
    sc = Scenario({"multiplayer_aoe_friendly_fire": friendly_fire},
                  seats=[(0, ["corvin"]), (0, ["ilse"]), (1, ["brask"]), (1, ["wren"])])
    sc.track("corvin ilse brask wren |").set("corvin", charge=3).run()
    sc.decline_all()
    return sc.play(Kind.BREAK_ART)  # 3 damage and Burn to all enemies


def test_amb64_default_an_area_attack_spares_teammates_of_other_seats() -> None:
    sc = _area_attack_in_a_team_game(False)
    assert (sc.hp("brask"), sc.hp("wren")) == (13, 9)
    assert sc.hp("ilse") == 11
    assert sc.acting() == "ilse"


def test_amb64_friendly_fire_an_area_attack_hits_every_other_seat() -> None:
    sc = _area_attack_in_a_team_game(True)
    assert (sc.hp("brask"), sc.hp("wren")) == (13, 9)
    assert sc.acting() == "ilse"
    assert sc.hp("ilse") == 11 - 3 - 1  # hit, then her own Burn at her Status Check
