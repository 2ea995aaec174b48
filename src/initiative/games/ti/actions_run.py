"""RUN (TI-17, TI-38) and the Sprinter's move: one adjacent room at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import events as ev
from initiative.games.ti import graph, tokens
from initiative.games.ti.actions import Kind, TIAction, act, of_kind
from initiative.games.ti.frames import RUN, Frame

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

STOP = act(Kind.STOP)
MOVES = of_kind(Kind.MOVE)


def legal(state: TIState, frame: Frame) -> list[TIAction]:
    """MOVE to a room joined by an open passage or unlocked door (TI-17, TI-36,
    TI-A23), or STOP (TI-A9: a run of 0 rooms is legal)."""
    return [MOVES[r] for r in graph.neighbours(state, state.pos[frame.seat])] \
        + [STOP]


def choose(state: TIState, frame: Frame, action: TIAction) -> None:
    if action.kind is Kind.STOP:
        state.pop()
        return
    seat, room = frame.seat, action.arg
    state.pos[seat] = room
    state.emit((ev.MOVED, seat, room))
    if frame.tag == RUN and tokens.has_kind(state, room, tokens.TRIPWIRES):
        state.emit((ev.TRIPPED, seat, room))  # TI-38: the run ends here
        state.pop()
    elif frame.left <= 1:
        state.pop()
    else:
        state.put(frame.but(left=frame.left - 1))
