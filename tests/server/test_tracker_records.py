"""Trackers in the store (trackers/records.py): a record per tracker, one event per
command that changed it, snapshots with the undo history, and reopening that gives the
live console's state bit for bit (compared through `save_data()`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.store import Store
from initiative.trackers import any_system, records, systems
from initiative.trackers.base import TrackerConsole
from initiative.trackers.records import TrackerRecord

FAITH_LINES = ["round", "commit Vessa 0", "commit Orrin top", "commit Talwyn 1",
               "commit Marek 2", "commit gm 0", "reveal", "undo", "redo", "next", "begin",
               "next", "begin", "end", "draw Vessa 2", "undo"]
EXALTED_LINES = ["add Ryo stamina=3 wits=3 awareness=2",
                 "add Sela stamina=2 wits=2 awareness=3 motes=10",
                 "add Brute npc stamina=4 wits=1 awareness=1",
                 "join Ryo 5", "join Sela roll stealth", "join Brute roll", "start", "next",
                 "withering Ryo Brute 3", "next", "undo", "redo", "act Sela strikes",
                 "next", "next"]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    opened = Store(f"sqlite:///{tmp_path / 'trackers.db'}")
    yield opened
    opened.close()


def new(store: Store, system: str, seed: int = 7, name: str = "Test") -> TrackerRecord:
    console = systems.new_console(system, records.quiet, {}, seed)
    if system == "faith":
        console.run("roster")
    return any_system.open_tracker(store, records.create_tracker(store, console, name))


def play(store: Store, record: TrackerRecord, lines: list[str]) -> None:
    for line in lines:
        records.append_line(store, record, line)


def same(a: TrackerConsole, b: TrackerConsole) -> bool:
    return a.save_data() == b.save_data() and (a.can_undo, a.can_redo) == (
        b.can_undo, b.can_redo)


@pytest.mark.parametrize(("system", "lines"), [("faith", FAITH_LINES),
                                               ("exalted", EXALTED_LINES)])
def test_reopen_replays_to_the_live_state(store: Store, system: str, lines: list[str]) -> None:
    record = new(store, system)
    play(store, record, lines)
    assert record.seq == len(store.events(record.id)) > 5
    again = any_system.open_tracker(store, record.id)
    assert again.seq == record.seq
    assert same(again.console, record.console)
    for line in ("undo", "undo", "redo"):  # the history came back too
        records.append_line(store, record, line)
        again.console.run(line)
        assert same(again.console, record.console)


def test_faith_lines_stored_under_the_old_next_still_replay(store: Store) -> None:
    """Issue 26 (FA-14): `next` used to begin the turn of whoever was up; it now
    announces, and moves on past an announced turn not begun. A record stored before
    (lines without `v`) still reopens: its `next [ACTION]` with nobody acting replays
    as `act UP [ACTION]`; lines stored since (`v` 2) replay as typed."""
    record = new(store, "faith")
    play(store, record, FAITH_LINES[:7])
    first, second = record.console.state.queue[:2]  # type: ignore[attr-defined]
    old = ["next strikes", "end", "next", "end"]
    for seq, line in enumerate(old, record.seq + 1):
        store.append(record.id, seq, {"line": line, "by": "gm"})
    again = any_system.open_tracker(store, record.id)
    state = again.console.state  # type: ignore[attr-defined]
    assert [state.status[n] for n in (first, second)] == ["acted", "acted"]
    assert f"{first} takes its turn (FA-12): strikes" in state.log_text()
    fresh = new(store, "faith")
    play(store, fresh, [*FAITH_LINES[:7], "next", "next"])
    assert store.events(fresh.id)[-1][1] == {"line": "next", "by": "gm", "v": 2}
    reopened = any_system.open_tracker(store, fresh.id).console.state  # type: ignore[attr-defined]
    assert reopened.status[first] == "passed"  # announced, then moved on (FA-A5)
    assert same(any_system.open_tracker(store, fresh.id).console, fresh.console)


def test_each_changing_command_is_one_event_with_who(store: Store) -> None:
    record = new(store, "faith")
    records.append_line(store, record, "round")
    records.append_line(store, record, "commit Vessa 1", by="Vessa")
    assert [e for _, e in store.events(record.id)] == [
        {"line": "round", "by": "gm", "v": 2},
        {"line": "commit Vessa 1", "by": "Vessa", "v": 2}]


def test_read_only_and_refused_commands_store_nothing(store: Store) -> None:
    record = new(store, "faith")
    before = record.console.save_data()
    assert records.append_line(store, record, "help")  # output, nothing stored
    assert records.append_line(store, record, "rules")
    with pytest.raises(ValueError, match="phase"):
        records.append_line(store, record, "reveal")
    with pytest.raises(ValueError, match="unknown command"):
        records.append_line(store, record, "bogus")
    with pytest.raises(ValueError, match="prepare_load"):  # its replay would need the file
        records.append_line(store, record, "load saved.json")
    assert store.events(record.id) == [] and record.seq == 0
    assert record.console.save_data() == before


def test_a_snapshot_every_n_events(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "SNAPSHOT_EVERY", 4)
    record = new(store, "exalted")
    play(store, record, EXALTED_LINES)
    loaded = store.load(record.id)
    assert record.seq >= 10
    assert loaded.snapshot_seq == record.seq - record.seq % 4
    assert len(loaded.events) == record.seq % 4
    assert same(any_system.open_tracker(store, record.id).console, record.console)


def test_undo_reaches_back_past_a_snapshot_after_reopening(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "SNAPSHOT_EVERY", 3)
    record = new(store, "faith")
    play(store, record, FAITH_LINES[:7])  # round, five commits, reveal: 7 events
    again = any_system.open_tracker(store, record.id)
    for _ in range(8):  # the seven commands, and loading the roster before creation
        records.append_line(store, record, "undo")
        again.console.run("undo")
        assert same(again.console, record.console)
    # the undo lines were stored too: a third copy replays them
    assert same(any_system.open_tracker(store, record.id).console, record.console)
    assert not record.console.can_undo and not record.console.state.roster


def test_undo_history_is_trimmed_alike_live_and_stored(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "SNAPSHOT_EVERY", 4)
    monkeypatch.setattr(records, "UNDO_KEEP", 2)
    record = new(store, "exalted")
    play(store, record, EXALTED_LINES[:4])  # snapshot at seq 4 trims to 2 undo steps
    again = any_system.open_tracker(store, record.id)
    assert same(again.console, record.console)
    for console in (record.console, again.console):
        console.run("undo")
        console.run("undo")
        assert not console.can_undo
    assert same(again.console, record.console)


def test_save_and_load_by_name(store: Store) -> None:
    out: list[str] = []
    console = systems.new_console("faith", out.append, {}, 3)
    for line in ("roster", "round", "commit Vessa 0"):
        console.run(line)
    record_id = records.save_to_store(store, console, "Night raid")
    assert [i.name for i in records.list_trackers(store)] == ["Night raid"]
    fresh = systems.new_console("faith", out.append)
    assert records.load_from_store(store, "Night raid", fresh) == record_id
    assert fresh.save_data() == console.save_data() and fresh.can_undo
    console.run("commit Orrin 1")
    assert records.save_to_store(store, console, "Night raid") == record_id  # one more step
    assert store.events(record_id)[-1][1]["label"] == "db:Night raid"
    assert records.load_from_store(store, record_id, fresh) == record_id  # by id too
    assert fresh.save_data() == console.save_data()
    with pytest.raises(ValueError, match="no tracker named 'Nope'"):
        records.load_from_store(store, "Nope", fresh)
    with pytest.raises(ValueError, match="faith tracker"):
        records.load_from_store(store, "Night raid", systems.new_console("exalted", out.append))
    with pytest.raises(ValueError, match="faith tracker, not exalted"):
        records.save_to_store(store, systems.new_console("exalted", out.append), "Night raid")


def test_bad_records_are_named(store: Store) -> None:
    with pytest.raises(ValueError, match="no record 'f00f00f00f'"):
        any_system.open_tracker(store, "f00f00f00f")
    table = store.create("table", "A table", {"x": 1})
    with pytest.raises(ValueError, match=f"record {table} is a 'table', not a tracker"):
        any_system.open_tracker(store, table)
    damaged = store.create(records.KIND, "Broken", {"format": "something/9"})
    with pytest.raises(ValueError, match=f"tracker record {damaged} is damaged: the "
                                         "snapshot at seq 0: format"):
        any_system.open_tracker(store, damaged)
    record = new(store, "faith")
    records.append_line(store, record, "round")
    store.append(record.id, 2, {"line": "reveal", "by": "gm"})  # refused on replay
    with pytest.raises(ValueError, match=rf"tracker record {record.id} is damaged: event "
                                         r"seq 2 .*does not replay: cannot reveal"):
        any_system.open_tracker(store, record.id)
    other = new(store, "exalted")
    store.append(other.id, 1, {"what": 1})
    with pytest.raises(ValueError, match=r"event seq 1 .*neither a line"):
        any_system.open_tracker(store, other.id)


def test_house_rules_are_checked_and_kept(store: Store) -> None:
    with pytest.raises(ValueError, match="unknown"):
        systems.new_console("faith", records.quiet, {"nope": 1})
    with pytest.raises(ValueError, match="unknown tracker system"):
        systems.new_console("chess", records.quiet)
    console = systems.new_console("exalted", records.quiet,
                                  {"show_npc_initiative_to_players": False})
    record = any_system.open_tracker(store, records.create_tracker(store, console, "Rules"))
    assert record.console.save_data()["rules"]["show_npc_initiative_to_players"] is False


@pytest.mark.parametrize(("system", "rules"), [
    ("exalted", {"show_npc_initiative_to_players": False}), ("faith", {"allow_pass": False})])
def test_a_console_builds_a_fresh_one_of_its_system_as_new_console_does(
        system: str, rules: dict[str, object]) -> None:
    """What `save db:NAME` / `load db:NAME` replay a stored tracker on (`records.reopen`):
    the record's house rules and seed, not those of the console asking."""
    asking = systems.new_console(system, records.quiet, {}, 1)
    fresh = asking.fresh(records.quiet, dict(rules), 7)
    expected = systems.new_console(system, records.quiet, dict(rules), 7)
    assert fresh.system == system
    assert fresh.rules_data() == expected.rules_data() != asking.rules_data()
    assert fresh.save_data() == expected.save_data()
    with pytest.raises(ValueError, match="nope"):
        asking.fresh(records.quiet, {"nope": 1}, 7)
