"""`initiative`: play any registered game in the terminal, replay records, benchmark, list
house rules; plus the lab's commands, the web table, the trackers and each game's own
commands. Game-neutral: a game's options, records, rules and commands are its parts,
found by name through the registry (games/registry.py); every subcommand loads what it
needs only when it runs, so `initiative --help` imports no game."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from initiative.cli.commands import LazyCommands
from initiative.cli.common import fail
from initiative.cli.game_command import FORWARD, check_game
from initiative.cli.serve import serve
from initiative.cli.track import track_app
from initiative.engine.errors import InitiativeError
from initiative.games.parts import RulesListing
from initiative.games.registry import DEFAULT_GAME, Command, part

GameOption = Annotated[str, typer.Option(
    "--game", help="The game (a registered name); `--game NAME --help` lists its options.")]


class Initiative(LazyCommands):
    """The `initiative` group: its commands below, the lab's and every game's own."""

    lazy = (
        Command("simulate", "initiative.cli.lab:simulate",
                "Play many games of one matchup (any game: --game NAME) and write one "
                "result row per game."),
        Command("report", "initiative.cli.report:report",
                "Report simulated games of any game: win rates with 95% intervals, "
                "advantages, game length and the game's own figures."),
    )


app = typer.Typer(
    cls=Initiative,
    add_completion=False,
    no_args_is_help=True,
    help="The initiative games in the terminal: play, replay records, benchmark, house "
         "rules, simulate and report; the web table; trackers; each game's own tools.",
)


@app.command(context_settings=FORWARD)
def play(ctx: typer.Context, game: GameOption = DEFAULT_GAME) -> None:
    """Play a game at the terminal: against bots, hotseat or bots alone.

    `initiative play --help` lists the default game's options and every game's name;
    `--game NAME --help` that game's options."""
    from initiative.cli.play import play_game

    play_game(ctx, game)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record saved by `play --record` (any "
                                         "game; its format tag names the game).")],
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="Show every move and hidden card (game-master log).")] = False,
    position_after: Annotated[int | None, typer.Option(
        min=0, help="Print instead the position (the game's position notation, "
        "docs/notation.md) after this many moves (0: the start), every hand and deck "
        "included.")] = None,
    between: Annotated[bool, typer.Option(
        help="With --position-after: play the record's next moves on to the point between "
        "two activations (Initiative Break) and print the position there.")] = False,
) -> None:
    """Replay a game record and print its log and result (or a position in it)."""
    from initiative.cli.replay import position_after as position_in_record
    from initiative.cli.replay import replay_file

    if between and position_after is None:
        raise fail("--between needs --position-after", 2)
    try:
        if position_after is not None:
            typer.echo(position_in_record(file, position_after, between), nl=False)
            return
        lines = replay_file(file, verbose)
    except (InitiativeError, OSError) as exc:
        raise fail(str(exc), 1) from None
    for line in lines:
        typer.echo(line)


@app.command(context_settings=FORWARD)
def bench(ctx: typer.Context, game: GameOption = DEFAULT_GAME) -> None:
    """Benchmark the engine with random-vs-random games; one `name: value` per figure.

    `initiative bench --game NAME --help` lists the game's options."""
    from initiative.cli.bench import bench_game

    bench_game(ctx, game)


@app.command()
def rules(game: Annotated[str, typer.Option(
        "--game", help="The game (a registered name).")] = DEFAULT_GAME) -> None:
    """Explain every house-rule flag of a game in a line: default, other values, rule id."""
    from initiative.cli.rules import rules_text

    try:
        listing = part(check_game(game), "rules", RulesListing)
    except InitiativeError as exc:
        raise fail(f"--game: {exc}") from None
    Console(highlight=False, soft_wrap=True).print(rules_text(listing))


@app.command()
def lint(
    files: Annotated[list[Path] | None, typer.Argument(
        metavar="[FILE]...", help="Content files (default: the game's shipped content).")
    ] = None,
    game: Annotated[str, typer.Option(
        "--game", help="Whose content (a registered name with a content linter).")
    ] = DEFAULT_GAME,
) -> None:
    """Check a game's content files against its schema and what its rules read; exit 1
    on errors (the same check as `cards lint --game` and `mission validate`)."""
    from initiative.cli.lint import lint_files

    lint_files(check_game(game), files or [])


app.command()(serve)
app.add_typer(track_app, name="track")


def main() -> None:
    """Entry point of the `initiative` script."""
    for stream in (sys.stdout, sys.stderr):  # an ASCII terminal gets `?`, not a crash
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    app()


if __name__ == "__main__":
    main()
