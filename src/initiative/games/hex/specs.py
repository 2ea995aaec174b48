"""Compiled content of the skirmish game: boards, Style cards and Action cards as frozen,
slotted records that every state shares and never copies.

The YAML schema (`content`) builds these; the rules read only these, so importing the
state loads neither pydantic nor yaml. What each field means is the rule it cites.
"""

from __future__ import annotations

from dataclasses import dataclass

from initiative.games.hex.geometry import Hex


@dataclass(frozen=True)
class MoveSection:
    """The top of an Action card (HX-14, HX-16..HX-22)."""

    steps: int
    """Hexes to move, exactly (HX-16); 0 turns only (HX-20)."""
    displace: bool = False
    """HX-21: may enter another unit's hex and displace it."""
    power: int = 0
    """HX-22 / HX-A3: Power tokens gained (+) or lost (-) by the player using it."""


@dataclass(frozen=True)
class AttackSection:
    """The middle of an Action card (HX-23..HX-29)."""

    dice: int
    """HX-25: one die per die icon."""
    barrage: bool = False
    """HX-27: attack every unit in range; the attacker orders the reactions."""
    fumble: bool = False
    """HX-28: each target turns the attacker."""
    push: bool = False
    """HX-29: the attacker pushes each target one hex."""
    power: int = 0
    """HX-22 / HX-A3."""


@dataclass(frozen=True)
class ReactionSection:
    """The bottom of an Action card (HX-30..HX-34)."""

    shields: int = 0
    """HX-33: each shield removes one hit."""
    steps: int | None = None
    """HX-34: a reaction move of exactly this many hexes (None: no move). A 0 turns only."""
    displace: bool = False
    """HX-A19: the reaction move may displace only if the section shows it."""
    power: int = 0
    """HX-22 / HX-A3."""


@dataclass(frozen=True)
class ActionCard:
    """An Action card (HX-12, HX-14): three sections; `key` is its content key."""

    key: str
    name: str
    move: MoveSection
    attack: AttackSection
    reaction: ReactionSection


@dataclass(frozen=True)
class StyleHex:
    """One hex of a Style card: its offset from the unit (as if it faced north) and the
    die result that hits there (HX-26: 3 or 4)."""

    offset: Hex
    needs: int


@dataclass(frozen=True)
class StyleCard:
    """A character's Style card: the hexes its attacks reach (HX-23)."""

    key: str
    name: str
    hexes: tuple[StyleHex, ...]


@dataclass(frozen=True)
class Start:
    """Where a player's character starts, and the way it faces."""

    hex: Hex
    facing: int


@dataclass(frozen=True)
class Board:
    """A board (HX-A8): its hexes, the walls among them, and the start positions for
    each number of players (2 to 4)."""

    key: str
    name: str
    hexes: frozenset[Hex]
    """Every hex on the board, walls included."""
    walls: frozenset[Hex]
    starts: dict[int, tuple[Start, ...]]
    """Players -> one start per seat, in seat order."""

    def open(self, h: Hex) -> bool:
        """On the board and not a wall."""
        return h in self.hexes and h not in self.walls


@dataclass(frozen=True)
class Character:
    """A playable character: a name, its Style card key and the Action deck it brings
    (card keys, one entry per copy)."""

    key: str
    name: str
    style: str
    deck: tuple[str, ...]


@dataclass(frozen=True)
class HexContent:
    """All content of one load: every board, Style card, Action card and character by
    key, and the card order that numbers card ids (index into `cards`)."""

    boards: dict[str, Board]
    styles: dict[str, StyleCard]
    cards: tuple[ActionCard, ...]
    characters: dict[str, Character]
    default_board: str

    def card_id(self, key: str) -> int:
        for i, card in enumerate(self.cards):
            if card.key == key:
                return i
        raise KeyError(key)
