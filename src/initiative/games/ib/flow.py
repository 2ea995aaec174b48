"""The driver: run automatic rules until a seat must decide.

Each frame kind on the decision stack has a `step` function in the module of its
rulebook chapter. A step either does automatic work and returns True, or returns False
when the top frame waits for a decision. A choice is validated and handed to the top
frame's chapter by `IBState.apply`, which then calls `run` (there, not here: one call
fewer a decision in pure Python).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.engine.errors import IllegalActionError
from initiative.games.ib import activation, attacks, breaks, hand
from initiative.games.ib.actions import Action
from initiative.games.ib.frames import ACTION, ACTIVATION, BREAK, MULLIGAN, NEXT, WINDOW

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


PAUSED = ("no decision: the game is paused between two activations; resume it first "
          "(initiative.games.ib.stepping.resume)")


def advance(state: IBState, stop_between: bool = False) -> None:
    """Resolve everything automatic until a decision is needed or the game ends; with
    `stop_between`, also stop at the point between two activations (an empty stack,
    stepping.py), where nothing of the next activation has happened yet."""
    state.invalidate()
    run(state, stop_between)


def run(state: IBState, stop_between: bool) -> None:
    """`advance` once the state's legal-action cache is dropped."""
    stack = state.stack
    while state.result is None:
        if not stack:
            if stop_between:
                return
            activation.begin_idle(state)
            continue
        frame = stack[-1]
        if frame.tag == ACTION:
            if not attacks.step(state, frame):
                return
        elif frame.tag == ACTIVATION:
            if not activation.step(state, frame):
                return
        elif frame.tag == NEXT:
            activation.next_step(state)
        elif frame.tag == WINDOW:
            if not breaks.window_step(state, frame):
                return
        elif frame.tag == BREAK:
            breaks.break_step(state, frame)
        elif not hand.mulligan_step(state, frame):
            return


def deciding_seat(state: IBState) -> int:
    """Who owns the decision of the top frame."""
    try:
        frame = state.stack[-1]
    except IndexError:
        raise IllegalActionError(PAUSED) from None
    if frame.tag == ACTIVATION or frame.tag == ACTION:
        return state.match.unit_seat[frame.unit]
    if frame.tag == WINDOW or frame.tag == MULLIGAN:
        return frame.to_ask[0]
    raise AssertionError(f"no decision at frame {frame!r}")


def legal_actions(state: IBState) -> list[Action]:
    frame = state.stack[-1]
    if frame.tag == ACTIVATION:
        return activation.legal(state, frame)
    if frame.tag == ACTION:
        return attacks.legal(state, frame)
    if frame.tag == WINDOW:
        return breaks.legal(state, frame)
    return hand.mulligan_legal()
