"""`initiative serve`: the web table on uvicorn (embedded defaults: SQLite in the user
data folder, one local process; PostgreSQL with --db URL)."""

from __future__ import annotations

from typing import Annotated

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
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "warning",
) -> None:
    """Start the web table: a lobby, tables in every mode, live play over WebSockets."""
    import socket

    import uvicorn

    from initiative.server.app import create_app
    from initiative.server.hub import Options
    from initiative.store import StoreError

    try:
        app = create_app(db, Options(away_after=away, bot_delay=bot_delay),
                         origins=origin or ())
    except StoreError as exc:
        raise fail(" ".join(str(exc).split())) from None  # one line, no traceback
    except ValueError as exc:
        raise fail(f"--origin: {exc}") from None
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"Initiative Break web table: http://{shown}:{bound}/  (Ctrl+C stops it)",
               err=False)
    typer.echo(network_note(host))
    config = uvicorn.Config(app, log_level=log_level, access_log=False,
                            ws="websockets-sansio" if _has_sansio() else "auto",
                            ws_per_message_deflate=ws_compression, ws_max_size=WS_MAX_SIZE)
    uvicorn.Server(config).run(sockets=[sock])


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
