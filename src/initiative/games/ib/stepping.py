"""Stepping a game from one point between two activations to the next.

Play normally runs straight through the end of an activation into the next one
(`flow.advance`). The point in between, where the previous activation is over (its Round
Marker step done, IB 3.2.1) and nothing of the next has happened yet (no round check,
AMB-18; no Initiative Break window, IB 3.7; no leftmost unit chosen, IB 3.1.2), is an
empty decision stack. These functions stop there so the state can be looked at (or
written as a position, notation.py) and then resume exactly as uninterrupted play would.

A paused state holds no decision: `current_seat`, `legal_actions` and `apply` raise
`IllegalActionError` until `resume` runs it on.
"""

from __future__ import annotations

from collections.abc import Callable

from initiative.engine.chance import ExplicitChance
from initiative.engine.errors import IllegalActionError
from initiative.games.ib import activation, flow
from initiative.games.ib.actions import Action
from initiative.games.ib.state import IBState

Chooser = Callable[[IBState], Action]
"""Picks the action to apply at a decision (the deciding seat's choice)."""


def between_activations(state: IBState) -> bool:
    """True when the game is paused between two activations (an empty stack)."""
    return state.result is None and not state.stack


def resume(state: IBState) -> None:
    """Run a paused state (or one loaded with `advance=False`) on to its next decision."""
    flow.advance(state)


def step_to_next_activation(state: IBState, choose: Chooser) -> int:
    """Play on with `choose` until the next point between two activations (or the end).

    From a paused state this first leaves the pause, so calling it again steps one
    activation at a time; the mulligans count as the step before the first activation.
    Returns how many actions were applied (0 when the next activation needs none, e.g.
    a Stunned unit's, IB 5.2.7)."""
    if isinstance(state.rng, ExplicitChance):
        raise IllegalActionError("stepping between two activations works on a game whose "
                                 "chance is sampled, not explicit (games/ib/chance.py)")
    if state.result is not None:
        return 0
    if not state.stack:  # leave the pause: the idle step flow.advance would run
        activation.begin_idle(state)
        flow.advance(state, stop_between=True)
    applied = 0
    while state.result is None and state.stack:
        IBState.apply(state, choose(state), stop_between=True)  # sampled chance: the plain apply
        applied += 1
    return applied


def run_until_between_activations(state: IBState, choose: Chooser) -> int:
    """Play on with `choose` until the game is paused between two activations; a state
    already paused there stays as it is. Returns how many actions were applied."""
    if between_activations(state):
        return 0
    return step_to_next_activation(state, choose)
