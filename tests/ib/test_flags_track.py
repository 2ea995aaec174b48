"""House-rule flags of the track and of movement, played through whole activations
(AMB-01, AMB-02, AMB-03, AMB-04, AMB-05, AMB-07). The bare track is covered in
tests/timing; here each reading is shown to change a real game."""

from __future__ import annotations

from scenario import PIM_SPEED_2, Scenario

from initiative.games.ib import events
from initiative.games.ib.actions import Kind

# --- AMB-01 rm_counts_as_space ----------------------------------------------------


def _overlong_speed_move(rm_counts_as_space: bool) -> Scenario:
    # Round start, nothing beyond the RM: Brask (Speed 5) has only 2 units ahead.
    sc = Scenario({"rm_counts_as_space": rm_counts_as_space})
    sc.track("brask pim sela |").run()
    return sc.play(Kind.PASS)


def test_amb01_default_rm_is_not_a_space_the_mover_stops_left_of_it() -> None:
    sc = _overlong_speed_move(False)
    # Brask stops at the end of the line; the RM step then passes Brask only.
    assert sc.text() == "pim sela | brask"
    assert not sc.oor("sela")


def test_amb01_rm_counts_as_space_the_mover_crosses_and_rm_passes_another() -> None:
    sc = _overlong_speed_move(True)
    # Brask goes beyond the RM by itself; the RM step then passes Sela as well.
    assert sc.text() == "pim | sela brask"
    assert sc.oor("sela")


# --- AMB-02 pass_rm_destination ---------------------------------------------------


def _crossing_with_units_beyond(destination: str) -> Scenario:
    sc = Scenario({"pass_rm_destination": destination})
    sc.track("brask pim | sela wren").run()
    return sc.play(Kind.PASS)  # Brask, Speed 5, passes the RM; the RM step ends the round


def test_amb02_default_a_unit_passing_the_rm_goes_to_the_track_end() -> None:
    sc = _crossing_with_units_beyond("track_end")
    assert sc.text() == "pim sela wren brask |"
    assert sc.state.track.round == 2


def test_amb02_after_rm_a_unit_passing_the_rm_lands_just_right_of_it() -> None:
    sc = _crossing_with_units_beyond("after_rm")
    assert sc.text() == "pim brask sela wren |"


# --- AMB-03 out_of_round_rule ------------------------------------------------------


def _move_back_a_unit_that_crossed_by_itself(rule: str) -> Scenario:
    # Odo went beyond the RM with its own Speed move, so the RM never passed it.
    sc = Scenario({"out_of_round_rule": rule}, content=PIM_SPEED_2)
    sc.track("pim wren brask | odo sela", crossed=["odo"])
    sc.set("pim", charge=1).run()
    return sc.play(Kind.ADVANCED, "odo")  # 1 damage and Move Back 2 on Odo


def test_amb03_default_positional_everything_beyond_the_rm_is_out_of_round() -> None:
    sc = _move_back_a_unit_that_crossed_by_itself("positional")
    assert sc.hp("odo") == 19
    assert sc.text() == "wren brask | pim odo sela"  # Odo could not be moved
    assert sc.oor("odo")


def test_amb03_passed_by_rm_a_unit_the_rm_never_passed_can_still_be_moved() -> None:
    sc = _move_back_a_unit_that_crossed_by_itself("passed_by_rm")
    assert sc.text() == "wren brask | pim sela odo"
    assert not sc.oor("odo")
    assert sc.oor("pim")  # Pim was passed by the RM step after its activation


# --- AMB-04 move_limit_behavior ------------------------------------------------------


def _move_up_into_the_active_slot(behavior: str) -> Scenario:
    # Sela the Storm Courier's Break Art ends with "self Move Up 2", deferred to her
    # Movement Step; after her Speed move only one unit stands to her left.
    sc = Scenario({"move_limit_behavior": behavior}, "fixture_tempest", "fixture_harrow")
    sc.track("sela_courier marta ilse |").set("sela_courier", charge=3).run()
    sc.decline_all()
    return sc.play(Kind.BREAK_ART, "marta")


def test_amb04_default_clamp_a_blocked_move_up_stops_at_slot_1() -> None:
    sc = _move_up_into_the_active_slot("clamp")
    assert sc.hp("marta") == 13
    assert sc.text() == "marta sela_courier | ilse"


def test_amb04_fizzle_a_blocked_move_up_does_not_happen() -> None:
    sc = _move_up_into_the_active_slot("fizzle")
    assert sc.text() == "marta ilse | sela_courier"


# --- AMB-05 deferred_move_after_crossing_rm ------------------------------------------


def _deferred_move_after_crossing(choice: str) -> Scenario:
    sc = Scenario({"deferred_move_after_crossing_rm": choice}, "fixture_tempest", "fixture_harrow")
    sc.track("sela_courier marta | ilse").set("sela_courier", charge=3).run()
    sc.decline_all()
    # Speed 8 carries her past the RM to the track end; then the pending Move Up 2.
    return sc.play(Kind.BREAK_ART, "marta")


def test_amb05_default_ignore_the_deferred_move_is_dropped_beyond_the_rm() -> None:
    sc = _deferred_move_after_crossing("ignore")
    assert sc.text() == "marta ilse sela_courier |"  # round 2 began
    assert sc.state.track.round == 2


def test_amb05_apply_the_deferred_move_still_moves_the_unit() -> None:
    sc = _deferred_move_after_crossing("apply")
    assert sc.text() == "marta sela_courier ilse |"
    assert sc.state.track.round == 2


# --- AMB-07 ib_unit_is_active ----------------------------------------------------------


def _courier_breaks_between_activations(ib_unit_is_active: bool) -> Scenario:
    sc = Scenario({"ib_unit_is_active": ib_unit_is_active}, "fixture_tempest", "fixture_harrow")
    sc.track("marta ilse sela_courier |").set("sela_courier", charge=3).run()
    assert sc.window() == "between"
    sc.declare("sela_courier").mark().run()
    sc.target("marta").decline_all()  # Break Art: 5 damage, then self Move Up 2
    return sc


def test_amb07_default_an_ib_unit_is_not_active_its_move_resolves_at_once() -> None:
    sc = _courier_breaks_between_activations(False)
    assert sc.hp("marta") == 13
    assert sc.state.pending[sc.u("sela_courier")] == ()
    assert sc.since(events.DEFER) == []
    assert sc.text() == "marta ilse | sela_courier"
    assert sc.acting() == "marta"


def test_amb07_ib_unit_is_active_its_move_waits_for_its_movement_step() -> None:
    sc = _courier_breaks_between_activations(True)
    assert sc.state.pending[sc.u("sela_courier")] == (-2,)
    assert sc.since(events.DEFER) == [(events.DEFER, sc.u("sela_courier"), -2)]
    assert sc.state.view(0).units[sc.u("sela_courier")].pending == (-2,)


# --- AMB-07 leftmost_between_activations_is_active -------------------------------------


def _move_back_the_next_unit_between_activations(leftmost_is_active: bool) -> Scenario:
    sc = Scenario({"leftmost_between_activations_is_active": leftmost_is_active})
    sc.track("pim ilse corvin sela |").set("sela", charge=3).run()
    assert sc.window() == "between"
    sc.declare("sela").run()
    sc.target("pim").decline_all()  # Break Art: 4 damage and Move Back 3 on Pim
    return sc


def test_amb07_default_leftmost_unit_between_activations_is_active_move_deferred() -> None:
    sc = _move_back_the_next_unit_between_activations(True)
    assert sc.hp("pim") == 4
    assert sc.state.pending[sc.u("pim")] == (3,)
    assert sc.acting() == "pim"  # Pim still acts next; the Move Back follows its Speed
    sc.play(Kind.PASS)
    # Speed 2, then Back 3 crosses the RM (Sela stands beyond it): track end.
    assert sc.text() == "ilse | corvin sela pim"


def test_amb07_leftmost_not_active_between_activations_move_resolves_at_once() -> None:
    sc = _move_back_the_next_unit_between_activations(False)
    assert sc.state.pending[sc.u("pim")] == ()
    assert sc.acting() == "ilse"  # Pim was pushed back before it could act
    assert sc.text() == "ilse corvin pim | sela"
