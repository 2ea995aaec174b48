"""Helpers of the browser tests of the games played one decision at a time (the hex
game's tests/web/test_hex_table.py, The Initiative's tests/web/test_ti_table.py): a
table made through the JSON API, a JSON WebSocket of a seat beside its page, the view
of a given seq, and the page's seq (the `data-seq` its script sets on each frame)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page, expect
from websockets.sync.client import ClientConnection, connect

from tests.web.support import UI_TIMEOUT_MS, Server


@dataclass(frozen=True)
class ActionSite:
    prefix: str
    """The game's path prefix ("/hex")."""
    api: str
    """Its JSON API's creating path."""
    root: str
    """The table page's root element ("#hex-table")."""

    def create(self, server: Server, body: dict[str, Any]) -> dict[str, Any]:
        """A table made through the JSON API: its id, seat tokens and links."""
        request = urllib.request.Request(server.base + self.api,
                                         data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            created: dict[str, Any] = json.loads(answer.read())
        return created

    @contextmanager
    def json_seat(self, server: Server, created: dict[str, Any], seat: int
                  ) -> Iterator[ClientConnection]:
        """A JSON connection of seat `seat` (its views, frame by frame)."""
        url = server.base.replace("http", "ws") + \
            f"{self.prefix}/{created['id']}/ws?k={created['seats'][seat]}&format=json"
        with connect(url) as ws:
            yield ws

    def page_seq(self, page: Page) -> int:
        return int(page.locator(self.root).get_attribute("data-seq") or "-1")

    def wait_change(self, page: Page, seq: int) -> None:
        expect(page.locator(self.root)).not_to_have_attribute("data-seq", str(seq))


def view_at(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The seat's view at `seq` (frames are read until one of that seq arrives)."""
    while True:
        frame = json.loads(ws.recv(timeout=UI_TIMEOUT_MS / 1000))
        if frame.get("type") == "state" and frame["seq"] == seq:
            return frame["view"]  # type: ignore[no-any-return]
