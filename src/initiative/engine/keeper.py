"""What a game's campaign needs from wherever its record is kept: create a record,
append one event (optionally with a snapshot), load the latest snapshot and the events
after it. The store (initiative.store.Store) satisfies it; the front ends hand the real
store in, so no game imports storage, and each game (Initiative Break's campaign
session, The Initiative's campaign log) depends on this protocol, not on another game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class RecordHeader(Protocol):
    """A record's header, as far as a session reads it."""

    @property
    def id(self) -> str: ...


class LoadedRecord(Protocol):
    """A record as its latest snapshot (taken at `snapshot_seq`) and the events after it,
    in order, each with its seq."""

    @property
    def info(self) -> RecordHeader: ...

    @property
    def snapshot_seq(self) -> int: ...

    @property
    def snapshot(self) -> dict[str, Any]: ...

    @property
    def events(self) -> Sequence[tuple[int, dict[str, Any]]]: ...


class RecordKeeper(Protocol):
    """An append-only record per campaign: events numbered from 1, snapshots between."""

    def create(self, kind: str, name: str, snapshot: dict[str, Any],
               summary: dict[str, Any] | None = None) -> str:
        """A new record holding `snapshot` at seq 0; returns its id."""
        ...

    def append(self, record_id: str, seq: int, event: dict[str, Any], *,
               snapshot: dict[str, Any] | None = None, status: str | None = None,
               summary: dict[str, Any] | None = None) -> None:
        """Store `event` as number `seq` (the head + 1), all or nothing."""
        ...

    def load(self, record_id: str) -> LoadedRecord:
        """The latest snapshot and the events after it."""
        ...
