"""`save` / `load` / `saved` in both tracker consoles: JSON files and `db:NAME` records
in the project's database (a SQLite file here), each load one undoable step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from initiative.trackers.base import ConsoleError
from initiative.trackers.exalted import ExaltedConsole
from initiative.trackers.faith import FaithConsole

FIGHT = ["add Ryo stamina=3 wits=3 awareness=2", "add Brute npc stamina=4 wits=1 awareness=1",
         "join Ryo 5", "join Brute 2", "start"]


def exalted(db: Path, out: list[str]) -> ExaltedConsole:
    return ExaltedConsole(out.append, db=f"sqlite:///{db}")


def test_exalted_database_save_and_load_round_trip(tmp_path: Path) -> None:
    out: list[str] = []
    c = exalted(tmp_path / "t.db", out)
    for line in [*FIGHT, "next", "withering Ryo Brute 3", "save db:Bridge"]:
        c.run(line)
    saved = c.save_data()
    assert out[-1].startswith("saved to the database as 'Bridge' (record ")
    fresh_out: list[str] = []
    fresh = exalted(tmp_path / "t.db", fresh_out)  # a new session on the same database
    fresh.run("saved")
    assert fresh_out[-1].startswith("  Bridge  (round 1, combat; record ")
    fresh.run("load db:Bridge")
    assert fresh.save_data() == saved
    assert fresh_out[-1] == "loaded db:Bridge: phase combat, round 1, 2 character(s)"
    fresh.run("undo")  # the load is one undoable step
    assert fresh.tracker.fighters == {}


def test_saving_again_under_a_name_updates_that_record(tmp_path: Path) -> None:
    out: list[str] = []
    c = exalted(tmp_path / "t.db", out)
    for line in [*FIGHT, "save db:Bridge", "next", "withering Ryo Brute 3", "save db:Bridge"]:
        c.run(line)
    other = exalted(tmp_path / "t.db", [])
    other.run("load db:Bridge")
    assert other.tracker.initiative("Brute") == 2
    listing: list[str] = []
    exalted(tmp_path / "t.db", listing).run("saved")
    assert len(listing) == 1


def test_database_errors_name_the_problem_and_change_nothing(tmp_path: Path) -> None:
    c = exalted(tmp_path / "t.db", [])
    for line in FIGHT:
        c.run(line)
    before = c.save_data()
    with pytest.raises(ConsoleError, match="no tracker named 'nope' in the database"):
        c.run("load db:nope")
    with pytest.raises(ConsoleError, match="NAME must not be empty"):
        c.run("save db:")
    faith = FaithConsole(lambda _: None, db=f"sqlite:///{tmp_path / 't.db'}")
    faith.run("roster")
    faith.run("save db:Market")
    with pytest.raises(ConsoleError, match="is a faith tracker"):
        c.run("load db:Market")
    assert c.save_data() == before


def test_faith_file_and_database_saves_agree(tmp_path: Path) -> None:
    out: list[str] = []
    c = FaithConsole(out.append, db=f"sqlite:///{tmp_path / 't.db'}")
    for line in ["roster", "round Vessa Orrin Reeve", "commit Vessa 0", "commit Orrin top",
                 "commit gm", "reveal"]:
        c.run(line)
    c.run(f"save {tmp_path / 'round.json'}")
    c.run("save db:Market")
    data = json.loads((tmp_path / "round.json").read_text(encoding="utf-8"))
    assert data == c.save_data()
    other = FaithConsole(lambda _: None, db=f"sqlite:///{tmp_path / 't.db'}")
    other.run("load db:Market")
    assert other.save_data() == data
    other2 = FaithConsole(lambda _: None)
    other2.run(f"load {tmp_path / 'round.json'}")
    assert other2.state.to_dict() == c.state.to_dict()
    with pytest.raises(ConsoleError, match="cannot read"):
        other2.run(f"load {tmp_path / 'missing.json'}")
