"""Three ASGI middlewares in front of every route: requests for a host name this server
does not answer to are refused (400), request bodies are refused by size before they are
read (413) or when they stop coming (408), and state-changing requests from another site
are refused (403) (docs/web.md, "Threat model").

`HostCheck`: a page on another site can make its own name resolve to this server's
address (DNS rebinding); its requests then carry that name in `Host`, and its `Origin`
agrees with it, so OriginCheck alone would take them for this server's own. A request
(or WebSocket) whose `Host` is a name not on the allow-list (`initiative serve
--allowed-hosts`) is refused: 400, or a WebSocket closed before it is accepted. An IP
address and `localhost` are always answered: rebinding needs a name the other site owns.

`BodyLimit`: a `Content-Length` over MAX_BODY is answered 413 at once; a body without
one (chunked) is counted as it streams in and cut off with 413 at the limit. A body that
stops coming (a `Content-Length` larger than what is sent) is answered 408 after
BODY_IDLE_S seconds without a byte, or BODY_TOTAL_S in all, and the connection closed. A
client gone before its body is read (or whose body the server could not parse, e.g. a
bad chunk size, which uvicorn answers 400 itself) leaves nothing to answer and no
traceback in the log.

`OriginCheck`: a browser names the page a request comes from in `Origin`. A POST (or
any method but GET, HEAD, OPTIONS) or a WebSocket upgrade whose `Origin` is not this
server's own (scheme and `Host` of the request) nor one of the configured origins (a
proxy's public address: `initiative serve --origin URL`, or INITIATIVE_ORIGINS) is
refused: 403, or a WebSocket closed before it is accepted, unless the browser itself
says the request is same-origin (`Sec-Fetch-Site`). A request without `Origin`
(scripts, bots, command-line clients: they carry no other site's authority) passes.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import re
import time
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 256 * 1024
"""Bytes a request body may hold (the largest legitimate one, a table form with eight
team files of MAX_TEAM_TEXT, is about 160 KB)."""
BODY_IDLE_S = 5.0
"""Seconds a request body may pause (no byte arriving) before it is answered 408."""
BODY_TOTAL_S = 30.0
"""Seconds a whole request body may take to arrive."""
CLOSE = {"connection": "close"}
"""Sent with an answer given before the body was read in full: what is left of it is
never read as a next request."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
HOST_NAME = re.compile(r"[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?")
"""A host name as `--allowed-hosts` takes it (letters, digits, dots, hyphens)."""
ANY_HOST = "*"
WS_REFUSED = 1008
"""Close code of a WebSocket refused before accept (the client sees HTTP 403)."""


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


async def _answer(send: Send, status: int, text: str, close: bool = False) -> None:
    body = text.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()),
                            *([(b"connection", b"close")] if close else [])]})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuses request bodies over `limit` bytes with 413, before reading them, and
    bodies that stop coming with 408 (see the module doc)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, idle: float = BODY_IDLE_S,
                 total: float = BODY_TOTAL_S) -> None:
        self.app = app
        self.limit = limit
        self.idle = idle
        self.total = total

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = f"a request body is at most {self.limit} bytes"
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await _answer(send, 413 if length.isdigit() else 400,
                          too_big if length.isdigit() else "a bad Content-Length", close=True)
            return
        seen = 0
        complete = False
        deadline = time.monotonic() + self.total

        async def counted() -> Message:
            nonlocal seen, complete
            if complete:  # the body is in: later reads wait for a disconnect, untimed
                return await receive()
            wait = min(self.idle, deadline - time.monotonic())
            try:
                message = await asyncio.wait_for(receive(), max(wait, 0.0))
            except TimeoutError:
                raise HTTPException(408, "the request body stopped coming (a pause of "
                                    f"{self.idle:g} s, or {self.total:g} s in all)",
                                    headers=CLOSE) from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                complete = not message.get("more_body", False)
                if seen > self.limit:
                    raise HTTPException(413, too_big, headers=CLOSE)
            return message

        with contextlib.suppress(ClientDisconnect):  # gone before its body was read:
            await self.app(scope, counted, send)  # there is nobody to answer


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


def host_of(header: str) -> str | None:
    """The host name (or address, IPv6 without brackets) of a `Host` header, lower-case
    and without the port or a final dot; None if it is none."""
    text = header.strip().lower()
    if text.startswith("["):
        address, bracket, rest = text[1:].partition("]")
        return address if bracket and (not rest or rest[1:].isdigit()) else None
    name, _, port = text.partition(":")
    name = name.rstrip(".")
    return name if HOST_NAME.fullmatch(name) and (not port or port.isdigit()) else None


def is_address(host: str) -> bool:
    """Whether `host` is an IP address (v4, or v6 without brackets)."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def normal_hosts(hosts: Iterable[str]) -> frozenset[str]:
    """Allowed host names, lower-case (ANY_HOST: every host); ValueError names one that
    is not a host name or address."""
    found = set()
    for host in hosts:
        name = host.strip().lower().rstrip(".")
        name = name[1:-1] if name.startswith("[") and name.endswith("]") else name
        if name != ANY_HOST and not HOST_NAME.fullmatch(name) and not is_address(name):
            raise ValueError(f"not a host name or address: {host!r}")
        found.add(name)
    return frozenset(found)


class HostCheck:
    """Refuses requests and WebSockets whose Host is a name not in `hosts` (see the
    module doc); `hosts` None (or holding ANY_HOST): every host is answered."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] | None = None) -> None:
        self.app = app
        names = None if hosts is None else normal_hosts(hosts)
        self.names = None if names is None or ANY_HOST in names else names

    def permits(self, scope: Scope) -> bool:
        """Whether the request's Host is answered (no Host: not a browser's request)."""
        header = _header(scope, b"host")
        if self.names is None or header is None:
            return True
        host = host_of(header)
        return host is not None and (host in self.names or host == "localhost"
                                     or is_address(host))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind in ("http", "websocket") and not self.permits(scope):
            shown = (_header(scope, b"host") or "")[:80]
            if kind == "websocket":
                await receive()  # websocket.connect
                await send({"type": "websocket.close", "code": WS_REFUSED,
                            "reason": "unknown host"})
                return
            await _answer(send, 400, f"this server does not answer to the host {shown!r} "
                          "(initiative serve --allowed-hosts NAME)", close=True)
            return
        await self.app(scope, receive, send)
