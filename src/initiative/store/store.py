"""`Store`: records kept as an append-only event log plus snapshots.

Every write is one transaction: an append checks `seq == head + 1` by moving the head
with one atomic `UPDATE records SET head = seq WHERE id = … AND head = seq - 1` (two
writers on one record: exactly one wins, the other gets ConflictError and changes
nothing), then inserts the event, whose (record_id, seq) primary key backs that check.
A caller appends an action before it takes effect; if the process dies either the
transaction committed (the event is in the log) or it left no trace.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import Connection, Row, Update, bindparam, delete, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from initiative.engine.data_text import loads_json
from initiative.store import exchange, migrate
from initiative.store.engine import WRITE, make_engine
from initiative.store.errors import ConflictError, StoreError
from initiative.store.info import JSONDict, Loaded, RecordInfo
from initiative.store.schema import KIND_LENGTH, NAME_LENGTH, STATUS_LENGTH, Event, Record, Snapshot
from initiative.store.urls import resolve_url, safe_url

MIN_PREFIX = 6
"""Shortest id prefix that `load` and the other lookups accept for a record id."""

_HEX = re.compile("[0-9a-f]+")


@dataclass(frozen=True)
class Append:
    """One event to append (see `Store.append`)."""

    record_id: str
    seq: int
    event: JSONDict
    snapshot: JSONDict | None = None
    status: str | None = None
    summary: JSONDict | None = None


@dataclass(frozen=True)
class _Prepared:
    event: str
    snapshot: str | None
    values: dict[str, Any]
    now: datetime


def _now() -> datetime:
    return datetime.now(UTC)


def encode(payload: object, what: str) -> str:
    """Canonical JSON text of a JSON object (sorted keys, no NaN); `what` names it."""
    if not isinstance(payload, dict):
        raise StoreError(f"{what} must be a dict (a JSON object), got {type(payload).__name__}")
    try:
        return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{what} is not JSON: {exc}") from exc


def _record_info(row: Row[Any]) -> RecordInfo:
    return RecordInfo(id=row.id, kind=row.kind, name=row.name, status=row.status,
                      head=row.head, created=row.created, updated=row.updated,
                      summary=_decode(row.summary))


def _decode(text: str) -> JSONDict:
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


class Store:
    """A database of records (SQLite file by default, PostgreSQL by URL), migrated to the
    newest schema when opened. Any number of Store objects, threads and processes may
    use one database at once (except in-memory SQLite, `sqlite://`: one per thread)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = resolve_url(url)
        self._where = safe_url(self.url)
        self._engine = make_engine(self.url)
        try:
            migrate.upgrade(self._engine, self._where)
        except DBAPIError as exc:
            self._engine.dispose()
            raise StoreError(f"cannot open the database {self._where}: {exc.orig}") from exc
        except BaseException:
            self._engine.dispose()
            raise

    def __repr__(self) -> str:
        return f"Store({self._where!r})"

    # -- transactions ------------------------------------------------------------------

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._errors(""), self._engine.connect() as connection, connection.begin():
            yield connection

    @contextmanager
    def _write(self, what: str) -> Iterator[Connection]:
        """A write transaction; a duplicate key in it is a ConflictError naming `what`."""
        with self._errors(what), self._engine.connect() as connection:
            connection.execution_options(**WRITE)
            with connection.begin():
                yield connection

    @contextmanager
    def _errors(self, what: str) -> Iterator[None]:
        try:
            yield
        except IntegrityError as exc:
            raise ConflictError(f"{what}: already stored (written by another writer?); "
                                f"nothing was changed ({exc.orig})") from exc
        except SQLAlchemyError as exc:
            detail = exc.orig if isinstance(exc, DBAPIError) else exc
            raise StoreError(f"database error on {self._where}: {detail}") from exc

    def _resolve(self, connection: Connection, record_id: str) -> str:
        """The full id of `record_id` (itself, or a unique prefix of >= 6 hex digits)."""
        if not isinstance(record_id, str) or not record_id:
            raise StoreError(f"a record id must be a non-empty string, got {record_id!r}")
        if connection.execute(select(Record.id).where(Record.id == record_id)).first():
            return record_id
        prefix = record_id.lower()
        if len(prefix) >= MIN_PREFIX and _HEX.fullmatch(prefix):
            found = connection.execute(
                select(Record.id).where(Record.id.startswith(prefix)).order_by(Record.id)
                .limit(3)
            ).scalars().all()
            if len(found) == 1:
                return found[0]
            if found:
                more = ", ..." if len(found) > 2 else ""
                raise StoreError(f"record id prefix {record_id!r} is ambiguous in "
                                 f"{self._where}: {', '.join(found[:2])}{more}")
        raise StoreError(f"no record {record_id!r} in {self._where}")

    def _info(self, connection: Connection, record_id: str) -> RecordInfo:
        return _record_info(connection.execute(select(Record).where(Record.id == record_id))
                            .one())

    # -- writing -----------------------------------------------------------------------

    def create(self, kind: str, name: str, snapshot: JSONDict,
               summary: JSONDict | None = None) -> str:
        """A new record (status "active", head 0, `snapshot` at seq 0); returns its id."""
        exchange.check_text("kind", kind, KIND_LENGTH)
        exchange.check_text("name", name, NAME_LENGTH)
        record_id = uuid.uuid4().hex
        data = encode(snapshot, f"record {record_id}: the snapshot at seq 0")
        summary_text = encode({} if summary is None else summary, f"record {record_id}: summary")
        now = _now()
        with self._write(f"record {record_id}") as connection:
            connection.execute(insert(Record).values(
                id=record_id, kind=kind, name=name, status="active", head=0, created=now,
                updated=now, summary=summary_text))
            connection.execute(insert(Snapshot).values(
                record_id=record_id, seq=0, data=data, created=now))
        return record_id

    def append(self, record_id: str, seq: int, event: JSONDict, *,
               snapshot: JSONDict | None = None, status: str | None = None,
               summary: JSONDict | None = None) -> None:
        """Append `event` as number `seq` (must be head + 1, else ConflictError), with an
        optional snapshot taken after it, a new status and summary: one transaction."""
        item = Append(record_id, seq, event, snapshot, status, summary)
        prepared = self._prepare(item)
        with self._write(f"record {record_id} seq {seq}: an event with that seq") as connection:
            self._append_in(connection, item, prepared)

    def append_many(self, items: list[Append]) -> list[BaseException | None]:
        """Append several events in one transaction (one disk sync: a group commit).
        Returns, per item, None (stored) or the error that refused it; when any item is
        refused, the others are stored one transaction each, so one conflict never
        loses its neighbours."""
        results: list[BaseException | None] = [None] * len(items)
        prepared: list[_Prepared | None] = []
        for n, item in enumerate(items):
            try:
                prepared.append(self._prepare(item))
            except StoreError as exc:
                results[n] = exc
                prepared.append(None)
        ready = [(n, item, p) for n, (item, p) in enumerate(zip(items, prepared, strict=True))
                 if p is not None]
        try:
            with self._write(f"{len(ready)} events") as connection:
                for _, item, p in ready:
                    self._append_in(connection, item, p)
        except StoreError:
            for n, item, p in ready:
                try:
                    with self._write(f"record {item.record_id} seq {item.seq}") as connection:
                        self._append_in(connection, item, p)
                except StoreError as exc:
                    results[n] = exc
        return results

    @staticmethod
    def _prepare(item: Append) -> _Prepared:
        """Check and encode one append (outside any transaction)."""
        record_id, seq = item.record_id, item.seq
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise StoreError(f"record {record_id}: seq must be an integer >= 1, got {seq!r}")
        what = f"record {record_id} seq {seq}"
        event_text = encode(item.event, f"{what}: the event")
        snapshot_text = None if item.snapshot is None else encode(
            item.snapshot, f"{what}: the snapshot")
        now = _now()
        values: dict[str, Any] = {"head": seq, "updated": now}
        if item.status is not None:
            values["status"] = exchange.check_text(f"{what}: status", item.status,
                                                   STATUS_LENGTH)
        if item.summary is not None:
            values["summary"] = encode(item.summary, f"{what}: the summary")
        return _Prepared(event_text, snapshot_text, values, now)

    def _append_in(self, connection: Connection, item: Append, prepared: _Prepared) -> None:
        record_id, seq, values = item.record_id, item.seq, prepared.values
        full_id = record_id
        if not self._move_head(connection, full_id, seq, values):
            full_id = self._resolve(connection, record_id)
            if full_id == record_id or not self._move_head(connection, full_id, seq, values):
                head = connection.execute(
                    select(Record.head).where(Record.id == full_id)).scalar_one()
                raise ConflictError(
                    f"record {full_id}: cannot append seq {seq}: the head is {head}, "
                    f"so the next seq is {head + 1}; nothing was changed")
        connection.execute(_INSERT_EVENT, {"record_id": full_id, "seq": seq,
                                           "data": prepared.event, "created": prepared.now})
        if prepared.snapshot is not None:
            connection.execute(insert(Snapshot).values(
                record_id=full_id, seq=seq, data=prepared.snapshot, created=prepared.now))

    @staticmethod
    def _move_head(connection: Connection, record_id: str, seq: int,
                   values: dict[str, Any]) -> bool:
        statement = _move_head_statement(tuple(sorted(values)))
        result = connection.execute(statement, {**values, "record_id": record_id,
                                                "previous_head": seq - 1})
        return result.rowcount == 1

    def delete(self, record_id: str) -> None:
        """Remove a record with all its events and snapshots."""
        with self._write(f"delete of record {record_id}") as connection:
            full_id = self._resolve(connection, record_id)
            connection.execute(delete(Event).where(Event.record_id == full_id))
            connection.execute(delete(Snapshot).where(Snapshot.record_id == full_id))
            connection.execute(delete(Record).where(Record.id == full_id))

    # -- reading -----------------------------------------------------------------------

    def info(self, record_id: str) -> RecordInfo:
        """A record's header."""
        with self._read() as connection:
            return self._info(connection, self._resolve(connection, record_id))

    def load(self, record_id: str) -> Loaded:
        """The latest snapshot and the events after it, up to the head."""
        with self._read() as connection:
            info = self._info(connection, self._resolve(connection, record_id))
            row = connection.execute(
                select(Snapshot.seq, Snapshot.data)
                .where(Snapshot.record_id == info.id, Snapshot.seq <= info.head)
                .order_by(Snapshot.seq.desc()).limit(1)).first()
            if row is None:
                raise StoreError(f"record {info.id} is damaged: no snapshot at or before "
                                 f"seq {info.head}")
            events = self._events(connection, info, row.seq)
        return Loaded(info=info, snapshot_seq=row.seq, snapshot=_decode(row.data),
                      events=events)

    def events(self, record_id: str, after: int = 0) -> list[tuple[int, JSONDict]]:
        """The events with seq > `after`, in order."""
        with self._read() as connection:
            info = self._info(connection, self._resolve(connection, record_id))
            return self._events(connection, info, max(after, 0))

    def _events(self, connection: Connection, info: RecordInfo,
                after: int) -> list[tuple[int, JSONDict]]:
        rows = connection.execute(
            select(Event.seq, Event.data)
            .where(Event.record_id == info.id, Event.seq > after, Event.seq <= info.head)
            .order_by(Event.seq)).all()
        expected = range(after + 1, info.head + 1)
        if len(rows) != len(expected) or any(r.seq != s for r, s in zip(rows, expected,
                                                                         strict=False)):
            got = [r.seq for r in rows]
            missing = sorted(set(expected) - set(got))
            raise StoreError(f"record {info.id} is damaged: events missing at seq "
                             f"{missing[:10]} (head {info.head})")
        return [(r.seq, _decode(r.data)) for r in rows]

    def records(self, kind: str | None = None) -> list[RecordInfo]:
        """Every record (of `kind`), the most recently updated first."""
        query = select(Record).order_by(Record.updated.desc(), Record.created.desc(),
                                        Record.id)
        if kind is not None:
            query = query.where(Record.kind == kind)
        with self._read() as connection:
            rows = connection.execute(query).all()
        return [_record_info(row) for row in rows]

    # -- export and import -------------------------------------------------------------

    def export(self, record_id: str) -> JSONDict:
        """The whole record as a JSON-ready dict (format `initiative-store/2`)."""
        with self._read() as connection:
            info = self._info(connection, self._resolve(connection, record_id))
            snapshots = connection.execute(
                select(Snapshot.seq, Snapshot.data)
                .where(Snapshot.record_id == info.id, Snapshot.seq <= info.head)
                .order_by(Snapshot.seq)).all()
            events = self._events(connection, info, 0)
        return exchange.build(info, [(r.seq, _decode(r.data)) for r in snapshots], events)

    def import_(self, data: JSONDict, *, keep_id: bool = False) -> str:
        """Add the record of an export document; returns its id: a new one, or with
        `keep_id` the exported id if this database has no record with it."""
        parsed = exchange.parse(data)
        info = parsed.info
        with self._write(f"import of record {info.id}") as connection:
            free = connection.execute(
                select(Record.id).where(Record.id == info.id)).first() is None
            record_id = info.id if keep_id and free else uuid.uuid4().hex
            what = f"import of record {info.id}"
            connection.execute(insert(Record).values(
                id=record_id, kind=info.kind, name=info.name, status=info.status,
                head=info.head, created=info.created, updated=info.updated,
                summary=encode(info.summary, f"{what}: summary")))
            now = _now()
            for table, entries in ((Snapshot, parsed.snapshots), (Event, parsed.events)):
                if entries:
                    connection.execute(insert(table), [
                        {"record_id": record_id, "seq": seq, "created": now,
                         "data": encode(payload, f"{what}: {table.__tablename__} seq {seq}")}
                        for seq, payload in entries])
        return record_id

    def export_file(self, record_id: str, path: str | os.PathLike[str]) -> Path:
        """Write `export(record_id)` to a JSON file (atomically: a temporary file renamed)."""
        target = Path(path)
        text = json.dumps(self.export(record_id), indent=1, sort_keys=True,
                          ensure_ascii=False)
        temporary = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.tmp")
        try:
            with open(temporary, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, target)
        finally:
            temporary.unlink(missing_ok=True)
        return target

    def import_file(self, path: str | os.PathLike[str], *, keep_id: bool = False) -> str:
        """`import_` of a JSON file written by `export_file`."""
        try:
            data = loads_json(Path(path).read_text(encoding="utf-8"),
                              parse_constant=_reject_constant)
        except (OSError, ValueError) as exc:
            raise StoreError(f"cannot read {path}: {exc}") from exc
        try:
            return self.import_(data, keep_id=keep_id)
        except ConflictError:
            raise
        except StoreError as exc:
            raise StoreError(f"{path}: {exc}") from exc

    # -- lifetime ----------------------------------------------------------------------

    def close(self) -> None:
        """Close the pooled connections (a later call opens new ones)."""
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


_INSERT_EVENT = insert(Event)
"""Built once: appends are the hot path (the web table stores every action)."""


@lru_cache(maxsize=16)
def _move_head_statement(columns: tuple[str, ...]) -> Update:
    """`UPDATE records SET <columns> WHERE id = :record_id AND head = :previous_head`,
    built once per set of columns (SQLAlchemy then reuses its compiled form)."""
    return (update(Record)
            .where(Record.id == bindparam("record_id"),
                   Record.head == bindparam("previous_head"))
            .values({name: bindparam(name) for name in columns}))


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")

