"""The live side of the web tables, every game alike: open tables in memory, their
connected clients, bots, and the rule that nothing is acknowledged before it is stored.

A `Runtime` holds one table, a lock, its clients and its bots. Every change goes through
`Hub.commit`: under the table's lock the event is checked (the rules run once, on a
copy, and the state they reach is kept), appended to the store (by the server's one
writer thread, server/writer.py, so the event loop never waits on the disk), then
applied, then each seat's frame is built once and sent to every connection of that
seat (server/seat_frames.py), and the bot of the next seat (if any) is woken. When
another process appended first (ConflictError), the table catches up from the store and
the request is refused with a fresh view. Every choice (a client's or a bot's) names
the seq it was chosen at and is refused once the game has moved on (`Table.check_fresh`),
so a request re-sent or raced by two connections is played once. With several server
processes on one PostgreSQL database, a process that stores an event NOTIFYs
"e:table:seq" and the others catch up (server/notify.py). A bot stands in for a person
whose seat has been left longer than `away_after` seconds and hands it back as soon as
the person returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from initiative.bots import AnyBot, RandomBot, bot_names, make_bot
from initiative.engine.rng import Seed
from initiative.server.hubs import bot_seed, cancel_all, open_once
from initiative.server.notify import LocalNotifier, Notifier
from initiative.server.parts import HUMAN, PEOPLE, TablePlan
from initiative.server.rates import TableRates
from initiative.server.sites import AnySite
from initiative.server.table import Pending, StaleError, Table, TableError
from initiative.server.writer import StoreWriter
from initiative.store import Append, ConflictError, Store, StoreError

log = logging.getLogger("initiative.server")
IDLE_SECONDS = 600.0
"""A table with no client and no bot due for this long is dropped from memory."""
RESYNC_SECONDS = 5.0
"""Open tables are re-read this often in case a notification from another process was
missed."""
PRESENCE_TTL = 3 * RESYNC_SECONDS
"""Another process's word that a player is connected lasts this long unless repeated."""
MAX_BOT_FAILURES = 3
"""Refused choices in a row after which a bot task stops (the next change wakes it)."""
PROCESS_ID = uuid.uuid4().hex[:12]
NOTIFY_KINDS = ("e", "q", "p", "a")
"""The notification kinds the table hub hears (`Hub._notified`)."""


@dataclass
class Options:
    away_after: float = 60.0
    """Seconds a player may be gone before a bot plays their seat (0: never)."""
    bot_delay: float = 0.8
    """Seconds a bot waits before it acts (so people can follow the game)."""


class Client(Protocol):
    """A connected page or API client of one seat (or of the spectators)."""

    seat: int

    async def update(self, runtime: Runtime, note: str = "", answer: bool = False,
                     frames: dict[Any, dict[str, Any]] | None = None) -> None:
        """Send the client its state; `answer`: it answers this client's own request;
        `frames`: the frames built for this change so far, shared by the connections
        of one seat (a frame is built once per seat)."""


@dataclass(eq=False)
class Runtime:
    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    away_since: dict[int, float] = field(default_factory=dict)
    bots: dict[tuple[int, str], AnyBot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    last_used: float = field(default_factory=time.monotonic)
    away_after: float = 60.0
    remote: dict[int, dict[str, float]] = field(default_factory=dict)
    """Seat -> {other server process: when it last said the seat's player is there}."""
    rates: TableRates = field(default_factory=TableRates)
    """The table's flood limits, shared by its connections (rates.py)."""

    def present(self, seat: int) -> bool:
        """Whether the seat's player is connected here or (lately) to another process."""
        table = self.table
        if any(c.seat >= 0 and table.link_seat(seat) == c.seat for c in self.clients):
            return True
        now = time.monotonic()
        return any(now - seen < PRESENCE_TTL
                   for seen in self.remote.get(table.link_seat(seat), {}).values())

    def controller(self, seat: int, now: float | None = None) -> str:
        """Who plays `seat` now: a bot's name, or HUMAN."""
        table = self.table
        plan = table.plan.seats[seat]
        if plan.controller not in PEOPLE:
            return plan.controller
        since = self.away_since.get(table.link_seat(seat))
        now = time.monotonic() if now is None else now
        if self.away_after > 0 and since is not None and not self.present(seat) \
                and now - since >= self.away_after:
            return stand_in(table.site)
        return HUMAN

    def bot(self, seat: int, name: str) -> AnyBot:
        key = (seat, name)
        if key not in self.bots:
            self.bots[key] = make_bot(name, self.table.game, bot_seed(self.table.data.seed,
                                                                      seat))
        return self.bots[key]


def stand_in(site: AnySite) -> str:
    """The bot that plays an away player's seat: the game's `stand_in` if it has that
    bot, else the random one."""
    return site.stand_in if site.stand_in in bot_names(site.name) else "random"


class Hub:
    """Every open table of this process, over one store and its writer thread."""

    def __init__(self, store: Store, options: Options | None = None,
                 notifier: Notifier | None = None) -> None:
        self.store = store
        self.options = options or Options()
        self.notifier: Notifier = notifier or LocalNotifier()
        self.runtimes: dict[str, Runtime] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._resync: asyncio.Task[None] | None = None
        self.writer = StoreWriter(store)

    async def start(self) -> None:
        await self.notifier.start(self._notified)
        self._resync = asyncio.create_task(self._resync_loop())

    async def stop(self) -> None:
        await cancel_all((self._resync, *(r.bot_task for r in self.runtimes.values())))
        await self.notifier.stop()
        await asyncio.to_thread(self.writer.stop)

    # --- tables -----------------------------------------------------------------------

    async def create(self, site: AnySite, plan: TablePlan, seed: Seed | None = None, *,
                     undo: str = "safe", series: str = "",
                     digests: tuple[list[str], str] | None = None,
                     claimed: list[bool] | None = None, prefix: list[int] | None = None,
                     creator: str | None = None, creator_digest: str = ""
                     ) -> tuple[Runtime, list[str | None], str | None]:
        """A new table (see `Table.create`), open here; SetupError or TableError if it
        cannot be made."""
        table, seat_tokens, spectator = await asyncio.to_thread(
            Table.create, self.store, site, plan, seed, undo=undo, series=series,
            digests=digests, claimed=claimed, prefix=prefix or (), creator=creator,
            creator_digest=creator_digest)
        runtime = Runtime(table, away_after=self.options.away_after)
        self.runtimes[table.id] = runtime
        self.wake(runtime)
        return runtime, seat_tokens, spectator

    async def runtime(self, table_id: str) -> Runtime:
        """The open table (loaded from the store the first time it is asked for);
        StoreError or TableError if there is no such table."""
        return await open_once(self.runtimes, self._loading, table_id,
                               lambda: self._load(table_id))

    async def _load(self, table_id: str) -> Runtime:
        table = await asyncio.to_thread(Table.open, self.store, table_id)
        loaded = self.runtimes.get(table.id)
        if loaded is not None:  # loaded meanwhile (one table, one runtime)
            return loaded
        runtime = Runtime(table, away_after=self.options.away_after)
        now = time.monotonic()
        # Players who have played here count as away from now on until they
        # reconnect (a restart); seats nobody has played yet wait for them.
        runtime.away_since = {table.link_seat(t.seat): now for t in table.data.turns
                              if t.by == "player" and t.seat >= 0}
        self.runtimes[table.id] = runtime
        with contextlib.suppress(Exception):  # ask other processes who is there
            await self.notifier.publish(f"q:{table.id}:{PROCESS_ID}")
        self.wake(runtime)
        return runtime

    # --- changes ----------------------------------------------------------------------

    async def commit(self, runtime: Runtime, make: Callable[[Table], Pending],
                     note: str = "", origin: Client | None = None) -> None:
        """Check, store, apply and broadcast one event (to `origin`, the client that asked
        for it, as the answer to its request); TableError if refused (nothing stored,
        nothing changed)."""
        async with runtime.lock:
            table = runtime.table
            pending = make(table)
            seq = table.head + 1
            try:
                await self.writer.append(self._append_for(table, seq, pending))
            except ConflictError:
                caught_up: bool | None = await self._catch_up(runtime)
            except StoreError as exc:
                log.error("table %s: %s", table.id, exc)
                raise TableError("your choice could not be stored; nothing changed") from None
            else:
                caught_up = None
                table.apply(pending)
                table.head = seq
        if caught_up is not None:
            if caught_up:  # every client here sees the other server's events (its NOTIFY
                await self.broadcast(runtime, "")  # finds the table caught up already)
                self.wake(runtime)
            raise StaleError("the table changed meanwhile (another server); "
                             "your screen is up to date now, please choose again")
        try:
            await self.notifier.publish(f"e:{table.id}:{seq}")
        except Exception:  # stored and applied: this process's clients still hear of it
            log.exception("telling other processes of table %s seq %d failed", table.id, seq)
        await self.broadcast(runtime, note, origin)
        self.wake(runtime)

    @staticmethod
    def _append_for(table: Table, seq: int, pending: Pending) -> Append:
        """The store append of an event: with the lobby summary after it, and every
        SNAPSHOT_EVERY events the whole table after it (the table is not touched)."""
        snapshot = table.snapshot_after(pending, seq) if table.needs_snapshot(seq) else None
        summary = table.summary_after(pending)
        return Append(table.id, seq, pending.event, snapshot,
                      "finished" if summary["finished"] else "active", summary)

    async def _catch_up(self, runtime: Runtime) -> bool:
        table = runtime.table
        events = await asyncio.to_thread(self.store.events, table.id, table.head)
        return table.catch_up(events)

    async def _notified(self, payload: str) -> None:
        """A notification from a process: "e:table:seq" (an event was stored),
        "q:table:process" (who is connected here?), or "p:table:seat:process" /
        "a:table:seat:process" (a player is there / left)."""
        kind, _, rest = payload.partition(":")
        if kind == "e":
            table_id, _, seq = rest.partition(":")
            if seq.isdigit():
                await self._stored_elsewhere(table_id, int(seq))
        elif kind == "q":
            table_id, _, process = rest.partition(":")
            runtime = self.runtimes.get(table_id)
            if runtime is not None and process != PROCESS_ID:
                await self._announce(runtime)
        elif kind in ("p", "a"):
            parts = rest.split(":")
            if len(parts) == 3 and parts[1].lstrip("-").isdigit():
                self._heard_presence(kind == "p", parts[0], int(parts[1]), parts[2])

    def _heard_presence(self, here: bool, table_id: str, seat: int, process: str) -> None:
        runtime = self.runtimes.get(table_id)
        if runtime is None or process == PROCESS_ID:
            return
        seen = runtime.remote.setdefault(seat, {})
        if here:
            seen[process] = time.monotonic()
        else:
            seen.pop(process, None)
            if not runtime.present(seat):
                runtime.away_since[seat] = time.monotonic()
        self.wake(runtime)

    async def _stored_elsewhere(self, table_id: str, seq: int) -> None:
        runtime = self.runtimes.get(table_id)
        if runtime is None or seq <= runtime.table.head:
            return
        async with runtime.lock:
            changed = await self._catch_up(runtime)
        if changed:
            await self.broadcast(runtime, "")
            self.wake(runtime)

    async def _resync_loop(self) -> None:
        """Re-read open tables (other processes' missed notifications) and let go of
        tables nobody has used for IDLE_SECONDS (they reload from the store on demand)."""
        shared = not isinstance(self.notifier, LocalNotifier)
        while True:
            await asyncio.sleep(RESYNC_SECONDS)
            now = time.monotonic()
            for key, runtime in list(self.runtimes.items()):
                self._forget_quiet(runtime, now)
                if runtime.clients:
                    runtime.last_used = now
                    if shared:
                        with contextlib.suppress(Exception):
                            await self._stored_elsewhere(runtime.table.id, 1 << 62)
                            await self._announce(runtime)
                elif now - runtime.last_used > IDLE_SECONDS and not runtime.lock.locked() \
                        and (runtime.bot_task is None or runtime.bot_task.done()):
                    del self.runtimes[key]

    def _forget_quiet(self, runtime: Runtime, now: float) -> None:
        """Drop other processes' presence claims that were not repeated in time (that
        process stopped): those players count as away from now on."""
        for seat, seen in runtime.remote.items():
            for process, when in list(seen.items()):
                if now - when >= PRESENCE_TTL:
                    del seen[process]
                    if not runtime.present(seat):
                        runtime.away_since[seat] = now
                        self.wake(runtime)

    async def _announce(self, runtime: Runtime) -> None:
        """Say which seats' players are connected here (a heartbeat, or an answer)."""
        for seat in sorted({c.seat for c in runtime.clients if c.seat >= 0}):
            await self._presence(runtime, seat, True)

    async def broadcast(self, runtime: Runtime, note: str, origin: Client | None = None,
                        seat: int | None = None) -> None:
        """Send every client (or only `seat`'s) its state; each seat's frame is built
        once for all its connections."""
        clients = [c for c in runtime.clients if seat is None or c.seat == seat]
        frames: dict[Any, dict[str, Any]] = {}
        if clients:
            await asyncio.gather(*(c.update(runtime, note, c is origin, frames)
                                   for c in clients), return_exceptions=True)

    # --- presence ---------------------------------------------------------------------

    async def join(self, runtime: Runtime, client: Client) -> None:
        runtime.clients.add(client)
        runtime.last_used = time.monotonic()
        seat = client.seat
        if seat >= 0:
            runtime.away_since.pop(seat, None)
            await self._presence(runtime, seat, True)
            if not runtime.table.data.claimed[seat]:
                with contextlib.suppress(TableError):
                    await self.commit(runtime, lambda t: t.check_claim(seat, ""))
        self.wake(runtime)

    async def leave(self, runtime: Runtime, client: Client) -> None:
        runtime.clients.discard(client)
        runtime.last_used = time.monotonic()
        seat = client.seat
        if seat >= 0 and not any(c.seat == seat for c in runtime.clients):
            await self._presence(runtime, seat, False)
            if not runtime.present(seat):
                runtime.away_since[seat] = time.monotonic()
            runtime.table.cancel(seat)
            self.wake(runtime)

    async def _presence(self, runtime: Runtime, seat: int, here: bool) -> None:
        """Tell the other processes whether `seat`'s player is connected here."""
        with contextlib.suppress(Exception):  # presence is advisory; play goes on
            await self.notifier.publish(
                f"{'p' if here else 'a'}:{runtime.table.id}:{seat}:{PROCESS_ID}")

    # --- bots -------------------------------------------------------------------------

    def wake(self, runtime: Runtime) -> None:
        """Start the table's bot loop if a bot (or an away player's stand-in) may be due:
        the deciding seat is a bot's, or its person has left."""
        if runtime.bot_task is not None and not runtime.bot_task.done():
            return
        table = runtime.table
        seat = table.state.current_seat()
        if seat < 0 or (table.plan.seats[seat].controller in PEOPLE
                        and table.link_seat(seat) not in runtime.away_since):
            return  # nobody's turn, or a person's who is here: their choice wakes us
        runtime.bot_task = asyncio.create_task(self._bot_loop(runtime))

    async def _bot_loop(self, runtime: Runtime) -> None:
        failures = 0
        while failures < MAX_BOT_FAILURES:
            table = runtime.table
            seat = table.state.current_seat()
            if seat < 0:
                return
            now = time.monotonic()
            name = runtime.controller(seat, now)
            if name == HUMAN:
                since = runtime.away_since.get(table.link_seat(seat))
                if since is None or runtime.present(seat) or runtime.away_after <= 0:
                    return  # the player decides; their actions wake us again
                await asyncio.sleep(max(0.0, since + runtime.away_after - now) + 0.01)
                continue
            head = table.head
            await asyncio.sleep(self.options.bot_delay)
            if table.head != head or table.state.current_seat() != seat:
                continue
            index = await self._bot_choice(runtime, seat, name)
            by = "stand-in" if table.plan.seats[seat].controller in PEOPLE else "bot"

            def act(t: Table, s: int = seat, i: int = index, b: str = by, n: str = name,
                    h: int = head) -> Pending:
                # Under the lock: the game (the bot's choice carries the seq it chose
                # at, as every client's does), and who plays the seat (a player back
                # from being away takes over at once), are still as the bot found them.
                if runtime.controller(s) != n:
                    raise TableError("the seat's player is back")
                return t.check_act(s, [i], by=b, seq=h)

            try:
                await self.commit(runtime, act)
                failures = 0
            except TableError as exc:  # the table moved on meanwhile: look again
                log.info("table %s: bot of seat %d: %s", table.id, seat, exc)
                failures += 1

    async def _bot_choice(self, runtime: Runtime, seat: int, name: str) -> int:
        """The action number the bot `name` chooses for `seat`, from the seat's view
        alone; a broken bot must not stall the table: a random choice stands in."""
        table = runtime.table
        view = table.state.view(seat)
        try:
            action: Any = await asyncio.to_thread(runtime.bot(seat, name).choose, view)
        except Exception:
            log.exception("table %s: the bot of seat %d failed; a random choice stands in",
                          table.id, seat)
            action = RandomBot(table.head).choose(view)
        index: int = table.game.action_index(action)
        return index
