"""`initiative track exalted|faith [SCRIPT]`: game-master trackers in line mode, one
announcement line per change; commands come from the keyboard or a script file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

track_app = typer.Typer(help="Game-master trackers for other initiative systems "
                        "(type `help` inside for the commands).", no_args_is_help=True)

Script = Annotated[Path | None, typer.Argument(
    help="A file of commands, one per line (default: read the keyboard).")]


@track_app.command()
def exalted(script: Script = None) -> None:
    """Exalted-style tick initiative: Join Battle, ticks, withering and decisive
    attacks, Crash and recovery, delays and flurries, with undo, redo, save and load."""
    from initiative.cli.track_exalted import console_main

    raise typer.Exit(console_main(script))


@track_app.command()
def faith(script: Script = None) -> None:
    """FaithRPG card rounds: face-down commitments, the reveal, ties, waiting and
    confronting, the card limit and maintenance, with undo, redo, save and load."""
    from initiative.cli.track_faith import console_main

    raise typer.Exit(console_main(script))
