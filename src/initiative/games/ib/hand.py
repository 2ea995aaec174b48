"""IB 2.8: hands and draws, the one mulligan, the free discard and deck-out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib import events
from initiative.games.ib.actions import KEEP, MAX_HAND, MULLIGAN, Action, Kind
from initiative.games.ib.frames import MULLIGAN as F_MULLIGAN

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

OPENING_HAND = 5
"""IB 2.8.1."""


def draw(state: IBState, seat: int, count: int = 1, lose_on_empty: bool = True) -> bool:
    """Draw up to `count` cards; a draw past 5 does not happen (IB 2.8.4, AMB-85).

    A required draw from an empty deck loses (IB 2.8.6); returns False then."""
    hand, deck = state.hands[seat], state.decks[seat]
    for _ in range(count):
        if len(hand) >= MAX_HAND:
            state.emit((events.HAND_FULL, seat))
            return True
        if not deck:
            if lose_on_empty:
                deck_out(state, seat)
            return False
        card = state.rng.draw(deck)  # the top card; a chance node in explicit mode
        hand.append(card)
        state.emit((events.DRAW, seat, card))
    return True


def effect_draw(state: IBState, seat: int, count: int) -> None:
    """A card effect's "draw N": AMB-84 `effect_draw_deckout` says whether an empty
    deck loses (`lose`, the default) or the missing draws are skipped (`ignore`)."""
    draw(state, seat, count, state.match.config.effect_draw_deckout == "lose")


def deck_out(state: IBState, seat: int) -> None:
    """IB 2.8.6 / AMB-83: the seat (or its whole team) must draw and cannot, and loses:
    `deck_out_coop` against Challenge Cards (IB 6, not neutral ones), `deck_out_duel`
    otherwise. Its Characters leave the track as defeated; the usual victory check
    follows."""
    from initiative.games.ib.damage import after_removal, remove_unit

    state.emit((events.DECK_OUT, seat))
    match = state.match
    losers = {seat}
    coop = bool(match.challengers) and not match.neutral
    rule = match.config.deck_out_coop if coop else match.config.deck_out_duel
    if rule == "team_loses":
        losers = {s for s, t in enumerate(match.seat_team) if t == match.seat_team[seat]}
    for unit in [u for u in state.track.order if match.unit_seat[u] in losers]:
        remove_unit(state, unit)
    after_removal(state)


def discard(state: IBState, seat: int, slot: int) -> None:
    """IB 2.8.7: discard hand slot `slot` (the free action)."""
    card = state.hands[seat].pop(slot)
    state.discards[seat].append(card)
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


def mulligan_choose(state: IBState, action: Action) -> None:
    """Record the choice; it stays hidden until every seat has answered (AMB-88)."""
    _, to_ask, takers = state.stack[-1]
    if action.kind == Kind.MULLIGAN:
        takers = (*takers, to_ask[0])
    state.stack[-1] = (F_MULLIGAN, to_ask[1:], takers)


def mulligan_step(state: IBState) -> bool:
    """When all seats have chosen, reveal and carry out the mulligans together."""
    _, to_ask, takers = state.stack[-1]
    if to_ask:
        return False
    state.stack.pop()
    for seat in range(state.match.num_seats):
        if seat not in takers:
            state.emit((events.KEEP, seat))
            continue
        state.emit((events.MULLIGAN, seat))
        deck = state.decks[seat]
        deck.extend(state.hands[seat])
        state.hands[seat].clear()
        state.rng.shuffle(deck)
        state.emit((events.SHUFFLE, seat))
        draw(state, seat, OPENING_HAND)
    return True
