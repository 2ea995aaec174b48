"""A sampling chance source that writes down what it served, as the outcomes an
explicit-chance game would be fed (draws from the deck or the tan pool, picks)."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from initiative.engine.chance import DRAW, PICK, Outcome
from initiative.engine.rng import SplitMix64

T = TypeVar("T")


class Recording:
    """SplitMix64 that records each `draw` and `below` it answers."""

    def __init__(self, seed: int, served: list[Outcome] | None = None) -> None:
        self.inner = SplitMix64(seed)
        self.served: list[Outcome] = [] if served is None else served
        self.state = 0

    def clone(self) -> Recording:
        new = Recording(0, self.served)
        new.inner = self.inner.clone()
        return new

    def below(self, n: int) -> int:
        value = self.inner.below(n)
        self.served.append(Outcome(PICK, value))
        return value

    def draw(self, pile: list[int]) -> int:
        card = pile.pop()
        self.served.append(Outcome(DRAW, card))
        return card

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.inner.shuffle(items)
