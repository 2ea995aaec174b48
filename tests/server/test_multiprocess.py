"""Two `initiative serve` processes over one PostgreSQL database serve the same table
(docs/web.md, "Several server processes"): North plays through process A, South through
process B, each sees the other's moves at once (LISTEN/NOTIFY, server/notify.py), and
two processes racing to store a move store exactly one.

PostgreSQL comes from $INITIATIVE_TEST_PG_URL (each test works in a schema of its own,
dropped after); without a server these tests skip, saying how to start one, except
under CI=true, where they fail (as tests/store does).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.asyncio.client import ClientConnection, connect

from initiative.games.ib.actions import KEEP
from initiative.server.ws import CHOOSING_OPS
from initiative.store import Store
from tests.pg import answering_pg_url

STARTUP_S = 30.0
PROMPT_S = 2.0
"""A move reaches the other process's client well within this (NOTIFY; the fallback
re-read runs only every 5 s)."""


@pytest.fixture(scope="module")
def pg_url() -> str:
    return answering_pg_url("two server processes need PostgreSQL")


@pytest.fixture
def db_url(pg_url: str) -> Iterator[str]:
    """A fresh schema of the test database, as a URL both servers open."""
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(pg_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = make_url(pg_url).update_query_dict({"options": f"-csearch_path={schema}"})
        rendered = url.render_as_string(hide_password=False)
        Store(rendered).close()  # migrate once, before two processes start
        yield rendered
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


class Server:
    """One `initiative serve` process on a free loopback port (`ready()` waits for it)."""

    def __init__(self, db_url: str, away: float) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "initiative.cli.main", "serve", "--host", "127.0.0.1",
             "--port", "0", "--db", db_url, "--bot-delay", "0", "--away", str(away)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.base = self.ws = ""

    def ready(self) -> Server:
        self.base = self._address()
        deadline = time.monotonic() + STARTUP_S
        while True:
            try:
                if httpx.get(f"{self.base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"server at {self.base} did not start")
            time.sleep(0.05)
        self.ws = self.base.replace("http://", "ws://")
        return self

    def _address(self) -> str:
        assert self.process.stdout is not None
        deadline = time.monotonic() + STARTUP_S
        seen = []
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line and self.process.poll() is not None:
                break
            seen.append(line)
            found = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
            if found:
                return found.group(1)
        raise RuntimeError("the server printed no address: " + "".join(seen))

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def servers(db_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Server, Server, str]]:
    """Processes A and B (started together), and the database URL."""
    away = getattr(request, "param", 60.0)
    started: list[Server] = []
    try:
        started.append(Server(db_url, away))
        started.append(Server(db_url, away))
        for server in started:
            server.ready()
        yield started[0], started[1], db_url
    finally:
        for server in started:
            server.stop()


class Seat:
    """A JSON client of one seat over a real WebSocket."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.last: dict[str, Any] = {}
        self.errors: list[dict[str, Any]] = []

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        if frame["type"] == "error":
            self.errors.append(frame)
        else:
            self.last = frame
        return frame

    async def at(self, seq: int, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while not (self.last and self.last["seq"] >= seq):
            await self.recv(max(0.01, deadline - time.monotonic()))
        return self.last

    async def send(self, **message: Any) -> None:
        """Send a request; one that chooses carries the seq of the last state read."""
        if message.get("op") in CHOOSING_OPS:
            message.setdefault("seq", self.last.get("seq", 0))
        await self.ws.send(json.dumps(message))


def create_table(server: Server, seed: int) -> dict[str, Any]:
    response = httpx.post(f"{server.base}/api/tables", timeout=10, json={
        "mode": "1v1", "seat0_name": "North", "seat0_team": "tideguard",
        "seat1_name": "South", "seat1_team": "ashfall", "seed": seed,
        "seat0_controller": "open", "seat1_controller": "open"})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def stored(db_url: str, table_id: str) -> list[dict[str, Any]]:
    with Store(db_url) as store:
        return [event for _, event in store.events(table_id)]


@contextlib.asynccontextmanager
async def north_on_a_south_on_b(a: Server, b: Server, table: dict[str, Any]
                                ) -> AsyncIterator[tuple[Seat, Seat]]:
    """North's JSON socket on process A, South's on B, once South's claim (stored by B)
    has reached A."""
    url = "/t/{}/ws?k={}&format=json"
    async with connect(a.ws + url.format(table["id"], table["seats"][0])) as ws_a:
        north = Seat(ws_a)
        await north.at(1)
        async with connect(b.ws + url.format(table["id"], table["seats"][1])) as ws_b:
            south = Seat(ws_b)
            await south.at(2)
            await north.at(2)
            yield north, south


def test_two_processes_play_a_whole_game(servers: tuple[Server, Server, str]) -> None:
    """North on process A, South on process B alternate moves of a seeded game to its
    end (IB 3.6: until one side is eliminated); each move reaches the other process's
    client promptly and both see the same game."""
    a, b, db_url = servers
    table = create_table(a, seed=21)

    async def play() -> tuple[int, list[float]]:
        async with north_on_a_south_on_b(a, b, table) as seats:
            north, south = seats
            rng = random.Random(21)
            delays = []
            moves = 0
            while not north.last["finished"]:
                deciding = north.last["view"]["deciding"]
                actor, other = seats[deciding], seats[1 - deciding]
                assert other.last["view"]["deciding"] == deciding
                seq = actor.last["seq"] + 1
                start = time.monotonic()
                await actor.send(op="act", actions=[rng.choice(actor.last["legal"])["index"]])
                await actor.at(seq)
                await other.at(seq, PROMPT_S)
                delays.append(time.monotonic() - start)
                for seat, index in ((north, 0), (south, 1)):
                    assert seat.last["seq"] == seq and seat.last["seat"] == index
                    assert seat.last["view"]["hands"][1 - index] is None
                assert north.last["view"]["units"] == south.last["view"]["units"]
                assert north.last["view"]["track"] == south.last["view"]["track"]
                moves += 1
            assert south.last["finished"]
            assert north.last["view"]["result"] == south.last["view"]["result"] is not None
            assert not north.errors and not south.errors
            return moves, delays

    moves, delays = asyncio.run(play())
    assert moves > 40
    assert sorted(delays)[len(delays) // 2] < 0.5  # NOTIFY, not the 5 s re-read
    events = stored(db_url, table["id"])
    assert [e["type"] for e in events] == ["claim", "claim"] + ["act"] * moves
    assert [e["seat"] for e in events[:2]] == [0, 1]
    listed = {t["id"]: t for t in httpx.get(f"{b.base}/api/tables", timeout=10).json()}
    assert listed[table["id"]]["status"] == "finished"


def test_a_move_raced_on_two_processes_is_stored_once(
        servers: tuple[Server, Server, str]) -> None:
    """North's page is open on both processes and both send North's opening answer
    (IB 2.8.2: keep) at the same moment: exactly one is stored, the other request gets an
    error, and both pages end on the same state. Repeated for South's answer."""
    a, b, db_url = servers
    table = create_table(a, seed=5)

    async def race() -> None:
        url = "/t/{}/ws?k={}&format=json"
        token_n, token_s = table["seats"]
        async with connect(a.ws + url.format(table["id"], token_n)) as n_a, \
                connect(b.ws + url.format(table["id"], token_n)) as n_b:
            north_a, north_b = Seat(n_a), Seat(n_b)
            await north_a.at(1)
            await north_b.at(1)
            async with connect(a.ws + url.format(table["id"], token_s)) as s_a, \
                    connect(b.ws + url.format(table["id"], token_s)) as s_b:
                south_a, south_b = Seat(s_a), Seat(s_b)
                for seat in (north_a, north_b, south_a, south_b):
                    await seat.at(2)
                for pair, seq in (((north_a, north_b), 3), ((south_a, south_b), 4)):
                    await asyncio.gather(*(s.send(op="act", actions=[KEEP.index], id=i)
                                           for i, s in enumerate(pair)))
                    for seat in (north_a, north_b, south_a, south_b):
                        await seat.at(seq)
                    # The refused request's error (then its fresh state).
                    deadline = time.monotonic() + 10
                    while not any(s.errors for s in pair) and time.monotonic() < deadline:
                        for seat in pair:
                            with contextlib.suppress(TimeoutError):
                                await seat.recv(0.1)
                    errors = [e for s in pair for e in s.errors]
                    assert len(errors) == 1
                    assert re.search("changed meanwhile|moved on|not (North|South)'s "
                                     "decision",
                                     errors[0]["message"]), errors[0]
                    for seat in pair:
                        seat.errors.clear()
                views = [s.last["view"] for s in (north_a, north_b)]
                assert views[0] == {**views[1], "log": views[0]["log"]}
                assert all(s.last["seq"] == 4 for s in (north_a, north_b, south_a, south_b))

    asyncio.run(race())
    events = stored(db_url, table["id"])
    assert [(e["type"], e["seat"]) for e in events] == [
        ("claim", 0), ("claim", 1), ("act", 0), ("act", 1)]


@pytest.mark.parametrize("servers", [1.0], indirect=True)
def test_a_player_on_one_process_is_not_stood_in_for_by_another(
        servers: tuple[Server, Server, str]) -> None:
    """Stand-ins replace players who are gone (docs/web.md), not a player who is
    connected to the other process and thinking."""
    a, b, db_url = servers
    table = create_table(a, seed=5)

    async def wait() -> None:
        async with north_on_a_south_on_b(a, b, table) as (north, _):
            assert north.last["view"]["deciding"] == 0  # North thinks (IB 2.8.2)
            await asyncio.sleep(2.5)

    asyncio.run(wait())
    assert [e for e in stored(db_url, table["id"]) if e["type"] == "act"] == []
