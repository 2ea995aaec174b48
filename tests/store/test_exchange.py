"""Export a record as a JSON document and import it back; a bad file names its fault."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from initiative.store import ConflictError, Store, StoreError


def _record(store: Store) -> str:
    record_id = store.create("campaign", "Export me", {"s": 0}, {"chapter": 2})
    store.append(record_id, 1, {"n": 1})
    store.append(record_id, 2, {"n": 2}, snapshot={"s": 2})
    store.append(record_id, 3, {"n": 3, "text": "déjà vu"}, status="won")
    return record_id


def test_export_import_round_trip(store: Store) -> None:
    record_id = _record(store)
    exported = store.export(record_id)
    assert exported["format"] == "initiative-store/2"
    assert exported["record"]["id"] == record_id and exported["record"]["head"] == 3
    assert exported["snapshots"] == [{"seq": 0, "data": {"s": 0}}, {"seq": 2, "data": {"s": 2}}]
    assert [e["seq"] for e in exported["events"]] == [1, 2, 3]

    document = json.loads(json.dumps(exported))  # JSON-ready: survives a file
    copy_id = store.import_(document)
    assert copy_id != record_id
    again = store.export(copy_id)
    assert again["record"].pop("id") == copy_id
    original = copy.deepcopy(exported)
    original["record"].pop("id")
    assert again == original
    assert store.load(copy_id).events == store.load(record_id).events

    assert store.import_(document, keep_id=True) != record_id  # the id is taken
    store.delete(record_id)
    assert store.import_(document, keep_id=True) == record_id
    assert store.export(record_id) == exported
    store.append(record_id, 4, {"n": 4})


def test_export_and_import_files(store: Store, tmp_path: Path) -> None:
    record_id = _record(store)
    folder = tmp_path / "exports"
    folder.mkdir()
    path = store.export_file(record_id[:8], folder / "campaign.json")
    assert json.loads(path.read_text(encoding="utf-8")) == store.export(record_id)
    assert [p.name for p in folder.iterdir()] == ["campaign.json"]  # no temporary left
    copy_id = store.import_file(path)
    assert store.load(copy_id).events == store.load(record_id).events
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(StoreError, match=r"cannot read .*broken\.json"):
        store.import_file(tmp_path / "broken.json")
    (tmp_path / "nan.json").write_text('{"format": NaN}', encoding="utf-8")
    with pytest.raises(StoreError, match="NaN is not JSON"):
        store.import_file(tmp_path / "nan.json")


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = doc
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        elif value is _DROP:
            del target[last]
        else:
            target[last] = value
    return change


_DROP = object()

BAD = [
    (_set("format", "initiative-store/9"), r"format must be 'initiative-store/2' \(or an "
                                           r"older 'initiative-store/1'\)"),
    (_set("record.kind", ""), "record.kind must be a non-empty string"),
    (_set("record.id", "XYZ"), "record.id must be 32 lowercase hex digits"),
    (_set("record.head", 2), "record.head is 2 but there are 3 events"),
    (_set("record.head", -1), "record.head must be an integer >= 0"),
    (_set("record.created", "yesterday"), "record.created must be an ISO 8601 time"),
    (_set("record.summary", [1]), "record.summary must be a JSON object"),
    (_set("record.name", _DROP), "record: missing name"),
    (_set("record.colour", "red"), "record: unknown field colour"),
    (_set("events.1.seq", 3), r"events\[1\].seq is 3, expected 2"),
    (_set("events.2.data", "text"), r"events\[2\].data must be a JSON object"),
    (_set("events.0.seq", "1"), r"events\[0\].seq must be an integer >= 1"),
    (_set("snapshots.0.seq", 1), "snapshots must start with the snapshot at seq 0"),
    (_set("snapshots.1.seq", 5), r"snapshots\[1\].seq is 5, after record.head 3"),
    (_set("snapshots", {}), "snapshots must be a list"),
    (_set("events", _DROP), "import: missing events"),
]


@pytest.mark.parametrize(("change", "message"), BAD, ids=[m for _, m in BAD])
def test_a_bad_import_names_the_problem(store: Store, change: Callable[[dict[str, Any]], None],
                                        message: str) -> None:
    document = store.export(_record(store))
    change(document)
    before = store.records()
    with pytest.raises(StoreError, match=message) as caught:
        store.import_(document)
    assert not isinstance(caught.value, ConflictError)
    assert str(caught.value).startswith("import")
    assert store.records() == before


def test_import_of_something_else(store: Store) -> None:
    with pytest.raises(StoreError, match="import must be a JSON object, got list"):
        store.import_([])  # type: ignore[arg-type]


def test_an_export_from_before_0003_reads_as_that_migration_leaves_a_stored_one(
        store: Store) -> None:
    """An Initiative Break table or campaign exported before setup_copy_tiebreak (format
    /1) imports with the flag at `unit`, as the migration 0003 gives stored ones; a /2
    export and other kinds import as they are."""
    table = {"game": "initiative_break", "plan": {"rules": {}}, "pinned": {"rules": {}}}
    unit = {"setup_copy_tiebreak": "unit"}
    for kind, snapshot, expected in [
            ("table", table, {**table, "plan": {"rules": unit}, "pinned": {"rules": unit}}),
            ("campaign", {"campaign": {"battle_rules": {}}},
             {"campaign": {"battle_rules": unit}}),
            ("tracker", {"rules": {}}, {"rules": {}})]:
        record_id = store.create(kind, "Old", snapshot, {})
        exported = store.export(record_id)
        assert store.load(store.import_(exported)).snapshot == snapshot
        older = {**exported, "format": "initiative-store/1"}
        assert store.load(store.import_(older)).snapshot == expected
        assert older["snapshots"][0]["data"] == snapshot  # the document is not changed
