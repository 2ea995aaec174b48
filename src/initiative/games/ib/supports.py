"""IB 2.5 / 4.7: Support Characters in play.

A Support has no place on the track (AMB-49): it enters play from its owner's hand as
the action (or is summoned by an effect), keeps its passive abilities while in play,
can be targeted (IB 2.5.2) and is discarded at 0 HP (IB 2.5.3). Each one a seat can
field has a fixed unit slot after the Characters (`Match.support_slot`); the slot's
`off` bit is set while it is out of play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.games.ib import abilities, events
from initiative.games.ib import statuses as st

if TYPE_CHECKING:
    from initiative.games.ib.config import RulesConfig
    from initiative.games.ib.state import IBState

DAMAGE_TRIGGERED: Final = (st.GUARD, st.WEAKEN, st.INSIGHT)
"""AMB-57: the statuses that resolve on damage, so can matter on a Support."""


def takes_status(config: RulesConfig, status: int) -> bool:
    """AMB-57 `support_statuses`: which statuses a Support Character may receive."""
    rule = config.support_statuses
    return rule == "all" or (rule == "damage_triggered_only" and status in DAMAGE_TRIGGERED)


def in_play(state: IBState) -> list[int]:
    """Support units now in play, in slot order."""
    off = state.off
    return [u for u in range(state.match.num_characters, len(state.hp)) if not (off >> u) & 1]


def can_enter(state: IBState, seat: int, card: int) -> bool:
    """Its slot is free: the one copy (IB 2.5.4) is not already in play."""
    unit = state.match.support_slot.get((seat, card))
    return unit is not None and (state.off >> unit) & 1 == 1  # not bool(): no builtin call


def can_summon(state: IBState, seat: int, card: int) -> bool:
    """A `summon` may bring it in: it is not in play and this seat has not summoned it
    yet this game (one summoned copy a seat: the deck's one copy, IB 2.5.4 and 2.7.4,
    is not to be got round by summoning it again and again)."""
    unit = state.match.support_slot.get((seat, card))
    return (unit is not None and bool((state.off >> unit) & 1)
            and not (state.ever_summoned >> unit) & 1)


def enter(state: IBState, seat: int, card: int, summoned: bool = False) -> int:
    """IB 4.7.1: the Support enters play at full HP with no statuses (the rules then
    re-check Time Collapse if Supports count, `effects.support_enters`)."""
    unit = state.match.support_slot[(seat, card)]
    state.off &= ~(1 << unit)
    state.hp[unit] = state.match.max_hp[unit]
    state.status[unit] = 0
    state.used[unit] = 0
    if summoned:
        state.summoned |= 1 << unit
        state.ever_summoned |= 1 << unit
    if state.wants(events.SUPPORT_IN):
        state.emit((events.SUPPORT_IN, unit, int(summoned)))
    return unit


def leave(state: IBState, unit: int) -> None:
    """IB 2.5.3: at 0 HP the Support is discarded (a summoned one leaves the game); its
    on-defeat abilities, and others' "defeat" triggers, are queued."""
    match = state.match
    state.off |= 1 << unit
    state.status[unit] = 0
    state.used[unit] = 0  # R7, as for a defeated Character (it re-enters fresh anyway)
    summoned = bool((state.summoned >> unit) & 1)
    if summoned:
        state.summoned &= ~(1 << unit)
    else:
        state.discards[match.unit_seat[unit]].append(
            match.support_cards[unit - match.num_characters])
    if state.wants(events.SUPPORT_OUT):
        state.emit((events.SUPPORT_OUT, unit, int(summoned)))
    abilities.queue(state, "defeat", unit)
