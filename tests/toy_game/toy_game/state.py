"""Lantern race's rules and state (the engine contract's `State`).

TOY-1  Two lanterns start at step 0 of a path `goal` steps long (TOY-A1).
TOY-2  The deck (every card's copies; no gusts under TOY-A6) is shuffled, and each seat
       is dealt HAND cards, the first seat first. A hand is seen by its holder only.
TOY-3  Seats take turns, one choice a turn: `walk` (1 step on), `roll` (a die of
       `die_sides` faces, TOY-A2: that many steps on; a 1 instead makes the lantern
       stumble `stumble` steps back, TOY-A3, never below 0) or `play SLOT`.
TOY-4  A played card goes face up to the discard pile: a move card takes the lantern
       its steps on; a gust blows the other lantern its push back (never below 0).
       Then the player draws a card; an empty deck is first made of the discard pile,
       shuffled (nothing is drawn if both are empty).
TOY-5  The `first` seat takes the first turn of every round; a round ends when both
       seats have had a turn.
TOY-6  A lantern that reaches the end of the path wins at once. One that would pass it
       comes back by the steps too many (TOY-A4 `bounce`), or wins (`win`).
TOY-7  After `round_limit` rounds (TOY-A5) the lantern furthest along wins; level
       lanterns draw.

Chance (the shuffles and the die) draws from the state's own generator (engine.rng:
an int seed is SplitMix64, a keyed seed text the web table's secret stream).
"""

from __future__ import annotations

from toy_game.actions import PLAYS, ROLL, WALK, Kind, ToyAction, index
from toy_game.cards import HAND
from toy_game.setup import SEATS, ToySetup
from toy_game.view import (
    BOUNCED,
    DREW,
    FINISHED,
    GUSTED,
    PLAYED,
    RESHUFFLED,
    ROLLED,
    STUMBLED,
    TIMED_OUT,
    WALKED,
    Event,
    ToyView,
)

from initiative.engine.contract import GAME_MASTER, TERMINAL
from initiative.engine.errors import not_legal_now
from initiative.engine.rng import GameRng, Seed, make_rng


class ToyState:
    """A game in progress: plain data with named fields, cloned through one
    constructor."""

    __slots__ = ("current", "deck", "discard", "events", "hands", "history", "positions",
                 "rng", "round", "setup", "winner")

    def __init__(self, setup: ToySetup, rng: GameRng, positions: list[int],
                 hands: list[list[int]], deck: list[int], discard: list[int], current: int,
                 round_: int, winner: int | None, events: list[Event],
                 history: list[int]) -> None:
        self.setup = setup
        self.rng = rng
        self.positions = positions
        self.hands = hands
        self.deck = deck
        """Card numbers, the top last (its order is hidden from every seat)."""
        self.discard = discard
        self.current = current
        """The seat to decide, or TERMINAL."""
        self.round = round_
        self.winner = winner
        self.events = events
        self.history = history
        """The index of every action applied, in order (the record's actions)."""

    @classmethod
    def start(cls, setup: ToySetup, seed: Seed) -> ToyState:
        """The first state (TOY-1, TOY-2): the deck shuffled, both hands dealt."""
        rng = make_rng(seed)
        deck = setup.cards.deck(setup.rules.gusts)
        rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(SEATS)]
        for _ in range(HAND):
            for seat in (setup.first, 1 - setup.first):
                hands[seat].append(deck.pop())
        return cls(setup, rng, [0] * SEATS, hands, deck, [], setup.first, 1, None, [], [])

    def clone(self) -> ToyState:
        return ToyState(self.setup, self.rng.clone(), list(self.positions),
                        [list(hand) for hand in self.hands], list(self.deck),
                        list(self.discard), self.current, self.round, self.winner,
                        list(self.events), list(self.history))

    # --- the contract --------------------------------------------------------------------

    def current_seat(self) -> int:
        return self.current

    def is_terminal(self) -> bool:
        return self.current == TERMINAL

    def legal_actions(self, seat: int | None = None) -> tuple[ToyAction, ...]:
        seat = self.current if seat is None else seat
        if self.current == TERMINAL or seat != self.current:
            return ()
        return (WALK, ROLL, *PLAYS[:len(self.hands[seat])])

    def apply(self, action: ToyAction) -> None:
        """Play the current seat's choice (TOY-3..TOY-7); IllegalActionError, state
        unchanged, if it is not legal now."""
        legal = self.legal_actions()
        if action not in legal:
            raise not_legal_now(action, self.current, len(legal))
        seat = self.current
        self.history.append(index(action))
        if action.kind is Kind.WALK:
            self._move(seat, 1, (WALKED, seat))
        elif action.kind is Kind.ROLL:
            self._roll(seat)
        else:
            self._play(seat, action.arg)
        if self.current != TERMINAL:
            self._next_turn(seat)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * SEATS
        return [1.0 if seat == self.winner else -1.0 for seat in range(SEATS)]

    def view(self, seat: int) -> ToyView:
        """What `seat` may know (SPECTATOR: no hand; GAME_MASTER: both hands)."""
        own = seat if 0 <= seat < SEATS else None
        return ToyView(
            seat=seat, setup=self.setup, legal=self.legal_actions(own) if own is not None else (),
            positions=tuple(self.positions),
            hand=tuple(self.hands[own]) if own is not None else None,
            hands=tuple(map(tuple, self.hands)) if seat == GAME_MASTER else None,
            hand_counts=tuple(map(len, self.hands)), deck_count=len(self.deck),
            discard=tuple(self.discard), current=self.current, round=self.round,
            winner=self.winner, events=tuple(self.events))

    # --- the rules -----------------------------------------------------------------------

    def _move(self, seat: int, steps: int, event: Event) -> None:
        """Take `seat`'s lantern `steps` on (TOY-6), logging `event` with where it
        lands."""
        goal = self.setup.rules.goal
        target = self.positions[seat] + steps
        bounce = target > goal and self.setup.rules.overshoot == "bounce"
        self.positions[seat] = max(0, 2 * goal - target) if bounce else min(target, goal)
        self.events.append((*event, min(target, goal)))
        if bounce:
            self.events.append((BOUNCED, seat, self.positions[seat]))
        if self.positions[seat] == goal:
            self.events.append((FINISHED, seat))
            self._end(seat)

    def _roll(self, seat: int) -> None:
        face = self.rng.roll(self.setup.rules.die_sides)
        if face == 1:
            self.positions[seat] = max(0, self.positions[seat] - self.setup.rules.stumble)
            self.events.append((STUMBLED, seat, face, self.positions[seat]))
        else:
            self._move(seat, face, (ROLLED, seat, face))

    def _play(self, seat: int, slot: int) -> None:
        card_number = self.hands[seat].pop(slot)
        card = self.setup.cards.cards[card_number]
        self.discard.append(card_number)
        if card.steps:
            self._move(seat, card.steps, (PLAYED, seat, card_number))
        else:
            other = 1 - seat
            self.positions[other] = max(0, self.positions[other] - card.push)
            self.events.append((GUSTED, seat, card_number, self.positions[other]))
        if self.current != TERMINAL:
            self._draw(seat)

    def _draw(self, seat: int) -> None:
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.events.append((RESHUFFLED, -1))
        if self.deck:
            self.hands[seat].append(self.deck.pop())
            self.events.append((DREW, seat))

    def _next_turn(self, seat: int) -> None:
        """Pass the turn; at a round's end, the round limit (TOY-5, TOY-7)."""
        self.current = 1 - seat
        if self.current != self.setup.first:
            return
        limit = self.setup.rules.round_limit
        if limit is not None and self.round >= limit:
            ahead = max(range(SEATS), key=lambda s: self.positions[s])
            level = self.positions[0] == self.positions[1]
            self.events.append((TIMED_OUT, -1 if level else ahead))
            self._end(None if level else ahead)
        else:
            self.round += 1

    def _end(self, winner: int | None) -> None:
        self.winner = winner
        self.current = TERMINAL
