"""Lantern race as the registry builds it: `ToyGame` (the engine contract's `Game`) and
its loader `load_toy(**params)` (the entry's `loader`), which reads keywords or the text
of `load_game("toy(goal=12,seat_names=Ann+Bea)")`.

    game = load_game("toy", first=1, rules={"goal": 12})
    state = game.new_initial_state(seed=7)
"""

from __future__ import annotations

from typing import Any

from toy_game.actions import COUNT, ToyAction, from_index, index
from toy_game.cards import shipped_cards
from toy_game.flags import ToyRules, toy_rules
from toy_game.setup import SEATS, ToySetup
from toy_game.state import ToyState

from initiative.engine.errors import ConfigError, GameParamError
from initiative.engine.rng import Seed
from initiative.games.param_text import check_param_names, param_list, rule_changes

NAME = "toy"
PARAMS: dict[str, str] = {
    "seat_names": "the two seats' names (text: a+b; default Amber+Blue)",
    "first": "the seat that takes the first turn of every round, 0 or 1 (default 0)",
    "rules": "house rules: a ToyRules or a mapping of flag to value",
}
"""Every parameter besides the house-rule flags, which are also taken by name."""
DEFAULT_NAMES = ("Amber", "Blue")


class ToyGame:
    """The game definition: its setup (also its public description) and its actions'
    stable indices."""

    name = NAME
    num_seats = SEATS

    def __init__(self, setup: ToySetup) -> None:
        self.setup = setup

    @property
    def public(self) -> ToySetup:
        """What every seat knows of the game (bots are built from it)."""
        return self.setup

    def new_initial_state(self, seed: Seed) -> ToyState:
        return ToyState.start(self.setup, seed)

    def action_index(self, action: ToyAction) -> int:
        return index(action)

    def action_from_index(self, number: int) -> ToyAction:
        return from_index(number)

    def num_distinct_actions(self) -> int:
        return COUNT


def load_toy(**params: Any) -> ToyGame:
    """The game `params` describe (see `PARAMS`; house-rule flags by name too).
    GameParamError names an unknown parameter or a bad value and lists the valid ones."""
    flags = ToyRules.names()
    check_param_names(NAME, params, tuple(PARAMS), flags)
    names = param_list(NAME, params, "seat_names") or DEFAULT_NAMES
    if len(names) != SEATS or len(set(names)) != SEATS:
        raise GameParamError(f"{NAME}: seat_names: two different names, got {names!r}")
    first = params.get("first", 0)
    if isinstance(first, str) and first.strip() in ("0", "1"):
        first = int(first)
    if first not in (0, 1) or isinstance(first, bool):
        raise GameParamError(f"{NAME}: first: 0 or 1, got {first!r}")
    try:
        rules = toy_rules(rule_changes(NAME, params, flags, ToyRules))
    except ConfigError as exc:
        raise GameParamError(f"{NAME}: {exc}") from None
    return ToyGame(ToySetup(rules, tuple(names), first, shipped_cards()))
