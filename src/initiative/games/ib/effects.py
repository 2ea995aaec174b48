"""IB 3.8 targeting and what a clause does: who counts as ally or enemy, which units a
clause may pick, and damage, healing, statuses, moves (IB 3.4), Charge, draws,
discards, Sigil removal, summons and scripts applied in that order. Shared by attacks,
cards, Keystone abilities, passive abilities and Sigils. Then what follows a clause
(AMB-56: `settle`) and the triggered abilities it fires (`fire`, `flush`).

Support Characters (IB 2.5.2) are targetable like any opposing or allied card; the
group targets take them unless `aoe_hits_supports` is false (AMB-63), and a Challenge
Card's only where it prints `targets_supports` under `cc_aoe_hits_supports=if_printed`
(IB 6.5.3). They have no track position and no Charge, so moves and Charge skip them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from initiative.engine.bits import BIT
from initiative.games.ib import (
    abilities,
    challenges,
    damage,
    events,
    hand,
    rounds,
    scripts,
    sigils,
    supports,
    victory,
)
from initiative.games.ib import statuses as st
from initiative.games.ib.abilities import ACTOR, NO_UNIT
from initiative.games.ib.active import active_unit, breaking_unit, is_active
from initiative.games.ib.charge import gain_charge
from initiative.games.ib.frames import ACTIVATION, F_ENDED
from initiative.games.ib.specs import CLEANSE_ALL, CLEANSE_NONE, CLEANSE_ONE, Clause, Condition

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def controller_team(state: IBState, unit: int) -> int:
    """AMB-61: "ally" and "enemy" are relative to the effect's controller by default;
    under `active_unit_controller`, to the active unit's (none between activations, as
    when a round ends: then the controller's)."""
    match = state.match
    if match.config.ally_enemy_reference == "active_unit_controller":
        active = active_unit(state)
        if active >= 0:
            return match.unit_team[active]
    return match.unit_team[unit]


def candidates(state: IBState, unit: int, target_kind: str) -> tuple[int, ...]:
    """Legal units for one clause (IB 3.8.1-3.8.2; OOR units stay targetable, IB 3.5.3):
    Characters in play, then Supports in play, each in unit order (a tuple shared by
    every caller: no list is built)."""
    found = candidate_set(state, unit, target_kind)
    return _UNITS_OF.get(found) or units_of(found)  # units_of's cache, inline


def candidate_set(state: IBState, unit: int, target_kind: str) -> int:
    """`candidates` as a bit set of units."""
    match = state.match
    team = controller_team(state, unit) \
        if match.config.ally_enemy_reference == "active_unit_controller" \
        else match.unit_team[unit]  # the default, without the call: the hot path
    live = ~state.off
    order = live & match.character_mask
    if live & match.support_mask and (target_kind[0] != "a" or _group_takes_supports(
            state, unit)):
        order |= live & match.support_mask  # IB 2.5.2; AMB-63 for the group targets
    mine = match.team_masks.get(team, 0)
    if target_kind == "enemy" or target_kind == "all_enemies":
        if target_kind == "all_enemies" and match.config.multiplayer_aoe_friendly_fire:
            # AMB-64: every unit of another seat, allies too
            return order & ~_seat_units(match.unit_seat, match.unit_seat[unit])
        return order & ~mine
    return order & mine


def _seat_units(unit_seat: Sequence[int], seat: int) -> int:
    """The units of `seat`, as a bit set (a function of its own: a generator reading the
    caller's locals would make them cells, a cost at every call of the caller)."""
    return sum(1 << u for u, s in enumerate(unit_seat) if s == seat)


_UNITS_OF: Final[dict[int, tuple[int, ...]]] = {}
"""`units_of`'s answers: the bit sets of units seen (one per population a game passes
through, a few hundred at most)."""
_MAX_UNITS_OF: Final = 4096


def units_of(units: int) -> tuple[int, ...]:
    """The units of bit set `units` (>= 0), in unit order."""
    found = _UNITS_OF.get(units)
    if found is None:
        found = _bit_by_bit(units)
        if len(_UNITS_OF) < _MAX_UNITS_OF:
            _UNITS_OF[units] = found
    return found


def _bit_by_bit(units: int) -> tuple[int, ...]:
    """`units_of`, found bit by bit (its own function: a generator reading `units` in
    `units_of` would make it a cell, a cost at every call, found or not)."""
    return tuple(u for u in range(units.bit_length()) if (units >> u) & 1)


def _group_takes_supports(state: IBState, unit: int) -> bool:
    """AMB-63: an "all" clause takes the Supports in play unless `aoe_hits_supports` is
    false; a Challenge Card's only if its card prints `targets_supports` under
    `cc_aoe_hits_supports=if_printed` (IB 6.5.3: a CC targets Supports only where its
    text allows)."""
    match = state.match
    config = match.config
    if not config.aoe_hits_supports:
        return False
    if config.cc_aoe_hits_supports == "if_printed" and match.is_challenge(unit):
        spec = match.cc_specs[unit]
        return spec is not None and spec.targets_supports
    return True


def meeting(state: IBState, condition: Condition, units: Sequence[int]) -> list[int]:
    """The units that meet a clause's `only_if` condition."""
    out = []
    for u in units:
        bits = state.status[u]
        if condition.has_status and not st.count(bits, st.BY_NAME[condition.has_status]):
            continue
        if condition.lacks_status and st.count(bits, st.BY_NAME[condition.lacks_status]):
            continue
        if condition.hp_at_most is not None and state.hp[u] > condition.hp_at_most:
            continue
        if condition.support is not None and state.match.is_support(u) != condition.support:
            continue
        out.append(u)
    return out


def resolve_now(state: IBState, unit: int, clauses: tuple[Clause, ...],
                trigger_unit: int = -1, from_beyond: bool = False) -> None:
    """Resolve clauses that ask no choices (a passive ability) at once, for `unit`;
    `trigger_unit` is the other unit of the event that fired it. Like an attack, it
    stops if its owner leaves play, unless it is the owner's own on-defeat ability
    (`from_beyond`). The units a clause affects are a tuple, not a list: built from a
    free list (or shared, `candidates`) rather than allocated."""
    hit: Sequence[int] = ()
    chain = state.match.config.trigger_chains  # new flag: ability damage fires triggers
    for clause in clauses:
        target = clause.target
        if target == "self":
            hit = (unit,)
        elif target == "trigger_unit":
            hit = (trigger_unit,) if trigger_unit >= 0 else ()
        elif target != "same":
            hit = candidates(state, unit, target)
        off = state.off
        for u in hit:  # a unit out of play (rare): only then `in_play` builds a list
            if off & BIT[u]:
                hit = in_play(state, hit)
                break
        mine = hit if clause.only_if is None else meeting(state, clause.only_if, hit)
        if clause.damage or clause.heal:
            damage_and_heal(state, unit, clause, mine, chain)
        if clause.rest:
            rest_of_clause(state, unit, clause, mine)
        if clause.damage or state.queue or state.match.phase_mask:  # else nothing to settle
            settle(state, clause.damage != 0)
        if state.result is not None or (not from_beyond and state.off & BIT[unit]):
            return


def in_play(state: IBState, units: Sequence[int]) -> Sequence[int]:
    """`units` without those out of play (`units` itself when all are in play: the
    usual case, without building a list)."""
    off = state.off
    for u in units:
        if off & BIT[u]:
            return [u for u in units if not off & BIT[u]]
    return units


def damage_and_heal(state: IBState, unit: int, clause: Clause, hit: Sequence[int],
                    triggers: bool = True) -> None:
    if clause.damage and hit:
        # IB 5.2.2; no status at all (the usual case): no Insight, and no call
        insight = damage.take_insight(state, unit) if state.status[unit] else 0
        whole = state.match.config.insight_scope == "whole_effect"  # AMB-53
        for n, target in enumerate(hit):
            bonus = insight if (whole or n == 0) else 0
            damage.deal(state, unit, target, clause.damage + bonus, False, triggers,
                        bonus)  # (from_burn, triggers, insight: positional, a cheaper call)
    if clause.heal:
        for target in hit:
            damage.heal(state, target, clause.heal)


def rest_of_clause(state: IBState, unit: int, clause: Clause, hit: Sequence[int]) -> None:
    """After damage and healing: named/all Cleanse, statuses, moves, Charge, then
    Sigil removal, discards and scripts per target; then the controller's draw and
    summon (IB 3.8, 5)."""
    for target in hit:
        if clause.cleanse == CLEANSE_ALL:
            damage.cleanse_all(state, target)
        elif clause.cleanse != CLEANSE_NONE and clause.cleanse != CLEANSE_ONE:
            damage.cleanse(state, target, clause.cleanse)
        for status in clause.apply:
            damage.apply_status(state, target, status)
        if clause.move_up:
            move(state, target, -clause.move_up)
        if clause.move_back:
            move(state, target, clause.move_back)
        if clause.charge:
            gain_charge(state, target, clause.charge)
        if clause.rare:
            _rare_effects(state, unit, clause, target)
    if clause.draw:
        draw_for(state, unit, clause)
    if clause.rare:
        if clause.summon:
            _summon(state, state.match.unit_seat[unit], clause.summon)
        if clause.spawn and challenges.spawn(state, unit, clause.spawn):  # IB 6.0.1
            after_join(state)  # AMB-24 / R8: the number of units changed


def _rare_effects(state: IBState, unit: int, clause: Clause, target: int) -> None:
    """Sigil removal, a random discard and a script, for one target."""
    if clause.remove_sigils:
        for _ in range(min(clause.remove_sigils, len(state.sigils[target]))):
            sigils.remove(state, target, len(state.sigils[target]) - 1)
    seat = state.match.unit_seat[target]
    if clause.discard and seat >= 0:  # a Challenge Card holds no hand (IB 6.4.1)
        hand.discard_at_random(state, seat, clause.discard)
    if clause.call:
        scripts.REGISTRY[clause.call](state, unit, target)


def move(state: IBState, unit: int, amount: int) -> None:
    """IB 3.4: Move Up (amount < 0) / Move Back (> 0). The active unit's moves wait for
    its Movement Step (IB 3.4.6); others resolve at once (IB 3.4.2)."""
    if unit >= state.match.num_characters:
        return  # a Support Character has no place on the track
    if is_active(state, unit):
        state.pending[unit] = (*state.pending[unit], amount)
        if state.quiet & BIT[events.DEFER]:  # state.wants, inline: the hot path
            state.log_len += 1
        else:
            state.emit((events.DEFER, unit, amount))
        return
    shift(state, unit, amount, deferred=False)


def shift(state: IBState, unit: int, amount: int, deferred: bool) -> None:
    """Move a unit on the track now: an inactive unit's move (IB 3.4.2), or the active
    unit's deferred one after its Speed move (IB 3.4.6); the log says where it went, or
    why it could not move (IB 3.4.3-3.4.5, AMB-04, R6). A unit that did not move left
    the track as it was: where it stands and whether it is out of round are read after,
    only then."""
    track = state.track
    order = track.order  # (track.slot, inline: the unit is on the track)
    before, rm = order.index(unit), track.rm
    floor = 1
    if deferred:
        moved = track.deferred_move(unit, amount)
    elif amount < 0:
        floor = move_up_floor(state)
        moved = track.move_up(unit, -amount, floor)
    else:
        moved = track.move_back(unit, amount)
    if moved:
        after = order.index(unit)
        if track.rm != rm:  # it crossed the Round Marker (IB 3.5.5, R6)
            outcome = events.CROSSED if amount > 0 else events.REJOINED
        else:
            outcome = events.MOVED if abs(after - before) == abs(amount) else events.CLAMPED
    else:
        beyond_ok = deferred and state.match.track_rules.deferred_move_after_crossing_rm \
            == "apply"  # AMB-05 `apply`: a deferred move may move a unit beyond the RM
        after = before
        outcome = _stay_reason(state, amount, before,
                               track.is_out_of_round(unit) and not beyond_ok, floor)
    if state.quiet & BIT[events.MOVE]:  # state.wants, inline: the hot path
        state.log_len += 1
    else:
        state.emit((events.MOVE, unit, amount, outcome, after, int(deferred)))


def move_up_floor(state: IBState) -> int:
    """The leftmost slot an inactive unit's Move Up may reach: 1 (IB 3.4.3), or 2 while
    an Initiative Break borrows slot 0 and the Active Character stands in slot 1, so
    nobody slips in ahead of it (IB 3.1.2, IB 3.4.3, canonical rule 2). Between
    activations, or once the activation has ended, the unit in slot 1 is the one due
    to act next (AMB-07) and is kept there alike."""
    order = state.track.order
    if len(order) < 2 or order[0] != breaking_unit(state):
        return 1
    base = state.stack[0]
    if base.tag == ACTIVATION and not base.flags & F_ENDED and base.unit != order[1]:
        return 1  # the Active Character has made its Speed move: slot 1 is not its
    return 2


def _stay_reason(state: IBState, amount: int, slot: int, out: bool, floor: int) -> int:
    """Why a move left the unit where it was: out of round (IB 3.4.5), at the limit
    already (IB 3.4.3: never into the Active slot, nor ahead of the Active Character
    during a Break; IB 3.4.4: not past the end), or lost for going beyond the limit
    (AMB-04 `fizzle`)."""
    if out:
        return events.OUT_OF_ROUND
    at_limit = slot <= floor if amount < 0 else slot == len(state.track) - 1
    if not at_limit and state.match.track_rules.move_limit_behavior == "fizzle":
        return events.FIZZLED
    return events.AT_LIMIT


def draw_for(state: IBState, unit: int, clause: Clause) -> None:
    """A clause's "draw N" is drawn by the effect's controller (IB 2.8.4 partial draws).
    AMB-84 `effect_draw_deckout`: an empty deck loses (`lose`, the default) or the
    missing draws are skipped (`ignore`)."""
    if clause.draw:
        seat = state.match.unit_seat[unit]
        if not hand.draw(state, seat, clause.draw) \
                and state.match.config.effect_draw_deckout == "lose":
            deck_out(state, seat)


# --- what follows a clause (AMB-56) and the triggers it fires -----------------------
#
# One recursive procedure, so one module: a clause settles (defeats, victory, Time
# Collapse, phases), the triggered abilities it fired resolve their own clauses, which
# settle in turn. The chapters below this layer (rounds, challenges) receive `fire` and
# `resolve_now` as arguments where they fire triggers or resolve an effect.


def settle(state: IBState, damaged: bool = True) -> None:
    """AMB-56: after a clause has resolved for all its targets, units at 0 HP leave the
    track and Supports at 0 HP are discarded (IB 2.5.3); then Time Collapse (AMB-24) and
    victory (IB 3.6.5) are checked, and queued triggered abilities resolve.

    `damaged` False: the clause deals no damage (`Clause.damage` 0), so no unit in
    play can be at 0 HP (only damage takes HP to 0, and every clause that deals it
    settles at once): neither the track nor the Supports are scanned, and nothing is
    left to do unless triggers wait in the queue or a Challenge Card has phases (the
    hot path's callers test that before calling)."""
    hp = state.hp
    fallen: list[int] = []
    changed = False  # someone fell; a Support leaving changes the population too (AMB-23)
    if damaged:
        for unit in state.track.order:  # a loop, not a comprehension: that would make
            if hp[unit] == 0:  # `hp` a cell, a cost at every call
                fallen.append(unit)
                changed = True
        in_play = ~state.off & state.match.support_mask
        if in_play:  # some Support is in play (`supports.in_play`, as a cached tuple)
            for unit in units_of(in_play):
                if hp[unit] == 0:
                    supports.leave(state, unit)
                    changed = True
    for unit in fallen:
        damage.remove_unit(state, unit)
    if changed:
        after_removal(state)
    if state.match.phase_mask & ~state.off and state.result is None:
        # AMB-82: a CC's HP may have crossed a threshold; a new Speed re-checks Time
        # Collapse (AMB-24)
        challenges.check_phases(state, _speed_changed, resolve_now)
    if state.queue and state.result is None:
        flush(state)


def after_removal(state: IBState) -> None:
    """Units left play: victory (IB 3.6.5), then Time Collapse (AMB-24), then the
    defeat triggers they queued."""
    victory.check(state)
    if state.result is None:
        rounds.check_time_collapse(state, fire)
    if state.queue and state.result is None:
        flush(state)


def after_join(state: IBState) -> None:
    """A unit joined the track mid-battle (a spawn, IB 6.0.1): Time Collapse is checked
    again, as on every change in the number of units (IB 3.6.1, AMB-24, R8)."""
    if state.result is None:
        rounds.check_time_collapse(state, fire)


def _speed_changed(state: IBState) -> None:
    """A Speed changed (a CC's phase): Time Collapse is checked again (AMB-24, R8)."""
    rounds.check_time_collapse(state, fire)


def fire(state: IBState, trigger: str, actor: int = NO_UNIT, trigger_unit: int = ACTOR
         ) -> None:
    """Queue the abilities `trigger` fires and resolve everything queued."""
    if abilities.answers(state, trigger, actor):
        respond(state, trigger, actor, trigger_unit)


def respond(state: IBState, trigger: str, actor: int = NO_UNIT,
            trigger_unit: int = ACTOR) -> None:
    """`fire` once `answers` said yes (the activation's Start and End windows do both
    inline, activation.py)."""
    abilities.collect(state, trigger, actor, trigger_unit)
    if state.queue:
        flush(state)


def flush(state: IBState) -> None:
    """Resolve queued triggers, each batch in `trigger_order`. Triggers queued while
    one resolves are resolved before the rest of its batch (after the clause settles)."""
    match = state.match
    while state.queue and state.result is None:
        batch = state.queue
        if len(batch) > 1:
            batch = tuple(sorted(batch, key=abilities.order_key(state)))
        state.queue = ()
        first = True  # the loop's test has just seen the game go on
        for owner, j, trigger_unit in batch:
            if not first and state.is_terminal():  # not `state.result`: the loop's test
                # narrowed it to None for mypy, and a compiled build (mypyc) would trust it
                state.queue = ()
                return
            first = False
            ability = match.unit_abilities[owner][j]
            beyond = ability.trigger == "defeat" and owner == trigger_unit  # its own defeat
            if state.off & BIT[owner] and not beyond:
                continue  # the owner left play before its turn came
            limit = ability.limit
            if limit != "none" and not beyond:  # its own defeat fires once; a unit out
                # of play keeps no usage. AMB-22: one use spent, if one is left (its bit
                # in `IBState.used`, abilities.py)
                bit = 1 << (abilities.LIMIT_SHIFT[limit] + j)
                if state.used[owner] & bit:
                    continue
                state.used[owner] |= bit
            if state.quiet & BIT[events.PASSIVE]:  # state.wants, inline: the hot path
                state.log_len += 1
            else:
                state.emit((events.PASSIVE, owner, j))
            resolve_now(state, owner, ability.effects, trigger_unit, beyond)


def deck_out(state: IBState, seat: int) -> None:
    """IB 2.8.6 / AMB-83: the seat (or its whole team) must draw and cannot, and loses:
    `deck_out_coop` against Challenge Cards (IB 6, not neutral ones), `deck_out_duel`
    otherwise. Its Characters leave the track as defeated; the usual victory check
    follows. (Called by whoever drew: `hand.draw` returned False.)"""
    if state.wants(events.DECK_OUT):
        state.emit((events.DECK_OUT, seat))
    match = state.match
    losers = {seat}
    coop = bool(match.challengers) and not match.neutral
    rule = match.config.deck_out_coop if coop else match.config.deck_out_duel
    if rule == "team_loses":
        losers = {s for s, t in enumerate(match.seat_team) if t == match.seat_team[seat]}
    for unit in [u for u in state.track.order if match.unit_seat[u] in losers]:
        damage.remove_unit(state, unit)
    after_removal(state)


def support_enters(state: IBState, seat: int, card: int, summoned: bool = False) -> int:
    """IB 4.7.1: the Support enters play (`supports.enter`); if Supports count towards
    Time Collapse the population changed (AMB-23, AMB-24)."""
    unit = supports.enter(state, seat, card, summoned)
    if state.match.config.time_collapse_population == "track_units_and_supports":
        rounds.check_time_collapse(state, fire)
    return unit


def _summon(state: IBState, seat: int, key: str) -> None:
    """The `summon` effect: the seat's Support `key` enters play from outside the game,
    unless that Support is already in play (it is unique, IB 2.5.4) or this seat has
    summoned it before in this game (`supports.can_summon`)."""
    card = state.match.content.card_index[key]
    if supports.can_summon(state, seat, card):
        support_enters(state, seat, card, summoned=True)
    elif state.wants(events.NO_SUMMON):
        unit = state.match.support_slot.get((seat, card))
        if unit is not None:  # a seat without that Support has nothing to be refused
            reason = events.SUMMON_SPENT if (state.off >> unit) & 1 else events.SUMMON_IN_PLAY
            state.emit((events.NO_SUMMON, unit, reason))
