"""One server process per SQLite file (docs/web.md, "Several server processes"): SQLite has
no channel to tell another process of a change, so two servers on one file would each
play on from their own memory and disagree. `sole_server` holds an exclusive lock on a
file beside the database (`NAME.server-lock`) while a server runs; a second one is
refused. The operating system lets go of the lock when the process ends, however it ends
(a kill -9 included), so a stale lock file never blocks a restart. PostgreSQL, which has
that channel, needs no lock."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from initiative.store.errors import StoreError
from initiative.store.urls import sqlite_path

LOCK_SUFFIX = ".server-lock"

if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: IO[bytes]) -> bool:
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
else:
    import fcntl

    def _try_lock(handle: IO[bytes]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


@contextmanager
def sole_server(url: str) -> Iterator[None]:
    """Hold the SQLite file of `url` (resolved) for this process's server while the block
    runs; StoreError, one line, if another process's server holds it. Nothing for
    PostgreSQL and in-memory SQLite."""
    path = sqlite_path(url)
    if path is None:
        yield
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + LOCK_SUFFIX), "a+b") as handle:
        if not _try_lock(handle):
            raise StoreError(
                f"the database {path} is in use by another initiative serve process: one "
                "server per SQLite file (for several processes, use PostgreSQL: --db "
                "postgresql+psycopg://USER:PASSWORD@HOST/DATABASE)")
        yield
