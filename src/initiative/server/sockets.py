"""What every game's table socket shares: opening a seat's socket from its link, and a
connected client that sends JSON frames one at a time (server/ws.py for Initiative
Break, server/hex_routes.py for the hex skirmish game)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from starlette.websockets import WebSocket, WebSocketState

from initiative.server.rates import ConnectionRates

NOT_ALLOWED = 4403
NOT_FOUND = 4404


class SeatTable(Protocol):
    def seat_for(self, token: str) -> int | None:
        """The seat (or SPECTATOR) a link's token opens, None if it opens none."""


class SeatRuntime(Protocol):
    @property
    def table(self) -> SeatTable: ...


RuntimeT = TypeVar("RuntimeT", bound=SeatRuntime)


async def open_seat(websocket: WebSocket,
                    open_table: Callable[[str], Awaitable[RuntimeT | None]]
                    ) -> tuple[RuntimeT, int, str] | None:
    """Accept the socket and find its table and seat, (runtime, seat, token); None after
    closing it when there is no such table or the link opens no seat there."""
    runtime = await open_table(websocket.path_params["table"])
    await websocket.accept()
    if runtime is None:
        await websocket.close(NOT_FOUND, "This table does not exist.")
        return None
    token = websocket.query_params.get("k", "")
    seat = runtime.table.seat_for(token)
    if seat is None:
        await websocket.close(NOT_ALLOWED, "This link does not open a seat at this table.")
        return None
    return runtime, seat, token


class SeatSocket:
    """One connected page or API client of one seat (or the spectators)."""

    def __init__(self, websocket: WebSocket, seat: int, token: str, fmt: str,
                 rates: ConnectionRates) -> None:
        self.websocket = websocket
        self.rates = rates
        self.seat = seat
        self.token = token
        self.json = fmt == "json"
        self.reply_to: Any = None
        self.send_lock = asyncio.Lock()

    async def send(self, payload: dict[str, Any]) -> None:
        """Send one frame (nothing once the socket is closed)."""
        if self.websocket.application_state != WebSocketState.CONNECTED:
            return
        async with self.send_lock:
            await self.websocket.send_text(json.dumps(payload, separators=(",", ":")))
