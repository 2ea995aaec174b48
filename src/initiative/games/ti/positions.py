"""Reading the parts of a "ti-position/1" (notation.py) in The Initiative's vocabulary:
seats, rooms, cards (by key), tokens, doors, enemies, windows and piles, each checked
against the setup and named by its place when it is wrong
(``position.hands[1][2]: unknown card 'circle-13' (cards: ...)``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from initiative.engine.notation import fail, integer, listing, short, word
from initiative.games.ti.actions import PILES
from initiative.games.ti.setup import TISetup
from initiative.games.ti.specs import TokenSpec


class Reader:
    """What reading one position needs: its setup, and the names of its numbered
    things (cards by key; rooms, tokens, doors, enemies, windows by index)."""

    def __init__(self, setup: TISetup) -> None:
        self.setup = setup
        self.seats = setup.num_seats
        self.rooms = len(setup.board.rooms)
        self.tokens = setup.num_tokens
        self.doors = len(setup.mission.doors)
        self.enemies = len(setup.mission.enemies)
        self.windows = len(setup.mission.windows)
        self.keys = [card.key for card in setup.content.cards]
        self.card_ids = {key: i for i, key in enumerate(self.keys)}

    # --- numbered things ----------------------------------------------------------

    def seat(self, value: Any, path: str) -> int:
        return integer(value, path, 0, self.seats - 1)

    def seat_or_none(self, value: Any, path: str) -> int | None:
        return None if value is None else self.seat(value, path)

    def room(self, value: Any, path: str) -> int:
        return integer(value, path, 0, self.rooms - 1)

    def room_or_none(self, value: Any, path: str) -> int | None:
        return None if value is None else self.room(value, path)

    def token(self, value: Any, path: str) -> int:
        return integer(value, path, 0, self.tokens - 1)

    def token_or_none(self, value: Any, path: str) -> int | None:
        return None if value is None else self.token(value, path)

    def enemy(self, value: Any, path: str) -> int:
        return integer(value, path, 0, self.enemies - 1)

    def enemy_or_none(self, value: Any, path: str) -> int | None:
        return None if value is None else self.enemy(value, path)

    def pile(self, value: Any, path: str) -> int:
        return PILES.index(word(value, path, PILES))

    def card(self, value: Any, path: str) -> int:
        if not isinstance(value, str) or value not in self.card_ids:
            fail(path, f"unknown card {short(value)} (cards: {', '.join(self.keys)})")
        return self.card_ids[value]

    # --- lists of them ------------------------------------------------------------

    def cards(self, value: Any, path: str) -> list[int]:
        return [self.card(v, f"{path}[{i}]") for i, v in enumerate(listing(value, path))]

    def token_list(self, value: Any, path: str) -> list[int]:
        out = [self.token(v, f"{path}[{i}]") for i, v in enumerate(listing(value, path))]
        _once(out, path)
        return out

    def seat_list(self, value: Any, path: str) -> list[int]:
        out = [self.seat(v, f"{path}[{i}]") for i, v in enumerate(listing(value, path))]
        _once(out, path)
        return out

    def booleans(self, value: Any, path: str, length: int) -> list[bool]:
        out = []
        for i, v in enumerate(listing(value, path, length)):
            if not isinstance(v, bool):
                fail(f"{path}[{i}]", f"expected true or false, got {short(v)}")
            out.append(v)
        return out

    # --- what things are ----------------------------------------------------------

    def spec(self, token: int) -> TokenSpec | None:
        """A clue token's face, or None for a feature token."""
        clues = self.setup.clue_tokens
        return clues[token] if token < len(clues) else None

    def feature_kind(self, token: int) -> str | None:
        """A feature token's kind, or None for a clue token."""
        clues = len(self.setup.clue_tokens)
        return None if token < clues else self.setup.features[token - clues].kind

    def kind(self, token: int) -> str:
        spec = self.spec(token)
        return spec.kind if spec is not None else str(self.feature_kind(token))

    def card_names(self, cards: Iterable[int]) -> str:
        counted = Counter(cards)
        return ", ".join(f"{n} {self.keys[c]}" if n > 1 else self.keys[c]
                         for c, n in sorted(counted.items())) or "none"


def _once(items: list[int], path: str) -> None:
    seen: set[int] = set()
    for i, item in enumerate(items):
        if item in seen:
            fail(f"{path}[{i}]", f"{item} is listed twice")
        seen.add(item)
