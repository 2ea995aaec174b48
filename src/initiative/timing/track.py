"""The Initiative Track with its Round Marker (IB 3.1-3.7), usable without a game.

The track is a plain list of unit ids (index 0 = leftmost = Active slot, IB 3.1) plus
``rm``, the number of units standing left of the Round Marker (IB 3.5). ``rm == len``
means the RM is at the far right; ``rm is None`` means Time Collapse (IB 3.6).
Rule ids (IB x.y, AMB-nn, Rn) refer to ../shared/IB-RULINGS.md; house-rule switches
come from :class:`TrackRules`. Unit ids must be small non-negative ints (bit set).

Hot path: every method works on the list in place; nothing is logged or formatted
except in :meth:`InitiativeTrack.as_text`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import Any, Final

from initiative.engine.bits import BIT
from initiative.timing.track_rules import TrackRules

__all__ = ["InitiativeTrack", "TrackError", "ib_resolution_order"]

_DEFAULT_RULES: Final = TrackRules()

# Result codes of the internal movers.
_STAY: Final = 0  # nothing moved
_MOVED: Final = 1  # moved, same side of the RM
_CROSSED: Final = 2  # moved across the RM


class TrackError(ValueError):
    """A track operation named a unit or position the track cannot accept."""


class _At(Enum):
    END = "end"


def _missing(unit: int) -> TrackError:
    return TrackError(f"unit {unit!r} is not on the initiative track")


def _negative(unit: int, amount: int) -> TrackError:
    return TrackError(f"unit {unit!r}: movement amount must be >= 0, got {amount}")


class InitiativeTrack:
    """Unit order on the Initiative Track plus the Round Marker (IB 3.1, IB 3.5)."""

    __slots__ = ("order", "passed", "rm", "round", "rules")

    order: list[int]
    rm: int | None
    round: int
    passed: int
    rules: TrackRules

    def __init__(
        self,
        order: Iterable[int] | None = None,
        rules: TrackRules = _DEFAULT_RULES,
        rm: int | _At | None = _At.END,
        round: int = 1,
        passed: int = 0,
    ) -> None:
        """Build a track; the RM defaults to the far right (IB 2.9 step 5, IB 3.5.1)."""
        # No order: a blank that clone() or unpickling fills in (compiled by mypyc,
        # `InitiativeTrack.__new__(InitiativeTrack)` runs __init__ with no arguments).
        if order is None:
            return
        units = list(order)
        seen: set[int] = set()
        for u in units:
            if not isinstance(u, int) or u < 0:
                raise TrackError(f"unit id {u!r} must be a non-negative int")
            if u in seen:
                raise TrackError(f"unit {u} appears twice on the initiative track")
            seen.add(u)
        if rm is _At.END:
            rm = len(units)
        elif rm is not None and not 0 <= rm <= len(units):
            raise TrackError(f"round marker position {rm} outside 0..{len(units)}")
        self.order = units
        self.rm = rm
        self.round = round
        self.passed = passed if rm is not None else 0
        self.rules = rules

    def clone(self) -> InitiativeTrack:
        """Independent copy: copies the list, shares the (frozen) rules."""
        t = InitiativeTrack.__new__(InitiativeTrack)
        t.order = self.order[:]
        t.rm = self.rm
        t.round = self.round
        t.passed = self.passed
        t.rules = self.rules
        return t

    def __len__(self) -> int:
        return len(self.order)

    def __repr__(self) -> str:
        return (
            f"InitiativeTrack(order={self.order!r}, rm={self.rm!r}, "
            f"round={self.round}, passed={self.passed:#x})"
        )

    # ------------------------------------------------------------------ queries

    def slot(self, unit: int) -> int:
        """Index of ``unit`` in the order (0 = Active slot, IB 3.1.2)."""
        try:
            return self.order.index(unit)
        except ValueError:
            raise _missing(unit) from None

    def leftmost(self) -> int | None:
        """The unit in slot 0, the next or current Active Character (IB 3.1.2)."""
        order = self.order
        return order[0] if order else None

    def is_out_of_round(self, unit: int) -> bool:
        """OOR test (IB 3.5.3, AMB-03): by position, or by the RM having passed it.

        Never true during Time Collapse (IB 3.6.2, no rounds).
        """
        rm = self.rm
        if rm is None:
            return False
        if self.rules.out_of_round_rule == "positional":
            return self.slot(unit) >= rm
        self.slot(unit)  # validates the id
        return (self.passed >> unit) & 1 == 1

    def in_round_units(self) -> list[int]:
        """Units left of the RM, in order; every unit during Time Collapse."""
        rm = self.rm
        return self.order[:] if rm is None else self.order[:rm]

    def _movable(self, unit: int, i: int, allow_beyond_rm: bool) -> bool:
        """IB 3.4.5: OOR units ignore Move Up/Back; R6 lets some beyond-RM units move."""
        rm = self.rm
        if rm is None or i < rm or allow_beyond_rm:
            return True
        if self.rules.out_of_round_rule == "positional":
            return False
        return not self.passed >> unit & 1  # AMB-03(b): beyond the RM but never passed

    # ------------------------------------------------------------------ movement

    def _right(self, unit: int, i: int, amount: int, fizzle: bool) -> int:
        """Move the unit at slot ``i`` right by ``amount`` (canonical algorithm, step 1)."""
        if amount <= 0:
            if amount < 0:
                raise _negative(unit, amount)
            return _STAY
        order = self.order
        rm = self.rm
        if rm is None or i >= rm:
            # Time Collapse (AMB-28), or a unit already beyond the RM (R6): plain move
            # toward the end; past the end clamps (IB 3.1.5) or fizzles (AMB-04).
            j = i + amount
            last = len(order) - 1
            if j > last:
                if fizzle:
                    return _STAY
                j = last
            if j == i:
                return _STAY
            del order[i]
            order.insert(j, unit)
            return _MOVED
        j = i + amount
        if j < rm:  # X <= m, the in-round units ahead of it (IB 3.3.1)
            del order[i]
            order.insert(j, unit)
            return _MOVED
        rules = self.rules
        if len(order) > rm or rules.rm_counts_as_space:
            # Passes the RM: placed at the far right instead (IB 3.5.5, AMB-01, AMB-02),
            # whatever the remaining distance and even under fizzle (R1).
            del order[i]
            rm -= 1
            self.rm = rm
            if rules.pass_rm_destination == "track_end":
                order.append(unit)
            else:
                order.insert(rm, unit)
            return _CROSSED
        # Nothing beyond the RM: stop at the end of the line, left of it (AMB-01(a),
        # IB 3.1.5); a Move Back under fizzle is lost instead (AMB-04).
        if fizzle:
            return _STAY
        j = rm - 1
        if j == i:
            return _STAY
        del order[i]
        order.insert(j, unit)
        return _MOVED

    def _left(self, unit: int, i: int, amount: int, floor: int = 1) -> int:
        """Move Up the unit at slot ``i`` to no slot left of ``floor`` (IB 3.4.1,
        IB 3.4.3, AMB-04, R6; ``floor`` 2 keeps the Active slot of a Break, rule 2)."""
        if amount <= 0:
            if amount < 0:
                raise _negative(unit, amount)
            return _STAY
        fizzle = self.rules.move_limit_behavior == "fizzle"
        order = self.order
        rm = self.rm
        if rm is None or i < rm:
            # Never into the Active slot (IB 3.4.3): clamp at the floor or fizzle (AMB-04).
            j = i - amount
            if j < floor:
                if fizzle:
                    return _STAY
                j = floor
            if j >= i:
                return _STAY
            del order[i]
            order.insert(j, unit)
            return _MOVED
        # R6: a movable unit beyond the RM first passes the units between it and the
        # RM, then crosses only by passing an in-round unit (or by spending the RM's
        # own space under rm_counts_as_space, AMB-01(b)); slot 0 stays forbidden.
        beyond = i - rm
        space = 1 if self.rules.rm_counts_as_space else 0
        # steps that end in slot >= floor (no crossing when the RM stands left of it)
        most = beyond + space + rm - floor if rm >= floor else i - floor
        if amount > most:
            if fizzle or most <= 0:
                return _STAY
            amount = most
        del order[i]
        if amount <= beyond:
            order.insert(i - amount, unit)
            return _MOVED
        order.insert(rm - (amount - beyond - space), unit)
        self.rm = rm + 1
        self.passed &= ~(1 << unit)
        return _CROSSED

    def speed_move(self, unit: int, speed: int) -> bool:
        """Movement Step move right by Speed (IB 3.1.3, IB 3.3.1, IB 3.5.5).

        Always clamps at the end (IB 3.1.5). Returns True if the unit crossed the RM.
        """
        try:  # `slot`, inline: once per activation
            i = self.order.index(unit)
        except ValueError:
            raise _missing(unit) from None
        return self._right(unit, i, speed, False) == _CROSSED

    def _move_back(self, unit: int, amount: int, allow_beyond_rm: bool) -> bool:
        i = self.slot(unit)
        if not self._movable(unit, i, allow_beyond_rm):
            return False
        fizzle = self.rules.move_limit_behavior == "fizzle"
        return self._right(unit, i, amount, fizzle) != _STAY

    def _move_up(self, unit: int, amount: int, allow_beyond_rm: bool, floor: int = 1) -> bool:
        i = self.slot(unit)
        if not self._movable(unit, i, allow_beyond_rm):
            return False
        return self._left(unit, i, amount, floor) != _STAY

    def move_back(self, unit: int, amount: int) -> bool:
        """Move Back ``amount`` on an inactive unit (IB 3.4.1, IB 3.4.4, IB 3.5.5, R1).

        OOR units do not move (IB 3.4.5, AMB-03, R6). Returns True if the unit moved.
        """
        return self._move_back(unit, amount, False)

    def move_up(self, unit: int, amount: int, floor: int = 1) -> bool:
        """Move Up ``amount`` on an inactive unit, never into slot 0 (IB 3.4.3, AMB-04).

        ``floor`` is the leftmost slot it may reach: 2 while an Initiative Break borrows
        slot 0 and the Active Character stands in slot 1 (IB 3.1.2, canonical rule 2).
        OOR units do not move (IB 3.4.5, AMB-03, R6). Returns True if the unit moved.
        """
        if floor < 1:
            raise TrackError(f"unit {unit!r}: a Move Up never reaches slot {floor} (IB 3.4.3)")
        return self._move_up(unit, amount, False, floor)

    def movement_step(self, unit: int, speed: int, deferred: Sequence[int]) -> bool:
        """Speed move, then the active unit's pending moves in order (IB 3.4.6, AMB-06).

        ``deferred`` holds signed amounts: negative = Move Up |x|, positive = Move Back x.
        If the Speed move crossed the RM they are dropped (AMB-05 "ignore"); under
        "apply" every pending move of this step may move the unit even beyond the RM
        (R6). Returns True if the Speed move crossed the RM.
        """
        crossed = self.speed_move(unit, speed)
        if not deferred:
            return crossed
        if crossed and self.rules.deferred_move_after_crossing_rm != "apply":
            return True
        for amount in deferred:
            self.deferred_move(unit, amount)
        return crossed

    def deferred_move(self, unit: int, amount: int) -> bool:
        """One pending move of the active unit after its Speed move (IB 3.4.6, AMB-06):
        Move Up (amount < 0) or Move Back (> 0) with the usual limits; under AMB-05
        "apply" even beyond the RM (R6). Returns True if the unit moved."""
        apply = self.rules.deferred_move_after_crossing_rm == "apply"
        if amount < 0:
            return self._move_up(unit, -amount, apply)
        return self._move_back(unit, amount, apply) if amount > 0 else False

    # ------------------------------------------------------------------ rounds

    def rm_step(self) -> bool:
        """RM one slot left after an activation (IB 3.5.2); True if the round ended.

        The unit stepped over is marked in ``passed`` (IB 3.5.3). Reaching the far left
        ends the round (IB 3.5.4); an RM already at the far left just ends it (AMB-19).
        No-op in Time Collapse (IB 3.6.2).
        """
        rm = self.rm
        if rm is None:
            return False
        if rm:
            rm -= 1
            self.rm = rm
            self.passed |= BIT[self.order[rm]]
            if rm:
                return False
        self.end_round()
        return True

    def end_round(self) -> None:
        """Round reset (IB 3.5.4, AMB-18): round + 1, RM at far right, nobody passed.

        No-op in Time Collapse, which has no rounds (IB 3.6.2).
        """
        if self.rm is None:
            return
        self.round += 1
        self.rm = len(self.order)
        self.passed = 0

    def remove(self, unit: int) -> None:
        """A defeated unit leaves the track (IB 3.5.6, AMB-20): the RM's journey shortens
        only if it stood left of the RM."""
        i = self.slot(unit)
        del self.order[i]
        rm = self.rm
        if rm is not None and i < rm:
            self.rm = rm - 1
        self.passed &= ~(1 << unit)

    def collapse(self) -> None:
        """Time Collapse (IB 3.6.1): the RM is removed; the round counter freezes (AMB-27)."""
        self.rm = None
        self.passed = 0

    def restore_rm(self) -> None:
        """R5 (``time_collapse_reversible``): RM back at the far right, new round."""
        if self.rm is not None:
            raise TrackError("restore_rm: the round marker is already on the track")
        self.rm = len(self.order)
        self.round += 1
        self.passed = 0

    # ------------------------------------------------------------------ Initiative Break

    def jump_far_left(self, unit: int) -> None:
        """IB start: the unit jumps to slot 0, ignoring Speed and RM (IB 3.7.6, AMB-39).

        A unit from beyond the RM is now left of it (``rm += 1``).
        """
        i = self.slot(unit)
        order = self.order
        del order[i]
        order.insert(0, unit)
        rm = self.rm
        if rm is not None and i >= rm:
            self.rm = rm + 1
        self.passed &= ~(1 << unit)

    def send_far_right(self, unit: int, was_out_of_round: bool) -> None:
        """IB end: the unit leaves to the far right (IB 3.7.6, AMB-29, R2).

        "track_end": absolute end, beyond the RM. "before_rm": just left of the RM,
        except a unit that was OOR when it broke, which goes to the end (R2) and keeps
        its round status (its ``passed`` bit is set again). Time Collapse: the end.
        """
        i = self.slot(unit)
        order = self.order
        del order[i]
        rm = self.rm
        if rm is None:
            order.append(unit)
            return
        if i < rm:
            rm -= 1
        if was_out_of_round:
            order.append(unit)
            self.passed |= 1 << unit
        elif self.rules.ib_end_position == "track_end":
            order.append(unit)
        else:
            order.insert(rm, unit)
            rm += 1
        self.rm = rm

    # ------------------------------------------------------------------ other changes

    def insert_at_end(self, unit: int) -> None:
        """A newcomer joins at the track end, beyond the RM (AMB-78 default)."""
        if unit < 0:
            raise TrackError(f"unit id {unit!r} must be a non-negative int")
        if unit in self.order:
            raise TrackError(f"unit {unit} is already on the initiative track")
        self.order.append(unit)
        if self.rm is not None:
            self.passed |= 1 << unit  # beyond the RM: out of round (AMB-03)

    def insert(self, unit: int, slot: int) -> None:
        """A newcomer joins in round at `slot` (at most the RM's slot: left of the RM;
        during Time Collapse anywhere)."""
        if unit < 0 or unit in self.order:
            raise TrackError(f"unit {unit!r} cannot join the initiative track")
        limit = len(self.order) if self.rm is None else self.rm
        if not 0 <= slot <= limit:
            raise TrackError(f"slot {slot} is not left of the round marker (slot {limit})")
        self.order.insert(slot, unit)
        if self.rm is not None:
            self.rm += 1

    def sort_by(self, key: Callable[[int], Any]) -> None:
        """Re-sort the whole order (AMB-26 ``printed_initiative``); Time Collapse only."""
        if self.rm is not None:
            raise TrackError("sort_by needs Time Collapse (no round marker on the track)")
        self.order.sort(key=key)

    def as_text(self, name: Callable[[int], str] = str) -> str:
        """Human text such as ``"A > B > C | D"``; ``|`` marks the RM."""
        names = [name(u) for u in self.order]
        rm = self.rm
        if rm is None:
            return " > ".join(names)
        left = " > ".join(names[:rm])
        right = " > ".join(names[rm:])
        return " ".join(part for part in (left, "|", right) if part)


def ib_resolution_order(
    declared: Sequence[tuple[int, int, int, int]], rules: TrackRules
) -> list[int]:
    """Order for Initiative Breaks declared simultaneously (IB 3.7.9, AMB-31, R9).

    ``declared`` holds ``(unit, speed, track_slot, declaration_seq)``. Highest Speed
    value first (or lowest under ``lowest_speed_value``), then leftmost slot, then
    declaration order.
    """
    sign = -1 if rules.simultaneous_ib_order == "highest_speed_value" else 1
    ranked = sorted(declared, key=lambda d: (sign * d[1], d[2], d[3]))
    return [d[0] for d in ranked]
