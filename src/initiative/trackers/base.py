"""What every tracker console offers its front ends, and the read-eval loop they share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

__all__ = [
    "ConsoleError", "Reader", "TrackerConsole", "UndoChain", "Writer", "chain_position",
    "run_lines",
]

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

    def rules_data(self) -> dict[str, Any]:
        """The house-rule flags in force."""
        ...

    def clone(self, write: Writer) -> TrackerConsole:
        """An independent copy (state and undo history) announcing through ``write``."""
        ...

    def fresh(self, write: Writer, rules: dict[str, Any], seed: int) -> TrackerConsole:
        """A new console of this system with the house-rule flags ``rules`` and ``seed``
        (what a tracker saved by ``save db:NAME`` is replayed on); ValueError for bad
        flags."""
        ...

    def history_data(self) -> dict[str, Any]:
        """The undo/redo history: ``chain`` (states, oldest first), ``pos`` (the current
        one) and whatever else the console needs to restore it."""
        ...

    def restore_history(self, data: dict[str, Any]) -> None:
        """Adopt :meth:`history_data` output; ValueError if it is inconsistent."""
        ...

    def trim_history(self, keep: int) -> None:
        """Forget undo steps more than ``keep`` behind the current state."""
        ...

    def marker(self) -> tuple[Any, ...]:
        """Changes whenever a command changes the console (state, undo or redo); cheap,
        because every change is an undo step."""
        ...


def chain_position(data: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
    """The states and the current position of a :meth:`TrackerConsole.history_data`."""
    chain = list(data["chain"])
    pos = int(data["pos"])
    if not 0 <= pos < len(chain):
        raise ValueError(f"history position {pos} outside 0..{len(chain) - 1}")
    return chain, pos


class UndoChain:
    """A console's undo/redo history as a chain of whole saved states, each with the
    label of the command that made it (``undone: LABEL``), and the current position.

    A console whose every change is one saved state (the tick tracker, the Initiative
    Break companion) mixes this in: it calls :meth:`_start_history` once, records each
    change with :meth:`_record` and implements :meth:`_adopt_state`; the undo and redo
    commands and the front ends' history calls (:class:`TrackerConsole`) come from
    here."""

    history: list[dict[str, Any]]
    labels: list[str]
    pos: int
    write: Writer

    def _start_history(self, state: dict[str, Any], label: str) -> None:
        self.history, self.labels, self.pos = [state], [label], 0

    def _record(self, state: dict[str, Any], label: str) -> None:
        """A new current state; whatever could have been redone is forgotten."""
        del self.history[self.pos + 1:]
        del self.labels[self.pos + 1:]
        self.history.append(state)
        self.labels.append(label)
        self.pos += 1

    def _adopt_state(self, state: dict[str, Any]) -> None:
        """Make ``state`` (one of the chain's) the console's current state."""
        raise NotImplementedError

    def _copy_history(self, other: UndoChain) -> None:
        """Give ``other`` (a clone) its own copy of this chain."""
        other.history, other.labels, other.pos = list(self.history), list(self.labels), \
            self.pos

    def _restore(self, pos: int) -> None:
        self.pos = pos
        self._adopt_state(self.history[pos])

    @property
    def can_undo(self) -> bool:
        return self.pos > 0

    @property
    def can_redo(self) -> bool:
        return self.pos + 1 < len(self.history)

    def cmd_undo(self, args: list[str], line: str) -> None:
        if self.pos == 0:
            raise ConsoleError("nothing to undo")
        label = self.labels[self.pos]
        self._restore(self.pos - 1)
        self.write(f"undone: {label}")

    def cmd_redo(self, args: list[str], line: str) -> None:
        if self.pos + 1 >= len(self.history):
            raise ConsoleError("nothing to redo")
        self._restore(self.pos + 1)
        self.write(f"redone: {self.labels[self.pos]}")

    def history_data(self) -> dict[str, Any]:
        return {"chain": list(self.history), "pos": self.pos, "labels": list(self.labels)}

    def restore_history(self, data: dict[str, Any]) -> None:
        chain, pos = chain_position(data)
        labels = [str(label) for label in data["labels"]]
        if len(labels) != len(chain):
            raise ValueError("history labels and states differ in number")
        self._adopt_state(chain[pos])
        self.history, self.labels, self.pos = chain, labels, pos

    def trim_history(self, keep: int) -> None:
        drop = max(0, self.pos - keep)
        if drop:
            del self.history[:drop]
            del self.labels[:drop]
            self.pos -= drop

    def marker(self) -> tuple[Any, ...]:
        # Every change is an undo step: it moves pos (a change, undo, redo or load).
        return self.pos, len(self.history)


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
