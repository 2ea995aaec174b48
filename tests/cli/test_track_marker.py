"""`marker()` is cheap because every change of a console is an undo step: over the two
golden sessions, a command changes the saved state or the undo history exactly when it
changes the marker (the database stores a command only then)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from initiative.trackers.systems import new_console

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("system", ["exalted", "faith"])
def test_marker_changes_exactly_with_the_console(system: str) -> None:
    console = new_console(system, lambda _: None)
    lines = (GOLDEN / f"{system}_session.txt").read_text(encoding="utf-8").splitlines()
    changed = unchanged = 0
    for line in [*lines, "undo", "undo", "redo", "order", "log", "bogus", "help"]:
        before = (console.save_data(), console.history_data())
        mark = console.marker()
        with contextlib.suppress(ValueError):
            console.run(line)
        moved = (console.save_data(), console.history_data()) != before
        assert moved == (console.marker() != mark), line
        changed += moved
        unchanged += not moved
    assert changed > 30 and unchanged > 5
