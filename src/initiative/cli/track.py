"""`initiative track exalted|faith [SCRIPT] [--tui]`: game-master trackers in line mode,
one announcement line per change, with commands from the keyboard or a script file; or,
with ``--tui``, on a full-screen Textual view (order table, log, command line)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

track_app = typer.Typer(help="Game-master trackers for other initiative systems "
                        "(type `help` inside for the commands).", no_args_is_help=True)

Script = Annotated[Path | None, typer.Argument(
    help="A file of commands, one per line (default: read the keyboard).")]
Tui = Annotated[bool, typer.Option(
    "--tui", help="Open the full-screen view (order table, log, command line; F1 help, "
    "ctrl+z/ctrl+y undo/redo, ctrl+n next, ctrl+q quit). With a SCRIPT, its lines run "
    "first and show in the log, then the view opens on the resulting state.")]


def _tui(system: str, script: Path | None) -> None:
    from initiative.cli.track_tui import tui_main

    raise typer.Exit(tui_main(system, script))


@track_app.command()
def exalted(script: Script = None, tui: Tui = False) -> None:
    """Exalted-style tick initiative: Join Battle, ticks, withering and decisive
    attacks, Crash and recovery, delays and flurries, with undo, redo, save and load."""
    if tui:
        _tui("exalted", script)
    from initiative.cli.track_exalted import console_main

    raise typer.Exit(console_main(script))


@track_app.command()
def faith(script: Script = None, tui: Tui = False) -> None:
    """FaithRPG card rounds: face-down commitments, the reveal, ties, waiting and
    confronting, the card limit and maintenance, with undo, redo, save and load."""
    if tui:
        _tui("faith", script)
    from initiative.cli.track_faith import console_main

    raise typer.Exit(console_main(script))
