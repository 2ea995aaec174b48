"""House-rule flags of Initiative Breaks (AMB-29..AMB-34) and of actions whose target
left the track (new flag `orphaned_action`)."""

from __future__ import annotations

from scenario import Scenario

from initiative.games.ib import events
from initiative.games.ib.actions import BREAKS, TARGETS, Kind

# --- AMB-29 ib_end_position ------------------------------------------------------------


def _break_between_activations(end: str, track: str) -> Scenario:
    sc = Scenario({"ib_end_position": end})
    sc.track(track).set("brask", charge=3).run()
    sc.declare("brask").run()
    return sc.target("ilse").decline_all()


def test_amb29_default_an_ib_unit_returns_to_the_track_end_out_of_round() -> None:
    sc = _break_between_activations("track_end", "pim ilse brask wren |")
    assert sc.text() == "pim ilse wren | brask"
    assert sc.oor("brask")


def test_amb29_before_rm_an_in_round_ib_unit_stays_in_the_round() -> None:
    sc = _break_between_activations("before_rm", "pim ilse brask wren |")
    assert sc.text() == "pim ilse wren brask |"
    assert not sc.oor("brask")


def test_amb29_before_rm_an_out_of_round_ib_unit_still_returns_to_the_end_r2() -> None:
    sc = _break_between_activations("before_rm", "pim ilse | brask wren")
    assert sc.text() == "pim ilse | wren brask"
    assert sc.oor("brask")


# --- AMB-30 ib_allowed_out_of_round -----------------------------------------------------


def _out_of_round_unit_with_full_charge(allowed: bool) -> Scenario:
    sc = Scenario({"ib_allowed_out_of_round": allowed})
    return sc.track("pim ilse | brask wren").set("brask", charge=3).run()


def test_amb30_default_an_out_of_round_unit_may_break() -> None:
    sc = _out_of_round_unit_with_full_charge(True)
    assert sc.window() == "between"
    assert BREAKS[sc.u("brask")] in sc.legal()


def test_amb30_false_no_window_opens_for_an_out_of_round_unit() -> None:
    sc = _out_of_round_unit_with_full_charge(False)
    assert sc.window() is None
    assert sc.acting() == "pim"
    sc.play(Kind.PASS)  # still no window when Ilse's turn comes
    assert sc.acting() == "ilse"
    assert sc.charge("brask") == 3


# --- AMB-31 simultaneous_ib_order ---------------------------------------------------------


def _two_breaks_in_one_window(order: str) -> Scenario:
    # Sela (Speed 3) and Marta (Speed 7) break in the same window, unseen by each other.
    sc = Scenario({"simultaneous_ib_order": order})
    sc.track("pim wren sela marta |").set("sela", charge=3, hp=5).set("marta", charge=3)
    sc.run()
    sc.declare("sela").mark().declare("marta").run()
    return sc


def test_amb31_default_the_highest_speed_value_resolves_first() -> None:
    sc = _two_breaks_in_one_window("highest_speed_value")
    sc.target("sela").decline_all()  # Marta first: 7 damage defeats Sela
    assert [e[1] for e in sc.since(events.IB_JUMP)] == [sc.u("marta")]
    assert sc.since(events.IB_CANCEL) == [(events.IB_CANCEL, sc.u("sela"))]
    assert sc.hp("marta") == 18


def test_amb31_lowest_speed_value_the_fastest_unit_resolves_first() -> None:
    sc = _two_breaks_in_one_window("lowest_speed_value")
    sc.target("marta").target("sela").decline_all()
    assert [e[1] for e in sc.since(events.IB_JUMP)] == [sc.u("sela"), sc.u("marta")]
    assert sc.since(events.IB_CANCEL) == []
    assert sc.hp("marta") == 14
    assert not sc.on_track("sela")


# --- AMB-32 ib_response_window ------------------------------------------------------------


def _response_to_a_declared_attack(window: str) -> Scenario:
    sc = Scenario({"ib_response_window": window})
    sc.track("brask pim sela marta wren |").set("brask", hp=5).set("marta", charge=3).run()
    sc.decline_all()
    sc.play(Kind.BASIC, "pim", decline=False)
    return sc


def test_amb32_default_any_an_ib_can_answer_a_declared_attack_before_it_resolves() -> None:
    sc = _response_to_a_declared_attack("any")
    assert sc.window() == "after_declare"
    sc.declare("marta").run()
    sc.target("brask").decline_all()  # Marta's Break Art defeats Brask first
    assert not sc.on_track("brask")
    assert sc.hp("pim") == 8  # the Basic Attack never resolved


def test_amb32_between_steps_only_the_attack_resolves_before_any_ib() -> None:
    sc = _response_to_a_declared_attack("between_steps_only")
    assert sc.hp("pim") == 5
    assert sc.window() == "after_resolve"


# --- AMB-33 ib_charge_paid_at -------------------------------------------------------------


def _two_breaks_and_a_charge_gift(paid_at: str) -> Scenario:
    # Courier declares; in the reopened window Dara declares and resolves first
    # (last declared first); Dara's Break Art gives every ally 1 Charge.
    sc = Scenario({"ib_charge_paid_at": paid_at}, "fixture_tempest", "fixture_harrow")
    sc.track("ilse dara sela_courier marta |")
    sc.set("dara", charge=3).set("sela_courier", charge=3).run()
    sc.declare("sela_courier").run()
    assert sc.window() == "between"
    assert BREAKS[sc.u("sela_courier")] not in sc.legal()
    sc.declare("dara").run()
    sc.target("marta").decline_all()  # the Courier's Break Art: 5 damage
    assert sc.hp("marta") == 18 - 2 - 5
    return sc


def test_amb33_default_charge_is_paid_when_the_ib_is_declared() -> None:
    sc = _two_breaks_and_a_charge_gift("declaration")
    # 0 after paying at declaration, +1 from Dara, and nothing is paid at resolution.
    assert sc.charge("sela_courier") == 1


def test_amb33_resolution_charge_is_paid_when_the_ib_resolves() -> None:
    sc = _two_breaks_and_a_charge_gift("resolution")
    # Still 3 (the gift is lost to the cap) until the Break resolves and pays it all.
    assert sc.charge("sela_courier") == 0


# --- AMB-34 active_unit_ib ----------------------------------------------------------------


def _active_unit_at_full_charge(rule: str) -> Scenario:
    sc = Scenario({"active_unit_ib": rule})
    sc.track("brask pim sela marta |").set("brask", charge=3).run()
    sc.decline_all()
    sc.play(Kind.BASIC, "pim", decline=False)
    return sc


def test_amb34_default_the_active_unit_may_break_which_ends_its_activation() -> None:
    sc = _active_unit_at_full_charge("ends_activation")
    assert sc.window() == "after_declare"
    sc.declare("brask").run()
    sc.mark().target("pim").decline_all()  # Break Art: 6 damage and Stun
    assert sc.hp("pim") == 2  # the Basic Attack was abandoned
    # No Movement Step; the RM still stepped after the ended activation, giving
    # "pim sela | marta brask"; then Pim's Stunned turn ended the round.
    assert sc.since(events.MOVEMENT) == [(events.MOVEMENT, sc.u("pim"), 3, 1)]  # Speed 3
    assert sc.since(events.STUNNED) == [(events.STUNNED, sc.u("pim"))]
    assert sc.text() == "sela marta brask pim |"


def test_amb34_forbidden_the_active_unit_cannot_break_during_its_activation() -> None:
    sc = _active_unit_at_full_charge("forbidden")
    # No window after the declaration; the first one is between activations, where
    # Brask (no longer active) may break again.
    assert sc.window() == "between"
    assert sc.hp("pim") == 5
    sc.decline_all()
    assert sc.text() == "pim sela marta | brask"


# --- new: orphaned_action -----------------------------------------------------------------


def _target_defeated_before_resolution(rule: str) -> Scenario:
    sc = Scenario({"orphaned_action": rule})
    sc.track("brask pim sela marta ilse |").set("pim", hp=3).set("sela", charge=3).run()
    sc.decline_all()
    sc.play(Kind.BASIC, "pim", decline=False)
    sc.declare("sela").run()  # an ally answers and defeats Pim before the Basic Attack
    sc.mark().target("pim").decline_all()
    assert not sc.on_track("pim")
    return sc


def test_new_orphaned_action_default_fizzle_the_whole_action_is_lost() -> None:
    sc = _target_defeated_before_resolution("fizzle")
    assert sc.since(events.FIZZLE) == [(events.FIZZLE, sc.u("brask"), int(Kind.BASIC), -1)]
    assert sc.charge("brask") == 0  # a fizzled Basic Attack gains no Charge
    assert (sc.hp("marta"), sc.hp("ilse")) == (18, 11)


def test_new_orphaned_action_retarget_the_controller_picks_a_new_target() -> None:
    sc = _target_defeated_before_resolution("retarget")
    # Brask's Basic Attack waits for a new target among the enemies still on the track.
    assert sc.state.current_seat() == 0
    assert set(sc.legal()) == {TARGETS[sc.u("marta")], TARGETS[sc.u("ilse")]}
    sc.target("marta").decline_all()
    assert sc.hp("marta") == 15
    assert sc.charge("brask") == 1
    assert sc.since(events.FIZZLE) == []
