"""Stacked initiative decks (the hex skirmish game's initiative phase, HX-5..HX-9).

Two initiative decks, each holding one card per living player, are shuffled separately,
stacked without mixing (the first one shuffled on top, HX-A2), the Special Initiative
card goes underneath, and the combined deck is dealt into a line that play follows.
Every player therefore acts once in the first half of the line and once in the second.

The chance goes through a *chance source* (`engine.chance`): a sampling generator
shuffles each deck and deals from its top; an explicit source leaves each deck an
unordered multiset and makes every card dealt a chance node.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, Protocol, TypeVar

T = TypeVar("T")

SPECIAL: Final = -1
"""The Special Initiative card in a line (HX-8, HX-10)."""


class ShuffleSource(Protocol):
    """What dealing needs of a chance source (`GameRng` and `ExplicitChance` both)."""

    def shuffle(self, items: MutableSequence[T]) -> None: ...

    def draw(self, pile: list[int]) -> int: ...


def deal_line(players: Sequence[int], source: ShuffleSource) -> list[int]:
    """The initiative line for `players` (seats, in seat order): the first deck's cards,
    then the second's, then SPECIAL (HX-5..HX-9)."""
    first = list(players)  # HX-5: one card per player in each deck
    second = list(players)
    source.shuffle(first)  # HX-6: shuffled separately, the first one first (HX-A2)
    source.shuffle(second)
    line = [source.draw(first) for _ in players]  # HX-7: the first deck on top ...
    line += [source.draw(second) for _ in players]  # ... of the second, unmixed
    line.append(SPECIAL)  # HX-8: the Special card at the bottom
    return line  # HX-9: dealt one by one into the line


def well_formed(line: Sequence[int], players: Sequence[int]) -> bool:
    """Whether `line` is a line `deal_line` can deal for `players`: each half holds each
    player once, and the Special card closes it."""
    n = len(players)
    want = sorted(players)
    return len(line) == 2 * n + 1 and line[-1] == SPECIAL \
        and sorted(line[:n]) == want and sorted(line[n:2 * n]) == want
