"""`initiative rules`: every house-rule flag of a game in one line: its default, its
other values, the rule it reads (AMB-nn / IB-x.y.z for Initiative Break, HX-An for the
hex skirmish game, TI-An for The Initiative) and what the values do. The flags and their
notes are the game's `rules` part (games/parts.py `RulesListing`); the lines are drawn
here, alike for every game."""

from __future__ import annotations

import types
from dataclasses import dataclass, fields
from typing import Any, Union, get_args, get_origin, get_type_hints

from rich.text import Text

from initiative.games.parts import RulesListing, RulesSection
from initiative.timing.flag_types import allowed_values


@dataclass(frozen=True)
class FlagRow:
    name: str
    default: str
    others: str
    rule: str
    text: str


def flag_rows(section: RulesSection) -> list[FlagRow]:
    """One row for every flag of the section, in declaration order."""
    cls = section.flags
    hints = get_type_hints(cls)
    default = cls()
    rows = []
    for f in fields(cls):
        value = getattr(default, f.name)
        choices = section.choices.get(f.name)
        others = (_others(hints[f.name], value) if choices is None
                  else ", ".join(_show(v) for v in choices if v != value))
        note = section.notes[f.name]
        rows.append(FlagRow(f.name, _show(value), others, note.rule, note.text))
    return rows


def _others(hint: Any, value: Any) -> str:
    """The values a flag takes besides `value`, as `initiative rules` lists them."""
    if get_origin(hint) in (Union, types.UnionType):  # e.g. int | None
        parts = [_others(h, value) for h in get_args(hint)]
        return ", ".join(p for p in parts if p)
    if hint is type(None):
        return "" if value is None else "none"
    allowed = allowed_values(hint)
    if allowed is None:
        return "any whole number"
    return ", ".join(_show(v) for v in allowed if v != value or type(v) is not type(value))


def _show(value: Any) -> str:
    """A value as typed on the command line (`--rule flag=value`)."""
    return str(value).lower() if isinstance(value, bool | None) else str(value)


def flag_line(row: FlagRow) -> str:
    others = f"or {row.others}" if row.others else "no other value"
    return f"{row.name} = {row.default} [{row.rule}] ({others}): {row.text}"


def rules_text(listing: RulesListing) -> Text:
    """Each section's title, then one line per flag."""
    text = Text()
    for section in listing.sections:
        text.append(f"{section.title}: flag = default [rule] (other values): what it "
                    "decides\n", style="bold")
        for row in flag_rows(section):
            text.append(row.name, style="cyan")
            text.append(" = ")
            text.append(row.default, style="bold")
            text.append(flag_line(row)[len(row.name) + 3 + len(row.default):] + "\n")
        text.append("\n")
    text.rstrip()
    return text
