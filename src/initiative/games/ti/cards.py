"""Resource cards: hands, the deck (an unordered remainder under a known top prefix),
the discard pile, In Peril and time (TI-6, TI-9, TI-28, TI-47..TI-52, TI-A1, TI-A3,
TI-A13, TI-A21).

The deck is `state.deck` (what is left, unordered for explicit chance, shuffled when
chance is sampled) under `state.deck_top` (cards whose order is known, top first, after
the Lookout arranged them). Taking the top card takes the known prefix first, else a
chance draw from the remainder."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import console
from initiative.games.ti import events as ev

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

HAND_SIZE = 4
"""TI-6, TI-9, TI-A21: hands refill to 4 and never above."""
TIME_LIMIT = 3
"""TI-50: three time while In Peril loses the game."""


def deck_count(state: TIState) -> int:
    return len(state.deck) + len(state.deck_top)


def is_time(state: TIState, card: int) -> bool:
    return state.setup.content.cards[card].time > 0


def discard_time(state: TIState) -> int:
    """TI-A3, TI-51: time icons on the discard pile (the double card counts 2)."""
    cards = state.setup.content.cards
    return sum(cards[c].time for c in state.discard)


def check_time(state: TIState) -> None:
    """TI-50, TI-A3: while In Peril, 3 time in the discard pile loses at once."""
    if state.peril and discard_time(state) >= TIME_LIMIT:
        console.end_game(state, False, ev.TIME)


def to_discard(state: TIState, cards: list[int]) -> None:
    """Put cards face up on the discard pile, then check time (TI-A3)."""
    state.discard.extend(cards)
    check_time(state)


def reshuffle(state: TIState) -> bool:
    """TI-47, TI-A13: the discard pile (time cards included) becomes the deck and the
    game is In Peril. False when no reshuffle may happen (a second one under
    `repeat_reshuffle: false`, or nothing to shuffle)."""
    if not may_reshuffle(state):
        return False
    if not state.discard:
        if not state.peril:
            state.peril = True
            state.emit((ev.PERIL, 0))
        return False
    moved = state.discard
    state.discard = []
    state.deck.extend(moved)
    state.rng.shuffle(state.deck)
    state.peril = True
    state.reshuffles += 1
    state.emit((ev.PERIL, len(moved)))
    return True


def may_reshuffle(state: TIState) -> bool:
    """TI-A13: the first reshuffle always; another one In Peril only under
    `repeat_reshuffle`."""
    return not state.reshuffles or state.rules.repeat_reshuffle


def _after_leaving(state: TIState) -> None:
    """TI-A1 deck_empty: the moment the last card left, In Peril and the reshuffle."""
    if state.rules.peril_trigger == "deck_empty" and not deck_count(state):
        reshuffle(state)
        check_time(state)


def can_take(state: TIState) -> bool:
    """Whether a top card can be taken now: the deck holds one, or an empty deck will
    be refilled by the reshuffle of TI-47 first."""
    if deck_count(state):
        return True
    return bool(state.discard) and may_reshuffle(state)


def take_top(state: TIState) -> int | None:
    """The deck's top card, removed from the deck (None if there is none). An empty
    deck is reshuffled first: under `draw_from_empty` that is when In Peril starts
    (TI-A1); under `deck_empty` it happens only when the deck ran out while the
    discard pile was empty and cards were discarded since."""
    if not deck_count(state):
        reshuffle(state)
    if state.deck_top:
        card = state.deck_top.pop(0)
        if not state.deck_top:
            state.top_seer = -1
    elif state.deck:
        card = state.rng.draw(state.deck)
    else:
        return None
    return card


def draw(state: TIState, seat: int) -> None:
    """Draw one card (TI-9): a time card is discarded at once (TI-49); the deck
    emptying brings In Peril (TI-47, TI-48)."""
    card = take_top(state)
    if card is None:
        return
    if is_time(state, card):
        state.emit((ev.TIME_DRAWN, seat, card))
        state.discard.append(card)
    else:
        state.emit((ev.DREW, seat))
        state.emit((ev.GOT, seat, card))
        give(state, seat, card)
    check_time(state)
    if not state.over:
        _after_leaving(state)


def burn(state: TIState, cause: int) -> bool:
    """Discard the deck's top card (TI-28 camera, an enemy ability); a time card counts
    toward the loss (TI-A5). False if there was no card."""
    card = take_top(state)
    if card is None:
        return False
    state.emit((ev.BURNED, card, cause))
    to_discard(state, [card])
    if not state.over:
        _after_leaving(state)
    return True


def give(state: TIState, seat: int, card: int) -> None:
    """Put `card` into `seat`'s hand (hands stay sorted by card id)."""
    hand = state.hands[seat]
    hand.append(card)
    hand.sort()


def take(state: TIState, seat: int, card: int) -> None:
    state.hands[seat].remove(card)


def value(state: TIState, card: int) -> int:
    return state.setup.content.cards[card].value


def random_discard(state: TIState, seat: int) -> None:
    """TI-29, TI-A11: `seat` discards a uniformly random hand card, if it has one (a
    chance pick over its sorted hand)."""
    hand = state.hands[seat]
    if not hand:
        return
    card = hand[state.rng.below(len(hand))]
    take(state, seat, card)
    state.emit((ev.LOST_CARD, seat, card))
    to_discard(state, [card])
