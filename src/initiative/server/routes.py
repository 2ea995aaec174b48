"""The web table's routes, one set for every registered game with a web part (its
`WebGame`, found by name or by the short name SLUG of its addresses):

  GET  /                          the lobby: every game's open and recently finished tables
  GET  /lobby/open                its list of open tables alone (htmx refreshes it)
  GET  /SLUG/new, POST /SLUG/new  a game's create form; the answer redirects to:
  GET  /new, POST /new            the default game's create form
  GET  /t/{id}/created            the secret links, for the creator's browser only
                                  (handoff.py)
  POST /t/{id}/claim/{seat}       take a free seat from the lobby (a new secret link)
  GET  /t/{id}?k=TOKEN            the table page of the seat (or spectators) TOKEN opens
  GET  /t/{id}/replay?k=T&step=N  a finished game, step by step (public information)
  GET  /t/{id}/record?k=T         a finished game's record (JSON, with its seed; 409 before)
  WS   /t/{id}/ws?k=TOKEN[&format=json]   live play (server/ws.py)
  GET  /SLUG/how-to-play, /how-to-play    a game's rules in short (the default game's)
  GET  /SLUG/static/NAME          a file of a game's own static folder (WebGame.static_folder)
  GET  /api/tables, POST /api/tables      the lobby's tables as JSON; create one from JSON: the
                                  form's fields plus `game` (default: the default game),
                                  `seed`, `undo` and `prefix` (action numbers already
                                  played)
Creating is server/creating.py. Addresses of the first hex and The Initiative tables stay
valid: /SLUG/{id}... answers with the same page under /t/{id} (a redirect; the socket is
served at both), and POST /api/SLUG-tables creates a table of that game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from initiative.engine.contract import SPECTATOR
from initiative.games.registry import DEFAULT_GAME, entry
from initiative.server import creating, handoff, lobby, seat_frames
from initiative.server.addresses import full
from initiative.server.hub import Runtime
from initiative.server.pages import NO_STORE, error_page, page, seat_of
from initiative.server.parts import HUMAN
from initiative.server.request_lookup import hub_of, open_table, site_or_404
from initiative.server.sites import AnySite, site_of, site_of_slug, web_games
from initiative.server.table import TableError
from initiative.server.ws import serve_socket

Endpoint = Callable[[Request], Awaitable[Response]]


async def lobby_page(request: Request) -> Response:
    store = hub_of(request).store
    rows = await asyncio.to_thread(lobby.rows, store)
    trackers = await asyncio.to_thread(lobby.tracker_rows, store)
    return page("lobby.html", tables=rows.open, marked=rows.marked, finished=rows.finished,
                trackers=trackers, games=web_games())


async def lobby_open(request: Request) -> Response:
    """The lobby's open tables alone: htmx refreshes the list every 5 s."""
    rows = await asyncio.to_thread(lobby.rows, hub_of(request).store)
    return page("_open_tables.html", tables=rows.open, marked=rows.marked)


async def _seat(request: Request) -> tuple[Runtime, int, str] | Response:
    """(runtime, seat, token) of the table page asked for, or the error page."""
    hub = hub_of(request)
    return await seat_of(request, lambda table_id: open_table(hub, table_id))


def _table_page(site: AnySite, *, name: str, who: str, seat: int, ws: str,
                regions: dict[str, str], has_partner: bool,
                replay: dict[str, object] | None, chosen_seed: bool,
                seq: int | None = None,
                mine: dict[str, object] | None = None) -> Response:
    """A table's page (`seq`: the state its regions show, which its requests name until
    the socket sends a newer one; `chosen_seed`: the creator chose the seed, which the
    page says; `mine`: what the browser keeps of the table under My tables)."""
    response = page(site.templates.table, name=name, who=who, seat=seat, ws=ws,
                    regions=regions, game=entry(site.name), has_partner=has_partner,
                    replay=replay, seq=seq, chosen_seed=chosen_seed, mine=mine)
    response.headers.update(NO_STORE)  # its address holds the seat's secret
    return response


async def table_page(request: Request) -> Response:
    found = await _seat(request)
    if isinstance(found, Response):
        return found
    runtime, seat, token = found
    table = runtime.table
    decider = table.state.current_seat()
    frame, _ = seat_frames.page_frame(table, seat, token,
                                      runtime.controller(decider) if decider >= 0 else HUMAN)
    who = "spectator" if seat == SPECTATOR else f"seat {seat + 1}, {table.seat_name(seat)}"
    return _table_page(table.site, name=table.plan.name, who=who, seat=seat,
                       ws=f"/t/{table.id}/ws?k={token}", regions=frame["regions"],
                       has_partner=table.has_partner(seat), replay=None,
                       chosen_seed=table.data.chosen_seed, seq=frame["seq"],
                       mine=handoff.joined_table(table, seat, full(
                           request, f"/t/{table.id}?k={token}")))


async def replay(request: Request) -> Response:
    """A finished game step by step, as spectators saw it (the table's own page with a
    step navigation instead of its socket)."""
    found = await _seat(request)
    if isinstance(found, Response):
        return found
    runtime, _, token = found
    table = runtime.table
    if not table.finished:
        return error_page("Not finished", "The replay opens when the game is over.", 409)
    step_text = request.query_params.get("step", "0")
    if not step_text.isdigit() or len(step_text) > 9:
        return error_page("Bad step", "step must be a whole number.", 400)
    total = len(table.actions)
    step = min(int(step_text), total)
    state = await asyncio.to_thread(table.state_at, step)
    rendered = table.site.render(seat_frames.replay_page(table, state, step))
    return _table_page(table.site, name=table.plan.name, who="replay", seat=SPECTATOR, ws="",
                       regions=rendered.regions, has_partner=False,
                       chosen_seed=table.data.chosen_seed,
                       replay={"step": step, "total": total,
                               "link": f"/t/{table.id}/replay?k={token}&step=",
                               "back": f"/t/{table.id}?k={token}"})


async def record(request: Request) -> Response:
    """The game record (`initiative replay` reads it): it holds the secret seed, so it
    is given only once the game is over."""
    found = await _seat(request)
    if isinstance(found, Response):
        return found
    table = found[0].table
    try:
        data = await asyncio.to_thread(table.record)
    except TableError as exc:
        return JSONResponse({"error": str(exc)}, 409)
    name = f"{entry(table.site.name).web_slug}-{table.id[:8]}.json"
    return JSONResponse(data, headers={"content-disposition": f'attachment; filename="{name}"'})


async def socket(websocket: WebSocket) -> None:
    hub = hub_of(websocket)
    await serve_socket(websocket, hub, lambda table_id: open_table(hub, table_id))


def _guide(site: AnySite) -> Response:
    return page(site.templates.guide, game=entry(site.name), **site.guide_values())


async def how_to_play(request: Request) -> Response:
    site = site_or_404(request)
    return site if isinstance(site, Response) else _guide(site)


async def how_to_play_default(request: Request) -> Response:
    return _guide(site_of(DEFAULT_GAME))


async def api_tables(request: Request) -> Response:
    """GET: the public summary of each table the lobby lists (open and recently finished
    ones: what a stranger may see); POST: a new table (server/creating.py)."""
    if request.method == "POST":
        return await creating.api_create(request)
    infos = await asyncio.to_thread(lobby.public_infos, hub_of(request).store)
    return JSONResponse([{"id": i.id, "name": i.name, "status": i.status, **i.summary}
                         for i in infos])


async def game_static(request: Request) -> Response:
    """/SLUG/static/NAME: a file of the game's own static folder (a game from outside the
    package brings its styles and scripts there); 404 for anything else."""
    site = site_or_404(request)
    if isinstance(site, Response):
        return site
    folder = site.static_folder
    if folder is not None:
        root = folder.resolve()
        path = (root / request.path_params["name"]).resolve()
        if path.is_relative_to(root) and path.is_file():
            return FileResponse(path, headers={"cache-control": "public, max-age=3600"})
    return error_page("Not found", "There is no such file.", 404)


async def moved(request: Request) -> Response:
    """/SLUG/{id}[/...]: the table's page under /t/ (the link keeps its query)."""
    if site_of_slug(request.path_params["slug"]) is None:
        return error_page("Not found", "There is nothing at this address.", 404)
    rest = request.url.path.split("/", 2)[2]
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/t/{rest}{query}", 308)


def _table_paths(prefix: str, answer: Endpoint | None) -> list[BaseRoute]:
    """A table's addresses under `prefix` (each answered by `answer`, else its own
    handler), and its socket."""
    return [
        Route(f"{prefix}/{{table}}/created", answer or creating.created, methods=["GET"]),
        Route(f"{prefix}/{{table}}/claim/{{seat}}", answer or creating.claim,
              methods=["POST"]),
        Route(f"{prefix}/{{table}}/replay", answer or replay, methods=["GET"]),
        Route(f"{prefix}/{{table}}/record", answer or record, methods=["GET"]),
        WebSocketRoute(f"{prefix}/{{table}}/ws", socket),
        Route(f"{prefix}/{{table}}", answer or table_page, methods=["GET"]),
    ]


def table_routes() -> list[BaseRoute]:
    """Every route of the tables (the trackers have their own); the handlers find the hub
    in the app's state."""
    return [
        Route("/", lobby_page), Route("/lobby/open", lobby_open),
        Route("/new", creating.new_default, methods=["GET"]),
        Route("/new", creating.new_post_default, methods=["POST"]),
        Route("/how-to-play", how_to_play_default),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/{slug}-tables", creating.api_create_of_slug, methods=["POST"]),
        *_table_paths("/t", None),
        Route("/{slug}/new", creating.new_get, methods=["GET"]),
        Route("/{slug}/new", creating.new_post, methods=["POST"]),
        Route("/{slug}/how-to-play", how_to_play, methods=["GET"]),
        Route("/{slug}/static/{name:path}", game_static, methods=["GET"]),
        *_table_paths("/{slug}", moved),
    ]
