"""Questions a player may ask at any prompt of `initiative play` without spending the
decision: `help` (commands and the rules in short), `help TOPIC`, `card NAME` and
`unit NAME` (the same full text as the web table's details, games/ib/text/details.py).

`unit NAME` looks among the units the seat's screen shows (by label or name). `card
NAME` looks first among the cards the seat may know are somewhere (its hand, Sigils and
Supports in play, visible discards), then in the whole card list of the game's content:
card texts are public, and naming a card says nothing about who holds it.
"""

from __future__ import annotations

from initiative.games.ib.match import Match
from initiative.games.ib.text import details, guide
from initiative.games.ib.view import IBView

COMMANDS = (
    ("NUMBER or move text", "choose that action (the numbered list, or e.g. `target wren`)"),
    ("help", "this list; `help TOPIC` explains one rules topic"),
    ("card NAME", "a card's full text (any card of the game, by name or its start)"),
    ("unit NAME", "a unit's full text: stats, attacks, Keystone, Sigils, statuses"),
    ("q", "quit (a record, if asked for, is still saved)"),
)


def help_text() -> str:
    lines = ["Commands (none of them spends your decision, except a choice):"]
    lines.extend(f"  {name:<20} {what}" for name, what in COMMANDS)
    lines.append("Rules in short (`help TOPIC` for more; the web table's How to play page "
                 "has the same sections):")
    lines.extend(f"  {t.key:<11} {t.title}: {t.summary} ({t.rules})" for t in guide.TOPICS)
    lines.append(guide.FLAGS_NOTE)
    return "\n".join(lines)


def topic_text(name: str) -> str:
    found = guide.topic(name)
    if found is None:
        keys = ", ".join(t.key for t in guide.TOPICS)
        return f"No help topic {name!r}; topics: {keys}."
    return "\n".join([f"{found.title} ({found.rules})",
                      *(f"  {p}" for p in found.paragraphs)])


def _choices(kind: str, names: list[str]) -> str:
    return f"{len(names)} {kind}s match: {', '.join(names)}. Type more of the name."


def card_answer(view: IBView, name: str) -> str:
    if not name:
        return "card NAME: name a card (or the start of its name), e.g. `card blaze`."
    found = details.find_card(view, name)
    names = sorted({view.card_name(c) for c in found})
    if not found:
        return f"No card is called {name!r}."
    if len(names) > 1:
        return _choices("card", names)
    return details.card_details(view.content, found[0]).plain()


def unit_answer(view: IBView, match: Match, name: str) -> str:
    if not name:
        return "unit NAME: name a unit by its label or name, e.g. `unit wren`."
    found = details.find_unit(view, name)
    if not found:
        shown = ", ".join(u.label for u in details.shown_units(view))
        return f"No unit {name!r} on this table (units: {shown})."
    if len(found) > 1:
        return _choices("unit", [f"{u.label} ({u.name})" for u in found])
    return details.unit_details(view, match, found[0]).plain()


def answer(text: str, view: IBView, match: Match) -> str | None:
    """The text to print when `text` is one of these questions; None for anything else
    (a choice, handled by the caller)."""
    command, _, rest = text.strip().partition(" ")
    command, rest = command.lower(), rest.strip()
    if command in ("help", "?", "h"):
        return topic_text(rest) if rest else help_text()
    if command == "card":
        return card_answer(view, rest)
    if command == "unit":
        return unit_answer(view, match, rest)
    return None
