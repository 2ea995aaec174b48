"""Two ASGI middlewares in front of every route: request bodies are refused by size
before they are read (413), and state-changing requests from another site are refused
(403) (docs/web.md, "Threat model").

`BodyLimit`: a `Content-Length` over MAX_BODY is answered 413 at once; a body without
one (chunked) is counted as it streams in and cut off with 413 at the limit.

`OriginCheck`: a browser names the page a request comes from in `Origin`. A POST (or
any method but GET, HEAD, OPTIONS) or a WebSocket upgrade whose `Origin` is not this
server's own (scheme and `Host` of the request) nor one of the configured origins (a
proxy's public address: `initiative serve --origin URL`, or INITIATIVE_ORIGINS) is
refused: 403, or a WebSocket closed before it is accepted, unless the browser itself
says the request is same-origin (`Sec-Fetch-Site`). A request without `Origin`
(scripts, bots, command-line clients: they carry no other site's authority) passes.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 256 * 1024
"""Bytes a request body may hold (the largest legitimate one, a table form with eight
team files of MAX_TEAM_TEXT, is about 160 KB)."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
WS_REFUSED = 1008
"""Close code of a WebSocket refused before accept (the client sees HTTP 403)."""


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


async def _answer(send: Send, status: int, text: str) -> None:
    body = text.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuses request bodies over `limit` bytes with 413, before reading them."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = f"a request body is at most {self.limit} bytes"
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _answer(send, 413 if length.isdigit() else 400,
                          too_big if length.isdigit() else "a bad Content-Length")
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise HTTPException(413, too_big)
            return message

        await self.app(scope, counted, send)


def normal_origin(url: str) -> str | None:
    """`scheme://host:port` of a URL (ws/wss as http/https; the default port written
    out), or None if it is not an http(s) or ws(s) URL with a host."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme.lower(), parts.scheme.lower())
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}:{port or DEFAULT_PORTS[scheme]}"


def normal_origins(origins: Iterable[str]) -> frozenset[str]:
    """Configured origins, normalized; ValueError names one that is not an origin."""
    found = set()
    for origin in origins:
        normal = normal_origin(origin)
        if normal is None:
            raise ValueError(f"not an http(s) address: {origin!r}")
        found.add(normal)
    return frozenset(found)


class OriginCheck:
    """Refuses cross-site state changes and WebSocket upgrades (see the module doc)."""

    def __init__(self, app: ASGIApp, origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = normal_origins(origins)

    def permits(self, scope: Scope) -> bool:
        """Whether the request carries no Origin, comes from this server's own page (its
        Origin, or the browser's `Sec-Fetch-Site: same-origin`) or from a listed one."""
        origin = _header(scope, b"origin")
        if origin is None:
            return True
        if _header(scope, b"sec-fetch-site") == "same-origin":
            return True  # set by the browser alone (pages cannot forge it); needed since
            # under `Referrer-Policy: no-referrer` a form's own POST says `Origin: null`
        normal = normal_origin(origin)  # "null" otherwise (a sandboxed page, a file)
        if normal is None:
            return False
        own = normal_origin(f"{scope.get('scheme', 'http')}://{_header(scope, b'host')}")
        return normal == own or normal in self.allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket" and not self.permits(scope):
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": WS_REFUSED,
                        "reason": "cross-site WebSocket refused"})
            return
        if kind == "http" and scope["method"] not in SAFE_METHODS and not self.permits(scope):
            await _answer(send, 403, "cross-site request refused: the Origin is not this "
                          "server's (behind a proxy: initiative serve --origin URL)")
            return
        await self.app(scope, receive, send)
