"""Reading `load_game` parameters that may come as Python values or as text (the
`name(key=value,...)` form): a list written `a+b`, a boolean written `true`/`false`.
Every game's loader reads its common parameters through these, so each kind of value
is read the same way in every game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from initiative.engine.errors import GameParamError


def param_list(game: str, params: Mapping[str, Any], key: str) -> tuple[str, ...] | None:
    """`params[key]` as non-empty names (text: `a+b`); None when absent."""
    value = params.get(key)
    if value is None:
        return None
    items = value.split("+") if isinstance(value, str) else value
    if not isinstance(items, list | tuple) or not all(
            isinstance(item, str) and item.strip() for item in items):
        raise GameParamError(f"{game}: {key}: expected a list of names, got {value!r}")
    return tuple(item.strip() for item in items)


def param_bool(game: str, params: Mapping[str, Any], key: str) -> bool:
    """`params[key]` as true or false (text: `true`/`false`); false when absent."""
    value = params.get(key, False)
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        value = value.strip().lower() == "true"
    if not isinstance(value, bool):
        raise GameParamError(f"{game}: {key}: expected true or false, got {value!r}")
    return value
