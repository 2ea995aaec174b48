"""The web table's routes, one set for every registered game with a web part (its
`WebGame`, found by name or by the short name SLUG of its addresses):

  GET  /                          the lobby: every game's open and recently finished tables
  GET  /lobby/open                its list of open tables alone (htmx refreshes it)
  GET  /SLUG/new, POST /SLUG/new  a game's create form; the answer redirects to:
  GET  /new                       the default game's create form (and the game pick)
  GET  /t/{id}/created            the secret links, for the creator's browser only
                                  (handoff.py)
  POST /t/{id}/claim/{seat}       take a free seat from the lobby (a new secret link)
  GET  /t/{id}?k=TOKEN            the table page of the seat (or spectators) TOKEN opens
  GET  /t/{id}/replay?k=T&step=N  a finished game, step by step (public information)
  GET  /t/{id}/record?k=T         a finished game's record (JSON, with its seed; 409 before)
  WS   /t/{id}/ws?k=TOKEN[&format=json]   live play (server/ws.py)
  GET  /SLUG/how-to-play, /how-to-play    a game's rules in short (the default game's)
  GET  /api/tables, POST /api/tables      the tables as JSON; create one from JSON: the
                                  form's fields plus `game` (default: the default game),
                                  `seed`, `undo` and `prefix` (action numbers already
                                  played)
Addresses of the first hex and The Initiative tables stay valid: /SLUG/{id}... answers
with the same page under /t/{id} (a redirect; the socket is served at both), and
POST /api/SLUG-tables creates a table of that game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from initiative.engine.contract import SPECTATOR
from initiative.engine.data_text import loads_json
from initiative.engine.errors import GameParamError
from initiative.engine.rng import Seed, parse_seed
from initiative.games.registry import DEFAULT_GAME, entry
from initiative.server import handoff, lobby, seat_frames, tokens
from initiative.server.hub import Hub, Runtime
from initiative.server.pages import NO_STORE, error_page, page, seat_of
from initiative.server.parts import SetupError
from initiative.server.sites import AnySite, site_of, site_of_slug, web_games
from initiative.server.table import UNDO_READINGS, TableError
from initiative.server.ws import serve_socket
from initiative.store import StoreError

TABLE_ID_LENGTH = 32
HEXDIGITS = frozenset("0123456789abcdef")
MAX_FORM_FIELDS = 100
MAX_UPLOAD = 20_000
"""Characters of an uploaded file (a team file) read before it is refused."""
MAX_PREFIX = 10_000
"""Actions a JSON request may play before the table opens."""


def form_field(value: Any) -> str:
    """A JSON value as the form would send it (true/false: yes/no)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def parse_table(site: AnySite, form: dict[str, str]) -> tuple[Any, str]:
    """The game's plan and the table's undo rule from the form's fields; SetupError lists
    every problem of both."""
    undo = form.get("undo", "").strip() or "safe"
    problems = [] if undo in UNDO_READINGS else [
        f"undo: {undo!r} is not one of {', '.join(UNDO_READINGS)}"]
    try:
        plan = site.parse(form)
    except SetupError as exc:
        raise SetupError([*exc.problems, *problems]) from None
    if problems:
        raise SetupError(problems)
    return plan, undo


def _seed(value: Any) -> Seed | None:
    """A creator's seed from JSON (None: the table draws a secret one); ValueError."""
    if value is None:
        return None
    seed = parse_seed(value)
    if isinstance(seed, int) and seed >= 2**63:
        raise ValueError("seed: a whole number below 2^63")
    return seed


def _prefix(value: Any) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > MAX_PREFIX or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in value):
        raise ValueError("prefix: a list of action numbers")
    return value


def table_routes(hub: Hub) -> list[BaseRoute]:
    """Every route of the tables over `hub` (the trackers have their own)."""
    store = hub.store

    async def open_table(table_id: str) -> Runtime | None:
        if len(table_id) != TABLE_ID_LENGTH or not all(c in HEXDIGITS for c in table_id):
            return None  # full ids only (the store also takes prefixes: one table, one URL)
        try:
            return await hub.runtime(table_id)
        except (StoreError, TableError, GameParamError):
            return None

    def site_or_404(request: Request) -> AnySite | Response:
        found = site_of_slug(request.path_params["slug"])
        if found is None:
            return error_page("No such game", "There is no game at this address.", 404)
        return found

    # --- the lobby ----------------------------------------------------------------------

    async def lobby_page(request: Request) -> Response:
        rows = await asyncio.to_thread(lobby.rows, store)
        trackers = await asyncio.to_thread(lobby.tracker_rows, store)
        return page("lobby.html", tables=rows.open, finished=rows.finished,
                    trackers=trackers, games=web_games())

    async def lobby_open(request: Request) -> Response:
        """The lobby's open tables alone: htmx refreshes the list every 5 s."""
        rows = await asyncio.to_thread(lobby.rows, store)
        return page("_open_tables.html", tables=rows.open)

    # --- creating a table ---------------------------------------------------------------

    def new_form(site: AnySite, form: dict[str, str], problems: list[str],
                 status: int = 200) -> Response:
        return page(site.templates.form, status, form=form, problems=problems,
                    game=entry(site.name), games=web_games(), **site.form_values())

    async def new_get(request: Request) -> Response:
        site = site_or_404(request)
        return site if isinstance(site, Response) else new_form(site, {}, [])

    async def new_default(request: Request) -> Response:
        return new_form(site_of(DEFAULT_GAME), {}, [])

    async def read_form(request: Request) -> dict[str, str]:
        form = await request.form(max_files=8, max_fields=MAX_FORM_FIELDS)
        data: dict[str, str] = {}
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                raw = await value.read(MAX_UPLOAD + 1)
                if raw:
                    data[key.replace("_file", "_upload")] = raw.decode("utf-8", "replace")
            else:
                data[key] = value
        return data

    async def new_post(request: Request) -> Response:
        site = site_or_404(request)
        return site if isinstance(site, Response) else await create_from_form(request, site)

    async def new_post_default(request: Request) -> Response:
        return await create_from_form(request, site_of(DEFAULT_GAME))

    async def create_from_form(request: Request, site: AnySite) -> Response:
        form = await read_form(request)
        try:  # content files parse slowly: off the event loop
            plan, undo = await asyncio.to_thread(parse_table, site, form)
            runtime, seat_tokens, spectator = await hub.create(site, plan, undo=undo)
        except SetupError as exc:
            return new_form(site, form, exc.problems, 400)
        return handoff.redirect(request, f"/t/{runtime.table.id}/created",
                                [*seat_tokens, spectator])

    async def created(request: Request) -> Response:
        """The creator's page of links, after the redirect (see `handoff`)."""
        runtime = await open_table(request.path_params["table"])
        return handoff.created_page(request, handoff.table_links(
            runtime.table, handoff.received(request)) if runtime is not None else None)

    async def claim(request: Request) -> Response:
        runtime = await open_table(request.path_params["table"])
        if runtime is None:
            return error_page("No such table", "This table does not exist.", 404)
        seat_text = request.path_params["seat"]
        try:
            seat = int(seat_text) if len(seat_text) < 4 else -1
        except ValueError:
            return error_page("No such seat", "The seat number is not a number.", 400)
        token = tokens.new_token()
        try:
            await hub.commit(runtime, lambda t: t.check_claim(seat, tokens.digest(token)))
        except TableError as exc:
            return error_page("Seat not available", str(exc), 409)
        return RedirectResponse(f"/t/{runtime.table.id}?k={token}", 303)

    # --- a table's pages ----------------------------------------------------------------

    async def found_seat(request: Request) -> tuple[Runtime, int, str] | Response:
        return await seat_of(request, open_table)

    async def table_page(request: Request) -> Response:
        found = await found_seat(request)
        if isinstance(found, Response):
            return found
        runtime, seat, token = found
        table = runtime.table
        decider = table.state.current_seat()
        controller = runtime.controller(decider) if decider >= 0 else "human"
        frame, _ = seat_frames.page_frame(table, seat, token, controller)
        who = "spectator" if seat == SPECTATOR else f"seat {seat + 1}, {table.seat_name(seat)}"
        response = page(table.site.templates.table, name=table.plan.name, who=who, seat=seat,
                        ws=f"/t/{table.id}/ws?k={token}", regions=frame["regions"],
                        game=entry(table.site.name), has_partner=table.has_partner(seat),
                        replay=None)
        response.headers.update(NO_STORE)
        return response

    async def replay(request: Request) -> Response:
        found = await found_seat(request)
        if isinstance(found, Response):
            return found
        runtime, _, token = found
        table = runtime.table
        if not table.finished:
            return error_page("Not finished", "The replay opens when the game is over.", 409)
        step_text = request.query_params.get("step", "0")
        if not step_text.isdigit() or len(step_text) > 9:
            return error_page("Bad step", "step must be a whole number.", 400)
        total = len(table.data.actions)
        step = min(int(step_text), total)
        state = await asyncio.to_thread(table.state_at, step)
        rendered = table.site.render(seat_frames.replay_page(table, state))
        response = page(table.site.templates.table, name=table.plan.name, who="replay",
                        seat=SPECTATOR, ws="", regions=rendered.regions,
                        game=entry(table.site.name), has_partner=False,
                        replay={"step": step, "total": total,
                                "link": f"/t/{table.id}/replay?k={token}&step=",
                                "back": f"/t/{table.id}?k={token}"})
        response.headers.update(NO_STORE)
        return response

    async def record(request: Request) -> Response:
        """The game record (`initiative replay` reads it): it holds the secret seed, so
        it is given only once the game is over."""
        found = await found_seat(request)
        if isinstance(found, Response):
            return found
        table = found[0].table
        try:
            data = await asyncio.to_thread(table.record)
        except TableError as exc:
            return JSONResponse({"error": str(exc)}, 409)
        name = f"{entry(table.site.name).web_slug}-{table.id[:8]}.json"
        return JSONResponse(data, headers={
            "content-disposition": f'attachment; filename="{name}"'})

    async def socket(websocket: WebSocket) -> None:
        await serve_socket(websocket, hub, open_table)

    async def how_to_play(request: Request) -> Response:
        site = site_or_404(request)
        if isinstance(site, Response):
            return site
        return page(site.templates.guide, game=entry(site.name), **site.guide_values())

    async def how_to_play_default(request: Request) -> Response:
        site = site_of(DEFAULT_GAME)
        return page(site.templates.guide, game=entry(site.name), **site.guide_values())

    # --- the JSON API -------------------------------------------------------------------

    async def api_tables(request: Request) -> Response:
        if request.method == "GET":
            infos = await asyncio.to_thread(lobby.infos, store)
            return JSONResponse([{"id": i.id, "name": i.name, "status": i.status,
                                  **i.summary} for i in infos])
        return await api_create(request, None)

    async def api_create(request: Request, game: str | None) -> Response:
        try:
            body = loads_json(await request.body())
        except ValueError as exc:
            return JSONResponse({"error": f"the body must be JSON: {exc}"}, 400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "the body must be a JSON object"}, 400)
        name = game or body.pop("game", None) or DEFAULT_GAME
        if not isinstance(name, str) or not any(e.name == name for e in web_games()):
            return JSONResponse({"error": f"game: {name!r} is not one of "
                                 f"{', '.join(e.name for e in web_games())}"}, 400)
        site = site_of(name)
        try:
            seed, prefix = _seed(body.pop("seed", None)), _prefix(body.pop("prefix", None))
            form = {k: form_field(v) for k, v in body.items() if v is not None}
            plan, undo = await asyncio.to_thread(parse_table, site, form)
            runtime, seat_tokens, spectator = await hub.create(site, plan, seed, undo=undo,
                                                               prefix=prefix)
        except SetupError as exc:
            return JSONResponse({"error": "the table cannot be created",
                                 "problems": exc.problems}, 400)
        except ValueError as exc:  # a bad seed or prefix (TableError included)
            return JSONResponse({"error": str(exc)}, 400)
        table_id = runtime.table.id
        return JSONResponse({"id": table_id, "game": name, "seats": seat_tokens,
                             "spectator": spectator,
                             "links": [f"/t/{table_id}?k={t}" if t else None
                                       for t in seat_tokens],
                             "spectator_link": f"/t/{table_id}?k={spectator}"}, 201)

    async def api_game_tables(request: Request) -> Response:
        """POST /api/SLUG-tables: a table of that game (the first hex and The Initiative
        clients' address)."""
        found = site_of_slug(request.path_params["slug"])
        if found is None:
            return JSONResponse({"error": "no such game"}, 404)
        return await api_create(request, found.name)

    # --- the first addresses of the hex and The Initiative tables -----------------------

    async def moved(request: Request) -> Response:
        """/SLUG/{id}[/...]: the table's page under /t/ (the link keeps its query)."""
        if site_of_slug(request.path_params["slug"]) is None:
            return error_page("Not found", "There is nothing at this address.", 404)
        rest = request.url.path.split("/", 2)[2]
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"/t/{rest}{query}", 308)

    def table_paths(prefix: str, first: Callable[..., Awaitable[Response]] | None
                    ) -> list[BaseRoute]:
        page_route = first or table_page
        return [
            Route(f"{prefix}/{{table}}/created", first or created, methods=["GET"]),
            Route(f"{prefix}/{{table}}/claim/{{seat}}", first or claim, methods=["POST"]),
            Route(f"{prefix}/{{table}}/replay", first or replay, methods=["GET"]),
            Route(f"{prefix}/{{table}}/record", first or record, methods=["GET"]),
            WebSocketRoute(f"{prefix}/{{table}}/ws", socket),
            Route(f"{prefix}/{{table}}", page_route, methods=["GET"]),
        ]

    return [
        Route("/", lobby_page), Route("/lobby/open", lobby_open),
        Route("/new", new_default, methods=["GET"]),
        Route("/new", new_post_default, methods=["POST"]),
        Route("/how-to-play", how_to_play_default),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/{slug}-tables", api_game_tables, methods=["POST"]),
        *table_paths("/t", None),
        Route("/{slug}/new", new_get, methods=["GET"]),
        Route("/{slug}/new", new_post, methods=["POST"]),
        Route("/{slug}/how-to-play", how_to_play, methods=["GET"]),
        *table_paths("/{slug}", moved),
    ]
