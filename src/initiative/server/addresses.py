"""The full addresses pages give for links (seat links, the page of links, the GM
tracker's links, My tables): built on the first `--origin` when the server was given one
(behind a proxy the request's own address is not the one people open), else on the
request's own scheme, host and port. A link made from a WebSocket's request is an http(s)
address like the page's."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

DEFAULT_PORTS = {"http": 80, "https": 443}


def public_origin(origins: Sequence[str]) -> str:
    """The address links are built on from `--origin` values (the first one, as
    `scheme://host[:port]` without a default port); "" without any. The values were
    checked already (guards.normal_origins)."""
    for origin in origins:
        parts = urlsplit(origin.strip())
        scheme = {"ws": "http", "wss": "https"}.get(parts.scheme.lower(), parts.scheme.lower())
        host = parts.hostname or ""
        if ":" in host:
            host = f"[{host}]"
        port = parts.port
        if scheme in DEFAULT_PORTS and host:
            return f"{scheme}://{host}" + (
                f":{port}" if port and port != DEFAULT_PORTS[scheme] else "")
    return ""


def public_base(conn: HTTPConnection) -> str:
    """The address a link from this request starts with (no trailing slash): the
    server's public origin when it has one (`app.state.public_origin`), else the
    request's own."""
    origin = getattr(conn.app.state, "public_origin", "") if "app" in conn.scope else ""
    if origin:
        return str(origin)
    base = str(conn.base_url).rstrip("/")
    return "http" + base[2:] if base.startswith("ws") else base


def full(conn: HTTPConnection, path: str) -> str:
    """`path` (starting with /) as a full address."""
    return public_base(conn) + path
