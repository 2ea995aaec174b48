"""IB 5: damage with Insight, Weaken and Guard; Heal; applying and cleansing statuses;
taking a defeated unit off the track. Support Characters take damage like units. What
follows a clause (defeats at 0 HP, victory, Time Collapse, triggers: AMB-56) is
`effects.settle`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.engine.bits import BIT
from initiative.games.ib import abilities, events, supports
from initiative.games.ib import statuses as st
from initiative.games.ib.active import active_unit, drop_deferred, end_activation

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

_WEAKEN_OR_GUARD: Final = st.mask(st.WEAKEN) | st.mask(st.GUARD)
"""Packed-status bits of Weaken and Guard, the incoming modifiers (IB 5.2.3, 5.2.6)."""


def deal(state: IBState, source: int, target: int, amount: int, from_burn: bool = False,
         triggers: bool = True, insight: int = 0) -> int:
    """Deal `amount` (already including the dealer's `insight` bonus, IB 5.2.2) to `target`.

    Static `damage_dealt` modifiers join the dealer's side first (abilities, a campaign
    Advancement IB 7.3.4, Elite IB 7.7.1). Incoming side, AMB-51 default: Weaken adds 2
    (IB 5.2.6), then Guard halves rounding down (IB 5.2.3); `damage_order=
    guard_then_weaken` swaps them. Both are used up even if the result is 0 (AMB-55).
    Static `damage_taken` modifiers come last (never below 0, nor a reduction below its
    `floor`: Bulwark Sentry leaves a 1-damage hit at 1). Burn damage uses the
    incoming side unless `burn_uses_incoming_modifiers` is false (AMB-52). HP never goes
    below 0. Damage above 0 fires damage triggers unless `triggers` is off.

    The DAMAGE event carries each step that changed the amount (events.PART_*), in this
    order, so the log shows how the total was reached."""
    match = state.match
    config = match.config
    damage = amount
    parts: list[int] = [events.PART_INSIGHT, insight] if insight else []
    incoming = not from_burn or config.burn_uses_incoming_modifiers
    statics = match.static_mask & ~state.off  # static modifiers of owners in play
    if statics and source >= 0:
        damage = _static_parts(state, source, "damage_dealt", damage, parts)
    if incoming:
        bits = state.status[target]
        if bits & _WEAKEN_OR_GUARD:  # the usual case, neither, read at once
            weaken = st.count(bits, st.WEAKEN)
            guard = st.count(bits, st.GUARD)
            if config.damage_order == "weaken_then_guard":
                damage = _weaken(damage, weaken, parts)
                damage = _guard(damage, guard, parts)
            else:
                damage = _guard(damage, guard, parts)
                damage = _weaken(damage, weaken, parts)
            state.status[target] = st.clear(st.clear(bits, st.WEAKEN), st.GUARD)
        if statics:
            damage = _static_parts(state, target, "damage_taken", damage, parts)
    hp = state.hp[target] - damage
    if hp < 0:
        hp = 0
    state.hp[target] = hp
    if state.quiet & BIT[events.DAMAGE]:  # state.wants, inline: the hot path
        state.log_len += 1
    else:
        state.emit((events.DAMAGE, source, target, damage, hp, amount - insight, *parts)
                   if parts else (events.DAMAGE, source, target, damage, hp))
    if damage and triggers and match.damage_mask & ~state.off:
        abilities.queue_damage(state, source, target)
    return damage


def _weaken(damage: int, weaken: int, parts: list[int]) -> int:
    """IB 5.2.6: +2 per Weaken."""
    if weaken:
        parts += (events.PART_WEAKEN, 2 * weaken)
    return damage + 2 * weaken


def _guard(damage: int, guard: int, parts: list[int]) -> int:
    """IB 5.2.3: each Guard halves, rounding down (its part is what it took away)."""
    for _ in range(guard):
        parts += (events.PART_GUARD, damage // 2 - damage)
        damage //= 2
    return damage


def _static_parts(state: IBState, unit: int, which: str, damage: int, parts: list[int]) -> int:
    """Apply the static `which` modifiers reaching `unit`, each a part (none where it
    changed nothing); a reduction stops at its ability's `floor`; never below 0."""
    statics = state.match.statics
    for hook, change in abilities.static_modifiers(state, unit, which):
        floor = statics[hook][2].floor
        if floor and change < 0 and damage + change < floor:  # never below its floor
            change = min(0, floor - damage)
            if not change:
                continue
        damage += change
        parts += (hook, change)
    if damage < 0:
        parts += (events.PART_FLOOR, -damage)
        damage = 0
    return damage


def take_insight(state: IBState, dealer: int) -> int:
    """IB 5.2.2: the dealer's Insight adds +1 per instance and is then removed."""
    bits = state.status[dealer]
    if not bits:  # no status at all: the usual case
        return 0
    n = st.count(bits, st.INSIGHT)
    if n:
        state.status[dealer] = st.clear(bits, st.INSIGHT)
    return n


def heal(state: IBState, target: int, amount: int) -> None:
    """IB 5.2.9: restore HP, capped at max HP unless `heal_cap=none` (AMB-59)."""
    hp = state.hp[target] + amount
    if state.match.config.heal_cap == "max_hp":
        cap = state.match.max_hp[target]
        if hp > cap:  # not min(): a builtin call on the hot path
            hp = cap
    gained = hp - state.hp[target]
    state.hp[target] = hp
    if state.quiet & BIT[events.HEAL]:  # state.wants, inline: the hot path
        state.log_len += 1
    else:
        state.emit((events.HEAL, target, gained, hp))


def apply_status(state: IBState, target: int, status: int) -> None:
    """IB 5.1: apply one instance; AMB-54 `status_stacking` decides if it stacks.
    AMB-57: a Support Character takes only the statuses `support_statuses` allows."""
    match = state.match
    if target >= match.num_characters and not supports.takes_status(match.config, status):
        return
    stacking = match.config.status_stacking == "stack"
    state.status[target] = st.add(state.status[target], status, stacking)
    if state.quiet & BIT[events.STATUS]:  # state.wants, inline: the hot path
        state.log_len += 1
    else:
        state.emit((events.STATUS, target, status))


def cleanse(state: IBState, target: int, status: int) -> None:
    """IB 5.2.8: remove one named status (every instance of it)."""
    if st.count(state.status[target], status):
        state.status[target] = st.clear(state.status[target], status)
        if state.wants(events.CLEANSE):
            state.emit((events.CLEANSE, target, status))


def cleanse_all(state: IBState, target: int) -> None:
    """IB 5.2.8 Cleanse All: every status, harmful or beneficial."""
    if not state.status[target]:  # nothing to cleanse: the usual case
        return
    for status in range(len(st.NAMES)):
        cleanse(state, target, status)


def remove_unit(state: IBState, unit: int) -> None:
    """Take a unit off the track (defeat or elimination); R7 drops its usages and moves.
    Its on-defeat abilities, and its allies' and enemies', are queued."""
    was_active = active_unit(state) == unit
    state.track.remove(unit)
    state.off |= 1 << unit
    deferred = state.pending[unit]
    state.pending[unit] = ()
    state.used[unit] = 0
    if state.wants(events.DEFEAT):
        state.emit((events.DEFEAT, unit))
    if deferred:
        drop_deferred(state, unit, deferred, events.DROP_DEFEATED)
    abilities.queue(state, "defeat", unit)
    if was_active:
        end_activation(state, defeated=True)  # AMB-13
