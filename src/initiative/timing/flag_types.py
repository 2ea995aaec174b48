"""Checking house-rule flag values against the types their dataclass declares.

Both tracker rule sets (:class:`~initiative.timing.ticks_rules.TickRules`,
:class:`~initiative.timing.cards_rules.CardRoundRules`) are frozen dataclasses whose
fields are ``bool``, ``int``, ``Literal[...]`` or optional ones; ``from_dict`` uses
:func:`flag_problems` so a saved file or a form cannot smuggle in ``wait_model="foo"``.
"""

from __future__ import annotations

import types
import typing
from dataclasses import fields
from typing import Any

__all__ = ["allowed_values", "expected", "fits", "flag_problems", "parse_flag_value",
           "parse_value"]


def parse_value(text: str) -> Any:
    """A typed value from text: true/false, none/null, a whole number, else the text."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text.strip()


def parse_flag_value(text: str) -> Any:
    """A flag value typed on a command line (`true`, `12`, `track_end`): like
    :func:`parse_value`, but `none` stays text (Initiative Break's ``heal_cap=none`` is one
    of its words)."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered.lstrip("-").isdigit():
        return int(lowered)
    return text.strip()


def allowed_values(hint: Any) -> tuple[Any, ...] | None:
    """The values a flag of type ``hint`` (bool, int or a ``Literal``) accepts; None: any
    whole number."""
    if hint is bool:
        return (True, False)
    if hint is int:
        return None
    return tuple(typing.get_args(hint))


def fits(hint: Any, value: Any) -> bool:
    """Whether ``value`` has the type ``hint`` (bool is not an int here)."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(fits(h, value) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def expected(hint: Any) -> str:
    """What ``hint`` accepts, in words."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return "one of " + ", ".join(str(a) for a in typing.get_args(hint))
    if origin in (typing.Union, types.UnionType):
        return " or ".join(expected(h) for h in typing.get_args(hint))
    names = {bool: "true or false", int: "a whole number", type(None): "none"}
    return names.get(hint, getattr(hint, "__name__", str(hint)))


def flag_problems(cls: type[Any], data: dict[str, Any]) -> list[str]:
    """Every unknown flag and every value of the wrong type in ``data``."""
    hints = typing.get_type_hints(cls)
    known = [f.name for f in fields(cls)]
    problems: list[str] = []
    for flag, value in data.items():
        if flag not in known:
            problems.append(f"unknown flag {flag!r} (flags: {', '.join(sorted(known))})")
        elif not fits(hints[flag], value):
            problems.append(f"{flag} must be {expected(hints[flag])}, got {value!r}")
    return problems
