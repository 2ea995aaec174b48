"""IB 3.2: the six-step activation, plus the idle point between activations.

Steps: Status Check (IB 3.2.2, IB 5), Start-of-Activation window (IB 3.2.3), Draw
(IB 3.2.4, 2.8.5), Action (IB 3.2.5-3.2.6), End-of-Activation window (IB 3.2.7),
Movement (IB 3.2.8, 3.3, 3.4.6) and then the Round Marker step (IB 3.5.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.engine.bits import BIT
from initiative.games.ib import (
    abilities,
    attacks,
    challenges,
    damage,
    effects,
    events,
    free_discard,
    hand,
    rounds,
    sigils,
    signatures,
    step_windows,
    supports,
    victory,
    windows,
)
from initiative.games.ib import statuses as st
from initiative.games.ib.abilities import ACTOR
from initiative.games.ib.actions import (
    ADVANCED,
    BASIC,
    BREAK_ART,
    DISCARD_MENUS,
    FLUXES,
    INSTALLS,
    K_BREAK_ART,
    K_DISCARD,
    K_FLUX,
    K_INSTALL,
    K_KEEP,
    K_KEYSTONE,
    K_PASS,
    K_PLAY,
    K_SIGIL,
    KEYSTONE,
    KIND_CODES,
    PASS,
    PLAYS,
    Action,
)
from initiative.games.ib.active import drop_deferred
from initiative.games.ib.charge import gain_charge
from initiative.games.ib.frames import (
    ACTIVATION,
    ACTIVATION_FRAMES,
    DISCARD_MASK,
    DISCARD_UNIT,
    F_CC_BROKE,
    F_CC_CHARGED,
    F_ENDED,
    F_FLUX,
    F_MUTED,
    F_SEALED,
    F_SIGIL_USED,
    F_STUNNED,
    K_CHALLENGE,
    NEXT_FRAME,
    ST_ACTION,
    ST_DRAW,
    ST_END,
    ST_MOVE,
    ST_RM,
    ST_START,
    ST_STATUS,
    W_BETWEEN,
    ActivationFrame,
    activation_frame,
)
from initiative.games.ib.specs import CARD_SIGIL, CARD_SUPPORT, CARD_TECHNIQUE

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

_FIRE: Final = effects.fire
"""`effects.fire`, the `fire` argument of the rounds' functions: held here once, since
a compiled module (mypyc) looks a function passed as a value up by name at each use."""


def begin_idle(state: IBState) -> None:
    """Between activations: close a finished round, then open the between-window, under
    which the idle frame waits; with no window (no unit can break) the next activation
    starts at once."""
    if state.track.rm == 0:  # else no round can end here (the check's first test)
        rounds.idle_round_check(state, _FIRE)
    if state.result is None and 3 in state.charge[: state.match.num_characters]:
        # a unit may break (windows.none_can_break, inline: skips the window's call)
        state.stack.append(NEXT_FRAME)
        if windows.open_window(state, W_BETWEEN):
            return
        state.stack.pop()
    _start_next(state)


def next_step(state: IBState) -> None:
    """The idle frame's step, after the between-window: the round is checked again (a
    Break in the window may have moved the RM), then the next activation starts."""
    state.stack.pop()
    rounds.idle_round_check(state, _FIRE)
    _start_next(state)


def _start_next(state: IBState) -> None:
    """Start the next activation: the leftmost unit acts (IB 3.0.1, 3.1.2)."""
    if state.activations >= state.match.max_activations:
        victory.finish(state, -1)  # new: `max_activations` ends a stalled game in a draw
        return
    order = state.track.order  # the leftmost unit (track.leftmost, inline: the hot path)
    if not order:  # pragma: no cover - victory is decided before the track empties
        victory.check(state)
        return
    unit = order[0]
    state.activations += 1
    if "once_per_activation" in state.match.limits:
        abilities.refresh_activation(state)
    state.stack.append(ACTIVATION_FRAMES[unit][ST_STATUS])  # shared: no flags yet
    if state.quiet & BIT[events.ACT_START]:  # state.wants, inline: the hot path
        state.log_len += 1
    else:
        track = state.track
        state.emit((events.ACT_START, unit, track.round if track.rm is not None else 0))  # IB 3.6.2


def _ended(state: IBState) -> bool:
    """The activation at the bottom of the stack has ended early (`end_activation`).
    `step` asks only once its frame was replaced: a frame is never changed in place."""
    base = state.stack[0]
    return base.tag == ACTIVATION and bool(base.flags & F_ENDED)


def step(state: IBState, frame: ActivationFrame) -> bool:
    """Run the automatic steps of the activation frame on top; False when the Action is
    awaited. Steps with nothing to resolve run back to back in one call (the hot path)."""
    unit, stage, flags = frame.unit, frame.step, frame.flags
    match = state.match
    if stage == ST_ACTION:
        if not match.cc_mask & BIT[unit]:
            state.offer(legal(state, frame), match.unit_seat[unit])  # a seat chooses
            return False
        _challenge_action(state, unit, flags)
        return True
    if stage == ST_STATUS:
        if state.status[unit] & st.START_OF_ACTIVATION_MASK:
            _status_check(state, unit, flags)
            top = state.stack[-1]
            if match.every_step and top.tag == ACTIVATION:
                step_windows.pause(state, unit, top.step, top.flags)
            return True
        stage = ST_START  # nothing to resolve at the Status Check
    if stage == ST_START:  # IB 3.2.3: abilities answering the Start window, if any
        masks, bit = match.trigger_masks["start_of_activation"], BIT[unit]
        if masks[0] & bit or masks[1] & (~state.off | bit):  # abilities.answers, inline
            abilities.collect(state, "start_of_activation", unit, ACTOR)  # effects.respond,
            if state.queue:  # inline as well: once an activation
                effects.flush(state)
            if state.result is not None or (state.stack[0] is not frame and _ended(state)):
                return True
            if match.every_step and step_windows.pause(state, unit, ST_DRAW, flags):
                return True
    if stage == ST_START or stage == ST_DRAW:
        if match.discard_before_draw and free_discard.before_draw(state, unit, flags):
            state.stack[-1] = activation_frame(unit, ST_DRAW, flags)  # IB 2.8.7: discard first?
            return False
        return not _draw_step(state, unit, flags, frame)
    if stage == ST_END:
        logged = state.log_len
        if match.cc_mask & BIT[unit] and not flags & F_CC_CHARGED:
            flags |= F_CC_CHARGED
            state.stack[-1] = activation_frame(unit, ST_END, flags)
            _challenge_charge(state, unit, flags)
        masks, bit = match.trigger_masks["end_of_activation"], BIT[unit]
        if masks[0] & bit or masks[1] & (~state.off | bit):  # abilities.answers, inline
            abilities.collect(state, "end_of_activation", unit, ACTOR)  # IB 3.2.7
            if state.queue:  # (effects.respond, inline)
                effects.flush(state)
            if state.result is not None or (state.stack[0] is not frame and _ended(state)):
                return True
        stage = ST_MOVE
        if state.log_len != logged and match.every_step \
                and step_windows.pause(state, unit, ST_MOVE, flags):
            return True
    if stage == ST_MOVE:  # IB 3.3 / 3.4.6 / 3.5.5: right by Speed, then the deferred moves
        track = state.track
        speed = match.units[unit].speed
        if match.phase_mask & BIT[unit]:
            speed = challenges.speed(state, unit)  # a phase may change it (AMB-82)
        if track.rm is None and match.config.time_collapse_order == "printed_initiative":
            speed = len(track)  # AMB-26: during the collapse units cycle in printed order
        deferred = state.pending[unit]
        crossed = track.speed_move(unit, speed)
        if state.quiet & BIT[events.MOVEMENT]:  # state.wants, inline: the hot path
            state.log_len += 1
        else:
            state.emit((events.MOVEMENT, unit, speed, int(crossed)))
        if deferred:  # IB 3.4.6 / AMB-06: then its deferred moves, in the order received
            state.pending[unit] = ()
            if crossed and match.track_rules.deferred_move_after_crossing_rm != "apply":
                drop_deferred(state, unit, deferred, events.DROP_CROSSED)  # AMB-05 `ignore`
            else:
                for amount in deferred:
                    effects.shift(state, unit, amount, deferred=True)
        stage = ST_RM
        if match.every_step and step_windows.pause(state, unit, ST_RM, flags):
            return True
    if stage == ST_RM:
        if not flags & F_STUNNED or match.config.rm_step_after_stunned_turn:  # AMB-10
            rounds.rm_step(state, _FIRE)
    if flags & (F_SEALED | F_MUTED):
        _expire_restrictions(state, unit, flags)
    state.stack.pop()  # ST_DONE
    return True


def _draw_step(state: IBState, unit: int, flags: int,
               frame: ActivationFrame | None = None) -> bool:
    """IB 3.2.4 / 2.8.5: the Draw Step, then the Action Step (or, for a Stunned unit
    under AMB-09 `action_only`, the End window). `frame`: the activation frame `step`
    ran (None after a decision before the draw), to skip the early-end check while it
    is still on the stack. True if a seat's action is now awaited: the top frame is a
    player Character's Action Step (`step` would stop there, so it stops now, its menu
    offered)."""
    match = state.match
    drew = False
    cc = match.cc_mask & BIT[unit]
    if not cc:  # IB 6.4.1: CCs draw no cards
        seat = match.unit_seat[unit]
        held = len(state.hands[seat])
        if not hand.draw(state, seat):  # IB 3.2.4 / 2.8.5 draw step
            effects.deck_out(state, seat)  # IB 2.8.6
        drew = len(state.hands[seat]) > held
    if state.result is not None or (state.stack[0] is not frame and _ended(state)):
        return False
    skip = flags & F_STUNNED  # AMB-09 action_only: the action is skipped
    stage = ST_END if skip else ST_ACTION
    top = state.stack[-1] = activation_frame(unit, stage, flags) if flags \
        else ACTIVATION_FRAMES[unit][stage]  # its fast path, inline: once an activation
    if drew and match.every_step and step_windows.pause(state, unit, stage, flags):
        return False  # a step window opened
    if stage != ST_ACTION or cc:
        return False
    state.offer(legal(state, top), match.unit_seat[unit])
    return True


def _challenge_action(state: IBState, unit: int, flags: int) -> None:
    """IB 6.4.2: a Challenge Card's action is chosen by its card and the d6."""
    state.stack[-1] = activation_frame(unit, ST_END, flags)
    move = challenges.choose_move(state, unit, flags)
    if move is None:
        return  # the roll fizzled under Seal or Mute
    kind, index = move
    if kind == K_BREAK_ART or (kind == K_CHALLENGE
                                and index == challenges.behaviour(state, unit).break_art):
        state.stack[-1] = activation_frame(unit, ST_END, flags | F_CC_BROKE)
    attacks.declare(state, unit, kind, card=index)


def _challenge_charge(state: IBState, unit: int, flags: int) -> None:
    """IB 6.4.3: a CC with a Break Art gains 1 Charge as its End window begins; not
    after a Stun (AMB-66), nor after its Break Art unless `cc_charge_after_break_art`
    (AMB-65)."""
    if flags & F_STUNNED or not challenges.has_break_art(state, unit):
        return
    if flags & F_CC_BROKE and not state.match.config.cc_charge_after_break_art:
        return
    gain_charge(state, unit, 1)


def restricted(state: IBState, unit: int, flags: int, flag: int) -> bool:
    """Seal (F_SEALED) or Mute (F_MUTED) binds this activation: it was on the unit at the
    Status Check and has not been cleansed since (IB 5.2.4, 5.2.5, 5.2.8)."""
    status = st.SEAL if flag == F_SEALED else st.MUTE
    return bool(flags & flag) and st.count(state.status[unit], status) > 0


def _expire_restrictions(state: IBState, unit: int, flags: int) -> None:
    """After that activation Seal and Mute are removed (one instance each, AMB-54)."""
    bits = state.status[unit]
    for flag, status in ((F_SEALED, st.SEAL), (F_MUTED, st.MUTE)):
        if flags & flag and st.count(bits, status):
            bits -= 1 << (status << 2)
    state.status[unit] = bits


PASSIVE_USED: Final = 1
"""Bit of `IBState.used` marking a unit's once-per-round Keystone passive (ability 0,
abilities.py; IB 3.5.4)."""


def _status_check(state: IBState, unit: int, flags: int) -> None:
    """IB 3.2.2 / IB 5.3: Burn, then Stun; Seal and Mute bind this activation.

    AMB-12: Burn first (a Burn kill pre-empts everything). AMB-08: Guard does not
    resolve here. AMB-16: statuses applied later in this activation wait for the next."""
    config = state.match.config
    bits = state.status[unit]
    burn = st.count(bits, st.BURN)
    if burn:
        state.status[unit] = st.clear(bits, st.BURN)
        if state.wants(events.BURN):
            state.emit((events.BURN, unit))
        damage.deal(state, -1, unit, burn, from_burn=True)  # IB 5.2.1, AMB-52
        effects.settle(state)
        if state.result is not None or not state.on_track(unit):
            return
        bits = state.status[unit]
    stun = st.count(bits, st.STUN)
    if stun:
        bits = st.clear(bits, st.STUN)
        flags |= F_STUNNED
        if state.wants(events.STUNNED):
            state.emit((events.STUNNED, unit))  # IB 5.2.7
    if not (stun and config.seal_mute_survive_stun):  # AMB-12
        # IB 5.2.4-5.2.5: they bind this activation and stay on the unit (a Cleanse may
        # still lift them) until it ends; one applied later waits (AMB-16).
        if st.count(bits, st.SEAL):
            flags |= F_SEALED
            if state.wants(events.SEALED):
                state.emit((events.SEALED, unit))
        if st.count(bits, st.MUTE):
            flags |= F_MUTED
            if state.wants(events.MUTED):
                state.emit((events.MUTED, unit))
    state.status[unit] = bits
    skip_all = stun and config.stunned_turn_skips == "all_but_movement"  # AMB-09
    state.stack[-1] = activation_frame(unit, ST_MOVE if skip_all else ST_START,
                                      flags)


def legal(state: IBState, frame: ActivationFrame) -> list[Action]:
    """IB 3.2.6 action menu plus the free discard (IB 2.8.7); the hot path of play."""
    unit, flags = frame.unit, frame.flags
    if frame.step == ST_DRAW:  # free_discard_timing=before_draw_too: discard before drawing?
        return free_discard.before_draw_legal(state, unit)
    match = state.match
    hand = state.hands[match.unit_seat[unit]]
    sealed = muted = False
    if flags & (F_SEALED | F_MUTED):  # one test for the usual case, neither
        sealed = restricted(state, unit, flags, F_SEALED)
        muted = restricted(state, unit, flags, F_MUTED)
    if sealed:  # IB 5.2.5: no attacks or Break Arts
        out: list[Action] = []
    else:  # IB 4.2.1 Advanced for 1 Charge, IB 4.3.1 a Break Art for 3
        charge = state.charge[unit]
        out = [BASIC, ADVANCED, BREAK_ART] if charge >= 3 else \
            [BASIC, ADVANCED] if charge >= 1 else [BASIC]
    # The cards the unit may use as its action: a Technique unless Sealed (IB 5.2.5), an
    # Event (IB 4.4, 4.8) or a Support Character not already in play (IB 4.7, 2.5.4)
    # whose discard cost the other cards can pay (AMB-47, AMB-49); a Sigil to install
    # unless Muted, if some Character can take it (IB 4.5). A Technique or Event is
    # judged by its entry of `Match.card_play_costs` alone (a plain card's is more than
    # any hand pays). Inline, not a helper: the hottest loop of the menu.
    play_costs = match.card_play_costs
    others = len(hand) - 1
    mine_only = match.own_signatures
    slot = -1  # counted, not enumerate(): no iterator object and pair per card
    for card in hand:
        slot += 1
        need = play_costs[card]
        if need > others or (mine_only and not signatures.may_play(state, unit, card)):
            continue  # a plain card, a cost the other cards cannot pay, another's card
        if need >= 0:  # a Technique or Event (its kind read only under Seal)
            if not sealed or match.card_codes[card] != CARD_TECHNIQUE:
                out.append(PLAYS[slot])
            continue
        code = match.card_codes[card]
        if code == CARD_SIGIL:
            if not muted and match.install_hosts[card][unit] & ~state.off:  # sigils.can_install,
                # inline: someone in play may take it
                out.append(INSTALLS[slot])
        elif match.card_costs[card] <= others and (
                code != CARD_SUPPORT or supports.can_enter(state, match.unit_seat[unit], card)):
            out.append(PLAYS[slot])
    if not muted:  # IB 5.2.4: no Keystone or Sigil abilities
        keystone = match.unit_keystones[unit]
        if keystone is not None and keystone.ability:  # IB 4.6 / AMB-41: its cost payable
            cost = match.keystone_cost
            if (cost != "one_charge" or state.charge[unit] >= 1) \
                    and (cost != "discard_by_tier" or hand):
                out.append(KEYSTONE)
        if state.sigils[unit]:
            out.extend(sigils.usable(state, unit, flags))
    out.append(PASS)  # IB 4.9
    if state.flux[match.unit_seat[unit]] and (
            not flags & F_FLUX or match.config.flux_tokens_per_activation == "unlimited"):
        out.extend(FLUXES)  # IB 7.4.2, AMB-105: a free action of a campaign battle
    if flags & DISCARD_MASK < match.free_discard_bits:  # free_discard.allowed, inline
        out.extend(DISCARD_MENUS[len(hand)])
    return out


def _spend_flux(state: IBState, unit: int, option: int) -> None:
    """IB 7.4.2 / AMB-105: one token for one of: draw 1 card (an optional draw: an empty
    deck just gives nothing), heal every Character of the spender on the track 1 HP
    (not Supports), or heal the active Character 3 HP."""
    seat = state.match.unit_seat[unit]
    state.flux[seat] -= 1
    if state.wants(events.FLUX):
        state.emit((events.FLUX, seat, unit, option))
    if option == 0:
        hand.draw(state, seat, 1)  # optional: an empty deck just gives nothing
    elif option == 1:
        for u in state.match.seat_units[seat]:
            if state.on_track(u):
                damage.heal(state, u, 1)
    else:
        damage.heal(state, unit, 3)


def choose(state: IBState, frame: ActivationFrame, action: Action) -> None:
    unit, stage, flags = frame.unit, frame.step, frame.flags
    kind = KIND_CODES[action.index]  # a plain int (an IntEnum compares slower in pure Python)
    if kind == K_DISCARD:
        hand.discard(state, state.match.unit_seat[unit], action.arg)
        state.stack[-1] = activation_frame(unit, stage, flags + DISCARD_UNIT)
        if stage == ST_DRAW:  # discarded before the Draw Step (IB 2.8.7): now draw
            _draw_step(state, unit, flags + DISCARD_UNIT)
        return
    if kind == K_KEEP:  # no discard before the Draw Step: a full hand draws nothing
        _draw_step(state, unit, flags)
        return
    if kind == K_FLUX:
        state.stack[-1] = activation_frame(unit, ST_ACTION, flags | F_FLUX)
        _spend_flux(state, unit, action.arg)
        return
    # The unit's action (IB 3.2.5): its activation goes on at the End window, or at the
    # Action Step after a free one; then the action is declared (not a Pass, AMB-14).
    after, card, owed = ST_END, -1, 0
    if kind == K_PASS:
        if state.quiet & BIT[events.PASS]:  # state.wants, inline: the hot path
            state.log_len += 1
        else:
            state.emit((events.PASS, unit))
    elif kind == K_PLAY:
        card = state.hands[state.match.unit_seat[unit]].pop(action.arg)
        spec = state.match.content.cards[card]
        owed = spec.cost
        if spec.kind == "event" and (
                state.match.config.event_timing == "any_time_own_activation"):  # AMB-48
            after = ST_ACTION
    elif kind == K_INSTALL:  # IB 4.5.1: installing is the whole action
        card = state.hands[state.match.unit_seat[unit]].pop(action.arg)
    elif kind == K_SIGIL:  # IB 4.5.6: each installed Sigil once per activation
        if not state.match.config.sigil_use_is_action:  # AMB-42
            after = ST_ACTION
        flags |= F_SIGIL_USED[action.arg]
        card = state.sigils[unit][action.arg][0]
    elif kind == K_KEYSTONE and state.match.keystone_cost == "discard_by_tier":
        owed = 1  # AMB-41 tier 1
    state.stack[-1] = activation_frame(unit, after, flags) if flags \
        else ACTIVATION_FRAMES[unit][after]  # its fast path, inline: once an activation
    if kind != K_PASS:
        attacks.declare(state, unit, kind, False, card, owed)  # (positional: a cheaper call)
