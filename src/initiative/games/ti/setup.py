"""One game's setup (TI-1..TI-7): the content, the mission and its board, one seat per
character, the house rules, and the secrets the campaign has already gained.

The setup is public information (every player knows the mission card's back, the board,
the characters and the tokens a mission uses), so it is also what bots are given.

Token instances are numbered once here and used by actions and views: the mission's tan
pool first (`0 .. len(tan_pool) - 1`), then each stack's extra (blue) tokens in stack
order, then the features placed at setup (TI-4). A clue token's number says nothing of
where it lies: tan tokens are dealt to stacks at random (TI-3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from initiative.games.seat_names import seat_label
from initiative.games.ti.flags import TIRules
from initiative.games.ti.specs import Board, Character, Feature, Mission, TIContent, TokenSpec


def character_seat_label(content: TIContent, player: str, character: str) -> str:
    """The one name of a seat whose player is `player`, playing the character keyed
    `character` (its key if the content has no such character): what `SeatSetup.label`
    says once the game is built, for a front end that has only the choices."""
    known = content.characters.get(character)
    return seat_label(player, known.name if known is not None else character)


@dataclass(frozen=True)
class SeatSetup:
    """A seat: the person's name and the character they play (TI-1)."""

    name: str
    """The player's name (``Player N`` when nobody names the seat; a solo player's
    characters share it, TI-A17)."""
    character: Character

    @property
    def label(self) -> str:
        """The seat's one name on every front end, ``Kestrel (Player 1)``."""
        return seat_label(self.name, self.character.name)


@dataclass(frozen=True)
class TISetup:
    """Everything fixed before the first shuffle."""

    content: TIContent
    mission: Mission
    seats: tuple[SeatSetup, ...]
    rules: TIRules = field(default_factory=TIRules)
    players: int = 0
    """People at the table; 0 means one per seat (a solo player may run two characters
    under `characters_per_solo_player: 2`, TI-A17)."""
    secrets: tuple[str, ...] = ()
    """Secret keys the campaign holds before this game, the mission back's included
    (TI-25)."""
    campaign: str | None = None
    """The campaign this game belongs to, if any (its log lives in the store)."""
    content_source: str | dict[str, Any] | None = field(default=None, compare=False)
    """How `content` was given to the loader, when it is not the shipped content and
    can be written down: a content file's path or a content document (written back by
    `to_params`, so a position or record names its content)."""
    clue_tokens: tuple[TokenSpec, ...] = field(init=False)
    """Every clue token instance, numbered as the module docstring says."""
    # The three fields below are derived once here rather than read through properties:
    # the rules read them at many decisions (in pure Python a property is a call each
    # time, and `Mission.answer` builds a tuple).
    num_seats: int = field(init=False, compare=False, repr=False)
    """`len(seats)`."""
    features: tuple[Feature, ...] = field(init=False, compare=False, repr=False)
    """The mission's features."""
    answer: tuple[str, ...] = field(init=False, compare=False, repr=False)
    """The mission's answer (`Mission.answer`, TI-54, TI-55)."""

    def __post_init__(self) -> None:
        extras = tuple(t for stack in self.mission.stacks for t in stack.extra)
        object.__setattr__(self, "clue_tokens", self.mission.tan_pool + extras)
        object.__setattr__(self, "num_seats", len(self.seats))
        object.__setattr__(self, "features", self.mission.features)
        object.__setattr__(self, "answer", self.mission.answer)

    @property
    def board(self) -> Board:
        return self.content.boards[self.mission.board]

    @property
    def num_tan(self) -> int:
        return len(self.mission.tan_pool)

    def feature_token(self, i: int) -> int:
        """The token number of the mission's feature `i`."""
        return len(self.clue_tokens) + i

    @property
    def num_tokens(self) -> int:
        """Clue tokens and feature tokens together."""
        return len(self.clue_tokens) + len(self.mission.features)

    def extra_tokens(self, stack: int) -> tuple[int, ...]:
        """The token numbers of stack `stack`'s extra tokens."""
        start = self.num_tan + sum(len(s.extra) for s in self.mission.stacks[:stack])
        return tuple(range(start, start + len(self.mission.stacks[stack].extra)))

    @property
    def entrance(self) -> int:
        """TI-4: the room every standee starts in."""
        return next(f.room for f in self.mission.features if f.kind == "entrance")

    def to_params(self) -> dict[str, Any]:
        """The `load_game("the_initiative", ...)` params that rebuild this setup (content
        not shipped: its file or document when the loader was given one, else the
        caller's to add)."""
        params: dict[str, Any] = {
            "players": self.players or self.num_seats, "mission": self.mission.key,
            "characters": "+".join(s.character.key for s in self.seats),
            "seat_names": [s.name for s in self.seats]}
        if self.rules.changed():
            params["rules"] = self.rules.changed()
        if self.secrets:
            params["secrets"] = list(self.secrets)
        if self.campaign is not None:
            params["campaign"] = self.campaign
        if self.content_source is not None:
            params["content"] = self.content_source
        return params
