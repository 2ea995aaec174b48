"""`TerminalGame`: what one game adds to the terminal's shared commands, declared by the
game as its `terminal` part (games/registry.py `Parts.terminal`): its own options of
`initiative play` and the function that plays with them, and its own options of
`initiative bench` and the game they build. `PlayRequest` is what every game gets from
the shared options of `play`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from initiative.cli.console_io import Reader
from initiative.cli.game_command import GameOptions, Values

if TYPE_CHECKING:
    from rich.console import Console

    from initiative.engine.contract import Game


class OptionError(ValueError):
    """A command-line option the game cannot take; the message says which and why."""


@dataclass(frozen=True)
class PlayRequest:
    """The shared options of `initiative play` (every game's) and the terminal."""

    seed: int
    seat: int
    """--seat: the seat played here when no --human is given."""
    humans: tuple[int, ...]
    """--human: hotseat, every seat played at this keyboard."""
    watch: bool
    """--watch: every seat a bot, played to the end unattended."""
    bot: str
    """--bot: the bot at every other seat."""
    record: Path | None
    rules: tuple[str, ...]
    """--rule: house rules as `flag=value` text, for the game to read."""
    console: Console
    read: Reader

    def seats_here(self, alone: Sequence[int] = ()) -> list[int]:
        """The seats played at this keyboard: none with --watch, else the --human seats,
        else `alone` (the seats one person plays by default) or the --seat."""
        if self.watch:
            return []
        if self.humans:
            return sorted(set(self.humans))
        return list(alone) or [self.seat]


NO_OPTIONS = GameOptions()
"""A command with no options of the game's own."""
Play = Callable[[PlayRequest, Values], int]
"""Play one game with the shared options and the game's own option values; the exit
code. OptionError says which option the game cannot take."""
BenchGame = Callable[[Values], "Game[Any, Any]"]
"""The game `initiative bench` measures, from the game's own bench option values."""


@dataclass(frozen=True)
class TerminalGame:
    """A game at the terminal (`initiative play --game NAME`, `initiative bench`)."""

    play: Play
    play_options: GameOptions = NO_OPTIONS
    about: str = ""
    """What `play --help` says of the game and its own options."""
    bench_options: GameOptions = NO_OPTIONS
    bench_game: BenchGame | None = None
    """None: `load_game(name, **values)` of the bench options' values."""
