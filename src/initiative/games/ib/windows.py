"""IB 3.7.5 / AMB-32: the response windows in which an Initiative Break may be declared,
and which units may declare one. Opening a window pushes its frame; the declarations
it collects are answered and resolved in breaks.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.engine.bits import BIT
from initiative.games.ib import statuses as st
from initiative.games.ib.frames import (
    ACTION,
    ACTIVATION,
    AS_AFTER,
    AS_DONE,
    BREAK,
    F_ENDED,
    F_STUNNED,
    ST_END,
    W_AFTER_DECLARE,
    ActivationFrame,
    WindowFrame,
)

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

_SEALED: Final = st.mask(st.SEAL)
"""The packed-status bits of Seal (some instance of it: no call to read the count)."""


def eligible(state: IBState, seat: int) -> list[int]:
    """Units of `seat` that may declare an Initiative Break now."""
    match = state.match
    config = match.config
    base = state.stack[0] if state.stack else None
    if base is None or base.tag != ACTIVATION or base.flags & F_ENDED:
        base = None  # no activation running: no unit is active
    active = -1 if base is None else base.unit
    out = []
    for unit in match.seat_units[seat]:
        if state.off & BIT[unit] or state.charge[unit] < 3:  # IB 3.7.5
            continue
        if state.status[unit] & _SEALED:  # IB 5.2.5 / AMB-17: until it expires
            continue
        if active == unit:
            if config.active_unit_ib == "forbidden":  # AMB-34
                continue
            if not config.break_after_own_action and base is not None \
                    and _acted(state, base):  # IB 3.7.5
                continue
        if not config.ib_allowed_out_of_round and state.track.is_out_of_round(unit):  # AMB-30
            continue
        if config.ib_charge_paid_at == "resolution" and _has_pending_break(state, unit):
            continue
        out.append(unit)
    return out


def _acted(state: IBState, base: ActivationFrame) -> bool:
    """The active unit of activation frame `base` has taken its action (IB 3.2.5): the
    activation is past its Action Step (not a turn lost to Stun), and no action of its
    own waits to resolve (a Break then would come instead of it, IB 3.7.5)."""
    unit = base.unit
    if base.step < ST_END or base.flags & F_STUNNED:
        return False
    for f in state.stack:  # a loop, not a generator: a hot path
        if f.tag == ACTION and f.unit == unit and not f.via_ib \
                and f.stage != AS_AFTER and f.stage != AS_DONE:
            return False
    return True


def _has_pending_break(state: IBState, unit: int) -> bool:
    return any(f.tag == BREAK and f.unit == unit for f in state.stack)


def none_can_break(state: IBState) -> bool:
    """No window can open now: the game is over, or no unit holds the 3 Charge an
    Initiative Break costs (IB 3.7.5). Only track units hold Charge (charge.py), never
    more than 3 (AMB-38): one containment test of the track units' slots, in C, not a
    loop (the Support slots after them, most of the list, are not read)."""
    return state.result is not None or 3 not in state.charge[: state.match.num_characters]


def open_window(state: IBState, kind: int) -> bool:
    """Open a response window if any seat has an eligible unit (else skip it); True if
    it opened."""
    if state.result is not None or 3 not in state.charge[: state.match.num_characters]:
        return False  # none_can_break, inline: the hot path
    if kind == W_AFTER_DECLARE and state.match.config.ib_response_window != "any":
        return False  # AMB-32 between_steps_only: no response to a declared action
    asked = []
    for seat in range(state.match.num_seats):
        if eligible(state, seat):
            asked.append(seat)
    if asked:
        state.stack.append(WindowFrame(kind, tuple(asked), ()))
    return bool(asked)
