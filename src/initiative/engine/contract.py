"""The engine contract every game implements (the shape of OpenSpiel/PettingZoo).

A `State` says who decides (`current_seat`), what they may do (`legal_actions`),
applies a chosen action (`apply`, validated first: an illegal action raises and changes
nothing) and answers `view(seat)`, the only door to information. Bots, clients, logs
and observations see views, never states; `SearchableGame.determinize` rebuilds a
full state consistent with a view so that search never holds the real one. A `Bot`
chooses from a view alone. Every game is a `BaseGame`; one with numbered actions a
`Game`; one that can be searched a `SearchableGame` (the trackers are not searched).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

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
A_co = TypeVar("A_co", bound=Hashable, covariant=True)
V_co = TypeVar("V_co", bound="View", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)


class View(Protocol):
    """What one seat may know. Never holds another seat's hand, any deck order or the RNG."""

    @property
    def seat(self) -> int: ...

    def to_dict(self) -> Mapping[str, Any]:
        """Plain data, safe to send to that seat (read-only; a game may type it as a
        TypedDict)."""
        ...


class DecisionView(Protocol[A_co]):
    """The part of a view a decision needs: the seat and its legal actions (empty if it
    need not decide). A game's full view is one; so is the bare `Decision`."""

    @property
    def seat(self) -> int: ...

    @property
    def legal(self) -> Sequence[A_co]: ...


class Bot(Protocol[V_contra, A_co]):
    """A player: given its own seat's view at a decision, one of the view's legal actions.
    A bot is built from a game's public description and sees nothing but views."""

    def choose(self, view: V_contra) -> A_co: ...


class State(Protocol[A, V_co]):
    """A game in progress: actions `A`, per-seat views `V_co`."""

    def current_seat(self) -> int:
        """The seat that must decide now, or CHANCE, or TERMINAL."""
        ...

    def legal_actions(self, seat: int | None = None) -> Sequence[A]:
        """Legal actions of `seat` (default: the current seat); empty if it need not decide."""
        ...

    def apply(self, action: A) -> None:
        """Validate and apply; IllegalActionError (state unchanged) if not legal."""
        ...

    def view(self, seat: int) -> V_co:
        """Everything `seat` may know, and nothing more."""
        ...

    def clone(self) -> Self:
        """An independent copy, cheap enough for search."""
        ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]:
        """Per-seat outcome: 1 win, -1 loss, 0 draw or unfinished."""
        ...


class BaseGame(Protocol[S_co]):
    """What every game definition has (rules configuration, content, seats): it starts
    states `S_co`. The trackers' card rounds are only this (their actions are open-ended
    commands, never numbered)."""

    @property
    def name(self) -> str: ...

    @property
    def num_seats(self) -> int: ...

    def new_initial_state(self, seed: int) -> S_co: ...


class Game(BaseGame[S_co], Protocol[A, S_co]):
    """A game whose actions `A` have stable integer indices (for RL and search), and a
    public description (what bots are built from)."""

    @property
    def public(self) -> Any:
        """The game as every seat knows it (no hidden deck lists, no answer): what a
        bot is built from."""
        ...

    def action_index(self, action: A) -> int:
        """Stable integer index of an action."""
        ...

    def action_from_index(self, index: int) -> A: ...

    def num_distinct_actions(self) -> int: ...


class SearchableGame(Game[A, S_co], Protocol[A, S_co, V_contra]):
    """A game that can rebuild a full state from one seat's view `V_contra`."""

    def determinize(self, view: V_contra, rng: SplitMix64) -> S_co:
        """A full state consistent with `view`: hidden cards re-dealt, RNG reseeded."""
        ...


class LogOptional(Protocol):
    """A state whose event log can be turned off where nobody reads it (search, the
    lab, the bench): `drop_log` stops storing events (the rules still see what they
    read), `log_kept` is False after it and the state's views carry no log. Events of
    the kinds in `keep` (an event's first item) are still stored, before and after:
    the log then holds those alone (the lab keeps the events its rows count)."""

    log_kept: bool

    def drop_log(self, keep: frozenset[int] = frozenset()) -> None: ...


def without_log(state: object) -> None:
    """Turn `state`'s log off if it can (`LogOptional`); the game played is the same."""
    drop = getattr(state, "drop_log", None)
    if drop is not None:
        drop()
