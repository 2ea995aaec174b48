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
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
import shlex
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from initiative.server import tokens
from initiative.server.writer import StoreWriter
from initiative.store import ConflictError, Store, StoreError
from initiative.trackers import records, systems
from initiative.trackers.base import TrackerConsole
from initiative.trackers.faith import FaithConsole
from initiative.trackers.records import TrackerRecord

log = logging.getLogger("initiative.server")
MAX_LINE = 500
TRANSCRIPT_LINES = 300
WEB_REFUSED = frozenset({"save", "load", "saved", "quit", "exit"})
"""Console commands a web page may not run: files are not for web users."""
SAMPLE_LINES = ("roster",)
"""What "start with the sample roster" runs (both consoles know it)."""


class TrackerError(ValueError):
    """A request a page may not make, or a command the console refused."""


def link_token(gm_token: str, key: str) -> str:
    """The secret of link `key` ("players", "spectator", "pc:NAME"), derived from the
    GM's token (one-way: a player's link tells nothing of the GM's)."""
    mac = hmac.new(gm_token.encode("utf-8", "replace"),
                   f"initiative-tracker:{key}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:tokens.TOKEN_BYTES]).decode("ascii").rstrip("=")


@dataclass(frozen=True)
class Access:
    """What a link opens: `role` "gm", "players", "spectator" or "pc" (`name`: the PC)."""

    role: str
    token: str
    name: str = ""

    @property
    def viewer(self) -> str:
        """The model's viewer name: "GM", the PC's name, or "@spectator"."""
        return "GM" if self.role == "gm" else self.name if self.role == "pc" else "@spectator"

    @property
    def by(self) -> str:
        return "gm" if self.role == "gm" else self.name


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
    """The player characters that get their own link (card rounds only)."""
    if isinstance(console, FaithConsole):
        return [c.name for c in console.state.roster if c.side == "pc"]
    return []


def _keys_for(gm_token: str) -> Callable[[TrackerConsole], dict[str, str]]:
    """Link digests for every player character of a console (new ones get stored)."""
    def keys(console: TrackerConsole) -> dict[str, str]:
        return {f"pc:{n}": tokens.digest(link_token(gm_token, f"pc:{n}"))
                for n in pc_names(console)}
    return keys


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

    def __init__(self, store: Store, writer: StoreWriter) -> None:
        self.store = store
        self.writer = writer
        self.runtimes: dict[str, TrackerRuntime] = {}
        self._loading: dict[str, asyncio.Lock] = {}

    async def create(self, system: str, name: str, rules: dict[str, object],
                     sample: bool) -> tuple[TrackerRuntime, str]:
        """A new tracker (with the sample roster if asked); its runtime and GM token."""
        gm_token = tokens.new_token()

        def build() -> str:
            console = systems.new_console(system, records.quiet, dict(rules),
                                          secrets.randbits(63))
            for line in SAMPLE_LINES if sample else ():
                console.run(line)
            keys = {"gm": tokens.digest(gm_token),
                    "spectator": tokens.digest(link_token(gm_token, "spectator")),
                    **_keys_for(gm_token)(console)}
            if system == "exalted":
                keys["players"] = tokens.digest(link_token(gm_token, "players"))
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
                    record = await asyncio.to_thread(records.open_tracker, self.store,
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
        async with runtime.lock:
            record = runtime.record
            prepared = records.prepare_line(record, line, access.by, keys)
            if prepared.append is not None:
                try:
                    await self.writer.append(prepared.append)
                except ConflictError:
                    await self._reload(runtime)
                    raise TrackerError("the tracker changed meanwhile (another server); "
                                       "your page is up to date now, please try again") from None
                except StoreError as exc:
                    log.error("tracker %s: %s", record.id, exc)
                    raise TrackerError("the command could not be stored; nothing "
                                       "changed") from None
            records.adopt(record, prepared)
            who = "" if access.role == "gm" else f"[{access.name}] "
            runtime.transcript.append(f"{who}> {line}")
            runtime.transcript.extend(prepared.output)
        await self.broadcast(runtime, origin, gm_only=prepared.append is None)
        return prepared.output

    async def _reload(self, runtime: TrackerRuntime) -> None:
        record = await asyncio.to_thread(records.open_tracker, self.store, runtime.record.id)
        runtime.record = record
        await self.broadcast(runtime)

    async def broadcast(self, runtime: TrackerRuntime, origin: TrackerClient | None = None,
                        gm_only: bool = False) -> None:
        """Every page of the tracker gets its own rendering (`gm_only`: the GM's pages,
        when only the console transcript changed)."""
        clients = [c for c in runtime.clients if not gm_only or c.access.role == "gm"]
        if clients:
            await asyncio.gather(*(c.update(runtime, c is origin) for c in clients),
                                 return_exceptions=True)


def player_line(console: TrackerConsole, access: Access, op: str, value: object) -> str:
    """The console line of a player's own request: `commit` (a hand index or "top") or
    `declare` (an action told to the GM in secret). Only a card-round PC may ask."""
    if access.role != "pc" or not isinstance(console, FaithConsole):
        raise TrackerError("only a player character's own link can do that")
    name = shlex.quote(access.name)
    if op == "commit":
        if value == "top":
            return f"commit {name} top"
        if isinstance(value, bool) or not isinstance(value, int | str) \
                or not str(value).isdigit():
            raise TrackerError("choose a card of your hand (its number) or the deck top")
        return f"commit {name} {int(value)}"
    if op == "declare":
        text = " ".join(str(value or "").split())
        if not text:
            raise TrackerError("declare: say what your character intends to do")
        if len(text) > 200:
            raise TrackerError("declare: at most 200 characters")
        return f"declare {name} {shlex.join(text.split())}"
    raise TrackerError(f"unknown request {op!r}")
