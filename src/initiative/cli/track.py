"""`initiative track exalted|faith|ib [SCRIPT] [--tui] [--rule FLAG=VALUE] [--db URL]`:
game-master trackers in line mode, one announcement line per change, with commands from
the keyboard or a script file; or, with ``--tui``, on a full-screen Textual view (order
table, log, command line). docs/trackers.md is the guide."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from initiative.cli.common import fail
from initiative.games.content_files import CONTENT_PATH_ENV

track_app = typer.Typer(help="Game-master trackers for other initiative systems "
                        "(type `help` inside for the commands).", no_args_is_help=True)

Script = Annotated[Path | None, typer.Argument(
    help="A file of commands, one per line (default: read the keyboard).")]
Tui = Annotated[bool, typer.Option(
    "--tui", help="Open the full-screen view (order table, log, command line; F1 help, "
    "ctrl+z/ctrl+y undo/redo, ctrl+n next, ctrl+q quit). With a SCRIPT, its lines run "
    "first and show in the log, then the view opens on the resulting state.")]
Rule = Annotated[list[str] | None, typer.Option(
    "--rule", metavar="FLAG=VALUE", help="A house rule (repeatable); `rules` inside lists "
    "the flags, docs/rules-interpretations.md section 5 explains them.")]
ContentPacks = Annotated[list[Path] | None, typer.Option(
    "--content-pack", metavar="FOLDER", envvar=CONTENT_PATH_ENV, help="A folder of your "
    "own content files (repeatable; default: $" + CONTENT_PATH_ENV + "): `add NAME "
    "side=SIDE as=CHARACTER` reads a Character's printed stats from it "
    "(docs/content-packs.md).")]
Db = Annotated[str | None, typer.Option(
    "--db", help="Database for `save db:NAME` / `load db:NAME` (default: "
    "$INITIATIVE_DB_URL, else SQLite in the user data directory).")]


def _rules(system: str, items: list[str] | None) -> dict[str, Any]:
    from initiative.trackers.systems import parse_house_rules

    flags, problems = parse_house_rules(system, items or [])
    if problems:
        raise fail("; ".join(p.replace("house rules: ", "--rule: ", 1) for p in problems))
    return flags


def _track(system: str, script: Path | None, tui: bool, rule: list[str] | None,
           db: str | None) -> None:
    flags = _rules(system, rule)
    if tui:
        from initiative.cli.track_tui import tui_main

        raise typer.Exit(tui_main(system, script, flags, db))
    from initiative.cli.track_lines import console_main

    raise typer.Exit(console_main(system, script, flags, db))


@track_app.command()
def exalted(script: Script = None, tui: Tui = False, rule: Rule = None, db: Db = None) -> None:
    """Exalted-style tick initiative: Join Battle, ticks, withering and decisive
    attacks, Crash and recovery, delays, flurries and timed effects, with undo, redo,
    save and load."""
    _track("exalted", script, tui, rule, db)


@track_app.command()
def faith(script: Script = None, tui: Tui = False, rule: Rule = None, db: Db = None) -> None:
    """FaithRPG card rounds: face-down commitments, the reveal, ties, waiting and
    confronting, the card limit and maintenance, with undo, redo, save and load."""
    _track("faith", script, tui, rule, db)


@track_app.command()
def ib(script: Script = None, tui: Tui = False, rule: Rule = None, db: Db = None,
       content_pack: ContentPacks = None) -> None:
    """Initiative Break table companion for the printed game: enter units by their
    printed stats (or by a Character of your content pack: add NAME side=SIDE
    as=CHARACTER) and what happened at the table; the engine's rules keep the
    Initiative Track, Round Marker, rounds, Time Collapse, Breaks, statuses, Charge and
    HP, with undo, redo, save and load."""
    if content_pack:  # the companion reads the packs where every IB command does
        os.environ[CONTENT_PATH_ENV] = os.pathsep.join(str(p) for p in content_pack)
    _track("ib", script, tui, rule, db)
