"""IB 3.7.5 / AMB-32: the response windows in which an Initiative Break may be declared,
and which units may declare one. Opening a window pushes its frame; the declarations
it collects are answered and resolved in breaks.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib import statuses as st
from initiative.games.ib.frames import (
    ACTIVATION,
    BREAK,
    F_ENDED,
    W_AFTER_DECLARE,
    WindowFrame,
)

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def eligible(state: IBState, seat: int) -> list[int]:
    """Units of `seat` that may declare an Initiative Break now."""
    match = state.match
    config = match.config
    base = state.stack[0] if state.stack else None
    active = base.unit if base is not None and base.tag == ACTIVATION \
        and not base.flags & F_ENDED else -1
    out = []
    for unit in match.seat_units[seat]:
        if (state.off >> unit) & 1 or state.charge[unit] < 3:  # IB 3.7.5
            continue
        if st.count(state.status[unit], st.SEAL):  # IB 5.2.5 / AMB-17: until it expires
            continue
        if active == unit:
            if config.active_unit_ib == "forbidden":  # AMB-34
                continue
        if not config.ib_allowed_out_of_round and state.track.is_out_of_round(unit):  # AMB-30
            continue
        if config.ib_charge_paid_at == "resolution" and _has_pending_break(state, unit):
            continue
        out.append(unit)
    return out


def _has_pending_break(state: IBState, unit: int) -> bool:
    return any(f.tag == BREAK and f.unit == unit for f in state.stack)


def open_window(state: IBState, kind: int) -> bool:
    """Open a response window if any seat has an eligible unit (else skip it); True if
    it opened."""
    if state.result is not None or max(state.charge) < 3:  # nobody can break: skip
        return False
    if kind == W_AFTER_DECLARE and state.match.config.ib_response_window != "any":
        return False  # AMB-32 between_steps_only: no response to a declared action
    to_ask = tuple(s for s in range(state.match.num_seats) if eligible(state, s))
    if to_ask:
        state.stack.append(WindowFrame(kind, to_ask, ()))
    return bool(to_ask)
