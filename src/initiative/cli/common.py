"""What every command shares: the error exit, the `--db` option and opening the store."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from initiative.engine.errors import InitiativeError

DbOption = Annotated[str | None, typer.Option(
    "--db", help="Database URL (default: $INITIATIVE_DB_URL, else SQLite in the user data "
    "directory).")]
"""The `--db` option of the commands that keep records in the store."""


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print `error: message` on stderr; the Exit to raise (2: bad usage)."""
    typer.secho(f"error: {message}", err=True, fg="red", bold=True)  # plain if not a tty
    return typer.Exit(code)


def open_store(db: str | None) -> Any:
    """The store at `db` (the Store, imported only by the commands that use it); an
    error exit if it cannot be opened."""
    from initiative.store import Store

    try:
        return Store(db)
    except InitiativeError as exc:
        raise fail(str(exc)) from None
