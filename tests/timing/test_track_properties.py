"""Property tests for the Initiative Track (IB 3.1-3.7, AMB-01..AMB-06, R1, R6).

Random operation sequences under random house rules. Every Move Up / Move Back / Speed
move is checked against a slow reference that walks the unit one space at a time over a
token list holding the RM as a token; invariants are checked after every operation.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from initiative.timing.track import InitiativeTrack
from initiative.timing.track_rules import TrackRules

# Follow a heavier hypothesis profile if one is loaded (soak), never fewer than 200.
EXAMPLES = max(200, settings().max_examples)
PROPS = settings(max_examples=EXAMPLES, deadline=None)

RM = -1  # the Round Marker as a token in the reference model

rules_st = st.builds(
    TrackRules,
    rm_counts_as_space=st.booleans(),
    pass_rm_destination=st.sampled_from(["track_end", "after_rm"]),
    out_of_round_rule=st.sampled_from(["positional", "passed_by_rm"]),
    move_limit_behavior=st.sampled_from(["clamp", "fizzle"]),
    deferred_move_after_crossing_rm=st.sampled_from(["ignore", "apply"]),
    ib_end_position=st.sampled_from(["track_end", "before_rm"]),
)

OPS = (
    "speed",
    "back",
    "up",
    "step",
    "rm_step",
    "end_round",
    "remove",
    "collapse",
    "restore",
    "ib",
    "newcomer",
)
op_st = st.tuples(
    st.sampled_from(OPS),
    st.integers(0, 30),
    st.integers(0, 12),
    st.lists(st.integers(-6, 6), max_size=3),
)


@st.composite
def tracks(draw: st.DrawFn) -> InitiativeTrack:
    rules = draw(rules_st)
    n = draw(st.integers(0, 8))
    units = draw(st.permutations(list(range(n))))
    rm = draw(st.one_of(st.none(), st.integers(0, n)))
    passed = 0
    if rm is not None:
        for u in units[rm:]:  # only units beyond the RM can have been passed
            if draw(st.booleans()):
                passed |= 1 << u
    return InitiativeTrack(units, rules, rm=rm, passed=passed)


# --------------------------------------------------------------------------- reference model


def tokens_of(t: InitiativeTrack) -> list[int]:
    toks = list(t.order)
    if t.rm is not None:
        toks.insert(t.rm, RM)
    return toks


def state_of(toks: list[int]) -> tuple[list[int], int | None]:
    rm = toks.index(RM) if RM in toks else None
    return [x for x in toks if x != RM], rm


def ref_movable(t: InitiativeTrack, unit: int, allow_beyond: bool) -> bool:
    if t.rm is None or t.order.index(unit) < t.rm or allow_beyond:
        return True
    if t.rules.out_of_round_rule == "positional":
        return False
    return not (t.passed >> unit) & 1


def ref_right(t: InitiativeTrack, unit: int, x: int, fizzle: bool) -> tuple[list[int], int]:
    """Walk right one space at a time; 0 = stay, 1 = moved, 2 = crossed the RM."""
    toks = tokens_of(t)
    start = toks[:]
    p = toks.index(unit)
    for _ in range(x):
        if p + 1 >= len(toks):
            break
        if toks[p + 1] == RM:
            if len(toks) > p + 2 or t.rules.rm_counts_as_space:
                toks.pop(p)  # passing the RM: far right instead (IB 3.5.5, R1)
                if t.rules.pass_rm_destination == "track_end":
                    toks.append(unit)
                else:
                    toks.insert(p + 1, unit)
                return toks, 2
            break
        toks[p], toks[p + 1] = toks[p + 1], unit
        p += 1
    else:
        return toks, int(toks != start)
    if fizzle:
        return start, 0
    return toks, int(toks != start)


def ref_left(t: InitiativeTrack, unit: int, x: int, fizzle: bool) -> tuple[list[int], int]:
    """Walk left one space at a time, never reaching slot 0 (IB 3.4.3, R6)."""
    toks = tokens_of(t)
    start = toks[:]
    p = toks.index(unit)
    crossed = False

    def slot(q: int) -> int:
        return sum(1 for tok in toks[:q] if tok != RM)

    for _ in range(x):
        if p == 0:
            break
        if toks[p - 1] == RM:
            if t.rules.rm_counts_as_space:
                if slot(p) < 1:
                    break
                toks[p - 1], toks[p] = unit, RM
                p -= 1
            else:
                if p < 2 or slot(p) - 1 < 1:
                    break
                toks.pop(p)
                toks.insert(p - 2, unit)
                p -= 2
            crossed = True
        else:
            if slot(p) - 1 < 1:
                break
            toks[p - 1], toks[p] = unit, toks[p - 1]
            p -= 1
    else:
        return toks, (2 if crossed else int(toks != start))
    if fizzle:
        return start, 0
    return toks, (2 if crossed else int(toks != start))


def check_against(t: InitiativeTrack, toks: list[int]) -> None:
    order, rm = state_of(toks)
    assert t.order == order, (t, toks)
    assert t.rm == rm, (t, toks)


# --------------------------------------------------------------------------- invariants


def check_invariants(t: InitiativeTrack, units: set[int]) -> None:
    assert sorted(t.order) == sorted(units)
    assert len(set(t.order)) == len(t.order)
    if t.rm is None:
        assert t.passed == 0
    else:
        assert 0 <= t.rm <= len(t.order)
        beyond = 0
        for u in t.order[t.rm :]:
            beyond |= 1 << u
        assert t.passed & ~beyond == 0, "a passed unit stands left of the RM"


def oor_units(t: InitiativeTrack) -> list[int]:
    return [u for u in t.order if t.is_out_of_round(u)]


def snapshot(t: InitiativeTrack) -> tuple[object, ...]:
    return (list(t.order), t.rm, t.round, t.passed, t.rules)


def apply_op(
    t: InitiativeTrack,
    units: set[int],
    op: tuple[str, int, int, Sequence[int]],
    fresh: list[int],
) -> None:
    kind, pick, amount, deferred = op
    fizzle = t.rules.move_limit_behavior == "fizzle"
    unit = t.order[pick % len(t.order)] if t.order else None
    round_before = t.round
    if kind in ("speed", "back", "up", "step") and unit is not None:
        first = t.order[0]
        oor_before = oor_units(t)
        if kind == "speed":
            toks, code = ref_right(t, unit, amount, False)
            assert t.speed_move(unit, amount) is (code == 2)
            check_against(t, toks)
        elif kind == "back":
            movable = ref_movable(t, unit, False)
            toks, code = ref_right(t, unit, amount, fizzle) if movable else (tokens_of(t), 0)
            assert t.move_back(unit, amount) is (code != 0)
            check_against(t, toks)
        elif kind == "up":
            movable = ref_movable(t, unit, False)
            toks, code = ref_left(t, unit, amount, fizzle) if movable else (tokens_of(t), 0)
            assert t.move_up(unit, amount) is (code != 0)
            check_against(t, toks)
            assert t.order[0] == first, "Move Up displaced the leftmost unit (IB 3.4.3)"
        else:
            ref = t.clone()
            toks, code = ref_right(ref, unit, amount, False)
            ref.order, ref.rm = state_of(toks)
            apply = t.rules.deferred_move_after_crossing_rm == "apply"
            if code != 2 or apply:
                for d in deferred:
                    if d == 0 or not ref_movable(ref, unit, apply):
                        continue
                    if d < 0:
                        toks, c = ref_left(ref, unit, -d, fizzle)
                    else:
                        toks, c = ref_right(ref, unit, d, fizzle)
                    ref.order, ref.rm = state_of(toks)
                    if c == 2 and d < 0:
                        ref.passed &= ~(1 << unit)
            assert t.movement_step(unit, amount, deferred) is (code == 2)
            check_against(t, tokens_of(ref))
        if kind in ("back", "up"):
            # OOR units keep their relative order and stay OOR (IB 3.4.5).
            assert [u for u in t.order if u in oor_before] == oor_before
            assert all(t.is_out_of_round(u) for u in oor_before)
    elif kind == "rm_step":
        rm = t.rm
        ended = t.rm_step()
        if rm is None:
            assert not ended and t.rm is None
        elif rm <= 1:
            assert ended and t.rm == len(t.order) and t.passed == 0
            assert t.round == round_before + 1
        else:
            assert not ended and t.rm == rm - 1
            assert t.passed >> t.order[rm - 1] & 1
    elif kind == "end_round":
        t.end_round()
        if t.rm is not None:
            assert (t.rm, t.passed, t.round) == (len(t.order), 0, round_before + 1)
    elif kind == "remove" and unit is not None:
        t.remove(unit)
        units.discard(unit)
    elif kind == "collapse":
        t.collapse()
        assert t.rm is None
    elif kind == "restore" and t.rm is None:
        t.restore_rm()
        assert t.rm == len(t.order) and t.round == round_before + 1
    elif kind == "ib" and unit is not None:
        was_oor = t.is_out_of_round(unit)
        in_round_before = [u for u in t.in_round_units() if u != unit]
        t.jump_far_left(unit)
        assert t.order[0] == unit and not t.is_out_of_round(unit)
        t.send_far_right(unit, was_oor)
        if t.rm is None or was_oor or t.rules.ib_end_position == "track_end":
            assert t.order[-1] == unit
        else:
            assert t.order[t.rm - 1] == unit
            assert t.in_round_units() == [*in_round_before, unit]
    elif kind == "newcomer" and fresh:
        new = fresh.pop()
        t.insert_at_end(new)
        units.add(new)
        assert t.order[-1] == new
    assert t.round >= round_before


@PROPS
@given(tracks(), st.lists(op_st, max_size=30))
def test_random_operations_keep_track_invariants(
    t: InitiativeTrack, ops: list[tuple[str, int, int, list[int]]]
) -> None:
    """Invariants: permutation, 0 <= rm <= len, passed units beyond the RM; every move
    matches the one-space-at-a-time reference (IB 3.3-3.5, AMB-01..AMB-06, R1, R6)."""
    units = set(t.order)
    fresh = [u for u in range(20, 10, -1)]
    check_invariants(t, units)
    for op in ops:
        apply_op(t, units, op, fresh)
        check_invariants(t, units)


@PROPS
@given(tracks(), st.lists(op_st, min_size=1, max_size=10))
def test_clone_is_independent(
    t: InitiativeTrack, ops: list[tuple[str, int, int, list[int]]]
) -> None:
    """clone(): operations on the copy never touch the original, and vice versa."""
    before = snapshot(t)
    c = t.clone()
    units = set(c.order)
    fresh = [30, 31]
    for op in ops:
        apply_op(c, units, op, fresh)
    assert snapshot(t) == before
    after = snapshot(c)
    t.collapse()
    t.order.reverse()
    assert snapshot(c) == after


@PROPS
@given(tracks(), st.integers(0, 12), st.integers(0, 30))
def test_move_up_never_takes_or_moves_slot_0(t: InitiativeTrack, pick: int, amount: int) -> None:
    """IB 3.4.3: Move Up never enters the Active slot and never moves its occupant."""
    if not t.order:
        return
    first = t.order[0]
    unit = t.order[pick % len(t)]
    moved = t.move_up(unit, amount)
    assert t.order[0] == first
    if unit == first:
        assert not moved


@PROPS
@given(tracks(), st.integers(0, 12), st.integers(0, 30))
def test_move_up_with_floor_2_keeps_slots_0_and_1(t: InitiativeTrack, pick: int,
                                                  amount: int) -> None:
    """Canonical rule 2 (IB 3.1.2, IB 3.4.3): while a Break borrows slot 0, a Move Up
    stops behind slot 1 too, so the Active Character keeps its place."""
    if len(t) < 2:
        return
    front = t.order[:2]
    unit = t.order[pick % len(t)]
    moved = t.move_up(unit, amount, floor=2)
    assert t.order[:2] == front
    if unit in front:
        assert not moved
