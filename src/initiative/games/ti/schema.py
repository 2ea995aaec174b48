"""The YAML schema of The Initiative's content (docs/the-initiative-content.md): the
resource deck, glyphs, boards, characters, enemies, secrets, missions and the campaign,
checked field by field with pydantic.

Unknown fields are errors. What a field means is the rule its compiled form (`specs`)
cites. Errors name the file, the entry and the field. Cross-references (a room of the
board, a glyph, a secret) are the validator's (`validate`), which lists every problem.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from initiative.games.content_files import parse_content_file
from initiative.games.ti.actions import MAX_TOKENS
from initiative.games.ti.specs import FeatureKind, Icon, SpecialAbility, TokenKind

KEY = r"^[a-z][a-z0-9_]*$"
Pair = tuple[str, str]
"""Two room keys: a passage, a door or a wall token."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _symbols(value: Any) -> Any:
    """A string is one symbol per character (`"427"` is 4, 2, 7); a list is taken as is
    (for symbols longer than one character)."""
    if isinstance(value, str):
        return tuple(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return tuple(str(value))
    return value


class TimeCardModel(_Strict):
    """A time card (TI-49, TI-51): its key and time icons."""

    key: str = Field(pattern=KEY)
    time: int = Field(ge=1, le=2)


class DeckModel(_Strict):
    """The resource deck (TI-6): one card per suit and value, keys `suit_value`, then the
    time cards."""

    suits: tuple[str, ...] = Field(min_length=1, max_length=4)
    values: tuple[int, int]
    """The lowest and the highest value."""
    time_cards: tuple[TimeCardModel, ...] = Field(min_length=1)

    @field_validator("suits")
    @classmethod
    def _suit_keys(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for suit in value:
            if not suit or not suit[0].isalpha() or not suit.replace("_", "").isalnum() \
                    or suit != suit.lower():
                raise ValueError(f"a suit is a lower-case word, got {suit!r}")
        if len(set(value)) != len(value):
            raise ValueError("a suit is listed twice")
        return value

    @field_validator("values")
    @classmethod
    def _range(cls, value: tuple[int, int]) -> tuple[int, int]:
        low, high = value
        if not 1 <= low <= high <= 99:
            raise ValueError(f"expected [lowest, highest] with 1 <= lowest <= highest <= 99, "
                             f"got {list(value)}")
        return value


class GlyphModel(_Strict):
    """A glyph (TI-21); `bonus` glyphs live only on blue tokens (TI-31)."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    mark: str = Field(min_length=1, max_length=4)
    bonus: bool = False


class RoomModel(_Strict):
    """A room, drawn at grid cell (col, row)."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    col: int = Field(ge=0, le=15)
    row: int = Field(ge=0, le=15)


class BoardModel(_Strict):
    """A board side (TI-2): rooms and the printed passageways (TI-17)."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    cols: int = Field(ge=1, le=16)
    rows: int = Field(ge=1, le=16)
    rooms: tuple[RoomModel, ...] = Field(min_length=1)
    passages: tuple[Pair, ...] = ()


class CharacterModel(_Strict):
    """A character and its special action (TI-13)."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    ability: SpecialAbility
    text: str = Field(min_length=1)


class AbilityModel(_Strict):
    """An enemy ability (TI-40): what a revealed `icon` makes the enemy do."""

    icon: Icon
    effect: Literal["move_toward", "discard_random_here", "burn_deck"]
    target: Literal["nearest_player", "nearest_stack", "entrance"] | None = None
    rooms: int = Field(0, ge=0, le=6)
    count: int = Field(0, ge=0, le=4)
    text: str = Field(min_length=1)


class EnemyModel(_Strict):
    """An enemy card (TI-39..TI-46)."""

    key: str = Field(pattern=KEY)
    name: str = Field(min_length=1)
    suits: tuple[str, ...] = Field(min_length=1)
    strength: int = Field(ge=1, le=99)
    abilities: tuple[AbilityModel, ...] = ()


class SecretModel(_Strict):
    """A secret card (TI-25)."""

    key: str = Field(pattern=KEY)
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)


class TokenModel(_Strict):
    """A clue token face (TI-19..TI-38), `count` copies of it."""

    kind: TokenKind
    glyph: str | None = None
    icon: Icon | None = None
    pile: str | None = None
    """Counter intel: the action pile it blocks (run, intel, gather, regroup)."""
    story: str | None = Field(None, min_length=1)
    """TI-16 hook: text shown when the token is revealed."""
    count: int = Field(1, ge=1, le=MAX_TOKENS)


class StackModel(_Strict):
    """A room's clue stack at setup (TI-4): `tan` tokens from the tan pool, plus `extra`
    blue tokens (TI-31)."""

    room: str
    tan: int = Field(ge=0, le=MAX_TOKENS)
    extra: tuple[TokenModel, ...] = ()


class FeatureModel(_Strict):
    """A feature token placed at setup (TI-4)."""

    kind: FeatureKind
    room: str


class WindowModel(_Strict):
    """A console window: its glyph and the symbols it hides (TI-22, TI-55)."""

    glyph: str
    symbols: tuple[str, ...] = Field(min_length=1)

    _symbols = field_validator("symbols", mode="before")(_symbols)


class StoryModel(_Strict):
    """TI-16 hook: the mission's designer text."""

    intro: str = ""
    win: str = ""
    loss: str = ""


class PlacementModel(_Strict):
    """An enemy of the mission and its starting room (TI-39)."""

    enemy: str
    room: str


class MissionModel(_Strict):
    """A mission card (TI-2..TI-5, TI-25, TI-54, TI-55)."""

    key: str = Field(pattern=KEY)
    number: int = Field(ge=1, le=999)
    name: str = Field(min_length=1)
    difficulty: int = Field(1, ge=1, le=5)
    question: str = Field(min_length=1)
    board: str
    story: StoryModel = StoryModel()
    alphabet: tuple[str, ...] = Field(min_length=2)
    answer: tuple[str, ...] = Field(min_length=1)
    windows: tuple[WindowModel, ...] = Field(min_length=1)
    answer_area: tuple[int, int] | None = None
    tan_pool: tuple[TokenModel, ...] = Field(min_length=1)
    stacks: tuple[StackModel, ...] = Field(min_length=1)
    features: tuple[FeatureModel, ...] = Field(min_length=1)
    doors: tuple[Pair, ...] = ()
    walls: tuple[Pair, ...] = ()
    enemies: tuple[PlacementModel, ...] = ()
    back_secret: str | None = None
    face_secret: str | None = None

    _alphabet = field_validator("alphabet", mode="before")(_symbols)
    _answer = field_validator("answer", mode="before")(_symbols)


class ContentFile(_Strict):
    """One content file; every section is optional, so content may span files and a
    file may add to (or replace, key by key) the shipped content."""

    deck: DeckModel | None = None
    glyphs: tuple[GlyphModel, ...] = ()
    boards: tuple[BoardModel, ...] = ()
    characters: tuple[CharacterModel, ...] = ()
    enemies: tuple[EnemyModel, ...] = ()
    secrets: tuple[SecretModel, ...] = ()
    missions: tuple[MissionModel, ...] = ()
    campaign: tuple[str, ...] | None = None


SECTIONS = ("deck", "glyphs", "boards", "characters", "enemies", "secrets", "missions",
            "campaign")


def parse_file(text: str, where: str) -> ContentFile:
    """One YAML content document, checked by the schema; ContentError names the file,
    the entry and the field of every problem."""
    return parse_content_file(text, where, ContentFile, SECTIONS)
