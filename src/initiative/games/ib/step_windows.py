"""IB 3.7.5 "at any time" under `ib_windows=every_step`: an Initiative Break window
also opens between two steps of an activation (IB 3.2.1) when the step before it
changed something, so a Break can come between any two changes of the game.

The points: after the Status Check and after the Start window when they logged
anything (Burn, Stun, a triggered ability), after the Draw Step when a card was drawn
(the active seat learnt something: it may break before choosing its action), after
the End window when it logged anything (a Challenge Card's Charge, an ability), and
after the Movement Step, before the Round Marker steps. The default
`action_and_between` keeps the windows around actions and between activations only
(windows.py). Windows where no seat may break are skipped as always.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib.frames import ACTIVATION, F_ENDED, W_STEP, ActivationFrame
from initiative.games.ib.windows import open_window

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def pause(state: IBState, unit: int, stage: int, flags: int) -> bool:
    """Under `every_step`, the activation of `unit` (its frame on top of the stack) goes
    on at `stage` after a step window; True if the window opened (the caller stops)."""
    if not state.match.every_step or state.result is not None:
        return False
    base = state.stack[0]
    if base.tag != ACTIVATION or base.flags & F_ENDED or state.stack[-1] is not base:
        return False
    state.stack[-1] = ActivationFrame(unit, stage, flags)
    return open_window(state, W_STEP)
