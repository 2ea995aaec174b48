"""What every command shares: the error exit and the house-rule option's parsing."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from initiative.engine.errors import InitiativeError
from initiative.games.ib.config import RulesConfig, parse_flag_value

DbOption = Annotated[str | None, typer.Option(
    "--db", help="Database URL (default: $INITIATIVE_DB_URL, else SQLite in the user data "
    "directory).")]
"""The `--db` option of the commands that keep records in the store."""


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print `error: message` on stderr; the Exit to raise (2: bad usage)."""
    typer.secho(f"error: {message}", err=True, fg="red", bold=True)  # plain if not a tty
    return typer.Exit(code)


def parse_rules(items: list[str], max_activations: int | None = None) -> RulesConfig:
    """`flag=value` items (plus --max-activations) as a validated RulesConfig."""
    flags: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise fail(f"--rule expects flag=value, got {item!r} (see `initiative rules`)")
        flags[name.strip()] = parse_flag_value(value)
    if max_activations is not None:
        flags["max_activations"] = max_activations
    try:
        return RulesConfig().with_flags(flags, "--rule")
    except InitiativeError as exc:
        raise fail(f"{exc} (see `initiative rules`)") from None


def open_store(db: str | None) -> Any:
    """The store at `db` (the Store, imported only by the commands that use it); an
    error exit if it cannot be opened."""
    from initiative.store import Store

    try:
        return Store(db)
    except InitiativeError as exc:
        raise fail(str(exc)) from None
