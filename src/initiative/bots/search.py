"""What the game-agnostic bots need of a game: states they can search and a way to
deal one from a view.

A `SearchState` is the engine contract's `State` minus the views (a search never
builds one): who decides, what they may do, apply, clone, the end and its returns.
A `Dealer` deals worlds from a view, as a `SearchableGame`'s `determinize(view, rng)`
does: full states consistent with one seat's view, their hidden cards re-dealt and
their generators reseeded, so a bot never holds the real state. `deals(view)` works out
once what depends on the view alone (the cards the seat cannot see, the public parts);
each call of the `Deal` it returns deals one world, without its log (nobody reads a
world's log). A dealt world samples its own chance (its generator is the default
sampling source), so no chance node is ever reached in a search. An `Evaluation`
scores a state for a seat (higher is better).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, Self, TypeVar

from initiative.engine.contract import DecisionView
from initiative.engine.rng import SplitMix64

A = TypeVar("A", bound=Hashable)
S_co = TypeVar("S_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class SearchState(Protocol[A]):
    """A full game state a bot may play on (a dealt world, never the real game)."""

    def current_seat(self) -> int: ...

    def legal_actions(self, seat: int | None = None) -> Sequence[A]: ...

    def apply(self, action: A) -> None: ...

    def clone(self) -> Self: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...


class Deal(Protocol[S_co]):
    """The worlds one view allows: each call deals one with `rng`, without its log."""

    def __call__(self, rng: SplitMix64) -> S_co: ...


class Dealer(Protocol[V_contra, S_co]):
    """Deals worlds from a view (as `SearchableGame.determinize`, the view's part once)."""

    def deals(self, view: V_contra) -> Deal[S_co]: ...


S = TypeVar("S", bound=SearchState[Any])
Evaluation = Callable[[S, int], float]
"""How good a state is for a seat: a sum of readable terms, + for the seat."""


def legal_of(view: DecisionView[A]) -> list[A]:
    """The view's legal actions; ValueError if its seat has nothing to decide."""
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make in this view")
    return legal
