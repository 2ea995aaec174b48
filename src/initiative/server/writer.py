"""One thread writes every event of this server to the store, many at a time.

`Hub.commit` must not acknowledge an action before it is stored, and many tables store
at once. Writing from a pool of threads makes them queue on the database's write lock
(SQLite's busy handler sleeps in 1-100 ms steps) and fight the event loop for the GIL.
Here a single writer thread takes every append waiting in its queue and stores them in
one transaction, one disk sync (a group commit, `Store.append_many`); each caller's
future resolves when its own event is durable, or with the error that refused it.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from dataclasses import dataclass

from initiative.store import Append, Store

MAX_BATCH = 64


@dataclass
class _Job:
    item: Append
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop


class StoreWriter:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="store-writer",
                                            daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Store what is queued, then end the thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    async def append(self, item: Append) -> None:
        """Store `item`; returns once it is durable (raises what refused it)."""
        self.start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Job(item, future, loop))
        await future

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            jobs = [first]
            stop = False
            while len(jobs) < MAX_BATCH:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stop = True
                    break
                jobs.append(job)
            try:
                results = self.store.append_many([j.item for j in jobs])
            except BaseException as exc:  # the database is gone: tell every caller
                results = [exc] * len(jobs)
            for job, error in zip(jobs, results, strict=True):
                job.loop.call_soon_threadsafe(_settle, job.future, error)
            if stop:
                return


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
