"""One WebSocket client of a test table (IB's or hex's): it reads frames with a timeout
(Starlette's TestClient has none) and keeps every frame and the last state."""

from __future__ import annotations

import json
from typing import Any

import anyio
from starlette.websockets import WebSocketDisconnect

from initiative.server.ws import CHOOSING_OPS

Frame = dict[str, Any]


class SocketSeat:
    """Every frame received (`frames`) and the last state or render frame (`last`)."""

    RECV_TIMEOUT = 10.0

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[Frame] = []
        self.last: Frame = {}

    def recv(self, timeout: float | None = None) -> Frame:
        """The next frame (TimeoutError after `timeout`, default `RECV_TIMEOUT`);
        WebSocketDisconnect if the server closed the socket."""
        limit = self.RECV_TIMEOUT if timeout is None else timeout

        # TestClient's receive() has no timeout; wait on its stream in its own portal.
        async def get() -> Any:
            with anyio.fail_after(limit):
                return await self.ws._send_rx.receive()

        message = self.ws.portal.call(get)
        if message["type"] == "websocket.close":
            raise WebSocketDisconnect(message.get("code", 1000), message.get("reason", ""))
        frame: Frame = json.loads(message["text"])
        self.frames.append(frame)
        self.keep(frame)
        if frame.get("type") in ("state", "render"):
            self.last = frame
        return frame

    def keep(self, frame: Frame) -> None:
        """What a kind of seat remembers of each frame beyond `frames` and `last`."""

    def send(self, **message: Any) -> None:
        """Send a request; one that chooses carries the seq of the last state read, as
        the page's script sends it, unless `message` names its own (`seq=None`: none)."""
        if message.get("op") in CHOOSING_OPS and "seq" not in message:
            message["seq"] = self.last.get("seq", 0)
        if "seq" in message and message["seq"] is None:
            del message["seq"]
        self.ws.send_json(message)
