"""Power tokens (HX-22, HX-A3, HX-A4): what an icon costs or gives."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.hex import events

if TYPE_CHECKING:
    from initiative.games.hex.flags import HexRules
    from initiative.games.hex.state import HexState


def costs_tokens(rules: HexRules) -> bool:
    """HX-A3: whether a power-down icon is a cost that needs a token per icon (only
    `power_down_effect: cost_1_required`); if not, every section can be paid for."""
    return rules.power_down_effect == "cost_1_required"


def payable(state: HexState, seat: int, change: int, spent: int = 0) -> bool:
    """A section with `change` power icons can be used by `seat` (`spent`: tokens the
    turn already owes; `costs_tokens`)."""
    if change >= 0 or not costs_tokens(state.rules):
        return True
    return state.power[seat] - spent >= -change


def gain(state: HexState, seat: int, change: int) -> None:
    """HX-A3: a power-up icon gives 1 token, a power-down icon takes 1 (never below 0)."""
    if change == 0:
        return
    before = state.power[seat]
    after = max(0, before + change)
    state.power[seat] = after
    state.emit((events.POWER, seat, after - before, after))


def reset(state: HexState) -> None:
    """HX-A4 power_tokens_reset_each_round: every player back to 0 tokens."""
    if any(state.power):
        state.power[:] = [0] * len(state.power)
        state.emit((events.POWER_RESET,))
