"""Creating a table of any game: its create form (`/SLUG/new`, and `/new` for the default
game), the JSON API (`POST /api/tables`, and `/api/SLUG-tables` for the first hex and The
Initiative clients), the creator's page of links after the redirect (handoff.py), and a
seat taken from the lobby (a new secret link)."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from initiative.engine.data_text import loads_json
from initiative.engine.rng import Seed, parse_seed
from initiative.games.registry import DEFAULT_GAME, entry
from initiative.server import handoff, tokens
from initiative.server.addresses import public_base
from initiative.server.pages import error_page, page
from initiative.server.parts import SetupError
from initiative.server.request_lookup import hub_of, open_table, site_or_404
from initiative.server.sites import AnySite, site_of, site_of_slug, web_games
from initiative.server.table import UNDO_READINGS, TableError

MAX_FORM_FIELDS = 100
MAX_UPLOAD = 20_000
"""Characters of an uploaded file (a team file) read before it is refused."""
MAX_PREFIX = 10_000
"""Actions a JSON request may play before the table opens."""
MAX_PROBLEM = 300
"""Characters of one problem a refused request is told (a problem names its field first;
what it quotes of the request is cut, so a huge field is not sent back)."""


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


def problems_of(exc: ValueError) -> list[str]:
    """What a refused request is told: a SetupError's problems (any other ValueError:
    its message), each cut to MAX_PROBLEM characters."""
    found = exc.problems if isinstance(exc, SetupError) else [str(exc)]
    return [p if len(p) <= MAX_PROBLEM else f"{p[:MAX_PROBLEM]}..." for p in found]


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


def _form_page(site: AnySite, form: dict[str, str], problems: list[str],
               status: int = 200) -> Response:
    return page(site.templates.form, status, form=form, problems=problems,
                game=entry(site.name), games=web_games(), **site.form_values())


async def _read_form(request: Request) -> dict[str, str]:
    """The form's fields; an uploaded file's text under its field's name with `_upload`
    for `_file`."""
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


async def new_get(request: Request) -> Response:
    site = site_or_404(request)
    return site if isinstance(site, Response) else _form_page(site, {}, [])


async def new_default(request: Request) -> Response:
    return _form_page(site_of(DEFAULT_GAME), {}, [])


async def new_post(request: Request) -> Response:
    site = site_or_404(request)
    return site if isinstance(site, Response) else await _create_from_form(request, site)


async def new_post_default(request: Request) -> Response:
    return await _create_from_form(request, site_of(DEFAULT_GAME))


async def _create_from_form(request: Request, site: AnySite) -> Response:
    form = await _read_form(request)
    try:  # content files parse slowly: off the event loop
        plan, undo = await asyncio.to_thread(parse_table, site, form)
        creator = tokens.new_token()
        runtime, _, _ = await hub_of(request).create(site, plan, undo=undo, creator=creator)
    except ValueError as exc:  # SetupError, or a plan the table refuses (TableError)
        return _form_page(site, form, problems_of(exc), 400)
    return handoff.redirect(request, f"/t/{runtime.table.id}/created", [creator])


async def created(request: Request) -> Response:
    """The creator's page of links, after the redirect or with the creator's key (see
    `handoff`)."""
    runtime = await open_table(hub_of(request), request.path_params["table"])
    return handoff.created_page(request, handoff.table_links(runtime.table, request)
                                if runtime is not None else None)


async def claim(request: Request) -> Response:
    """A seat taken from the lobby: a new secret link opens it from now on."""
    hub = hub_of(request)
    runtime = await open_table(hub, request.path_params["table"])
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


async def api_create(request: Request) -> Response:
    """POST /api/tables: a table of the body's `game` (default: the default game)."""
    return await _create_from_json(request, None)


async def api_create_of_slug(request: Request) -> Response:
    """POST /api/SLUG-tables: a table of that game (the first hex and The Initiative
    clients' address)."""
    found = site_of_slug(request.path_params["slug"])
    if found is None:
        return JSONResponse({"error": "no such game"}, 404)
    return await _create_from_json(request, found.name)


async def _create_from_json(request: Request, game: str | None) -> Response:
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
        creator = tokens.new_token()
        runtime, seat_tokens, spectator = await hub_of(request).create(
            site, plan, seed, undo=undo, prefix=prefix, creator=creator)
    except SetupError as exc:
        return JSONResponse({"error": "the table cannot be created",
                             "problems": problems_of(exc)}, 400)
    except ValueError as exc:  # a bad seed or prefix (TableError included)
        return JSONResponse({"error": problems_of(exc)[0]}, 400)
    table_id = runtime.table.id
    return JSONResponse({"id": table_id, "game": name, "seats": seat_tokens,
                         "spectator": spectator,
                         "links": [f"/t/{table_id}?k={t}" if t else None for t in seat_tokens],
                         "spectator_link": f"/t/{table_id}?k={spectator}",
                         "creator": creator,
                         "creator_link": f"/t/{table_id}/created?k={creator}",
                         "base": public_base(request)}, 201)
