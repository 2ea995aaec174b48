"""Helpers of The Initiative table's server tests: tables made through the JSON API and
one WebSocket client per seat (the app, the seat client and `deciding` are the hex
tests' own: tests/server/hex_support.py)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.hex_support import Frame, Seat, deciding, live, running, seat

__all__ = ["Frame", "Seat", "create", "deciding", "live", "running", "seat"]


def create(client: TestClient, **fields: Any) -> dict[str, Any]:
    """A 2-player table through the JSON API (two people unless `fields` say)."""
    body: dict[str, Any] = {"name": "TI test", "players": 2, "seat0_name": "Ann",
                            "seat1_name": "Bea", **fields}
    response = client.post("/api/tables", json={"game": "the_initiative", **body})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]
