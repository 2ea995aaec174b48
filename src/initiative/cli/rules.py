"""`initiative rules`: every house-rule flag with its default and allowed values."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, get_type_hints

from rich.text import Text

from initiative.games.ib.config import RulesConfig, allowed_values


def flag_rows() -> list[tuple[str, str, str]]:
    """(flag, default, allowed values) for every RulesConfig field, in declaration order."""
    hints = get_type_hints(RulesConfig)
    default = RulesConfig()
    rows = []
    for f in fields(RulesConfig):
        allowed = allowed_values(hints[f.name])
        shown = "any whole number" if allowed is None else ", ".join(map(_show, allowed))
        rows.append((f.name, _show(getattr(default, f.name)), shown))
    return rows


def _show(value: Any) -> str:
    """A value as typed on the command line (`--rule flag=value`)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def rules_text() -> Text:
    """`flag = default` with the allowed values indented below, one flag after another."""
    text = Text("House-rule flags: `flag = default` (change with --rule flag=value)\n",
                style="bold")
    for name, default, allowed in flag_rows():
        text.append(name, style="cyan")
        text.append(" = ")
        text.append(default, style="bold")
        text.append(f"\n    allowed: {allowed}\n")
    text.rstrip()
    return text
