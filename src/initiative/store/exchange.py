"""A record as one JSON document (format `initiative-store/2`), and checking one.

    {"format": "initiative-store/2",
     "record": {"id", "kind", "name", "status", "head", "created", "updated", "summary"},
     "snapshots": [{"seq": 0, "data": {...}}, ...],
     "events": [{"seq": 1, "data": {...}}, ..., {"seq": head, "data": {...}}]}

Times are ISO 8601 in UTC. Events run 1..head with no gap; snapshots are in seq order,
within 0..head, and include seq 0. Format `/2` is `/1` written after the store's
migration 0003: a `/1` export's snapshots are read as that migration leaves stored ones
(Initiative Break rules from before `setup_copy_tiebreak` say `unit`), so its games
resume as they were played.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from initiative.store.errors import StoreError
from initiative.store.info import JSONDict, RecordInfo
from initiative.store.schema import ID_LENGTH, KIND_LENGTH, NAME_LENGTH, STATUS_LENGTH

FORMAT = "initiative-store/2"
OLDER = "initiative-store/1"
"""Exports written before migration 0003."""
ID_PATTERN = re.compile(f"[0-9a-f]{{{ID_LENGTH}}}")


@dataclass(frozen=True)
class Parsed:
    """A checked export: the header (its id only a wish) and the payloads."""

    info: RecordInfo
    snapshots: list[tuple[int, JSONDict]]
    events: list[tuple[int, JSONDict]]


def build(info: RecordInfo, snapshots: list[tuple[int, JSONDict]],
          events: list[tuple[int, JSONDict]]) -> JSONDict:
    """The export document of a record."""
    return {
        "format": FORMAT,
        "record": {
            "id": info.id, "kind": info.kind, "name": info.name, "status": info.status,
            "head": info.head, "created": info.created.isoformat(),
            "updated": info.updated.isoformat(), "summary": info.summary,
        },
        "snapshots": [{"seq": seq, "data": data} for seq, data in snapshots],
        "events": [{"seq": seq, "data": data} for seq, data in events],
    }


def check_text(field: str, value: object, limit: int) -> str:
    """`value` if it is a non-empty string of at most `limit` characters."""
    if not isinstance(value, str) or not value or len(value) > limit:
        raise StoreError(
            f"{field} must be a non-empty string of at most {limit} characters, got {value!r}"
        )
    return value


def parse(data: object) -> Parsed:
    """Check an export document; the StoreError names the first wrong field."""
    where = "import"
    doc = _object(data, where)
    if doc.get("format") not in (FORMAT, OLDER):
        raise StoreError(f"{where}: format must be {FORMAT!r} (or an older {OLDER!r}), "
                         f"got {doc.get('format')!r}")
    _only(doc, {"format", "record", "snapshots", "events"}, where)
    rec = _object(doc.get("record"), f"{where}: record")
    _only(rec, {"id", "kind", "name", "status", "head", "created", "updated", "summary"},
          f"{where}: record")
    record_id = rec.get("id")
    if not isinstance(record_id, str) or not ID_PATTERN.fullmatch(record_id):
        raise StoreError(f"{where}: record.id must be 32 lowercase hex digits, got {record_id!r}")
    head = _seq(rec.get("head"), f"{where}: record.head", 0)
    info = RecordInfo(
        id=record_id,
        kind=check_text(f"{where}: record.kind", rec.get("kind"), KIND_LENGTH),
        name=check_text(f"{where}: record.name", rec.get("name"), NAME_LENGTH),
        status=check_text(f"{where}: record.status", rec.get("status"), STATUS_LENGTH),
        head=head,
        created=_time(rec.get("created"), f"{where}: record.created"),
        updated=_time(rec.get("updated"), f"{where}: record.updated"),
        summary=_object(rec.get("summary"), f"{where}: record.summary"),
    )
    snapshots = _entries(doc.get("snapshots"), f"{where}: snapshots", 0)
    seqs = [seq for seq, _ in snapshots]
    if not seqs or seqs[0] != 0:
        raise StoreError(f"{where}: snapshots must start with the snapshot at seq 0")
    for i in range(1, len(seqs)):
        if seqs[i] <= seqs[i - 1]:
            raise StoreError(f"{where}: snapshots[{i}].seq is {seqs[i]}, not after "
                             f"{seqs[i - 1]} (snapshots must be in increasing seq order)")
    if seqs[-1] > head:
        raise StoreError(f"{where}: snapshots[{len(seqs) - 1}].seq is {seqs[-1]}, "
                         f"after record.head {head}")
    events = _entries(doc.get("events"), f"{where}: events", 1)
    for i, (seq, _) in enumerate(events):
        if seq != i + 1:
            raise StoreError(f"{where}: events[{i}].seq is {seq}, expected {i + 1} "
                             "(events must run 1, 2, ... with no gap)")
    if len(events) != head:
        raise StoreError(f"{where}: record.head is {head} but there are {len(events)} events")
    if doc.get("format") == OLDER:
        upgraded = _upgrade_0003()
        snapshots = [(seq, upgraded(info.kind, data)) for seq, data in snapshots]
    return Parsed(info, snapshots, events)


def _upgrade_0003() -> Callable[[str, JSONDict], JSONDict]:
    """What migration 0003 does to a stored snapshot (its module, the one place that
    says it)."""
    module = importlib.import_module(
        "initiative.store.migrations.versions.0003_setup_copy_tiebreak_unit")
    found: Callable[[str, JSONDict], JSONDict] = module.upgraded
    return found


def _object(value: object, where: str) -> JSONDict:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise StoreError(f"{where} must be a JSON object, got {type(value).__name__}")
    return value


def _only(value: dict[str, Any], keys: set[str], where: str) -> None:
    missing = sorted(keys - value.keys())
    if missing:
        raise StoreError(f"{where}: missing {', '.join(missing)}")
    extra = sorted(value.keys() - keys)
    if extra:
        raise StoreError(f"{where}: unknown field {', '.join(extra)}")


def _seq(value: object, where: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise StoreError(f"{where} must be an integer >= {least}, got {value!r}")
    return value


def _time(value: object, where: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise StoreError(f"{where} must be an ISO 8601 time, got {value!r}")
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _entries(value: object, where: str, least: int) -> list[tuple[int, JSONDict]]:
    if not isinstance(value, list):
        raise StoreError(f"{where} must be a list, got {type(value).__name__}")
    out = []
    for i, item in enumerate(value):
        entry = _object(item, f"{where}[{i}]")
        _only(entry, {"seq", "data"}, f"{where}[{i}]")
        out.append((_seq(entry["seq"], f"{where}[{i}].seq", least),
                    _object(entry["data"], f"{where}[{i}].data")))
    return out
