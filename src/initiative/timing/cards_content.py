"""Cards, characters and original sample content for card initiative rounds.

The seed (004) gives no deck composition, card values, Attribute list or Initiative
ranges (OTHER-RULINGS 5c). The sample deck ``sample_40`` (FA-A12) is four suits of
values 1-10; some cards carry an ``ambience`` or ``proficiency`` effect tag so tests can
check that an initiative card triggers no effect (FA-4). All names are our own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Side = Literal["pc", "npc"]

SUITS: tuple[str, ...] = ("ember", "brine", "loam", "gale")


@dataclass(frozen=True, slots=True)
class Card:
    """One card: an integer value, a suit and an optional effect tag (never triggered
    when played as an initiative card, FA-4)."""

    suit: str
    value: int
    effect: str | None = None

    def label(self) -> str:
        tag = f" [{self.effect}]" if self.effect else ""
        return f"{self.value} of {self.suit}{tag}"

    def to_list(self) -> list[Any]:
        return [self.suit, self.value, self.effect]

    @classmethod
    def from_list(cls, data: list[Any]) -> Card:
        suit, value, effect = data
        return cls(str(suit), int(value), effect)


def sample_40() -> list[Card]:
    """The ``sample_40`` deck (FA-A12): 4 suits x values 1-10, unshuffled.

    Value 7 cards carry ``ambience`` and value 3 cards ``proficiency`` (tags only).
    """
    tags = {7: "ambience", 3: "proficiency"}
    return [Card(s, v, tags.get(v)) for s in SUITS for v in range(1, 11)]


@dataclass(frozen=True, slots=True)
class Character:
    """A roster entry: a player character (its player owns its deck) or an NPC (the
    game master's deck). ``attributes`` maps Attribute name to rating (FA-18)."""

    name: str
    side: Side
    initiative: int
    attributes: tuple[tuple[str, int], ...] = field(default=())

    def attribute(self, name: str) -> int | None:
        for key, rating in self.attributes:
            if key == name:
                return rating
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "side": self.side,
            "initiative": self.initiative,
            "attributes": [list(a) for a in self.attributes],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Character:
        side = data["side"]
        if side not in ("pc", "npc"):
            raise ValueError(f"character {data.get('name')!r}: side must be pc or npc")
        return cls(
            str(data["name"]),
            side,
            int(data["initiative"]),
            tuple((str(k), int(v)) for k, v in data.get("attributes", ())),
        )


def pc(name: str, initiative: int, **attributes: int) -> Character:
    return Character(name, "pc", initiative, tuple(attributes.items()))


def npc(name: str, initiative: int, **attributes: int) -> Character:
    return Character(name, "npc", initiative, tuple(attributes.items()))


def sample_roster() -> list[Character]:
    """Original sample characters (OTHER-RULINGS 5c shape, our own names)."""
    return [
        pc("Vessa", 3, agility=3, strength=2, wits=2),
        pc("Orrin", 5, agility=2, strength=3, wits=1),
        pc("Talwyn", 1, agility=1, strength=1, wits=4),
        pc("Marek", 2, agility=2, strength=2, wits=2),
        npc("Bailiff", 2, strength=2, agility=1),
        npc("Bailiff2", 2, strength=2, agility=1),
        npc("Reeve", 4, strength=3, wits=2),
        npc("Mastiff", 5, agility=3),
    ]
