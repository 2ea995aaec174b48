"""`TIMatchup`: what the lab plays of The Initiative.

A matchup names the players, the mission (None: the campaign's first, TI-2), a
character per seat (none: the loader's defaults), a bot per seat, house rules and
`overrides` (`rules.FLAG` values a sweep changes). The game is the same for every seed;
the seed deals it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Final

from initiative.games import load_game_as
from initiative.games.ti.game import TIGame
from initiative.lab.matchup_rules import check_characters, rules_with_overrides

__all__ = ["GAME", "TIMatchup"]

GAME: Final = "the_initiative"


@dataclass(frozen=True)
class TIMatchup:
    """What to simulate: players, mission (None: the campaign's first), a character key
    per seat (none: the loader's defaults), a bot per seat (cycled), rule flags, and
    `overrides` (`rules.FLAG` values a sweep changes)."""

    game_name: ClassVar[str] = GAME
    players: int = 2
    mission: str | None = None
    characters: tuple[str, ...] = ()
    bots: tuple[str, ...] = ("heuristic",)
    rules: dict[str, Any] = field(default_factory=dict)
    overrides: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        check_characters(self.characters, self.players)

    def all_rules(self) -> tuple[tuple[str, Any], ...]:
        """The rule flags with the overrides applied (`rules.FLAG` or a bare flag)."""
        return rules_with_overrides(GAME, self.rules, self.overrides)

    def game(self, seed: int) -> TIGame:
        """The game of this matchup (the same for every seed)."""
        return _game(self.players, self.mission, self.characters, self.all_rules())


@lru_cache(maxsize=64)
def _game(players: int, mission: str | None, characters: tuple[str, ...],
          rules: tuple[tuple[str, Any], ...]) -> TIGame:
    """The game of these parameters, built once per process."""
    params: dict[str, Any] = {"players": players, "rules": dict(rules)}
    if mission is not None:
        params["mission"] = mission
    if characters:
        params["characters"] = list(characters)
    game = load_game_as(TIGame, GAME, **params)
    return game
