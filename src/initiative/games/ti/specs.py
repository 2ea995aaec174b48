"""Compiled content of The Initiative: cards, boards, glyphs, characters, enemies,
secrets and missions as frozen, slotted records that every state shares.

The YAML schema (`schema`/`content`) builds these; the rules read only these, so
importing the state loads neither pydantic nor yaml. Rooms, cards, glyphs and tokens are
numbered by their index in the tuples here; actions and views use those numbers.
All content is original (OTHER-RULINGS 3c lists what the seed leaves out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Icon = Literal["crescent", "spiral"]
"""TI-24: the two sub-icons some tokens carry under their glyph; enemies react to them
(TI-40)."""
ICONS: tuple[Icon, ...] = ("crescent", "spiral")

TokenKind = Literal[
    "glyph",  # TI-21/TI-22: collectable; opens the windows showing it
    "keypad",  # TI-32: collectable; unlocks one locked door
    "computer",  # TI-33: collectable; discards a tripwire, safe, camera, alarm or counter intel
    "camera",  # TI-28 (brown): end-of-turn deck discards in its room
    "gas",  # TI-29 (yellow): each player in the room loses a random card
    "counter_intel",  # TI-30: blocks the action pile named by `pile` (INTEL reveals only)
    "alarm",  # TI-34 (brown): GATHER/INTEL in its room must use the highest card
    "master_camera",  # TI-35, TI-A8: collectable; a camera while face-up on the board
    "master_alarm",  # TI-35, TI-A8: collectable; an alarm while face-up on the board
    "blank",  # no effect (a token with only a sub-icon, or nothing)
]
TOKEN_KINDS: tuple[TokenKind, ...] = (
    "glyph", "keypad", "computer", "camera", "gas", "counter_intel", "alarm",
    "master_camera", "master_alarm", "blank")
COLLECTABLE: frozenset[TokenKind] = frozenset(
    {"glyph", "keypad", "computer", "master_camera", "master_alarm"})
"""TI-21, TI-32, TI-33, TI-35: tokens a GATHER may collect."""
BROWN_TRAPS: frozenset[TokenKind] = frozenset({"camera", "alarm", "counter_intel"})
"""TI-26: traps that stay where they were revealed (the counter intel goes to its
action card under TI-30)."""
DISARMABLE: frozenset[str] = frozenset(
    {"laser_tripwire", "safe", "camera", "alarm", "counter_intel"})
"""TI-33/TI-35: what computer access and the master tokens may discard (token kinds and
feature kinds)."""

FeatureKind = Literal["entrance", "laser_tripwire", "safe", "camera", "alarm"]
"""Feature tokens a mission places at setup (TI-4): the entrance, a tripwire (TI-38), a
safe (TI-37), and brown traps placed face-up from the start."""
FEATURE_KINDS: tuple[FeatureKind, ...] = ("entrance", "laser_tripwire", "safe", "camera",
                                          "alarm")


@dataclass(frozen=True)
class ResourceCard:
    """A resource card (TI-6): a suit and a value, or a time card (TI-49, TI-51)."""

    key: str
    suit: str | None
    """None for time cards."""
    value: int
    """1..12 on the shipped deck; 0 for time cards."""
    time: int = 0
    """Time icons: 0 for a resource card, 1 or 2 for a time card (TI-51)."""


@dataclass(frozen=True)
class Room:
    """A room of a board, drawn at grid cell (col, row)."""

    key: str
    name: str
    col: int
    row: int


@dataclass(frozen=True)
class Board:
    """A board side (TI-2): rooms and the printed passageways between them (TI-17).
    Two rooms without a passage are split by a printed wall."""

    key: str
    name: str
    rooms: tuple[Room, ...]
    passages: tuple[tuple[int, int], ...]
    """Room index pairs, lower index first, sorted."""
    cols: int
    rows: int

    def room_index(self, key: str) -> int:
        for i, room in enumerate(self.rooms):
            if room.key == key:
                return i
        raise KeyError(key)


@dataclass(frozen=True)
class Glyph:
    """A glyph (TI-21): a key, a readable name and the short mark drawn for it."""

    key: str
    name: str
    mark: str


@dataclass(frozen=True)
class TokenSpec:
    """One clue token's face (TI-19..TI-38)."""

    kind: TokenKind
    glyph: str | None = None
    """The glyph key, for `glyph` tokens."""
    icon: Icon | None = None
    """TI-24 sub-icon."""
    pile: int | None = None
    """TI-30: the action pile (index into actions.PILES) a counter intel token blocks."""
    blue: bool = False
    """TI-31: a blue token (bonus glyphs live only on these)."""
    story: str | None = None
    """TI-16 hook: designer text shown when this token is revealed."""


@dataclass(frozen=True)
class Stack:
    """A room's face-down clue stack at setup (TI-4): `tan` tokens dealt from the
    mission's shuffled tan pool, shuffled together with the mission's `extra` tokens
    (blue ones, TI-31)."""

    room: int
    tan: int
    extra: tuple[TokenSpec, ...] = ()


@dataclass(frozen=True)
class Feature:
    """A feature token placed at setup (TI-4) in `room`."""

    kind: FeatureKind
    room: int


@dataclass(frozen=True)
class Door:
    """A locked door (TI-36) on the passage between rooms a and b (a < b)."""

    a: int
    b: int


@dataclass(frozen=True)
class Window:
    """A console window (TI-5, TI-22): the glyph printed on it and the symbols it hides
    (one, or several inside an Answer area, TI-55)."""

    glyph: str
    symbols: tuple[str, ...]


@dataclass(frozen=True)
class EnemyAbility:
    """What an enemy does when a token with `icon` is revealed (TI-40).

    `effect` is one of: `move_toward` (move `rooms` rooms toward `target`, TI-42),
    `discard_random_here` (each player in the enemy's room discards `count` random
    cards), `burn_deck` (discard `count` cards from the top of the resource deck)."""

    icon: Icon
    effect: Literal["move_toward", "discard_random_here", "burn_deck"]
    target: Literal["nearest_player", "nearest_stack", "entrance"] | None = None
    rooms: int = 0
    count: int = 0
    text: str = ""


@dataclass(frozen=True)
class Enemy:
    """An enemy card (TI-39..TI-46): its suits (three for the any-suit enemy, TI-46) and
    strength."""

    key: str
    name: str
    suits: tuple[str, ...]
    strength: int
    abilities: tuple[EnemyAbility, ...]


@dataclass(frozen=True)
class Placement:
    """An enemy of a mission and the room its standee starts in (TI-39)."""

    enemy: str
    room: int


SpecialAbility = Literal["move_2", "reveal_here", "disarm_nearby", "arrange_top_3"]
"""The character special actions the rules engine knows (TI-13)."""


@dataclass(frozen=True)
class Character:
    """A character card: a name and its special action (TI-13)."""

    key: str
    name: str
    ability: SpecialAbility
    text: str


@dataclass(frozen=True)
class Secret:
    """A secret card (TI-25)."""

    key: str
    title: str
    text: str


@dataclass(frozen=True)
class Story:
    """TI-16 hook: a mission's designer text, shown before play and after it."""

    intro: str = ""
    win: str = ""
    loss: str = ""


@dataclass(frozen=True)
class Mission:
    """A mission card (TI-2..TI-5, TI-54, TI-55): the board side, the clue stacks and
    the tan pool they are dealt from, features, doors and wall tokens, the console, the
    question and answer, enemies and secrets."""

    key: str
    number: int
    name: str
    question: str
    board: str
    stacks: tuple[Stack, ...]
    tan_pool: tuple[TokenSpec, ...]
    """TI-3: the tan tokens this mission shuffles and deals; their count equals the sum
    of `Stack.tan`."""
    features: tuple[Feature, ...]
    doors: tuple[Door, ...]
    walls: tuple[tuple[int, int], ...]
    """Wall tokens (TI-17) closing printed passages: room index pairs, lower first."""
    windows: tuple[Window, ...]
    answer_area: tuple[int, int] | None
    """TI-55: the first and last window (inclusive) under the Answer area, or None when
    every window is part of the answer."""
    alphabet: tuple[str, ...]
    """TI-A16: the symbols an answer position may be entered as."""
    enemies: tuple[Placement, ...] = ()
    back_secret: str | None = None
    """TI-25: taken at setup, before play."""
    face_secret: str | None = None
    """TI-25: taken after the mission, win or lose."""
    story: Story = Story()
    difficulty: int = 1

    @property
    def answer_windows(self) -> tuple[int, ...]:
        """The windows whose symbols are the answer (TI-55)."""
        if self.answer_area is None:
            return tuple(range(len(self.windows)))
        first, last = self.answer_area
        return tuple(range(first, last + 1))

    @property
    def answer(self) -> tuple[str, ...]:
        """The answer, one symbol per position (TI-54, TI-55)."""
        return tuple(s for w in self.answer_windows for s in self.windows[w].symbols)

    @property
    def glyph_keys(self) -> frozenset[str]:
        """The glyphs printed on the mission (TI-20: others may be removed)."""
        return frozenset(w.glyph for w in self.windows)


@dataclass(frozen=True)
class TIContent:
    """All content of one load, and the order that numbers resource cards (index into
    `cards`). `campaign` lists mission keys in campaign order (TI-57)."""

    cards: tuple[ResourceCard, ...]
    glyphs: dict[str, Glyph]
    boards: dict[str, Board]
    characters: dict[str, Character]
    enemies: dict[str, Enemy]
    secrets: dict[str, Secret]
    missions: dict[str, Mission]
    campaign: tuple[str, ...]

    @property
    def default_mission(self) -> str:
        """The first mission of the campaign (TI-2: mission #1 for a first game)."""
        return self.campaign[0]

    def card_id(self, key: str) -> int:
        for i, card in enumerate(self.cards):
            if card.key == key:
                return i
        raise KeyError(key)
