"""Reading `load_game` parameters that may come as Python values or as text (the
`name(key=value,...)` form): a list written `a+b`, a boolean written `true`/`false`.
Every game's loader reads its common parameters through these, so each kind of value
is read the same way in every game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from os import PathLike
from typing import Any, Protocol, TypeVar

from initiative.engine.errors import GameParamError
from initiative.timing.flag_types import parse_value

C = TypeVar("C")


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


def check_param_names(game: str, params: Mapping[str, Any], known: Sequence[str],
                      flags: Sequence[str]) -> None:
    """GameParamError naming the parameters that are neither `known` nor a flag."""
    unknown = [key for key in params if key not in known and key not in flags]
    if unknown:
        raise GameParamError(
            f"{game}: unknown parameter {', '.join(map(repr, unknown))} (parameters: "
            f"{', '.join(known)}; or a house-rule flag by name: {', '.join(flags)})")


def param_players(game: str, value: Any, characters: tuple[str, ...] | None, default: int,
                  lo: int, hi: int) -> int:
    """`players` as a whole number in lo..hi (text: digits); when absent, one per
    character given, else `default`."""
    if value is None:
        return default if characters is None else len(characters)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise GameParamError(f"{game}: players: expected {lo} to {hi}, got {value!r}")
    return value


class HouseRules(Protocol):
    """A game's house-rule flags, as a loader takes them back."""

    def changed(self) -> dict[str, Any]:
        """The flags away from their defaults."""


def rule_changes(game: str, params: Mapping[str, Any], flags: Sequence[str],
                 kind: type[HouseRules]) -> dict[str, Any]:
    """The flags the `rules` parameter (a `kind` or a mapping) changes, with any flag
    given by name (text read as the command line reads it) on top."""
    given = params.get("rules")
    named = {key: parse_value(value) if isinstance(value, str) else value
             for key, value in params.items() if key in flags}
    if given is None:
        base: dict[str, Any] = {}
    elif isinstance(given, kind):
        base = given.changed()
    elif isinstance(given, Mapping):
        base = dict(given)
    else:
        raise GameParamError(f"{game}: rules: expected {kind.__name__} or a mapping of flag "
                             f"to value, got {given!r} (in a game string, give each flag by "
                             f"name: {', '.join(flags)})")
    return {**base, **named}


def param_content(game: str, value: Any, kind: type[C], default: Callable[[], C],
                  load_file: Callable[[str], C]) -> C:
    """`content`: loaded content of `kind`, a content file path, or (absent) `default()`."""
    if value is None:
        return default()
    if isinstance(value, kind):
        return value
    if isinstance(value, str | PathLike) and str(value).strip():
        return load_file(str(value).strip())
    raise GameParamError(f"{game}: content: expected a content file path, got {value!r}")
