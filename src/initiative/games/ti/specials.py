"""Special actions (TI-13, TI-14): discard 2 cards, then the character's ability:
`move_2` (up to 2 rooms; TI-38 stops RUN only), `reveal_here` (the top token of your
room, even in a safe, TI-37), `disarm_nearby` (a camera or alarm in a nearby room,
TI-18, TI-26), `arrange_top_3` (look at the top 3 deck cards and put them back in any
order, top first; the order is then known to that seat only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import actions_clues, cards, tokens, traps
from initiative.games.ti import events as ev
from initiative.games.ti.actions import Kind, TIAction, act
from initiative.games.ti.frames import ARRANGE, DISARM, DISCARD, MOVE_2, SOURCE_SPECIAL, Frame

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

LOOK = 3


def start(state: TIState, seat: int) -> None:
    """TI-13: the special action begins with its two discards."""
    state.emit((ev.SPECIAL, seat))
    state.push(Frame(DISCARD, seat, left=2))


def legal(state: TIState, frame: Frame) -> list[TIAction]:
    if frame.tag == DISCARD:
        return [act(Kind.DISCARD, c) for c in state.hands[frame.seat]]
    return [act(Kind.ARRANGE, c) for c in state.looked]


def choose(state: TIState, frame: Frame, action: TIAction) -> None:
    seat = frame.seat
    if frame.tag == ARRANGE:
        state.looked.remove(action.arg)
        state.deck_top.append(action.arg)  # top first: the first put back is the top
        state.emit((ev.PUT_BACK, seat, action.arg))
        if state.looked:
            state.put(frame.but(left=frame.left - 1))
        else:
            state.pop()
        return
    cards.take(state, seat, action.arg)
    state.emit((ev.PAID, seat, action.arg))
    if frame.left > 1:
        state.put(frame.but(left=frame.left - 1))
        cards.to_discard(state, [action.arg])
        return
    state.pop()
    cards.to_discard(state, [action.arg])
    if not state.over:
        ability(state, seat)


def ability(state: TIState, seat: int) -> None:
    """TI-13, TI-14: resolve the character's ability (its 2 discards paid already):
    move_2, reveal_here (even in a safe: TI-37 bars only INTEL), disarm_nearby (TI-18) or
    arrange_top_3."""
    kind = state.setup.seats[seat].character.ability
    room = state.pos[seat]
    if kind == "move_2":
        state.push(Frame(MOVE_2, seat, left=2))
    elif kind == "reveal_here":
        if tokens.stack_size(state, room) > 0:
            actions_clues.reveal(state, seat, room, SOURCE_SPECIAL)
    elif kind == "disarm_nearby":
        if traps.disarm_targets(state, seat, True):
            state.push(Frame(DISARM, seat, stage=1))
    else:
        look(state, seat)


def look(state: TIState, seat: int) -> None:
    """TI-13 (arrange_top_3): the Lookout takes up to 3 cards from the top (the known
    ones first, then chance draws from the rest) into view; ARRANGE puts them back."""
    seen: list[int] = []
    while len(seen) < LOOK and state.deck_top:
        seen.append(state.deck_top.pop(0))
    while len(seen) < LOOK and state.deck:
        seen.append(state.rng.draw(state.deck))
    state.top_seer = seat if seen else -1
    state.looked = sorted(seen)
    state.emit((ev.LOOKED, seat, len(seen)))
    if seen:
        state.emit((ev.SAW, seat, *state.looked))
        state.push(Frame(ARRANGE, seat, left=len(seen), stage=len(seen)))
