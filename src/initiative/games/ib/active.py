"""IB 3.1-3.2 and AMB-07: who is active, read from the bottom of the decision stack, and
an activation that ends early (its unit defeated, AMB-13, or broke, AMB-34).

Ending an activation only marks its frame (`F_ENDED`); the activation's own steps
(activation.py) see the mark and stop, so the rules that defeat a unit need nothing
from the activation procedure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib import events
from initiative.games.ib.frames import (
    ACTIVATION,
    B_RETURN,
    BREAK,
    F_ENDED,
    NEXT,
    ST_DONE,
    ST_RM,
    ActivationFrame,
)

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def active_unit(state: IBState) -> int:
    """The unit whose activation is in progress, or -1."""
    stack = state.stack
    if stack:
        frame = stack[0]
        if frame.tag == ACTIVATION and not frame.flags & F_ENDED:
            return frame.unit
    return -1


def end_activation(state: IBState, defeated: bool) -> None:
    """The activation stops early (its unit was defeated, AMB-13, or broke, AMB-34).

    No further steps and no Movement; the Round Marker step still follows unless the
    unit was defeated and `rm_step_after_active_defeated` is false."""
    frame = state.stack[0]
    if frame.tag != ACTIVATION or frame.flags & F_ENDED:
        return
    skip_rm = defeated and not state.match.config.rm_step_after_active_defeated
    state.stack[0] = ActivationFrame(frame.unit, ST_DONE if skip_rm else ST_RM,
                                     frame.flags | F_ENDED)


def drop_deferred(state: IBState, unit: int, deferred: tuple[int, ...], reason: int) -> None:
    """Deferred moves that will never happen (AMB-05 out of round, a defeat, R3), each
    said in the log with why."""
    for amount in deferred:
        if state.wants(events.DEFER_DROP):
            state.emit((events.DEFER_DROP, unit, amount, reason))


def breaking_unit(state: IBState) -> int:
    """The unit whose Initiative Break is resolving (borrowing slot 0), or -1."""
    for frame in reversed(state.stack):
        if frame.tag == BREAK and frame.stage == B_RETURN:
            return frame.unit
    return -1


def is_active(state: IBState, unit: int) -> bool:
    """AMB-07: the unit whose activation runs; between activations (by default) the
    leftmost unit waiting to act; an IB unit only under `ib_unit_is_active`."""
    config = state.match.config
    base = state.stack[0]
    if base.tag == ACTIVATION and not base.flags & F_ENDED and base.unit == unit:
        return True
    breaking = breaking_unit(state)
    if config.ib_unit_is_active and breaking == unit:
        return True
    if base.tag == NEXT and config.leftmost_between_activations_is_active:
        track = state.track
        for u in track.order:
            if u != breaking:  # the unit next to act, if it is still in the round
                return u == unit and not track.is_out_of_round(u)
    return False
