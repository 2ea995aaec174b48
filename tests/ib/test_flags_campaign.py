"""House-rule flags of campaign rules that act inside a battle (IB 7.4; AMB-105)."""

from __future__ import annotations

from initiative.games.ib.actions import FLUXES, Kind
from tests.ib.test_battle_starts import flux_game


def test_amb105_flux_tokens_per_activation_default_one() -> None:
    sc = flux_game(2, {"flux_tokens_per_activation": 1})
    sc.state.apply(FLUXES[2])
    assert sc.state.flux == [1]
    assert not [a for a in sc.legal() if a.kind == Kind.FLUX]


def test_amb105_flux_tokens_per_activation_unlimited() -> None:
    sc = flux_game(2, {"flux_tokens_per_activation": "unlimited"})
    sc.state.apply(FLUXES[2])
    assert [a for a in sc.legal() if a.kind == Kind.FLUX] == list(FLUXES)
