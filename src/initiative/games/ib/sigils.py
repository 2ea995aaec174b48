"""IB 2.3 / 4.5 Sigils: who may receive one, what it replaces, which tiers can be paid.

An installed Sigil is stored on its Character as (card, owner seat): it stays in play,
public, until replaced (AMB-45: the old one goes to its owner's discard pile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.engine.bits import BIT
from initiative.games.ib import events
from initiative.games.ib.actions import MAX_SIGILS, SIGILS, Action
from initiative.games.ib.frames import F_SIGIL_USED

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def sigil_type(state: IBState, card: int) -> str:
    return state.match.content.cards[card].sigil_type


def recipients(state: IBState, unit: int, card: int) -> list[int]:
    """IB 4.5.2 / 4.5.5: the acting unit or an ally on the track whose two printed
    types include the Sigil's type (AMB-44); none if the installer does not print it
    under `sigil_installer_needs_type` (IB 2.3.4)."""
    match = state.match
    hosts = match.card_hosts[card].get(match.unit_team[unit], ())  # `sigil_hosts`, by ints
    if match.config.sigil_installer_needs_type and unit not in hosts:
        return []
    off = state.off
    found = []
    for u in hosts:  # a loop, not a comprehension: the action menu's hot path
        if not off & BIT[u]:
            found.append(u)
    return found


def can_install(state: IBState, unit: int, card: int) -> bool:
    """`recipients` is not empty (the action menu's test, on bit sets: inline there)."""
    return (state.match.install_hosts[card][unit] & ~state.off) != 0


def replace_options(state: IBState, recipient: int, card: int) -> list[int]:
    """Installed Sigils of `recipient`, one of which must go first (IB 4.5.5): the one of
    the same type under `sigil_one_per_type` (AMB-43), else either when both slots
    are full; [] when there is room."""
    installed = state.sigils[recipient]
    if state.match.config.sigil_one_per_type:
        kind = sigil_type(state, card)
        same = [i for i, (c, _) in enumerate(installed) if sigil_type(state, c) == kind]
        if same:
            return same
    return list(range(len(installed))) if len(installed) >= MAX_SIGILS else []


def remove(state: IBState, recipient: int, slot: int) -> None:
    """Discard an installed Sigil to its owner's discard pile (AMB-45)."""
    installed = list(state.sigils[recipient])
    card, owner = installed.pop(slot)
    state.sigils[recipient] = tuple(installed)
    state.discards[owner].append(card)
    if state.wants(events.UNINSTALL):
        state.emit((events.UNINSTALL, recipient, card))


def install(state: IBState, recipient: int, card: int, owner: int) -> None:
    state.sigils[recipient] = (*state.sigils[recipient], (card, owner))


def payable_tiers(state: IBState, unit: int, card: int) -> list[int]:
    """Tiers (1-3) whose cost can be paid now (AMB-40 `sigil_activation_cost`)."""
    return list(range(1, _payable_count(state, unit, card) + 1))


def _payable_count(state: IBState, unit: int, card: int) -> int:
    """How many tiers can be paid now: tiers 1 to this one (`payable_tiers`)."""
    cost = state.match.config.sigil_activation_cost
    if cost != "discard_by_tier" and state.charge[unit] < 1:
        return 0
    tiers = len(state.match.content.cards[card].tiers)
    if cost == "one_charge":
        return tiers
    hand = len(state.hands[state.match.unit_seat[unit]])
    return hand if hand < tiers else tiers  # "Discard n" needs n cards


def discard_cost(state: IBState, tier: int) -> int:
    """Cards to discard for `tier` (none when the cost is only Charge)."""
    return 0 if state.match.config.sigil_activation_cost == "one_charge" else tier


def usable(state: IBState, unit: int, flags: int) -> list[Action]:
    """Installed Sigils the active unit may activate now: each once per activation
    (IB 4.5.6) and only if a tier can be paid (Mute is checked by the caller)."""
    usable = []
    for i, (card, _) in enumerate(state.sigils[unit]):  # a loop: no comprehension to build
        if not flags & F_SIGIL_USED[i] and _payable_count(state, unit, card):
            usable.append(SIGILS[i])
    return usable
