"""IB 3.7.1-3.7.3: Charge, the resource an Initiative Break spends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.engine.bits import BIT
from initiative.games.ib import events

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def gain_charge(state: IBState, unit: int, amount: int) -> None:
    """IB 3.7.1-3.7.3: Charge never exceeds 3; the excess is lost (AMB-38). A negative
    amount spends Charge down to 0. Support Characters hold no Charge."""
    if unit >= state.match.num_characters:
        return
    now = state.charge[unit] + amount
    now = 3 if now > 3 else 0 if now < 0 else now  # not min/max: builtin calls compiled
    state.charge[unit] = now
    if state.quiet & BIT[events.CHARGE]:  # state.wants, inline: the hot path
        state.log_len += 1
    else:
        state.emit((events.CHARGE, unit, amount, now))
