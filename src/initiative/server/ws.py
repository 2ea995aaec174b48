"""The table's WebSocket protocol, every game alike. A client connects to
`/t/{id}/ws?k=TOKEN` (its seat's secret, or the spectators' link) and receives its state
after every change, and in full on every (re)connect.

Requests (JSON objects; `id` is echoed back as `reply_to` in the answer to that request,
and only there: other frames carry `"reply_to": null`). Those that choose carry `seq`,
the `seq` of the state frame the choice was made from; once the game has changed since
(an action or an undo was stored after it) the request is refused with `"code":
"stale"` and nothing is played, so a request sent twice, or by two tabs at once, plays
once (a request without `seq` is refused with `"code": "seq_required"`):
  {"op": "act", "action": N, "seq": S} or {"op": "act", "actions": [N, ...], "seq": S}
                                 a turn: one choice (its number in the view's legal
                                 actions), or a whole compound turn at once (API
                                 clients, bots)
  {"op": "step", "action": N, "seq": S}   add a step to your draft (games that build a
                                 choice step by step before it is confirmed: card,
                                 discards, targets...)
  {"op": "back"} / {"op": "cancel"}   take the last step back / drop the draft
  {"op": "confirm", "seq": S}    store and play the draft
  {"op": "undo", "seq": S}       take back your last turn (when allowed)
  {"op": "chat", "text": "...", "team": false}  (team: your team only)
  {"op": "rematch"}  {"op": "sync"}
Answers: `{"type": "render", "regions": {...}, "announce": ..., "your_turn": ...,
"seq": ...}` (pages) or `{"type": "state", "view": ..., "seq": ..., ...}`
(`format=json`), and `{"type": "error", "message": ...}` for a refused request (nothing
changed, nothing stored; its `code`: "stale", "seq_required" or "refused", and `seq`
the table's seq now; a fresh state follows it). Where a game sends its log in parts, a
state's `log_from` says from which entry: the client keeps its first `log_from` entries
and appends these (after an undo `log_from` goes back). A state also says what the seat's
page marks in its log (`since_index`, `by_stand_in`, `notices`: seat_frames.json_frame,
docs/web.md).
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
from initiative.server import seat_frames
from initiative.server.hub import Hub, Runtime
from initiative.server.parts import HUMAN
from initiative.server.rates import ConnectionRates
from initiative.server.sockets import SeatSocket, open_seat
from initiative.server.table import Pending, Table, TableError

log = logging.getLogger("initiative.server")
MAX_MESSAGE = 4096
OPS = ("act", "step", "back", "cancel", "confirm", "undo", "chat", "rematch", "sync")
CHOOSING_OPS = ("act", "step", "confirm", "undo")
"""The requests that choose: each carries the `seq` it was chosen at."""


class SeqRequired(TableError):
    """A choosing request without the `seq` it was chosen at (an old client)."""

    code = "seq_required"


class SocketClient(SeatSocket):
    """One connected page or API client."""

    def __init__(self, websocket: WebSocket, seat: int, token: str, fmt: str,
                 rates: ConnectionRates) -> None:
        super().__init__(websocket, seat, token, fmt, rates)
        self.log_held = 0
        """Log entries this JSON client holds (it gets the rest)."""
        self.notices_seen = 0
        """Notices (undos) it has heard of: an undo takes log entries back."""

    def _log_from(self, table: Table) -> int:
        notices = table.data.notices
        held = self.log_held
        if len(notices) > self.notices_seen:
            held = min([held, *(n.at for n in notices[self.notices_seen:])])
        return held

    async def update(self, runtime: Runtime, note: str = "", answer: bool = False,
                     frames: dict[Any, dict[str, Any]] | None = None) -> None:
        table = runtime.table
        frames = {} if frames is None else frames
        if self.json:
            log_from = self._log_from(table)
            key: tuple[Any, ...] = ("json", self.seat, log_from)
            if key not in frames:
                frames[key] = seat_frames.json_frame(table, self.seat, log_from)
            if "log_from" in frames[key]:  # a game that sends its log in parts
                self.log_held = table.site.log_length(table.state)
                self.notices_seen = len(table.data.notices)
            payload = dict(frames[key])
        else:
            key = ("page", self.seat, self.token)
            if key not in frames:
                seat = table.state.current_seat()
                controller = runtime.controller(seat, time.monotonic()) if seat >= 0 \
                    else HUMAN
                frame, problem = seat_frames.page_frame(table, self.seat, self.token,
                                                        controller)
                frames[key] = {**frame, "problem": problem}
            payload = dict(frames[key])
            problem = payload.pop("problem")
            if problem:
                await self.send({"type": "error", "message": problem, "reply_to": None})
            if note == "rematch" and table.data.rematch:
                payload["redirect"] = f"/t/{table.data.rematch}?k={self.token}"
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
        await client.update(runtime)
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
        await client.send({"type": "error", "message": str(exc), "code": exc.code,
                           "seq": runtime.table.head, "reply_to": client.reply_to})
        await client.update(runtime, answer=True)
    finally:
        if not played:
            client.rates.charge()


async def _dispatch(message: dict[str, Any], client: SocketClient, runtime: Runtime,
                    hub: Hub) -> bool:
    """Carry out one request; True if it played a turn (stored an `act`)."""
    op = message.get("op")
    if op == "sync":
        client.log_held = 0
        await client.update(runtime, answer=True)
        return False
    if op not in OPS:
        raise TableError(f"unknown op {op!r} ({', '.join(OPS)})")
    if client.seat == SPECTATOR:
        raise TableError("spectators can only watch")
    seat = runtime.table.acting_seat(client.seat)
    seq = _seq(op, message)
    if op in ("step", "back", "cancel"):
        _draft_op(runtime.table, op, seat, message.get("action"), seq)
        await hub.broadcast(runtime, "", client, seat=client.seat)  # every tab of the seat
    elif op in ("act", "confirm"):
        make = _turn(op, seat, message, seq)
        await hub.commit(runtime, make, origin=client)
        return True
    elif op == "undo":
        await hub.commit(runtime, lambda t: t.check_undo(client.seat, seq=seq),
                         origin=client)
    elif op == "chat":
        refusal = client.rates.chat_refusal()
        if refusal is not None:
            raise TableError(refusal)
        text, team = message.get("text"), bool(message.get("team"))
        await hub.commit(runtime, lambda t: t.check_chat(client.seat, text, team),
                         origin=client)
    else:
        await _rematch(runtime, hub, client)
    return False


def _seq(op: str, message: dict[str, Any]) -> object:
    """The `seq` a choosing request was made at (None for the others); SeqRequired if it
    has none."""
    if op not in CHOOSING_OPS:
        return None
    seq = message.get("seq")
    if seq is None:
        raise SeqRequired(f"{op}: the request needs 'seq', the seq of the state you chose "
                          "at (each state's 'seq'), so that a request sent twice is played "
                          "once; nothing was played")
    return seq


def _draft_op(table: Table, op: str, seat: int, action: object, seq: object) -> None:
    if op == "step":
        table.step(seat, action, seq=seq)
    elif op == "back":
        table.back(seat)
    else:
        table.cancel(seat)


def _turn(op: str, seat: int, message: dict[str, Any], seq: object
          ) -> Callable[[Table], Pending]:
    """How the table checks an `act` (one action or a list) or a `confirm` chosen at
    `seq`."""
    if op == "confirm":
        return lambda t: t.check_confirm(seat, seq=seq)
    raw = message.get("actions", [message.get("action")]) if "actions" in message \
        or "action" in message else None
    if not isinstance(raw, list):
        raise TableError("act: 'actions' must be a list of action numbers (or 'action': "
                         "one number)")
    return lambda t: t.check_act(seat, raw, seq=seq)


async def _rematch(runtime: Runtime, hub: Hub, client: SocketClient) -> None:
    """A new game with the same plan and seats (the same links open them, and the
    creator's key its page of links)."""
    table = runtime.table
    table.check_rematch("")  # refused before a table is made for nothing
    data = table.data
    new, _, _ = await hub.create(table.site, table.plan, undo=data.undo, series=data.series,
                                 digests=(data.seat_digests, data.spectator_digest),
                                 claimed=list(data.claimed),
                                 creator_digest=data.creator_digest)
    try:
        await hub.commit(runtime, lambda t: t.check_rematch(new.table.id), note="rematch",
                         origin=client)
    except TableError:
        hub.runtimes.pop(new.table.id, None)  # the new table is nobody's: drop it
        await asyncio.to_thread(hub.store.delete, new.table.id)
        raise
