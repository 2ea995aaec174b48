"""INTEL (TI-19, TI-20, TI-37, TI-A9, TI-A20) and GATHER (TI-21, TI-22, TI-A10), and
the resolution of one revealed token (TI-16, TI-27, TI-40, TI-41): flip, story hook,
trap effect, enemy abilities, then the remove or collect choice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import console, enemies, tokens, traps
from initiative.games.ti import events as ev
from initiative.games.ti.actions import GATHER, INTEL, Kind, TIAction, act, of_kind
from initiative.games.ti.frames import (
    COLLECT,
    DISARM,
    INTEL_ROOM,
    KEYPAD,
    REMOVE,
    REVEALED,
    Frame,
)
from initiative.games.ti.frames import GATHER as GATHER_FRAME
from initiative.games.ti.frames import INTEL as INTEL_FRAME
from initiative.games.ti.specs import COLLECTABLE, TokenSpec

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

STOP = act(Kind.STOP)
REVEAL = act(Kind.REVEAL)
ROOMS = of_kind(Kind.ROOM)
COLLECTS = of_kind(Kind.COLLECT)
INTEL_REVEALS = 2
"""TI-19: INTEL reveals up to 2 tokens."""
_DISARMERS = frozenset({"computer", "master_camera", "master_alarm"})


def intel_rooms(state: TIState) -> list[int]:
    """TI-19, TI-A20: rooms with a face-down token and no safe (TI-37)."""
    return [s.room for s in state.setup.mission.stacks
            if tokens.stack_size(state, s.room) > 0
            and not tokens.has_kind(state, s.room, tokens.SAFES)]


def reveal(state: TIState, seat: int, room: int, source: int) -> None:
    """Flip the top token of `room` (a chance event) and resolve it (REVEALED)."""
    token = tokens.reveal_top(state, room)
    state.emit((ev.REVEALED, token, room))
    state.push(Frame(REVEALED, seat, left=source, room=room, token=token, enemy=0))


def legal(state: TIState, frame: Frame) -> list[TIAction]:
    tag = frame.tag
    if tag == INTEL_ROOM:
        return [*(ROOMS[r] for r in intel_rooms(state)), STOP]
    if tag == INTEL_FRAME:
        can = frame.left > 0 and frame.room in intel_rooms(state)
        return [REVEAL, STOP] if can else [STOP]
    if tag == GATHER_FRAME:
        if frame.left <= 0:
            return [STOP]
        room = state.pos[frame.seat]
        out = [COLLECTS[t] for t in tokens.in_room(state, room)
               if tokens.kind(state.setup, t) in COLLECTABLE]
        if tokens.stack_size(state, room) > 0:
            out.append(REVEAL)  # TI-37: a safe does not stop GATHER
        return [*out, STOP]
    if tag == REMOVE:
        return [act(Kind.REMOVE, frame.token), STOP]
    return [act(Kind.COLLECT, frame.token), STOP]


def choose(state: TIState, frame: Frame, action: TIAction) -> None:
    tag, kind, seat = frame.tag, action.kind, frame.seat
    if kind is Kind.STOP:
        state.pop()
    elif tag == INTEL_ROOM:
        state.put(Frame(INTEL_FRAME, seat, left=INTEL_REVEALS - 1, room=action.arg))
        reveal(state, seat, action.arg, INTEL)
    elif tag == INTEL_FRAME:
        state.put(frame.but(left=frame.left - 1))
        reveal(state, seat, frame.room, INTEL)
    elif tag == GATHER_FRAME and kind is Kind.REVEAL:
        if state.rules.gather_reveal_uses_attempt:  # TI-A10
            state.put(frame.but(left=frame.left - 1))
        reveal(state, seat, state.pos[seat], GATHER)
    elif tag == GATHER_FRAME:
        state.put(frame.but(left=frame.left - 1))
        collect(state, seat, action.arg)
    elif tag == REMOVE:
        state.pop()
        state.where[frame.token] = tokens.GONE  # TI-20
        state.emit((ev.REMOVED, frame.token))
    else:
        state.pop()
        if frame.stage == 1:  # TI-A10 off: the attempt is used by the collection
            below = state.stack[-1]
            state.put(below.but(left=below.left - 1))
        collect(state, seat, frame.token)


def collect(state: TIState, seat: int, token: int) -> None:
    """TI-22: take the token and open its glyph's windows; a keypad opens a door
    (TI-32); computer access and the master tokens discard a trap (TI-33, TI-35)."""
    state.where[token] = tokens.GONE
    state.collected.append(token)
    state.emit((ev.COLLECTED, seat, token))
    face = tokens.spec(state.setup, token)
    if face.kind == "glyph":
        assert isinstance(face, TokenSpec) and face.glyph is not None
        console.open_glyph(state, face.glyph)
    elif face.kind == "keypad":
        if traps.locked_doors(state):
            state.push(Frame(KEYPAD, seat))
    elif face.kind in _DISARMERS and traps.disarm_targets(state, seat, False):
        state.push(Frame(DISARM, seat))


def step(state: TIState, frame: Frame) -> None:
    """Resolve a REVEALED frame as far as it goes: story hook (TI-16) and trap effect
    (TI-27), then each enemy ability with the token's icon in mission order (TI-40,
    TI-41; a tie pauses for the active player), then the choice (TI-20, TI-21)."""
    setup = state.setup
    token = frame.token
    face = tokens.spec(setup, token)
    if frame.stage == 0:
        if isinstance(face, TokenSpec) and face.story:
            state.emit((ev.STORY, token))
        state.put(frame.but(stage=1))
        traps.on_reveal(state, token, frame.room, frame.left)
        return
    if frame.stage == 1:
        icon = tokens.icon(setup, token)
        pairs = enemies.abilities(state)
        for k in range(frame.enemy, len(pairs)):
            i, ability = pairs[k]
            if icon is None or ability.icon != icon or state.enemy_room[i] < 0:
                continue
            state.put(frame.but(enemy=k + 1))
            enemies.trigger(state, i, ability, frame.seat)
            return
        state.put(frame.but(stage=2))
        return
    state.pop()
    if state.where[token] != frame.room:
        return
    if frame.left == INTEL and face.kind == "glyph" and isinstance(face, TokenSpec) \
            and face.glyph not in setup.mission.glyph_keys:
        state.push(Frame(REMOVE, frame.seat, token=token))
    elif frame.left == GATHER and face.kind in COLLECTABLE:
        stage = 0 if state.rules.gather_reveal_uses_attempt else 1
        state.push(Frame(COLLECT, frame.seat, token=token, stage=stage))
