"""Actions built step by step before they are confirmed (issue 7: card, discards,
targets, then confirm; anything before the confirm can be taken back).

A draft is the steps a seat has chosen so far. It is played on a *determinized* copy
of the game (`determinize(view)`: hidden cards re-dealt, RNG reseeded), never on the
real state, so a draft and its preview cannot reveal a hidden card or a random result:
a step taken back leaves the seat knowing exactly what it knew before.

A draft is complete when the seat has no further sub-decision of the same action: the
compound choice of IB 4.1-4.8 (an ACTION frame) or an Initiative Break (IB 3.7, a
BREAK frame) is finished, or the single-step choice (pass, keep, a free discard...) was
made. The preview then runs on past other seats' Break windows as if every seat
declined, to show where each unit will land if nobody interrupts.
"""

from __future__ import annotations

from dataclasses import dataclass

from initiative.engine.rng import SplitMix64
from initiative.games.ib import frames
from initiative.games.ib.actions import DECLINE, Action
from initiative.games.ib.determinize import determinize
from initiative.games.ib.public import public_description
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView

PREVIEW_SEED = 0x5052_4556_4945_57
"""Seeds the determinized copy: a fixed number, so the same draft previews the same."""
MAX_PREVIEW_STEPS = 64


def in_progress(state: IBState, seat: int) -> bool:
    """Whether `seat` is in the middle of a compound choice (more steps to come)."""
    return (state.current_seat() == seat and bool(state.stack)
            and state.stack[-1].tag in (frames.ACTION, frames.BREAK))


@dataclass(frozen=True)
class DraftState:
    """Where a draft stands: the copy with the steps played, what the seat may choose
    next, whether it can be confirmed, the preview (None if not complete), and the
    seat's view of the copy before each step (what each step is described from)."""

    steps: tuple[Action, ...]
    state: IBState
    next_steps: tuple[Action, ...]
    ready: bool
    preview: IBState | None
    before: tuple[IBView, ...] = ()

    @property
    def indices(self) -> tuple[int, ...]:
        """The steps' action numbers (what the table keeps)."""
        return tuple(a.index for a in self.steps)

    @property
    def next_indices(self) -> frozenset[int]:
        return frozenset(a.index for a in self.next_steps)


def played_copy(live: IBState, seat: int) -> IBState:
    """A copy of `live` that holds only what `seat` knows (IB view), to play drafts on."""
    return determinize(public_description(live.match), live.view(seat),
                       SplitMix64(PREVIEW_SEED))


def draft_state(live: IBState, seat: int, steps: tuple[Action, ...]) -> DraftState:
    """Play `steps` on a determinized copy; ValueError names a step that is not legal."""
    state = played_copy(live, seat)
    before: list[IBView] = []
    for n, step in enumerate(steps, 1):
        if state.current_seat() != seat or (n > 1 and not in_progress(state, seat)):
            raise ValueError(f"step {n} ({step!r}): the action is already complete; "
                             "confirm it or take a step back")
        if step not in state.legal_actions():
            raise ValueError(f"step {n} ({step!r}) is not legal here")
        before.append(state.view(seat))
        state.apply(step)
    ready = bool(steps) and not in_progress(state, seat)
    if ready or live.current_seat() != seat:
        next_steps: tuple[Action, ...] = ()
    elif steps:
        next_steps = tuple(state.legal_actions())
    else:  # the first step: the live game's legal actions, exactly what the engine offers
        next_steps = tuple(live.legal_actions())
    return DraftState(steps, state, next_steps, ready, _preview(state, seat) if ready else None,
                      tuple(before))


def _preview(after: IBState, seat: int) -> IBState:
    """The copy moved on past other seats' Break windows, every seat declining."""
    state = after.clone()
    for _ in range(MAX_PREVIEW_STEPS):
        decider = state.current_seat()
        if decider < 0 or decider == seat or not state.stack \
                or state.stack[-1].tag != frames.WINDOW:
            break
        if DECLINE not in state.legal_actions():
            break
        state.apply(DECLINE)
    return state
