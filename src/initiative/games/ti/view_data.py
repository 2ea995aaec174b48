"""The data of a view of The Initiative (`TIView.to_dict()`) as TypedDicts: the shape
front ends and bots read (docs/the-initiative.md, "What is hidden"). `TIViewData` is
the whole; the rest are its parts. Rooms, tokens, enemies, doors and windows are their
numbers in the setup; piles are named by their key (RUN, INTEL, ...).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from initiative.engine.view_cache import LogLine
from initiative.games.view_records import LegalEntry


class MissionData(TypedDict):
    """The mission as every seat may see it (never its answer)."""

    key: str
    number: int
    name: str
    question: str
    intro: str
    alphabet: list[str]
    answer_positions: int
    answer_area: list[int] | None
    glyphs: list[str]


class GlyphData(TypedDict):
    name: str
    mark: str


class RoomPlaceData(TypedDict):
    """A room and where the board draws it."""

    key: str
    name: str
    col: int
    row: int


class LinkData(TypedDict):
    """A passage between rooms `a` and `b`: `kind` open, wall_token or door (then its
    number and whether it is `locked`)."""

    a: int
    b: int
    kind: str
    locked: bool
    door: int | None


class BoardData(TypedDict):
    key: str
    name: str
    cols: int
    rows: int
    rooms: list[RoomPlaceData]
    links: list[LinkData]


class StaticData(TypedDict):
    """The parts of every view of a game that never change (`view.static_parts`; a
    view's `board` adds the doors to the links)."""

    seat_names: list[str]
    mission: MissionData
    glyphs: dict[str, GlyphData]
    board: BoardData


class CardData(TypedDict):
    """A resource card: `suit` None for a time card (`time`: how many)."""

    id: int
    key: str
    suit: str | None
    value: int
    time: int


class TokenData(TypedDict):
    """A face-up clue token or a feature (`on_mission` False for a feature)."""

    id: int
    kind: str
    glyph: str | None
    icon: str | None
    blue: bool
    pile: str | None
    on_mission: bool


class RoomData(TypedDict):
    """What lies in a room: face-down tokens as a count (`stack`)."""

    stack: int
    face_up: list[TokenData]
    features: list[TokenData]
    characters: list[int]
    enemies: list[int]


class WindowData(TypedDict):
    """A console window: `symbols` None while closed, until the game is over."""

    glyph: str
    open: bool
    symbols: list[str] | None


class ConsoleData(TypedDict):
    windows: list[WindowData]


class CharacterData(TypedDict):
    seat: int
    key: str
    name: str
    ability: str
    text: str
    room: int


class AbilityData(TypedDict):
    icon: str
    text: str


class EnemyData(TypedDict):
    """An enemy: `room` None once defeated; `totals` the value tucked under it by suit."""

    key: str
    name: str
    suits: list[str]
    strength: int
    room: int | None
    defeated: bool
    tucked: list[CardData]
    totals: dict[str, int]
    abilities: list[AbilityData]


class PileData(TypedDict):
    """An action pile: its cards (last on top) and the counter intel tokens on it."""

    key: str
    top: CardData | None
    cards: list[CardData]
    counter_intel: list[int]


class SecretData(TypedDict):
    key: str
    title: str
    text: str


class PendingData(TypedDict):
    """The decision asked now: `kind` is the frame's tag name; `answer` the symbols
    entered so far, `votes` by seat (as text) while voting."""

    kind: str
    seat: int
    left: int | None
    room: int | None
    enemy: int | None
    token: int | None
    answer: list[str]
    votes: dict[str, bool]


class ResultData(TypedDict):
    """The end: `reason` solved or why it was lost; the answer and what was entered."""

    won: bool
    reason: str | None
    answer: list[str]
    entered: list[str] | None
    story: str


class TIViewData(StaticData):
    """What one seat may know. `hands` (every hand by seat, as text) only in a
    GAME_MASTER's view; `deck_top` only for the seat whose Lookout put those cards
    back, while they are on top."""

    game: str
    seat: int
    rooms: list[RoomData]
    console: ConsoleData
    characters: list[CharacterData]
    enemies: list[EnemyData]
    piles: list[PileData]
    hand: list[CardData]
    hands: NotRequired[dict[str, list[CardData]]]
    hand_counts: list[int]
    deck_count: int
    discard: list[CardData]
    discard_time: int
    peril: bool
    time_limit: int
    deck_top: NotRequired[list[CardData]]
    turn: int
    active: int | None
    first: int | None
    actions_taken: int
    tucked: bool
    proposals: int
    phase: str
    pending: PendingData | None
    secrets: list[SecretData]
    legal: list[LegalEntry]
    tokens_gone: list[int]
    tokens_collected: list[int]
    log: list[LogLine]
    result: ResultData | None
    over: bool
