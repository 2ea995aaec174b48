"""What the how-to-play pages of the games played one decision at a time share (server/
hex_guide.py, server/ti_guide.py; template _action_guide.html): a topic of the rules in
short, and the house-rule table's rows read from the game's rules dataclass and its flag
notes (so the page cannot drift from the game)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from initiative.games.parts import RulesSection


@dataclass(frozen=True)
class Topic:
    """One section of the rules in short: its anchor, title, rule ids and paragraphs."""

    key: str
    title: str
    rules: str
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class FlagRow:
    """One line of a how-to-play page's house-rule table."""

    name: str
    rule_id: str
    default: str
    note: str


def _shown(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):  # as the notes and the rulings write it
        return "true" if value else "false"
    return str(value)


def flag_rows(section: RulesSection) -> list[FlagRow]:
    """Every flag of a game's rules section (its `rules` part), its ruling id, its
    default and what its values do."""
    default = section.flags()
    rows = []
    for f in fields(section.flags):
        found = section.notes.get(f.name)
        rows.append(FlagRow(f.name, found.rule if found else "",
                            _shown(getattr(default, f.name)), found.text if found else ""))
    return rows
