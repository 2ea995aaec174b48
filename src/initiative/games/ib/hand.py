"""IB 2.8: hands and draws, the one mulligan and the free discard (deck-out, IB 2.8.6,
is a defeat: effects.deck_out)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.engine.bits import BIT
from initiative.games.ib import events
from initiative.games.ib.actions import KEEP, MAX_HAND, MULLIGAN, Action, Kind
from initiative.games.ib.frames import MulliganFrame

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

OPENING_HAND: Final = 5
"""IB 2.8.1."""


def draw(state: IBState, seat: int, count: int = 1) -> bool:
    """Draw up to `count` cards; a draw past 5 does not happen (IB 2.8.4, AMB-85).

    False if the deck ran out first: for a required draw the caller then applies the
    loss at once (IB 2.8.6, `effects.deck_out`)."""
    hand, deck = state.hands[seat], state.decks[seat]
    while count > 0:  # not `for _ in range(count)`: no builtin call on the hot path
        count -= 1
        if len(hand) >= MAX_HAND:
            if state.wants(events.HAND_FULL):
                state.emit((events.HAND_FULL, seat))
            return True
        if not deck:
            return False
        card = state.rng.draw(deck)  # the top card; a chance node in explicit mode
        hand.append(card)
        if state.quiet & BIT[events.DRAW]:  # state.wants, inline: the hot path
            state.log_len += 1
        else:
            state.emit((events.DRAW, seat, card))
    return True


def discard(state: IBState, seat: int, slot: int) -> None:
    """IB 2.8.7: discard hand slot `slot` (the free action)."""
    card = state.hands[seat].pop(slot)
    state.discards[seat].append(card)
    if state.quiet & BIT[events.DISCARD]:  # state.wants, inline: the hot path
        state.log_len += 1
    else:
        state.emit((events.DISCARD, seat, card))


def discard_at_random(state: IBState, seat: int, count: int) -> None:
    """A `discard N` effect: the seat discards N cards (fewer if it holds fewer) chosen
    at random by the game's chance source (one uniform node over the hand under
    explicit chance), so nobody learns or picks the rest of the hand."""
    hand = state.hands[seat]
    for _ in range(min(count, len(hand))):
        discard(state, seat, state.rng.below(len(hand)))


# --- the mulligan (IB 2.8.2, 2.9.6, AMB-88) -------------------------------------


def mulligan_legal() -> list[Action]:
    return [KEEP, MULLIGAN]


def mulligan_choose(state: IBState, frame: MulliganFrame, action: Action) -> None:
    """Record the choice; it stays hidden until every seat has answered (AMB-88)."""
    takers = frame.takers
    if action.kind == Kind.MULLIGAN:
        takers = (*takers, frame.to_ask[0])
    state.stack[-1] = MulliganFrame(frame.to_ask[1:], takers)


def mulligan_step(state: IBState, frame: MulliganFrame) -> bool:
    """When all seats have chosen, reveal and carry out the mulligans together."""
    if frame.to_ask:
        return False
    takers = frame.takers
    state.stack.pop()
    for seat in range(state.match.num_seats):
        if seat not in takers:
            if state.wants(events.KEEP):
                state.emit((events.KEEP, seat))
            continue
        if state.wants(events.MULLIGAN):
            state.emit((events.MULLIGAN, seat))
        deck = state.decks[seat]
        deck.extend(state.hands[seat])
        state.hands[seat].clear()
        state.rng.shuffle(deck)
        if state.wants(events.SHUFFLE):
            state.emit((events.SHUFFLE, seat))
        draw(state, seat, OPENING_HAND)  # never short: the hand went back into the deck
    return True
