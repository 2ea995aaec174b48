"""IB 5: damage with Insight, Weaken and Guard; Heal; applying and cleansing statuses;
defeat (AMB-56) and what follows it (Time Collapse, victory). Support Characters take
damage like units and are discarded at 0 HP (IB 2.5.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib import abilities, challenges, events, rounds, supports, victory
from initiative.games.ib import statuses as st

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def deal(state: IBState, source: int, target: int, amount: int, from_burn: bool = False,
         triggers: bool = True) -> int:
    """Deal `amount` (already including the dealer's bonuses such as Insight) to `target`.

    Static `damage_dealt` modifiers join the dealer's side first. Incoming side, AMB-51
    default: Weaken adds 2 (IB 5.2.6), then Guard halves rounding down (IB 5.2.3);
    `damage_order=guard_then_weaken` swaps them. Both are used up even if the result is
    0 (AMB-55). Static `damage_taken` modifiers come last (never below 0). Burn damage
    uses the incoming side unless `burn_uses_incoming_modifiers` is false (AMB-52). HP
    never goes below 0. Damage above 0 fires damage triggers unless `triggers` is off."""
    match = state.match
    config = match.config
    damage = amount
    incoming = not from_burn or config.burn_uses_incoming_modifiers
    statics = match.static_mask & ~state.off  # static modifiers of owners in play
    if statics and source >= 0:
        damage = max(0, damage + abilities.static_modifier(state, source, "damage_dealt"))
    if incoming:
        bits = state.status[target]
        weaken = st.count(bits, st.WEAKEN)
        guard = st.count(bits, st.GUARD)
        if weaken or guard:
            if config.damage_order == "weaken_then_guard":
                damage += 2 * weaken
                for _ in range(guard):
                    damage //= 2
            else:
                for _ in range(guard):
                    damage //= 2
                damage += 2 * weaken
            state.status[target] = st.clear(st.clear(bits, st.WEAKEN), st.GUARD)
        if statics:
            damage = max(0, damage + abilities.static_modifier(state, target, "damage_taken"))
    hp = state.hp[target] - damage
    if hp < 0:
        hp = 0
    state.hp[target] = hp
    state.emit((events.DAMAGE, source, target, damage, hp))
    if damage and triggers and match.damage_mask & ~state.off:
        abilities.queue_damage(state, source, target)
    return damage


def take_insight(state: IBState, dealer: int) -> int:
    """IB 5.2.2: the dealer's Insight adds +1 per instance and is then removed."""
    bits = state.status[dealer]
    n = st.count(bits, st.INSIGHT)
    if n:
        state.status[dealer] = st.clear(bits, st.INSIGHT)
    return n


def heal(state: IBState, target: int, amount: int) -> None:
    """IB 5.2.9: restore HP, capped at max HP unless `heal_cap=none` (AMB-59)."""
    hp = state.hp[target] + amount
    if state.match.config.heal_cap == "max_hp":
        hp = min(hp, state.match.max_hp[target])
    gained = hp - state.hp[target]
    state.hp[target] = hp
    state.emit((events.HEAL, target, gained, hp))


def apply_status(state: IBState, target: int, status: int) -> None:
    """IB 5.1: apply one instance; AMB-54 `status_stacking` decides if it stacks.
    AMB-57: a Support Character takes only the statuses `support_statuses` allows."""
    match = state.match
    if target >= match.num_characters and not supports.takes_status(match.config, status):
        return
    stacking = match.config.status_stacking == "stack"
    state.status[target] = st.add(state.status[target], status, stacking)
    state.emit((events.STATUS, target, status))


def cleanse(state: IBState, target: int, status: int) -> None:
    """IB 5.2.8: remove one named status (every instance of it)."""
    if st.count(state.status[target], status):
        state.status[target] = st.clear(state.status[target], status)
        state.emit((events.CLEANSE, target, status))


def cleanse_all(state: IBState, target: int) -> None:
    """IB 5.2.8 Cleanse All: every status, harmful or beneficial."""
    for status in range(len(st.NAMES)):
        cleanse(state, target, status)


def remove_unit(state: IBState, unit: int) -> None:
    """Take a unit off the track (defeat or elimination); R7 drops its usages and moves.
    Its on-defeat abilities, and its allies' and enemies', are queued."""
    from initiative.games.ib.activation import active_unit, end_activation

    was_active = active_unit(state) == unit
    state.track.remove(unit)
    state.off |= 1 << unit
    state.pending[unit] = ()
    state.used[unit] = 0
    state.emit((events.DEFEAT, unit))
    abilities.queue(state, "defeat", unit)
    if was_active:
        end_activation(state, defeated=True)  # AMB-13


def settle(state: IBState) -> None:
    """AMB-56: after a clause has resolved for all its targets, units at 0 HP leave the
    track and Supports at 0 HP are discarded (IB 2.5.3); then Time Collapse (AMB-24) and
    victory (IB 3.6.5) are checked, and queued triggered abilities resolve."""
    hp = state.hp
    fallen = [u for u in state.track.order if hp[u] == 0]
    changed = bool(fallen)  # a Support leaving changes the population too (AMB-23)
    if ~state.off & state.match.support_mask:  # some Support is in play
        for unit in supports.in_play(state):
            if hp[unit] == 0:
                supports.leave(state, unit)
                changed = True
    for unit in fallen:
        remove_unit(state, unit)
    if changed:
        after_removal(state)
    if state.match.phase_mask & ~state.off and state.result is None:
        challenges.check_phases(state)  # AMB-82: a CC's HP may have crossed a threshold
    if state.queue and state.result is None:
        abilities.flush(state)


def after_removal(state: IBState) -> None:
    """Units left play: victory (IB 3.6.5), then Time Collapse (AMB-24), then the
    defeat triggers they queued."""
    victory.check(state)
    if state.result is None:
        rounds.check_time_collapse(state)
    if state.queue and state.result is None:
        abilities.flush(state)
