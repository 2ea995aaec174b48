"""IB 2.7.5 signature cards in play: under `signature_play=own_character` only the
Character a signature card belongs to may play (or install) it; by default any
Character of its player may, as AMB-95 asks for no particular Character."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def may_play(state: IBState, unit: int, card: int) -> bool:
    """`unit` may play `card` under `signature_play=own_character`: the card is no
    signature card, or it is `unit`'s own."""
    owner = state.match.content.cards[card].signature
    return owner is None or owner == state.match.units[unit].key
