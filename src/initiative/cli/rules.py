"""`initiative rules`: every house-rule flag in one line: its default, its other values,
the rule it reads (AMB-nn / IB-x.y.z) and what the values do."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, get_type_hints

from rich.text import Text

from initiative.games.ib.campaign.rules import CampaignRules
from initiative.games.ib.config import RulesConfig, allowed_values
from initiative.games.ib.flag_notes import FLAG_NOTES

SECTIONS: tuple[tuple[str, type], ...] = (
    ("House-rule flags (--rule flag=value; the web form's house rules)", RulesConfig),
    ("Campaign flags (campaign new --campaign-rule flag=value)", CampaignRules),
)


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
    for f in fields(cls):
        value = getattr(default, f.name)
        allowed = allowed_values(hints[f.name])
        others = "any whole number" if allowed is None else \
            ", ".join(_show(v) for v in allowed if v != value or type(v) is not type(value))
        note = FLAG_NOTES[f.name]
        rows.append(FlagRow(f.name, _show(value), others, note.rule, note.text))
    return rows


def _show(value: Any) -> str:
    """A value as typed on the command line (`--rule flag=value`)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def flag_line(row: FlagRow) -> str:
    return f"{row.name} = {row.default} [{row.rule}] (or {row.others}): {row.text}"


def rules_text() -> Text:
    """Each section's title, then one line per flag."""
    text = Text()
    for title, cls in SECTIONS:
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
