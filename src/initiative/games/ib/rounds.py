"""IB 3.5 (the Round Marker and rounds) and IB 3.6 (Time Collapse).

A round's end and a Time Collapse fire triggered abilities (IB 3.5.4, 2.2.3), whose
effects resolve in effects.py, a layer above this one (it settles every clause and so
re-checks Time Collapse). The functions that may fire take that resolution as their
`fire` argument (callers pass `effects.fire`): the dependency is inverted, not hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from initiative.engine.bits import BIT
from initiative.games.ib import abilities, challenges, events
from initiative.games.ib.supports import in_play

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

Fire = Callable[["IBState", str], None]
"""Fire the triggered abilities of a unitless event and resolve them (`effects.fire`)."""


def new_round(state: IBState, fire: Fire) -> None:
    """IB 3.5.4: round-end abilities fire, then once-per-round usages reset (AMB-22)."""
    fire(state, "round_end")
    abilities.refresh_round(state)
    if state.wants(events.ROUND):
        state.emit((events.ROUND, state.track.round))


def rm_step(state: IBState, fire: Fire) -> None:
    """IB 3.5.2: after an activation the Round Marker steps one slot left."""
    track = state.track
    rm = track.rm
    if rm is None:  # IB 3.6.2: no Round Marker during Time Collapse
        return
    ended = track.rm_step()  # the order stays: the unit passed is read after, if logged
    if state.quiet & BIT[events.RM_STEP]:  # state.wants, inline: the hot path
        state.log_len += 1
    else:
        state.emit((events.RM_STEP, track.order[rm - 1] if rm > 0 else -1))
    if ended:  # IB 3.5.4
        new_round(state, fire)


def idle_round_check(state: IBState, fire: Fire) -> None:
    """AMB-18: between activations, a Round Marker already at the far left ends the round."""
    track = state.track
    rm = track.rm
    if rm is not None and rm == 0 and track.order \
            and state.match.config.round_end_check == "rm_step_and_idle":
        track.end_round()
        new_round(state, fire)


def setup_key(state: IBState, unit: int) -> tuple[int, int, int, str, str, int]:
    """IB 2.9.4 ordering by printed stats (re-sort for printed-Initiative Time Collapse)."""
    spec = state.match.units[unit]
    return (spec.initiative, spec.speed, spec.hp, spec.name.lower(), spec.title.lower(), unit)


def counted(state: IBState) -> list[int]:
    """AMB-23: the track units whose number and lowest Speed Time Collapse compares:
    every unit (`track_units`, `track_units_and_supports`), or the player Characters
    only (`player_characters`: Challenge Cards and Rivals do not count)."""
    units = state.track.order
    if state.match.config.time_collapse_population == "player_characters":
        cc = state.match.cc_mask
        return [u for u in units if not cc & BIT[u]]
    return units


def population(state: IBState, units: list[int]) -> int:
    """AMB-23: how many count; `track_units_and_supports` adds the Supports in play."""
    count = len(units)
    if state.match.config.time_collapse_population == "track_units_and_supports":
        count += len(in_play(state))
    return count


def check_time_collapse(state: IBState, fire: Fire) -> None:
    """IB 3.6.1: when the remaining units number no more than the lowest Speed among
    them, the Round Marker is removed (AMB-23 population, AMB-24 checked on every
    change, AMB-25 reversible, AMB-27 one final refresh)."""
    track = state.track
    units = counted(state)
    if not units:
        return
    phased = state.match.phase_mask
    lowest = min(challenges.speed(state, u) if phased & BIT[u] else state.match.units[u].speed
                 for u in units)  # a CC's phase may change its Speed (AMB-82)
    config = state.match.config
    collapsed = population(state, units) <= lowest
    if collapsed and track.rm is not None:
        track.collapse()
        if state.wants(events.COLLAPSE):
            state.emit((events.COLLAPSE,))
        if config.time_collapse_final_refresh:
            abilities.refresh_round(state)
        fire(state, "time_collapse")
        if config.time_collapse_order == "printed_initiative":  # AMB-26
            track.sort_by(lambda u: setup_key(state, u))
    elif not collapsed and track.rm is None and config.time_collapse_reversible:
        track.restore_rm()  # R5
        if state.wants(events.RM_RESTORED):
            state.emit((events.RM_RESTORED,))
        new_round(state, fire)
