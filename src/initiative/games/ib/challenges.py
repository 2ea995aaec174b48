"""IB 6: Challenge Cards in play. What an active CC does (IB 6.4.2, Rivals IB 6.8.6),
whom it targets (IB 6.5), its End-window Charge (IB 6.4.3), phases (AMB-82) and
spawned minions (IB 6.0.1, AMB-78).

A CC never asks a seat anything: its choices follow the card and the d6 of the state's
chance source (`IBState.rng`: the seeded generator, hidden from every seat, so a game
with CCs stays deterministic; or a chance node under explicit chance, engine/chance.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from initiative.engine.bits import BIT
from initiative.games.ib import events
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import K_ADVANCED, K_BASIC, K_BREAK_ART, K_KEYSTONE, MAX_UNITS
from initiative.games.ib.frames import F_MUTED, F_SEALED, K_CHALLENGE, NO_TARGET
from initiative.games.ib.specs import Clause, Phase, When

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

PHASE_SHIFT: Final = 24
"""A CC's phase lives in `IBState.used`, bits 24-26 (abilities.py uses bits 0-23)."""
ENTERING: Final = 1 << 27
"""`IBState.used` bit: the CC's on-enter effect is resolving (phases wait for it)."""

Move = tuple[int, int]
"""(ACTION kind, move index): K_CHALLENGE and the CC's move, or a Rival's attack kind
(K_BASIC, K_ADVANCED, K_BREAK_ART, K_KEYSTONE) and -1."""

RIVAL_TABLES: Final[dict[str, tuple[int, ...]]] = {
    # AMB-72: the printed table lists 3 twice and 4 never. Face 6 is the Break Art at
    # 3 Charge, else the Advanced Attack (decided when rolled).
    "basic_1_3_keystone_4": (K_BASIC, K_BASIC, K_BASIC, K_KEYSTONE, K_ADVANCED, K_BREAK_ART),
    "basic_1_2_keystone_3_4": (K_BASIC, K_BASIC, K_KEYSTONE, K_KEYSTONE, K_ADVANCED,
                               K_BREAK_ART),
}


def phase(state: IBState, unit: int) -> int:
    return (state.used[unit] >> PHASE_SHIFT) & 7


def behaviour(state: IBState, unit: int) -> Phase:
    """The CC's current phase (its card's own behaviour before any phase change)."""
    spec = state.match.cc_specs[unit]
    assert spec is not None
    return spec.phases[phase(state, unit)]


def speed(state: IBState, unit: int) -> int:
    """A phase may change the CC's Speed (IB 6.4.4 moves it by its Speed)."""
    return behaviour(state, unit).speed


def has_break_art(state: IBState, unit: int) -> bool:
    """IB 6.4.3: a CC that prints a Break Art: in its current phase, or in any of its
    phases under `cc_charge_break_art_in=any_phase`. A Rival prints one, but gains
    End-window Charge only under `rival_end_window_charge` (AMB-74)."""
    config = state.match.config
    if state.match.rival_mask & BIT[unit]:
        return config.rival_end_window_charge
    if config.cc_charge_break_art_in == "any_phase":
        spec = state.match.cc_specs[unit]
        return spec is not None and any(p.break_art >= 0 for p in spec.phases)
    return behaviour(state, unit).break_art >= 0


def choose_move(state: IBState, unit: int, flags: int) -> Move | None:
    """IB 6.4.2: the Break Art at 3 Charge, else the trigger, else the d6 (AMB-67
    `cc_priority` may check the trigger first). None: nothing it may do (Seal or Mute
    forbade the roll under `cc_restricted_roll=fizzle`)."""
    if state.match.rival_mask & BIT[unit]:
        return _rival_move(state, unit, flags)
    spec = state.match.cc_specs[unit]
    assert spec is not None
    now = spec.phases[phase(state, unit)]
    sealed, muted = _restrictions(state, unit, flags)

    def usable(kind: int, move: int) -> bool:  # IB 5.2.4-5.2.5 by the move's kind
        return not (muted if spec.moves[move].kind == "ability" else sealed)

    checks = ("break_art", "trigger")
    if state.match.config.cc_priority == "trigger_first":
        checks = ("trigger", "break_art")
    for check in checks:
        if check == "break_art":
            if now.break_art >= 0 and state.charge[unit] >= 3 and usable(K_CHALLENGE,
                                                                        now.break_art):
                state.charge[unit] = 0  # IB 4.3.1: all three, paid as it is declared
                if state.wants(events.CC_CHOICE):
                    state.emit((events.CC_CHOICE, unit, events.BY_BREAK_ART, K_CHALLENGE,
                                now.break_art))
                return K_CHALLENGE, now.break_art
        elif now.when is not None and holds(state, unit, now.when) and usable(K_CHALLENGE,
                                                                            now.trigger):
            if state.wants(events.CC_CHOICE):
                state.emit((events.CC_CHOICE, unit, events.BY_TRIGGER, K_CHALLENGE, now.trigger))
            return K_CHALLENGE, now.trigger
    return _roll(state, unit, [(K_CHALLENGE, m) for m in now.table], usable)


def _restrictions(state: IBState, unit: int, flags: int) -> tuple[bool, bool]:
    """Seal and Mute binding this activation (IB 5.2.4-5.2.5, 6.6.1)."""
    bits = state.status[unit]
    return (bool(flags & F_SEALED) and st.count(bits, st.SEAL) > 0,
            bool(flags & F_MUTED) and st.count(bits, st.MUTE) > 0)


def _rival_move(state: IBState, unit: int, flags: int) -> Move | None:
    """IB 6.8.6: roll on the Rival table (AMB-72 `rival_d6_table`); a 6 is the Break Art
    with 3 Charge, else the Advanced Attack. AMB-73 `rival_auto_break_art`: at 3 Charge
    the Break Art comes without a roll. A Keystone without an ability is a Basic
    Attack."""
    config = state.match.config
    sealed, muted = _restrictions(state, unit, flags)
    charged = state.charge[unit] >= 3
    if config.rival_auto_break_art and charged and not sealed:
        if state.wants(events.CC_CHOICE):
            state.emit((events.CC_CHOICE, unit, events.BY_BREAK_ART, K_BREAK_ART, -1))
        return K_BREAK_ART, -1
    keystone = state.match.unit_keystones[unit]
    faces = []
    for kind in RIVAL_TABLES[config.rival_d6_table]:
        if kind == K_BREAK_ART and not charged:
            kind = K_ADVANCED
        elif kind == K_KEYSTONE and (keystone is None or not keystone.ability):
            kind = K_BASIC
        faces.append((kind, -1))

    def usable(kind: int, move: int) -> bool:
        return not (muted if kind == K_KEYSTONE else sealed)

    return _roll(state, unit, faces, usable)


def _roll(state: IBState, unit: int, faces: Sequence[Move],
          usable: Callable[[int, int], bool]) -> Move | None:
    """Roll the seeded d6 (IB 2.0.2). A face Seal or Mute forbids fizzles, or is rolled
    again under `cc_restricted_roll=reroll` while some face is allowed (new flag)."""
    again = state.match.config.cc_restricted_roll == "reroll" and any(
        usable(*face) for face in faces)
    while True:
        face = state.rng.roll(6)
        kind, move = faces[face - 1]
        allowed = usable(kind, move)
        if state.wants(events.CC_ROLL):
            state.emit((events.CC_ROLL, unit, face, kind, move, int(allowed)))
        if allowed:
            return kind, move
        if not again:
            if state.wants(events.CC_CHOICE):
                state.emit((events.CC_CHOICE, unit, events.BY_NOTHING, -1, -1))
            return None


def holds(state: IBState, unit: int, when: When) -> bool:
    """IB 6.4.2: the card's trigger condition (every part given must hold)."""
    bits = state.status[unit]
    if when.self_hp_at_most is not None and state.hp[unit] > when.self_hp_at_most:
        return False
    if when.self_has_status is not None and not st.count(bits, when.self_has_status):
        return False
    if when.self_lacks_status is not None and st.count(bits, when.self_lacks_status):
        return False
    match = state.match
    if when.enemy_hp_at_most is not None and not any(
            state.hp[u] <= when.enemy_hp_at_most for u in state.track.order
            if match.unit_team[u] != match.cc_team):
        return False
    if when.alone is not None:
        others = any(match.is_challenge(u) and u != unit for u in state.track.order)
        if when.alone == others:
            return False
    return when.round_at_least is None or state.track.round >= when.round_at_least


def choose_target(state: IBState, unit: int, target_kind: str, options: list[int]) -> int:
    """IB 6.5: an `enemy` clause takes the player Character with the lowest HP (or per
    the card's `targeting`); ties by lowest printed Initiative, then the one that acts
    soonest (AMB-69: leftmost, in-round before OOR; AMB-68 `coop_target_tiebreak`
    drops the Initiative step). Supports only where the card allows (IB 6.5.3,
    AMB-70). An `ally` clause takes the next CC (AMB-71, AMB-76)."""
    match = state.match
    if target_kind == "ally":
        return _beneficial(state, unit, options)
    spec = match.cc_specs[unit]
    n = match.num_characters
    found = [u for u in options if u < n or (spec is not None and spec.targets_supports)]
    if not found:
        return NO_TARGET
    rule = spec.targeting if spec is not None else "lowest_hp"
    by_initiative = match.config.coop_target_tiebreak == "initiative_then_soonest"
    slots = {u: i for i, u in enumerate(state.track.order)}
    hp, charge = state.hp, state.charge

    def key(u: int) -> tuple[int, int, int, int]:
        first = -charge[u] if rule == "most_charge" else -hp[u] if rule == "highest_hp" \
            else hp[u]
        second = hp[u] if rule == "most_charge" else 0
        initiative = (match.units[u].initiative if u < n else MAX_INITIATIVE) \
            if by_initiative else 0
        return first, second, initiative, slots.get(u, n + u)

    return min(found, key=key)


MAX_INITIATIVE: Final = 99
"""Supports print no Initiative: a targeted Support ties after every Character."""


def _beneficial(state: IBState, unit: int, options: list[int]) -> int:
    """AMB-71 / AMB-76: a CC's beneficial single target. `next_cc_on_track`: the nearest
    other CC to its right, wrapping round, else itself; `lowest_hp_cc`; `self`."""
    if not options:
        return NO_TARGET
    config = state.match.config
    rival = state.match.rival_mask & BIT[unit]
    rule = config.rival_beneficial_target if rival else config.cc_beneficial_target
    if rule == "self" and unit in options:
        return unit
    order = state.track.order
    if rule == "lowest_hp_cc":
        slots = {u: i for i, u in enumerate(order)}
        return min(options, key=lambda u: (state.hp[u], slots.get(u, MAX_UNITS + u)))
    if unit in order:
        i = order.index(unit)
        for u in order[i + 1:] + order[:i]:
            if u in options:
                return u
    return unit if unit in options else options[0]


def check_phases(state: IBState, speed_changed: Callable[[IBState], None],
                 resolve: Callable[[IBState, int, tuple[Clause, ...]], None]) -> None:
    """AMB-82: a multi-phase CC whose HP has fallen to the next phase's threshold enters
    it and resolves its on-enter effect at once; several thresholds passed together are
    entered one by one, each on-enter effect whole before the next phase begins. Healing
    never returns a CC to an earlier phase. (An on-enter effect settles damage itself,
    so this runs nested: a CC whose on-enter is resolving is left to the outer call.)
    A phase that changes the CC's Speed calls `speed_changed` as it begins, before its
    on-enter effect: Time Collapse is checked on every change of a Speed (IB 3.6.1,
    AMB-24, R8). `resolve` resolves an on-enter effect for the CC (`effects.resolve_now`,
    passed in: effects.py sits above this module)."""
    match = state.match

    for unit in list(state.track.order):
        if not match.phase_mask & BIT[unit]:
            continue
        spec = match.cc_specs[unit]
        assert spec is not None
        while state.result is None and state.on_track(unit) and state.hp[unit] > 0:
            if state.used[unit] & ENTERING:
                break
            entered = phase(state, unit) + 1
            if entered >= len(spec.phases) or state.hp[unit] > spec.phases[entered].at_hp:
                break
            before = speed(state, unit)
            state.used[unit] = state.used[unit] & ~(7 << PHASE_SHIFT) | entered << PHASE_SHIFT
            if state.wants(events.PHASE):
                state.emit((events.PHASE, unit, entered))
            if speed(state, unit) != before:
                speed_changed(state)
                if state.is_terminal():  # not `state.result`: narrowed to None (effects.flush)
                    return
            if spec.phases[entered].on_enter:
                state.used[unit] |= ENTERING
                resolve(state, unit, spec.phases[entered].on_enter)
                state.used[unit] &= ~ENTERING


def spawn(state: IBState, spawner: int, key: str) -> bool:
    """IB 6.0.1: a new CC joins the track in a free slot kept for it (AMB-78
    `spawn_position`); with no free slot (both spawns of that CC stand) nothing is
    placed (False). The slots count towards the 10 units (Match), so the track never
    holds more than 10 (IB 7.8.1). The caller re-checks Time Collapse (AMB-24)."""
    match = state.match
    track = state.track
    free = [u for u in match.spawn_slots.get(key, ()) if state.off & BIT[u]]
    if not free:
        if state.wants(events.SPAWN):
            state.emit((events.SPAWN, spawner, -1))
        return False
    unit = free[0]
    state.off &= ~(1 << unit)
    state.hp[unit] = match.max_hp[unit]
    state.charge[unit] = 0
    state.status[unit] = 0
    state.pending[unit] = ()
    state.used[unit] = 0
    where = match.config.spawn_position
    if where == "track_end":
        track.insert_at_end(unit)
    else:
        limit = len(track) if track.rm is None else track.rm
        slot = limit
        if where == "by_initiative":  # as at setup: before the first higher Initiative
            mine = match.units[unit].initiative
            slot = next((i for i, u in enumerate(track.order[:limit])
                         if match.units[u].initiative > mine), limit)
        track.insert(unit, slot)
    if state.wants(events.SPAWN):
        state.emit((events.SPAWN, spawner, unit))
    return True
