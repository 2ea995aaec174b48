"""The live side of The Initiative's tables: open tables in memory, their connected
pages, and the bots that play their seats on the server (as server/hex_hub.py does for
the hex game, over the same store, writer thread, notifier and hub helpers).

Every change goes through `TIHub.commit`, under the table's lock: the event is checked,
appended to the store (by the server's one writer thread, server/writer.py), then
applied, then every page gets its own seat's new view and the bot of the next seat (if
any) is woken. Nothing is acknowledged before it is stored, so a restart loses nothing.
With several server processes on one PostgreSQL database, a process that stores an
event NOTIFYs "i:table:seq" and the others catch up from the store (server/notify.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from initiative.bots import BOTS, RandomBot, TIBot, make_bot
from initiative.engine.rng import Seed
from initiative.games.ti.game import TIGame
from initiative.server.hubs import bot_seed, cancel_all, open_once
from initiative.server.notify import LocalNotifier, Notifier
from initiative.server.rates import TableRates
from initiative.server.table import TableError
from initiative.server.ti_setup import TIPlan
from initiative.server.ti_table import TITable
from initiative.server.writer import StoreWriter
from initiative.store import Append, ConflictError, Store, StoreError

log = logging.getLogger("initiative.server")
NOTIFY_KINDS = ("i",)
"""The notification kinds this hub hears ("i:table_id:seq")."""
IDLE_SECONDS = 600.0
"""A table with no page and no bot due for this long is dropped from memory."""
SWEEP_SECONDS = 30.0
MAX_BOT_FAILURES = 3
"""Refused choices in a row after which a bot task stops (the next change wakes it)."""
TI_BOTS = BOTS
"""The bots (and difficulty levels) that can play a seat of The Initiative."""


def make_ti_bot(name: str, game: TIGame, seed: int) -> TIBot:
    """A bot by name for `game`, given its public setup only (no answer); ValueError if
    unknown."""
    return make_bot(name, game.public, seed)


class TIClient(Protocol):
    """A connected page or API client of one seat (or the spectators)."""

    seat: int

    async def update(self, runtime: TIRuntime, answer: bool = False) -> None:
        """Send the client its state; `answer`: it answers this client's own request."""


@dataclass
class TIRuntime:
    table: TITable
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[TIClient] = field(default_factory=set)
    bots: dict[int, TIBot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    last_used: float = field(default_factory=time.monotonic)
    rates: TableRates = field(default_factory=TableRates)

    def bot(self, seat: int) -> TIBot | None:
        """The bot that plays `seat`, or None for a person's seat."""
        plan = self.table.plan.seats[seat]
        if not plan.is_bot:
            return None
        if seat not in self.bots:
            self.bots[seat] = make_ti_bot(plan.controller, self.table.game,
                                           bot_seed(self.table.seed, seat))
        return self.bots[seat]


class TIHub:
    """Every open The Initiative table of this process, over one store and its writer thread."""

    def __init__(self, store: Store, writer: StoreWriter, bot_delay: float = 0.8,
                 notifier: Notifier | None = None) -> None:
        self.store = store
        self.writer = writer
        self.bot_delay = bot_delay
        self.notifier: Notifier = notifier or LocalNotifier()
        self.runtimes: dict[str, TIRuntime] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._sweep: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.notifier.start(self.notified)
        self._sweep = asyncio.create_task(self._sweep_loop())

    async def stop(self) -> None:
        await cancel_all((self._sweep, *(r.bot_task for r in self.runtimes.values())))
        await self.notifier.stop()

    # --- tables ------------------------------------------------------------------------

    async def create(self, plan: TIPlan, seed: Seed | None = None,
                     prefix: list[int] | None = None
                     ) -> tuple[TIRuntime, list[str | None], str]:
        table, seat_tokens, spectator = await asyncio.to_thread(
            TITable.create, self.store, plan, seed, prefix)
        runtime = TIRuntime(table)
        self.runtimes[table.id] = runtime
        self.wake(runtime)
        return runtime, seat_tokens, spectator

    async def runtime(self, table_id: str) -> TIRuntime:
        """The open table (loaded from the store the first time it is asked for);
        StoreError or TableError if there is no such The Initiative table."""
        return await open_once(self.runtimes, self._loading, table_id,
                               lambda: self._load(table_id))

    async def _load(self, table_id: str) -> TIRuntime:
        table = await asyncio.to_thread(TITable.open, self.store, table_id)
        runtime = self.runtimes.setdefault(table.id, TIRuntime(table))
        self.wake(runtime)
        return runtime

    # --- changes -----------------------------------------------------------------------

    async def commit(self, runtime: TIRuntime, make: Callable[[TITable], dict[str, Any]],
                     origin: TIClient | None = None) -> None:
        """Check, store, apply and broadcast one event; TableError if refused (nothing
        stored, nothing changed)."""
        async with runtime.lock:
            table = runtime.table
            event = make(table)
            seq = table.head + 1
            data, summary = table.after(event)
            item = Append(table.id, seq, event, data if table.needs_snapshot(seq) else None,
                          "finished" if summary["finished"] else "active", summary)
            try:
                await self.writer.append(item)
            except ConflictError:
                behind = True
                await self._catch_up(runtime)
            except StoreError as exc:
                log.error("ti table %s: %s", table.id, exc)
                raise TableError("your choice could not be stored; nothing changed") from None
            else:
                behind = False
                table.apply(event)
                table.head = seq
        if behind:
            await self.broadcast(runtime)
            self.wake(runtime)
            raise TableError("the table changed meanwhile (another server); your screen "
                             "is up to date now, please choose again")
        try:
            await self.notifier.publish(f"i:{table.id}:{seq}")
        except Exception:  # stored and applied: this process's pages still hear of it
            log.exception("telling other processes of ti table %s seq %d failed",
                          table.id, seq)
        await self.broadcast(runtime, origin)
        self.wake(runtime)

    async def _catch_up(self, runtime: TIRuntime) -> bool:
        table = runtime.table
        events = await asyncio.to_thread(self.store.events, table.id, table.head)
        return table.catch_up(events)

    async def notified(self, payload: str) -> None:
        """"i:table:seq": another process stored an event of a table open here."""
        kind, _, rest = payload.partition(":")
        table_id, _, seq = rest.partition(":")
        runtime = self.runtimes.get(table_id)
        if kind != "i" or runtime is None or not seq.isdigit() \
                or int(seq) <= runtime.table.head:
            return
        async with runtime.lock:
            changed = await self._catch_up(runtime)
        if changed:
            await self.broadcast(runtime)
            self.wake(runtime)

    async def broadcast(self, runtime: TIRuntime, origin: TIClient | None = None) -> None:
        clients = list(runtime.clients)
        if clients:
            await asyncio.gather(*(c.update(runtime, c is origin) for c in clients),
                                 return_exceptions=True)

    # --- pages and bots ----------------------------------------------------------------

    async def join(self, runtime: TIRuntime, client: TIClient) -> None:
        runtime.clients.add(client)
        runtime.last_used = time.monotonic()
        seat = client.seat
        if seat >= 0 and not runtime.table.claimed[seat]:
            with contextlib.suppress(TableError):
                await self.commit(runtime, lambda t: t.check_claim(seat, ""))
        self.wake(runtime)

    def leave(self, runtime: TIRuntime, client: TIClient) -> None:
        runtime.clients.discard(client)
        runtime.last_used = time.monotonic()

    def wake(self, runtime: TIRuntime) -> None:
        """Start the table's bot task if a bot's seat decides now."""
        if runtime.bot_task is not None and not runtime.bot_task.done():
            return
        seat = runtime.table.state.current_seat()
        if seat >= 0 and runtime.table.plan.seats[seat].is_bot:
            runtime.bot_task = asyncio.create_task(self._bots(runtime))

    async def _bots(self, runtime: TIRuntime) -> None:
        """Bots play while a bot's seat decides (each after `bot_delay` seconds)."""
        table = runtime.table
        failures = 0
        while True:
            seat = table.state.current_seat()
            bot = runtime.bot(seat) if seat >= 0 else None
            if bot is None:
                return
            await asyncio.sleep(self.bot_delay)
            if table.state.current_seat() != seat:
                continue
            view = table.state.view(seat)
            try:
                action = await asyncio.to_thread(bot.choose, view)
            except Exception:  # a broken bot must not stall the table: a random choice
                log.exception("ti table %s: the bot of seat %d failed; a random choice "
                              "stands in", table.id, seat)
                action = RandomBot(table.head).choose(view)
            try:
                await self.commit(runtime, _bot_act(seat, table.game.action_index(action)))
                failures = 0
            except TableError as exc:  # the table moved on meanwhile: look again
                log.info("ti table %s: bot of seat %d: %s", table.id, seat, exc)
                failures += 1
                if failures >= MAX_BOT_FAILURES:
                    return

    async def _sweep_loop(self) -> None:
        """Let go of tables nobody has used for IDLE_SECONDS (they reload on demand)."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            now = time.monotonic()
            for key, runtime in list(self.runtimes.items()):
                if runtime.clients:
                    runtime.last_used = now
                elif now - runtime.last_used > IDLE_SECONDS and not runtime.lock.locked() \
                        and (runtime.bot_task is None or runtime.bot_task.done()):
                    del self.runtimes[key]


def _bot_act(seat: int, index: int) -> Callable[[TITable], dict[str, Any]]:
    return lambda table: table.check_act(seat, index, "bot")
