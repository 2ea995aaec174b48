"""`RandomBot`: a uniformly random legal choice, seen through a per-seat view."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from initiative.engine.rng import SplitMix64

A = TypeVar("A", bound=Hashable)
A_co = TypeVar("A_co", bound=Hashable, covariant=True)


class DecisionView(Protocol[A_co]):
    """The part of a view a bot needs: its seat and its legal actions (empty if idle)."""

    @property
    def seat(self) -> int: ...

    @property
    def legal(self) -> Sequence[A_co]: ...


@dataclass(frozen=True, slots=True)
class Decision(Generic[A]):
    """The least view there is: a seat and its legal actions. Given to bots that say
    `needs_only_legal` (building a whole view costs more than a random choice)."""

    seat: int
    legal: Sequence[A]


class Bot(Protocol):
    """A player: given its own view at a decision, return one of `view.legal`."""

    def choose(self, view: DecisionView[A]) -> A: ...


class RandomBot:
    """Picks uniformly among `view.legal` with its own seeded SplitMix64."""

    __slots__ = ("rng",)
    needs_only_legal = True

    def __init__(self, seed: int) -> None:
        self.rng = SplitMix64(seed)

    def choose(self, view: DecisionView[A]) -> A:
        """One legal action of the view's seat; ValueError if it has nothing to decide."""
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make in this view")
        return legal[self.rng.below(len(legal))]
