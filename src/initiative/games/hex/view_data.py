"""The data of a hex view (`HexView.to_dict()`) as TypedDicts: the shape front ends and
bots read (docs/hex.md, "Views"). `HexViewData` is the whole; the rest are its parts.
Hexes are `[q, r]` lists; card keys are the content's keys; a seat's number is its unit.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from initiative.engine.view_cache import LogLine
from initiative.games.view_records import LegalEntry


class BoardData(TypedDict):
    key: str
    name: str
    hexes: list[list[int]]
    walls: list[list[int]]


class StyleHexData(TypedDict):
    """A hex of a Style card's reach: its offset from the unit facing north, and the
    roll that hits there (HX-23, HX-26)."""

    offset: list[int]
    needs: int


class StyleData(TypedDict):
    name: str
    hexes: list[StyleHexData]


class MoveData(TypedDict):
    steps: int
    displace: bool
    power: int


class AttackData(TypedDict):
    dice: int
    barrage: bool
    fumble: bool
    push: bool
    power: int


class ReactionData(TypedDict):
    shields: int
    steps: int | None
    displace: bool
    power: int


class CardData(TypedDict):
    """An Action card's three sections."""

    name: str
    move: MoveData
    attack: AttackData
    reaction: ReactionData


class StaticData(TypedDict):
    """The parts of every view of a game that never change (`view.static_parts`)."""

    seat_names: list[str]
    board: BoardData
    styles: dict[str, StyleData]
    cards: dict[str, CardData]


class UnitData(TypedDict):
    """A seat's unit; `hex` is None once it is off the board."""

    seat: int
    name: str
    character: str
    character_name: str
    style: str
    hex: list[int] | None
    facing: int
    health: int
    max_health: int
    power: int
    alive: bool


class LineData(TypedDict):
    """The initiative line: each card a seat, "special" or None while face down, and
    the position of the card being resolved."""

    cards: list[int | str | None]
    at: int


class PendingData(TypedDict):
    """The decision asked now. `kind`: turn, move, displace, face, fumble, target,
    order, push or react; `rolls` and `hits` by target seat (as text) once rolled."""

    kind: str
    seat: int
    unit: int | None
    steps_left: int
    card: str | None
    section: str | None
    attacker: int | None
    targets: list[int]
    rolls: dict[str, list[int]]
    hits: dict[str, int]


class HexViewData(StaticData):
    """What one seat may know. `hands` (every hand by seat, as text) only in a
    GAME_MASTER's view."""

    game: str
    seat: int
    round: int
    phase: str
    units: list[UnitData]
    line: LineData
    active: int | None
    hand: list[str]
    hands: NotRequired[dict[str, list[str]]]
    hand_counts: list[int]
    deck_counts: list[int]
    discards: list[list[str]]
    pending: PendingData | None
    legal: list[LegalEntry]
    log: list[LogLine]
    winner: int | None
    over: bool
