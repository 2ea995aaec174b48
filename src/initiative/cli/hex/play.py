"""`initiative play --game hex_skirmish`: the hex skirmish game at a terminal.

The loop is the host: it holds the state and gives each player only its own view (a
bot its `HexView`, a person the screen drawn from that view's dict by `hex_screen`).
Several people may share the keyboard (hotseat): before a different person's decision
the screen is cleared and the game waits for Enter, so nobody sees another's hand.
An answer is a menu number or a move text (`step NE`, `target 1`); `help`, `card NAME`,
`reach SEAT` and `map` answer without spending the decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import click
from rich.console import Console

from initiative.bots import make_bot
from initiative.cli import play_host
from initiative.cli.console_io import Reader
from initiative.cli.game_command import GameOptions, Values
from initiative.cli.hex import screen as hex_screen
from initiative.cli.hex.prompt import parse_choice, question
from initiative.cli.parts import OptionError, PlayRequest
from initiative.cli.play_host import Screens, check_seats, final_viewer, play_out
from initiative.engine.errors import InitiativeError
from initiative.engine.rng import SplitMix64
from initiative.games import load_game_as
from initiative.games.hex.actions import HexAction
from initiative.games.hex.flags import HexRules
from initiative.games.hex.game import HexGame
from initiative.games.hex.record import record_of
from initiative.games.hex.state import HexState

HANDOFF = "Pass the keyboard to {name}, then press Enter: "


@dataclass
class Table(play_host.Table):
    """One hex game at the terminal."""

    screens: ClassVar[Screens] = hex_screen

    def handoff(self, seat: int, view: Mapping[str, Any]) -> bool:
        """Clear the screen and wait for `seat`'s player; False if they quit instead."""
        if len(self.humans) < 2 or seat == self.last:
            return True
        self.console.clear()
        self.last = seat
        return self.read(HANDOFF.format(name=view["seat_names"][seat])) is not None

    def question(self, text: str, view: Mapping[str, Any], log_start: int) -> str | None:
        return question(text, view, log_start)

    def choice(self, text: str, view: Mapping[str, Any]) -> HexAction:
        return parse_choice(text, view["legal"])


def opening(game: HexGame, seed: int, humans: Sequence[int], bot_name: str) -> str:
    """The first lines: seed and board, then who plays each seat (by its one name,
    `SeatSetup.label`)."""
    setup = game.setup
    return "\n".join([f"Hex skirmish, seed {seed}, board {setup.board.name}:", *(
        f"  seat {i + 1}: {s.label}, Style {s.style.name}, "
        + ("played here" if i in humans else f"{bot_name} bot")
        for i, s in enumerate(setup.seats))])


def run(game: HexGame, seed: int, humans: Sequence[int], bot_name: str, console: Console,
        read: Reader, record_path: Path | None = None) -> int:
    """Play one game: the `humans` seats at this keyboard (none: every seat a bot, shown
    at the end as a spectator sees it), the bot `bot_name` at the others. The record,
    if asked for, is saved even when a player quits or the game stops on Ctrl-C or a
    crash. Returns the exit code (1: the record could not be written)."""
    state = game.new_initial_state(seed)
    seeds = SplitMix64(seed)
    bots = {seat: make_bot(bot_name, game, seeds.next64())
            for seat in range(game.num_seats) if seat not in humans}
    table = Table(console, read, list(humans))
    stopped = play_out(state, humans, bots, table.ask, console, lambda: record_path is None
                       or save_record(state, game, seed, record_path, console))
    table.finish(state.view(final_viewer(humans)).to_dict(), stopped)
    if record_path is not None:
        return save_record(state, game, seed, record_path, console)
    return 0


def save_record(state: HexState, game: HexGame, seed: int, path: Path,
                console: Console) -> int:
    """Write the game so far to `path`; the exit code (1: it could not be written)."""
    return play_host.save_record(lambda to: record_of(state, game, seed, with_log=True).save(to),
                                 path, console)


def rule_flags(items: Sequence[str]) -> dict[str, Any]:
    """`--rule flag=value` items as a dict (the loader checks names and values)."""
    return play_host.rule_flags(items, HexRules.names(), nulls=True)


def load(players: int | None, board: str | None, characters: str | None,
         rules: Sequence[str]) -> HexGame:
    """The game the options describe; an InitiativeError says what is wrong."""
    params: dict[str, Any] = {"rules": rule_flags(rules)}
    for key, value in (("players", players), ("board", board), ("characters", characters)):
        if value is not None:
            params[key] = value
    game = load_game_as(HexGame, "hex_skirmish", **params)
    return game


PLAY_OPTIONS = GameOptions((
    click.Option(["--players"], type=int, help="Players, 2 to 4 (default 2)."),
    click.Option(["--board"], help="The board key (default: the content's default board)."),
    click.Option(["--characters"], metavar="KEY+KEY",
                 help="One character key per seat, joined by + (e.g. a+b)."),
))
"""The hex game's own options of `initiative play`."""
BENCH_OPTIONS = GameOptions((
    click.Option(["--players"], type=int, default=2, show_default=True,
                 help="Players, 2 to 4."),
))
"""Its own options of `initiative bench` (the default board and characters)."""


def play_command(request: PlayRequest, own: Values) -> int:
    """`initiative play --game hex_skirmish`: check the options, say who plays, play.
    Bad options raise `OptionError` with the message for the user."""
    try:
        game = load(own["players"], own["board"], own["characters"], request.rules)
    except InitiativeError as exc:
        raise OptionError(str(exc)) from None
    here = request.seats_here()
    check_seats(here, game.num_seats, request.record)
    request.console.print(opening(game, request.seed, here, request.bot), markup=False,
                          highlight=False)
    return run(game, request.seed, here, request.bot, request.console, request.read,
               request.record)
