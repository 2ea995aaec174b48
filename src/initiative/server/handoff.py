"""Handing a new table's (or tracker's) secret links to its creator after a redirect.

Creating answers POST-redirect-GET: the form's POST stores the table and answers `303 See
Other` to a page of its own (`/t/{id}/created`, `/trackers/{id}/created`), so a reload
shows that page again and never creates a second table. The secret tokens that page lists
travel in a cookie, never in a URL (docs/web.md, "Creating a table"):

- the store keeps only the tokens' digests, so the page cannot rebuild them, and a URL
  would put every seat's secret in the creator's history, address bar and any access log;
- the cookie is `HttpOnly` (no script reads it), `SameSite=Strict`, sent only to that one
  page (`Path`), `Secure` over https, and gone after `MAX_AGE` seconds;
- the page is `Cache-Control: no-store`, and lists only tokens that still open their seat
  (a forged cookie shows nothing; a seat taken in the lobby since is not listed).

A table's cookie holds its creator key alone (server/table.py `link_tokens`: every link
derives from it). The page shows the key as the creator's own link,
`/t/{id}/created?k=KEY`, which opens the page again at any time, in any browser (and
My tables in the lobby keeps it in the creating browser); without the key or the cookie
the page says how the creator gets back to it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from initiative.engine.contract import SPECTATOR
from initiative.games.registry import entry
from initiative.server.addresses import public_base
from initiative.server.pages import NO_STORE, error_page, page
from initiative.server.table import Table

COOKIE = "initiative_created"
MAX_AGE = 3600
"""Seconds the creator's browser may show the links again (a reload, a second look)."""
SEPARATOR = "."  # never in a token (URL-safe base64)
MAX_TOKENS = 16


def redirect(request: Request, page: str, secrets: Sequence[str | None]) -> Response:
    """`303` to `page` with `secrets` (None: no link, e.g. a bot's seat) in the cookie
    that only `page` receives."""
    response = RedirectResponse(page, 303)
    response.set_cookie(COOKIE, SEPARATOR.join(s or "" for s in secrets), max_age=MAX_AGE,
                        path=page, secure=request.url.scheme == "https", httponly=True,
                        samesite="strict")
    return response


def received(request: Request) -> list[str]:
    """The tokens the creator's cookie carries, in order ("" where there is none); an empty
    list without the cookie."""
    raw = request.cookies.get(COOKIE, "")
    parts = raw.split(SEPARATOR) if raw else []
    return [] if len(parts) > MAX_TOKENS else parts


def links_of(table_id: str, name: str, seats: Sequence[Any],
             seat_for: Callable[[str], int | None], held: Sequence[str], prefix: str
             ) -> dict[str, Any] | None:
    """What a table's created page lists from the creator's tokens (one per seat, then the
    spectators'): only tokens that still open their seat (`seat_for`); None when none
    does. `seats`: each has a name and a controller; links are PREFIX/ID?k=TOKEN."""
    if len(held) != len(seats) + 1:
        return None
    rows = [{"name": p.name, "controller": p.controller,
             "link": f"{prefix}/{table_id}?k={t}" if t and seat_for(t) == i else ""}
            for i, (p, t) in enumerate(zip(seats, held, strict=False))]
    spectator = held[-1] if seat_for(held[-1]) == SPECTATOR else ""
    if not spectator and not any(s["link"] for s in rows):
        return None
    return {"name": name, "seats": rows,
            "spectator": f"{prefix}/{table_id}?k={spectator}" if spectator else ""}


def creator_tokens(table: Table, request: Request) -> tuple[list[str], str]:
    """The tokens the creator holds (each seat's, then the spectators') and the creator
    key that derives them: from the key in the page's address (`?k=`) or in the cookie;
    a cookie of the tokens themselves (a table made without a key) gives them with no
    key; nothing otherwise."""
    cookie = received(request)
    for key in (request.query_params.get("k", ""), cookie[0] if len(cookie) == 1 else ""):
        derived = table.creator_tokens(key)
        if derived is not None:
            return derived, key
    return cookie, ""


def table_links(table: Table, request: Request) -> dict[str, Any] | None:
    """The created page's links of a table (see `links_of`) that the creator's key (or
    cookie) gives, with its game's entry (the page is headed with the game's name and
    guide), the creator's own link to this page and, once a rematch has started, the
    rematch's page of links (the same key opens it: the rematch keeps the links)."""
    held, key = creator_tokens(table, request)
    links = links_of(table.id, table.plan.name, table.plan.seats, table.seat_for, held, "/t")
    if links is None:
        return None
    rematch = table.data.rematch
    return {**links, "game": entry(table.site.name), "table_id": table.id,
            "series": table.data.series,
            "creator": f"/t/{table.id}/created?k={key}" if key else "",
            "rematch": f"/t/{rematch}/created?k={key}" if key and rematch else ""}


def created_page(request: Request, links: dict[str, Any] | None) -> Response:
    """The creator's page of links (`table_links`), never cached; a 403 page that says
    how the creator gets back to it when the request holds no key to it."""
    if links is None:
        return error_page("Links not shown here", "A table's page of links opens only with "
                          "its creator's key. If you created this table, open it from My "
                          "tables in the lobby (in the browser you created it in), or with "
                          "the creator's link you kept. Otherwise ask the table's creator "
                          "for your link.", 403)
    base = public_base(request)
    response = page("created.html", base=base, lan=lan_hint(request),
                    mine=my_table(links, base), **links)
    response.headers.update(NO_STORE)
    return response


def my_table(links: dict[str, Any], base: str) -> dict[str, Any]:
    """What the creating browser keeps of the table under My tables (static/my_tables.js):
    its game, name and full links, the creator's link included, and its series (the
    first table of its rematches: a rematch's entry takes the creator's link from it)."""
    return {"kind": "table", "id": links["table_id"], "game": links["game"].name,
            "series": links["series"],
            "title": links["game"].title, "name": links["name"],
            "creator": base + links["creator"] if links["creator"] else "",
            "seats": [{"name": s["name"], "link": base + s["link"]}
                      for s in links["seats"] if s["link"]],
            "spectator": base + links["spectator"] if links["spectator"] else ""}


def joined_table(table: Table, seat: int, link: str) -> dict[str, Any]:
    """What a browser keeps under My tables of a table whose seat (or spectators') page
    it opened with the full address `link`; with its series when the creator's key
    opens its page of links (a browser that holds the key to an earlier table of the
    series, a rematch's creator, makes the link to it: static/my_tables.js)."""
    game = entry(table.site.name)
    return {"kind": "table", "id": table.id, "game": game.name, "title": game.title,
            "series": table.data.series if table.data.creator_digest else "",
            "name": table.plan.name, "creator": "",
            "seats": [] if seat == SPECTATOR else [{"name": table.seat_name(seat),
                                                    "link": link}],
            "spectator": link if seat == SPECTATOR else ""}


def lan_hint(request: Request) -> dict[str, Any] | None:
    """The page's address when only this computer reaches it (loopback), for the hint on
    playing over a local network; None otherwise."""
    host = request.url.hostname or ""
    if host in ("localhost", "::1") or host.startswith("127."):
        return {"host": host, "port": request.url.port or 80}
    return None
