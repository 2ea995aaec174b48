"""Moves (HX-16..HX-21, HX-34): a move is taken step by step (STEP by facing), a
displaced unit is placed (DISPLACE by facing), then the mover's facing is chosen (FACE).
Only steps that can still be completed into a legal move are offered (reach.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.games.hex import damage, events, reach
from initiative.games.hex.actions import HexAction, Kind, act, by_arg
from initiative.games.hex.frames import NO_UNIT, FaceFrame, Frame, MoveFrame
from initiative.games.hex.geometry import FACINGS, neighbor

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

FACE_ACTIONS: Final = by_arg(Kind.FACE)
_STEP: Final = by_arg(Kind.STEP)
_DISPLACE: Final = by_arg(Kind.DISPLACE)
STOP: Final = act(Kind.STOP)
_STEPS: Final = tuple(tuple([_STEP[d] for d in range(FACINGS) if dirs >> d & 1])
                      for dirs in range(1 << FACINGS))
"""The STEPs of every bit set of facings, by facing."""


def begin(state: HexState, unit: int, card: int, section: int, steps: int,
          displace: bool) -> Frame | None:
    """The frame that runs a move of `steps` hexes (HX-16; a 0 only turns, HX-20), or
    None when no legal move of that length exists."""
    frame = first_frame(state, unit, card, section, steps, displace)
    if isinstance(frame, MoveFrame) and not reach.can_complete(state, frame):
        return None
    return frame


def first_frame(state: HexState, unit: int, card: int, section: int, steps: int,
                displace: bool) -> Frame:
    """The frame that runs a move of `steps` hexes, for a move known to exist (`begin`
    checks)."""
    if steps == 0:
        return FaceFrame(unit, unit, section, card)
    pos = state.hexes[unit]
    assert pos is not None
    return MoveFrame(unit, card, section, steps, 0, displace, 0, pos,
                     state.setup.grid.step_dirs[state.facing[unit]])


def legal(state: HexState, frame: MoveFrame) -> list[HexAction]:
    return list(_options(state, frame))


def _options(state: HexState, frame: MoveFrame) -> tuple[HexAction, ...]:
    """The legal actions of a move's decision, as the tuple the state keeps."""
    if frame.waiting != NO_UNIT:
        return tuple([_DISPLACE[e] for e in reach.displace_dirs(state, frame)])
    out = _STEPS[reach.legal_step_set(state, frame)]
    if reach.may_stop(state, frame):
        out += (STOP,)
    return out


def step(state: HexState, frame: MoveFrame) -> bool:
    """The move is done when no step is left and no unit waits: its facing comes next."""
    if frame.left == 0 and frame.waiting == NO_UNIT:
        state.put(FaceFrame(frame.unit, frame.unit, frame.section, frame.card))
        return True
    state.offer(_options(state, frame), frame.unit)
    return False


def choose(state: HexState, frame: MoveFrame, action: HexAction) -> None:
    unit = frame.unit
    pos = state.hexes[unit]
    assert pos is not None
    if action.kind == Kind.STOP:  # HX-A7 move_exact false
        state.emit((events.STOPPED, unit))
        state.put(FaceFrame(unit, unit, frame.section, frame.card))
        return
    if action.kind == Kind.STEP:  # HX-16
        h = state.setup.grid.step(pos, action.arg)
        other = reach.occupant(state, h)
        if other >= 0:  # HX-21: entering an occupied hex; its unit is displaced first
            state.put(MoveFrame(unit, frame.card, frame.section, frame.left - 1,
                                frame.taken + 1, frame.displace, frame.displaced + 1,
                                frame.start, frame.dirs, other))
            return
        state.hexes[unit] = h
        if state.log_kept or state.log_keep:  # `emit`'s own test, inline: the hot path
            state.emit((events.STEPPED, unit, h.q, h.r))
        state.put(MoveFrame(unit, frame.card, frame.section, frame.left - 1, frame.taken + 1,
                            frame.displace, frame.displaced, frame.start, frame.dirs))
        return
    # DISPLACE (HX-21, HX-A9): the waiting unit goes to a neighbour of its hex (facing
    # kept), then the mover steps in.
    other = frame.waiting
    into = state.hexes[other]
    assert into is not None
    dest = neighbor(into, action.arg)
    state.put(MoveFrame(unit, frame.card, frame.section, frame.left, frame.taken,
                        frame.displace, frame.displaced, frame.start, frame.dirs))
    state.hexes[other] = dest
    state.hexes[unit] = into
    state.emit((events.STEPPED, unit, into.q, into.r))
    state.emit((events.DISPLACED, other, dest.q, dest.r, unit))
    if dest not in state.setup.board.hexes:  # HX-A8 board_edge_is_wall false
        damage.eliminate(state, other, events.OFF_BOARD)


def face_legal() -> list[HexAction]:
    """HX-19 / HX-20 / HX-28: any of the six facings (keeping the current one too)."""
    return list(FACE_ACTIONS)


def face(state: HexState, frame: FaceFrame, action: HexAction) -> None:
    state.facing[frame.unit] = action.arg
    if state.log_kept or state.log_keep:  # `emit`'s own test, inline: the hot path
        state.emit((events.FACED, frame.unit, action.arg, frame.decider))
    state.pop()
