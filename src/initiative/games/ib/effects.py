"""IB 3.8 targeting and what a clause does: who counts as ally or enemy, which units a
clause may pick, and damage, healing, statuses, moves (IB 3.4) and Charge applied in
that order. Shared by attacks, cards, Keystone abilities and passives, and Sigils.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib import damage, events, hand
from initiative.games.ib.content import CLEANSE_ALL, CLEANSE_NONE, CLEANSE_ONE, Clause
from initiative.games.ib.frames import ACTIVATION, B_RETURN, BREAK, F_ENDED, NEXT

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def controller_team(state: IBState, unit: int) -> int:
    """AMB-61: "ally" and "enemy" are relative to the effect's controller by default."""
    match = state.match
    if match.config.ally_enemy_reference == "active_unit_controller":
        frame = state.stack[0]
        if frame[0] == ACTIVATION and not frame[3] & F_ENDED:
            return match.unit_team[frame[1]]
    return match.unit_team[unit]


def candidates(state: IBState, unit: int, target_kind: str) -> list[int]:
    """Legal units for one clause (IB 3.8.1-3.8.2; OOR units stay targetable, IB 3.5.3)."""
    team = controller_team(state, unit)
    team_of = state.match.unit_team
    off = state.off
    order = [u for u in range(len(team_of)) if not (off >> u) & 1]
    if target_kind == "enemy" or target_kind == "all_enemies":
        if target_kind == "all_enemies" and state.match.config.multiplayer_aoe_friendly_fire:
            seat = state.match.unit_seat
            return [u for u in order if seat[u] != seat[unit]]  # AMB-64
        return [u for u in order if team_of[u] != team]
    return [u for u in order if team_of[u] == team]


def resolve_now(state: IBState, unit: int, clauses: tuple[Clause, ...]) -> None:
    """Resolve clauses that ask no choices (a Keystone passive) at once, for `unit`."""
    hit: list[int] = []
    for clause in clauses:
        if clause.target != "same":
            hit = [unit] if clause.target == "self" else candidates(state, unit, clause.target)
        hit = [u for u in hit if not (state.off >> u) & 1]
        damage_and_heal(state, unit, clause, hit)
        rest_of_clause(state, clause, hit)
        draw_for(state, unit, clause)
        damage.settle(state)
        if state.result is not None or not state.on_track(unit):
            return


def damage_and_heal(state: IBState, unit: int, clause: Clause, hit: list[int]) -> None:
    if clause.damage and hit:
        insight = damage.take_insight(state, unit)  # IB 5.2.2
        whole = state.match.config.insight_scope == "whole_effect"  # AMB-53
        for n, target in enumerate(hit):
            bonus = insight if (whole or n == 0) else 0
            damage.deal(state, unit, target, clause.damage + bonus)
    if clause.heal:
        for target in hit:
            damage.heal(state, target, clause.heal)


def rest_of_clause(state: IBState, clause: Clause, hit: list[int]) -> None:
    """Named/all Cleanse, statuses, moves and Charge, in that order (IB 3.8, 5)."""
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


def gain_charge(state: IBState, unit: int, amount: int) -> None:
    """IB 3.7.1-3.7.3: Charge never exceeds 3; the excess is lost (AMB-38)."""
    now = min(3, state.charge[unit] + amount)
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
    if is_active(state, unit):
        state.pending[unit] = (*state.pending[unit], amount)
        state.emit((events.DEFER, unit, amount))
        return
    track = state.track
    moved = track.move_up(unit, -amount) if amount < 0 else track.move_back(unit, amount)
    state.emit((events.MOVE, unit, amount, int(moved)))


def draw_for(state: IBState, unit: int, clause: Clause) -> None:
    """A clause's "draw N" is drawn by the effect's controller (IB 2.8.4 partial draws)."""
    if clause.draw:
        hand.effect_draw(state, state.match.unit_seat[unit], clause.draw)
