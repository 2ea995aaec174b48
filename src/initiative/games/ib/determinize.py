"""`determinize(view)`: a full state consistent with what one seat knows (GUIDE 2).

Known cards stay where they are; every hidden card (other hands, every deck order,
face-down discards) is re-dealt at random from what the seat can deduce: a known
decklist minus the seen cards, or, without `open_decklists`, cards drawn from the
public card pool. Other seats' unrevealed answers in an open window count as declines.
The RNG is reseeded from `rng`, so search never learns the real seed. The state is
built on the game's public description (`public.py`) with only the deck lists the
view knows put back (`public.seen_by`): it holds no other seat's deck list either.

`ViewDeal(game, view)` works out once what depends on the view alone (the cards each
seat may hold unseen, the public parts of the state); each call deals one world from
it, with the same draws as `determinize`. A search deals many worlds from one view.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from initiative.engine.rng import SplitMix64
from initiative.games.ib.attacks import cards_in_play
from initiative.games.ib.public import PublicMatch, seen_by
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView
from initiative.timing.track import InitiativeTrack

COPY_LIMIT: Final = 2
"""IB 2.7.3: at most two copies of a card in a deck."""


def _unseen_base(view: IBView, seat: int) -> list[int]:
    """The cards the seat cannot see, consistent with its knowledge (before any padding
    and the draw: `_unseen_pool`)."""
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
        return list((Counter(decklist) - seen).elements())
    # Unknown decklist: any legal deck (IB 2.7.3, at most 2 copies of a card) minus the
    # cards of this seat already seen; repeats only if that runs out (`_unseen_pool`).
    seen = Counter(view.discards[seat] or ())
    seen.update(in_play)
    return [card for card in range(len(view.content.cards))
            for _ in range(max(0, COPY_LIMIT - seen[card]))]


def _unseen_pool(base: list[int], size: int, cards: int, rng: SplitMix64) -> list[int]:
    """`size` cards drawn from the unseen `base` (not changed), padded with any of the
    `cards` card ids at random if it runs short (an unknown decklist)."""
    pool = list(base)
    while len(pool) < size:
        pool.append(rng.below(cards))
    return rng.sample(pool, size)


class _Seat:
    """One seat's part of a view that a deal starts from: the hand and discard pile
    when seen (else None), their sizes, the hidden count and the unseen cards."""

    def __init__(self, view: IBView, seat: int) -> None:
        seen_hand, seen_discard = view.hands[seat], view.discards[seat]
        self.hand = list(seen_hand) if seen_hand is not None else None
        self.discard = list(seen_discard) if seen_discard is not None else None
        self.hand_size = view.hand_sizes[seat]
        self.discard_size = view.discard_sizes[seat]
        hidden = view.deck_sizes[seat] + (0 if self.hand is not None else self.hand_size)
        self.hidden = hidden + (0 if self.discard is not None else self.discard_size)
        self.unseen = _unseen_base(view, seat)


class ViewDeal:
    """The worlds `view` allows on `game`, worked out once: each call deals one with
    `rng` (what `determinize` does), without its log unless `keep_log`."""

    def __init__(self, game: PublicMatch, view: IBView, keep_log: bool = True) -> None:
        self.view = view
        self.match = seen_by(game, view.decklists)
        self.seats = [_Seat(view, seat) for seat in range(len(view.seat_names))]
        self.cards = len(view.content.cards)
        units = view.units
        self.hp = [u.hp for u in units]
        self.charge = [u.charge for u in units]
        self.status = [u.statuses for u in units]
        self.pending = [u.pending for u in units]
        self.used = [u.used for u in units]
        self.sigils = [u.sigils for u in units]
        self.off = sum(1 << u.unit for u in units if not u.on_track)
        self.summoned = sum(1 << u.unit for u in units if u.summoned)
        self.ever_summoned = sum(1 << u.unit for u in units if u.summon_spent)
        self.log = list(view.log)
        self.keep_log = keep_log

    def __call__(self, rng: SplitMix64) -> IBState:
        view, match = self.view, self.match
        rng_state = SplitMix64(rng.next64())
        hands: list[list[int]] = []
        decks: list[list[int]] = []
        discards: list[list[int]] = []
        for seat in self.seats:
            hand = list(seat.hand) if seat.hand is not None else None
            discard = list(seat.discard) if seat.discard is not None else None
            pool = _unseen_pool(seat.unseen, seat.hidden, self.cards, rng)
            if hand is None:
                hand, pool = pool[: seat.hand_size], pool[seat.hand_size:]
            if discard is None:
                discard, pool = pool[: seat.discard_size], pool[seat.discard_size:]
            hands.append(hand)
            discards.append(discard)
            decks.append(pool)
        world = IBState(
            match, rng_state,
            track=InitiativeTrack(view.order, match.track_rules, rm=view.rm,
                                  round=view.round, passed=view.passed),
            hp=list(self.hp), charge=list(self.charge), status=list(self.status),
            pending=list(self.pending), used=list(self.used), sigils=list(self.sigils),
            off=self.off, summoned=self.summoned, ever_summoned=self.ever_summoned,
            hands=hands, decks=decks,
            discards=discards, flux=list(view.flux), stack=list(view.stack),
            log=list(self.log) if self.keep_log else self.log,
            activations=view.activations, result=view.result)
        if not self.keep_log:
            world.drop_log()  # the shared log is replaced, never written
        return world


def determinize(game: PublicMatch, view: IBView, rng: SplitMix64) -> IBState:
    """Build a playable state from `view` (hidden information sampled with `rng`) on
    the game's public description: no deck list but the ones `view` knows."""
    return ViewDeal(game, view)(rng)
