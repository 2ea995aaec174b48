"""IB 3.7: Initiative Break declarations answered in response windows (opened by
windows.py, which also says who is `eligible`), and their resolution.

Windows (AMB-32, GUIDE "Interrupts"): after an action is declared and paid, after it
resolves, and between activations. Each seat with an eligible unit is asked once;
answers stay hidden until all are in and are then revealed together (the rules'
"simultaneous"). Any declaration reopens the window. Windows where nobody is eligible
(a public fact: Charge, Seal, track) are skipped, so play never stalls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib import attacks, effects, events, rounds
from initiative.games.ib.actions import BREAKS, DECLINE, K_BREAK, K_BREAK_ART, Action
from initiative.games.ib.active import drop_deferred, end_activation
from initiative.games.ib.frames import (
    ACTIVATION,
    B_RETURN,
    B_WAITING,
    F_ENDED,
    BreakFrame,
    WindowFrame,
)
from initiative.games.ib.windows import eligible as eligible
from initiative.games.ib.windows import open_window
from initiative.timing.track import ib_resolution_order

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def legal(state: IBState, frame: WindowFrame) -> list[Action]:
    options = []
    for unit in eligible(state, frame.to_ask[0]):  # a loop: no generator to build
        options.append(BREAKS[unit])
    options.append(DECLINE)
    return options


def choose(state: IBState, frame: WindowFrame, action: Action) -> None:
    declared = frame.declared
    if action.kind == K_BREAK:
        declared = (*declared, (frame.to_ask[0], action.arg))
    state.stack[-1] = WindowFrame(frame.kind, frame.to_ask[1:], declared)


def window_step(state: IBState, frame: WindowFrame) -> bool:
    """Wait for answers; then reveal, queue the Breaks and reopen the window."""
    kind, declared = frame.kind, frame.declared
    if frame.to_ask:
        return False
    state.stack.pop()
    if not declared:
        return True
    config = state.match.config
    track = state.track
    speeds = state.match.units
    batch = []
    for seq, (seat, unit) in enumerate(declared):
        if state.wants(events.IB_DECLARE):
            state.emit((events.IB_DECLARE, seat, unit))
        if config.ib_charge_paid_at == "declaration":  # AMB-33: paid now, never refunded
            state.charge[unit] = 0
        batch.append((unit, speeds[unit].speed, track.slot(unit), seq))
    # IB 3.7.8-3.7.9: the last declared resolves first; a simultaneous batch by Speed.
    order = ib_resolution_order(batch, state.match.track_rules)
    for unit in reversed(order):
        state.stack.append(BreakFrame(unit, B_WAITING, False))
    open_window(state, kind)
    return True


def break_step(state: IBState, frame: BreakFrame) -> None:
    """IB 3.7.6-3.7.7, 3.7.10: cancel if defeated; else far left, Break Art, far right."""
    unit, stage, was_oor = frame.unit, frame.stage, frame.was_oor
    track = state.track
    if stage == B_WAITING:
        if not state.on_track(unit):
            state.stack.pop()
            if state.wants(events.IB_CANCEL):
                state.emit((events.IB_CANCEL, unit))
            return
        if state.match.config.ib_charge_paid_at == "resolution":
            if state.charge[unit] < 3:
                state.stack.pop()
                if state.wants(events.IB_CANCEL):
                    state.emit((events.IB_CANCEL, unit))
                return
            state.charge[unit] = 0
        was_oor = track.is_out_of_round(unit)
        track.jump_far_left(unit)
        if state.wants(events.IB_JUMP):
            state.emit((events.IB_JUMP, unit))
        state.stack[-1] = BreakFrame(unit, B_RETURN, was_oor)
        attacks.declare(state, unit, K_BREAK_ART, via_ib=True)
        return
    state.stack.pop()
    if not state.on_track(unit):
        return
    track.send_far_right(unit, was_oor)
    if state.wants(events.IB_RETURN):
        state.emit((events.IB_RETURN, unit))
    base = state.stack[0]
    if base.tag == ACTIVATION and base.unit == unit and not base.flags & F_ENDED:
        if state.pending[unit]:  # R3: the broken activation's deferred moves are dropped
            drop_deferred(state, unit, state.pending[unit], events.DROP_BREAK)
            state.pending[unit] = ()
        end_activation(state, defeated=False)  # AMB-34: the IB ends that activation
    elif state.match.config.ib_moves_rm:  # AMB-21
        rounds.rm_step(state, effects.fire)
    if base.tag != ACTIVATION:  # AMB-18: between activations the round may end at once
        rounds.idle_round_check(state, effects.fire)
