"""IB 3.7: Initiative Break declarations in response windows, and their resolution.

Windows (AMB-32, GUIDE "Interrupts"): after an action is declared and paid, after it
resolves, and between activations. Each seat with an eligible unit is asked once;
answers stay hidden until all are in and are then revealed together (the rules'
"simultaneous"). Any declaration reopens the window. Windows where nobody is eligible
(a public fact: Charge, Seal, track) are skipped, so play never stalls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib import attacks, events, rounds
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import BREAKS, DECLINE, K_BREAK, K_BREAK_ART, Action
from initiative.games.ib.frames import (
    ACTION,
    ACTIVATION,
    AS_AFTER,
    AS_DONE,
    B_RETURN,
    B_WAITING,
    BREAK,
    F_ENDED,
    F_STUNNED,
    ST_END,
    W_AFTER_DECLARE,
    WINDOW,
    Frame,
)
from initiative.timing.track import ib_resolution_order

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def eligible(state: IBState, seat: int) -> list[int]:
    """Units of `seat` that may declare an Initiative Break now."""
    match = state.match
    config = match.config
    base = state.stack[0] if state.stack else (None, -1, 0, 0)
    in_activation = base[0] == ACTIVATION and not base[3] & F_ENDED
    out = []
    for unit in match.seat_units[seat]:
        if (state.off >> unit) & 1 or state.charge[unit] < 3:  # IB 3.7.5
            continue
        if st.count(state.status[unit], st.SEAL):  # IB 5.2.5 / AMB-17: until it expires
            continue
        if in_activation and base[1] == unit:
            if config.active_unit_ib == "forbidden":  # AMB-34
                continue
            if not config.break_after_own_action and _acted(state, base):  # IB 3.7.5
                continue
        if not config.ib_allowed_out_of_round and state.track.is_out_of_round(unit):  # AMB-30
            continue
        if config.ib_charge_paid_at == "resolution" and _has_pending_break(state, unit):
            continue
        out.append(unit)
    return out


def _acted(state: IBState, base: Frame) -> bool:
    """The active unit of activation frame `base` has taken its action (IB 3.2.5): the
    activation is past its Action Step (not a turn lost to Stun), and no action of its
    own waits to resolve (a Break then would come instead of it, IB 3.7.5)."""
    unit = base[1]
    if base[2] < ST_END or base[3] & F_STUNNED:
        return False
    return not any(f[0] == ACTION and f[1] == unit and not f[5] and f[4] != AS_AFTER
                   and f[4] != AS_DONE for f in state.stack)


def _has_pending_break(state: IBState, unit: int) -> bool:
    return any(f[0] == BREAK and f[1] == unit for f in state.stack)


def open_window(state: IBState, kind: int) -> None:
    """Open a response window if any seat has an eligible unit (else skip it)."""
    if state.result is not None or max(state.charge) < 3:  # nobody can break: skip
        return
    if kind == W_AFTER_DECLARE and state.match.config.ib_response_window != "any":
        return  # AMB-32 between_steps_only: no response to a declared action
    to_ask = tuple(s for s in range(state.match.num_seats) if eligible(state, s))
    if to_ask:
        state.stack.append((WINDOW, kind, to_ask, ()))


def legal(state: IBState) -> list[Action]:
    seat = state.stack[-1][2][0]
    return [*(BREAKS[u] for u in eligible(state, seat)), DECLINE]


def choose(state: IBState, action: Action) -> None:
    _, kind, to_ask, declared = state.stack[-1]
    if action.kind == K_BREAK:
        declared = (*declared, (to_ask[0], action.arg))
    state.stack[-1] = (WINDOW, kind, to_ask[1:], declared)


def window_step(state: IBState) -> bool:
    """Wait for answers; then reveal, queue the Breaks and reopen the window."""
    _, kind, to_ask, declared = state.stack[-1]
    if to_ask:
        return False
    state.stack.pop()
    if not declared:
        return True
    config = state.match.config
    track = state.track
    speeds = state.match.units
    batch = []
    for seq, (seat, unit) in enumerate(declared):
        state.emit((events.IB_DECLARE, seat, unit))
        if config.ib_charge_paid_at == "declaration":  # AMB-33: paid now, never refunded
            state.charge[unit] = 0
        batch.append((unit, speeds[unit].speed, track.slot(unit), seq))
    # IB 3.7.8-3.7.9: the last declared resolves first; a simultaneous batch by Speed.
    order = ib_resolution_order(batch, state.match.track_rules)
    for unit in reversed(order):
        state.stack.append((BREAK, unit, B_WAITING, False))
    open_window(state, kind)
    return True


def break_step(state: IBState) -> None:
    """IB 3.7.6-3.7.7, 3.7.10: cancel if defeated; else far left, Break Art, far right."""
    frame = state.stack[-1]
    _, unit, stage, was_oor = frame
    track = state.track
    if stage == B_WAITING:
        if not state.on_track(unit):
            state.stack.pop()
            state.emit((events.IB_CANCEL, unit))
            return
        if state.match.config.ib_charge_paid_at == "resolution":
            if state.charge[unit] < 3:
                state.stack.pop()
                state.emit((events.IB_CANCEL, unit))
                return
            state.charge[unit] = 0
        was_oor = track.is_out_of_round(unit)
        track.jump_far_left(unit)
        state.emit((events.IB_JUMP, unit))
        state.stack[-1] = (BREAK, unit, B_RETURN, was_oor)
        attacks.declare(state, unit, K_BREAK_ART, via_ib=True)
        return
    state.stack.pop()
    if not state.on_track(unit):
        return
    track.send_far_right(unit, was_oor)
    state.emit((events.IB_RETURN, unit))
    base = state.stack[0]
    if base[0] == ACTIVATION and base[1] == unit and not base[3] & F_ENDED:
        from initiative.games.ib.activation import drop_deferred, end_activation

        if state.pending[unit]:  # R3: the broken activation's deferred moves are dropped
            drop_deferred(state, unit, state.pending[unit], events.DROP_BREAK)
            state.pending[unit] = ()
        end_activation(state, defeated=False)  # AMB-34: the IB ends that activation
    elif state.match.config.ib_moves_rm:  # AMB-21
        rounds.rm_step(state)
    if base[0] != ACTIVATION:  # AMB-18: between activations the round may end at once
        rounds.idle_round_check(state)
