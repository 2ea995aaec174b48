"""`initiative play [--game NAME]`: the options every game shares (seed, record, seats,
bots, house rules), defined once, plus the game's own from its `terminal` part
(cli/parts.py `TerminalGame`), which plays the game (cli/ib, cli/hex, cli/ti)."""

from __future__ import annotations

import secrets
from pathlib import Path

import click
import typer
from rich.console import Console

from initiative.bots import default_bot
from initiative.cli.common import fail
from initiative.cli.console_io import console_reader
from initiative.cli.game_command import Values, bot_option, check_game, run_for_game
from initiative.cli.parts import OptionError, PlayRequest, TerminalGame
from initiative.cli.play_host import check_bot
from initiative.engine.errors import InitiativeError
from initiative.games.registry import GameEntry, entries, entry, part

SHARED: tuple[click.Parameter, ...] = (
    click.Option(["--seed"], type=click.IntRange(min=0),
                 help="Game seed (default: random, printed)."),
    click.Option(["--record"], type=click.Path(path_type=Path),
                 help="Save the game record here (`initiative replay` tells it)."),
    click.Option(["--seat"], type=click.IntRange(1, 8), default=1, show_default=True,
                 help="Your seat, from 1 (the game's first)."),
    click.Option(["--human"], type=click.IntRange(1, 8), multiple=True,
                 help="Hotseat: a seat played by a person at this keyboard (repeatable; "
                      "the screen is cleared between them). Default: --seat."),
    click.Option(["--watch/--no-watch"], default=False,
                 help="Every seat a bot: play to the end unattended, then print the log."),
    click.Option(["--rule"], multiple=True, metavar="FLAG=VALUE",
                 help="House rule flag=value (repeatable; see `initiative rules --game "
                      "NAME`)."),
)
"""The options of `play` every game takes, but for `--bot` (`bot_option`: the game's
bots)."""



def play_game(ctx: typer.Context, game: str) -> None:
    """Run `initiative play --game GAME` with the arguments in `ctx.args`."""
    found = entry(check_game(game))
    try:
        terminal = part(found.name, "terminal", TerminalGame)
    except InitiativeError as exc:
        raise fail(f"--game: {exc}") from None
    bot = bot_option(found.name, "The bot at the other seats:", default_bot(found.name))
    run_for_game(ctx, "play", found.name, (*SHARED, bot), terminal.play_options,
                 lambda shared, own: _play(terminal, shared, own),
                 help_text(found, terminal),
                 lambda option: taken_by(option, found.name))


def _play(terminal: TerminalGame, shared: Values, own: Values) -> int:
    """Play with the shared options' values and the game's own; the exit code."""
    seed = secrets.randbelow(1 << 32) if shared["seed"] is None else shared["seed"]
    console = Console(highlight=False)
    request = PlayRequest(seed=seed, seat=shared["seat"] - 1,  # seats count from 1 here
                          humans=tuple(h - 1 for h in shared["human"]),
                          watch=shared["watch"], bot=shared["bot"], record=shared["record"],
                          rules=tuple(shared["rule"]), console=console,
                          read=console_reader(console))
    try:
        check_bot(request.bot)
        return terminal.play(request, own)
    except OptionError as exc:
        raise fail(str(exc)) from None


def help_text(game: GameEntry, terminal: TerminalGame) -> str:
    """`play --help` for `game`: what it plays, then how to see another game's options."""
    others = ", ".join(e.name for e in entries() if e.name != game.name)
    return (f"Play {game.title} at the terminal: you against bots, people sharing the "
            f"keyboard (--human) or bots alone (--watch). {terminal.about}\n\n"
            f"Another game's options: initiative play --game NAME --help (games: "
            f"{others}).")


def taken_by(option: str, game: str) -> str:
    """` It is an option of --game X.` when `option` is not `game`'s but another
    registered game's `play` takes it; else nothing."""
    takers = [e.name for e in entries()
              if e.name != game and e.parts.terminal and option in _names(e.name)]
    return f" It is an option of --game {' or '.join(takers)}." if takers else ""


def _names(game: str) -> set[str]:
    """Every option name of game `game`'s own `play` options (none if it cannot load)."""
    try:
        own = part(game, "terminal", TerminalGame).play_options
    except InitiativeError:
        return set()
    return {name for option in own.params for name in option.opts}
