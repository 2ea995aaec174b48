"""Register "Note" defaults the engine relies on (no flag): AMB-11, AMB-16, AMB-35,
AMB-37, AMB-39, AMB-55, and what costs a fizzled action keeps paid."""

from __future__ import annotations

from scenario import Scenario

from initiative.games.ib import events
from initiative.games.ib.actions import BREAKS, Kind


def test_amb11_a_stunned_units_move_is_its_movement_step_with_deferred_moves() -> None:
    # Sela's Break Art between activations gives Pim (next to act) a deferred Move
    # Back 3; Pim is Stunned, and its skipped turn's Speed move still applies it.
    sc = Scenario()
    sc.track("pim ilse corvin sela |").set("sela", charge=3).set("pim", status=["stun"])
    sc.run().declare("sela").run()
    sc.mark().target("pim").decline_all()
    assert sc.since(events.STUNNED) == [(events.STUNNED, sc.u("pim"))]
    assert sc.text() == "ilse | corvin sela pim"


def test_amb16_guard_gained_during_the_own_activation_is_live_at_once() -> None:
    # Odo's Advanced Attack guards himself; Marta breaks right after it resolves.
    sc = Scenario()
    sc.track("odo pim marta |").set("odo", charge=1).set("marta", charge=3).run()
    sc.decline_all()
    sc.play(Kind.ADVANCED, "pim", decline=False)
    assert sc.window() == "after_declare"
    sc.decline()
    assert sc.window() == "after_resolve"
    sc.declare("marta").decline_all()  # 7 damage to Odo, the only enemy
    assert sc.hp("odo") == 20 - 3
    assert sc.statuses("odo") == []


def test_amb35_amb39_a_break_takes_the_active_slot_then_the_activation_resumes() -> None:
    sc = Scenario()
    sc.track("brask pim sela marta |").set("marta", charge=3).run()
    sc.decline_all()
    sc.play(Kind.BASIC, "pim", decline=False)
    sc.declare("marta").run()
    assert sc.order()[0] == "marta"  # slot 0, although Brask's activation is running
    sc.target("sela").decline_all()
    assert sc.hp("sela") == 3
    assert sc.hp("pim") == 5  # Brask's Basic Attack resolved after the break
    assert sc.charge("brask") == 1
    # Marta left to the track end; Brask then crossed the RM; the RM stepped.
    assert sc.text() == "pim | sela marta brask"


def test_amb37_a_stunned_unit_may_still_declare_an_initiative_break() -> None:
    sc = Scenario()
    sc.track("pim brask marta |").set("marta", charge=3, status=["stun", "mute"]).run()
    assert sc.window() == "between"
    assert BREAKS[sc.u("marta")] in sc.legal()


def test_amb55_damage_reduced_to_zero_still_uses_up_guard() -> None:
    sc = Scenario()
    sc.track("pim brask |").set("brask", status=["guard"]).run()
    sc.mark().play(Kind.BASIC, "brask")  # 1 damage, halved to 0
    assert sc.hp("brask") == 16
    assert sc.since(events.DAMAGE) == [(events.DAMAGE, sc.u("pim"), sc.u("brask"), 0, 16,
                                        1, events.PART_GUARD, -1)]  # Guard was used
    assert sc.statuses("brask") == []


def test_new_orphaned_action_fizzle_keeps_the_charge_paid_for_an_advanced_attack() -> None:
    sc = Scenario()
    sc.track("brask pim sela marta ilse |").set("brask", charge=1)
    sc.set("pim", hp=3).set("sela", charge=3).run().decline_all()
    sc.play(Kind.ADVANCED, "pim", decline=False)
    assert sc.charge("brask") == 0  # paid on declaration
    sc.declare("sela").run()
    sc.mark().target("pim").decline_all()
    assert sc.since(events.FIZZLE) == [(events.FIZZLE, sc.u("brask"), int(Kind.ADVANCED), -1)]
    assert sc.charge("brask") == 0  # not refunded
