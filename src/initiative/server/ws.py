"""The table's WebSocket protocol. A client connects to `/t/{id}/ws?k=TOKEN` (its seat's
secret, or the spectator link's) and receives its state after every change, and in
full on every (re)connect.

Requests (JSON objects; `id` is echoed back as `reply_to` in the answer to that request,
and only there: other frames carry `"reply_to": null`):
  {"op": "step", "action": N}    add a step to your draft (card, discard, target, ...)
  {"op": "back"} / {"op": "cancel"}   take the last step back / drop the draft
  {"op": "confirm"}              store and play the draft
  {"op": "act", "actions": [N, ...]}  a whole turn at once (API clients, bots)
  {"op": "undo"}                 take back your last turn (when allowed)
  {"op": "chat", "text": "...", "team": false}  (team: your team only)
  {"op": "rematch"}  {"op": "sync"}
Answers: `{"type": "render", "regions": {...}, "announce": ...}` (HTML clients) or
`{"type": "state", ...}` (`format=json`), and `{"type": "error", "message": ...}`.
A state's `view.log` holds the log from entry `log_from` on: the client keeps its first
`log_from` entries and appends these (after an undo `log_from` goes back).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from initiative.engine.contract import SPECTATOR
from initiative.engine.data_text import NestingError, loads_json
from initiative.server import render
from initiative.server.hub import Hub, Runtime
from initiative.server.rates import ConnectionRates
from initiative.server.sockets import SeatSocket, open_seat
from initiative.server.table import Pending, Table, TableError, _action

log = logging.getLogger("initiative.server")
MAX_MESSAGE = 4096


class SocketClient(SeatSocket):
    """One connected page or API client."""

    def __init__(self, websocket: WebSocket, seat: int, token: str, fmt: str,
                 rates: ConnectionRates) -> None:
        super().__init__(websocket, seat, token, fmt, rates)
        self.log_sent: tuple[Any, ...] = ()  # the log entries this JSON client holds

    async def update(self, runtime: Runtime, note: str = "", answer: bool = False) -> None:
        table = runtime.table
        view = table.view(self.seat)
        if self.json:
            payload = render.json_payload(table, self.seat, view,
                                          _kept(self.log_sent, view.log))
            self.log_sent = view.log
        else:
            seat = table.state.current_seat()
            controller = runtime.controller(seat, runtime.away_after, time.monotonic()) \
                if seat >= 0 else "human"
            ctx, regions, problem = render.seat_regions(
                table, self.seat, view, controller, render.finished_links(table, self.token))
            if problem:
                await self.send({"type": "error", "message": problem, "reply_to": None})
            payload = {"type": "render", "regions": regions,
                       "announce": render.announcement(ctx), "your_turn": ctx["mine"],
                       "seq": table.head}
            if table.rematch and note == "rematch":
                payload["redirect"] = ctx["rematch"]
        if note:
            payload["note"] = note
        payload["reply_to"] = self.reply_to if answer else None
        await self.send(payload)


async def serve_socket(websocket: WebSocket, hub: Hub,
                       open_table: Callable[[str], Awaitable[Runtime | None]]) -> None:
    opened = await open_seat(websocket, open_table)
    if opened is None:
        return
    runtime, seat, token = opened
    client = SocketClient(websocket, seat, token, websocket.query_params.get("format", "html"),
                          ConnectionRates(runtime.rates))
    await hub.join(runtime, client)
    try:
        await client.update(runtime, "")
        await serve_frames(websocket, lambda text: _handle(text, client, runtime, hub))
    finally:
        await hub.leave(runtime, client)


async def serve_frames(websocket: WebSocket,
                       handle: Callable[[str | bytes], Awaitable[None]]) -> None:
    """Hand each frame (text, or bytes for a binary one) to ``handle`` until the page
    leaves (a closed socket, or a send that failed because Starlette closed it)."""
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            await handle(text if text is not None else bytes(message.get("bytes") or b""))
    except WebSocketDisconnect:
        pass
    except RuntimeError:
        if websocket.application_state == WebSocketState.CONNECTED:
            raise


def read_request(text: str | bytes, error: type[ValueError]) -> dict[str, Any]:
    """A client's request frame as a JSON object; ``error`` (naming what is wrong) if it
    is binary, too long, nested too deeply or not one."""
    if isinstance(text, bytes):
        raise error("a request must be a text frame holding a JSON object, not binary")
    if len(text) > MAX_MESSAGE:
        raise error(f"a request is at most {MAX_MESSAGE} characters")
    try:
        message = loads_json(text)
    except NestingError as exc:
        raise error(f"a request must be a JSON object: {exc}") from None
    except ValueError:
        raise error("a request must be a JSON object") from None
    if not isinstance(message, dict):
        raise error("a request must be a JSON object")
    return message


async def _handle(text: str | bytes, client: SocketClient, runtime: Runtime,
                  hub: Hub) -> None:
    client.reply_to = None
    refusal = client.rates.frame_refusal()
    if refusal is not None:  # dropped unread; the error alone (no state) answers it
        await client.send({"type": "error", "message": refusal, "reply_to": None})
        return
    played = False
    try:
        message = read_request(text, TableError)
        client.reply_to = message.get("id")
        played = await _dispatch(message, client, runtime, hub)
    except TableError as exc:
        await client.send({"type": "error", "message": str(exc),
                           "reply_to": client.reply_to})
        await client.update(runtime, "", answer=True)
    finally:
        if not played:
            client.rates.charge()


async def _dispatch(message: dict[str, Any], client: SocketClient, runtime: Runtime,
                    hub: Hub) -> bool:
    """Carry out one request; True if it played a turn (stored an `act`)."""
    op = message.get("op")
    seat = client.seat
    table = runtime.table
    if op == "sync":
        client.log_sent = ()
        await client.update(runtime, "", answer=True)
        return False
    if seat == SPECTATOR and op != "sync":
        raise TableError("spectators can only watch")
    if op in ("step", "back", "cancel"):
        if op == "step":
            table.step(seat, _index(message.get("action")))
        elif op == "back":
            table.back(seat)
        else:
            table.cancel(seat)
        for other in runtime.clients:  # the same seat open in two tabs sees the draft too
            if other.seat == seat:
                await other.update(runtime, "", answer=other is client)
    elif op == "confirm":
        await hub.commit(runtime, lambda t: t.check_confirm(seat), origin=client)
        return True
    elif op == "act":
        raw = message.get("actions")
        if not isinstance(raw, list):
            raise TableError("act: 'actions' must be a list of action numbers")
        actions = [_action(_index(i)) for i in raw]
        await hub.commit(runtime, lambda t: t.check_act(seat, actions), origin=client)
        return True
    elif op == "undo":
        await hub.commit(runtime, lambda t: t.check_undo(seat), origin=client)
    elif op == "chat":
        refusal = client.rates.chat_refusal()
        if refusal is not None:
            raise TableError(refusal)
        await hub.commit(runtime, lambda t: t.check_chat(
            seat, message.get("text"), bool(message.get("team"))),  # type: ignore[arg-type]
                         origin=client)
    elif op == "rematch":
        await _rematch(table, runtime, hub, client)
    else:
        raise TableError(f"unknown op {op!r} (step, back, cancel, confirm, act, undo, chat, "
                         "rematch, sync)")
    return False


def _kept(sent: tuple[Any, ...], log: tuple[Any, ...]) -> int:
    """How many of the log entries a client holds are still the log's: all of them,
    unless an undo took some back."""
    if log[:len(sent)] == sent:
        return len(sent)
    kept = 0
    for held, entry in zip(sent, log, strict=False):
        if held != entry:
            break
        kept += 1
    return kept


def _index(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TableError(f"an action number must be a whole number, got {value!r}")
    return value


async def _rematch(table: Table, runtime: Runtime, hub: Hub, client: SocketClient) -> None:
    """A new game with the same setup and seats (the same links open them)."""
    if not table.finished:
        raise TableError("a rematch starts when the game is over")
    if table.rematch:
        raise TableError("the rematch has already been started")
    new, _, _ = await hub.create(table.setup, series=table.series,
                                 digests=(table.seat_digests, table.spectator_digest),
                                 claimed=list(table.claimed))

    def link(t: Table) -> Pending:
        if t.rematch:  # another seat's rematch was stored while this one was created
            raise TableError("the rematch has already been started")
        return Pending({"type": "rematch", "table": new.table.id})

    try:
        await hub.commit(runtime, link, note="rematch", origin=client)
    except TableError:
        hub.runtimes.pop(new.table.id, None)  # the new table is nobody's: drop it
        await asyncio.to_thread(hub.store.delete, new.table.id)
        raise
