"""A server killed mid-request (issue 25: "of actions in flight at a kill, most were
stored without the client hearing back"): the real `initiative serve` in a subprocess is
killed with SIGKILL right after a client sent an action, restarted on the same SQLite
file, and the client re-sends the same request (the same `seq`). Whether the first copy
was stored or not, the store ends with every chosen action exactly once, for every
registered web game."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from initiative.store import Store
from tests.server.test_every_game_features import FIELDS, GAMES
from tests.web.support import Server

DELAYS = (0.0, 0.002, 0.01, 0.05)
"""Seconds between sending an action and the kill: before, while and after it is stored."""
TIMEOUT = 20.0


class Client:
    """One seat's JSON socket: the last state it read."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.last: dict[str, Any] = {}

    def recv(self) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.ws.recv(timeout=TIMEOUT))
        if frame["type"] == "state":
            self.last = frame
        return frame

    def until(self, done: Any) -> dict[str, Any]:
        while True:
            frame = self.recv()
            if done(frame):
                return frame

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))


@contextmanager
def open_seats(server: Server, made: dict[str, Any]) -> Iterator[list[Client]]:
    """Both seats connected, each up to date with the table (every connection starts
    with the full state; a first connection also stores the seat's claim)."""
    base = server.base.replace("http", "ws") + f"/t/{made['id']}/ws?format=json&k="
    with ExitStack() as stack:
        seats = [Client(stack.enter_context(connect(base + token, open_timeout=TIMEOUT)))
                 for token in made["seats"]]
        for client in seats:
            client.recv()
        catch_up(seats, max(c.last["seq"] for c in seats))
        yield seats


def catch_up(seats: list[Client], seq: int) -> None:
    """Read each seat's frames until it has the state of `seq`."""
    for client in seats:
        if client.last["seq"] < seq:
            client.until(lambda f: f["type"] == "state" and f["seq"] >= seq)


def mover_of(seats: list[Client]) -> Client | None:
    """The seat that decides now (None: the game is over)."""
    return next((c for c in seats if c.last["legal"] and not c.last["finished"]), None)


def stored_acts(db: Path, table_id: str) -> list[list[int]]:
    store = Store(f"sqlite:///{db}")
    try:
        return [list(e["actions"]) for _, e in store.events(table_id) if e["type"] == "act"]
    finally:
        store.close()


@pytest.mark.parametrize("game", GAMES)
def test_an_action_re_sent_after_a_killed_server_is_stored_once(tmp_path: Path,
                                                                game: str) -> None:
    """Each round: one ordinary move, then an action sent and the server killed
    `delay` seconds later, restarted, and the same request sent again: refused as stale
    if the first copy was stored before the kill, else played now."""
    rng = random.Random(game)
    server = Server(db=tmp_path / "t.db", log=tmp_path / "serve.log")
    server.start()
    chosen: list[int] = []
    outcomes: list[str] = []
    try:
        made = server.create({"game": game, "seat0_name": "Ann", "seat1_name": "Bea",
                              "seed": 11, **FIELDS[game]})
        for delay in DELAYS:
            with open_seats(server, made) as seats:
                mover = mover_of(seats)
                if mover is None:
                    break
                seq = mover.last["seq"]
                action = rng.choice(mover.last["legal"])["index"]
                mover.send({"op": "act", "action": action, "seq": seq, "id": "move"})
                catch_up(seats, mover.until(lambda f: f.get("reply_to") == "move")["seq"])
                chosen.append(action)
                mover = mover_of(seats)
                if mover is None:
                    break
                seat = mover.last["seat"]
                request = {"op": "act", "action": rng.choice(mover.last["legal"])["index"],
                           "seq": mover.last["seq"], "id": "in flight"}
                mover.send(request)
                time.sleep(delay)
                server.kill()  # no answer is read: the client does not know what happened
            server.start()
            with open_seats(server, made) as seats:
                mover = next(c for c in seats if c.last["seat"] == seat)
                mover.send({**request, "id": "again"})
                answer = mover.until(lambda f: f.get("reply_to") == "again")
                if answer["type"] == "error":  # stored before the kill: not played again
                    assert answer["code"] == "stale" and answer["seq"] > request["seq"]
                    mover.until(lambda f: f.get("reply_to") == "again")
                    outcomes.append("stored before the kill")
                else:
                    outcomes.append("played after the restart")
                chosen.append(request["action"])
    finally:
        server.stop()
    assert len(outcomes) >= 3, f"{game}: the game ended after {len(outcomes)} kills"
    assert stored_acts(tmp_path / "t.db", made["id"]) == [[a] for a in chosen], outcomes
    assert not server.tracebacks()
