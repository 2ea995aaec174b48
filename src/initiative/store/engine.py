"""SQLAlchemy engines set up for durability and for several processes at once.

SQLite: WAL journal with `synchronous=FULL` (a committed transaction survives a kill or
a power cut), foreign keys on, a busy timeout so a second process waits for the write
lock instead of failing, and our own BEGIN: `BEGIN IMMEDIATE` for writes (the write lock
is taken first, so a writer never fails half way on a snapshot another process made
stale), plain `BEGIN` for reads (one consistent snapshot per read).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url

from initiative.store.urls import sqlite_path

BUSY_TIMEOUT_S = 30.0
"""How long a SQLite writer waits for another process's write lock."""

CONNECT_TIMEOUT_S = 10
"""How long to wait for a PostgreSQL server to answer."""

WRITE = {"initiative_write": True}
"""Execution options of a connection whose transactions write."""


def make_engine(url: str) -> Engine:
    """An engine for `url` (already resolved); a SQLite file's folder is created."""
    if make_url(url).get_backend_name() != "sqlite":
        return create_engine(
            url, pool_pre_ping=True, connect_args={"connect_timeout": CONNECT_TIMEOUT_S}
        )
    path = sqlite_path(url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})
    event.listen(engine, "connect", _sqlite_connect)
    event.listen(engine, "begin", _sqlite_begin)
    return engine


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (_sqlite_begin)
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    write = connection.get_execution_options().get("initiative_write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
