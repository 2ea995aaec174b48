"""Passive abilities: triggered effects and static modifiers (IB 2.2.3, 2.5.1).

An ability belongs to a unit: a Character (its Keystone's passive, index 0, then its
own abilities) or a Support Character in play. A triggered ability fires when its
event happens to a unit that `whose` names (the owner itself, an ally, an enemy,
anyone); round_end and time_collapse concern no unit. Damage and defeat triggers wait
in `IBState.queue` until the clause that caused them has settled (AMB-56); the others
fire at once. Simultaneous triggers resolve in `trigger_order` (a new flag): by
default the active unit's side first, then the other seats in turn, each in track
order; `track_order` takes them all left to right. Supports come after track units.

Here an ability's firing is only bookkeeping (what fires, in which order, how many
uses are left); its effects resolve in effects.py (`fire`, `flush`), which settles each
clause and so may fire more.

Usage limits (AMB-22) are bits in `IBState.used`: once per round (bits 0-7, reset at
round end and once at Time Collapse, AMB-27), once per game (bits 8-15, never reset)
and once per activation (bits 16-23, reset when any activation starts).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from initiative.engine.bits import BIT
from initiative.games.ib.active import active_unit

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

ROUND_BITS: Final = 0xFF
ACTIVATION_BITS: Final = 0xFF0000
_KEEP_ROUND: Final = ~ROUND_BITS
_KEEP_ACTIVATION: Final = ~ACTIVATION_BITS
"""The usage bits a reset keeps."""
LIMIT_SHIFT: Final = {"once_per_round": 0, "once_per_game": 8, "once_per_activation": 16}
"""The first bit of each limit's usages in `IBState.used` (ability `j` uses bit
`LIMIT_SHIFT[limit] + j`; `effects.flush` spends them)."""
NO_UNIT: Final = -1
ACTOR: Final = -2
"""`trigger_unit` default: the unit the event happened to."""
Pending = tuple[int, int, int]
"""A queued trigger: (owner unit, ability index, trigger unit)."""


def static_modifiers(state: IBState, unit: int, which: str) -> list[tuple[int, int]]:
    """The static `damage_dealt` or `damage_taken` modifiers that reach `unit` from
    abilities whose owners are in play, as (index in `Match.statics`, amount)."""
    match = state.match
    team_of = match.unit_team
    off = state.off
    out = []
    for hook, (owner, _, ability) in enumerate(match.statics):
        amount = ability.damage_dealt if which == "damage_dealt" else ability.damage_taken
        if not amount or off & BIT[owner]:
            continue
        scope = ability.scope
        if ((scope == "self" and owner == unit)
                or (scope == "allies" and team_of[owner] == team_of[unit])
                or (scope == "enemies" and team_of[owner] != team_of[unit])):
            out.append((hook, amount))
    return out


def queue(state: IBState, trigger: str, actor: int = NO_UNIT, trigger_unit: int = ACTOR
          ) -> None:
    """Queue every ability that `trigger` happening to `actor` fires. `trigger_unit` is
    the event's other unit (the actor itself by default; NO_UNIT: none, as for Burn)."""
    if answers(state, trigger, actor):
        collect(state, trigger, actor, trigger_unit)


def collect(state: IBState, trigger: str, actor: int, trigger_unit: int) -> None:
    """Queue the abilities in play that `trigger` happening to `actor` fires
    (`Match.trigger_hooks`: whose each concerns is judged once per match); an ability
    whose owner is out of play fires only on its own defeat (from beyond)."""
    off = state.off
    if trigger_unit == ACTOR:
        trigger_unit = actor
    queued = state.queue
    beyond = trigger == "defeat"  # "when this is defeated" fires from beyond
    for owner, j in state.match.trigger_hooks[trigger][actor]:
        if off & BIT[owner] and not (beyond and owner == actor):
            continue
        queued += ((owner, j, trigger_unit),)  # a tuple each (a hook or two): no list
    state.queue = queued


def answers(state: IBState, trigger: str, actor: int) -> bool:
    """Some ability in play (or the defeated actor's own) may answer `trigger` happening
    to `actor`: the early exit of the hot path."""
    masks = state.match.trigger_masks[trigger]
    if actor < 0:
        return (masks[1] & ~state.off) != 0  # not bool(): no builtin call (pure Python)
    bit = BIT[actor]
    if masks[0] & bit:  # a branch: a comparison whose value is kept costs more
        return True
    return (masks[1] & (~state.off | bit)) != 0


def queue_damage(state: IBState, source: int, target: int) -> None:
    """Damage above 0 was dealt: the dealer's side and the target's side may react
    (`queue` twice, inline: two calls fewer on the hot path)."""
    if source >= 0 and answers(state, "damage_dealt", source):
        collect(state, "damage_dealt", source, target)
    if answers(state, "damage_taken", target):
        collect(state, "damage_taken", target, source)


def order_key(state: IBState) -> Callable[[Pending], tuple[int, int, int]]:
    """`trigger_order`: the sort key of queued (owner, ability, trigger unit) items."""
    match = state.match
    order = state.track.order
    where = {u: i for i, u in enumerate(order)}
    seats = match.num_seats + 1  # the Challenge Cards (seat -1) take turns as one more
    first = active_unit(state)
    if first < 0:
        first = order[0] if order else 0
    active_seat = match.unit_seat[first] % seats
    by_side = match.config.trigger_order == "active_side_first"

    def key(item: Pending) -> tuple[int, int, int]:
        owner, j, _ = item
        side = (match.unit_seat[owner] % seats - active_seat) % seats if by_side else 0
        return (side, where.get(owner, len(order) + owner), j)

    return key


def refresh_round(state: IBState) -> None:
    """IB 3.5.4: once-per-round usages reset (AMB-22)."""
    used = state.used
    if any(used):  # nothing used at all: nothing to reset
        used[:] = map(_KEEP_ROUND.__and__, used)  # in C: no bytecode per unit


def refresh_activation(state: IBState) -> None:
    """A new activation: once-per-activation usages reset."""
    used = state.used
    if any(used):  # nothing used at all: nothing to reset
        used[:] = map(_KEEP_ACTIVATION.__and__, used)
