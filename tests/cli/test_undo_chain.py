"""The undo chain the tick tracker and the Initiative Break companion share
(`trackers.base.UndoChain`): every accepted change is one step; undo and redo walk the
chain and name the step; a chain handed to a fresh console (as the server's store does)
restores the same state; trimming keeps the newest steps and the current state."""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.trackers.systems import new_console

SESSIONS = {
    "exalted": (Path(__file__).parent / "golden" / "exalted_session.txt")
    .read_text(encoding="utf-8").splitlines()[:12],
    "ib": ["add Kaede side=heroes hp=10 speed=3 init=2",
           "add Ember side=foes hp=8 speed=4 init=5", "start", "damage Ember 5", "heal Ember 2"],
}


@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_undo_redo_restore_and_trim(system: str) -> None:
    out: list[str] = []
    console = new_console(system, out.append)
    states = [console.save_data()]
    for line in SESSIONS[system]:
        mark = console.marker()
        console.run(line)
        if console.marker() != mark:
            states.append(console.save_data())
    assert len(states) >= 4 and console.can_undo and not console.can_redo
    console.run("undo")
    assert out[-1].startswith("undone: ") and console.save_data() == states[-2]
    assert console.can_redo
    console.run("redo")
    assert out[-1].startswith("redone: ") and console.save_data() == states[-1]

    fresh = new_console(system, lambda _: None)
    fresh.restore_history(console.history_data())
    assert fresh.save_data() == states[-1] and fresh.marker() == console.marker()

    console.trim_history(2)
    data = console.history_data()
    assert len(data["chain"]) == 3 and data["pos"] == 2 and console.save_data() == states[-1]
    console.run("undo")
    console.run("undo")
    assert console.save_data() == states[-3] and not console.can_undo
    with pytest.raises(ValueError, match="nothing to undo"):
        console.run("undo")


@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_a_bad_history_is_refused(system: str) -> None:
    console = new_console(system, lambda _: None)
    data = console.history_data()
    with pytest.raises(ValueError, match="outside"):
        console.restore_history({**data, "pos": 5})
    with pytest.raises(ValueError, match="differ in number"):
        console.restore_history({**data, "labels": []})
