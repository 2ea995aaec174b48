"""Lantern race's cards: the content file (`data/cards.json`) read into `Cards`, and its
linter (the game's `lint` part, games/parts.py `ContentLinter`).

A content file is a JSON object `{"cards": [...]}`; each card has a `key` (lower-case
letters), a `name`, how many `copies` the deck holds (1 to 9), and exactly one of
`steps` (a move card: your lantern goes that many steps on, 1 to 9) or `push` (a gust:
the other lantern is blown that many steps back, 1 to 9). The deck must hold enough
cards to deal both hands and draw (`MIN_DECK`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from initiative.engine.errors import ContentError
from initiative.engine.findings import Finding
from initiative.games.parts import ContentLinter, Source

SHIPPED = Path(__file__).parent / "data" / "cards.json"
HAND = 3
"""Cards in a hand (TOY-4): each seat holds this many while the deck lasts."""
MIN_DECK = 2 * HAND + 2
"""Cards a deck needs: both hands dealt and a draw left for each seat."""
FIELDS = ("key", "name", "steps", "push", "copies")
MAX_VALUE = 9


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the content: a move card (`steps`) or a gust (`push`)."""

    key: str
    name: str
    steps: int
    push: int
    copies: int

    @property
    def text(self) -> str:
        """What the card does, in words."""
        return f"move {self.steps}" if self.steps else f"push the other lantern back {self.push}"


@dataclass(frozen=True)
class Cards:
    """The game's cards (numbered by their place in `cards`)."""

    cards: tuple[Card, ...]

    def deck(self, gusts: bool = True) -> list[int]:
        """Every copy of every card, by number (without the gusts when `gusts` is off)."""
        return [n for n, card in enumerate(self.cards) if gusts or not card.push
                for _ in range(card.copies)]


def _value(entry: dict[str, Any], name: str, where: str, found: list[Finding]) -> int:
    """A whole number 1..MAX_VALUE in `entry[name]` (0 when absent or wrong)."""
    value = entry.get(name)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_VALUE:
        found.append(Finding("error", f"{where}.{name}: a whole number 1 to {MAX_VALUE}, "
                                      f"got {value!r}"))
        return 0
    return value


def _card(entry: Any, where: str, found: list[Finding]) -> Card | None:
    """The card of one entry, or None after adding what is wrong with it to `found`."""
    if not isinstance(entry, dict):
        found.append(Finding("error", f"{where}: expected an object, got {entry!r}"))
        return None
    before = len(found)
    found.extend(Finding("error", f"{where}: unknown field {key!r} (fields: "
                                  f"{', '.join(FIELDS)})")
                 for key in entry if key not in FIELDS)
    key, name = entry.get("key"), entry.get("name")
    if not isinstance(key, str) or not key.isalpha() or not key.islower():
        found.append(Finding("error", f"{where}.key: lower-case letters, got {key!r}"))
    if not isinstance(name, str) or not name.strip():
        found.append(Finding("error", f"{where}.name: a name, got {name!r}"))
    steps, push = (_value(entry, field, where, found) for field in ("steps", "push"))
    copies = _value(entry, "copies", where, found)
    if ("steps" in entry) == ("push" in entry):
        found.append(Finding("error", f"{where}: exactly one of steps (a move card) or push "
                                      "(a gust)"))
    if "copies" not in entry:
        found.append(Finding("error", f"{where}.copies: missing"))
    if len(found) > before:
        return None
    return Card(str(key), str(name).strip(), steps, push, copies)


def read_cards(source: Source, found: list[Finding]) -> list[Card]:
    """The cards of one file; what is wrong is added to `found`."""
    try:
        data = json.loads(source.text)
    except ValueError as exc:
        found.append(Finding("error", f"{source.where}: not JSON: {exc}"))
        return []
    entries = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        found.append(Finding("error", f"{source.where}: expected {{\"cards\": [...]}}"))
        return []
    cards = [_card(entry, f"{source.where}: cards[{i}]", found)
             for i, entry in enumerate(entries)]
    return [card for card in cards if card is not None]


def lint(sources: Sequence[Source]) -> list[Finding]:
    """Every finding for files read as one set of cards: each entry, keys used twice,
    a deck too small to deal, a deck without a move card."""
    found: list[Finding] = []
    cards = [card for source in sources for card in read_cards(source, found)]
    where = ", ".join(source.where for source in sources)
    seen: set[str] = set()
    for card in cards:
        if card.key in seen:
            found.append(Finding("error", f"{where}: card {card.key!r} is defined twice"))
        seen.add(card.key)
    if not found and sum(card.copies for card in cards) < MIN_DECK:
        found.append(Finding("error", f"{where}: the deck holds "
                                      f"{sum(card.copies for card in cards)} cards, a game "
                                      f"needs at least {MIN_DECK}"))
    if cards and not any(card.steps for card in cards):
        found.append(Finding("warning", f"{where}: no move card: lanterns go on only by "
                                        "walking and rolling"))
    return found


def load_cards(text: str, where: str) -> Cards:
    """The cards of a content file; ContentError lists every error."""
    source = Source(text, where)
    errors = [f.message for f in lint([source]) if f.is_error]
    if errors:
        raise ContentError("; ".join(errors))
    return Cards(tuple(read_cards(source, [])))


@cache
def shipped_cards() -> Cards:
    """The cards the game ships with (read once)."""
    return load_cards(SHIPPED.read_text(encoding="utf-8"), SHIPPED.name)


def shipped() -> list[tuple[str, str]]:
    """The shipped content file as (text, where)."""
    return [(SHIPPED.read_text(encoding="utf-8"), str(SHIPPED))]


LINTER = ContentLinter(lint=lint, shipped=shipped)
"""`initiative cards lint --game toy [FILE...]`."""
