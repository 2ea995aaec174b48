"""Damage and elimination (HX-A5, HX-A8, HX-A20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.hex import events, victory

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState


def wound(state: HexState, seat: int, hits: int) -> None:
    """HX-A5: each hit that got through costs `damage_per_hit` health; at 0 the
    character is eliminated."""
    amount = hits * state.rules.damage_per_hit
    if amount <= 0 or not state.alive[seat]:
        return
    health = max(0, state.health[seat] - amount)
    state.health[seat] = health
    state.emit((events.DAMAGED, seat, amount, health))
    if health == 0:
        eliminate(state, seat, events.BY_DAMAGE)


def eliminate(state: HexState, seat: int, reason: int) -> None:
    """Remove the character from the board (HX-A5): its initiative cards are skipped
    from now on and it no longer counts for the special card (HX-A20)."""
    state.alive[seat] = False
    state.hexes[seat] = None
    state.emit((events.ELIMINATED, seat, reason))
    victory.check(state)
