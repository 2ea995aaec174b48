"""The driver: run the automatic rules until a seat must decide; validate and apply
choices. Each frame tag has its `legal` and `choose` in the module of the rules it
implements; automatic frames (and automatic checks of waiting ones) run in `step`.
A decision whose only legal action is STOP, PASS or FIRST (one seat) is taken at once:
it changes nothing a seat could choose otherwise."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from initiative.engine.errors import IllegalActionError
from initiative.engine.stack_state import legal_equal
from initiative.games.ti import (
    actions_clues,
    actions_run,
    enemies,
    regroup,
    solve,
    specials,
    traps,
    turns,
)
from initiative.games.ti.actions import Kind, TIAction
from initiative.games.ti.frames import (
    ANSWER,
    ARRANGE,
    COLLECT,
    DISARM,
    DISCARD,
    DRAW,
    END,
    ENEMY_MOVE,
    FIRST,
    FORCED,
    GATHER,
    INTEL,
    INTEL_ROOM,
    KEYPAD,
    MOVE_2,
    REGROUP,
    REMOVE,
    REVEALED,
    RUN,
    TURN,
    VOTE,
    Frame,
)

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

Legal = Callable[["TIState", Frame], list[TIAction]]
Choose = Callable[["TIState", Frame, TIAction], None]

_HANDLERS: dict[int, tuple[Legal, Choose]] = {
    FIRST: (turns.legal, turns.choose), TURN: (turns.legal, turns.choose),
    FORCED: (turns.legal, turns.choose), DRAW: (turns.legal, turns.choose),
    RUN: (actions_run.legal, actions_run.choose),
    MOVE_2: (actions_run.legal, actions_run.choose),
    INTEL_ROOM: (actions_clues.legal, actions_clues.choose),
    INTEL: (actions_clues.legal, actions_clues.choose),
    GATHER: (actions_clues.legal, actions_clues.choose),
    REMOVE: (actions_clues.legal, actions_clues.choose),
    COLLECT: (actions_clues.legal, actions_clues.choose),
    REGROUP: (regroup.legal, regroup.choose),
    KEYPAD: (traps.keypad_legal, traps.keypad_choose),
    DISARM: (traps.disarm_legal, traps.disarm_choose),
    ENEMY_MOVE: (enemies.move_legal, enemies.move_choose),
    DISCARD: (specials.legal, specials.choose), ARRANGE: (specials.legal, specials.choose),
    ANSWER: (solve.legal, solve.choose), VOTE: (solve.legal, solve.choose),
}
_AUTO = frozenset({Kind.STOP, Kind.PASS, Kind.FIRST})


def advance(state: TIState) -> None:
    """Resolve everything automatic until a decision is needed or the game ends. A step
    whose only legal action is STOP, PASS or FIRST is taken at once (one-option steps,
    docs/rules-interpretations.md 5.5: a solo volunteer, TI-8; a forced pass with no
    solve left, TI-53; a RUN, INTEL or GATHER with nothing to do, TI-21, TI-A9)."""
    state.invalidate()
    stack = state.stack
    while not state.over:
        if not state.dealt:
            turns.deal(state)
            continue
        if not stack:
            turns.begin_turn(state)
            continue
        frame = stack[-1]
        tag = frame.tag
        if tag == REVEALED:
            actions_clues.step(state, frame)
            continue
        if tag in (END, TURN, DRAW) and turns.step(state, frame):
            continue
        legal_now, choose = _HANDLERS[tag]
        legal = legal_now(state, frame)
        if len(legal) == 1 and legal[0].kind in _AUTO:
            choose(state, frame, legal[0])
            continue
        state.offer(legal, frame.seat)
        return


UNSETTLED = ("no decision: the state was built between two steps of the rules; "
             "call its settle() to run them on to the next decision")


def deciding_seat(state: TIState) -> int:
    """Who owns the decision of the top frame."""
    if not state.stack:
        raise IllegalActionError(UNSETTLED)
    return state.stack[-1].seat


def legal_actions(state: TIState) -> list[TIAction]:
    frame = state.stack[-1]
    return _HANDLERS[frame.tag][0](state, frame)


def check(state: TIState, action: object) -> TIAction:
    """The legal action equal to `action`; else an IllegalActionError naming the
    action, the deciding seat and the number of legal actions (never the list)."""
    return legal_equal(state, action)


def apply(state: TIState, action: TIAction) -> None:
    """Validate `action` first (nothing changes if it is illegal), apply it, run on."""
    action = check(state, action)
    frame = state.stack[-1]
    _HANDLERS[frame.tag][1](state, frame, action)
    advance(state)
