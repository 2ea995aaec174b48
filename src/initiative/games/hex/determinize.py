"""`determinize(setup, view, rng)`: a full skirmish state consistent with what one seat
knows (GUIDE 2), so that a bot searches guessed worlds and never the real one.

Kept from the view: the board, every unit (hex, facing, health, Power tokens, alive),
the discard piles, the hand and deck sizes, the revealed part of the initiative line,
the decision stack and the log (all public), and the seat's own hand in slot order.
Re-dealt at random with `rng`:
- every other hand and every deck order: a seat's cards not in its discard pile (nor,
  for the viewer, in its hand) are the setup's deck composition (public, HX-12) less
  that pile; they are shuffled and split into the hand and the deck by their sizes;
- the unrevealed initiative cards (HX-A1 `one_per_turn`): each half of the line holds
  every player of the round once (HX-5..HX-9), so each half's hidden places get that
  half's missing players, shuffled; the Special card stays at the bottom (HX-8).
The world's chance source is a new SplitMix64 seeded from `rng`: a world samples its
chance, so a search never meets a chance node and never learns the real seed.

`ViewDeal(setup, view)` works out once what depends on the view alone; each call deals
one world from it, with the same draws as `determinize` (a search deals many).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from initiative.engine.rng import SplitMix64
from initiative.games.hex.geometry import Hex
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.state import HexState
from initiative.games.hex.view import HexView
from initiative.timing.stacked_decks import SPECIAL


class ViewDeal:
    """The worlds `view` allows on `setup`, worked out once (the view's data, each
    seat's unseen cards); each call deals one with `rng` (what `determinize` does),
    without its log unless `keep_log`. ValueError if the view's counts do not fit the
    setup."""

    def __init__(self, setup: HexSetup, view: HexView, keep_log: bool = True) -> None:
        data = view.to_dict()
        seat = view.seat
        key_ids = {card.key: i for i, card in enumerate(setup.content.cards)}
        units = data["units"]
        self.setup = setup
        self.seat = seat
        self.discards = [[key_ids[key] for key in pile] for pile in data["discards"]]
        self.own = [key_ids[key] for key in data["hand"]]
        self.unseen: list[list[int]] = []
        self.held: list[int] = data["hand_counts"]
        for s in range(setup.num_seats):
            unseen = Counter(setup.deck_ids(s)) - Counter(self.discards[s])
            if s == seat:
                unseen -= Counter(self.own)
            cards = sorted(unseen.elements())
            held, left = self.held[s], data["deck_counts"][s]
            if len(cards) != (left if s == seat else held + left):
                raise ValueError(f"seat {s}: {len(cards)} unseen cards do not fill a hand "
                                 f"of {held} and a deck of {left}")
            self.unseen.append(cards)
        self.alive = [bool(u["alive"]) for u in units]
        self.shown: list[Any] = data["line"]["cards"]
        self.hexes = [None if u["hex"] is None else Hex(*u["hex"]) for u in units]
        self.facing: list[int] = [u["facing"] for u in units]
        self.health: list[int] = [u["health"] for u in units]
        self.power: list[int] = [u["power"] for u in units]
        self.data = data
        self.stack = view.frames
        self.log = list(view.events)
        self.keep_log = keep_log

    def __call__(self, rng: SplitMix64) -> HexState:
        seat, data = self.seat, self.data
        hands: list[list[int]] = []
        decks: list[list[int]] = []
        for s, unseen in enumerate(self.unseen):
            cards = list(unseen)
            held = self.held[s]
            rng.shuffle(cards)
            hands.append(self.own[:] if s == seat else cards[:held])
            decks.append(cards if s == seat else cards[held:])
        line, revealed = _line(self.shown, self.alive, rng)
        world = HexState(
            self.setup, SplitMix64(rng.next64()),
            hexes=list(self.hexes), facing=list(self.facing), health=list(self.health),
            power=list(self.power), alive=list(self.alive), hands=hands, decks=decks,
            discards=[list(pile) for pile in self.discards], line=line,
            at=data["line"]["at"], revealed=revealed, round=data["round"],
            phase=data["phase"], stack=list(self.stack),
            log=list(self.log) if self.keep_log else self.log, winner=data["winner"],
            over=data["over"])
        if not self.keep_log:
            world.drop_log()  # the shared log is replaced, never written
        return world


def determinize(setup: HexSetup, view: HexView, rng: SplitMix64) -> HexState:
    """A playable state consistent with `view` on `setup` (hidden parts dealt with
    `rng`); ValueError if the view's counts do not fit the setup."""
    return ViewDeal(setup, view)(rng)


def _line(shown: list[Any], alive: list[bool], rng: SplitMix64) -> tuple[list[int], int]:
    """The line with its hidden cards dealt (HX-5..HX-9), and how many are revealed."""
    known = [SPECIAL if card == "special" else card for card in shown]
    revealed = known.index(None) if None in known else len(known)
    if revealed == len(known):
        return known, revealed
    half = (len(known) - 1) // 2
    players = _players(known, half, alive, rng)
    line = known[:]
    line[-1] = SPECIAL  # HX-8: the Special card is always the bottom card
    for start in (0, half):
        places = [i for i in range(start, start + half) if line[i] is None]
        missing = sorted(players - {line[i] for i in range(start, start + half)})
        rng.shuffle(missing)
        for i, player in zip(places, missing, strict=True):
            line[i] = player
    return line, revealed


def _players(known: list[Any], half: int, alive: list[bool], rng: SplitMix64) -> set[int]:
    """The `half` players of this round's line: every living one, every one revealed,
    and (when a player fell this round before its cards showed) fallen ones at random
    (their cards are skipped, HX-A5, so which ones changes no play)."""
    players = {s for s, up in enumerate(alive) if up}
    players.update(card for card in known if card is not None and card != SPECIAL)
    fallen = sorted(s for s in range(len(alive)) if s not in players)
    rng.shuffle(fallen)
    players.update(fallen[:half - len(players)])
    if len(players) != half:
        raise ValueError(f"the line's halves hold {half} players, but {len(players)} "
                         "players are known to be in it")
    return players
