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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from initiative.engine.contract import SPECTATOR
from initiative.games.registry import entry
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


def table_links(table: Table, held: Sequence[str]) -> dict[str, Any] | None:
    """The created page's links of a table (see `links_of`), with its game's entry
    (the page is headed with the game's name and guide)."""
    links = links_of(table.id, table.plan.name, table.plan.seats, table.seat_for, held, "/t")
    return None if links is None else {**links, "game": entry(table.site.name)}


def created_page(request: Request, links: dict[str, Any] | None) -> Response:
    """The creator's page of links after the redirect (`links_of`), never cached; a 403
    page when the links are not (or no longer) this browser's to see."""
    if links is None:
        return error_page("Links not shown here", "A table's links are shown only to its "
                          "creator, in the browser that created it, for an hour. Ask the "
                          "table's creator for your link.", 403)
    response = page("created.html", base=str(request.base_url).rstrip("/"),
                    lan=lan_hint(request), **links)
    response.headers.update(NO_STORE)
    return response


def lan_hint(request: Request) -> dict[str, Any] | None:
    """The page's address when only this computer reaches it (loopback), for the hint on
    playing over a local network; None otherwise."""
    host = request.url.hostname or ""
    if host in ("localhost", "::1") or host.startswith("127."):
        return {"host": host, "port": request.url.port or 80}
    return None
