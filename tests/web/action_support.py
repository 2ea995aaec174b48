"""Helpers of the browser tests of the games played one decision at a time (the hex
game's tests/web/test_hex_table.py, The Initiative's tests/web/test_ti_table.py): a
table made through the JSON API, a JSON WebSocket of a seat beside its page, the view
of a given seq, and the page's seq (the `data-seq` its script sets on each frame)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page, expect
from websockets.sync.client import ClientConnection, connect

from tests.web.support import UI_TIMEOUT_MS, Server

ROOT = "#table"
"""Every game's table page root (table_base.html); live.js sets its data-seq."""


@dataclass(frozen=True)
class ActionSite:
    game: str
    """The game's registry name ("hex_skirmish")."""

    def create(self, server: Server, body: dict[str, Any]) -> dict[str, Any]:
        """A table of this game made through the JSON API: its id, seat tokens and
        links."""
        return server.create({"game": self.game, **body})

    @contextmanager
    def json_seat(self, server: Server, created: dict[str, Any], seat: int
                  ) -> Iterator[ClientConnection]:
        """A JSON connection of seat `seat` (its views, frame by frame)."""
        url = server.base.replace("http", "ws") + \
            f"/t/{created['id']}/ws?k={created['seats'][seat]}&format=json"
        with connect(url) as ws:
            yield ws

    def page_seq(self, page: Page) -> int:
        return int(page.locator(ROOT).get_attribute("data-seq") or "-1")

    def wait_change(self, page: Page, seq: int) -> None:
        expect(page.locator(ROOT)).not_to_have_attribute("data-seq", str(seq))


def view_at(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The seat's view at `seq` (frames are read until one of that seq arrives)."""
    while True:
        frame = json.loads(ws.recv(timeout=UI_TIMEOUT_MS / 1000))
        if frame.get("type") == "state" and frame["seq"] == seq:
            return frame["view"]  # type: ignore[no-any-return]
