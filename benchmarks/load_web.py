"""Load test of the web table: `python benchmarks/load_web.py [--tables N] [--duration S]`.

Starts `initiative serve` as a subprocess on a free loopback port over a fresh SQLite
file (`--db URL` for PostgreSQL; `--server-url` targets a server already running on
loopback instead), creates N 1v1 tables over the JSON API and, in this process, plays
each with two WebSocket bots (`format=json`). A bot answers every state that gives it
legal actions and a `seq` it has not acted on: it waits `--think` seconds (±20%,
seeded), sends `{"op": "act", "actions": [i], "seq": s, "id": k}` with a seeded random
legal `i` and the state's `seq` `s` (the server plays a choice only at the state it was
made at) and times it until the first message with `"reply_to": k` (an `error` answer counts as
an error, not a latency). A finished game is replaced by a new table, so N games run at
once until `--duration` ends; then every socket is closed and the server stopped.

Reported: tables, actions, actions/s, latency p50/p90/p99/max (ms, of the acts sent
after `--warmup`), errors (server answers, connections, unreadable messages, tables
that stalled), games finished, the CPU of the server process (/proc/PID/stat) and of
this generator, this generator's event-loop lag (high: the generator, not the server,
is the limit), and the CPU every other process used meanwhile (a run on a shared
machine is flagged as not clean). `--sweep 50,100,200` runs the load at each N (a
fresh server each) and names the first N whose p99 is over 100 ms. `--json FILE`
writes the figures.

Loopback only: any host other than 127.0.0.1, localhost or ::1 is refused (the server
and the database). Bounded: every run stops by itself after its duration, a table is
given up after a few failed reconnects, and a hard timeout ends the script.

With `--server-url` the tables of a run stay on that server: once their players have
been away for its `--away` seconds its stand-in bots play them, a load of their own
for the next run, so restart the server between runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import http.client
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from initiative.cli.progress import Progress, Task

LOOPBACK = ("127.0.0.1", "localhost", "::1")
P99_LIMIT_MS = 100.0
BUSY_PCT = 20.0
"""Other processes' CPU (% of a core) above which a run is flagged as not clean."""
CREATE_CONCURRENCY = 8
"""Tables created at once (the initial N are created in a ramp, not a storm)."""
MAX_RECONNECTS = 3
"""Reconnects of one seat before its table is given up (a new one takes its place)."""
REPLY_TIMEOUT = 30.0
"""An act without any answer this long is counted as unanswered and may be resent."""
STALL_SECONDS = 30.0
"""A table whose clients hear nothing this long is counted as stalled and replaced."""
TICKS = os.sysconf("SC_CLK_TCK")
STARTED: list[subprocess.Popen[bytes]] = []
"""Servers this script started (killed by the hard timeout if all else hangs)."""


class ClosedByServer(WebSocketException):
    """The server closed a socket while its game went on."""


# --- results -----------------------------------------------------------------------------


@dataclass
class Stats:
    """What one run measured (latencies in ms, of acts sent after the warm-up)."""

    tables: int = 0
    duration_s: float = 0.0
    tables_created: int = 0
    actions: int = 0
    measured_actions: int = 0
    actions_per_s: float = 0.0
    errors: int = 0
    unanswered: int = 0
    in_flight_at_stop: int = 0
    connection_errors: int = 0
    protocol_errors: int = 0
    """Messages the bots could not read (not JSON, or not the documented shape)."""
    create_errors: int = 0
    games_finished: int = 0
    stalled_tables: int = 0
    p50_ms: float = 0.0
    p90_ms: float = 0.0
    p99_ms: float = 0.0
    max_ms: float = 0.0
    server_cpu_s: float | None = None
    server_cpu_pct: float | None = None
    server_cpu_system_s: float | None = None
    """The kernel's share of it (socket writes, fsync)."""
    generator_cpu_s: float = 0.0
    generator_cpu_pct: float = 0.0
    generator_lag_p99_ms: float = 0.0
    other_cpu_pct: float | None = None
    """CPU of every other process of the machine meanwhile (% of a core): high means the
    figures are not clean (the machine was shared)."""
    load_average: float = 0.0
    error_samples: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list, repr=False)
    lags: list[float] = field(default_factory=list, repr=False)

    def note(self, what: str) -> None:
        if len(self.error_samples) < 10:
            self.error_samples.append(what[:200])

    def summary(self) -> dict[str, Any]:
        data = asdict(self)
        del data["latencies"], data["lags"]
        return data


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted `values` (0 for none)."""
    if not values:
        return 0.0
    rank = max(1, min(len(values), int(-(-q * len(values) // 100))))
    return values[rank - 1]


# --- the server ----------------------------------------------------------------------------


def check_loopback(host: str | None, what: str) -> str:
    if host is None or host.strip("[]").lower() not in LOOPBACK:
        raise SystemExit(f"{what}: only loopback hosts ({', '.join(LOOPBACK)}) are allowed, "
                         f"not {host!r}")
    return host.strip("[]")


def check_db(url: str) -> None:
    """A PostgreSQL URL must point at this machine too (a SQLite file always does)."""
    if "://" not in url or url.startswith("sqlite"):
        return
    parts = urlsplit(url)
    if parts.hostname is not None:
        check_loopback(parts.hostname, "--db")
    for host in parse_qs(parts.query).get("host", []):  # libpq's ?host=, a list or a socket
        for one in host.split(","):
            if not one.startswith("/"):
                check_loopback(one, "--db")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def cpu_seconds(pid: int | None) -> tuple[float, float] | None:
    """User and system CPU seconds of process `pid` (all its threads), None if unknown."""
    if pid is None:
        return None
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) "; field 3 is fields[0]
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


def machine_cpu() -> float | None:
    """CPU seconds the processes of the whole machine have used (/proc/stat, all cores;
    interrupts left out: loopback traffic is mostly softirq time, ours)."""
    try:
        first = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return None
    user, nice, system = (int(v) for v in first[1:4])
    return (user + nice + system) / TICKS


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Server:
    """`initiative serve` as a subprocess of this script (or one already running)."""

    def __init__(self, host: str, port: int, proc: subprocess.Popen[bytes] | None,
                 pid: int | None, log_path: Path | None) -> None:
        self.host = host
        self.port = port
        self.proc = proc
        self.pid = pid
        self.log_path = log_path

    @classmethod
    def start(cls, db: str, workdir: Path, bot_delay: float) -> Server:
        port = free_port()
        log_path = workdir / f"server-{port}.log"
        command = [sys.executable, "-m", "initiative.cli.main", "serve", "--host", "127.0.0.1",
                   "--port", str(port), "--db", db, "--log-level", "warning",
                   "--bot-delay", str(bot_delay)]
        with log_path.open("wb") as log:
            proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL)
        STARTED.append(proc)
        return cls("127.0.0.1", port, proc, proc.pid, log_path)

    @classmethod
    def attach(cls, url: str, pid: int | None) -> Server:
        parts = urlsplit(url)
        if parts.scheme != "http":
            raise SystemExit(f"--server-url: an http:// URL, not {url!r}")
        host = check_loopback(parts.hostname, "--server-url")
        return cls(host, parts.port or 80, None, pid, None)

    def log_tail(self) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-20:])

    def request(self, method: str, path: str, body: Any = None,
                timeout: float = 10.0) -> tuple[int, Any]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            data = None if body is None else json.dumps(body).encode()
            headers = {"Content-Type": "application/json"} if data is not None else {}
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            raw = response.read()
            try:
                return response.status, json.loads(raw) if raw else None
            except ValueError:
                return response.status, raw.decode(errors="replace")
        finally:
            conn.close()

    async def wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n"
                                   f"{self.log_tail()}")
            try:
                status, _ = await asyncio.to_thread(self.request, "GET", "/healthz", None, 2.0)
                if status == 200:
                    return
                last = f"HTTP {status}"
            except OSError as exc:
                last = str(exc)
            await asyncio.sleep(0.1)
        raise RuntimeError(f"the server did not answer /healthz in {timeout:.0f} s ({last})\n"
                           f"{self.log_tail()}")

    def stop(self) -> None:
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        proc.send_signal(signal.SIGINT)  # uvicorn's graceful shutdown
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


# --- the load ------------------------------------------------------------------------------


def table_seed(number: int, keyed: bool) -> int | str:
    """Table `number`'s seed: a keyed seed made from it (as real tables draw from a keyed
    generator, only with a random key), or the number itself (splitmix64)."""
    if not keyed:
        return number
    return "blake2b-ctr:" + hashlib.sha256(f"load table {number}".encode()).hexdigest()


@dataclass
class Config:
    tables: int
    duration: float
    warmup: float
    think: float
    jitter: float
    seed: int
    compression: bool
    keyed: bool = True
    """Tables get keyed seeds (the generator of real web games), else whole numbers."""
    game: str = "initiative_break"
    """The game every table plays (GAMES)."""


@dataclass(frozen=True)
class GameLoad:
    """How the load makes and plays one game's tables: where it posts the table, the
    address of its sockets, its two-seat fields, and whether an act names one action
    (`action`) or a list (`actions`). Addresses every version of the server answers (the
    first hex and The Initiative servers had their own), so one script measures both."""

    create: str
    prefix: str
    fields: dict[str, Any]
    one_action: bool


GAMES = {
    "initiative_break": GameLoad("/api/tables", "t", {
        "mode": "1v1", "seat0_team": "tideguard", "seat1_team": "ashfall"}, False),
    "hex_skirmish": GameLoad("/api/hex-tables", "hex", {"players": 2}, True),
    "the_initiative": GameLoad("/api/ti-tables", "ti", {"players": 2}, True),
}


class Load:
    """N tables kept busy until the deadline; each table two bot clients."""

    def __init__(self, server: Server, config: Config) -> None:
        self.server = server
        self.config = config
        self.stats = Stats(tables=config.tables)
        self.next_seed = 0
        self.create_gate = asyncio.Semaphore(CREATE_CONCURRENCY)
        self.stop = asyncio.Event()
        self.measure_from = 0.0
        self.deadline = 0.0
        self.games: set[Game] = set()

    async def run(self) -> Stats:
        config, stats = self.config, self.stats
        start = time.monotonic()
        self.measure_from = start + config.warmup
        self.deadline = start + config.duration
        lag_task = asyncio.create_task(self._lag_probe())
        stall_task = asyncio.create_task(self._watch_stalls())
        slots = [asyncio.create_task(self._slot()) for _ in range(config.tables)]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stop.wait(), max(0.0, self.measure_from - start))
        cpu_server0 = cpu_seconds(self.server.pid)
        cpu_gen0 = own_cpu()
        machine0 = machine_cpu()
        t0 = time.monotonic()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stop.wait(), max(0.0, self.deadline - t0))
        t1 = time.monotonic()
        cpu_server1 = cpu_seconds(self.server.pid)
        cpu_gen1 = own_cpu()
        machine1 = machine_cpu()
        stats.load_average = round(os.getloadavg()[0], 2)
        self.stop.set()
        _, pending = await asyncio.wait(slots, timeout=20)
        for task in (*pending, lag_task, stall_task):
            task.cancel()
        await asyncio.gather(*pending, lag_task, stall_task, return_exceptions=True)
        window = max(t1 - t0, 1e-9)
        stats.duration_s = round(time.monotonic() - start, 1)
        lat = sorted(stats.latencies)
        stats.measured_actions = len(lat)
        stats.actions_per_s = round(len(lat) / window, 1)
        stats.p50_ms, stats.p90_ms, stats.p99_ms = (
            round(percentile(lat, q), 1) for q in (50, 90, 99))
        stats.max_ms = round(lat[-1], 1) if lat else 0.0
        if cpu_server0 is not None and cpu_server1 is not None:
            user = cpu_server1[0] - cpu_server0[0]
            system = cpu_server1[1] - cpu_server0[1]
            stats.server_cpu_s = round(user + system, 2)
            stats.server_cpu_system_s = round(system, 2)
            stats.server_cpu_pct = round(100 * (user + system) / window, 1)
        stats.generator_cpu_s = round(cpu_gen1 - cpu_gen0, 2)
        stats.generator_cpu_pct = round(100 * (cpu_gen1 - cpu_gen0) / window, 1)
        stats.generator_lag_p99_ms = round(percentile(sorted(stats.lags), 99), 1)
        if machine0 is not None and machine1 is not None and stats.server_cpu_s is not None:
            other = machine1 - machine0 - stats.server_cpu_s - stats.generator_cpu_s
            stats.other_cpu_pct = round(max(0.0, 100 * other / window), 1)
        return stats

    async def _lag_probe(self) -> None:
        """How late this process's event loop wakes up (high: the generator is the limit)."""
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.1)
            if time.monotonic() >= self.measure_from:
                self.stats.lags.append((time.perf_counter() - before - 0.1) * 1000)

    async def _watch_stalls(self) -> None:
        """End tables on which nothing happens (the server lost an update, or hangs)."""
        while True:
            await asyncio.sleep(STALL_SECONDS / 6)
            now = time.monotonic()
            for game in list(self.games):
                if not game.done.is_set() and now - game.heard > STALL_SECONDS:
                    self.stats.stalled_tables += 1
                    self.stats.note(f"stalled: nothing heard for {STALL_SECONDS:.0f} s")
                    game.done.set()

    async def _slot(self) -> None:
        """One of the N concurrent tables: play it; when it ends, start another."""
        while not self.stop.is_set() and time.monotonic() < self.deadline:
            created = await self._create()
            if created is None:
                await self._pause(1.0)
                continue
            table_id, seed, tokens = created
            game = Game(len(tokens))
            bots = [Bot(self, table_id, seat, token, seed, game)
                    for seat, token in enumerate(tokens)]
            self.games.add(game)
            try:
                results = await asyncio.gather(*(b.run() for b in bots),
                                               return_exceptions=True)
            finally:
                self.games.discard(game)
            for result in results:
                if isinstance(result, BaseException):
                    self.stats.connection_errors += 1
                    self.stats.note(f"bot: {result!r}")
            if any(b.game_over for b in bots):
                self.stats.games_finished += 1

    async def _pause(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stop.wait(), seconds)

    async def _create(self) -> tuple[str, int, list[str]] | None:
        seed = self.next_seed
        self.next_seed += 1
        played = GAMES[self.config.game]
        body = {**played.fields, "seat0_controller": "human", "seat1_controller": "human",
                "seed": table_seed(seed, self.config.keyed)}
        async with self.create_gate:
            if self.stop.is_set():
                return None
            try:
                status, data = await asyncio.to_thread(
                    self.server.request, "POST", played.create, body)
            except OSError as exc:
                self.stats.create_errors += 1
                self.stats.note(f"create: {exc!r}")
                return None
        if status != 201 or not isinstance(data, dict):
            self.stats.create_errors += 1
            self.stats.note(f"create: HTTP {status} {data!r}")
            return None
        self.stats.tables_created += 1
        return str(data["id"]), seed, [str(t) for t in data["seats"]]


class Game:
    """One table's play, shared by its seats' bots."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.joined: set[int] = set()
        self.ready = asyncio.Event()
        """Every seat is connected (has its first state). Nobody acts before: a join
        may store an event (a claim), and a request in flight meanwhile must not meet
        that event's update (servers that echoed `reply_to` on every update tagged it
        with the request's id, and it was taken for the answer)."""
        self.done = asyncio.Event()
        """This table's play ends (its game is over, or a seat gave up)."""
        self.heard = time.monotonic()
        """When a client of this table last received anything."""

    def join(self, seat: int) -> None:
        self.joined.add(seat)
        if len(self.joined) == self.seats:
            self.ready.set()


class Bot:
    """One seat's client: acts on every new state that gives it legal actions."""

    def __init__(self, load: Load, table_id: str, seat: int, token: str, seed: int,
                 game: Game) -> None:
        self.load = load
        self.stats = load.stats
        host = load.server.host
        shown = f"[{host}]" if ":" in host else host
        prefix = GAMES[load.config.game].prefix
        self.url = (f"ws://{shown}:{load.server.port}/{prefix}/{table_id}/ws?k={token}"
                    "&format=json")
        self.rng = random.Random(f"{load.config.seed}:{seed}:{seat}")
        self.seat = seat
        self.game = game
        self.done = game.done
        self.game_over = False
        self.acted_seq = -1
        self.want: tuple[int, list[int]] | None = None
        self.act_task: asyncio.Task[None] | None = None
        self.next_id = 0
        self.pending: tuple[int, float, bool] | None = None  # id, sent at, measured
        self.ws: ClientConnection | None = None

    async def run(self) -> None:
        """Play until the game ends, the load stops, or the connection keeps failing."""
        failures = 0
        stop = self.load.stop
        try:
            while not stop.is_set() and not self.done.is_set() and failures <= MAX_RECONNECTS:
                try:
                    await self._session()
                except (OSError, WebSocketException, TimeoutError) as exc:
                    if stop.is_set() or self.done.is_set():
                        break
                    failures += 1
                    self.stats.connection_errors += 1
                    self.stats.note(f"ws {self.url.split('?')[0]}: {exc!r}")
                    await self.load._pause(0.5 * failures)
                finally:
                    self._cancel_act()
            if self.pending is not None:
                self.stats.in_flight_at_stop += 1
        finally:
            self.done.set()  # the other seat stops too (a finished game, or a given-up one)

    async def _session(self) -> None:
        async with connect(self.url, proxy=None, open_timeout=20, max_size=2**22,
                           compression="deflate" if self.load.config.compression else None,
                           ping_interval=None) as ws:
            self.ws = ws
            self.acted_seq = -1
            self.pending = None  # a reconnect answers with the full state: act afresh
            closer = asyncio.create_task(self._close_at_end(ws))
            try:
                async for raw in ws:
                    try:
                        self._handle(raw)
                    except (ValueError, TypeError, KeyError, AttributeError) as exc:
                        self.stats.protocol_errors += 1
                        self.stats.note(f"unreadable message: {exc!r}: {str(raw)[:80]}")
                    if self.done.is_set():
                        return
            finally:
                closer.cancel()
                self.ws = None
        if not self.load.stop.is_set() and not self.done.is_set():
            raise ClosedByServer(f"closed: {ws.close_code} {ws.close_reason}")

    async def _close_at_end(self, ws: ClientConnection) -> None:
        await _first(self.load.stop.wait(), self.done.wait())
        await ws.close()

    def _handle(self, raw: str | bytes) -> None:
        now = time.perf_counter()
        self.game.heard = time.monotonic()
        message = json.loads(raw)
        kind = message.get("type")
        pending = self.pending
        if pending is not None and message.get("reply_to") == pending[0]:
            self.pending = None
            if kind == "error":
                self.stats.errors += 1
                self.stats.note(f"error: {message.get('message')}")
                self.acted_seq = -1  # the state that follows may be acted on again
            else:
                self.stats.actions += 1
                if pending[2]:
                    self.stats.latencies.append((now - pending[1]) * 1000)
        elif kind == "error":
            self.stats.errors += 1
            self.stats.note(f"error: {message.get('message')}")
        if kind != "state":
            return
        self.game.join(self.seat)
        view = message.get("view") or {}
        if message.get("finished") or view.get("over"):
            self.game_over = True
            self.done.set()
            return
        legal = message.get("legal") or view.get("legal") or []
        seq = int(message.get("seq", 0))
        if legal and seq > self.acted_seq:
            self.want = (seq, [int(a["index"]) for a in legal])
            if self.act_task is None or self.act_task.done():
                self.act_task = asyncio.create_task(self._act())
        elif not legal:
            self.want = None

    async def _act(self) -> None:
        config = self.load.config
        await self.game.ready.wait()
        await asyncio.sleep(config.think * self.rng.uniform(1 - config.jitter, 1 + config.jitter))
        while self.pending is not None:  # an earlier act still unanswered: wait for it
            if time.perf_counter() - self.pending[1] > REPLY_TIMEOUT:
                self.stats.unanswered += 1
                self.pending = None
                break
            await asyncio.sleep(0.05)
        want, ws = self.want, self.ws
        if want is None or ws is None or want[0] <= self.acted_seq or self.load.stop.is_set():
            return
        seq, legal = want
        self.acted_seq = seq
        self.next_id += 1
        choice = self.rng.choice(legal)
        act = {"action": choice} if GAMES[config.game].one_action else {"actions": [choice]}
        request = json.dumps({"op": "act", **act, "seq": seq, "id": self.next_id})
        sent = time.perf_counter()
        measured = time.monotonic() >= self.load.measure_from
        self.pending = (self.next_id, sent, measured)
        await ws.send(request)

    def _cancel_act(self) -> None:
        if self.act_task is not None and not self.act_task.done():
            self.act_task.cancel()
        self.act_task = None


async def _first(*waits: Any) -> None:
    tasks = [asyncio.ensure_future(w) for w in waits]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()


# --- running and reporting -------------------------------------------------------------------


async def run_once(args: argparse.Namespace, tables: int, duration: float,
                   workdir: Path) -> Stats:
    """One load run of `tables` tables for `duration` s (a server of its own unless
    --server-url)."""
    if args.server_url:
        server = Server.attach(args.server_url, args.server_pid)
    else:
        db = args.db or f"sqlite:///{workdir / f'load-{tables}-{time.time_ns()}.db'}"
        server = Server.start(db, workdir, args.bot_delay)
    try:
        await server.wait_healthy(10.0 if args.server_url else 60.0)
        config = Config(tables, duration, min(args.warmup, duration / 2), args.think,
                        args.jitter, args.seed, not args.no_compression, not args.splitmix,
                        args.game)
        load = Load(server, config)
        with Progress() as shown:  # a bar on a terminal only
            task = shown.task(f"{tables} tables", duration, "s", rate_unit="actions")
            ticker = asyncio.create_task(_show_progress(load, task))
            try:
                return await load.run()
            finally:
                ticker.cancel()
    finally:
        await asyncio.to_thread(server.stop)


async def _show_progress(load: Load, task: Task) -> None:
    """The progress display hook: the seconds of load gone and the actions answered."""
    start = time.monotonic()
    while True:
        task.update(done=min(time.monotonic() - start, load.config.duration),
                    counted=load.stats.actions)
        await asyncio.sleep(0.5)


def report(stats: Stats) -> str:
    def cpu(seconds: float | None, pct: float | None) -> str:
        return "n/a (no pid)" if seconds is None else f"{pct:.0f}% of a core ({seconds:.1f} s)"

    rows = [
        ("tables (concurrent)", f"{stats.tables}"),
        ("tables created", f"{stats.tables_created}"),
        ("actions (answered)", f"{stats.actions}"),
        ("throughput", f"{stats.actions_per_s:.1f} actions/s "
                       f"({stats.measured_actions} after the warm-up)"),
        ("latency p50 / p90 / p99", f"{stats.p50_ms:.1f} / {stats.p90_ms:.1f} / "
                                    f"{stats.p99_ms:.1f} ms"),
        ("latency max", f"{stats.max_ms:.1f} ms"),
        ("errors (server answers)", f"{stats.errors}"),
        ("unanswered acts", f"{stats.unanswered} (+{stats.in_flight_at_stop} in flight "
                            "at the stop)"),
        ("connection errors", f"{stats.connection_errors}"),
        ("protocol errors", f"{stats.protocol_errors}"),
        ("create errors", f"{stats.create_errors}"),
        ("games finished", f"{stats.games_finished}"),
        ("stalled tables", f"{stats.stalled_tables} (nothing heard for "
                           f"{STALL_SECONDS:.0f} s; replaced)"),
        ("server CPU", cpu(stats.server_cpu_s, stats.server_cpu_pct)
         + ("" if stats.server_cpu_system_s is None else
            f", system {stats.server_cpu_system_s:.1f} s")),
        ("generator CPU", cpu(stats.generator_cpu_s, stats.generator_cpu_pct)),
        ("generator loop lag p99", f"{stats.generator_lag_p99_ms:.1f} ms"),
        ("other processes' CPU", "n/a" if stats.other_cpu_pct is None else
         f"{stats.other_cpu_pct:.0f}% of a core (load average {stats.load_average:.1f})"),
    ]
    width = max(len(k) for k, _ in rows)
    lines = [f"{k.ljust(width)}  {v}" for k, v in rows]
    lines += [f"  sample: {s}" for s in stats.error_samples[:5]]
    if stats.other_cpu_pct is not None and stats.other_cpu_pct > BUSY_PCT:
        lines.append(f"WARNING: other processes used {stats.other_cpu_pct:.0f}% of a core "
                     "meanwhile: the machine was shared, the figures are not clean")
    return "\n".join(lines)


def sweep_report(results: list[Stats]) -> tuple[str, int | None]:
    head = ("tables", "actions/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors",
            "conn err", "server CPU", "gen CPU", "others")
    rows = [head]
    crossed = None
    for s in results:
        rows.append((str(s.tables), f"{s.actions_per_s:.1f}", f"{s.p50_ms:.1f}",
                     f"{s.p90_ms:.1f}", f"{s.p99_ms:.1f}", f"{s.max_ms:.1f}", str(s.errors),
                     str(s.connection_errors),
                     "n/a" if s.server_cpu_pct is None else f"{s.server_cpu_pct:.0f}%",
                     f"{s.generator_cpu_pct:.0f}%",
                     "n/a" if s.other_cpu_pct is None else f"{s.other_cpu_pct:.0f}%"))
        if crossed is None and s.p99_ms > P99_LIMIT_MS:
            crossed = s.tables
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    if crossed is None:
        lines.append(f"p99 stays at or under {P99_LIMIT_MS:.0f} ms up to "
                     f"{results[-1].tables if results else 0} tables")
    else:
        lines.append(f"p99 crosses {P99_LIMIT_MS:.0f} ms at {crossed} tables")
    return "\n".join(lines), crossed


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="load_web-") as tmp:
        workdir = Path(tmp)
        if not args.sweep:
            stats = await run_once(args, args.tables, args.duration, workdir)
            print(report(stats), flush=True)
            return stats.summary()
        results = []
        for n in args.sweep:
            print(f"--- {n} tables, {args.sweep_duration:.0f} s", flush=True)
            stats = await run_once(args, n, args.sweep_duration, workdir)
            print(report(stats), flush=True)
            results.append(stats)
        text, crossed = sweep_report(results)
        print("\n" + text, flush=True)
        return {"sweep": [s.summary() for s in results], "p99_limit_ms": P99_LIMIT_MS,
                "p99_crosses_at": crossed}


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables")
    parser.add_argument("--game", choices=sorted(GAMES), default="initiative_break",
                        help="the game every table plays")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of load")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="first seconds not measured (latency, CPU, throughput)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds before each act")
    parser.add_argument("--jitter", type=float, default=0.2, help="think time ± this share")
    parser.add_argument("--seed", type=int, default=1, help="seed of the bots' choices")
    parser.add_argument("--splitmix", action="store_true",
                        help="seed tables with whole numbers (the fast splitmix64 generator) "
                        "instead of keyed seeds, to compare the two")
    parser.add_argument("--db", help="the server's database URL (PostgreSQL on loopback; "
                        "its CPU counts as other processes'); default a fresh SQLite file")
    parser.add_argument("--server-url", help="an already running server on loopback "
                        "(http://127.0.0.1:PORT) instead of starting one")
    parser.add_argument("--server-pid", type=int, help="its pid, for its CPU usage")
    parser.add_argument("--bot-delay", type=float, default=0.8,
                        help="the started server's --bot-delay (no bot seats are used)")
    parser.add_argument("--no-compression", action="store_true",
                        help="do not offer permessage-deflate (browsers do)")
    parser.add_argument("--sweep", help="comma-separated table counts, e.g. 50,100,200,300,400")
    parser.add_argument("--sweep-duration", type=float, default=30.0,
                        help="seconds of load at each count of a sweep")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--timeout", type=float, help="hard limit for the whole script "
                        "(default: the load time plus 120 s per run)")
    args = parser.parse_args(argv)
    if args.sweep:
        try:
            args.sweep = [int(n) for n in args.sweep.split(",") if n.strip()]
        except ValueError:
            parser.error("--sweep: comma-separated whole numbers")
    counts = args.sweep or [args.tables]
    if not all(1 <= n <= 2000 for n in counts):
        parser.error("table counts from 1 to 2000")
    if not 0 < args.duration <= 3600 or not 0 < args.sweep_duration <= 3600:
        parser.error("durations from 0 to 3600 s")
    if args.think < 0 or not 0 <= args.jitter < 1:
        parser.error("--think from 0; --jitter from 0 to below 1")
    if args.server_url:
        Server.attach(args.server_url, None)  # refuses a host that is not loopback
        if args.db:
            parser.error("--db and --server-url exclude each other")
        if args.sweep:
            print("load_web: a sweep on one running server: the tables of each step are "
                  "played by its stand-in bots later on, a load of their own for the next "
                  "steps", file=sys.stderr)
    if args.db:
        check_db(args.db)
    if args.timeout is None:
        each = args.sweep_duration if args.sweep else args.duration
        args.timeout = len(counts) * (each + 120)
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    loop_factory = None
    with contextlib.suppress(ImportError):
        import uvloop

        loop_factory = uvloop.new_event_loop
    # The last resort if the event loop itself hangs: kill the servers we started, exit.
    watchdog = threading.Timer(args.timeout + 30, _hard_exit)
    watchdog.daemon = True
    watchdog.start()
    try:
        with asyncio.Runner(loop_factory=loop_factory) as runner:
            result = runner.run(asyncio.wait_for(main_async(args), args.timeout))
    except TimeoutError:
        print(f"load_web: hard timeout of {args.timeout:.0f} s reached", file=sys.stderr)
        return 2
    except RuntimeError as exc:
        print(f"load_web: {exc}", file=sys.stderr)
        return 1
    finally:
        watchdog.cancel()
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


def _hard_exit() -> None:
    print("load_web: hung past the hard timeout; exiting", file=sys.stderr, flush=True)
    for proc in STARTED:
        if proc.poll() is None:
            proc.kill()
    os._exit(3)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
