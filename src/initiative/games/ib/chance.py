"""Initiative Break with explicit chance nodes (`IBGame(match, explicit_chance=True)`).

`ExplicitIBState` is an `IBState` whose chance source is an `engine.chance.ExplicitChance`:
wherever the rules are random (a deck dealt card by card, IB 2.8; the reshuffle of a
mulligan, IB 2.8.2; a random discard; a Challenge Card's d6, IB 6.8) its current seat is
CHANCE, `chance_outcomes()` gives the distribution and `apply(outcome)` chooses. The
state resolves each step (a seat's action, the deal, a run to the next decision) on a
scratch clone (`engine.chance.attempt`), so while a node is pending the state is still
the one before the step: no view shows the pending action, nor the outcomes chosen for
it so far. The sampling `IBState` is untouched: the default path pays nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import cast

from initiative.engine.chance import (
    KINDS,
    ExplicitChance,
    Outcome,
    Step,
    resolve,
)
from initiative.engine.contract import CHANCE
from initiative.engine.errors import IllegalActionError
from initiative.games.ib import flow
from initiative.games.ib.actions import Action
from initiative.games.ib.state import IBState


def _apply_action(state: IBState, action: Action) -> None:
    IBState.apply(state, action)


def _advance(state: IBState, _: None) -> None:
    flow.advance(state)


def _call(state: IBState, run: Callable[[IBState], None]) -> None:
    run(state)


class ExplicitIBState(IBState):
    """An `IBState` under explicit chance (see the module docstring). Build one with
    `setup.new_game(..., explicit_chance=True)` or `explicit(state)`."""

    __slots__ = ()

    def _source(self) -> ExplicitChance:
        return cast(ExplicitChance, self.rng)

    def current_seat(self) -> int:
        """CHANCE while a chance node is pending, else as `IBState`."""
        if self._source().pending is not None:
            return CHANCE
        return IBState.current_seat(self)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """[] at a chance node (no seat decides; `chance_outcomes()` lists what may
        happen), else as `IBState`."""
        if self._source().pending is not None:
            return []
        return IBState.legal_actions(self, seat)

    def chance_outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """`(outcome, probability)` pairs of the pending node (exact fractions summing
        to 1); [] when a seat decides or the game is over."""
        pending = self._source().pending
        return [] if pending is None else list(pending.outcomes)

    def apply(self, action: Action | Outcome, stop_between: bool = False) -> None:
        """A seat's action at a decision, an outcome at a chance node; anything else
        raises IllegalActionError and changes nothing. Stopping between activations
        (`stop_between`, stepping.py) is for sampled chance only."""
        if stop_between:
            raise IllegalActionError("stopping between two activations works on a game "
                                     "whose chance is sampled, not explicit")
        pending = self._source().pending
        if pending is None:
            if isinstance(action, Outcome):
                raise IllegalActionError(
                    f"{action!r} is a chance outcome, but no chance node is pending"
                    + ("" if self.result is not None else
                       f" (seat {self.current_seat()} decides now)"))
            self._resolve(Step(_apply_action, action), ())
            return
        if not isinstance(action, Outcome):
            raise IllegalActionError(f"a chance node is pending; {action!r} is a seat's action, "
                                     "not one of its outcomes")
        if not pending.offers(action):
            raise IllegalActionError(
                f"{action!r} is not one of the {len(pending.outcomes)} outcomes of this "
                f"chance node (a {pending.outcomes[0][0].kind})")
        self._resolve(pending.step, (*pending.chosen, action))

    def _resolve(self, step: Step, chosen: tuple[Outcome, ...]) -> None:
        resolve(self, step, chosen, self.adopt)  # adopt: the finished step's scratch state

    def clone(self) -> ExplicitIBState:
        return ExplicitIBState.adopting(IBState.clone(self))


def start(state: IBState, step: Step) -> ExplicitIBState:
    """`state` (its source explicit) as an `ExplicitIBState` that resolves `step` at
    once: it stops at the first chance node, or at the next decision."""
    new = ExplicitIBState.adopting(state)
    new._resolve(step, ())
    return new


def run_explicit(state: IBState, run: Callable[[IBState], None]) -> ExplicitIBState:
    """`state` (its source explicit) as an `ExplicitIBState` that runs `run` (a
    module-level function: the pending step stays plain data) under explicit chance."""
    return start(state, Step(_call, run))


def explicit(state: IBState, kinds: frozenset[str] = KINDS) -> ExplicitIBState:
    """A copy of `state` under explicit chance; nothing runs (`advance` runs it on).
    `kinds` (engine.chance ROLL, PICK, DRAW) picks which steps become chance nodes; the
    others keep sampling `state`'s generator (e.g. forced dice with decks dealt in the
    order they are laid out). With draws explicit, decks are unordered from then on."""
    if isinstance(state.rng, ExplicitChance):
        raise ValueError("the state's chance is explicit already")
    new = ExplicitIBState.adopting(state.clone())
    generator = None if kinds == KINDS else new.rng
    new.rng = ExplicitChance(kinds=kinds, generator=generator)
    return new


def advance(state: ExplicitIBState) -> None:
    """`flow.advance` under explicit chance: runs on to the next decision, or stops at
    the first chance node with the state unchanged (at a pending node: nothing)."""
    if state._source().pending is not None:
        return
    state._resolve(Step(_advance, None), ())
