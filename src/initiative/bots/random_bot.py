"""`RandomBot`: a uniformly random legal choice, seen through a per-seat view."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from initiative.engine.contract import DecisionView
from initiative.engine.rng import SplitMix64

A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Decision(Generic[A]):
    """The least view there is (a `DecisionView`): a seat and its legal actions. What a
    `RandomBot` is given where it plays (building a whole view costs more than a random
    choice)."""

    seat: int
    legal: Sequence[A]


class RandomBot:
    """Picks uniformly among `view.legal` with its own seeded SplitMix64: a `Bot` over
    any view that has a seat and legal actions, of any game."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = SplitMix64(seed)

    def choose(self, view: DecisionView[A]) -> A:
        """One legal action of the view's seat; ValueError if it has nothing to decide."""
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make in this view")
        return legal[self.rng.below(len(legal))]
