"""The web table as an ASGI app (Starlette): server-rendered pages, one WebSocket per
open table page, a small JSON API. Every asset is served from the package (no CDN).

Routes: the tables of every registered game with a web part (server/routes.py lists
them), the game masters' trackers (/trackers/..., server/trackers.py), and
  GET  /healthz                        {"ok": true, "tables": N}
  GET  /favicon.ico, /static/...       the icon and the static files
Nothing here names a game: each is found by name through the registry.
"""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import AsyncIterator, Sequence
from importlib.resources import files
from os import PathLike
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from initiative.server.addresses import public_origin
from initiative.server.guards import (
    BodyLimit,
    HostCheck,
    OriginCheck,
    normal_hosts,
    normal_origins,
)
from initiative.server.hub import NOTIFY_KINDS, Hub, Options
from initiative.server.notify import Shared, make_notifier
from initiative.server.routes import table_routes
from initiative.server.tracker_hub import NOTIFY_KINDS as TRACKER_KINDS
from initiative.server.tracker_hub import TrackerHub
from initiative.server.trackers import tracker_routes
from initiative.store import Store

YOUNG_OBJECTS = 10_000
"""Objects (dicts, lists, ...) made and not yet freed before the garbage collector's young
pass, while the server runs (Python's default: 700). A seat's frame is built from about a
thousand small dicts and lists freed once it is sent, so at the default nearly every
frame set a pass off, and each pass moved the tables' states (kept between two actions)
towards the full passes: at 400 tables (benchmarks/load_web.py) the collector took about
a sixth of the server's time, at this setting under 2%."""


def create_app(url: str | None = None, options: Options | None = None,
               origins: Sequence[str] = (), hosts: Sequence[str] | None = None) -> Starlette:
    """The app over the store at `url` (SQLite by default; PostgreSQL by URL). `origins`:
    sites besides its own that may post to it (a proxy's public address); `hosts`: the
    host names it answers to besides IP addresses and localhost, the origins' own added
    (None: any; guards.py). ValueError names a bad origin or host."""
    allowed = normal_origins(origins)  # ValueError before anything is opened
    answered = None if hosts is None else normal_hosts(
        [*hosts, *(urlsplit(o).hostname or "" for o in allowed)])
    store = Store(url)
    notifier = Shared(make_notifier(store.url))  # one LISTEN connection for both hubs
    hub = Hub(store, options, notifier.part(NOTIFY_KINDS))
    trackers = TrackerHub(store, hub.writer, notifier.part(TRACKER_KINDS))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG_OBJECTS, *thresholds[1:])
        await hub.start()
        await trackers.start()
        try:
            yield
        finally:
            await trackers.stop()
            await hub.stop()
            store.close()
            gc.set_threshold(*thresholds)

    async def favicon(request: Request) -> Response:
        """Browsers ask for /favicon.ico whatever the page links: the same SVG icon."""
        return Response(icon, media_type="image/svg+xml",
                        headers={"cache-control": "public, max-age=86400"})

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, "tables": len(hub.runtimes)})

    static = RevalidatedFiles(directory=str(files("initiative.web") / "static"))
    icon = (files("initiative.web") / "static" / "favicon.svg").read_bytes()
    app = Starlette(routes=[
        Route("/healthz", health), Route("/favicon.ico", favicon),
        Mount("/static", static, name="static"),
        *tracker_routes(trackers), *table_routes(),
    ], lifespan=lifespan, middleware=[Middleware(SecurityHeaders),
                                      Middleware(HostCheck, hosts=answered),
                                      Middleware(OriginCheck, origins=allowed),
                                      Middleware(BodyLimit)])
    app.state.hub = hub
    app.state.public_origin = public_origin(origins)  # links' full addresses (addresses.py)
    app.state.trackers = trackers
    return app


SECURITY_HEADERS = [
    # Seat links carry their secret in the URL: never send it on as a Referer.
    (b"referrer-policy", b"no-referrer"),
    # Only this server's scripts, styles (htmx adds one inline style) and sockets.
    (b"content-security-policy", b"default-src 'self'; style-src 'self' 'unsafe-inline'; "
     b"connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'"),
    (b"x-content-type-options", b"nosniff"),
]


NO_STORE = (b"cache-control", b"no-store")
"""What an answer that says nothing of caching gets: seat, replay, record and tracker
pages carry their secret in their address (and their error pages too), the created
pages and the API's answers the secrets themselves; nothing but the static files (which
say so) is kept by a browser or a proxy."""


class RevalidatedFiles(StaticFiles):
    """The package's static files, which browsers may keep but must revalidate (their
    ETag) before each use: an upgraded server's pages never run stale scripts."""

    def file_response(self, full_path: PathLike[str] | str, stat_result: os.stat_result,
                      scope: Scope, status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.setdefault("cache-control", "no-cache")
        return response


class SecurityHeaders:
    """Adds SECURITY_HEADERS to every HTTP answer, and NO_STORE to one that does not say
    how it may be cached (pure ASGI middleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *SECURITY_HEADERS]
                if not any(key.lower() == NO_STORE[0] for key, _ in headers):
                    headers.append(NO_STORE)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
