"""`initiative rules`: every house-rule flag in one line: its default, its other values,
the rule it reads (AMB-nn / IB-x.y.z, HX-An for `--game hex_skirmish`, TI-An for
`--game the_initiative`) and what the values do."""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Union, get_args, get_origin, get_type_hints

from rich.text import Text

from initiative.games.hex.flag_notes import HEX_FLAG_NOTES
from initiative.games.hex.flags import HexRules
from initiative.games.ib.campaign.rules import CampaignRules
from initiative.games.ib.config import RulesConfig, allowed_values
from initiative.games.ib.flag_notes import FLAG_NOTES, FlagNote
from initiative.games.ti.flag_notes import TI_FLAG_NOTES
from initiative.games.ti.flags import NUMBER_CHOICES, TIRules

SECTIONS: tuple[tuple[str, type], ...] = (
    ("House-rule flags (--rule flag=value; the web form's house rules)", RulesConfig),
    ("Campaign flags (campaign new --campaign-rule flag=value)", CampaignRules),
)
HEX_SECTIONS: tuple[tuple[str, type], ...] = (
    ("Hex skirmish house-rule flags (load_game(\"hex_skirmish\", flag=value); "
     "docs/rules-interpretations.md 5.4)", HexRules),
)
TI_SECTIONS: tuple[tuple[str, type], ...] = (
    ("The Initiative house-rule flags (load_game(\"the_initiative\", flag=value); "
     "docs/rules-interpretations.md 5.5)", TIRules),
)
GAME_SECTIONS = {"initiative_break": SECTIONS, "hex_skirmish": HEX_SECTIONS,
                 "the_initiative": TI_SECTIONS}
"""The flag sections `initiative rules --game NAME` prints."""
NOTES: dict[type, Mapping[str, FlagNote]] = {
    HexRules: {name: FlagNote(*note) for name, note in HEX_FLAG_NOTES.items()},
    TIRules: {name: FlagNote(*note) for name, note in TI_FLAG_NOTES.items()}}
"""Notes of the flag classes that do not use the Initiative Break ones."""
CHOICES: dict[type, Mapping[str, tuple[int, ...]]] = {TIRules: NUMBER_CHOICES}
"""Number flags that take only some whole numbers, by flag class."""


@dataclass(frozen=True)
class FlagRow:
    name: str
    default: str
    others: str
    rule: str
    text: str


def flag_rows(cls: type = RulesConfig) -> list[FlagRow]:
    """One row for every flag of the dataclass `cls`, in declaration order."""
    hints = get_type_hints(cls)
    default = cls()
    rows = []
    notes = NOTES.get(cls, FLAG_NOTES)
    for f in fields(cls):
        value = getattr(default, f.name)
        choices = CHOICES.get(cls, {}).get(f.name)
        others = (_others(hints[f.name], value) if choices is None
                  else ", ".join(_show(v) for v in choices if v != value))
        note = notes[f.name]
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


def rules_text(game: str = "initiative_break") -> Text:
    """Each section's title, then one line per flag (`game`: a key of GAME_SECTIONS)."""
    text = Text()
    for title, cls in GAME_SECTIONS[game]:
        text.append(f"{title}: flag = default [rule] (other values): what it decides\n",
                    style="bold")
        for row in flag_rows(cls):
            text.append(row.name, style="cyan")
            text.append(" = ")
            text.append(row.default, style="bold")
            text.append(flag_line(row)[len(row.name) + 3 + len(row.default):] + "\n")
        text.append("\n")
    text.rstrip()
    return text
