"""IB 2.8.7: when the free discard is offered (AMB-15 `free_discards_per_activation`
says how many, `free_discard_timing` where).

The rule allows the discard "during any of your Character's activations". The engine
offers it where it can change something: at the Action Step, before the action is
chosen (both readings), and under `free_discard_timing=before_draw_too` also just
before the Draw Step, when the hand is full. A full hand draws nothing (IB 2.8.4), so a
discard there is the only way to draw in that activation; with fewer cards the Draw
Step draws either way, and the same discard at the Action Step leaves the same hand
(no rule or effect reads the hand between the two points), so no question is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.engine.bits import BIT
from initiative.games.ib.actions import DISCARD_MENUS, KEEP, MAX_HAND, Action
from initiative.games.ib.frames import DISCARD_MASK

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def allowed(state: IBState, flags: int) -> bool:
    """AMB-15: the activation (its frame `flags`) has a free discard left."""
    return flags & DISCARD_MASK < state.match.free_discard_bits


def before_draw(state: IBState, unit: int, flags: int) -> bool:
    """`free_discard_timing=before_draw_too`: the seat of the active player Character
    `unit` is asked before its Draw Step (its hand is full and a discard is left)."""
    match = state.match
    if not match.discard_before_draw or match.cc_mask & BIT[unit]:
        return False
    return len(state.hands[match.unit_seat[unit]]) >= MAX_HAND and allowed(state, flags)


def before_draw_legal(state: IBState, unit: int) -> list[Action]:
    """Keep the hand (and draw nothing, IB 2.8.4) or discard one card first, then draw."""
    return [KEEP, *DISCARD_MENUS[len(state.hands[state.match.unit_seat[unit]])]]
