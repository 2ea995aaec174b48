"""Fan-out between server processes that share one PostgreSQL database.

After a process stores an event it NOTIFYs the channel with "e:table_id:seq" (a GM
tracker's: "t:tracker_id:seq"); every process LISTENs and catches the table (tracker) up
from the store if it has it open. Presence travels the same way ("p:table:seat:process"
while a seat's player is connected to a process, repeated as a heartbeat, and "a:..."
when they leave), so no process lets a stand-in play for a player who is connected to
another one. SQLite has no such channel: one process serves a SQLite database
(`LocalNotifier`). A missed notification is harmless: the hubs also re-read open tables
and trackers every few seconds. The table hub and the tracker hub share one notifier
(`Shared`), each hearing its own kinds of payload.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol

CHANNEL = "initiative_tables"
Listener = Callable[[str], Awaitable[None]]
"""Called with each payload another process (or this one) published."""
log = logging.getLogger("initiative.server")


class Notifier(Protocol):
    async def start(self, listener: Listener) -> None: ...

    async def publish(self, payload: str) -> None: ...

    async def stop(self) -> None: ...


class LocalNotifier:
    """One process: nothing to tell anyone."""

    async def start(self, listener: Listener) -> None:
        return None

    async def publish(self, payload: str) -> None:
        return None

    async def stop(self) -> None:
        return None


def conninfo(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as a libpq one (drop the `+driver`)."""
    scheme, sep, rest = url.partition("://")
    return f"{scheme.split('+')[0]}{sep}{rest}"


class PostgresNotifier:
    """LISTEN/NOTIFY on one dedicated autocommit connection."""

    def __init__(self, url: str) -> None:
        self.url = conninfo(url)
        self._conn: object | None = None
        self._task: asyncio.Task[None] | None = None
        self._send: object | None = None

    async def start(self, listener: Listener) -> None:
        import psycopg

        conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await conn.execute(f"LISTEN {CHANNEL}")
        self._send = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        self._conn = conn

        async def run() -> None:
            async for note in conn.notifies():
                try:
                    await listener(note.payload)
                except Exception:  # one bad table must not stop the fan-out
                    log.exception("handling notification %r failed", note.payload)

        self._task = asyncio.create_task(run())

    async def publish(self, payload: str) -> None:
        import psycopg

        conn = self._send
        assert isinstance(conn, psycopg.AsyncConnection)
        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    async def stop(self) -> None:
        import psycopg

        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for conn in (self._conn, self._send):
            if isinstance(conn, psycopg.AsyncConnection):
                with contextlib.suppress(Exception):
                    await conn.close()


class Shared:
    """One notifier (one LISTEN connection) for several hubs. `part(kinds)` is the
    notifier of one hub: it hears only the payloads of its `kinds` (the text before the
    first ':'). The connection opens when the first part starts and closes when the last
    one stops."""

    def __init__(self, notifier: Notifier) -> None:
        self.notifier = notifier
        self.routes: dict[str, Listener] = {}
        self.started = 0

    def part(self, kinds: Iterable[str]) -> Notifier:
        if isinstance(self.notifier, LocalNotifier):
            return self.notifier  # one process: nothing to share, nothing to route
        return _Part(self, frozenset(kinds))

    async def dispatch(self, payload: str) -> None:
        listener = self.routes.get(payload.partition(":")[0])
        if listener is not None:
            await listener(payload)


class _Part:
    def __init__(self, shared: Shared, kinds: frozenset[str]) -> None:
        self.shared = shared
        self.kinds = kinds
        self.running = False

    async def start(self, listener: Listener) -> None:
        shared = self.shared
        shared.routes.update(dict.fromkeys(self.kinds, listener))
        self.running = True
        shared.started += 1
        if shared.started == 1:
            await shared.notifier.start(shared.dispatch)

    async def publish(self, payload: str) -> None:
        await self.shared.notifier.publish(payload)

    async def stop(self) -> None:
        shared = self.shared
        if not self.running:
            return
        self.running = False
        for kind in self.kinds:
            shared.routes.pop(kind, None)
        shared.started -= 1
        if shared.started == 0:
            await shared.notifier.stop()


def make_notifier(url: str) -> Notifier:
    return PostgresNotifier(url) if url.startswith("postgresql") else LocalNotifier()
