"""The routes and WebSocket protocol every game played one decision at a time shares
(the hex skirmish game's, server/hex_routes.py, and The Initiative's,
server/ti_routes.py), over a hub (server/action_hub.py). A game gives a `GameSite`: its
path prefix, its hub, how its form is read, its templates, its renderer and its record.

Routes (PREFIX is the game's, e.g. /hex or /ti):
  GET  PREFIX/how-to-play          the rules in short, with rule ids and the house rules
  GET  PREFIX/new, POST PREFIX/new the create form; the answer redirects to:
  GET  PREFIX/{id}/created         the secret links, for the creator's browser only
                                   (handoff.py)
  POST PREFIX/{id}/claim/{seat}    take a free seat from the lobby (a new secret link)
  GET  PREFIX/{id}?k=TOKEN         the table page of the seat (or spectators) TOKEN opens
  GET  PREFIX/{id}/record?k=TOKEN  a finished game's record (the game's record JSON)
  WS   PREFIX/{id}/ws?k=TOKEN[&format=json]   live play
  POST the game's API path         create from JSON (the form's fields, plus `seed` and
                                   `prefix`, a list of action numbers already played)

Socket requests (JSON objects; `id` comes back as `reply_to` in the answer):
  {"op": "act", "action": N}     choose legal action number N (the view's `legal` index)
  {"op": "sync"}
Answers: `{"type": "render", "regions", "announce", "your_turn", "seq"}` for a page, or
`{"type": "state", "view", "seq"}` with `format=json` (the seat's own view dict), and
`{"type": "error", "message"}` for a refused request (nothing changed, nothing stored).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from initiative.engine.contract import SPECTATOR
from initiative.engine.data_text import loads_json
from initiative.engine.rng import parse_seed
from initiative.server import handoff, pages, tokens
from initiative.server.action_hub import ActionHub, Runtime
from initiative.server.action_table import ActionTable
from initiative.server.pages import error_page, page
from initiative.server.rates import ConnectionRates
from initiative.server.setup import SetupError
from initiative.server.sockets import SeatSocket, open_seat
from initiative.server.table import TableError
from initiative.server.ws import read_request, serve_frames
from initiative.store import Store, StoreError

ID_LENGTH = 32
HEXDIGITS = frozenset("0123456789abcdef")
MAX_FIELDS = 80
P = TypeVar("P")
T = TypeVar("T", bound=ActionTable[Any, Any, Any])


@dataclass(frozen=True)
class GameSite(Generic[P, T]):
    """What a game's routes need to know."""

    prefix: str
    """The game's path prefix ("/hex")."""
    api: str
    """The JSON API's creating path ("/api/hex-tables")."""
    hub: ActionHub[P, T]
    parse: Callable[[dict[str, Any]], P]
    """The plan of the form's (or the API's) fields; SetupError lists every problem."""
    form_values: Callable[[], dict[str, Any]]
    """The create form's choices (its template's values besides the form and problems)."""
    guide_values: Callable[[], dict[str, Any]]
    """The how-to-play page's values."""
    templates: tuple[str, str, str]
    """The create form's, the table page's and the guide's templates."""
    context: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]
    """The renderer's context of a view dict and the extras (record link, ...)."""
    regions: Callable[[dict[str, Any]], dict[str, str]]
    announcement: Callable[[dict[str, Any]], str]
    extras: Callable[[T], dict[str, Any]]
    """Public facts of a table the renderer shows besides the view (none: {})."""
    record: Callable[[T], dict[str, Any]]
    """A finished table's record as JSON data."""
    record_name: str
    """The downloaded record's file name prefix."""

    def seat_context(self, table: T, seat: int, view: dict[str, Any], token: str
                     ) -> dict[str, Any]:
        """The region templates' context of one seat (its view; the record once over)."""
        link = f"{self.prefix}/{table.id}/record?k={token}" if table.finished else ""
        return self.context(view, {**self.extras(table), "record_link": link})


class GameSocket(SeatSocket, Generic[P, T]):
    """One open table page (or a JSON client) of one seat."""

    def __init__(self, site: GameSite[P, T], websocket: WebSocket, seat: int, token: str,
                 fmt: str, rates: ConnectionRates) -> None:
        super().__init__(websocket, seat, token, fmt, rates)
        self.site = site

    async def update(self, runtime: Runtime[T], answer: bool = False) -> None:
        table = runtime.table
        view = table.view(self.seat)
        if self.json:
            payload: dict[str, Any] = {"type": "state", "view": view, "seq": table.head}
        else:
            ctx = self.site.seat_context(table, self.seat, view, self.token)
            payload = {"type": "render", "regions": self.site.regions(ctx),
                       "announce": self.site.announcement(ctx), "your_turn": ctx["mine"],
                       "seq": table.head}
        payload["reply_to"] = self.reply_to if answer else None
        await self.send(payload)


async def serve_game_socket(websocket: WebSocket, site: GameSite[P, T],
                            open_table: Callable[[str], Awaitable[Runtime[T] | None]]
                            ) -> None:
    opened = await open_seat(websocket, open_table)
    if opened is None:
        return
    runtime, seat, token = opened
    client = GameSocket(site, websocket, seat, token,
                        websocket.query_params.get("format", "html"),
                        ConnectionRates(runtime.rates))
    await site.hub.join(runtime, client)
    try:
        await client.update(runtime)
        await serve_frames(websocket, lambda text: _handle(text, client, runtime, site.hub))
    finally:
        site.hub.leave(runtime, client)


async def _handle(text: str | bytes, client: GameSocket[P, T], runtime: Runtime[T],
                  hub: ActionHub[P, T]) -> None:
    client.reply_to = None
    refusal = client.rates.frame_refusal()
    if refusal is not None:
        await client.send({"type": "error", "message": refusal, "reply_to": None})
        return
    played = False
    try:
        message = read_request(text, TableError)
        client.reply_to = message.get("id")
        op = message.get("op")
        seat = client.seat
        if op == "sync":
            await client.update(runtime, answer=True)
        elif op == "act":
            if seat == SPECTATOR:
                raise TableError("spectators can only watch")
            index = message.get("action")
            await hub.commit(runtime, lambda t: t.check_act(seat, index, "player"),
                             origin=client)
            played = True
        else:
            raise TableError(f"unknown op {op!r} (act, sync)")
    except TableError as exc:
        await client.send({"type": "error", "message": str(exc), "reply_to": client.reply_to})
        await client.update(runtime, answer=True)
    finally:
        if not played:
            client.rates.charge()


def lobby_rows(store: Store, kind: str) -> list[dict[str, Any]]:
    """Open tables of record kind `kind` with a seat anyone may take (public: names,
    characters, who plays)."""
    rows = [{"id": i.id, "name": i.name, **i.summary} for i in store.records(kind)]
    return [r for r in rows if not r.get("finished")
            and any(s["open"] for s in r.get("seats", []))][:50]


def game_routes(site: GameSite[P, T], kind: str) -> list[BaseRoute]:
    """The routes of a game's tables (record kind `kind`) over its hub."""
    hub = site.hub
    prefix = site.prefix
    new_template, table_template, guide_template = site.templates

    def new_form(form: dict[str, Any], problems: list[str], status: int = 200) -> Response:
        return page(new_template, status, form=form, problems=problems, **site.form_values())

    async def new_get(request: Request) -> Response:
        return new_form({}, [])

    async def new_post(request: Request) -> Response:
        raw = await request.form(max_files=0, max_fields=MAX_FIELDS)
        form = {k: v for k, v in raw.items() if isinstance(v, str)}
        try:
            plan = site.parse(form)
            runtime, seat_tokens, spectator = await hub.create(plan)
        except SetupError as exc:
            return new_form(form, exc.problems, 400)
        return handoff.redirect(request, f"{prefix}/{runtime.table.id}/created",
                                [*seat_tokens, spectator])

    async def open_table(table_id: str) -> Runtime[T] | None:
        if len(table_id) != ID_LENGTH or not all(c in HEXDIGITS for c in table_id):
            return None  # full ids only: one table, one URL
        try:
            return await hub.runtime(table_id)
        except (StoreError, TableError):
            return None

    async def created(request: Request) -> Response:
        runtime = await open_table(request.path_params["table"])
        return handoff.created_page(request, created_links(
            runtime.table, handoff.received(request), prefix) if runtime is not None else None)

    async def claim(request: Request) -> Response:
        runtime = await open_table(request.path_params["table"])
        if runtime is None:
            return error_page("No such table", "This table does not exist.", 404)
        seat_text = request.path_params["seat"]
        if not seat_text.isdigit():
            return error_page("No such seat", "The seat number is not a number.", 400)
        token = tokens.new_token()
        try:
            await hub.commit(runtime, lambda t: t.check_claim(int(seat_text),
                                                              tokens.digest(token)))
        except TableError as exc:
            return error_page("Seat not available", str(exc), 409)
        return RedirectResponse(f"{prefix}/{runtime.table.id}?k={token}", 303)

    async def seat_of(request: Request) -> tuple[Runtime[T], int, str] | Response:
        return await pages.seat_of(request, open_table)

    async def table_page(request: Request) -> Response:
        found = await seat_of(request)
        if isinstance(found, Response):
            return found
        runtime, seat, token = found
        table = runtime.table
        ctx = site.seat_context(table, seat, table.view(seat), token)
        who = "spectator" if seat == SPECTATOR else f"seat {seat + 1}, {table.seat_name(seat)}"
        return page(table_template, name=table.plan.name, who=who, seat=seat,
                    ws=f"{prefix}/{table.id}/ws?k={token}", regions=site.regions(ctx))

    async def record(request: Request) -> Response:
        """The finished game's record (`initiative replay` reads it): it holds the
        secret seed, so it is given only once the game is over."""
        found = await seat_of(request)
        if isinstance(found, Response):
            return found
        table = found[0].table
        if not table.finished:
            return JSONResponse({"error": "the record is given once the game is over"}, 409)
        name = f"{site.record_name}-{table.id[:8]}.json"
        return JSONResponse(site.record(table),
                            headers={"content-disposition": f'attachment; filename="{name}"'})

    async def api_create(request: Request) -> Response:
        try:
            body = loads_json(await request.body())
        except ValueError as exc:
            return JSONResponse({"error": f"the body must be JSON: {exc}"}, 400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "the body must be a JSON object"}, 400)
        seed = body.pop("seed", None)
        prefix_actions = body.pop("prefix", None)
        try:
            if seed is not None:
                seed = parse_seed(seed)
            if prefix_actions is not None and (not isinstance(prefix_actions, list) or not all(
                    isinstance(i, int) and not isinstance(i, bool) for i in prefix_actions)):
                raise ValueError("prefix: a list of action numbers")
            plan = site.parse({k: form_field(v) for k, v in body.items() if v is not None})
            runtime, seat_tokens, spectator = await hub.create(plan, seed, prefix_actions)
        except SetupError as exc:
            return JSONResponse({"error": "the table cannot be created",
                                 "problems": exc.problems}, 400)
        except ValueError as exc:  # a bad seed or prefix (TableError included)
            return JSONResponse({"error": str(exc)}, 400)
        table_id = runtime.table.id
        return JSONResponse({"id": table_id, "seats": seat_tokens, "spectator": spectator,
                             "links": [f"{prefix}/{table_id}?k={t}" if t else None
                                       for t in seat_tokens],
                             "spectator_link": f"{prefix}/{table_id}?k={spectator}"}, 201)

    async def socket(websocket: WebSocket) -> None:
        await serve_game_socket(websocket, site, open_table)

    async def how_to_play(request: Request) -> Response:
        return page(guide_template, **site.guide_values())

    return [
        Route(f"{prefix}/how-to-play", how_to_play, methods=["GET"]),
        Route(f"{prefix}/new", new_get, methods=["GET"]),
        Route(f"{prefix}/new", new_post, methods=["POST"]),
        Route(f"{prefix}/{{table}}/created", created, methods=["GET"]),
        Route(f"{prefix}/{{table}}/claim/{{seat}}", claim, methods=["POST"]),
        Route(f"{prefix}/{{table}}/record", record, methods=["GET"]),
        Route(f"{prefix}/{{table}}", table_page, methods=["GET"]),
        WebSocketRoute(f"{prefix}/{{table}}/ws", socket),
        Route(site.api, api_create, methods=["POST"]),
    ]


def form_field(value: Any) -> str:
    """A JSON value as the form would send it (true/false: yes/no)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def created_links(table: ActionTable[Any, Any, Any], held: list[str], prefix: str
                  ) -> dict[str, Any] | None:
    """What the created page lists from the creator's tokens (handoff.links_of)."""
    return handoff.links_of(table.id, table.plan.name, table.plan.seats, table.seat_for,
                            held, prefix)
