"""What one seat may know of a game of Lantern race (`ToyView`), and the game's log:
events as small tuples (`Event`), told in sentences only when someone reads them.

Every event is public (a draw says who drew, never the card), so every seat reads the
same log. A seat's view holds its own hand; of the other hand only its size; of the
deck only its size (its order is hidden from everyone); the discard pile face up.
Spectators see no hand; the game master sees both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from toy_game.actions import Kind, ToyAction, index
from toy_game.setup import ToySetup

from initiative.engine.contract import TERMINAL

Event = tuple[int, ...]
"""(code, seat, values...): see the codes below."""
WALKED, ROLLED, STUMBLED, PLAYED, GUSTED, BOUNCED, DREW, RESHUFFLED, FINISHED, TIMED_OUT = \
    range(10)
"""(WALKED, seat, to), (ROLLED, seat, face, to), (STUMBLED, seat, face, to),
(PLAYED, seat, card, to), (GUSTED, seat, card, other's to), (BOUNCED, seat, to),
(DREW, seat), (RESHUFFLED, -1), (FINISHED, seat), (TIMED_OUT, winner or -1)."""


def sentence(setup: ToySetup, event: Event) -> str:
    """One event in words."""
    code, seat = event[0], event[1]
    name = setup.names[seat] if seat >= 0 else ""
    other = setup.names[1 - seat] if seat >= 0 else ""
    if code == WALKED:
        return f"{name} walks to {event[2]}."
    if code == ROLLED:
        return f"{name} rolls {event[2]} and moves to {event[3]}."
    if code == STUMBLED:
        return f"{name} rolls {event[2]}, stumbles and falls back to {event[3]}."
    if code == PLAYED:
        return f"{name} plays {setup.cards.cards[event[2]].name} and moves to {event[3]}."
    if code == GUSTED:
        return (f"{name} plays {setup.cards.cards[event[2]].name}: {other}'s lantern is "
                f"blown back to {event[3]}.")
    if code == BOUNCED:
        return f"{name} overshoots the end and bounces back to {event[2]}."
    if code == DREW:
        return f"{name} draws a card."
    if code == RESHUFFLED:
        return "The discard pile is shuffled into a new deck."
    if code == FINISHED:
        return f"{name} reaches the end of the path and wins!"
    if code == TIMED_OUT:
        return ("The round limit is reached: the lanterns stand level, a draw." if seat < 0
                else f"The round limit is reached: {name} is furthest along and wins.")
    raise ValueError(f"unknown event {event!r}")


def action_label(action: ToyAction, setup: ToySetup, hand: Sequence[int]) -> str:
    """A choice in words for the seat that holds `hand`."""
    if action.kind is Kind.WALK:
        return "Walk 1 step"
    if action.kind is Kind.ROLL:
        return f"Roll the die (1 to {setup.rules.die_sides}; a 1 stumbles back " \
               f"{setup.rules.stumble})"
    card = setup.cards.cards[hand[action.arg]]
    return f"Play {card.name} ({card.text})"


@dataclass(frozen=True, slots=True)
class ToyView:
    """Everything `seat` may know (the engine's `View`; `legal` makes it a
    `DecisionView`, so the random bot plays from it)."""

    seat: int
    setup: ToySetup
    legal: tuple[ToyAction, ...]
    positions: tuple[int, ...]
    hand: tuple[int, ...] | None
    """The seat's own cards by number (None: a spectator)."""
    hands: tuple[tuple[int, ...], ...] | None
    """Both hands (the game master only)."""
    hand_counts: tuple[int, ...]
    deck_count: int
    discard: tuple[int, ...]
    current: int
    """The seat to decide, or TERMINAL."""
    round: int
    winner: int | None
    events: tuple[Event, ...]

    @property
    def over(self) -> bool:
        return self.current == TERMINAL

    def log(self) -> list[str]:
        return [sentence(self.setup, event) for event in self.events]

    def to_dict(self) -> dict[str, Any]:
        """Plain data, safe to send to the seat."""
        cards = self.setup.cards.cards

        def shown(hand: Sequence[int]) -> list[dict[str, Any]]:
            return [{"slot": slot, "key": cards[n].key, "name": cards[n].name,
                     "text": cards[n].text} for slot, n in enumerate(hand)]

        data: dict[str, Any] = {
            "seat": self.seat, "seat_names": list(self.setup.names),
            "goal": self.setup.rules.goal, "rules": self.setup.rules.to_dict(),
            "positions": list(self.positions), "hand_counts": list(self.hand_counts),
            "hand": None if self.hand is None else shown(self.hand),
            "deck_count": self.deck_count, "discard": [cards[n].name for n in self.discard],
            "current": self.current, "round": self.round, "winner": self.winner,
            "over": self.over, "log": [{"text": text} for text in self.log()],
            "legal": [{"index": index(a), "text": str(a),
                       "label": action_label(a, self.setup, self.hand or ())}
                      for a in self.legal]}
        if self.hands is not None:
            data["hands"] = [shown(hand) for hand in self.hands]
        return data
