"""`LabAdapter`: what the lab needs to know of one game to play it and file its rows, and
`LabMatchup`: what the runner needs of any game's matchup.

`simulate.run` cuts a run into chunks of seeds and has each chunk played; the adapter
of the matchup's game (found by the game's registry name, `parts.lab_game`) says how one
seed becomes one row (`play_one`), which columns a row has and which of them are whole
numbers or booleans (so CSV and Parquet files read back typed), and what a row's
outcome is in the command's closing line. A game is played without its log (only the
events its row and its bots read are kept) unless `play_one` is told `log=True`; the
row is the same either way. The runner, the backends and the results
files know nothing else of a game. `seat_players` gives every game's `play_one` the
bots of its seats, seeded from the game's seed.

Rows of a game other than the flagship carry a `game` column naming it, which is how a
results file says which game it holds; the flagship's rows keep their historic columns.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import Field, dataclass
from typing import Any, ClassVar, NamedTuple, Protocol

from initiative.bots import AnyBot, make_bot
from initiative.bots.make import PublicGame
from initiative.engine.rng import SplitMix64

__all__ = ["BOT_SALT", "GAME_COLUMN", "LabAdapter", "LabMatchup", "PlayOne", "Players", "Row",
           "json_text", "seat_players"]

Row = dict[str, Any]
"""One game's result: column name -> value."""

GAME_COLUMN = "game"
"""The column naming the game of a row (absent from the flagship's rows)."""
BOT_SALT = 0xB075
"""Mixed into a game's seed to seed its bots."""


class LabMatchup(Protocol):
    """What the lab plays of some game: a frozen dataclass that names its game, builds
    the game of a seed, and holds the values a run changes (`overrides`: a sweep adds
    one per value)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    game_name: ClassVar[str]
    """The registry name of the game (the lab part that plays it is found by it)."""

    @property
    def overrides(self) -> tuple[tuple[str, Any], ...]: ...

    def game(self, seed: int) -> object:
        """The game of seed `seed`; a ConfigError for a bad matchup or override."""
        ...


class PlayOne(Protocol):
    """Plays the game of `seed` and makes its row; with `log`, the game keeps its whole
    event log (else only the events its row and bots read: the same row, sooner)."""

    def __call__(self, matchup: Any, seed: int, param: str = "", value: Any = "", *,
                 log: bool = False) -> Row: ...


@dataclass(frozen=True)
class LabAdapter:
    """How the lab plays one game and files its results."""

    game: str
    """The registry name of the game."""
    columns: tuple[str, ...]
    """Every column of a row, in file order."""
    ints: tuple[str, ...]
    """The columns holding whole numbers."""
    bools: tuple[str, ...]
    """The columns holding booleans."""
    play_one: PlayOne
    """`play_one(matchup, seed, param, value, log=False)`: the row of the game of
    `seed`."""
    outcome: Callable[[Row], str]
    """A row's outcome as the closing line of `initiative simulate` counts it (the
    winning side, the seat, solved or how it was lost)."""


def json_text(data: Any) -> str:
    """A compact JSON text with sorted keys (the per-seat figures of a row), so CSV and
    Parquet hold the same strings."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class SeatedGame(PublicGame, Protocol):
    """What the bots of a game's seats are made from: the game's name, its public
    description and its number of seats."""

    @property
    def num_seats(self) -> int: ...


class Players(NamedTuple):
    """The bots of a game's seats and their names, in seat order."""

    names: list[str]
    bots: list[AnyBot]


def seat_players(bots: Sequence[str], game: SeatedGame, seed: int) -> Players:
    """A bot per seat of `game`, named by `bots` (cycled over the seats), each seeded from
    the game's `seed` (so a row depends on its seed alone)."""
    rng = SplitMix64(seed ^ BOT_SALT)
    names = [bots[s % len(bots)] for s in range(game.num_seats)]
    return Players(names, [make_bot(name, game, rng.next64()) for name in names])
