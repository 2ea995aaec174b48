"""`HexMatchup`: what the lab plays of the hex skirmish game.

A matchup names the players, the board, a character per seat (`random`: drawn afresh
from each game's seed), a bot per seat, house rules and `overrides` (`rules.FLAG`
values a sweep changes). Everything that varies between games comes from the seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Final

from initiative.engine.rng import SplitMix64
from initiative.games import load_game_as
from initiative.games.hex.game import HexGame
from initiative.lab.matchup_rules import check_characters, rules_with_overrides

__all__ = ["GAME", "RANDOM", "HexMatchup", "draw_characters"]

GAME: Final = "hex_skirmish"
RANDOM: Final = "random"
"""A character named this is drawn for its seat from the seed of each game."""
DRAW_SALT: Final = 0x4E8C


@dataclass(frozen=True)
class HexMatchup:
    """What to simulate: players, board (None: the content's default), a character key
    or `random` per seat (none: the loader's defaults), a bot per seat (cycled), rule
    flags, and `overrides` (`rules.FLAG` values a sweep changes)."""

    game_name: ClassVar[str] = GAME
    players: int = 2
    board: str | None = None
    characters: tuple[str, ...] = ()
    bots: tuple[str, ...] = ("random",)
    rules: dict[str, Any] = field(default_factory=dict)
    overrides: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        check_characters(self.characters, self.players)

    def all_rules(self) -> tuple[tuple[str, Any], ...]:
        """The rule flags with the overrides applied (`rules.FLAG` or a bare flag)."""
        return rules_with_overrides(GAME, self.rules, self.overrides)

    def game(self, seed: int) -> HexGame:
        """The game of seed `seed` (its `random` characters drawn from the seed)."""
        base = _game(self.players, self.board, None, self.all_rules())
        if not self.characters:
            return base
        return _game(self.players, self.board, draw_characters(base, self.characters, seed),
                     self.all_rules())


@lru_cache(maxsize=64)
def _game(players: int, board: str | None, characters: tuple[str, ...] | None,
          rules: tuple[tuple[str, Any], ...]) -> HexGame:
    """The game of these parameters, built once per process."""
    params: dict[str, Any] = {"players": players, "rules": dict(rules)}
    if board is not None:
        params["board"] = board
    if characters is not None:
        params["characters"] = list(characters)
    game = load_game_as(HexGame, GAME, **params)
    return game


def draw_characters(game: HexGame, wanted: Sequence[str], seed: int) -> tuple[str, ...]:
    """`wanted` with each `random` replaced by a character of `game`'s content drawn from
    `seed` (the same seed always draws the same ones)."""
    pool = sorted(game.setup.content.characters)
    rng = SplitMix64((seed * 0x9E3779B97F4A7C15 + DRAW_SALT) & (2**64 - 1))
    return tuple(pool[rng.below(len(pool))] if key == RANDOM else key for key in wanted)
