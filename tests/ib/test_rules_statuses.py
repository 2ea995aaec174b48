"""IB 5: every status effect, Cleanse (named, one of the controller's choice, all),
Heal, and the engine's reading of stacked statuses (`status_stacking=stack`)."""

from __future__ import annotations

from scenario import Scenario

from initiative.games.ib import breaks, events, frames
from initiative.games.ib.actions import ADVANCED, BASIC, BREAK_ART, CLEANSES, PASS, Kind
from initiative.games.ib.statuses import BY_NAME

# --- Burn (IB 5.2.1) --------------------------------------------------------------


def test_ib_5_2_1_burn_deals_one_damage_at_the_next_activation_then_goes() -> None:
    sc = Scenario()
    sc.track("pim brask |").set("pim", status=["burn"]).run()
    assert sc.at_action("pim")
    assert sc.hp("pim") == 7
    assert sc.statuses("pim") == []


def test_ib_5_2_1_a_burn_kill_happens_before_the_unit_can_act() -> None:
    sc = Scenario()
    sc.track("pim brask sela marta wren |").set("pim", hp=1, status=["burn"]).mark().run()
    assert not sc.on_track("pim")
    assert sc.acting() == "brask"
    assert sc.since(events.DRAW, events.DECLARE, events.PASS) == []


# --- Insight, Guard, Weaken (IB 5.2.2, 5.2.3, 5.2.6) ----------------------------------


def _brask_hits_pim(attacker: list[str], target: list[str]) -> Scenario:
    sc = Scenario()
    sc.track("brask sela pim |").set("brask", status=attacker).set("pim", status=target)
    return sc.run().play(Kind.BASIC, "pim")  # 3 damage


def test_ib_5_2_2_insight_adds_one_to_the_next_damage_then_goes() -> None:
    sc = _brask_hits_pim(["insight"], [])
    assert sc.hp("pim") == 8 - 4
    assert sc.statuses("brask") == []


def test_ib_5_2_3_guard_halves_the_next_damage_rounding_down_then_goes() -> None:
    sc = _brask_hits_pim([], ["guard"])
    assert sc.hp("pim") == 8 - 1
    assert sc.statuses("pim") == []


def test_ib_5_2_6_weaken_adds_two_to_the_next_damage_taken_then_goes() -> None:
    sc = _brask_hits_pim([], ["weaken"])
    assert sc.hp("pim") == 8 - 5
    assert sc.statuses("pim") == []


def test_amb08_guard_insight_weaken_do_not_resolve_at_the_status_check() -> None:
    sc = Scenario()
    sc.track("pim brask |").set("pim", status=["guard", "insight", "weaken"]).run()
    assert sc.at_action("pim")
    assert sc.statuses("pim") == ["guard", "weaken", "insight"]


# --- Stun (IB 5.2.7) -------------------------------------------------------------------


def test_ib_5_2_7_stun_skips_the_action_moves_by_speed_and_goes() -> None:
    sc = Scenario()
    sc.track("brask pim sela marta wren ilse |").set("brask", status=["stun"]).mark().run()
    assert sc.since(events.STUNNED) == [(events.STUNNED, sc.u("brask"))]
    assert sc.since(events.DECLARE, events.PASS) == []
    assert sc.since(events.MOVEMENT) == [(events.MOVEMENT, sc.u("brask"), 5, 0)]
    assert sc.text() == "pim sela marta wren ilse | brask"
    assert sc.statuses("brask") == []


# --- Seal and Mute (IB 5.2.4, 5.2.5) ---------------------------------------------------


def test_ib_5_2_5_seal_forbids_attacks_and_break_arts_for_that_activation() -> None:
    sc = Scenario()
    sc.track("brask pim sela |").set("brask", charge=3, status=["seal"])
    sc.mark().run()
    assert sc.window() is None  # AMB-17: no Initiative Break while Sealed
    assert sc.at_action("brask")
    legal = sc.legal()
    assert PASS in legal
    assert not {BASIC, ADVANCED, BREAK_ART} & set(legal)
    # Seal stays on the unit during that activation (a Cleanse could still lift it)
    # and binds it; it is removed once the activation is over.
    assert sc.statuses("brask") == ["seal"]
    frame = sc.frame()
    assert frame is not None and frame.tag == frames.ACTIVATION and frame.flags & frames.F_SEALED
    assert sc.u("brask") not in breaks.eligible(sc.state, 0)
    sc.apply(Kind.PASS)
    assert sc.statuses("brask") == []
    assert sc.window() == "between"  # after the activation Brask may break again
    assert sc.u("brask") in breaks.eligible(sc.state, 0)


def test_ib_5_2_4_mute_binds_the_activation_and_is_removed_after_it() -> None:
    sc = Scenario()
    sc.track("brask pim sela |").set("brask", status=["mute"]).mark().run()
    assert sc.since(events.MUTED) == [(events.MUTED, sc.u("brask"))]
    assert sc.statuses("brask") == ["mute"]
    frame = sc.frame()
    assert frame is not None and frame.tag == frames.ACTIVATION and frame.flags & frames.F_MUTED
    assert BASIC in sc.legal()  # Mute forbids only Sigil and Keystone abilities
    sc.apply(Kind.PASS)
    assert sc.statuses("brask") == []


# --- Cleanse (IB 5.2.8) ----------------------------------------------------------------


def test_ib_5_2_8_named_cleanse_removes_only_that_status() -> None:
    # Odo's Break Art: every ally loses Burn and gains Guard; 2 damage to all enemies.
    sc = Scenario()
    sc.track("odo wren pim marta |").set("odo", charge=3)
    sc.set("wren", status=["burn", "weaken"]).run().decline_all()
    sc.play(Kind.BREAK_ART)
    assert sc.statuses("wren") == ["guard", "weaken"]
    assert sc.statuses("odo") == ["guard"]


def test_ib_5_2_8_unnamed_cleanse_asks_which_status_when_several_are_present() -> None:
    # Dara's Advanced Attack: 2 damage to an enemy, then Cleanse one status on an ally.
    sc = Scenario(team_a="fixture_tempest", team_b="fixture_harrow")
    sc.track("dara marta wren |").set("dara", charge=1)
    sc.set("wren", status=["burn", "stun", "guard"]).run()
    sc.play(Kind.ADVANCED, ["marta", "wren"])
    assert set(sc.legal()) == {CLEANSES[BY_NAME[s]] for s in ("burn", "stun", "guard")}
    assert sc.state.current_seat() == 0
    sc.cleanse("stun").decline_all()
    assert sc.statuses("wren") == ["burn", "guard"]
    assert sc.hp("marta") == 16


def test_ib_5_2_8_unnamed_cleanse_with_one_status_removes_it_without_asking() -> None:
    sc = Scenario(team_a="fixture_tempest", team_b="fixture_harrow")
    sc.track("dara marta wren |").set("dara", charge=1).set("wren", status=["stun"]).run()
    sc.play(Kind.ADVANCED, ["marta", "wren"])
    assert sc.statuses("wren") == []
    assert sc.acting() == "marta"


def test_ib_5_2_8_cleanse_all_removes_harmful_and_beneficial_statuses() -> None:
    # Ilse's Break Art: Heal 5 and Cleanse All on an ally, then 3 damage to an enemy.
    sc = Scenario()
    sc.track("ilse corvin wren |").set("ilse", charge=3)
    sc.set("corvin", hp=4, status=["burn", "seal", "insight", "guard"]).run().decline_all()
    sc.play(Kind.BREAK_ART, "corvin")
    assert sc.statuses("corvin") == []
    assert sc.hp("corvin") == 9
    assert sc.hp("wren") == 9


# --- Heal (IB 5.2.9) -------------------------------------------------------------------


def test_ib_5_2_9_heal_restores_hp_up_to_the_maximum() -> None:
    # Wren's Break Art: 2 damage to all enemies, then Heal 2 on all allies.
    sc = Scenario()
    sc.track("wren brask odo pim |").set("wren", charge=3).set("brask", hp=10)
    sc.set("odo", hp=19).run().decline_all()
    sc.play(Kind.BREAK_ART)
    assert (sc.hp("wren"), sc.hp("brask"), sc.hp("odo")) == (12, 12, 20)
    assert sc.hp("pim") == 6


# --- status_stacking=stack: instances add up and trigger together (AMB-54) ---------------


def _stacked(statuses: dict[str, list[str]]) -> Scenario:
    sc = Scenario({"status_stacking": "stack"})
    sc.track("brask sela pim |")
    for key, items in statuses.items():
        sc.set(key, status=items)
    return sc.run()


def test_stack_insight_adds_one_per_instance() -> None:
    sc = _stacked({"brask": ["insight x2"]}).play(Kind.BASIC, "pim")
    assert sc.hp("pim") == 8 - 5
    assert sc.statuses("brask") == []


def test_stack_weaken_adds_two_per_instance() -> None:
    sc = _stacked({"pim": ["weaken x2"]}).play(Kind.BASIC, "pim")
    assert sc.hp("pim") == 8 - 7


def test_stack_guard_halves_once_per_instance() -> None:
    sc = Scenario({"status_stacking": "stack"})
    sc.track("marta sela pim |").set("marta", charge=3).set("sela", status=["guard x2"])
    sc.run().decline_all().play(Kind.BREAK_ART, "sela")  # 7 damage, halved twice
    assert sc.hp("sela") == 10 - 1
    assert sc.statuses("sela") == []


def test_stack_burn_deals_one_per_instance() -> None:
    sc = Scenario({"status_stacking": "stack"})
    sc.track("pim brask |").set("pim", status=["burn x3"]).run()
    assert sc.hp("pim") == 8 - 3
    assert sc.statuses("pim") == []
