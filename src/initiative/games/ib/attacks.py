"""The ACTION frame (IB 3.2 step 4): an attack (IB 4.1-4.3), a Technique or Event
(IB 4.4, 4.8), a Keystone ability (IB 4.6) or a Sigil install or use (IB 4.5), from
choice through cost and response window to clause-by-clause resolution.

Attacks and card effects are data (content.Clause). Each clause that picks a unit asks
its controller for one `target` sub-decision; `same` reuses the previous clause's
targets (IB 3.8.3); `all_enemies` / `all_allies` take the group at resolution (IB 3.8.5).
What a clause does is in effects.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from initiative.games.ib import (
    abilities,
    breaks,
    challenges,
    damage,
    effects,
    events,
    sigils,
    supports,
)
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import (
    CLEANSES,
    DISCARDS,
    K_ADVANCED,
    K_BASIC,
    K_BREAK_ART,
    K_CLEANSE,
    K_DISCARD,
    K_INSTALL,
    K_KEYSTONE,
    K_PLAY,
    K_REPLACE,
    K_SIGIL,
    K_TIER,
    REPLACES,
    SUPPORT_TARGETS,
    TARGETS,
    TIERS,
    Action,
    target_unit,
)
from initiative.games.ib.content import CLEANSE_ONE, Clause
from initiative.games.ib.frames import (
    ACTION,
    ACTIVATION,
    AS_AFTER,
    AS_CLEANSE,
    AS_COST,
    AS_DONE,
    AS_RECIPIENT,
    AS_REPLACE,
    AS_RESOLVE,
    AS_RETARGET,
    AS_TARGET,
    AS_TIER,
    F_ENDED,
    K_CHALLENGE,
    NO_TARGET,
    PENDING,
    W_AFTER_DECLARE,
    W_AFTER_RESOLVE,
    Frame,
)
from initiative.games.ib.match import CARD_SUPPORT

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

COST = {K_BASIC: 0, K_ADVANCED: 1, K_BREAK_ART: 3}
"""IB 4.1.1 free; IB 4.2.1 one Charge; IB 4.3.1 all three Charge."""


def clauses_of(state: IBState, unit: int, kind: int, card: int = -1,
               tier: int = 0) -> tuple[Clause, ...]:
    """The clauses an ACTION frame resolves: a printed attack, a card's effects, a Sigil
    tier (the free Discard-1 tier on install, IB 4.5.3) or a Keystone ability."""
    if kind <= K_BREAK_ART:
        spec = state.match.units[unit]
        return spec.basic if kind == K_BASIC else spec.advanced if kind == K_ADVANCED \
            else spec.break_art
    if kind == K_PLAY:
        return state.match.content.cards[card].effects
    if kind == K_KEYSTONE:
        keystone = state.match.unit_keystones[unit]
        return keystone.ability if keystone else ()
    if kind == K_CHALLENGE:  # IB 6.4: a Challenge Card's move
        cc = state.match.cc_specs[unit]
        return cc.moves[card].effects if cc is not None else ()
    tiers = state.match.content.cards[card].tiers  # INSTALL or SIGIL
    return tiers[max(tier, 1) - 1] if tier or kind == K_INSTALL else ()


def declare(state: IBState, unit: int, kind: int, via_ib: bool = False, card: int = -1,
            owed: int = 0, tier: int = 0, recipient: int = -1) -> None:
    """Push an attack, card, Keystone or Sigil use: a Sigil's tier or recipient first,
    then discards owed, then targets, then (not for an IB) its Charge cost and the
    response window."""
    clauses = clauses_of(state, unit, kind, card, tier)
    targets = tuple(PENDING if c.chooses else NO_TARGET for c in clauses)
    stage = AS_COST if owed else AS_TARGET
    if kind == K_SIGIL:
        stage = AS_TIER
    elif kind == K_INSTALL:
        stage = AS_RECIPIENT
    state.stack.append((ACTION, unit, kind, targets, stage, via_ib, 0, 0, card, owed, tier,
                        recipient))


def legal(state: IBState) -> list[Action]:
    frame = state.stack[-1]
    unit, kind, targets, stage = frame[1], frame[2], frame[3], frame[4]
    if stage == AS_COST:  # IB 4.4.1 / AMB-47: discard other cards from hand
        return list(DISCARDS[: len(state.hands[state.match.unit_seat[unit]])])
    if stage == AS_TIER:
        return [TIERS[n - 1] for n in sigils.payable_tiers(state, unit, frame[8])]
    if stage == AS_RECIPIENT:
        return [TARGETS[u] for u in sigils.recipients(state, unit, frame[8])]
    if stage == AS_REPLACE:
        return [REPLACES[i] for i in sigils.replace_options(state, frame[11], frame[8])]
    clauses = clauses_of(state, unit, kind, frame[8], frame[10])
    if stage == AS_CLEANSE:
        bits = state.status[_clause_targets(state, frame, frame[6])[0]]
        return [CLEANSES[s] for s in range(len(st.NAMES)) if st.count(bits, s)]
    i = targets.index(PENDING)
    n = state.match.num_characters
    found = effects.candidates(state, unit, clauses[i].target)
    if clauses[i].only_if is not None:  # a chosen target must meet the condition
        found = effects.meeting(state, clauses[i].only_if, found)
    return [TARGETS[u] if u < n else SUPPORT_TARGETS[u - n] for u in found]


def choose(state: IBState, action: Action) -> None:
    frame = state.stack[-1]
    if action.kind == K_DISCARD:
        _pay_discard(state, frame, action.arg)
        return
    if action.kind == K_TIER:
        _choose_tier(state, frame, action.arg + 1)
        return
    if action.kind == K_REPLACE:
        sigils.remove(state, frame[11], action.arg)
        state.stack[-1] = (*frame[:4], AS_TARGET, *frame[5:])
        return
    if frame[4] == AS_RECIPIENT:
        _choose_recipient(state, frame, action.arg)
        return
    if action.kind == K_CLEANSE:
        target = _clause_targets(state, frame, frame[6])[0]
        damage.cleanse(state, target, action.arg)
        state.stack[-1] = (*frame[:4], AS_RESOLVE, frame[5], frame[6], 2, *frame[8:])
        return
    state.stack[-1] = _with_target(frame, target_unit(action, state.match.num_characters))


def step(state: IBState) -> bool:
    """Advance the top ACTION frame; False when a target or status must be chosen."""
    stack = state.stack
    frame = stack[-1]
    _, unit, kind, targets, stage, via_ib, _, _, card, owed, tier, recipient = frame
    if stage == AS_COST:
        hand = state.hands[state.match.unit_seat[unit]]
        if len(hand) > owed:
            return False
        _pay_discard(state, frame, len(hand) - 1)  # no choice: every card must go
        return True
    if stage >= AS_TIER:  # a Sigil's tier, recipient or replaced Sigil (IB 4.5)
        options = legal(state)
        if len(options) > 1:
            state._legal = options
            state._legal_seat = state.match.unit_seat[unit]
            return False
        choose(state, options[0])  # the only choice is made automatically
        return True
    if stage == AS_TARGET or stage == AS_RETARGET:
        if PENDING in targets:
            options = legal(state)
            if (state.match.cc_mask >> unit) & 1:  # IB 6.5: the game picks for a CC
                stack[-1] = _with_target(frame, _challenge_target(state, frame, options))
                return True
            if len(options) > 1:
                state._legal = options  # the decision's legal list, computed once
                state._legal_seat = state.match.unit_seat[unit]
                return False
            # One legal target: chosen automatically. None: the clause has no target.
            chosen = target_unit(options[0], state.match.num_characters) if options \
                else NO_TARGET
            stack[-1] = _with_target(frame, chosen)
            return True
        stack[-1] = (ACTION, unit, kind, targets, AS_RESOLVE, via_ib, frame[6], frame[7],
                     card, owed, tier, recipient)
        if not via_ib and stage == AS_TARGET:
            _announce(state, frame)
            breaks.open_window(state, W_AFTER_DECLARE)  # IB 3.7.5, AMB-32
    elif stage == AS_CLEANSE:
        return False  # waiting for the controller to name the status (IB 5.2.8)
    elif stage == AS_RESOLVE:
        if _abandoned(state, frame):
            finish(state)
            return True
        if frame[7] == 0 and frame[6] == 0 and (state.match.cc_mask >> unit) & 1 \
                and state.match.config.cc_retarget_after_response:
            frame = _challenge_retarget(state, frame)
        if frame[7] == 0 and frame[6] == 0:
            if kind == K_INSTALL:
                if not _install(state, frame):
                    return True
                frame = stack[-1]
            elif kind == K_PLAY and state.match.card_codes[card] == CARD_SUPPORT \
                    and owed != INSTALLED:
                supports.enter(state, state.match.unit_seat[unit], card)  # IB 4.7.1
                stack[-1] = frame = (*frame[:9], INSTALLED, *frame[10:])
            if _orphaned(state, frame):
                return True
        return _resolve(state)
    elif stage == AS_AFTER and not via_ib:
        stack[-1] = after = (ACTION, unit, kind, targets, AS_DONE, via_ib, frame[6], frame[7],
                             card, owed, tier, recipient)
        breaks.open_window(state, W_AFTER_RESOLVE)
        if stack[-1] is after:
            finish(state)
    else:
        finish(state)
    return True


def finish(state: IBState) -> None:
    """Pop the ACTION frame; a played card goes to its owner's discard pile (IB 2.6.1,
    4.4), whether it resolved, fizzled or was abandoned (its costs stay paid); so does a
    Sigil whose installation never happened."""
    frame = state.stack.pop()
    card, kind = frame[8], frame[2]
    if (kind == K_PLAY or kind == K_INSTALL) and frame[9] != INSTALLED:
        state.discards[state.match.unit_seat[frame[1]]].append(card)


INSTALLED = -1
"""`owed` of an INSTALL frame once its Sigil is in place, or of a PLAY frame once its
Support Character is in play (neither owes a discard any more)."""


def cards_in_play(stack: Sequence[Frame], unit_seat: Sequence[int]) -> list[tuple[int, int]]:
    """(owner seat, card) of every card out of hand but not yet placed: a Technique or
    Event resolving, a Sigil not yet installed. (Installed Sigils sit on their unit.)"""
    return [(unit_seat[f[1]], f[8]) for f in stack
            if f[0] == ACTION and (f[2] == K_PLAY or f[2] == K_INSTALL) and f[9] != INSTALLED]


def _installed(state: IBState, frame: Frame) -> bool:
    return bool(frame[2] == K_INSTALL and frame[9] == INSTALLED)


def _announce(state: IBState, frame: Frame) -> None:
    """The declaration: costs in Charge are paid and everyone sees what is done."""
    _, unit, kind, targets = frame[:4]
    card = frame[8]
    if kind == K_CHALLENGE:
        state.emit((events.CC_ACTION, unit, card, *targets))  # IB 6.4.2
    elif kind == K_PLAY:
        state.emit((events.PLAY, unit, card, *targets))  # IB 4.4 / 4.7 / 4.8
        abilities.fire(state, "play", unit)
    elif kind == K_INSTALL:
        state.emit((events.INSTALL, unit, card, frame[11]))  # IB 4.5
    elif kind == K_SIGIL:
        if state.match.config.sigil_activation_cost != "discard_by_tier":  # AMB-40
            state.charge[unit] -= 1
        state.emit((events.SIGIL_USE, unit, card, frame[10], *targets))
    else:
        _pay(state, unit, kind)  # IB 4.2.1 / 4.3.1: paid on declaration
        state.emit((events.DECLARE, unit, kind, *targets))


def _choose_tier(state: IBState, frame: Frame, tier: int) -> None:
    """IB 4.5.7: the tier sets the effect and its discard cost (AMB-40, AMB-46)."""
    unit, card = frame[1], frame[8]
    clauses = clauses_of(state, unit, K_SIGIL, card, tier)
    targets = tuple(PENDING if c.chooses else NO_TARGET for c in clauses)
    owed = sigils.discard_cost(state, tier)
    state.stack[-1] = (ACTION, unit, frame[2], targets, AS_COST if owed else AS_TARGET,
                       *frame[5:9], owed, tier, frame[11])


def _choose_recipient(state: IBState, frame: Frame, recipient: int) -> None:
    """IB 4.5.2: the Sigil goes on `recipient`; a full recipient first loses one."""
    stage = AS_REPLACE if sigils.replace_options(state, recipient, frame[8]) else AS_TARGET
    state.stack[-1] = (*frame[:4], stage, *frame[5:11], recipient)


def _install(state: IBState, frame: Frame) -> bool:
    """Put the Sigil in place before its free Discard-1 effect (IB 4.5.3); if the
    recipient left the track meanwhile the install fizzles (the card is discarded)."""
    recipient = frame[11]
    if _installed(state, frame):
        return True
    if not state.on_track(recipient):
        state.emit((events.FIZZLE, frame[1], frame[2], frame[8]))
        state.stack[-1] = (*frame[:4], AS_AFTER, *frame[5:])
        return False
    sigils.install(state, recipient, frame[8], state.match.unit_seat[frame[1]])
    state.stack[-1] = (*frame[:9], INSTALLED, *frame[10:])
    abilities.fire(state, "install", recipient, frame[1])
    return state.result is None and not _abandoned(state, state.stack[-1])


def _pay_discard(state: IBState, frame: Frame, slot: int) -> None:
    """IB 4.4.1 / AMB-47: one card of the discard cost, paid from the rest of the hand."""
    from initiative.games.ib.hand import discard

    discard(state, state.match.unit_seat[frame[1]], slot)
    owed = frame[9] - 1
    state.stack[-1] = (*frame[:4], AS_COST if owed else AS_TARGET, *frame[5:9], owed,
                       *frame[10:])


def _challenge_target(state: IBState, frame: Frame, options: Sequence[Action]) -> int:
    """IB 6.5: the pending clause's target as the CC's card and the tie-breaks pick it."""
    clauses = clauses_of(state, frame[1], frame[2], frame[8], frame[10])
    clause = clauses[frame[3].index(PENDING)]
    n = state.match.num_characters
    return challenges.choose_target(state, frame[1], clause.target,
                                    [target_unit(a, n) for a in options])


def _challenge_retarget(state: IBState, frame: Frame) -> Frame:
    """`cc_retarget_after_response` (new flag): after the response window a CC picks
    its targets again from the board as it now is."""
    chosen = tuple(PENDING if t != NO_TARGET else NO_TARGET for t in frame[3])
    again = (*frame[:3], chosen, *frame[4:])
    state.stack[-1] = again
    while PENDING in again[3]:
        again = _with_target(again, _challenge_target(state, again, legal(state)))
        state.stack[-1] = again
    if again[3] != frame[3]:
        state.emit((events.CC_RETARGET, frame[1], *again[3]))
    return again


def _with_target(frame: Frame, chosen: int) -> Frame:
    targets = list(frame[3])
    targets[targets.index(PENDING)] = chosen
    return (frame[0], frame[1], frame[2], tuple(targets), *frame[4:])


def _pay(state: IBState, unit: int, kind: int) -> None:
    """IB 4.2.1 / 4.3.1: Charge is spent when the attack is declared; a Keystone
    ability costs 1 Charge under `keystone_ability_cost=one_charge` (AMB-41). A Rival
    spends none on its Advanced Attack or Keystone ability (IB 6.8.4; its Break Art
    costs all 3, AMB-75)."""
    if kind != K_BREAK_ART and (state.match.rival_mask >> unit) & 1:
        return
    if kind == K_KEYSTONE:
        if state.match.config.keystone_ability_cost == "one_charge":
            state.charge[unit] -= 1
        return
    cost = COST[kind]
    if cost == 3:
        state.charge[unit] = 0
    elif cost:
        state.charge[unit] -= cost


def _abandoned(state: IBState, frame: Frame) -> bool:
    """The actor left the track, or its activation ended (e.g. by its own IB)."""
    unit = frame[1]
    if not state.on_track(unit):
        return True
    if frame[5]:
        return False
    base = state.stack[0]
    return base[0] != ACTIVATION or base[1] != unit or bool(base[3] & F_ENDED)


def _orphaned(state: IBState, frame: Frame) -> bool:
    """A chosen target left the track before resolution (new flag `orphaned_action`).

    fizzle: the whole action is lost with its costs paid (and a Basic Attack gains no
    Charge, since it never resolved); retarget: the controller picks again."""
    off = state.off
    lost = [i for i, t in enumerate(frame[3]) if t >= 0 and (off >> t) & 1]
    if not lost:
        return False
    if state.match.config.orphaned_action == "retarget":
        targets = list(frame[3])
        for i in lost:
            targets[i] = PENDING
        state.stack[-1] = (*frame[:3], tuple(targets), AS_RETARGET, *frame[5:])
        return True
    state.emit((events.FIZZLE, frame[1], frame[2], frame[8]))
    state.stack[-1] = (*frame[:4], AS_AFTER, *frame[5:])
    return True


def _clause_targets(state: IBState, frame: Frame, i: int) -> list[int]:
    """The units clause `i` affects now (defeated units drop out)."""
    unit, kind, targets = frame[1], frame[2], frame[3]
    clauses = clauses_of(state, unit, kind, frame[8], frame[10])
    condition = clauses[i].only_if
    while clauses[i].target == "same":  # IB 3.8.3: same unit(s) as the clause before
        i -= 1
    target = clauses[i].target
    if target == "self":
        found = [unit]
        if kind == K_INSTALL and state.match.config.sigil_free_tier_self == "recipient":
            found = [frame[11]]  # the free tier's self is the Sigil's new holder
    elif target == "all_enemies" or target == "all_allies":
        found = effects.candidates(state, unit, target)
    else:
        found = [targets[i]] if targets[i] >= 0 else []
    off = state.off
    found = [u for u in found if not (off >> u) & 1]
    return found if condition is None else effects.meeting(state, condition, found)


def _resolve(state: IBState) -> bool:
    """Resolve clauses in order; pause for an unnamed Cleanse choice (IB 5.2.8)."""
    frame = state.stack[-1]
    unit, kind = frame[1], frame[2]
    clauses = clauses_of(state, unit, kind, frame[8], frame[10])
    i, sub = frame[6], frame[7]
    while i < len(clauses):
        clause = clauses[i]
        hit = _clause_targets(state, frame, i)
        if sub == 0:
            effects.damage_and_heal(state, unit, clause, hit)
            if clause.cleanse == CLEANSE_ONE and hit:
                present = [s for s in range(len(st.NAMES)) if st.count(state.status[hit[0]], s)]
                if len(present) > 1:
                    state.stack[-1] = (*frame[:4], AS_CLEANSE, frame[5], i, 1, *frame[8:])
                    return False
                if present:
                    damage.cleanse(state, hit[0], present[0])
        effects.rest_of_clause(state, unit, clause, hit)
        damage.settle(state)  # AMB-56
        if state.result is not None or _abandoned(state, frame):
            if state.result is None:
                finish(state)
            return True
        i, sub = i + 1, 0
    if kind == K_BASIC:  # IB 3.7.1 / 4.1.1: +1 Charge, capped at 3 (AMB-38)
        effects.gain_charge(state, unit, 1)
    state.stack[-1] = (*frame[:4], AS_AFTER, frame[5], i, 0, *frame[8:])
    return True
