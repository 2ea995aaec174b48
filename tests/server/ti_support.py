"""Helpers of The Initiative table's server tests: tables made through the JSON API and
one WebSocket client per seat (the app, the seat client and `deciding` are the hex
tests' own: tests/server/hex_support.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from initiative.server.ti_table import TITable
from starlette.testclient import TestClient

from tests.server.hex_support import Frame, Seat, deciding, running

__all__ = ["Frame", "Seat", "create", "deciding", "live", "running", "seat"]


def create(client: TestClient, **fields: Any) -> dict[str, Any]:
    """A 2-player table through the JSON API (two people unless `fields` say)."""
    body: dict[str, Any] = {"name": "TI test", "players": 2, "seat0_name": "Ann",
                            "seat1_name": "Bea", **fields}
    response = client.post("/api/ti-tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def live(client: TestClient, table_id: str) -> TITable:
    """The table as the server holds it (read while the server is idle)."""
    return client.app.state.tis.runtimes[table_id].table  # type: ignore[attr-defined,no-any-return]


@contextmanager
def seat(client: TestClient, table_id: str, token: str | None,
         fmt: str = "json") -> Iterator[Seat]:
    with client.websocket_connect(f"/ti/{table_id}/ws?k={token}&format={fmt}") as ws:
        yield Seat(ws)
