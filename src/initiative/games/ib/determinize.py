"""`determinize(view)`: a full state consistent with what one seat knows (GUIDE 2).

Known cards stay where they are; every hidden card (other hands, every deck order,
face-down discards) is re-dealt at random from what the seat can deduce: a known
decklist minus the seen cards, or, without `open_decklists`, cards drawn from the
public card pool. Other seats' unrevealed answers in an open window count as declines.
The RNG is reseeded from `rng`, so search never learns the real seed. The state is
built on the game's public description (`public.py`) with only the deck lists the
view knows put back (`public.seen_by`): it holds no other seat's deck list either.
"""

from __future__ import annotations

from collections import Counter

from initiative.engine.rng import SplitMix64
from initiative.games.ib.attacks import cards_in_play
from initiative.games.ib.public import PublicMatch, seen_by
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView
from initiative.timing.track import InitiativeTrack

COPY_LIMIT = 2
"""IB 2.7.3: at most two copies of a card in a deck."""


def _unseen_pool(view: IBView, seat: int, size: int, rng: SplitMix64) -> list[int]:
    """`size` cards the seat cannot see, consistent with its knowledge."""
    decklist = view.decklists[seat]
    unit_seat = [u.seat for u in view.units]
    in_play = [card for owner, card in cards_in_play(view.stack, unit_seat) if owner == seat]
    in_play += [card for u in view.units for card, owner in u.sigils if owner == seat]
    in_play += [u.card for u in view.units  # Supports in play came from the deck (IB 4.7)
                if u.is_support and u.on_track and not u.summoned and u.seat == seat]
    if decklist is not None:
        seen = Counter(view.hands[seat] or ())
        seen.update(view.discards[seat] or ())
        seen.update(in_play)
        pool = list((Counter(decklist) - seen).elements())
    else:
        # Unknown decklist: any legal deck (IB 2.7.3, at most 2 copies of a card)
        # minus the cards of this seat already seen; repeats only if that runs out.
        seen = Counter(view.discards[seat] or ())
        seen.update(in_play)
        pool = [card for card in range(len(view.content.cards))
                for _ in range(max(0, COPY_LIMIT - seen[card]))]
        while len(pool) < size:
            pool.append(rng.below(len(view.content.cards)))
    return rng.sample(pool, size)


def determinize(game: PublicMatch, view: IBView, rng: SplitMix64) -> IBState:
    """Build a playable state from `view` (hidden information sampled with `rng`) on
    the game's public description: no deck list but the ones `view` knows."""
    match = seen_by(game, view.decklists)
    rng_state = SplitMix64(rng.next64())
    hands: list[list[int]] = []
    decks: list[list[int]] = []
    discards: list[list[int]] = []
    for seat in range(len(view.seat_names)):
        seen_hand, seen_discard = view.hands[seat], view.discards[seat]
        hand = list(seen_hand) if seen_hand is not None else None
        discard = list(seen_discard) if seen_discard is not None else None
        hidden = view.deck_sizes[seat] + (0 if hand is not None else view.hand_sizes[seat])
        hidden += 0 if discard is not None else view.discard_sizes[seat]
        pool = _unseen_pool(view, seat, hidden, rng)
        if hand is None:
            hand, pool = pool[: view.hand_sizes[seat]], pool[view.hand_sizes[seat]:]
        if discard is None:
            discard, pool = pool[: view.discard_sizes[seat]], pool[view.discard_sizes[seat]:]
        hands.append(hand)
        discards.append(discard)
        decks.append(pool)
    return IBState(
        match, rng_state,
        track=InitiativeTrack(view.order, match.track_rules, rm=view.rm, round=view.round,
                              passed=view.passed),
        hp=[u.hp for u in view.units], charge=[u.charge for u in view.units],
        status=[u.statuses for u in view.units], pending=[u.pending for u in view.units],
        used=[u.used for u in view.units], sigils=[u.sigils for u in view.units],
        off=sum(1 << u.unit for u in view.units if not u.on_track),
        summoned=sum(1 << u.unit for u in view.units if u.summoned),
        hands=hands, decks=decks, discards=discards, flux=list(view.flux),
        stack=list(view.stack), log=list(view.log), activations=view.activations,
        result=view.result)
