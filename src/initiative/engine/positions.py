"""What every game's position notation shares: the position's JSON text or data, its
generator (`rng`) written and read back, a pending explicit chance node (`chance`:
the step being resolved and the outcomes chosen so far) written and resumed, and the
run of a loaded state on to its next decision.

Game-neutral: a game passes its action index functions; the positions of each game
(games/*/notation.py) keep their own fields."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from initiative.engine.chance import ExplicitChance, Outcome
from initiative.engine.data_text import loads_json
from initiative.engine.errors import InitiativeError, NotationError
from initiative.engine.notation import (
    fail,
    integer,
    listing,
    mapping,
    outcome_from_text,
    outcome_text,
)
from initiative.engine.rng import rng_from_data

EXPLICIT = "explicit"
"""`rng` of a state whose chance is explicit (it has no generator)."""
SETTLE = "settle"
"""`chance.step` when the automatic rules (a deal) wait on a chance node."""
CHANCE_KEYS = ("step", "chosen")


class Resumable(Protocol):
    """A loaded state played on to its next decision."""

    def settle(self) -> None:
        """Run the automatic rules up to the next decision or chance node."""

    def current_seat(self) -> int:
        """The seat to act (negative: chance or the end)."""

    def legal_actions(self, seat: int | None = None) -> Sequence[Any]:
        """The legal actions of the seat to act."""

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Any]]:
        """The outcomes of a chance node, with their probabilities."""

    def apply(self, action: Any) -> None:
        """Apply one action or chance outcome."""


def rng_data(rng: Any, index: Callable[[Any], int]) -> dict[str, Any]:
    """A position's `rng` (the generator's data, or EXPLICIT) and, while an explicit
    chance node is pending, its `chance` (the step as an action `index` or SETTLE, and
    the outcomes chosen so far)."""
    if not isinstance(rng, ExplicitChance):
        return {"rng": rng.to_data()}
    data: dict[str, Any] = {"rng": EXPLICIT}
    if rng.pending is not None:
        step = rng.pending.step.arg
        data["chance"] = {"step": SETTLE if step is None else index(step),
                          "chosen": [outcome_text(o) for o in rng.pending.chosen]}
    return data


def parse_position(source: str | Mapping[str, Any]) -> Any:
    """A position given as JSON text or as data, as data; NotationError if not JSON."""
    if not isinstance(source, str):
        return source
    try:
        return loads_json(source)
    except ValueError as exc:
        raise NotationError(f"position: not valid JSON: {exc}") from None


def read_rng(raw: Any) -> Any:
    """The generator of a sampled position's `rng`; NotationError if it is missing,
    explicit or bad."""
    if raw is None:
        fail("position.rng", "missing: give the generator's state (or load with "
             "explicit_chance)")
    if raw == EXPLICIT:
        fail("position.rng", "this position's chance is explicit: load it with "
             "explicit_chance=True")
    try:
        return rng_from_data(raw, "position.rng")
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def play_on(state: Resumable, resume: Callable[[], None] | None) -> None:
    """Run a loaded state on to its next decision (or chance node), then `resume` a
    pending chance step. A stack that does not fit the rest of the position fails
    here, named as the position's fault."""
    try:
        state.settle()
        if resume is not None:
            resume()
        seat = state.current_seat()
        if seat >= 0 and not state.legal_actions():
            fail("position.stack", f"seat {seat} must decide but has no legal action")
    except NotationError:
        raise
    except (InitiativeError, AssertionError, IndexError, KeyError, ValueError,
            TypeError) as exc:
        raise NotationError(f"position.stack: the position cannot be played on from here "
                            f"({type(exc).__name__}: {exc})") from None


def resume_chance(state: Resumable, raw: Any, from_index: Callable[[int], Any],
                  num_actions: int, settle_pending: Callable[[], bool] | None = None
                  ) -> None:
    """Resume the pending chance step `raw` (`chance`): apply its action (or, for
    SETTLE, check with `settle_pending` that the automatic rules wait on chance), then
    the outcomes chosen so far; NotationError naming the first that does not fit."""
    entry = mapping(raw, "position.chance", CHANCE_KEYS, CHANCE_KEYS)
    step = entry["step"]
    chosen = [outcome_from_text(v, f"position.chance.chosen[{i}]")
              for i, v in enumerate(listing(entry["chosen"], "position.chance.chosen"))]
    if step != SETTLE:
        index = integer(step, "position.chance.step", 0, num_actions - 1)
        action = from_index(index)
        if action not in state.legal_actions():
            fail("position.chance.step", f"{action} is not legal in this position")
        state.apply(action)
    elif settle_pending is not None and not settle_pending():
        fail("position.chance.step", "'settle' resumes the opening deal, but this "
             "position is already dealt")
    for i, outcome in enumerate(chosen):
        if outcome not in (o for o, _ in state.chance_outcomes()):
            fail(f"position.chance.chosen[{i}]", f"{outcome_text(outcome)} is not an "
                 "outcome of this chance node")
        state.apply(outcome)
