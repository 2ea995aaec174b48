"""Records: create, append, load, list, delete; conflicts and bad input change nothing."""

from __future__ import annotations

import math
from datetime import UTC

import pytest

from initiative.engine.errors import InitiativeError
from initiative.store import ConflictError, Loaded, Store, StoreError


def _fill(store: Store, record_id: str, upto: int) -> None:
    for seq in range(1, upto + 1):
        store.append(record_id, seq, {"action": f"a{seq}", "n": seq})


def test_create_append_load_round_trip(store: Store) -> None:
    snapshot = {"round": 1, "units": [{"hp": 10, "name": "Ash"}], "none": None, "f": 0.5}
    record_id = store.create("campaign", "The long night", snapshot, {"chapter": 1})
    assert len(record_id) == 32 and int(record_id, 16) >= 0
    fresh = store.load(record_id)
    assert (fresh.snapshot_seq, fresh.snapshot, fresh.events) == (0, snapshot, [])
    info = fresh.info
    assert (info.id, info.kind, info.name, info.status, info.head, info.summary) == (
        record_id, "campaign", "The long night", "active", 0, {"chapter": 1})
    assert info.created.tzinfo == UTC and info.created == info.updated

    _fill(store, record_id, 3)
    loaded = store.load(record_id)
    assert loaded.info.head == 3 and loaded.snapshot_seq == 0 and loaded.snapshot == snapshot
    assert loaded.events == [(n, {"action": f"a{n}", "n": n}) for n in (1, 2, 3)]
    assert loaded.info.updated > info.updated and loaded.info.created == info.created
    assert store.events(record_id) == loaded.events
    assert store.events(record_id, after=2) == loaded.events[2:]
    assert store.info(record_id) == loaded.info


def test_payloads_keep_unicode_and_nesting(store: Store) -> None:
    payload = {"name": "Ælfwyn ⚔", "deep": {"a": [1, [2, {"b": True}]]}, "big": 2**40}
    record_id = store.create("campaign", "Ünïcode", payload)
    store.append(record_id, 1, payload)
    loaded = store.load(record_id)
    assert loaded.snapshot == payload and loaded.events == [(1, payload)]
    assert loaded.info.name == "Ünïcode"


def test_duplicate_seq_is_a_conflict_and_changes_nothing(store: Store) -> None:
    record_id = store.create("campaign", "c", {"s": 0})
    _fill(store, record_id, 2)
    before = store.load(record_id)
    with pytest.raises(ConflictError) as caught:
        store.append(record_id, 2, {"other": True}, snapshot={"s": 9}, status="won",
                     summary={"x": 1})
    message = str(caught.value)
    assert record_id in message and "seq 2" in message and "next seq is 3" in message
    assert isinstance(caught.value, StoreError) and isinstance(caught.value, InitiativeError)
    assert store.load(record_id) == before
    store.append(record_id, 3, {"n": 3})
    assert store.load(record_id).info.head == 3


@pytest.mark.parametrize("seq", [1, 4, 10])
def test_a_gap_or_a_replay_is_a_conflict(store: Store, seq: int) -> None:
    record_id = store.create("campaign", "c", {"s": 0})
    _fill(store, record_id, 2)
    before = store.load(record_id)
    with pytest.raises(ConflictError, match=rf"record {record_id}: cannot append seq {seq}"):
        store.append(record_id, seq, {"n": seq})
    assert store.load(record_id) == before


def test_snapshot_then_later_events(store: Store) -> None:
    record_id = store.create("campaign", "c", {"s": 0})
    store.append(record_id, 1, {"n": 1})
    store.append(record_id, 2, {"n": 2}, snapshot={"s": 2})
    store.append(record_id, 3, {"n": 3})
    store.append(record_id, 4, {"n": 4})
    loaded = store.load(record_id)
    assert (loaded.snapshot_seq, loaded.snapshot) == (2, {"s": 2})
    assert loaded.events == [(3, {"n": 3}), (4, {"n": 4})]
    store.append(record_id, 5, {"n": 5}, snapshot={"s": 5})
    latest = store.load(record_id)
    assert (latest.snapshot_seq, latest.snapshot, latest.events) == (5, {"s": 5}, [])
    assert [seq for seq, _ in store.events(record_id)] == [1, 2, 3, 4, 5]


def test_status_and_summary_change_with_the_append(store: Store) -> None:
    record_id = store.create("campaign", "c", {"s": 0}, {"round": 0})
    store.append(record_id, 1, {"n": 1}, summary={"round": 1})
    store.append(record_id, 2, {"n": 2}, status="won")
    info = store.info(record_id)
    assert (info.status, info.summary, info.head) == ("won", {"round": 1}, 2)


def test_records_newest_first_and_by_kind(store: Store) -> None:
    assert store.records() == []
    first = store.create("campaign", "first", {})
    table = store.create("table", "a table", {})
    second = store.create("campaign", "second", {})
    assert [r.id for r in store.records()] == [second, table, first]
    assert [r.id for r in store.records("campaign")] == [second, first]
    assert [r.name for r in store.records("table")] == ["a table"]
    assert store.records("nothing") == []
    store.append(first, 1, {"n": 1})
    assert [r.id for r in store.records()] == [first, second, table]
    assert store.records("campaign")[0].head == 1


def test_unknown_ids_and_prefixes(store: Store) -> None:
    record_id = store.create("campaign", "c", {"s": 0})
    store.append(record_id[:6], 1, {"n": 1})
    assert store.load(record_id[:6]).info.id == record_id
    assert store.load(record_id[:10].upper()).info.id == record_id
    assert store.events(record_id[:8]) == [(1, {"n": 1})]
    for wrong in ("0" * 32, record_id[:5], "not-an-id", "nope%"):
        with pytest.raises(StoreError, match="no record"):
            store.load(wrong)
    with pytest.raises(StoreError, match="no record"):
        store.append("0" * 32, 1, {"n": 1})
    exported = store.export(record_id)
    for twin in ("abcdef0" + "0" * 25, "abcdef1" + "1" * 25):
        exported["record"]["id"] = twin
        assert store.import_(exported, keep_id=True) == twin
    with pytest.raises(StoreError, match="ambiguous"):
        store.load("abcdef")
    assert store.load("abcdef0").info.id == "abcdef0" + "0" * 25


def test_bad_arguments_name_record_and_seq(store: Store) -> None:
    record_id = store.create("campaign", "c", {"s": 0})
    before = store.load(record_id)
    bad_events: list[object] = [{"x": {1, 2}}, {"x": math.nan}, ["not", "a", "dict"]]
    for bad in bad_events:
        with pytest.raises(StoreError, match=rf"record {record_id} seq 1: the event"):
            store.append(record_id, 1, bad)  # type: ignore[arg-type]
    with pytest.raises(StoreError, match=rf"record {record_id} seq 1: the snapshot"):
        store.append(record_id, 1, {}, snapshot={"x": object()})
    with pytest.raises(StoreError, match="seq must be an integer >= 1"):
        store.append(record_id, 0, {})
    with pytest.raises(StoreError, match="status must be a non-empty string"):
        store.append(record_id, 1, {}, status="")
    with pytest.raises(StoreError, match="kind must be"):
        store.create("", "c", {})
    with pytest.raises(StoreError, match="name must be"):
        store.create("campaign", "x" * 201, {})
    with pytest.raises(StoreError, match="the snapshot at seq 0 is not JSON"):
        store.create("campaign", "c", {"x": b"bytes"})
    assert store.load(record_id) == before
    assert len(store.records()) == 1


def test_delete(store: Store) -> None:
    kept = store.create("campaign", "kept", {"s": 0})
    gone = store.create("campaign", "gone", {"s": 0})
    store.append(gone, 1, {"n": 1}, snapshot={"s": 1})
    store.append(kept, 1, {"n": 1})
    store.delete(gone[:8])
    with pytest.raises(StoreError, match=f"no record '{gone}'"):
        store.load(gone)
    assert [r.id for r in store.records()] == [kept]
    assert isinstance(store.load(kept), Loaded)
    with pytest.raises(StoreError, match="no record"):
        store.delete(gone)


def test_reopen_keeps_everything(store_url: str) -> None:
    with Store(store_url) as first:
        record_id = first.create("campaign", "c", {"s": 0})
        first.append(record_id, 1, {"n": 1}, snapshot={"s": 1})
        first.append(record_id, 2, {"n": 2})
        expected = first.load(record_id)
    with Store(store_url) as again:
        assert again.load(record_id) == expected
        again.append(record_id, 3, {"n": 3})
