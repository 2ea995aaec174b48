"""What a game of Lantern race is set up with (`ToySetup`): its house rules, the two
seats' names, who goes first and its cards. A setup is also the game's public
description: everything in it is known to every seat (bots are built from it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from toy_game.cards import Cards
from toy_game.flags import ToyRules

SEATS = 2


@dataclass(frozen=True)
class ToySetup:
    rules: ToyRules
    names: tuple[str, ...]
    first: int
    """The seat that takes the first turn of every round (TOY-5)."""
    cards: Cards

    def to_params(self) -> dict[str, Any]:
        """The `load_game("toy", **params)` parameters that build this setup again."""
        return {"seat_names": list(self.names), "first": self.first,
                "rules": self.rules.changed()}
