"""REGROUP (TI-A2): the sample ability that lets the action piles reset."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import cards, traps
from initiative.games.ti import events as ev
from initiative.games.ti.actions import NUM_PILES, REGROUP, Kind, TIAction, act
from initiative.games.ti.frames import Frame

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState


def legal(state: TIState, frame: Frame) -> list[TIAction]:
    """Another action card (or REGROUP itself under `regroup_can_target_itself`)."""
    itself = state.rules.regroup_can_target_itself
    return [act(Kind.PILE, p) for p in range(NUM_PILES) if p != REGROUP or itself]


def choose(state: TIState, frame: Frame, action: TIAction) -> None:
    """`clear_other_pile`: its cards go to the discard pile and its counter intel is
    discarded; `remove_counter_intel_only`: only the counter intel (TI-A2, TI-A12)."""
    state.pop()
    pile = action.arg
    moved: list[int] = []
    if state.rules.regroup_effect == "clear_other_pile":
        moved, state.piles[pile] = state.piles[pile], []
    state.emit((ev.REGROUPED, pile, len(moved)))
    for token in list(state.counter[pile]):
        traps.discard_token(state, token)
    cards.to_discard(state, moved)
