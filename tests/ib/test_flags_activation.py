"""House-rule flags of the activation sequence and its statuses (AMB-09, AMB-10, AMB-12,
AMB-13, AMB-15)."""

from __future__ import annotations

from scenario import Scenario

from initiative.games.ib import events
from initiative.games.ib.actions import BASIC, DISCARDS, Kind

# --- AMB-09 stunned_turn_skips -----------------------------------------------------


def _stunned_with_room_in_hand(skips: str) -> Scenario:
    sc = Scenario({"stunned_turn_skips": skips})
    sc.track("brask pim sela |").set("brask", status=["stun"]).hand(0, 4)
    return sc.mark().run()


def test_amb09_default_a_stunned_turn_skips_the_draw_too() -> None:
    sc = _stunned_with_room_in_hand("all_but_movement")
    assert len(sc.state.hands[0]) == 4
    assert sc.since(events.DRAW) == []
    assert sc.acting() == "pim"  # Brask never reached an Action step
    assert sc.text() == "pim sela | brask"  # but it made its Speed move
    assert sc.statuses("brask") == []


def test_amb09_action_only_a_stunned_unit_still_draws() -> None:
    sc = _stunned_with_room_in_hand("action_only")
    assert len(sc.state.hands[0]) == 5
    assert len(sc.since(events.DRAW)) == 1
    assert sc.acting() == "pim"
    assert sc.since(events.DECLARE, events.PASS) == []  # still no action
    assert sc.text() == "pim sela | brask"


# --- AMB-10 rm_step_after_stunned_turn -----------------------------------------------


def _stunned_turn(rm_step: bool) -> Scenario:
    sc = Scenario({"rm_step_after_stunned_turn": rm_step})
    sc.track("brask pim sela wren |").set("brask", status=["stun"])
    return sc.run()


def test_amb10_default_the_rm_steps_after_a_stunned_turn() -> None:
    sc = _stunned_turn(True)
    assert sc.text() == "pim sela wren | brask"


def test_amb10_false_a_stunned_turn_does_not_move_the_rm() -> None:
    sc = _stunned_turn(False)
    assert sc.text() == "pim sela wren brask |"


# --- AMB-12 seal_mute_survive_stun ---------------------------------------------------


def _stunned_and_sealed_then_next_turn(survive: bool) -> Scenario:
    sc = Scenario({"seal_mute_survive_stun": survive})
    sc.track("brask pim |").set("brask", status=["stun", "seal", "mute"]).run()
    assert sc.acting() == "pim"  # Brask's turn was skipped
    return sc


def test_amb12_default_seal_and_mute_expire_with_the_skipped_turn() -> None:
    sc = _stunned_and_sealed_then_next_turn(False)
    assert sc.statuses("brask") == []
    sc.pass_until("brask")
    assert BASIC in sc.legal()


def test_amb12_survive_seal_and_mute_bind_the_next_real_activation() -> None:
    sc = _stunned_and_sealed_then_next_turn(True)
    assert sc.statuses("brask") == ["seal", "mute"]
    sc.mark().pass_until("brask")
    assert BASIC not in sc.legal()
    assert [e[0] for e in sc.since(events.SEALED, events.MUTED)] == [
        events.SEALED, events.MUTED]


# --- AMB-13 rm_step_after_active_defeated ----------------------------------------------


def _burn_kills_the_active_unit(rm_step: bool) -> Scenario:
    sc = Scenario({"rm_step_after_active_defeated": rm_step})
    sc.track("pim brask marta sela wren |").set("pim", hp=1, status=["burn"])
    return sc.run()


def test_amb13_default_the_rm_still_steps_after_the_active_unit_dies() -> None:
    sc = _burn_kills_the_active_unit(True)
    assert not sc.on_track("pim")
    assert sc.text() == "brask marta sela | wren"


def test_amb13_false_no_rm_step_after_the_active_unit_dies() -> None:
    sc = _burn_kills_the_active_unit(False)
    assert not sc.on_track("pim")
    assert sc.text() == "brask marta sela wren |"


# --- AMB-15 free_discards_per_activation ------------------------------------------------


def test_amb15_default_one_free_discard_per_activation() -> None:
    sc = Scenario()
    sc.track("brask pim |").run()
    sc.apply(Kind.DISCARD, 0)
    assert len(sc.state.hands[0]) == 4
    assert not any(a in DISCARDS for a in sc.legal())
    assert sc.at_action("brask")


def test_amb15_unlimited_free_discards() -> None:
    sc = Scenario({"free_discards_per_activation": "unlimited"})
    sc.track("brask pim |").run()
    for _ in range(3):
        sc.apply(Kind.DISCARD, 0)
    assert len(sc.state.hands[0]) == 2
    assert len(sc.state.discards[0]) == 3
    assert DISCARDS[0] in sc.legal()
