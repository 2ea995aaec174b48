"""The example sessions of docs/trackers.md run as written, without a refused command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from initiative.trackers.exalted import ExaltedConsole
from initiative.trackers.faith import FaithConsole
from initiative.trackers.ib_companion import IBCompanionConsole

DOC = Path(__file__).resolve().parents[2] / "docs" / "trackers.md"


def blocks() -> list[list[str]]:
    """The command lines of each ```text block (comments after '#' removed)."""
    found = re.findall(r"```text\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [[line.split("#", 1)[0].strip() for line in b.splitlines()] for b in found]


@pytest.mark.parametrize(("index", "factory"), [(0, ExaltedConsole), (1, FaithConsole)])
def test_doc_session_runs(index: int, factory: type, tmp_path: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out: list[str] = []
    console = factory(out.append, db=f"sqlite:///{tmp_path / 'gm.db'}")
    lines = [line for line in blocks()[index] if line]
    assert len(lines) >= 9
    for line in lines:
        console.run(line)  # raises on a refused command
    if index == 0:
        assert (tmp_path / "bridge.json").exists()
        assert any("drops below" in line for line in out)
    else:
        assert any(line.startswith("Round 1 over") for line in out)


def test_doc_companion_session_runs() -> None:
    """The Initiative Break companion's example (IB 2.9.4, IB 3.7.6) runs as written."""
    out: list[str] = []
    console = IBCompanionConsole(out.append)
    lines = [line for line in blocks()[2] if line]
    for line in lines:
        console.run(line)  # raises on a refused command
    assert "track: Ember | Ash > Kaede" in out[-1]
