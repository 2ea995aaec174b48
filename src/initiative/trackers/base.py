"""What every tracker console offers its front ends, and the read-eval loop they share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["ConsoleError", "Reader", "TrackerConsole", "Writer", "run_lines"]

Reader = Callable[[str], "str | None"]
"""Gives one line after showing a prompt; None at the end of input."""
Writer = Callable[[str], None]


class ConsoleError(ValueError):
    """A malformed or refused command; the tracker's state is unchanged."""


class TrackerConsole(Protocol):
    """A tracker driven by text commands (``help`` lists them)."""

    system: str
    """``"exalted"`` or ``"faith"``."""
    prompt: str
    write: Writer

    def run(self, line: str) -> bool:
        """Execute one command line; False on ``quit``. Raises ValueError (the state
        unchanged) when the line is malformed or the rules refuse it."""
        ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def save_data(self) -> dict[str, Any]:
        """The save-file JSON: format tag, house rules and the whole state."""
        ...

    def load_data(self, data: dict[str, Any], label: str) -> None:
        """Adopt a saved state as one undoable step; ValueError if ``data`` is not one."""
        ...


def run_lines(console: TrackerConsole, read: Reader, write: Writer, *,
              strict: bool = False) -> int:
    """Feed ``read``'s lines to ``console`` until EOF or quit; print refusals as
    ``error: ...``. Returns 0, or 1 when ``strict`` and any command was refused."""
    errors = 0
    while True:
        line = read(console.prompt)
        if line is None:
            break
        try:
            if not console.run(line):
                break
        except (ValueError, OSError) as exc:
            errors += 1
            write(f"error: {exc}")
    return 1 if strict and errors else 0
