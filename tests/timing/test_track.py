"""Rule tests for the Initiative Track (IB 3.1-3.7, AMB-01..AMB-31, AMB-39, R1-R9)."""

from __future__ import annotations

import pytest

from initiative.timing.track import InitiativeTrack, TrackError, ib_resolution_order
from initiative.timing.track_rules import TrackRules

LETTERS = "ABCDEFGHIJ"


def letter(u: int) -> str:
    return LETTERS[u]


def text(t: InitiativeTrack) -> str:
    return t.as_text(letter)


def make(spec: str, **flags: object) -> InitiativeTrack:
    """Build a track from text like "A B | C D" (no "|" = Time Collapse)."""
    rules = TrackRules(**flags)  # type: ignore[arg-type]
    tokens = spec.split()
    units = [LETTERS.index(tok) for tok in tokens if tok != "|"]
    rm = tokens.index("|") if "|" in tokens else None
    return InitiativeTrack(units, rules, rm=rm)


# --------------------------------------------------------------------------- worked examples


def test_ib_3_3_1_kaede_worked_example_amb_128() -> None:
    """IB 3.3.1 / AMB-128: Kaede, Speed 4, leftmost with the RM at the far right."""
    names = ["Kaede", "Ember", "Lyra", "Rowan", "Alaric"]
    t = InitiativeTrack(range(5))
    assert t.rm == 5
    crossed = t.speed_move(0, 4)
    assert crossed is False
    assert [names[u] for u in t.order] == ["Ember", "Lyra", "Rowan", "Alaric", "Kaede"]
    assert t.as_text(names.__getitem__) == "Ember > Lyra > Rowan > Alaric > Kaede |"
    assert t.leftmost() == 1  # Ember is the new Active Character (IB 3.1.2)


def test_ib_3_4_6_speed_3_then_deferred_move_up_1() -> None:
    """IB 3.4.6 worked example: right 3, then left 1."""
    t = make("A B C D E F |")
    assert t.movement_step(0, 3, [-1]) is False
    assert text(t) == "B > C > A > D > E > F |"


# --------------------------------------------------------------------------- setup / queries


def test_ib_2_9_5_rm_defaults_to_far_right() -> None:
    t = InitiativeTrack([3, 1, 2])
    assert t.rm == 3 and t.round == 1 and t.passed == 0
    assert t.in_round_units() == [3, 1, 2]
    assert len(t) == 3 and t.leftmost() == 3 and t.slot(2) == 2


def test_constructor_rejects_bad_tracks() -> None:
    with pytest.raises(TrackError, match="twice"):
        InitiativeTrack([1, 2, 1])
    with pytest.raises(TrackError, match="outside"):
        InitiativeTrack([1, 2], rm=3)
    with pytest.raises(TrackError, match="non-negative"):
        InitiativeTrack([1, -2])


def test_slot_of_missing_unit_is_track_error_naming_it() -> None:
    t = make("A B |")
    with pytest.raises(TrackError, match="unit 7"):
        t.slot(7)
    with pytest.raises(ValueError):
        t.move_up(7, 1)


def test_leftmost_of_empty_track() -> None:
    assert InitiativeTrack([]).leftmost() is None


def test_negative_amount_is_rejected() -> None:
    t = make("A B C |")
    with pytest.raises(TrackError, match="unit 1"):
        t.move_back(1, -1)
    with pytest.raises(TrackError):
        t.speed_move(0, -2)


def test_zero_amount_does_not_move() -> None:
    t = make("A B C |")
    assert t.speed_move(0, 0) is False
    assert t.move_up(2, 0) is False
    assert t.move_back(1, 0) is False
    assert text(t) == "A > B > C |"


def test_as_text_marks_rm_and_time_collapse() -> None:
    assert text(make("A B C | D")) == "A > B > C | D"
    assert text(make("| A B")) == "| A > B"
    assert text(make("A B C")) == "A > B > C"
    assert make("A B | C").as_text() == "0 > 1 | 2"


# --------------------------------------------------------------------------- Speed move


def test_ib_3_3_1_speed_move_within_round_keeps_rm() -> None:
    t = make("A B C D | E")
    assert t.speed_move(0, 2) is False
    assert text(t) == "B > C > A > D | E"
    assert t.rm == 4


def test_ib_3_3_1_speed_move_exactly_to_rm_stays_in_round() -> None:
    """m = rm - i - 1 in-round units ahead; X == m ends just left of the RM."""
    t = make("A B C | D")
    assert t.speed_move(0, 2) is False
    assert text(t) == "B > C > A | D"


def test_ib_3_5_5_speed_move_past_rm_goes_to_track_end_amb_02() -> None:
    t = make("A B C | D E")
    assert t.speed_move(0, 3) is True
    assert text(t) == "B > C | D > E > A"
    assert t.is_out_of_round(0)


def test_amb_02_after_rm_destination() -> None:
    t = make("A B C | D E", pass_rm_destination="after_rm")
    assert t.speed_move(0, 3) is True
    assert text(t) == "B > C | A > D > E"
    assert t.rm == 2


def test_ib_3_5_5_crossing_ignores_remaining_distance() -> None:
    t = make("A B | C", pass_rm_destination="after_rm")
    assert t.speed_move(0, 9) is True
    assert text(t) == "B | A > C"


def test_amb_01a_nothing_beyond_rm_stops_left_of_it() -> None:
    """AMB-01(a): with no unit beyond the RM the mover stops at the end, in round."""
    t = make("A B C |")
    assert t.speed_move(0, 7) is False
    assert text(t) == "B > C > A |"
    assert not t.is_out_of_round(0)
    # ... and the RM step then passes it (AMB-01 reason).
    assert t.rm_step() is False
    assert text(t) == "B > C | A"
    assert t.passed == 1 << 0


def test_amb_01b_rm_counts_as_space_crosses() -> None:
    """AMB-01(b): reaching the RM counts as passing it; the RM step passes someone else."""
    t = make("A B C |", rm_counts_as_space=True)
    assert t.speed_move(0, 3) is True
    assert text(t) == "B > C | A"
    assert t.rm_step() is False
    assert text(t) == "B | C > A"
    assert t.passed == 1 << 2


def test_amb_01b_move_of_exactly_m_does_not_cross() -> None:
    t = make("A B C |", rm_counts_as_space=True)
    assert t.speed_move(0, 2) is False
    assert text(t) == "B > C > A |"


def test_amb_01_both_readings_give_the_same_order() -> None:
    a = make("A B C D |")
    b = make("A B C D |", rm_counts_as_space=True)
    a.speed_move(0, 5)
    b.speed_move(0, 5)
    assert a.order == b.order
    assert a.rm == 4 and b.rm == 3


def test_ib_3_1_5_time_collapse_speed_move_clamps() -> None:
    t = make("A B C D")
    assert t.speed_move(0, 10) is False
    assert text(t) == "B > C > D > A"
    t.speed_move(1, 2)
    assert text(t) == "C > D > B > A"


def test_ib_3_1_5_speed_move_clamps_even_under_fizzle() -> None:
    t = make("A B C", move_limit_behavior="fizzle")
    assert t.speed_move(0, 5) is False
    assert text(t) == "B > C > A"
    t = make("A B C |", move_limit_behavior="fizzle")
    t.speed_move(0, 5)
    assert text(t) == "B > C > A |"


def test_speed_move_of_unit_already_beyond_rm_stays_beyond() -> None:
    """rm == 0 with the round not yet reset (round_end_check=rm_step_only): the leftmost
    unit is beyond the RM; its Speed move clamps at the end and crosses nothing."""
    t = make("| A B C")
    assert t.speed_move(0, 1) is False
    assert text(t) == "| B > A > C"
    t.speed_move(0, 5)
    assert text(t) == "| B > C > A"


# --------------------------------------------------------------------------- Move Back


def test_ib_3_4_1_move_back_in_round() -> None:
    t = make("A B C D | E")
    assert t.move_back(1, 2) is True
    assert text(t) == "A > C > D > B | E"


def test_ib_3_5_5_move_back_past_rm_goes_far_right() -> None:
    t = make("A B C | D E")
    assert t.move_back(1, 2) is True
    assert text(t) == "A > C | D > E > B"
    assert t.is_out_of_round(1)


def test_amb_02_move_back_past_rm_after_rm() -> None:
    t = make("A B C | D E", pass_rm_destination="after_rm")
    assert t.move_back(1, 2) is True
    assert text(t) == "A > C | B > D > E"


def test_r1_move_back_past_rm_wins_over_fizzle_even_when_too_long() -> None:
    """R1: a Move Back that would pass the RM goes to the far right even under fizzle."""
    t = make("A B C | D", move_limit_behavior="fizzle")
    assert t.move_back(1, 50) is True
    assert text(t) == "A > C | D > B"


def test_amb_04_move_back_clamp_stops_at_end() -> None:
    t = make("A B C D |")
    assert t.move_back(1, 5) is True
    assert text(t) == "A > C > D > B |"
    assert t.move_back(1, 1) is False  # already at the end
    assert text(t) == "A > C > D > B |"


def test_amb_04_move_back_fizzle_does_not_move() -> None:
    t = make("A B C D |", move_limit_behavior="fizzle")
    assert t.move_back(1, 3) is False
    assert text(t) == "A > B > C > D |"
    assert t.move_back(1, 2) is True  # exactly to the end is allowed
    assert text(t) == "A > C > D > B |"


def test_amb_01b_move_back_crosses_when_rm_is_a_space_r1() -> None:
    t = make("A B C |", rm_counts_as_space=True, move_limit_behavior="fizzle")
    assert t.move_back(1, 2) is True
    assert text(t) == "A > C | B"


def test_amb_04_move_back_in_time_collapse() -> None:
    t = make("A B C D")
    assert t.move_back(1, 9) is True
    assert text(t) == "A > C > D > B"
    t = make("A B C D", move_limit_behavior="fizzle")
    assert t.move_back(1, 3) is False
    assert t.move_back(1, 2) is True
    assert text(t) == "A > C > D > B"


def test_ib_3_4_5_positional_oor_units_cannot_move_back_or_up() -> None:
    t = make("A B | C D")
    assert t.is_out_of_round(2) and t.is_out_of_round(3)
    assert t.move_back(2, 1) is False
    assert t.move_up(3, 1) is False
    assert text(t) == "A > B | C > D"


# --------------------------------------------------------------------------- Move Up


def test_ib_3_4_1_move_up_in_round() -> None:
    t = make("A B C D | E")
    assert t.move_up(3, 2) is True
    assert text(t) == "A > D > B > C | E"


def test_ib_3_4_3_move_up_clamps_at_slot_1_amb_04() -> None:
    t = make("A B C D |")
    assert t.move_up(3, 9) is True
    assert text(t) == "A > D > B > C |"
    assert t.move_up(3, 1) is False  # slot 1 cannot go further
    assert t.order[0] == 0


def test_ib_3_4_3_move_up_fizzle() -> None:
    t = make("A B C D |", move_limit_behavior="fizzle")
    assert t.move_up(3, 3) is False
    assert text(t) == "A > B > C > D |"
    assert t.move_up(3, 2) is True
    assert text(t) == "A > D > B > C |"


def test_ib_3_1_2_move_up_stops_behind_the_active_character_during_a_break() -> None:
    """Canonical rule 2: a Break holds slot 0 and the Active Character slot 1."""
    t = make("A B C D |")
    assert t.move_up(3, 9, floor=2) is True
    assert text(t) == "A > B > D > C |"
    assert t.move_up(3, 1, floor=2) is False
    t = make("A B C D |", move_limit_behavior="fizzle")
    assert t.move_up(3, 2, floor=2) is False  # AMB-04: it would pass the Active Character
    with pytest.raises(TrackError, match="slot 0"):
        t.move_up(3, 1, floor=0)


def test_ib_3_4_3_leftmost_cannot_move_up() -> None:
    t = make("A B C |")
    assert t.move_up(0, 1) is False
    assert text(t) == "A > B > C |"


def test_ib_3_4_3_move_up_in_time_collapse() -> None:
    t = make("A B C D")
    assert t.move_up(3, 5) is True
    assert text(t) == "A > D > B > C"
    t = make("A B C D", move_limit_behavior="fizzle")
    assert t.move_up(3, 3) is False
    assert t.move_up(3, 1) is True
    assert text(t) == "A > B > D > C"


# --------------------------------------------------------------------------- OOR rule (AMB-03, R6)


def test_amb_03_positional_vs_passed_by_rm() -> None:
    """AMB-03: an overshooting unit is OOR by position but was never passed by the RM."""
    for rule, expect in (("positional", True), ("passed_by_rm", False)):
        t = make("A B C | D", out_of_round_rule=rule)
        t.speed_move(0, 3)
        assert text(t) == "B > C | D > A"
        assert t.is_out_of_round(0) is expect
        assert t.is_out_of_round(1) is False
        assert t.in_round_units() == [1, 2]


def test_amb_03_passed_units_are_oor_under_passed_by_rm() -> None:
    t = make("A B C |", out_of_round_rule="passed_by_rm")
    t.rm_step()
    assert t.is_out_of_round(2)
    assert not t.is_out_of_round(1)
    assert t.move_up(2, 1) is False
    assert t.move_back(2, 1) is False
    assert text(t) == "A > B | C"


def test_r6_unpassed_unit_beyond_rm_moves_up_and_rejoins_round() -> None:
    """R6: passes the units beyond the RM, then crosses by passing in-round units."""
    t = make("A B C | D E F", out_of_round_rule="passed_by_rm")
    assert t.move_up(5, 1) is True
    assert text(t) == "A > B > C | D > F > E"
    assert t.rm == 3
    assert t.move_up(5, 1) is True
    assert text(t) == "A > B > C | F > D > E"  # just right of the RM, still beyond it
    assert t.move_up(5, 1) is True
    assert text(t) == "A > B > F > C | D > E"  # passed C, so it crossed the RM
    assert t.rm == 4
    assert not t.is_out_of_round(5)


def test_r6_crossing_by_the_rm_space() -> None:
    t = make("A B C | D E", out_of_round_rule="passed_by_rm", rm_counts_as_space=True)
    assert t.move_up(4, 2) is True
    assert text(t) == "A > B > C > E | D"
    assert t.rm == 4


def test_r6_move_up_never_into_slot_0_clamp_and_fizzle() -> None:
    t = make("A B | C D", out_of_round_rule="passed_by_rm")
    assert t.move_up(3, 10) is True
    assert text(t) == "A > D > B | C"
    assert t.rm == 3
    t = make("A B | C D", out_of_round_rule="passed_by_rm", move_limit_behavior="fizzle")
    assert t.move_up(3, 3) is False  # would need slot 0
    assert text(t) == "A > B | C > D"
    assert t.move_up(3, 2) is True
    assert text(t) == "A > D > B | C"


def test_r6_cannot_cross_when_only_the_active_unit_is_in_round() -> None:
    """rm == 1: crossing would mean passing the slot-0 unit, which is forbidden."""
    t = make("A | B C", out_of_round_rule="passed_by_rm")
    assert t.move_up(2, 5) is True
    assert text(t) == "A | C > B"
    assert t.move_up(2, 1) is False
    # With the RM as a space the crossing costs one step and lands in slot 1.
    t = make("A | B C", out_of_round_rule="passed_by_rm", rm_counts_as_space=True)
    assert t.move_up(2, 5) is True
    assert text(t) == "A > C | B"


def test_r6_rm_at_far_left_never_into_slot_0() -> None:
    t = make("| A B C", out_of_round_rule="passed_by_rm", rm_counts_as_space=True)
    assert t.move_up(2, 5) is True
    assert text(t) == "| A > C > B"
    assert t.move_up(0, 1) is False


def test_r6_unpassed_unit_beyond_rm_moves_back_with_limits() -> None:
    t = make("A | B C D", out_of_round_rule="passed_by_rm")
    assert t.move_back(1, 1) is True
    assert text(t) == "A | C > B > D"
    assert t.move_back(1, 9) is True
    assert text(t) == "A | C > D > B"
    t = make("A | B C D", out_of_round_rule="passed_by_rm", move_limit_behavior="fizzle")
    assert t.move_back(1, 3) is False
    assert text(t) == "A | B > C > D"


# --------------------------------------------------------------------------- Movement Step


def test_amb_05_deferred_moves_ignored_after_crossing() -> None:
    t = make("A B | C D")
    assert t.movement_step(0, 2, [-2]) is True
    assert text(t) == "B | C > D > A"


def test_amb_05_apply_deferred_move_after_crossing_r6() -> None:
    """AMB-05 "apply": the pending Move Up acts on the now-beyond unit by R6."""
    t = make("A B C | D E", deferred_move_after_crossing_rm="apply")
    assert t.movement_step(0, 5, [-3]) is True
    assert text(t) == "B > A > C | D > E"
    assert t.rm == 3
    assert not t.is_out_of_round(0)


def test_amb_05_apply_deferred_move_back_beyond_rm() -> None:
    t = make("A B | C D", deferred_move_after_crossing_rm="apply", pass_rm_destination="after_rm")
    assert t.movement_step(0, 3, [1]) is True
    assert text(t) == "B | C > A > D"


def test_amb_06_several_deferred_moves_in_order_with_limits() -> None:
    t = make("A B C D E F |")
    t.movement_step(0, 1, [3, -9])
    # right 1: B A C D E F; back 3: B C D E A F; up 9 clamps at slot 1.
    assert text(t) == "B > A > C > D > E > F |"
    t = make("A B C D E F |")
    t.movement_step(0, 1, [-9, 3])
    # right 1: B A ...; up 9 cannot move (already slot 1); back 3: B C D E A F.
    assert text(t) == "B > C > D > E > A > F |"


def test_amb_06_deferred_move_back_crossing_rm_goes_to_end() -> None:
    t = make("A B C | D")
    assert t.movement_step(0, 1, [2, -1]) is False
    # right 1: B A C | D; back 2 passes the RM -> far right; then OOR: Move Up ignored.
    assert text(t) == "B > C | D > A"


def test_amb_06_deferred_moves_under_apply_may_move_an_oor_self() -> None:
    t = make("A B C | D", deferred_move_after_crossing_rm="apply")
    assert t.movement_step(0, 1, [2, -1]) is False
    assert text(t) == "B > C | A > D"


# --------------------------------------------------------------------------- RM and rounds


def test_ib_3_5_2_rm_step_and_ib_3_5_4_round_reset() -> None:
    t = make("A B C |")
    assert t.rm_step() is False
    assert t.rm == 2 and t.passed == 1 << 2
    assert t.rm_step() is False
    assert t.rm == 1 and t.passed == (1 << 2) | (1 << 1)
    assert t.is_out_of_round(1)
    assert t.rm_step() is True  # RM reaches the far left: round ends
    assert t.round == 2 and t.rm == 3 and t.passed == 0
    assert text(t) == "A > B > C |"


def test_amb_19_rm_already_leftmost_just_ends_round() -> None:
    t = make("| A B", out_of_round_rule="passed_by_rm")
    assert t.rm_step() is True
    assert t.round == 2 and t.rm == 2 and t.passed == 0


def test_amb_18_end_round_resets() -> None:
    t = make("A | B C")
    t.passed = 0b110
    t.end_round()
    assert (t.round, t.rm, t.passed) == (2, 3, 0)


def test_ib_3_6_2_no_rounds_in_time_collapse() -> None:
    t = make("A B C")
    assert t.rm_step() is False
    t.end_round()
    assert t.rm is None and t.round == 1


# --------------------------------------------------------------------------- defeats


def test_ib_3_5_6_remove_left_of_rm_shortens_round() -> None:
    t = make("A B C | D")
    t.remove(1)
    assert text(t) == "A > C | D" and t.rm == 2


def test_ib_3_5_6_remove_right_of_rm_keeps_rm() -> None:
    t = make("A B | C D", out_of_round_rule="passed_by_rm")
    t.rm_step()
    assert t.passed == 1 << 1
    t.remove(1)
    assert text(t) == "A | C > D" and t.rm == 1 and t.passed == 0
    with pytest.raises(TrackError):
        t.remove(1)


# --------------------------------------------------------------------------- Time Collapse


def test_ib_3_6_1_collapse_and_r5_restore() -> None:
    t = make("A B | C")
    t.passed = 1 << 2
    t.collapse()
    assert t.rm is None and t.passed == 0 and t.round == 1  # round freezes (AMB-27)
    assert not t.is_out_of_round(2)
    assert t.in_round_units() == [0, 1, 2]
    assert text(t) == "A > B > C"
    t.restore_rm()
    assert t.rm == 3 and t.round == 2
    with pytest.raises(TrackError):
        t.restore_rm()


def test_amb_26_sort_by_printed_initiative_in_time_collapse() -> None:
    t = make("A B C D")
    printed = {0: 5, 1: 2, 2: 9, 3: 1}
    t.sort_by(printed.__getitem__)
    assert text(t) == "D > B > A > C" and t.rm is None
    with pytest.raises(TrackError):
        make("A B |").sort_by(printed.__getitem__)


# --------------------------------------------------------------------------- Initiative Break


def test_ib_3_7_6_jump_from_beyond_rm_amb_39() -> None:
    t = make("A B | C D", out_of_round_rule="passed_by_rm")
    t.rm_step()
    assert t.passed == 1 << 1
    t.jump_far_left(3)
    assert text(t) == "D > A | B > C" and t.rm == 2
    t.jump_far_left(1)  # a passed unit: bit cleared, now left of the RM
    assert text(t) == "B > D > A | C" and t.rm == 3 and t.passed == 0


def test_ib_3_7_6_jump_from_in_round_keeps_rm() -> None:
    t = make("A B C | D")
    t.jump_far_left(2)
    assert text(t) == "C > A > B | D" and t.rm == 3


def test_amb_29_ib_end_track_end() -> None:
    t = make("A B C | D")
    t.jump_far_left(1)
    t.send_far_right(1, was_out_of_round=False)
    assert text(t) == "A > C | D > B"
    assert t.is_out_of_round(1)


def test_amb_29_ib_end_before_rm() -> None:
    t = make("A B C | D", ib_end_position="before_rm")
    t.jump_far_left(1)
    t.send_far_right(1, was_out_of_round=False)
    assert text(t) == "A > C > B | D"
    assert not t.is_out_of_round(1)


def test_r2_oor_breaker_returns_to_track_end_and_stays_oor() -> None:
    t = make("A B C |", ib_end_position="before_rm", out_of_round_rule="passed_by_rm")
    t.rm_step()
    t.rm_step()
    assert text(t) == "A | B > C"
    was_oor = t.is_out_of_round(1)
    assert was_oor
    t.jump_far_left(1)
    assert text(t) == "B > A | C" and not t.is_out_of_round(1)
    t.send_far_right(1, was_oor)
    assert text(t) == "A | C > B"
    assert t.is_out_of_round(1)


def test_ib_3_7_6_ib_in_time_collapse() -> None:
    t = make("A B C")
    t.jump_far_left(2)
    assert text(t) == "C > A > B"
    t.send_far_right(2, was_out_of_round=False)
    assert text(t) == "A > B > C" and t.rm is None


def test_amb_34_active_unit_ib_leaves_rm_at_far_left_then_round_ends() -> None:
    """AMB-34 + AMB-19: a self-IB by the last in-round unit, then the RM step."""
    t = make("A | B C")
    t.jump_far_left(0)
    t.send_far_right(0, was_out_of_round=False)
    assert text(t) == "| B > C > A" and t.rm == 0
    assert t.rm_step() is True
    assert t.rm == 3 and t.round == 2


# --------------------------------------------------------------------------- newcomers, clone


def test_amb_78_newcomer_joins_beyond_rm() -> None:
    t = make("A B | C")
    t.insert_at_end(5)
    assert t.order == [0, 1, 2, 5] and t.rm == 2 and t.is_out_of_round(5)
    with pytest.raises(TrackError, match="already"):
        t.insert_at_end(5)
    full = make("A B |")
    full.insert_at_end(4)
    assert text(full) == "A > B | E"


def test_clone_is_independent() -> None:
    t = make("A B C | D", out_of_round_rule="passed_by_rm")
    c = t.clone()
    c.speed_move(0, 5)
    c.rm_step()
    assert text(t) == "A > B > C | D" and t.passed == 0
    assert c.rules is t.rules and c.order is not t.order


# --------------------------------------------------------------------------- simultaneous IBs


def test_ib_3_7_9_highest_speed_value_first_amb_31() -> None:
    declared = [(1, 3, 0, 0), (2, 6, 4, 1), (3, 4, 2, 2)]
    assert ib_resolution_order(declared, TrackRules()) == [2, 3, 1]
    lowest = TrackRules(simultaneous_ib_order="lowest_speed_value")
    assert ib_resolution_order(declared, lowest) == [1, 3, 2]


def test_amb_31_speed_tie_goes_to_leftmost_then_r9_declaration_order() -> None:
    declared = [(1, 5, 3, 0), (2, 5, 1, 1), (3, 5, 1, 2), (4, 5, 1, 0)]
    # Slot 1 before slot 3; among slot-1 ties, declaration order 0, 1, 2.
    assert ib_resolution_order(declared, TrackRules()) == [4, 2, 3, 1]
