"""The YAML schema of skirmish content (docs/hex-content.md): boards, Style cards,
Action cards, decks and characters, checked field by field with pydantic.

Unknown fields are errors. What a field means is the rule its compiled form
(`specs`) cites. Errors name the file, the entry and the field.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from initiative.games.content_files import parse_content_file
from initiative.games.hex.geometry import FACING_NAMES, RELATIVE_NAMES

KEY = r"^[a-z][a-z0-9_]*$"
Direction = Literal["front", "front-right", "back-right", "back", "back-left", "front-left"]
POWER_WORDS = {"up": 1, "down": -1, "none": 0}
MAX_POWER = 3


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _power(value: Any) -> Any:
    """`up` (+1), `down` (-1), `none` or a whole number of tokens (HX-22, HX-A3)."""
    if isinstance(value, str):
        word = value.strip().lower()
        if word not in POWER_WORDS:
            raise ValueError(f"expected up, down, none or a whole number, got {value!r}")
        return POWER_WORDS[word]
    return value


class MoveModel(_Strict):
    """The Move section (HX-16..HX-22)."""

    steps: int = Field(ge=0, le=6)
    displace: bool = False
    power: int = Field(0, ge=-MAX_POWER, le=MAX_POWER)

    _power = field_validator("power", mode="before")(_power)


class AttackModel(_Strict):
    """The Attack section (HX-23..HX-29)."""

    dice: int = Field(ge=0, le=6)
    barrage: bool = False
    fumble: bool = False
    push: bool = False
    power: int = Field(0, ge=-MAX_POWER, le=MAX_POWER)

    _power = field_validator("power", mode="before")(_power)


class ReactionModel(_Strict):
    """The Reaction section (HX-30..HX-34); `steps` null (or absent) means no move."""

    shields: int = Field(0, ge=0, le=6)
    steps: int | None = Field(None, ge=0, le=6)
    displace: bool = False
    power: int = Field(0, ge=-MAX_POWER, le=MAX_POWER)

    _power = field_validator("power", mode="before")(_power)


class CardModel(_Strict):
    """An Action card: three sections (HX-12, HX-14)."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    move: MoveModel
    attack: AttackModel
    reaction: ReactionModel = ReactionModel.model_validate({})


class StyleHexModel(_Strict):
    """One hex of a Style card: the path to it from a unit facing north, in directions
    relative to the facing, and the die result that hits there (HX-26)."""

    at: tuple[Direction, ...] = Field(min_length=1, max_length=6)
    needs: Literal[3, 4]

    @field_validator("at", mode="before")
    @classmethod
    def _one_word(cls, value: Any) -> Any:
        """`at: front` is `at: [front]`."""
        return (value,) if isinstance(value, str) else value


class StyleModel(_Strict):
    """A Style card: the hexes its attacks reach (HX-23)."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    hexes: tuple[StyleHexModel, ...] = Field(min_length=1, max_length=18)


class StartModel(_Strict):
    """A start hex `[q, r]` and a facing: 0-5 or N, NE, SE, S, SW, NW."""

    hex: tuple[int, int]
    facing: int

    @field_validator("facing", mode="before")
    @classmethod
    def _facing(cls, value: Any) -> Any:
        if isinstance(value, str) and value.strip().upper() in FACING_NAMES:
            return FACING_NAMES.index(value.strip().upper())
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 5:
            return value
        raise ValueError(f"a facing is 0-5 or one of {', '.join(FACING_NAMES)}, got {value!r}")


class BoardModel(_Strict):
    """A board: a hexagon of `radius` or a list of `hexes`, less `cut`, with `walls`
    among them and start positions for each number of players (HX-A8)."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    radius: int | None = Field(None, ge=1, le=10)
    hexes: tuple[tuple[int, int], ...] = ()
    cut: tuple[tuple[int, int], ...] = ()
    walls: tuple[tuple[int, int], ...] = ()
    starts: dict[int, tuple[StartModel, ...]] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> BoardModel:
        if (self.radius is None) == (not self.hexes):
            raise ValueError("give either radius (a hexagon) or hexes (a list), not both "
                             "or neither")
        return self


class DeckModel(_Strict):
    """A named Action deck: card keys, one entry per copy, in deck order."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    cards: tuple[str, ...] = Field(min_length=1)


class CharacterModel(_Strict):
    """A character: its Style card and its Action deck (a deck key or a card list)."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    style: str
    deck: str | tuple[str, ...]


class ContentFile(_Strict):
    """One content file; every section is optional, so content may span files."""

    default_board: str | None = None
    boards: tuple[BoardModel, ...] = ()
    styles: tuple[StyleModel, ...] = ()
    cards: tuple[CardModel, ...] = ()
    decks: tuple[DeckModel, ...] = ()
    characters: tuple[CharacterModel, ...] = ()


SECTIONS = ("boards", "styles", "cards", "decks", "characters")
RELATIVE = RELATIVE_NAMES
"""The direction words of `StyleHexModel.at`, in facing order (0 = front)."""


def parse_file(text: str, where: str) -> ContentFile:
    """One YAML content document, checked by the schema; ContentError names the file,
    the entry and the field of every problem."""
    return parse_content_file(text, where, ContentFile, SECTIONS)
