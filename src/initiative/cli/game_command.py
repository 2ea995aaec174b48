"""Commands whose options depend on the game they play (`initiative play`, `bench`,
`simulate`): the command's own options, shared by every game, plus the game's options,
which the game declares in its part of that front end. `--game NAME` picks the game;
everything after it is parsed by one click command built from both sets of options, so
`initiative play --game hex_skirmish --help` lists the hex game's options too.

A command here is a typer command that takes `--game` and passes every other argument
on (`forward`); `run_for_game` builds the full command and runs it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import click
import typer

from initiative.engine.errors import InitiativeError
from initiative.games.registry import entry, registered_games

FORWARD: dict[str, Any] = {"ignore_unknown_options": True, "allow_extra_args": True,
                           "help_option_names": []}
"""The context settings of a typer command that forwards its arguments: options it does
not know (the game's) and `--help` go on to the game's command."""


@dataclass(frozen=True)
class GameOptions:
    """A game's own options of one command (`click.Option`s; their values reach the
    game's code by name)."""

    params: tuple[click.Parameter, ...] = ()


Values = dict[str, Any]
"""Option values by parameter name (click's names: `--opponent-team` is
`opponent_team`)."""


def check_game(name: str) -> str:
    """`name` if it is a registered game; else the error exit listing the games."""
    try:
        entry(name)
    except InitiativeError:
        typer.secho(f"error: --game: {name!r} is not one of "
                    f"{', '.join(registered_games())}", err=True, fg="red", bold=True)
        raise typer.Exit(2) from None
    return name


def bot_option(game: str, purpose: str, default: str | None) -> click.Option:
    """`--bot` for `game`: `purpose`, then its bots one a line, each with what it does
    and how strong it is (the game's bots part: `bots.bot_lines`). With a `default` it
    takes one bot; without, one per seat (`--bot`/`--bots`, repeated)."""
    from initiative.bots import bot_lines

    lines = "\n".join(f"{name}: {about}" for name, about in bot_lines(game))
    return click.Option(["--bot", *(("--bots", "bots") if default is None else ())],
                        default=default, show_default=default is not None,
                        multiple=default is None,
                        help=f"{purpose}\n\n\b\n{lines}\n\nAlso ismcts@N (N iterations a "
                             "choice) and ismcts@2s (seconds a choice).")


def run_for_game(ctx: typer.Context, command: str, game: str,
                 shared: Sequence[click.Parameter], own: GameOptions,
                 run: Callable[[Values, Values], int | None], help_text: str,
                 elsewhere: Callable[[str], str] | None = None) -> None:
    """Parse `ctx.args` with the `shared` options and the game's `own`, then
    `run(shared values, own values)`; a nonzero result is the exit code. Usage errors
    exit 2 with click's message (for an option the game does not take, followed by
    `elsewhere(option)`, e.g. which games take it); `--help` prints both sets of
    options."""
    own_names = {p.name for p in own.params}

    def callback(**values: Any) -> None:
        code = run({k: v for k, v in values.items() if k not in own_names},
                   {k: v for k, v in values.items() if k in own_names})
        if code:
            raise typer.Exit(code)

    full = click.Command(command, params=[*shared, *own.params], callback=callback,
                         help=help_text, context_settings={"max_content_width": 100})
    prog = f"{ctx.find_root().info_name or 'initiative'} {command} --game {game}"
    try:  # not standalone: an Exit's code comes back as the result
        code = full.main(args=list(ctx.args), prog_name=prog, standalone_mode=False)
    except click.ClickException as exc:
        if isinstance(exc, click.NoSuchOption) and elsewhere is not None:
            note = elsewhere(exc.option_name)
            if note:  # instead of click's guess at a likely typo
                exc = click.NoSuchOption(exc.option_name, exc.message + note, ctx=exc.ctx)
        exc.show()
        raise typer.Exit(exc.exit_code) from None
    except click.exceptions.Abort:
        raise typer.Exit(1) from None
    if isinstance(code, int) and code:
        raise typer.Exit(code)
