"""IB 3.8 targeting and what a clause does: who counts as ally or enemy, which units a
clause may pick, and damage, healing, statuses, moves (IB 3.4), Charge, draws,
discards, Sigil removal, summons and scripts applied in that order. Shared by attacks,
cards, Keystone abilities, passive abilities and Sigils.

Support Characters (IB 2.5.2) are targetable like any opposing or allied card; the
group targets take them unless `aoe_hits_supports` is false (AMB-63), and a Challenge
Card's only where it prints `targets_supports` under `cc_aoe_hits_supports=if_printed`
(IB 6.5.3). They have no track position and no Charge, so moves and Charge skip them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib import challenges, damage, events, hand, scripts, sigils, supports
from initiative.games.ib import statuses as st
from initiative.games.ib.content import CLEANSE_ALL, CLEANSE_NONE, CLEANSE_ONE, Clause, Condition
from initiative.games.ib.frames import ACTIVATION, B_RETURN, BREAK, F_ENDED, NEXT

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def controller_team(state: IBState, unit: int) -> int:
    """AMB-61: "ally" and "enemy" are relative to the effect's controller by default;
    under `active_unit_controller`, to the active unit's (none between activations, as
    when a round ends: then the controller's)."""
    match = state.match
    if match.config.ally_enemy_reference == "active_unit_controller" and state.stack:
        frame = state.stack[0]
        if frame[0] == ACTIVATION and not frame[3] & F_ENDED:
            return match.unit_team[frame[1]]
    return match.unit_team[unit]


def candidates(state: IBState, unit: int, target_kind: str) -> list[int]:
    """Legal units for one clause (IB 3.8.1-3.8.2; OOR units stay targetable, IB 3.5.3)."""
    match = state.match
    team = controller_team(state, unit)
    team_of = match.unit_team
    off = state.off
    order = [u for u in range(match.num_characters) if not (off >> u) & 1]
    if ~off & match.support_mask and (target_kind[0] != "a" or _group_takes_supports(
            state, unit)):
        order += supports.in_play(state)  # IB 2.5.2; AMB-63 for the group targets
    if target_kind == "enemy" or target_kind == "all_enemies":
        if target_kind == "all_enemies" and match.config.multiplayer_aoe_friendly_fire:
            seat = match.unit_seat
            return [u for u in order if seat[u] != seat[unit]]  # AMB-64
        return [u for u in order if team_of[u] != team]
    return [u for u in order if team_of[u] == team]


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


def meeting(state: IBState, condition: Condition, units: list[int]) -> list[int]:
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
    (`from_beyond`)."""
    hit: list[int] = []
    chain = state.match.config.trigger_chains  # new flag: ability damage fires triggers
    for clause in clauses:
        target = clause.target
        if target == "self":
            hit = [unit]
        elif target == "trigger_unit":
            hit = [trigger_unit] if trigger_unit >= 0 else []
        elif target != "same":
            hit = candidates(state, unit, target)
        hit = [u for u in hit if not (state.off >> u) & 1]
        mine = hit if clause.only_if is None else meeting(state, clause.only_if, hit)
        damage_and_heal(state, unit, clause, mine, chain)
        rest_of_clause(state, unit, clause, mine)
        damage.settle(state)
        if state.result is not None or (not from_beyond and (state.off >> unit) & 1):
            return


def damage_and_heal(state: IBState, unit: int, clause: Clause, hit: list[int],
                    triggers: bool = True) -> None:
    if clause.damage and hit:
        insight = damage.take_insight(state, unit)  # IB 5.2.2
        whole = state.match.config.insight_scope == "whole_effect"  # AMB-53
        for n, target in enumerate(hit):
            bonus = insight if (whole or n == 0) else 0
            damage.deal(state, unit, target, clause.damage + bonus, triggers=triggers,
                        insight=bonus)
    if clause.heal:
        for target in hit:
            damage.heal(state, target, clause.heal)


def rest_of_clause(state: IBState, unit: int, clause: Clause, hit: list[int]) -> None:
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
            supports.summon(state, state.match.unit_seat[unit], clause.summon)
        if clause.spawn and challenges.spawn(state, unit, clause.spawn):  # IB 6.0.1
            damage.after_join(state)  # AMB-24 / R8: the number of units changed


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


def gain_charge(state: IBState, unit: int, amount: int) -> None:
    """IB 3.7.1-3.7.3: Charge never exceeds 3; the excess is lost (AMB-38). A negative
    amount spends Charge down to 0. Support Characters hold no Charge."""
    if unit >= state.match.num_characters:
        return
    now = max(0, min(3, state.charge[unit] + amount))
    state.charge[unit] = now
    state.emit((events.CHARGE, unit, amount, now))


def is_active(state: IBState, unit: int) -> bool:
    """AMB-07: the unit whose activation runs; between activations (by default) the
    leftmost unit waiting to act; an IB unit only under `ib_unit_is_active`."""
    config = state.match.config
    stack = state.stack
    base = stack[0]
    if base[0] == ACTIVATION and not base[3] & F_ENDED and base[1] == unit:
        return True
    breaking = _breaking_unit(state)
    if config.ib_unit_is_active and breaking == unit:
        return True
    if base[0] == NEXT and config.leftmost_between_activations_is_active:
        track = state.track
        for u in track.order:
            if u != breaking:  # the unit next to act, if it is still in the round
                return u == unit and not track.is_out_of_round(u)
    return False


def _breaking_unit(state: IBState) -> int:
    for frame in reversed(state.stack):
        if frame[0] == BREAK and frame[2] == B_RETURN:
            unit: int = frame[1]
            return unit
    return -1


def move(state: IBState, unit: int, amount: int) -> None:
    """IB 3.4: Move Up (amount < 0) / Move Back (> 0). The active unit's moves wait for
    its Movement Step (IB 3.4.6); others resolve at once (IB 3.4.2)."""
    if unit >= state.match.num_characters:
        return  # a Support Character has no place on the track
    if is_active(state, unit):
        state.pending[unit] = (*state.pending[unit], amount)
        state.emit((events.DEFER, unit, amount))
        return
    shift(state, unit, amount, deferred=False)


def shift(state: IBState, unit: int, amount: int, deferred: bool) -> None:
    """Move a unit on the track now: an inactive unit's move (IB 3.4.2), or the active
    unit's deferred one after its Speed move (IB 3.4.6); the log says where it went, or
    why it could not move (IB 3.4.3-3.4.5, AMB-04, R6)."""
    track = state.track
    before, rm, out = track.slot(unit), track.rm, track.is_out_of_round(unit)
    floor = 1
    if deferred:
        moved = track.deferred_move(unit, amount)
    elif amount < 0:
        floor = move_up_floor(state)
        moved = track.move_up(unit, -amount, floor)
    else:
        moved = track.move_back(unit, amount)
    after = track.slot(unit)
    if moved:
        if track.rm != rm:  # it crossed the Round Marker (IB 3.5.5, R6)
            outcome = events.CROSSED if amount > 0 else events.REJOINED
        else:
            outcome = events.MOVED if abs(after - before) == abs(amount) else events.CLAMPED
    else:
        beyond_ok = deferred and state.match.track_rules.deferred_move_after_crossing_rm \
            == "apply"  # AMB-05 `apply`: a deferred move may move a unit beyond the RM
        outcome = _stay_reason(state, amount, before, out and not beyond_ok, floor)
    state.emit((events.MOVE, unit, amount, outcome, after, int(deferred)))


def move_up_floor(state: IBState) -> int:
    """The leftmost slot an inactive unit's Move Up may reach: 1 (IB 3.4.3), or 2 while
    an Initiative Break borrows slot 0 and the Active Character stands in slot 1, so
    nobody slips in ahead of it (IB 3.1.2, IB 3.4.3, canonical rule 2). Between
    activations, or once the activation has ended, the unit in slot 1 is the one due
    to act next (AMB-07) and is kept there alike."""
    order = state.track.order
    if len(order) < 2 or order[0] != _breaking_unit(state):
        return 1
    base = state.stack[0]
    if base[0] == ACTIVATION and not base[3] & F_ENDED and base[1] != order[1]:
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
    """A clause's "draw N" is drawn by the effect's controller (IB 2.8.4 partial draws)."""
    if clause.draw:
        hand.effect_draw(state, state.match.unit_seat[unit], clause.draw)
