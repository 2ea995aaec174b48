"""The GM trackers' routes (registered by app.py) and their WebSocket protocol.

Routes:
  GET  /trackers/how-to-play[/{system}]   how to run each system's tracker (tracker_guide)
  GET  /trackers/new, POST /trackers/new   the create form; the answer redirects to:
  GET  /trackers/{id}/created    the links, for the creator's browser only (handoff.py)
  GET  /trackers/{id}?k=TOKEN    the page TOKEN opens: the game master's, the players'
                                 (tick initiative), a player's own (card rounds: a player
                                 character; the companion: a player or a side) or the
                                 spectators'
  POST /trackers/{id}?k=TOKEN    the same requests as the socket, from a plain form
                                 (op=run&line=..., op=form&verb=V&a:ARG=..., op=commit&card=N|top,
                                 op=declare&text=...)
  WS   /trackers/{id}/ws?k=TOKEN live updates

Socket requests (JSON objects, at most 4 KB; `id` comes back as `reply_to`):
  {"op": "run", "line": "next"}           the GM: one console command
  {"op": "form", "verb": "adjust", "args": {"NAME": "Ryo", ...}}
                                          the GM: a command's form (its catalogue entry,
                                          trackers/command_catalogue.py, builds the line);
                                          a companion player: the same for its own units
  {"op": "commit", "card": 0 | "top"}     a PC: commit its own card (hand index or deck top)
  {"op": "declare", "text": "..."}        a PC in a tie: tell the GM its action in secret
  {"op": "sync"}
A player page's requests are its system's (`TrackerWeb.player_ops`, `player_line`:
server/tracker_parts.py), which also says what that player may enter.
Answers: `{"type": "render", "regions": {...}, "announce", "seq", "can_declare"}`, and
`{"type": "error", "message"}` for a refused request (nothing changed, nothing stored).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketState

from initiative.server import handoff
from initiative.server import tracker_render as tr
from initiative.server.addresses import public_base
from initiative.server.pages import NO_STORE, error_page, page
from initiative.server.tracker_hub import (
    Access,
    TrackerError,
    TrackerHub,
    TrackerRuntime,
    player_line,
)
from initiative.server.tracker_parts import guides as all_guides
from initiative.server.tracker_parts import tracker_web, tracker_webs
from initiative.server.ws import read_request, serve_frames
from initiative.store import Store
from initiative.trackers import command_catalogue, records, systems

MAX_NAME = 80
ID_LENGTH = 32
HEX = frozenset("0123456789abcdef")


# --- house rules --------------------------------------------------------------------------


def parse_house_rules(system: str, text: str) -> tuple[dict[str, Any], list[str]]:
    """The create form's house rules: `flag=value` lines or commas (see
    :func:`initiative.trackers.systems.parse_house_rules`)."""
    return systems.parse_house_rules(system, text.replace(",", "\n").splitlines())


# --- the socket ---------------------------------------------------------------------------


class TrackerSocket:
    """One open tracker page."""

    def __init__(self, websocket: WebSocket, access: Access) -> None:
        self.websocket = websocket
        self.access = access
        self.base = public_base(websocket)  # the links region's full addresses
        self.reply_to: Any = None
        self.log_seen = -1
        self.send_lock = asyncio.Lock()

    async def update(self, runtime: TrackerRuntime, answer: bool = False) -> None:
        announce, seen = tr.announcement(runtime, self.access, max(self.log_seen, 0))
        first = self.log_seen < 0
        self.log_seen = seen
        own = tr.player_controls(runtime, tr.view_of(runtime, self.access), self.access)
        await self.send({"type": "render", "regions": tr.regions(runtime, self.access,
                                                                 self.base),
                         "announce": "" if first else announce, "seq": runtime.record.seq,
                         "can_declare": bool(own.get("can_declare")),
                         "reply_to": self.reply_to if answer else None})

    async def send(self, payload: dict[str, Any]) -> None:
        if self.websocket.application_state != WebSocketState.CONNECTED:
            return
        async with self.send_lock:
            await self.websocket.send_text(json.dumps(payload, separators=(",", ":")))


async def handle_request(hub: TrackerHub, runtime: TrackerRuntime, access: Access, op: Any,
                  message: dict[str, Any], origin: TrackerSocket | None = None) -> None:
    """One page request (socket or form); TrackerError/ValueError if refused."""
    if access.role != "gm" and op in tracker_web(runtime.record.system).player_ops:
        await hub.run(runtime, access, player_line(runtime.console, access, op, message),
                      origin)
    elif op == "run":
        if access.role != "gm":
            raise TrackerError("only the game master's link runs commands")
        line = message.get("line")
        if not isinstance(line, str):
            raise TrackerError("run: 'line' must be a command line (text)")
        await hub.run(runtime, access, line, origin)
    elif op == "form":
        if access.role != "gm":
            raise TrackerError("only the game master's link runs commands")
        verb, args = message.get("verb"), message.get("args")
        if not isinstance(verb, str) or not isinstance(args, dict):
            raise TrackerError("form: 'verb' must be a command and 'args' its values")
        book = command_catalogue.catalogue(runtime.record.system)
        values = {str(k): v for k, v in args.items() if isinstance(v, str)}
        await hub.run(runtime, access, command_catalogue.build_line(book, verb, values), origin)
    elif op in ("commit", "declare"):
        await hub.run(runtime, access, player_line(runtime.console, access, op, message),
                      origin)
    else:
        raise TrackerError(f"unknown op {op!r} (run, form, commit, declare, sync)")


async def serve_tracker_socket(websocket: WebSocket, hub: TrackerHub) -> None:
    runtime = await open_runtime(hub, websocket.path_params["tracker"])
    await websocket.accept()
    if runtime is None:
        await websocket.close(4404, "This tracker does not exist.")
        return
    access = runtime.access_for(websocket.query_params.get("k", ""))
    if access is None:
        await websocket.close(4403, "This link does not open this tracker.")
        return
    client = TrackerSocket(websocket, access)
    runtime.clients.add(client)
    try:
        await client.update(runtime)
        await serve_frames(websocket, lambda text: _handle(text, client, runtime, hub))
    finally:
        runtime.clients.discard(client)


async def _handle(text: str | bytes, client: TrackerSocket, runtime: TrackerRuntime,
                  hub: TrackerHub) -> None:
    client.reply_to = None
    try:
        message = read_request(text, TrackerError)
        client.reply_to = message.get("id")
        op = message.get("op")
        if op == "sync":
            client.log_seen = -1
            await client.update(runtime, answer=True)
            return
        await handle_request(hub, runtime, client.access, op, message, client)
    except ValueError as exc:
        await client.send({"type": "error", "message": str(exc), "reply_to": client.reply_to})
        await client.update(runtime, answer=True)


# --- pages --------------------------------------------------------------------------------


async def open_runtime(hub: TrackerHub, tracker_id: str) -> TrackerRuntime | None:
    if len(tracker_id) != ID_LENGTH or not all(c in HEX for c in tracker_id):
        return None  # full ids only: one tracker, one URL
    try:
        return await hub.runtime(tracker_id)
    except ValueError:
        return None


def tracker_routes(hub: TrackerHub) -> list[BaseRoute]:
    """The GM trackers' routes over `hub`."""
    def new_form(form: dict[str, Any], problems: list[str], status: int = 200) -> Response:
        return page("tracker_new.html", status, form=form, problems=problems,
                    systems=tracker_webs())

    async def new_get(request: Request) -> Response:
        return new_form({}, [])

    async def new_post(request: Request) -> Response:
        raw = await request.form(max_files=0, max_fields=10)
        form = {k: v for k, v in raw.items() if isinstance(v, str)}
        system = form.get("system", "")
        name = " ".join(form.get("name", "").split())[:MAX_NAME] or "GM tracker"
        rules, problems = parse_house_rules(system, form.get("rules", ""))
        if problems:
            return new_form(form, problems, 400)
        try:
            runtime, gm_token = await hub.create(system, name, rules, bool(form.get("sample")))
        except ValueError as exc:  # e.g. rules the sample roster cannot be built under
            return new_form(form, [f"the tracker cannot start: {exc}"], 400)
        return handoff.redirect(request, f"/trackers/{runtime.record.id}/created", [gm_token])

    async def created(request: Request) -> Response:
        """The creator's page of links, after the redirect (see `handoff`)."""
        runtime = await open_runtime(hub, request.path_params["tracker"])
        held = handoff.received(request)
        access = runtime.access_for(held[0]) if runtime is not None and len(held) == 1 \
            else None
        if runtime is None or access is None or access.role != "gm":
            return error_page("Links not shown here", "A tracker's links are shown only to "
                              "its creator, in the browser that created it, for an hour. "
                              "Ask the game master for your link.", 403)
        record = runtime.record
        base = public_base(request)
        response = page("tracker_created.html", name=record.name,
                        links=tr.tracker_links(runtime, access.token),
                        gm=f"/trackers/{record.id}?k={access.token}", base=base,
                        lan=handoff.lan_hint(request),
                        system_name=tracker_web(record.system).title, system=record.system,
                        my_table=tr.my_tracker(runtime, access, base))
        response.headers.update(NO_STORE)
        return response

    async def found(request: Request) -> tuple[TrackerRuntime, Access] | Response:
        runtime = await open_runtime(hub, request.path_params["tracker"])
        if runtime is None:
            return error_page("No such tracker", "This tracker does not exist.", 404)
        access = runtime.access_for(request.query_params.get("k", ""))
        if access is None:
            return error_page("Link not valid", "This link does not open this tracker. "
                              "Ask the game master for your link.", 403)
        return runtime, access

    def tracker_page(runtime: TrackerRuntime, access: Access, request: Request,
                     error: str = "", status: int = 200) -> Response:
        base = public_base(request)
        return page("tracker.html", status, error=error,
                    **tr.page_context(runtime, access, base))

    async def get_page(request: Request) -> Response:
        got = await found(request)
        if isinstance(got, Response):
            return got
        return tracker_page(*got, request)

    async def post_page(request: Request) -> Response:
        got = await found(request)
        if isinstance(got, Response):
            return got
        runtime, access = got
        raw = await request.form(max_files=0, max_fields=20)
        form: dict[str, Any] = {k: v for k, v in raw.items() if isinstance(v, str)}
        if form.get("card", "").isdigit():
            form["card"] = int(form["card"])
        form["args"] = {k[2:]: v for k, v in form.items() if k.startswith("a:")}
        try:
            await handle_request(hub, runtime, access, form.get("op"), form)
        except ValueError as exc:
            return tracker_page(runtime, access, request, str(exc), 400)
        return RedirectResponse(str(request.url), 303)

    async def socket(websocket: WebSocket) -> None:
        await serve_tracker_socket(websocket, hub)

    def guide_page(system: str | None) -> Response:
        known = all_guides()
        found_guide = known.get(system) if system is not None else None
        if system is not None and found_guide is None:
            return error_page("No such guide", "There is a guide for each tracker system: "
                              + ", ".join(known) + ".", 404)
        return page("tracker_guide.html", guide=found_guide, guides=list(known.values()),
                    names={web.system: web.title for web in tracker_webs()})

    async def guides(request: Request) -> Response:
        return guide_page(None)

    async def guide(request: Request) -> Response:
        return guide_page(request.path_params["system"])

    return [
        Route("/trackers/new", new_get, methods=["GET"]),
        Route("/trackers/how-to-play", guides, methods=["GET"]),
        Route("/trackers/how-to-play/{system}", guide, methods=["GET"]),
        Route("/trackers/new", new_post, methods=["POST"]),
        Route("/trackers/{tracker}/created", created, methods=["GET"]),
        Route("/trackers/{tracker}", get_page, methods=["GET"]),
        Route("/trackers/{tracker}", post_page, methods=["POST"]),
        WebSocketRoute("/trackers/{tracker}/ws", socket),
    ]


def lobby_trackers(store: Store, limit: int = 20) -> list[dict[str, Any]]:
    """Recently used trackers for the lobby: name, system and round (no links)."""
    titles = {web.system: web.title for web in tracker_webs()}
    return [{"name": i.name, "system": titles.get(i.summary.get("system", ""), "?"),
             "round": i.summary.get("round", 0)}
            for i in records.list_trackers(store)[:limit]]
