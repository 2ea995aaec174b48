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
from typing import TYPE_CHECKING, Final

from initiative.engine.bits import BIT
from initiative.games.ib import (
    challenges,
    damage,
    effects,
    events,
    hand,
    sigils,
    windows,
)
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import (
    CLEANSES,
    DISCARD_MENUS,
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
    K_TARGET_SUPPORT,
    K_TIER,
    KIND_CODES,
    REPLACES,
    TARGETS,
    TIERS,
    Action,
    target_action,
    target_unit,
)
from initiative.games.ib.charge import gain_charge
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
    ActionFrame,
    Frame,
)
from initiative.games.ib.specs import CARD_SUPPORT, CHOSEN_TARGETS, CLEANSE_ONE, Clause

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

COST: Final = {K_BASIC: 0, K_ADVANCED: 1, K_BREAK_ART: 3}
"""IB 4.1.1 free; IB 4.2.1 one Charge; IB 4.3.1 all three Charge."""
_ONE_PENDING: Final = (PENDING,)
"""The targets of an action with one clause, which picks a unit, before it is chosen."""


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
            owed: int = 0) -> None:
    """Push an attack, card, Keystone or Sigil use: a Sigil's tier or recipient first,
    then discards owed, then targets, then (not for an IB) its Charge cost and the
    response window. The frame is the one first declared so in this match (frames are
    immutable: shared, as `ACTIVATION_FRAMES` are; a subscript, no method call)."""
    key = (unit, kind, card, owed, via_ib)
    try:
        frame = state.match.declared[key]
    except KeyError:
        clauses = clauses_of(state, unit, kind, card)
        stage = AS_COST if owed else AS_TARGET
        if kind == K_SIGIL:
            stage = AS_TIER
        elif kind == K_INSTALL:
            stage = AS_RECIPIENT
        frame = ActionFrame(unit, kind, open_targets(clauses), stage, via_ib, 0, 0, card, owed,
                            0, -1, clauses)
        state.match.declared[key] = frame
    state.stack.append(frame)


def open_targets(clauses: tuple[Clause, ...]) -> tuple[int, ...]:
    """An ACTION frame's targets before any is chosen: PENDING for each clause that
    picks a unit (`Clause.chooses`), NO_TARGET for the others. (A loop, not a
    generator: a hot path with one or two clauses.)"""
    targets = []
    for clause in clauses:
        targets.append(PENDING if clause.target in CHOSEN_TARGETS else NO_TARGET)
    return tuple(targets)


def legal(state: IBState, frame: ActionFrame) -> list[Action]:
    unit, stage = frame.unit, frame.stage
    if stage == AS_COST:  # IB 4.4.1 / AMB-47: discard other cards from hand
        return list(DISCARD_MENUS[len(state.hands[state.match.unit_seat[unit]])])
    if stage == AS_TIER:
        return [TIERS[n - 1] for n in sigils.payable_tiers(state, unit, frame.card)]
    if stage == AS_RECIPIENT:
        return [TARGETS[u] for u in sigils.recipients(state, unit, frame.card)]
    if stage == AS_REPLACE:
        return [REPLACES[i] for i in sigils.replace_options(state, frame.recipient, frame.card)]
    clauses = frame.clauses
    if stage == AS_CLEANSE:
        return [CLEANSES[s]  # (a comprehension reading only globals: no cell in `legal`)
                for s in st.present(state.status[_clause_targets(state, frame, frame.clause)[0]])]
    clause = clauses[frame.targets.index(PENDING)]
    found = effects.candidate_set(state, unit, clause.target)
    if clause.only_if is None:
        try:  # the menu of this bit set, as first offered in this match
            return list(state.match.target_menus[found])
        except KeyError:
            return list(_new_menu(state, found))
    options = []  # a chosen target must meet the condition
    for u in effects.meeting(state, clause.only_if, effects.units_of(found)):
        options.append(target_action(u, state.match.num_characters))
    return options


def _new_menu(state: IBState, units: int) -> tuple[Action, ...]:
    """The actions choosing each unit of bit set `units`, in unit order, kept in
    `Match.target_menus` (`legal` looks them up there first)."""
    n = state.match.num_characters
    menu = state.match.target_menus[units] = tuple(
        target_action(u, n) for u in effects.units_of(units))
    return menu


def choose(state: IBState, frame: ActionFrame, action: Action) -> None:
    kind = KIND_CODES[action.index]  # a plain int (an IntEnum compares slower in pure Python)
    if kind == K_DISCARD:
        _pay_discard(state, frame, action.arg)
        return
    if kind == K_TIER:
        _choose_tier(state, frame, action.arg + 1)
        return
    if kind == K_REPLACE:
        sigils.remove(state, frame.recipient, action.arg)
        state.stack[-1] = frame.at(AS_TARGET)
        return
    if frame.stage == AS_RECIPIENT:
        _choose_recipient(state, frame, action.arg)
        return
    if kind == K_CLEANSE:
        target = _clause_targets(state, frame, frame.clause)[0]
        damage.cleanse(state, target, action.arg)
        state.stack[-1] = frame.at(AS_RESOLVE, sub=2)
        return
    arg = action.arg  # target_unit(action), inline: the hot path
    _choose_target(state, frame, arg + state.match.num_characters
                   if kind == K_TARGET_SUPPORT else arg)


def step(state: IBState, frame: ActionFrame) -> bool:
    """Advance the ACTION frame on top; False when a target or status must be chosen."""
    stack = state.stack
    unit, stage = frame.unit, frame.stage
    if stage == AS_COST:
        hand = state.hands[state.match.unit_seat[unit]]
        if len(hand) > frame.owed:
            return False
        _pay_discard(state, frame, len(hand) - 1)  # no choice: every card must go
        return True
    if stage >= AS_TIER:  # a Sigil's tier, recipient or replaced Sigil (IB 4.5)
        options = legal(state, frame)
        if len(options) > 1:
            state.offer(options, state.match.unit_seat[unit])
            return False
        choose(state, frame, options[0])  # the only choice is made automatically
        return True
    if stage == AS_TARGET or stage == AS_RETARGET:
        if PENDING in frame.targets:
            options = legal(state, frame)
            if state.match.cc_mask & BIT[unit]:  # IB 6.5: the game picks for a CC
                _choose_target(state, frame, _challenge_target(state, frame, options))
                return True
            if len(options) > 1:
                state.offer(options, state.match.unit_seat[unit])  # computed once
                return False
            # One legal target: chosen automatically. None: the clause has no target.
            chosen = target_unit(options[0], state.match.num_characters) if options \
                else NO_TARGET
            _choose_target(state, frame, chosen)
            return True
        frame = frame.at(AS_RESOLVE)
        if _targets_set(state, frame, stage):
            return True
        stage = AS_RESOLVE  # nothing came between: resolve now (as the next step would)
    if stage == AS_CLEANSE:
        return False  # waiting for the controller to name the status (IB 5.2.8)
    if stage == AS_RESOLVE:
        base = stack[0]  # the bottom frame, as the action is found not abandoned
        if _abandoned(state, frame):
            finish(state)
            return True
        if frame.sub == 0 and frame.clause == 0:  # the action's first clause begins
            if state.match.cc_mask & BIT[unit] \
                    and state.match.config.cc_retarget_after_response:
                frame = _challenge_retarget(state, frame)  # new targets, same clause
            if frame.kind == K_INSTALL:
                installed = _install(state, frame)
                if installed is None:
                    return True
                frame = installed
            elif frame.kind == K_PLAY and state.match.card_codes[frame.card] == CARD_SUPPORT \
                    and frame.owed != INSTALLED:
                effects.support_enters(state, state.match.unit_seat[unit], frame.card)  # IB 4.7.1
                stack[-1] = frame = frame.paying(frame.stage, INSTALLED)
            off = state.off
            for t in frame.targets:  # a loop, not a generator: the usual case loses none
                if t >= 0 and off & BIT[t]:
                    _orphaned(state, frame)
                    return True
        return _resolve(state, frame, base)
    if stage == AS_AFTER:
        _after(state, frame)
    else:
        finish(state)
    return True


def _after(state: IBState, frame: ActionFrame) -> None:
    """The ACTION frame `frame` on top has resolved (AS_AFTER): the response window
    after resolution (IB 3.7.5; none after an IB's Break Art), then it is done."""
    if not frame.via_ib and windows.open_window(state, W_AFTER_RESOLVE):
        state.stack[-2] = frame.at(AS_DONE)  # the window reads no ACTION frame
    else:
        finish(state)


def finish(state: IBState) -> None:
    """Pop the ACTION frame; a played card goes to its owner's discard pile (IB 2.6.1,
    4.4), whether it resolved, fizzled or was abandoned (its costs stay paid); so does a
    Sigil whose installation never happened."""
    frame = state.stack.pop()
    assert frame.tag == ACTION
    kind = frame.kind
    if (kind == K_PLAY or kind == K_INSTALL) and frame.owed != INSTALLED:
        state.discards[state.match.unit_seat[frame.unit]].append(frame.card)


INSTALLED: Final = -1
"""`owed` of an INSTALL frame once its Sigil is in place, or of a PLAY frame once its
Support Character is in play (neither owes a discard any more)."""


def cards_in_play(stack: Sequence[Frame], unit_seat: Sequence[int]) -> list[tuple[int, int]]:
    """(owner seat, card) of every card out of hand but not yet placed: a Technique or
    Event resolving, a Sigil not yet installed. (Installed Sigils sit on their unit.)"""
    return [(unit_seat[f.unit], f.card) for f in stack
            if f.tag == ACTION and (f.kind == K_PLAY or f.kind == K_INSTALL)
            and f.owed != INSTALLED]


def _choose_tier(state: IBState, frame: ActionFrame, tier: int) -> None:
    """IB 4.5.7: the tier sets the effect and its discard cost (AMB-40, AMB-46)."""
    clauses = clauses_of(state, frame.unit, K_SIGIL, frame.card, tier)
    owed = sigils.discard_cost(state, tier)
    state.stack[-1] = frame.tiered(AS_COST if owed else AS_TARGET, owed, tier, clauses,
                                   open_targets(clauses))


def _choose_recipient(state: IBState, frame: ActionFrame, recipient: int) -> None:
    """IB 4.5.2: the Sigil goes on `recipient`; a full recipient first loses one."""
    stage = AS_REPLACE if sigils.replace_options(state, recipient, frame.card) else AS_TARGET
    state.stack[-1] = frame.installing(stage, recipient)


def _install(state: IBState, frame: ActionFrame) -> ActionFrame | None:
    """Put the Sigil in place before its free Discard-1 effect (IB 4.5.3); if the
    recipient left the track meanwhile the install fizzles (the card is discarded).
    Returns the frame to resolve, or None if there is nothing (more) to resolve now."""
    if frame.owed == INSTALLED:
        return frame
    recipient = frame.recipient
    if not state.on_track(recipient):
        if state.wants(events.FIZZLE):
            state.emit((events.FIZZLE, frame.unit, frame.kind, frame.card))
        state.stack[-1] = frame.at(AS_AFTER)
        return None
    sigils.install(state, recipient, frame.card, state.match.unit_seat[frame.unit])
    state.stack[-1] = frame.paying(frame.stage, INSTALLED)
    effects.fire(state, "install", recipient, frame.unit)
    top = state.stack[-1]
    if state.result is not None or top.tag != ACTION or _abandoned(state, top):
        return None
    return top


def _pay_discard(state: IBState, frame: ActionFrame, slot: int) -> None:
    """IB 4.4.1 / AMB-47: one card of the discard cost, paid from the rest of the hand."""
    hand.discard(state, state.match.unit_seat[frame.unit], slot)
    owed = frame.owed - 1
    state.stack[-1] = frame.paying(AS_COST if owed else AS_TARGET, owed)


def _challenge_target(state: IBState, frame: ActionFrame, options: Sequence[Action]) -> int:
    """IB 6.5: the pending clause's target as the CC's card and the tie-breaks pick it."""
    clause = frame.clauses[frame.targets.index(PENDING)]
    n = state.match.num_characters
    return challenges.choose_target(state, frame.unit, clause.target,
                                    [target_unit(a, n) for a in options])


def _challenge_retarget(state: IBState, frame: ActionFrame) -> ActionFrame:
    """`cc_retarget_after_response` (new flag): after the response window a CC picks
    its targets again from the board as it now is."""
    chosen = tuple(PENDING if t != NO_TARGET else NO_TARGET for t in frame.targets)
    again = frame.with_targets(chosen)
    state.stack[-1] = again
    while PENDING in again.targets:
        again = _with_target(again, _challenge_target(state, again, legal(state, again)))
        state.stack[-1] = again
    if again.targets != frame.targets:
        if state.wants(events.CC_RETARGET):
            state.emit((events.CC_RETARGET, frame.unit, *again.targets))
    return again


def _choose_target(state: IBState, frame: ActionFrame, chosen: int) -> None:
    """`frame` (on top) with its first pending target `chosen`; once none is pending it
    goes on at once as `step` would (`_targets_set`): one frame fewer to build."""
    if frame.targets == _ONE_PENDING:  # one clause, picking a unit: the usual case
        _targets_set(state, frame.with_targets((chosen,), AS_RESOLVE), frame.stage)
        return
    targets = list(frame.targets)
    targets[targets.index(PENDING)] = chosen
    if PENDING in targets:
        state.stack[-1] = frame.with_targets(tuple(targets))
    else:
        _targets_set(state, frame.with_targets(tuple(targets), AS_RESOLVE), frame.stage)


def _targets_set(state: IBState, frame: ActionFrame, stage: int) -> bool:
    """Put `frame`, its targets all set at `stage` and now at AS_RESOLVE, on top. A
    fresh declaration (AS_TARGET; not an IB's Break Art) is announced (its Charge cost
    paid, and everyone sees what is done) and the response window may open (IB 3.7.5,
    AMB-32). True if something came between: a window, the game's end or another frame
    (the caller stops); False: resolve now."""
    stack = state.stack
    stack[-1] = frame
    if frame.via_ib or stage != AS_TARGET:
        return False
    unit, kind, targets, card = frame.unit, frame.kind, frame.targets, frame.card
    if kind == K_CHALLENGE:
        if state.wants(events.CC_ACTION):
            state.emit((events.CC_ACTION, unit, card, *targets))  # IB 6.4.2
    elif kind == K_PLAY:
        if state.quiet & BIT[events.PLAY]:  # state.wants, inline: the hot path
            state.log_len += 1
        else:
            state.emit((events.PLAY, unit, card, *targets))  # IB 4.4 / 4.7 / 4.8
        if "play" in state.match.triggers:  # else `fire` finds nothing to answer
            effects.fire(state, "play", unit)
    elif kind == K_INSTALL:
        if state.wants(events.INSTALL):
            state.emit((events.INSTALL, unit, card, frame.recipient))  # IB 4.5
    elif kind == K_SIGIL:
        if state.match.config.sigil_activation_cost != "discard_by_tier":  # AMB-40
            state.charge[unit] -= 1
        if state.wants(events.SIGIL_USE):
            state.emit((events.SIGIL_USE, unit, card, frame.tier, *targets))
    else:
        if kind != K_BASIC:  # a Basic Attack is free (IB 4.1.1): nothing to pay
            _pay(state, unit, kind)  # IB 4.2.1 / 4.3.1: paid on declaration
        if state.quiet & BIT[events.DECLARE]:  # state.wants, inline: the hot path
            state.log_len += 1
        else:
            state.emit((events.DECLARE, unit, kind, *targets))
    if state.result is not None:
        return True
    if 3 in state.charge[: state.match.num_characters] \
            and windows.open_window(state, W_AFTER_DECLARE):  # (its first test, inline:
        return True  # no call when no unit holds the 3 Charge a Break needs)
    return stack[-1] is not frame


def _with_target(frame: ActionFrame, chosen: int) -> ActionFrame:
    """`frame` with its first pending target chosen."""
    targets = list(frame.targets)
    targets[targets.index(PENDING)] = chosen
    return frame.with_targets(tuple(targets))


def _pay(state: IBState, unit: int, kind: int) -> None:
    """IB 4.2.1 / 4.3.1: Charge is spent when the attack is declared; a Keystone
    ability costs 1 Charge under `keystone_ability_cost=one_charge` (AMB-41). A Rival
    spends none on its Advanced Attack or Keystone ability (IB 6.8.4; its Break Art
    costs all 3, AMB-75)."""
    if kind != K_BREAK_ART and state.match.rival_mask & BIT[unit]:
        return
    if kind == K_KEYSTONE:
        if state.match.keystone_cost == "one_charge":
            state.charge[unit] -= 1
        return
    cost = COST[kind]
    if cost == 3:
        state.charge[unit] = 0
    elif cost:
        state.charge[unit] -= cost


def _abandoned(state: IBState, frame: ActionFrame) -> bool:
    """The actor left the track, or its activation ended (e.g. by its own IB)."""
    unit = frame.unit
    if state.off & BIT[unit]:  # off the track (state.on_track, inline: a hot path)
        return True
    if frame.via_ib:
        return False
    base = state.stack[0]
    if base.tag == ACTIVATION and base.unit == unit:  # branches: in pure Python a
        return (base.flags & F_ENDED) != 0  # comparison whose value is kept costs more
    return True


def _orphaned(state: IBState, frame: ActionFrame) -> None:
    """A chosen target left the track before resolution (new flag `orphaned_action`;
    `step` found it).

    fizzle: the whole action is lost with its costs paid (and a Basic Attack gains no
    Charge, since it never resolved); retarget: the controller picks again."""
    off = state.off
    lost = [i for i, t in enumerate(frame.targets) if t >= 0 and off & BIT[t]]
    if state.match.config.orphaned_action == "retarget":
        targets = list(frame.targets)
        for i in lost:
            targets[i] = PENDING
        state.stack[-1] = frame.with_targets(tuple(targets), AS_RETARGET)
        return
    if state.wants(events.FIZZLE):
        state.emit((events.FIZZLE, frame.unit, frame.kind, frame.card))
    state.stack[-1] = frame.at(AS_AFTER)


def _clause_targets(state: IBState, frame: ActionFrame, i: int) -> Sequence[int]:
    """The units clause `i` of `frame` affects now (defeated units drop out), as a tuple
    (no list built, as in `effects.resolve_now`)."""
    unit, clauses = frame.unit, frame.clauses
    condition = clauses[i].only_if
    while clauses[i].target == "same":  # IB 3.8.3: same unit(s) as the clause before
        i -= 1
    target = clauses[i].target
    if target == "all_enemies" or target == "all_allies":
        found = effects.candidates(state, unit, target)  # units in play only
    else:
        one = frame.targets[i]
        if target == "self":
            one = unit
            if frame.kind == K_INSTALL and \
                    state.match.config.sigil_free_tier_self == "recipient":
                one = frame.recipient  # the free tier's self is the Sigil's new holder
        found = (one,) if one >= 0 and not state.off & BIT[one] else ()
    return found if condition is None else effects.meeting(state, condition, found)


def _resolve(state: IBState, frame: ActionFrame, base: Frame) -> bool:
    """Resolve the clauses of `frame` (on top) in order; pause for an unnamed Cleanse
    choice (IB 5.2.8). `base`: the bottom frame when `step` found the action not
    abandoned (`_abandoned` is asked again only once it or the actor's place changed)."""
    unit, kind = frame.unit, frame.kind
    clauses = frame.clauses
    i, sub = frame.clause, frame.sub
    while i < len(clauses):
        clause = clauses[i]
        hit = _clause_targets(state, frame, i)
        if sub == 0:
            if clause.damage or clause.heal:  # else it has nothing to do
                effects.damage_and_heal(state, unit, clause, hit)
            if clause.cleanse == CLEANSE_ONE and hit:
                present = st.present(state.status[hit[0]])  # a call, not a comprehension
                # reading locals here: that would make them cells, a cost at every call
                if len(present) > 1:
                    state.stack[-1] = frame.at(AS_CLEANSE, i, 1)
                    return False
                if present:
                    damage.cleanse(state, hit[0], present[0])
        if clause.rest:
            effects.rest_of_clause(state, unit, clause, hit)
        if clause.damage or state.queue or state.match.phase_mask:  # else nothing to settle
            effects.settle(state, clause.damage != 0)  # AMB-56
        # Abandoned since? Not while the actor is in play and the bottom frame is `base`
        # (frames never change in place).
        if state.result is not None or ((state.off & BIT[unit] or state.stack[0] is not base)
                                        and _abandoned(state, frame)):
            if state.result is None:
                finish(state)
            return True
        i, sub = i + 1, 0
    if kind == K_BASIC:  # IB 3.7.1 / 4.1.1: +1 Charge, capped at 3 (AMB-38)
        gain_charge(state, unit, 1)
    # At once, as the next step would (a Charge gain fires nothing). No window can
    # follow: done, without the AS_AFTER frame only a window would read.
    if frame.via_ib or state.result is not None \
            or 3 not in state.charge[: state.match.num_characters]:  # none_can_break, inline
        finish(state)
    else:
        state.stack[-1] = frame = frame.at(AS_AFTER, i, 0)
        _after(state, frame)
    return True
