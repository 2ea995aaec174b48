"""The engine contract every game implements (the shape of OpenSpiel/PettingZoo).

A `State` says who decides (`current_seat`), what they may do (`legal_actions`),
applies a chosen action (`apply`, validated first: an illegal action raises and changes
nothing) and answers `view(seat)`, the only door to information. Bots, clients, logs
and observations see views, never states; `Game.determinize` rebuilds a full state
consistent with a view so that search never holds the real one.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol, TypeVar

from initiative.engine.rng import SplitMix64

CHANCE = -1
"""`current_seat()` when the next step is a chance event (dice, shuffles)."""
TERMINAL = -2
"""`current_seat()` when the game is over."""
SPECTATOR = -3
"""A viewer who sees only public information."""
GAME_MASTER = -4
"""A viewer who sees every hand, but still not deck order or the RNG state."""

A = TypeVar("A", bound=Hashable)
S = TypeVar("S", bound="State[Any, Any]")


class View(Protocol):
    """What one seat may know. Never holds another seat's hand, any deck order or the RNG."""

    seat: int

    def to_dict(self) -> dict[str, Any]:
        """Plain data, safe to send to that seat."""
        ...


class State(Protocol[A, S]):  # type: ignore[misc]
    """A game in progress."""

    def current_seat(self) -> int:
        """The seat that must decide now, or CHANCE, or TERMINAL."""
        ...

    def legal_actions(self, seat: int | None = None) -> Sequence[A]:
        """Legal actions of `seat` (default: the current seat); empty if it need not decide."""
        ...

    def apply(self, action: A) -> None:
        """Validate and apply; IllegalActionError (state unchanged) if not legal."""
        ...

    def view(self, seat: int) -> View:
        """Everything `seat` may know, and nothing more."""
        ...

    def clone(self) -> S:
        """An independent copy, cheap enough for search."""
        ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]:
        """Per-seat outcome: 1 win, -1 loss, 0 draw or unfinished."""
        ...


class Game(Protocol[A, S]):  # type: ignore[misc]
    """A game definition: rules configuration, content, action numbering."""

    name: str
    num_seats: int

    def new_initial_state(self, seed: int) -> S: ...

    def action_index(self, action: A) -> int:
        """Stable integer index of an action (for RL and search)."""
        ...

    def action_from_index(self, index: int) -> A: ...

    def num_distinct_actions(self) -> int: ...

    def determinize(self, view: Any, rng: SplitMix64) -> S:
        """A full state consistent with `view`: hidden cards re-dealt, RNG reseeded."""
        ...
