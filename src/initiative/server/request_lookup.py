"""What a table route finds from its request: the app's hub, the open table an address
names (full ids only), and the game whose short name starts the address."""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import Response

from initiative.engine.errors import GameParamError
from initiative.server.hub import Hub, Runtime
from initiative.server.pages import error_page
from initiative.server.sites import AnySite, site_of_slug
from initiative.server.table import TableError
from initiative.store import StoreError

TABLE_ID_LENGTH = 32
HEXDIGITS = frozenset("0123456789abcdef")


def hub_of(connection: HTTPConnection) -> Hub:
    """The app's hub (create_app keeps it in the app's state)."""
    hub: Hub = connection.app.state.hub
    return hub


async def open_table(hub: Hub, table_id: str) -> Runtime | None:
    """The open table `table_id`, or None when there is no such table. Full ids only
    (the store also takes prefixes): one table, one address."""
    if len(table_id) != TABLE_ID_LENGTH or not all(c in HEXDIGITS for c in table_id):
        return None
    try:
        return await hub.runtime(table_id)
    except (StoreError, TableError, GameParamError):
        return None


def site_or_404(connection: HTTPConnection) -> AnySite | Response:
    """The web part of the game the address's SLUG names, or the 404 page."""
    found = site_of_slug(connection.path_params["slug"])
    if found is None:
        return error_page("No such game", "There is no game at this address.", 404)
    return found
