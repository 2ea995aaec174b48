"""`initiative track exalted|faith` in line mode: one command per line in, one
announcement line per change (or ``error: ...``) out, from the keyboard or a script
file. The consoles are :mod:`initiative.trackers`; this module only wires them to a
terminal."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from initiative.cli.console_io import run_console
from initiative.timing.cards_rules import CardRoundRules
from initiative.timing.ticks_rules import TickRules
from initiative.trackers.base import Reader, Writer, run_lines
from initiative.trackers.systems import TITLES, new_console

__all__ = ["console_main", "run_tracker"]


def run_tracker(system: str, read: Reader, write: Writer,
                rules: Mapping[str, Any] | TickRules | CardRoundRules | None = None,
                seed: int = 0, *, strict: bool = False, db: str | None = None) -> int:
    """Run ``system``'s console on ``read``'s lines (``db``: the database URL for
    ``save db:NAME``); 0, or 1 when ``strict`` and any command was refused."""
    flags = rules.to_dict() if isinstance(rules, TickRules | CardRoundRules) else rules
    console = new_console(system, write, dict(flags or {}), seed, db)
    return run_lines(console, read, write, strict=strict)


def console_main(system: str, file: Path | None, rules: Mapping[str, Any] | None = None,
                 db: str | None = None) -> int:
    """On the keyboard, or on the commands of ``file`` (echoed after the prompt; the exit
    code is 1 if one was refused, 2 if the file cannot be read)."""
    banner = f"{TITLES[system]} tracker: 'help' lists the commands, 'quit' leaves."
    return run_console(file, lambda read, write, scripted: run_tracker(
        system, read, write, rules, strict=scripted, db=db), banner)
