"""The text of `initiative simulate`'s shared options that change a run, read for any
game: `--rule FLAG=VALUE`, `--set PATH=VALUE` and `--sweep PATH=LOW..HIGH|V1,V2`. Each
value is read by the game's own reader (its lab part's `read_value`), so a value means
what the game's flags make of it; which paths a game accepts is the game's to say."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from initiative.engine.errors import ConfigError
from initiative.timing.flag_types import parse_value

__all__ = ["Reader", "parse_rule", "parse_setting", "parse_sweep"]

Reader = Callable[[str], Any]
"""How a game reads a value typed on the command line (`true`, `12`, `track_end`)."""


def parse_sweep(text: str, read: Reader = parse_value) -> tuple[str, list[Any]]:
    """`PATH=LOW..HIGH` (whole numbers, inclusive) or `PATH=V1,V2,...` as the path and
    its values; ConfigError names what is wrong."""
    path, sep, spec = text.partition("=")
    path, spec = path.strip(), spec.strip()
    if not sep or not path or not spec:
        raise ConfigError(f"--sweep expects PATH=LOW..HIGH or PATH=V1,V2, got {text!r}")
    if ".." in spec:
        low, _, high = spec.partition("..")
        try:
            a, b = int(low), int(high)
        except ValueError:
            raise ConfigError(f"--sweep {text!r}: a range needs whole numbers") from None
        if a > b:
            raise ConfigError(f"--sweep {text!r}: the range is empty ({a} > {b})")
        return path, list(range(a, b + 1))
    return path, [read(v.strip()) for v in spec.split(",")]


def parse_setting(text: str, read: Reader = parse_value) -> tuple[str, Any]:
    """`PATH=VALUE` (`--set`) as the path and its value."""
    path, sep, value = text.partition("=")
    if not sep or not path.strip() or not value.strip():
        raise ConfigError(f"--set expects PATH=VALUE, got {text!r}")
    return path.strip(), read(value.strip())


def parse_rule(text: str, read: Reader = parse_value) -> tuple[str, Any]:
    """`FLAG=VALUE` (`--rule`) as the flag and its value."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise ConfigError(f"--rule expects flag=value, got {text!r}")
    return name.strip(), read(value.strip())
