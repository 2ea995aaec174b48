"""Lantern race's actions: `walk`, `roll` and `play SLOT` (a card of one's hand by its
slot, 0 first), each built once with a stable index (engine.action_table): walk 0,
roll 1, play 0..HAND-1 from 2 on. The move text is `str(action)`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from toy_game.cards import HAND

from initiative.engine.action_table import action_table


class Kind(Enum):
    WALK = "walk"
    ROLL = "roll"
    PLAY = "play"


@dataclass(frozen=True, slots=True)
class ToyAction:
    """One choice of the seat to play: a kind and, for `play`, the hand slot."""

    kind: Kind
    arg: int = 0

    def __str__(self) -> str:
        return f"play {self.arg}" if self.kind is Kind.PLAY else self.kind.value


TABLE = action_table(Kind, {Kind.WALK: 1, Kind.ROLL: 1, Kind.PLAY: HAND}, ToyAction)
WALK, ROLL = TABLE.all[0], TABLE.all[1]
PLAYS = TABLE.all[TABLE.offsets[Kind.PLAY]:]
"""`play 0` ... `play HAND-1`."""
COUNT = len(TABLE.all)


def index(action: ToyAction) -> int:
    """The action's stable index."""
    return TABLE.indices[action]


def from_index(number: int) -> ToyAction:
    """The action of an index; IndexError names the valid ones."""
    if not 0 <= number < COUNT:
        raise IndexError(f"action index {number}: expected 0 to {COUNT - 1}")
    return TABLE.all[number]


def parse(text: str) -> ToyAction:
    """The action a move text names (`walk`, `roll`, `play 1`); ValueError if none."""
    words = text.strip().lower().split()
    found = next((a for a in TABLE.all if str(a).split() == words), None)
    if found is None:
        raise ValueError(f"{text.strip()!r} is not walk, roll or play SLOT (0 to "
                         f"{HAND - 1})")
    return found
