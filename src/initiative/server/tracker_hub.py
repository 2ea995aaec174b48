"""The live side of the GM trackers: open trackers in memory, their connected pages and
the rule that nothing is acknowledged before it is stored.

Links: the game master's link holds a random 192-bit token (`tokens.new_token`). Every
other link of a tracker (the players' page, spectators, one per player character) is
derived from it, `HMAC-SHA256(gm_token, "initiative-tracker:" + key)`, so the GM page can
show them at any time, characters added later included, while the store keeps only the
SHA-256 of each token (under the record's `keys`: "gm", "spectator", "players",
"pc:NAME"). A token is checked against the keys of the tracker named in the URL.

Every change goes through `TrackerHub.run`: under the tracker's lock the command runs on
a copy of the console (`records.prepare_line`), the event is stored through the server's
store writer, and only then the copy becomes the tracker and every page gets its own
rendering. A refused command raises ValueError and stores nothing.

Several server processes (one PostgreSQL): after storing an event the hub publishes
"t:tracker_id:seq" on the notifier it shares with the table hub. A process that has the
tracker open and is behind replays the new events from the store through its console
(`replay_events`, as reopening does after a snapshot) and re-renders every page; open
pages' trackers are also re-read every RESYNC_SECONDS in case a notification was missed.
A notification may still be on its way when the other process has already answered its
page, so a command is never judged against what this process has heard of: under the
lock the tracker first catches up with whatever the store holds after its seq, and only
then is the command checked. When another process stores first in the meantime
(ConflictError), the tracker catches up again and the command is checked and stored once
more against the caught-up console (refused if it no longer applies), as two requests on
one process are taken one after the other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from initiative.server import tokens
from initiative.server.hub import RESYNC_SECONDS
from initiative.server.notify import LocalNotifier, Notifier
from initiative.server.tracker_access import Access as Access
from initiative.server.tracker_access import TrackerError as TrackerError
from initiative.server.tracker_parts import SAMPLE_LINES as SAMPLE_LINES
from initiative.server.tracker_parts import tracker_web
from initiative.server.writer import StoreWriter
from initiative.store import ConflictError, Store, StoreError
from initiative.trackers import any_system, records, systems
from initiative.trackers.base import TrackerConsole
from initiative.trackers.records import Prepared, TrackerRecord

log = logging.getLogger("initiative.server")
MAX_LINE = 500
TRANSCRIPT_LINES = 300
WEB_REFUSED = frozenset({"save", "load", "saved", "quit", "exit"})
"""Console commands a web page may not run: files are not for web users."""
NOTIFY_KINDS = ("t",)
"""The notification kinds the tracker hub hears ("t:tracker_id:seq", `TrackerHub.notified`)."""


def link_token(gm_token: str, key: str) -> str:
    """The secret of link `key` ("players", "spectator", "pc:NAME"), derived from the
    GM's token (one-way: a player's link tells nothing of the GM's)."""
    return tokens.derive(gm_token, f"initiative-tracker:{key}")


class TrackerClient(Protocol):
    access: Access

    async def update(self, runtime: TrackerRuntime, answer: bool = False) -> None:
        """Send the page its own rendering; `answer`: it answers the page's request."""


@dataclass
class TrackerRuntime:
    record: TrackerRecord
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[TrackerClient] = field(default_factory=set)
    transcript: deque[str] = field(default_factory=lambda: deque(maxlen=TRANSCRIPT_LINES))
    """The GM's console lines (GM reading: never rendered for anyone else)."""

    @property
    def console(self) -> TrackerConsole:
        return self.record.console

    def access_for(self, token: str) -> Access | None:
        """The role `token` opens at this tracker, or None."""
        if not token:
            return None
        found: Access | None = None
        for key, stored in self.record.keys.items():
            if tokens.matches(token, stored) and found is None:
                role, _, name = key.partition(":")
                found = Access(role, token, name)
        return found

    def links(self, gm_token: str) -> dict[str, str]:
        """Every link key of this tracker -> its token (the GM page shows them)."""
        return {key: link_token(gm_token, key) for key in self.record.keys if key != "gm"}


def pc_names(console: TrackerConsole) -> list[str]:
    """The players (or player characters) that get their own link ("pc:NAME")."""
    return tracker_web(console.system).player_names(console)


def _keys_for(gm_token: str) -> Callable[[TrackerConsole], dict[str, str]]:
    """Link digests for every player character of a console (new ones get stored)."""
    def keys(console: TrackerConsole) -> dict[str, str]:
        return {f"pc:{n}": tokens.digest(link_token(gm_token, f"pc:{n}"))
                for n in pc_names(console)}
    return keys


def echo(by: str, line: str) -> str:
    """A command as the GM's console pane shows it (a player's marked with their name)."""
    return f"{'' if by == 'gm' else f'[{by}] '}> {line}"


def replay_events(record: TrackerRecord, events: list[tuple[int, dict[str, Any]]],
                  transcript: deque[str] | None = None) -> None:
    """Bring an open tracker up to the events stored after its seq, replayed as
    `records.reopen` replays the events after a snapshot, on a copy (ValueError,
    naming the seq, if one does not replay: nothing changes). An event stored with a
    snapshot trims the undo history as its writer did, so the result equals a reopened
    tracker. Each command and the console's answers go to `transcript`."""
    lines: list[str] = []
    console = record.console.clone(lines.append)
    keys: dict[str, str] = {}
    seq = record.seq
    for seq, event in events:
        if "line" in event:
            lines.append(echo(str(event.get("by", "gm")), str(event["line"])))
        try:
            records.replay_event(console, event)  # the path open_tracker takes
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"tracker record {record.id} is damaged: event seq {seq} "
                             f"({event!r:.120}) does not replay: {exc}") from None
        keys.update({str(k): str(v) for k, v in event.get("keys", {}).items()})
        if seq % records.SNAPSHOT_EVERY == 0:
            console.trim_history(records.UNDO_KEEP)
    console.write = record.console.write
    record.console, record.seq = console, seq
    record.keys.update(keys)
    if transcript is not None:
        transcript.extend(lines)


def check_web_line(system: str, line: str) -> None:
    """Refuse what a web page may not run: file commands, quit, over-long lines."""
    if len(line) > MAX_LINE:
        raise TrackerError(f"a command is at most {MAX_LINE} characters")
    if "\n" in line or "\r" in line:
        raise TrackerError("one command per line")
    verb = records.command_verb(system, line)  # the one the console will run
    if verb in WEB_REFUSED:
        raise TrackerError(f"{verb!r} is not available on the web: the tracker is "
                           "saved in the server's database after every command")


class TrackerHub:
    """Every open tracker of this process, over one store and its writer thread."""

    def __init__(self, store: Store, writer: StoreWriter,
                 notifier: Notifier | None = None) -> None:
        self.store = store
        self.writer = writer
        self.notifier: Notifier = notifier or LocalNotifier()
        self.runtimes: dict[str, TrackerRuntime] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._resync: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Hear other processes' changes (and, with them, re-read open trackers)."""
        await self.notifier.start(self.notified)
        if not isinstance(self.notifier, LocalNotifier):
            self._resync = asyncio.create_task(self._resync_loop())

    async def stop(self) -> None:
        if self._resync is not None:
            self._resync.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._resync
        await self.notifier.stop()

    async def create(self, system: str, name: str, rules: dict[str, object],
                     sample: bool) -> tuple[TrackerRuntime, str]:
        """A new tracker (with the sample roster if asked); its runtime and GM token."""
        gm_token = tokens.new_token()

        web = tracker_web(system)

        def build() -> str:
            console = systems.new_console(system, records.quiet, dict(rules),
                                          secrets.randbits(63))
            for line in web.sample_lines if sample else ():
                console.run(line)
            keys = {"gm": tokens.digest(gm_token),
                    **{key: tokens.digest(link_token(gm_token, key))
                       for key in ("spectator", *web.shared_links)},
                    **_keys_for(gm_token)(console)}
            return records.create_tracker(self.store, console, name, keys)

        record_id = await asyncio.to_thread(build)
        return await self.runtime(record_id), gm_token

    async def runtime(self, tracker_id: str) -> TrackerRuntime:
        """The open tracker (reopened from the store the first time it is asked for);
        ValueError if there is no such tracker or it is damaged."""
        runtime = self.runtimes.get(tracker_id)
        if runtime is not None:
            return runtime
        lock = self._loading.setdefault(tracker_id, asyncio.Lock())
        try:
            async with lock:
                runtime = self.runtimes.get(tracker_id)
                if runtime is None:
                    record = await asyncio.to_thread(any_system.open_tracker, self.store,
                                                     tracker_id)
                    runtime = self.runtimes.setdefault(record.id, TrackerRuntime(record))
                return runtime
        finally:
            if not lock.locked():
                self._loading.pop(tracker_id, None)

    async def run(self, runtime: TrackerRuntime, access: Access, line: str,
                  origin: TrackerClient | None = None) -> list[str]:
        """Check, store, apply and broadcast one command; the console's output lines.
        TrackerError/ValueError if refused (nothing stored)."""
        system = runtime.console.system
        check_web_line(system, line)
        keys = _keys_for(access.token) if access.role == "gm" else None
        behind = False  # caught up with another process's events on the way
        try:
            async with runtime.lock:
                record = runtime.record
                # Judged against what is stored, not what this process has heard of: an
                # event another process stored (and answered) may not be announced yet.
                behind = await self._read_up(runtime)
                for _ in range(2):  # a second try against the caught-up tracker
                    prepared = records.prepare_line(record, line, access.by, keys)
                    if prepared.append is None or await self._append(runtime, prepared):
                        break
                    behind = True
                else:
                    raise TrackerError("the tracker changed meanwhile (another server); "
                                       "your page is up to date now, please try again")
                records.adopt(record, prepared)
                runtime.transcript.append(echo(access.by, line))
                runtime.transcript.extend(prepared.output)
        except ValueError:
            if behind:  # refused now, but every page here sees the other process's events
                await self.broadcast(runtime)
            raise
        if prepared.append is not None:
            await self._publish(record.id, prepared.append.seq)
        await self.broadcast(runtime, origin, gm_only=prepared.append is None and not behind)
        return prepared.output

    async def _append(self, runtime: TrackerRuntime, prepared: Prepared) -> bool:
        """Store a prepared command (under the tracker's lock); False when another process
        stored first (the tracker has caught up then, and nothing was stored)."""
        assert prepared.append is not None
        try:
            try:
                await self.writer.append(prepared.append)
            except ConflictError:
                await self._catch_up(runtime)
                return False
        except StoreError as exc:
            log.error("tracker %s: %s", runtime.record.id, exc)
            raise TrackerError("the command could not be stored; nothing changed") from None
        return True

    async def _read_up(self, runtime: TrackerRuntime) -> bool:
        """Catch up with the store before a command is judged (under the tracker's lock);
        whether another process had stored events this one had not heard of yet."""
        try:
            return await self._catch_up(runtime)
        except StoreError as exc:
            log.error("tracker %s: %s", runtime.record.id, exc)
            raise TrackerError("the tracker could not be read; nothing changed") from None

    async def _publish(self, tracker_id: str, seq: int) -> None:
        try:
            await self.notifier.publish(f"t:{tracker_id}:{seq}")
        except Exception:  # stored and applied: this process's pages still hear of it
            log.exception("telling other processes of tracker %s seq %d failed",
                          tracker_id, seq)

    async def _catch_up(self, runtime: TrackerRuntime) -> bool:
        """Replay the events stored after the tracker's seq (under its lock); whether
        there were any."""
        record = runtime.record
        events = await asyncio.to_thread(self.store.events, record.id, record.seq)
        if events:
            replay_events(record, events, runtime.transcript)
        return bool(events)

    # --- other processes ------------------------------------------------------------------

    async def notified(self, payload: str) -> None:
        """A notification from a server process: "t:tracker_id:seq" (an event stored)."""
        kind, _, rest = payload.partition(":")
        if kind == "t":
            tracker_id, _, seq = rest.partition(":")
            await self.catch_up(tracker_id, int(seq))

    async def catch_up(self, tracker_id: str, seq: int) -> bool:
        """If the tracker is open here and behind `seq`, replay what the store holds
        after its seq and re-render every page; whether it changed."""
        runtime = self.runtimes.get(tracker_id)
        if runtime is None or seq <= runtime.record.seq:
            return False
        async with runtime.lock:
            changed = await self._catch_up(runtime)
        if changed:
            await self.broadcast(runtime)
        return changed

    async def resync(self) -> None:
        """Catch up the trackers with open pages whose record moved on without a
        notification reaching us (one header read each when nothing changed)."""
        watched = [key for key, runtime in self.runtimes.items() if runtime.clients]
        if not watched:
            return
        heads = await asyncio.to_thread(
            lambda: {key: self.store.info(key).head for key in watched})
        for key, head in heads.items():
            await self.catch_up(key, head)

    async def _resync_loop(self) -> None:
        while True:
            await asyncio.sleep(RESYNC_SECONDS)
            try:
                await self.resync()
            except Exception:
                log.exception("re-reading open trackers failed")

    async def broadcast(self, runtime: TrackerRuntime, origin: TrackerClient | None = None,
                        gm_only: bool = False) -> None:
        """Every page of the tracker gets its own rendering (`gm_only`: the GM's pages,
        when only the console transcript changed)."""
        clients = [c for c in runtime.clients if not gm_only or c.access.role == "gm"]
        if clients:
            await asyncio.gather(*(c.update(runtime, c is origin) for c in clients),
                                 return_exceptions=True)


def player_line(console: TrackerConsole, access: Access, op: str,
                message: dict[str, Any]) -> str:
    """The console line of a player page's own request `op` (`message`: the request),
    as its system allows (`TrackerWeb.player_ops`, `player_line`); TrackerError if the
    page may not make it."""
    web = tracker_web(console.system)
    if access.role == "gm" or op not in web.player_ops:
        raise TrackerError("only a player character's own link can do that")
    return web.player_line(console, access, op, message)
