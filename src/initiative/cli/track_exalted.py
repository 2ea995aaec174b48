"""`initiative track exalted`: the tick-initiative console in line mode.

:func:`run_exalted` reads one command per line until EOF or ``quit`` and writes one
line per change or an ``error: ...`` line; :func:`console_main` runs it on the keyboard
or on a script file. The console itself is :class:`initiative.trackers.exalted.ExaltedConsole`.
"""

from __future__ import annotations

from pathlib import Path

from initiative.cli.console_io import run_console
from initiative.timing.ticks import TickRules
from initiative.trackers.base import Reader, Writer, run_lines
from initiative.trackers.exalted import ExaltedConsole

__all__ = ["console_main", "run_exalted"]

BANNER = "Exalted tick initiative tracker; 'help' lists the commands, 'quit' leaves."


def run_exalted(read: Reader, write: Writer, rules: TickRules | None = None, seed: int = 0,
                *, strict: bool = False, db: str | None = None) -> int:
    """Run the REPL (``db``: the database URL for ``save db:NAME``); returns 0 (or 1
    when ``strict`` and any command was refused)."""
    return run_lines(ExaltedConsole(write, rules, seed, db), read, write, strict=strict)


def console_main(file: Path | None, db: str | None = None) -> int:
    """Run on stdin/stdout, or on the commands of ``file`` (echoed, for scripting;
    the exit code is 1 if any command there was refused)."""
    return run_console(
        file, lambda read, write, scripted: run_exalted(read, write, strict=scripted, db=db),
        BANNER)
