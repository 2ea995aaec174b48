"""What the store hands back: a record's header and a loaded record."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

JSONDict = dict[str, Any]
"""A JSON object: str keys; values str, int, float, bool, None, lists and JSON objects."""


@dataclass(frozen=True)
class RecordInfo:
    """A record's header: `head` is the seq of its last event (0 before any)."""

    id: str
    kind: str
    name: str
    status: str
    head: int
    created: datetime
    updated: datetime
    summary: JSONDict


@dataclass(frozen=True)
class Loaded:
    """A record as the latest snapshot (taken at `snapshot_seq`) plus the events after it,
    in order: replaying `events` on `snapshot` gives the state at `info.head`."""

    info: RecordInfo
    snapshot_seq: int
    snapshot: JSONDict
    events: list[tuple[int, JSONDict]]
