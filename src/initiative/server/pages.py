"""The HTML pages every table shares (Initiative Break's, the hex game's, the trackers'):
a page from a template, an error page, and the seat a table page's link opens."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from initiative.server.render import env
from initiative.server.sockets import RuntimeT


def page(template: str, status: int = 200, **values: Any) -> HTMLResponse:
    return HTMLResponse(env.get_template(template).render(**values), status)


def error_page(heading: str, message: str, status: int) -> HTMLResponse:
    return page("error.html", status, heading=heading, message=message)


async def seat_of(request: Request,
                  open_table: Callable[[str], Awaitable[RuntimeT | None]]
                  ) -> tuple[RuntimeT, int, str] | Response:
    """(runtime, seat, token) of the table page a request asks for, or the error page
    (no such table: 404; the link opens no seat there: 403)."""
    runtime = await open_table(request.path_params["table"])
    if runtime is None:
        return error_page("No such table", "This table does not exist.", 404)
    token = request.query_params.get("k", "")
    seat = runtime.table.seat_for(token)
    if seat is None:
        return error_page("Link not valid", "This link does not open a seat at this table. "
                          "Ask the table's creator for your link.", 403)
    return runtime, seat, token
