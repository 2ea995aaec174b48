"""``save TARGET`` / ``load TARGET`` for every tracker console.

A target is a JSON file path, or ``db:NAME`` for a tracker record in the project's
database (:mod:`initiative.trackers.records`; SQLite in the user data folder unless the
console was given a database URL). A load is one undoable step.

The database code loads at the first ``db:`` target, not with the console: the store
(SQLAlchemy, Alembic) would double a tracker's start-up (docs/layers.md, lazy loading).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from initiative.engine.data_text import loads_json
from initiative.engine.errors import InitiativeError
from initiative.trackers.base import ConsoleError, TrackerConsole

if TYPE_CHECKING:
    from initiative.store import Store

__all__ = ["DB_PREFIX", "StoreLink", "list_saved", "load", "save"]

DB_PREFIX = "db:"


class StoreLink:
    """The database a console saves to, opened on first use."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url
        self._store: Store | None = None

    def store(self) -> Store:
        if self._store is None:
            from initiative.store import Store

            try:
                self._store = Store(self.url)
            except InitiativeError as exc:
                raise ConsoleError(f"cannot open the database: {exc}") from None
        return self._store


def _db_name(target: str) -> str | None:
    if not target.startswith(DB_PREFIX):
        return None
    name = target[len(DB_PREFIX):].strip()
    if not name:
        raise ConsoleError("usage: save db:NAME / load db:NAME (NAME must not be empty)")
    return name


def save(console: TrackerConsole, target: str, link: StoreLink) -> str:
    """Write ``console``'s state to ``target``; returns the announcement line."""
    name = _db_name(target)
    if name is not None:
        from initiative.trackers.records import save_to_store

        try:
            record = save_to_store(link.store(), console, name)
        except ValueError as exc:
            raise ConsoleError(str(exc)) from None
        return f"saved to the database as {name!r} (record {record})"
    try:
        Path(target).write_text(json.dumps(console.save_data(), indent=1) + "\n",
                                encoding="utf-8")
    except OSError as exc:
        raise ConsoleError(f"cannot write {target}: {exc.strerror or exc}") from None
    return f"saved to {target}"


def load(console: TrackerConsole, target: str, link: StoreLink) -> None:
    """Adopt the state saved at ``target`` (the console announces it)."""
    name = _db_name(target)
    if name is not None:
        from initiative.trackers.records import load_from_store

        try:
            load_from_store(link.store(), name, console)
        except ValueError as exc:
            raise ConsoleError(str(exc)) from None
        return
    try:
        data = loads_json(Path(target).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConsoleError(f"cannot read {target}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise ConsoleError(f"{target} is not JSON: {exc}") from None
    console.load_data(data, target)


def list_saved(console: TrackerConsole, link: StoreLink) -> list[str]:
    """One line per tracker of this console's system in the database."""
    from initiative.trackers.records import list_trackers

    lines = []
    for info in list_trackers(link.store()):
        if info.summary.get("system") == console.system:
            where = f"round {info.summary.get('round', 0)}, {info.summary.get('phase', '')}"
            lines.append(f"  {info.name}  ({where}; record {info.id}, "
                         f"updated {info.updated:%Y-%m-%d %H:%M})")
    return lines or ["(no saved trackers of this kind in the database)"]
