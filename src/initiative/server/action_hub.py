"""The live side of the tables of games played one decision at a time (the hex
skirmish game's, server/hex_hub.py, and The Initiative's, server/ti_hub.py): open
tables in memory, their connected pages, and the bots that play their seats on the
server.

Every change goes through `ActionHub.commit`, under the table's lock: the event is
checked, appended to the store (by the server's one writer thread, server/writer.py),
then applied, then every page gets its own seat's new view and the bot of the next seat
(if any) is woken. Nothing is acknowledged before it is stored, so a restart loses
nothing. With several server processes on one PostgreSQL database, a process that
stores an event NOTIFYs "<kind>:table:seq" and the others catch up from the store
(server/notify.py); one that loses a race (ConflictError) catches up and refuses the
request with a fresh view.

A game's hub says how its tables are made and opened and which bots play them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from initiative.bots import RandomBot
from initiative.engine.contract import Bot
from initiative.engine.rng import Seed
from initiative.server.action_table import ActionTable
from initiative.server.hubs import bot_seed, cancel_all, open_once
from initiative.server.notify import LocalNotifier, Notifier
from initiative.server.rates import TableRates
from initiative.server.table import TableError
from initiative.server.writer import StoreWriter
from initiative.store import Append, ConflictError, Store, StoreError

log = logging.getLogger("initiative.server")
IDLE_SECONDS = 600.0
"""A table with no page and no bot due for this long is dropped from memory."""
SWEEP_SECONDS = 30.0
MAX_BOT_FAILURES = 3
"""Refused choices in a row after which a bot task stops (the next change wakes it)."""
AnyBot = Bot[Any, Any]
T = TypeVar("T", bound=ActionTable[Any, Any, Any])
P = TypeVar("P")


class Client(Protocol):
    """A connected page or API client of one seat (or the spectators)."""

    seat: int

    async def update(self, runtime: Any, answer: bool = False) -> None:
        """Send the client its state; `answer`: it answers this client's own request."""


@dataclass
class Runtime(Generic[T]):
    table: T
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    bots: dict[int, AnyBot] = field(default_factory=dict)
    """The bots of this table's bot seats, made when first needed."""
    bot_task: asyncio.Task[None] | None = None
    last_used: float = field(default_factory=time.monotonic)
    rates: TableRates = field(default_factory=TableRates)


class ActionHub(ABC, Generic[P, T]):
    """Every open table of one game in this process, over one store and its writer
    thread: `P` its plans, `T` its tables."""

    KIND: ClassVar[str] = ""
    """The notification kind of this game's events ("KIND:table_id:seq")."""

    def __init__(self, store: Store, writer: StoreWriter, bot_delay: float = 0.8,
                 notifier: Notifier | None = None) -> None:
        self.store = store
        self.writer = writer
        self.bot_delay = bot_delay
        self.notifier: Notifier = notifier or LocalNotifier()
        self.runtimes: dict[str, Runtime[T]] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._sweep: asyncio.Task[None] | None = None

    @abstractmethod
    def new_table(self, plan: P, seed: Seed | None, prefix: list[int] | None
                  ) -> tuple[T, list[str | None], str]:
        """A new table stored (its seat tokens and the spectators'); run in a thread."""

    @abstractmethod
    def open_table(self, table_id: str) -> T:
        """The stored table `table_id`; run in a thread."""

    @abstractmethod
    def make_bot(self, name: str, table: T, seed: int) -> AnyBot:
        """The bot `name` for a seat of `table`, given its public setup only."""

    def bot(self, runtime: Runtime[T], seat: int) -> AnyBot | None:
        """The bot that plays `seat`, or None for a person's seat."""
        plan = runtime.table.plan.seats[seat]
        if not plan.is_bot:
            return None
        if seat not in runtime.bots:
            runtime.bots[seat] = self.make_bot(plan.controller, runtime.table,
                                               bot_seed(runtime.table.seed, seat))
        return runtime.bots[seat]

    async def start(self) -> None:
        await self.notifier.start(self.notified)
        self._sweep = asyncio.create_task(self._sweep_loop())

    async def stop(self) -> None:
        await cancel_all((self._sweep, *(r.bot_task for r in self.runtimes.values())))
        await self.notifier.stop()

    # --- tables ------------------------------------------------------------------------

    async def create(self, plan: P, seed: Seed | None = None,
                     prefix: list[int] | None = None
                     ) -> tuple[Runtime[T], list[str | None], str]:
        table, seat_tokens, spectator = await asyncio.to_thread(
            self.new_table, plan, seed, prefix)
        runtime = Runtime(table)
        self.runtimes[table.id] = runtime
        self.wake(runtime)
        return runtime, seat_tokens, spectator

    async def runtime(self, table_id: str) -> Runtime[T]:
        """The open table (loaded from the store the first time it is asked for);
        StoreError or TableError if there is no such table of this game."""
        return await open_once(self.runtimes, self._loading, table_id,
                               lambda: self._load(table_id))

    async def _load(self, table_id: str) -> Runtime[T]:
        table = await asyncio.to_thread(self.open_table, table_id)
        runtime = self.runtimes.setdefault(table.id, Runtime(table))
        self.wake(runtime)
        return runtime

    # --- changes -----------------------------------------------------------------------

    async def commit(self, runtime: Runtime[T], make: Callable[[T], dict[str, Any]],
                     origin: Client | None = None) -> None:
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
                log.error("%s %s: %s", table.WHAT, table.id, exc)
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
            await self.notifier.publish(f"{self.KIND}:{table.id}:{seq}")
        except Exception:  # stored and applied: this process's pages still hear of it
            log.exception("telling other processes of %s %s seq %d failed",
                          table.WHAT, table.id, seq)
        await self.broadcast(runtime, origin)
        self.wake(runtime)

    async def _catch_up(self, runtime: Runtime[T]) -> bool:
        table = runtime.table
        events = await asyncio.to_thread(self.store.events, table.id, table.head)
        return table.catch_up(events)

    async def notified(self, payload: str) -> None:
        """"KIND:table:seq": another process stored an event of a table open here."""
        kind, _, rest = payload.partition(":")
        table_id, _, seq = rest.partition(":")
        runtime = self.runtimes.get(table_id)
        if kind != self.KIND or runtime is None or not seq.isdigit() \
                or int(seq) <= runtime.table.head:
            return
        async with runtime.lock:
            changed = await self._catch_up(runtime)
        if changed:
            await self.broadcast(runtime)
            self.wake(runtime)

    async def broadcast(self, runtime: Runtime[T], origin: Client | None = None) -> None:
        clients = list(runtime.clients)
        if clients:
            await asyncio.gather(*(c.update(runtime, c is origin) for c in clients),
                                 return_exceptions=True)

    # --- pages and bots ----------------------------------------------------------------

    async def join(self, runtime: Runtime[T], client: Client) -> None:
        runtime.clients.add(client)
        runtime.last_used = time.monotonic()
        seat = client.seat
        if seat >= 0 and not runtime.table.claimed[seat]:
            with contextlib.suppress(TableError):
                await self.commit(runtime, lambda t: t.check_claim(seat, ""))
        self.wake(runtime)

    def leave(self, runtime: Runtime[T], client: Client) -> None:
        runtime.clients.discard(client)
        runtime.last_used = time.monotonic()

    def wake(self, runtime: Runtime[T]) -> None:
        """Start the table's bot task if a bot's seat decides now."""
        if runtime.bot_task is not None and not runtime.bot_task.done():
            return
        seat = runtime.table.state.current_seat()
        if seat >= 0 and runtime.table.plan.seats[seat].is_bot:
            runtime.bot_task = asyncio.create_task(self._bots(runtime))

    async def _bots(self, runtime: Runtime[T]) -> None:
        """Bots play while a bot's seat decides (each after `bot_delay` seconds)."""
        table = runtime.table
        failures = 0
        while True:
            seat = table.state.current_seat()
            bot = self.bot(runtime, seat) if seat >= 0 else None
            if bot is None:
                return
            await asyncio.sleep(self.bot_delay)
            if table.state.current_seat() != seat:
                continue
            view = table.state.view(seat)
            try:
                action = await asyncio.to_thread(bot.choose, view)
            except Exception:  # a broken bot must not stall the table: a random choice
                log.exception("%s %s: the bot of seat %d failed; a random choice "
                              "stands in", table.WHAT, table.id, seat)
                action = RandomBot(table.head).choose(view)
            try:
                await self.commit(runtime, _bot_act(seat, table.game.action_index(action)))
                failures = 0
            except TableError as exc:  # the table moved on meanwhile: look again
                log.info("%s %s: bot of seat %d: %s", table.WHAT, table.id, seat, exc)
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


def _bot_act(seat: int, index: int) -> Callable[[ActionTable[Any, Any, Any]], dict[str, Any]]:
    return lambda table: table.check_act(seat, index, "bot")
