"""The Initiative's table routes (registered by app.py) and their WebSocket protocol,
as the hex tables' (server/hex_routes.py), over the shared seat socket and pages.

Routes:
  GET  /ti/how-to-play           the rules in short, with rule ids and the house rules
  GET  /ti/new, POST /ti/new     the create form; the answer redirects to:
  GET  /ti/{id}/created          the secret links, for the creator's browser only (handoff.py)
  POST /ti/{id}/claim/{seat}     take a free seat from the lobby (a new secret link)
  GET  /ti/{id}?k=TOKEN          the table page of the seat (or spectators) TOKEN opens
  GET  /ti/{id}/record?k=TOKEN   a finished game's record (ti-record/1 JSON)
  WS   /ti/{id}/ws?k=TOKEN[&format=json]   live play
  POST /api/ti-tables            create from JSON (the form's fields, plus `seed` and
                                 `prefix`, a list of action numbers already played)

Socket requests (JSON objects; `id` comes back as `reply_to` in the answer):
  {"op": "act", "action": N}     choose legal action number N (the view's `legal` index)
  {"op": "sync"}
Answers: `{"type": "render", "regions", "announce", "your_turn", "seq"}` for a page, or
`{"type": "state", "view", "seq"}` with `format=json` (the seat's own view dict), and
`{"type": "error", "message"}` for a refused request (nothing changed, nothing stored).
A solve is the proposer's SYMBOL choices then each other seat's YES / NO (TI-56): every
seat votes from its own page, one `act` at a time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from initiative.engine.contract import SPECTATOR
from initiative.engine.data_text import loads_json
from initiative.engine.rng import parse_seed
from initiative.games.ti.content import default_content
from initiative.games.ti.record import record_of
from initiative.server import handoff, pages, ti_guide, ti_render, tokens
from initiative.server.pages import error_page, page
from initiative.server.rates import ConnectionRates
from initiative.server.setup import SetupError
from initiative.server.sockets import SeatSocket, open_seat
from initiative.server.table import TableError
from initiative.server.ti_hub import TI_BOTS, TIHub, TIRuntime
from initiative.server.ti_setup import (
    character_choices,
    mission_choices,
    parse_plan,
    rule_fields,
)
from initiative.server.ti_table import KIND, TITable
from initiative.server.ws import read_request, serve_frames
from initiative.store import Store, StoreError

ID_LENGTH = 32
HEXDIGITS = frozenset("0123456789abcdef")
MAX_FIELDS = 80
DEFAULT_BOT = "heuristic"
"""The bot the form offers first for a bot seat (the one written for this game)."""


# --- the socket ---------------------------------------------------------------------------


class TISocket(SeatSocket):
    """One open table page (or a JSON client) of one seat."""

    async def update(self, runtime: TIRuntime, answer: bool = False) -> None:
        table = runtime.table
        view = table.view(self.seat)
        if self.json:
            payload: dict[str, Any] = {"type": "state", "view": view, "seq": table.head}
        else:
            ctx = seat_context(table, self.seat, view, self.token)
            payload = {"type": "render", "regions": ti_render.regions(ctx),
                       "announce": ti_render.announcement(ctx), "your_turn": ctx["mine"],
                       "seq": table.head}
        payload["reply_to"] = self.reply_to if answer else None
        await self.send(payload)


def seat_context(table: TITable, seat: int, view: dict[str, Any], token: str
                 ) -> dict[str, Any]:
    """The region templates' context of one seat (its view; the record once over)."""
    record = f"/ti/{table.id}/record?k={token}" if table.finished else ""
    return ti_render.context(view, {"record_link": record})


async def serve_ti_socket(websocket: WebSocket, hub: TIHub,
                           open_table: Callable[[str], Awaitable[TIRuntime | None]]) -> None:
    opened = await open_seat(websocket, open_table)
    if opened is None:
        return
    runtime, seat, token = opened
    client = TISocket(websocket, seat, token, websocket.query_params.get("format", "html"),
                       ConnectionRates(runtime.rates))
    await hub.join(runtime, client)
    try:
        await client.update(runtime)
        await serve_frames(websocket, lambda text: _handle(text, client, runtime, hub))
    finally:
        hub.leave(runtime, client)


async def _handle(text: str | bytes, client: TISocket, runtime: TIRuntime,
                  hub: TIHub) -> None:
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


# --- pages --------------------------------------------------------------------------------


def lobby_ti(store: Store) -> list[dict[str, Any]]:
    """The Initiative tables with a seat anyone may take (public: names, characters,
    who plays)."""
    rows = [{"id": i.id, "name": i.name, **i.summary} for i in store.records(KIND)]
    return [r for r in rows if not r.get("finished")
            and any(s["open"] for s in r.get("seats", []))][:50]


def ti_routes(hub: TIHub) -> list[BaseRoute]:
    """The Initiative tables' routes over `hub`."""
    content = default_content()

    def new_form(form: dict[str, Any], problems: list[str], status: int = 200) -> Response:
        return page("ti_new.html", status, form=form, problems=problems,
                    missions=mission_choices(content),
                    default_mission=content.default_mission,
                    characters=character_choices(content),
                    bots=TI_BOTS, default_bot=DEFAULT_BOT, rules=rule_fields())

    async def new_get(request: Request) -> Response:
        return new_form({}, [])

    async def new_post(request: Request) -> Response:
        raw = await request.form(max_files=0, max_fields=MAX_FIELDS)
        form = {k: v for k, v in raw.items() if isinstance(v, str)}
        try:
            plan = parse_plan(form, TI_BOTS, content)
            runtime, seat_tokens, spectator = await hub.create(plan)
        except SetupError as exc:
            return new_form(form, exc.problems, 400)
        return handoff.redirect(request, f"/ti/{runtime.table.id}/created",
                                [*seat_tokens, spectator])

    async def open_table(table_id: str) -> TIRuntime | None:
        if len(table_id) != ID_LENGTH or not all(c in HEXDIGITS for c in table_id):
            return None  # full ids only: one table, one URL
        try:
            return await hub.runtime(table_id)
        except (StoreError, TableError):
            return None

    async def created(request: Request) -> Response:
        runtime = await open_table(request.path_params["table"])
        links = created_links(runtime.table, handoff.received(request)) \
            if runtime is not None else None
        if links is None:
            return error_page("Links not shown here", "A table's links are shown only to "
                              "its creator, in the browser that created it, for an hour. "
                              "Ask the table's creator for your link.", 403)
        response = page("created.html", base=str(request.base_url).rstrip("/"),
                        lan=handoff.lan_hint(request), **links)
        response.headers.update(handoff.NO_STORE)
        return response

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
        return RedirectResponse(f"/ti/{runtime.table.id}?k={token}", 303)

    async def seat_of(request: Request) -> tuple[TIRuntime, int, str] | Response:
        return await pages.seat_of(request, open_table)

    async def table_page(request: Request) -> Response:
        found = await seat_of(request)
        if isinstance(found, Response):
            return found
        runtime, seat, token = found
        table = runtime.table
        ctx = seat_context(table, seat, table.view(seat), token)
        who = "spectator" if seat == SPECTATOR else f"seat {seat + 1}, {table.seat_name(seat)}"
        return page("ti_table.html", name=table.plan.name, who=who, seat=seat,
                    ws=f"/ti/{table.id}/ws?k={token}", regions=ti_render.regions(ctx))

    async def record(request: Request) -> Response:
        """The finished game as a `ti-record/1` record (`initiative replay` reads it):
        it holds the secret seed, so it is given only once the game is over."""
        found = await seat_of(request)
        if isinstance(found, Response):
            return found
        table = found[0].table
        if not table.finished:
            return JSONResponse({"error": "the record is given once the game is over"}, 409)
        data = record_of(table.state, table.game, table.seed, with_log=True).to_dict()
        return JSONResponse(data, headers={
            "content-disposition": f'attachment; filename="ti-{table.id[:8]}.json"'})

    async def api_create(request: Request) -> Response:
        try:
            body = loads_json(await request.body())
        except ValueError as exc:
            return JSONResponse({"error": f"the body must be JSON: {exc}"}, 400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "the body must be a JSON object"}, 400)
        seed = body.pop("seed", None)
        prefix = body.pop("prefix", None)
        try:
            if seed is not None:
                seed = parse_seed(seed)
            if prefix is not None and (not isinstance(prefix, list) or not all(
                    isinstance(i, int) and not isinstance(i, bool) for i in prefix)):
                raise ValueError("prefix: a list of action numbers")
            plan = parse_plan({k: _field(v) for k, v in body.items() if v is not None},
                              TI_BOTS, content)
            runtime, seat_tokens, spectator = await hub.create(plan, seed, prefix)
        except SetupError as exc:
            return JSONResponse({"error": "the table cannot be created",
                                 "problems": exc.problems}, 400)
        except ValueError as exc:  # a bad seed or prefix (TableError included)
            return JSONResponse({"error": str(exc)}, 400)
        table_id = runtime.table.id
        return JSONResponse({"id": table_id, "seats": seat_tokens, "spectator": spectator,
                             "links": [f"/ti/{table_id}?k={t}" if t else None
                                       for t in seat_tokens],
                             "spectator_link": f"/ti/{table_id}?k={spectator}"}, 201)

    async def socket(websocket: WebSocket) -> None:
        await serve_ti_socket(websocket, hub, open_table)

    async def how_to_play(request: Request) -> Response:
        return page("ti_how_to_play.html", topics=ti_guide.TOPICS,
                    flags=ti_guide.flag_rows(), table_help=ti_guide.TABLE_HELP)

    return [
        Route("/ti/how-to-play", how_to_play, methods=["GET"]),
        Route("/ti/new", new_get, methods=["GET"]),
        Route("/ti/new", new_post, methods=["POST"]),
        Route("/ti/{table}/created", created, methods=["GET"]),
        Route("/ti/{table}/claim/{seat}", claim, methods=["POST"]),
        Route("/ti/{table}/record", record, methods=["GET"]),
        Route("/ti/{table}", table_page, methods=["GET"]),
        WebSocketRoute("/ti/{table}/ws", socket),
        Route("/api/ti-tables", api_create, methods=["POST"]),
    ]


def _field(value: Any) -> str:
    """A JSON value as the form would send it (true/false: yes/no)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def created_links(table: TITable, held: list[str]) -> dict[str, Any] | None:
    """What the created page lists from the creator's tokens (one per seat, then the
    spectators'): only tokens that still open their seat; None when none does."""
    if len(held) != table.num_seats + 1:
        return None
    seats = [{"name": p.name, "controller": p.controller,
              "link": f"/ti/{table.id}?k={t}" if t and table.seat_for(t) == i else ""}
             for i, (p, t) in enumerate(zip(table.plan.seats, held, strict=False))]
    spectator = held[-1] if table.seat_for(held[-1]) == SPECTATOR else ""
    if not spectator and not any(s["link"] for s in seats):
        return None
    return {"name": table.plan.name, "seats": seats,
            "spectator": f"/ti/{table.id}?k={spectator}" if spectator else ""}
