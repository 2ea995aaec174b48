"""The HTML pages every table shares (every game's, the trackers'): the template
environment, a page from a template, an error page, and the seat a table page's link
opens.

Templates live in the package (web/templates; a game's own in the folder named for its
short name, e.g. hex/table.html). A game from outside the package brings a folder of its
own (`WebGame.template_folder`), found under its short name the same way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PackageLoader,
    PrefixLoader,
    select_autoescape,
)
from markupsafe import Markup, escape
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from initiative.games.rule_ids import split_rules
from initiative.server.sockets import RuntimeT

_loaders: list[BaseLoader] = [PackageLoader("initiative.web", "templates")]
env = Environment(loader=ChoiceLoader(_loaders), autoescape=select_autoescape(["html"]),
                  trim_blocks=True, lstrip_blocks=True)
NO_STORE = {"cache-control": "no-store"}


def rule_words(text: str) -> Markup:
    """`text` in words, the rule ids it cites in a tooltip (`title="Rules: HX-31"`):
    the `rule_words` filter of every game's templates (issue 25)."""
    words, ids = split_rules(str(text))
    if not ids:
        return escape(words)
    return Markup('<span class="ruled" title="Rules: {}">{}</span>').format(
        ", ".join(ids), words)


def words_only(text: str) -> str:
    """`text` without its rule ids (for a place no tooltip fits: an aria label)."""
    return split_rules(str(text))[0]


env.filters["rule_words"] = rule_words
env.filters["words"] = words_only


def add_template_folder(prefix: str, folder: Path) -> None:
    """Templates of `folder` become `prefix/NAME` (a game's own folder, once)."""
    loader = PrefixLoader({prefix: FileSystemLoader(str(folder))})
    if not any(isinstance(found, PrefixLoader) and prefix in found.mapping
               for found in _loaders):
        _loaders.append(loader)


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
                          "If you created the table or opened a link of it in this browser, "
                          "its links are under My tables in the lobby; otherwise ask the "
                          "table's creator for your link.", 403)
    return runtime, seat, token
