"""`initiative track faith`: the card-round console in line mode.

:func:`run_faith` reads one command per line until EOF or ``quit`` and writes one
announcement line per change or an ``error: ...`` line; :func:`console_main` runs it
on the keyboard or on a script file. The console itself is
:class:`initiative.trackers.faith.FaithConsole`.
"""

from __future__ import annotations

from pathlib import Path

from initiative.cli.console_io import run_console
from initiative.timing.cards_rules import CardRoundRules
from initiative.trackers.base import Reader, Writer, run_lines
from initiative.trackers.faith import BANNER, FaithConsole

__all__ = ["console_main", "run_faith"]


def run_faith(read: Reader, write: Writer, rules: CardRoundRules | None = None,
              seed: int = 0, *, strict: bool = False, db: str | None = None) -> int:
    """Run the GM console until end of input or ``quit`` (``db``: the database URL for
    ``save db:NAME``); returns 0 (or 1 when ``strict`` and any command was refused)."""
    write(BANNER)
    return run_lines(FaithConsole(write, rules, seed, db), read, write, strict=strict)


def console_main(file: Path | None, db: str | None = None) -> int:
    """The console on stdin/stdout, or on ``file`` (a script of commands, echoed)."""
    return run_console(file, lambda read, write, scripted: run_faith(read, write, db=db))
