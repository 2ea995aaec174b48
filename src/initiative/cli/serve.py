"""`initiative serve`: the web table on uvicorn (embedded defaults: SQLite in the user
data folder, one local process; PostgreSQL with --db URL)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from initiative.cli.common import fail

WS_MAX_SIZE = 64 * 1024
"""Bytes a WebSocket frame may hold (requests are at most 4096 characters; a larger
frame closes the socket with 1009 before it is read in full)."""


def serve(
    host: Annotated[str, typer.Option(help=(
        "Address to listen on: 127.0.0.1 is this computer only; --host 0.0.0.0 lets "
        "people on your local network play (anyone on that network can then reach "
        "it)."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free one).")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Database URL or SQLite file (default: the user data folder's; "
        "INITIATIVE_DB_URL overrides).")] = None,
    away: Annotated[float, typer.Option(
        min=0, help="Seconds a player may be gone before a bot plays their seat "
        "(0: never; the game waits for them).")] = 60.0,
    bot_delay: Annotated[float, typer.Option(
        min=0, help="Seconds a bot waits before it acts.")] = 0.8,
    ws_compression: Annotated[bool, typer.Option(
        help="Compress WebSocket frames (permessage-deflate): less traffic, about a "
        "sixth more server CPU per action (docs/web.md).")] = False,
    origin: Annotated[list[str] | None, typer.Option(
        envvar="INITIATIVE_ORIGINS",
        help="A public address pages come from besides the server's own, e.g. "
        "https://games.example.org behind a proxy (repeatable; the variable takes "
        "several, space-separated). Other sites' posts and sockets are refused.")] = None,
    allowed_hosts: Annotated[list[str] | None, typer.Option(
        envvar="INITIATIVE_ALLOWED_HOSTS",
        help="A host name the server answers to (repeatable; the variable takes several, "
        "space-separated; * answers any). Default: the --host it listens on (listening "
        "on every address, 0.0.0.0: this computer's name). IP addresses, localhost and "
        "the --origin names are always answered; a request for any other name gets 400 "
        "(a site that points its own name at this server, DNS rebinding, cannot use "
        "it).")] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "warning",
) -> None:
    """Start the web table: a lobby, tables in every mode, live play over WebSockets."""
    from initiative.server.app import create_app
    from initiative.server.guards import normal_hosts, normal_origins
    from initiative.server.hub import Options
    from initiative.store import ENV_VAR, StoreError, resolve_url, sole_server

    for option, values, check in (("--origin", origin, normal_origins),
                                  ("--allowed-hosts", allowed_hosts, normal_hosts)):
        try:
            check(values or ())
        except ValueError as exc:
            raise fail(f"{option}: {exc}") from None
    try:  # each error one line, no traceback
        url = resolve_url(db)
    except StoreError as exc:
        raise fail(f"{'--db' if db else ENV_VAR}: {exc}") from None
    try:
        with sole_server(url):
            app = create_app(url, Options(away_after=away, bot_delay=bot_delay),
                             origins=origin or (), hosts=allowed_hosts or default_hosts(host))
            _run(app, host, port, ws_compression, log_level)
    except StoreError as exc:
        raise fail(" ".join(str(exc).split())) from None


def _run(app: Any, host: str, port: int, ws_compression: bool, log_level: str) -> None:
    """Listen on `host`:`port` (an error line if it cannot) and serve `app` until
    stopped."""
    import socket

    import uvicorn

    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"Web table of every game: http://{shown}:{bound}/  (Ctrl+C stops it)",
               err=False)
    typer.echo(network_note(host))
    config = uvicorn.Config(app, log_level=log_level, access_log=False,
                            ws="websockets-sansio" if _has_sansio() else "auto",
                            ws_per_message_deflate=ws_compression, ws_max_size=WS_MAX_SIZE)
    uvicorn.Server(config).run(sockets=[sock])


def default_hosts(host: str) -> list[str]:
    """The host names answered when --allowed-hosts is not given: the one listened on;
    on every address (0.0.0.0, ::), this computer's name (and NAME.local, as local
    networks name it). IP addresses and localhost are always answered (guards.py)."""
    import socket

    if host in ("", "0.0.0.0", "::"):
        name = socket.gethostname().lower()
        return [name, f"{name.split('.')[0]}.local"] if name else []
    return [host]


def network_note(host: str) -> str:
    """The startup line's second line: who can reach the server, and how to widen it."""
    if host in ("localhost", "::1") or host.startswith("127."):
        return ("Only this computer can open it. To play over a local network: "
                "initiative serve --host 0.0.0.0 (anyone on that network can then reach it).")
    return (f"Listening on {host}: anyone who can reach this computer on the network can "
            "open the lobby; seats still need their secret links.")


def _has_sansio() -> bool:
    try:
        from uvicorn.protocols.websockets import websockets_sansio_impl  # noqa: F401
    except ImportError:
        return False
    return True
