"""What the live hubs of every game share (server/hub.py for Initiative Break,
server/hex_hub.py for the hex skirmish game): loading a table once however many ask
at a time, stopping their tasks, and the seed of a seat's bot."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

from initiative.engine.rng import Seed, SplitMix64, derived_seed

T = TypeVar("T")


async def open_once(runtimes: dict[str, T], loading: dict[str, asyncio.Lock], table_id: str,
                    load: Callable[[], Awaitable[T]]) -> T:
    """The open table `table_id`; the first to ask runs `load` (which puts the table in
    `runtimes`) under the table's lock in `loading`, the others wait for it."""
    runtime = runtimes.get(table_id)
    if runtime is not None:
        return runtime
    lock = loading.setdefault(table_id, asyncio.Lock())
    try:
        async with lock:
            runtime = runtimes.get(table_id)
            return runtime if runtime is not None else await load()
    finally:
        if not lock.locked():
            loading.pop(table_id, None)


async def cancel_all(tasks: Iterable[asyncio.Task[None] | None]) -> None:
    """Cancel the tasks (None: none) and wait until each has ended, whatever its end."""
    running = [task for task in tasks if task]
    for task in running:
        task.cancel()
    for task in running:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


def bot_seed(table_seed: Seed, seat: int) -> int:
    """The seed of the bot that plays `seat` at a table (derived from the table's)."""
    return SplitMix64(derived_seed(table_seed, (seat + 1) * 0x9E37_79B9)).next64()
