"""Helpers of the server tests of the hex game and The Initiative: the app over a SQLite
file, tables made through the JSON API, and one WebSocket client per seat reading JSON
state frames."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from initiative.server.app import create_app
from initiative.server.hub import Options
from initiative.server.table import Table
from tests.server.socket_seat import Frame, SocketSeat


@contextmanager
def running(tmp_path: Path, db: str = "hex.db") -> Iterator[TestClient]:
    """The app over a SQLite file (bots act at once), its lifespan running."""
    app = create_app(url=f"sqlite:///{tmp_path / db}",
                     options=Options(away_after=0, bot_delay=0.0))
    with TestClient(app) as client:
        yield client


def create(client: TestClient, **fields: Any) -> dict[str, Any]:
    """A 2-player table through the JSON API (two people unless `fields` say)."""
    body: dict[str, Any] = {"name": "Hex test", "players": 2, "seat0_name": "Ann",
                            "seat1_name": "Bea", **fields}
    response = client.post("/api/tables", json={"game": "hex_skirmish", **body})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def live(client: TestClient, table_id: str) -> Table:
    """The table as the server holds it (read while the server is idle)."""
    return client.app.state.hub.runtimes[table_id].table  # type: ignore[attr-defined,no-any-return]


class Seat(SocketSeat):
    """One WebSocket client and every frame it received."""

    RECV_TIMEOUT = 20.0

    def until(self, done: Any, timeout: float = 30.0) -> Frame:
        deadline = time.monotonic() + timeout
        while True:
            frame = self.recv(max(0.05, deadline - time.monotonic()))
            if frame["type"] in ("state", "render") and done(frame):
                return frame

    def refused(self, raw: str | None = None, **message: Any) -> str:
        """Send a request that must fail: its error message (a fresh state follows)."""
        if raw is not None:
            self.ws.send_text(raw)
        else:
            self.send(**message)
        error = self.recv()
        assert error["type"] == "error", error
        assert self.recv()["type"] in ("state", "render")
        return str(error["message"])


@contextmanager
def seat(client: TestClient, table_id: str, token: str | None,
         fmt: str = "json") -> Iterator[Seat]:
    with client.websocket_connect(f"/t/{table_id}/ws?k={token}&format={fmt}") as ws:
        yield Seat(ws)


def deciding(frame: Frame) -> bool:
    """The frame's seat has a decision, or the game is over."""
    view = frame["view"]
    return bool(view.get("legal")) or bool(view["over"])
