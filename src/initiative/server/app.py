"""The web table as an ASGI app (Starlette): server-rendered pages, one WebSocket per
open table page, a small JSON API. Every asset is served from the package (no CDN).

Routes:
  GET  /                      the lobby (open tables; take a free seat)
  GET  /lobby/open            its list of open tables alone (htmx refreshes it)
  GET  /new, POST /new        create a table (form); the answer redirects to:
  GET  /t/{id}/created        the secret links, for the creator's browser only (handoff.py)
  POST /t/{id}/claim/{seat}   take a free seat from the lobby (a new secret link)
  GET  /t/{id}?k=TOKEN        the table page of the seat (or spectators) TOKEN opens
  GET  /t/{id}/replay?k=T&step=N   a finished game, step by step (public information)
  GET  /t/{id}/record?k=T     a finished game's record (JSON, with its seed; 409 before)
  GET  /how-to-play           the rules in short, with rule ids (games/ib/text/guide.py)
  WS   /t/{id}/ws?k=TOKEN[&format=json]   live play (see `ws.py`)
  GET  /api/tables, POST /api/tables   the same as JSON (tables created by scripts)
  /trackers/...               the game master's trackers (see `trackers.py`)
  /hex/..., /api/hex-tables   the hex skirmish tables (see `hex_routes.py`)
  /ti/..., /api/ti-tables     The Initiative's tables (see `ti_routes.py`)
  GET  /favicon.ico, /static/favicon.svg   the icon (SVG)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from initiative.bots import LEVELS
from initiative.engine.contract import SPECTATOR
from initiative.engine.data_text import loads_json
from initiative.engine.rng import parse_seed
from initiative.games.ib.content import Content, core_content
from initiative.games.ib.text import guide
from initiative.server import handoff, pages, render, tokens
from initiative.server.guards import BodyLimit, OriginCheck, normal_origins
from initiative.server.hex_hub import NOTIFY_KINDS as HEX_KINDS
from initiative.server.hex_hub import HexHub
from initiative.server.hex_routes import hex_routes, lobby_hex
from initiative.server.hub import NOTIFY_KINDS, Hub, Options, Runtime
from initiative.server.notify import Shared, make_notifier
from initiative.server.pages import error_page, page
from initiative.server.setup import (
    MAX_TEAM_TEXT,
    MODE_NAMES,
    SetupError,
    mode_seating,
    offered_teams,
    parse_setup,
)
from initiative.server.table import KIND, TableError
from initiative.server.ti_hub import NOTIFY_KINDS as TI_KINDS
from initiative.server.ti_hub import TIHub
from initiative.server.ti_routes import lobby_ti, ti_routes
from initiative.server.tracker_hub import NOTIFY_KINDS as TRACKER_KINDS
from initiative.server.tracker_hub import TrackerHub
from initiative.server.trackers import lobby_trackers, tracker_routes
from initiative.server.ws import serve_socket
from initiative.store import Store, StoreError

log = logging.getLogger("initiative.server")
MAX_FORM_FIELDS = 100
TABLE_ID_LENGTH = 32
HEX = frozenset("0123456789abcdef")


def create_app(url: str | None = None, options: Options | None = None,
               content: Content | None = None, origins: Sequence[str] = ()) -> Starlette:
    """The app over the store at `url` (SQLite by default; PostgreSQL by URL). `origins`:
    sites besides its own that may post to it (a proxy's public address; guards.py)."""
    content = content or core_content()
    allowed = normal_origins(origins)  # ValueError before anything is opened
    store = Store(url)
    notifier = Shared(make_notifier(store.url))  # one LISTEN connection for both hubs
    hub = Hub(store, content, options, notifier.part(NOTIFY_KINDS))
    trackers = TrackerHub(store, hub.writer, notifier.part(TRACKER_KINDS))
    hexes = HexHub(store, hub.writer, hub.options.bot_delay, notifier.part(HEX_KINDS))
    tis = TIHub(store, hub.writer, hub.options.bot_delay, notifier.part(TI_KINDS))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        await trackers.start()
        await hexes.start()
        await tis.start()
        try:
            yield
        finally:
            await tis.stop()
            await hexes.stop()
            await trackers.stop()
            await hub.stop()
            store.close()

    async def lobby_rows() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Tables with a seat anyone may take, and recently finished ones (public)."""
        infos = await asyncio.to_thread(store.records, KIND)
        rows = [{"id": i.id, "name": i.name, **i.summary,
                 "mode": MODE_NAMES.get(i.summary.get("mode", ""), "?")} for i in infos]
        open_ = [r for r in rows if not r.get("finished") and not r.get("rematch")
                 and any(s["open"] for s in r["seats"])]
        return open_[:50], [r for r in rows if r.get("finished")][:10]

    async def lobby(request: Request) -> Response:
        open_, finished = await lobby_rows()
        gm_trackers = await asyncio.to_thread(lobby_trackers, store)
        hex_tables = await asyncio.to_thread(lobby_hex, store)
        ti_tables = await asyncio.to_thread(lobby_ti, store)
        return page("lobby.html", tables=open_, finished=finished, trackers=gm_trackers,
                    hex_tables=hex_tables, ti_tables=ti_tables)

    async def lobby_open(request: Request) -> Response:
        """The lobby's open tables alone: htmx refreshes the list every 5 s."""
        open_, _ = await lobby_rows()
        return page("_open_tables.html", tables=open_)

    def new_form(form: dict[str, Any], problems: list[str], status: int = 200) -> HTMLResponse:
        return page("new.html", status, form=form, problems=problems,
                    modes=list(MODE_NAMES.items()), levels=list(LEVELS),
                    teams=offered_teams(content),
                    seating=mode_seating(content),
                    encounters=[(k, e.name) for k, e in sorted(content.encounters.items())])

    async def new_get(request: Request) -> Response:
        return new_form({}, [])

    async def read_form(request: Request) -> dict[str, Any]:
        form = await request.form(max_files=8, max_fields=MAX_FORM_FIELDS)
        data: dict[str, Any] = {}
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                raw = await value.read(MAX_TEAM_TEXT + 1)
                if raw:
                    data[key.replace("_file", "_upload")] = raw.decode("utf-8", "replace")
            else:
                data[key] = value
        return data

    async def new_post(request: Request) -> Response:
        form = await read_form(request)
        try:
            setup = await asyncio.to_thread(parse_setup, form, content)  # YAML is slow
            runtime, seat_tokens, spectator = await hub.create(setup)
        except SetupError as exc:
            return new_form(form, exc.problems, 400)
        return handoff.redirect(request, f"/t/{runtime.table.id}/created",
                                [*seat_tokens, spectator])

    async def created(request: Request) -> Response:
        """The creator's page of links, after the redirect (see `handoff`)."""
        runtime = await open_table(request.path_params["table"])
        return handoff.created_page(request, handoff.table_links(
            runtime.table, handoff.received(request)) if runtime is not None else None)

    async def open_table(table_id: str) -> Runtime | None:
        if len(table_id) != TABLE_ID_LENGTH or not all(c in HEX for c in table_id):
            return None  # full ids only (the store also takes prefixes: one table, one URL)
        try:
            runtime = await hub.runtime(table_id)
        except (StoreError, TableError):
            return None
        return runtime

    async def claim(request: Request) -> Response:
        runtime = await open_table(request.path_params["table"])
        if runtime is None:
            return error_page("No such table", "This table does not exist.", 404)
        try:
            seat = int(request.path_params["seat"])
        except ValueError:
            return error_page("No such seat", "The seat number is not a number.", 400)
        token = tokens.new_token()
        try:
            await hub.commit(runtime, lambda t: t.check_claim(seat, tokens.digest(token)))
        except TableError as exc:
            return error_page("Seat not available", str(exc), 409)
        return RedirectResponse(f"/t/{runtime.table.id}?k={token}", 303)

    async def seat_of(request: Request) -> tuple[Runtime, int, str] | Response:
        return await pages.seat_of(request, open_table)

    async def table_page(request: Request) -> Response:
        found = await seat_of(request)
        if isinstance(found, Response):
            return found
        runtime, seat, token = found
        table = runtime.table
        ctx, regions, _ = render.seat_regions(table, seat, table.view(seat),
                                              extra=render.finished_links(table, token))
        who = "spectator" if seat == SPECTATOR else f"seat {seat + 1}, {table.seat_name(seat)}"
        return page("table.html", name=table.setup.name, who=who, seat=seat,
                    ws=f"/t/{table.id}/ws?k={token}", regions=regions,
                    has_partner=ctx["has_partner"])

    async def replay(request: Request) -> Response:
        found = await seat_of(request)
        if isinstance(found, Response):
            return found
        runtime, _, token = found
        table = runtime.table
        if not table.finished:
            return error_page("Not finished", "The replay opens when the game is over.", 409)
        try:
            step = int(request.query_params.get("step", "0"))
        except ValueError:
            return error_page("Bad step", "step must be a whole number.", 400)
        step = max(0, min(step, len(table.actions)))
        state = await asyncio.to_thread(table.state_at, step)
        view = state.view(SPECTATOR)
        ctx = render.context(table, SPECTATOR, view)
        link = f"/t/{table.id}/replay?k={token}&step="
        return page("replay.html", name=table.setup.name, step=step, total=len(table.actions),
                    regions=render.regions(ctx), link=link, back=f"/t/{table.id}?k={token}")

    async def api_tables(request: Request) -> Response:
        if request.method == "GET":
            infos = await asyncio.to_thread(store.records, KIND)
            return JSONResponse([{"id": i.id, "name": i.name, "status": i.status,
                                  **i.summary} for i in infos])
        try:
            body = loads_json(await request.body())
        except ValueError as exc:
            return JSONResponse({"error": f"the body must be JSON: {exc}"}, 400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "the body must be a JSON object"}, 400)
        seed = body.pop("seed", None)
        if seed is not None:
            try:
                seed = parse_seed(seed)
            except ValueError as exc:
                return JSONResponse({"error": str(exc)}, 400)
            if isinstance(seed, int) and seed >= 2**63:
                return JSONResponse({"error": "seed: a whole number below 2^63"}, 400)
        prefix = body.pop("prefix", None)
        if prefix is not None and (not isinstance(prefix, list) or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in prefix)):
            return JSONResponse({"error": "prefix: a list of action numbers"}, 400)
        try:
            setup = await asyncio.to_thread(parse_setup, {
                k: v if isinstance(v, str) else str(v) for k, v in body.items()
                if v is not None}, content)
            runtime, seat_tokens, spectator = await hub.create(setup, seed, prefix=prefix)
        except SetupError as exc:
            return JSONResponse({"error": "the table cannot be created",
                                 "problems": exc.problems}, 400)
        except TableError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        table = runtime.table
        return JSONResponse({"id": table.id, "seats": seat_tokens, "spectator": spectator,
                             "links": [f"/t/{table.id}?k={t}" if t else None
                                       for t in seat_tokens]}, 201)

    async def record(request: Request) -> Response:
        """The game record (`initiative replay` reads it): it holds the secret seed, so
        it is given only once the game is over."""
        found = await seat_of(request)
        if isinstance(found, Response):
            return found
        table = found[0].table
        try:
            data = await asyncio.to_thread(table.record)
        except TableError as exc:
            return JSONResponse({"error": str(exc)}, 409)
        return Response(data.to_json(), media_type="application/json", headers={
            "content-disposition": f'attachment; filename="table-{table.id[:8]}.json"'})

    async def socket(websocket: WebSocket) -> None:
        await serve_socket(websocket, hub, open_table)

    async def favicon(request: Request) -> Response:
        """Browsers ask for /favicon.ico whatever the page links: the same SVG icon."""
        return Response(icon, media_type="image/svg+xml",
                        headers={"cache-control": "public, max-age=86400"})

    async def how_to_play(request: Request) -> Response:
        return page("how_to_play.html", topics=guide.TOPICS, flags_note=guide.FLAGS_NOTE)

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "tables": len(hub.runtimes)})

    from importlib.resources import files

    static = StaticFiles(directory=str(files("initiative.web") / "static"))
    icon = (files("initiative.web") / "static" / "favicon.svg").read_bytes()
    app = Starlette(routes=[
        Route("/", lobby), Route("/lobby/open", lobby_open),
        Route("/new", new_get, methods=["GET"]),
        Route("/new", new_post, methods=["POST"]),
        Route("/t/{table}/claim/{seat}", claim, methods=["POST"]),
        Route("/t/{table}/created", created),
        Route("/t/{table}", table_page), Route("/t/{table}/replay", replay),
        Route("/t/{table}/record", record),
        WebSocketRoute("/t/{table}/ws", socket),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/how-to-play", how_to_play),
        Route("/healthz", health), Route("/favicon.ico", favicon),
        Mount("/static", static, name="static"),
        *tracker_routes(trackers), *hex_routes(hexes), *ti_routes(tis),
    ], lifespan=lifespan, middleware=[Middleware(SecurityHeaders),
                                      Middleware(OriginCheck, origins=allowed),
                                      Middleware(BodyLimit)])
    app.state.hub = hub
    app.state.trackers = trackers
    app.state.hexes = hexes
    app.state.tis = tis
    return app


SECURITY_HEADERS = [
    # Seat links carry their secret in the URL: never send it on as a Referer.
    (b"referrer-policy", b"no-referrer"),
    # Only this server's scripts, styles (htmx adds one inline style) and sockets.
    (b"content-security-policy", b"default-src 'self'; style-src 'self' 'unsafe-inline'; "
     b"connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
]


class SecurityHeaders:
    """Adds SECURITY_HEADERS to every HTTP answer (pure ASGI middleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)

