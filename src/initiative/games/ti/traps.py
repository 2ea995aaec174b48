"""Traps and the tokens that undo them: gas and counter intel on reveal (TI-26, TI-27,
TI-29, TI-30), keypads opening doors (TI-32), and discarding a trap or feature with
computer access, a master token (TI-33, TI-35) or the Tinkerer's nearby reach (TI-18).
Cameras, alarms, tripwires and safes act where they lie (cards.py, turns.py,
actions_run.py, actions_clues.py read them through tokens.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import cards, graph, tokens
from initiative.games.ti import events as ev
from initiative.games.ti.actions import INTEL, Kind, TIAction, act
from initiative.games.ti.frames import Frame
from initiative.games.ti.specs import DISARMABLE, TokenSpec

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

NEARBY_TRAPS = frozenset({"camera", "alarm"})
"""The Tinkerer's targets: brown traps lying in a room (TI-26)."""


def on_reveal(state: TIState, token: int, room: int, source: int) -> None:
    """A revealed trap takes effect (TI-27): gas hits every player in the room, then is
    discarded (TI-29, TI-A11); counter intel goes onto its action card when INTEL
    revealed it, else it is discarded (TI-30). Brown traps stay face up (TI-26)."""
    face = tokens.spec(state.setup, token)
    if face.kind == "gas":
        state.where[token] = tokens.GONE
        state.emit((ev.GASSED, token, room))
        for seat, at in enumerate(state.pos):
            if at == room:
                cards.random_discard(state, seat)
                if state.over:
                    return
    elif face.kind == "counter_intel":
        assert isinstance(face, TokenSpec) and face.pile is not None
        if source == INTEL:
            state.where[token] = tokens.ON_PILE
            state.counter[face.pile].append(token)
            state.emit((ev.COUNTER_ON, token, face.pile))
        else:
            state.where[token] = tokens.GONE
            state.emit((ev.TRAP_GONE, token))


def locked_doors(state: TIState) -> list[int]:
    return [d for d, locked in enumerate(state.locked) if locked]


def keypad_legal(state: TIState, frame: Frame) -> list[TIAction]:
    """TI-32, TI-36: a collected keypad unlocks one locked door of the player's choice."""
    return [act(Kind.DOOR, d) for d in locked_doors(state)]


def keypad_choose(state: TIState, frame: Frame, action: TIAction) -> None:
    """TI-32: the chosen locked door flips to unlocked."""
    state.pop()
    state.locked[action.arg] = False
    state.emit((ev.UNLOCKED, action.arg))


def disarm_targets(state: TIState, seat: int, nearby_only: bool) -> list[int]:
    """TI-33/TI-35: tripwires, safes, cameras and alarms in any room, and counter intel
    on any action card; the Tinkerer (`nearby_only`): a camera or alarm in a nearby
    room (TI-18)."""
    setup = state.setup
    if nearby_only:
        rooms = set(graph.nearby(state, state.pos[seat]))
        return [t for t, at in enumerate(state.where)
                if at in rooms and tokens.kind(setup, t) in NEARBY_TRAPS]
    return [t for t, at in enumerate(state.where)
            if (at >= 0 or at == tokens.ON_PILE) and tokens.kind(setup, t) in DISARMABLE]


def disarm_legal(state: TIState, frame: Frame) -> list[TIAction]:
    """TI-33, TI-35: computer access (stage 0) or the Tinkerer (stage 1, TI-13)
    discards one of `disarm_targets`."""
    return [act(Kind.DISARM, t) for t in disarm_targets(state, frame.seat, frame.stage == 1)]


def disarm_choose(state: TIState, frame: Frame, action: TIAction) -> None:
    state.pop()
    discard_token(state, action.arg)


def discard_token(state: TIState, token: int) -> None:
    """Take a trap or feature token off the board or its action card."""
    if state.where[token] == tokens.ON_PILE:
        for pile, held in enumerate(state.counter):
            if token in held:
                held.remove(token)
                state.emit((ev.COUNTER_OFF, token, pile))
    state.where[token] = tokens.GONE
    state.emit((ev.DISARMED, token))
