"""The driver: run the automatic rules until a seat must decide; validate and apply
choices. Each frame kind has its `step` (automatic work: True; waiting: False), `legal`
and `choose` in the module of the rules it implements."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.engine.errors import IllegalActionError
from initiative.engine.stack_state import legal_equal
from initiative.games.hex import attacks, movement, rounds, turns
from initiative.games.hex.actions import HexAction
from initiative.games.hex.frames import FACE, MOVE, TURN

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState


def advance(state: HexState) -> None:
    """Resolve everything automatic until a decision is needed or the game ends. Every
    step that stops at a decision offers its legal list (the state's cache); at the
    game's end the cache is cleared."""
    stack = state.stack
    while not state.over:
        if not stack:
            rounds.next_card(state)
            continue
        frame = stack[-1]
        if frame.tag == MOVE:  # the most frequent first
            if not movement.step(state, frame):
                return
        elif frame.tag == TURN:
            if not turns.step(state, frame):
                return
        elif frame.tag == FACE:
            state.offer(movement.FACE_ACTIONS, frame.decider)  # `movement.face_legal`
            return
        elif not attacks.step(state, frame):
            return
    state.invalidate()  # the game is over: no decision


UNSETTLED = ("no decision: the state was built between two steps of the rules; "
             "call its settle() to run them on to the next decision")


def deciding_seat(state: HexState) -> int:
    """Who owns the decision of the top frame."""
    if not state.stack:
        raise IllegalActionError(UNSETTLED)
    frame = state.stack[-1]
    if frame.tag == TURN:
        return frame.seat
    if frame.tag == MOVE:
        return frame.unit
    if frame.tag == FACE:
        return frame.decider
    return attacks.decider(frame)


def legal_actions(state: HexState) -> list[HexAction]:
    frame = state.stack[-1]
    if frame.tag == TURN:
        return turns.legal(state, frame)
    if frame.tag == MOVE:
        return movement.legal(state, frame)
    if frame.tag == FACE:
        return movement.face_legal()
    return attacks.legal(state, frame)


def check(state: HexState, action: object) -> HexAction:
    """The legal action equal to `action`; else an IllegalActionError naming the
    action, the deciding seat and the number of legal actions (never the list)."""
    return legal_equal(state, action)


def apply(state: HexState, action: HexAction) -> None:
    """Validate `action` first (nothing changes if it is illegal), apply it, run on."""
    action = legal_equal(state, action)  # `check`, inline
    frame = state.stack[-1]
    if frame.tag == TURN:
        turns.choose(state, frame, action)
    elif frame.tag == MOVE:
        movement.choose(state, frame, action)
    elif frame.tag == FACE:
        movement.face(state, frame, action)
    else:
        attacks.choose(state, frame, action)
    advance(state)
