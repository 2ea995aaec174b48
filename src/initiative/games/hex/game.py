"""`HexGame`: the skirmish game under the engine contract (registry name
`hex_skirmish`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from initiative.engine.chance import ExplicitChance
from initiative.engine.frozen_copy import register_compiled
from initiative.engine.rng import Seed, SplitMix64, make_rng
from initiative.games.hex import actions
from initiative.games.hex.actions import HexAction
from initiative.games.hex.determinize import determinize
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.state import HexState
from initiative.games.hex.view import HexView

if TYPE_CHECKING:
    from initiative.engine.contract import SearchableGame, State


def new_state(setup: HexSetup, seed: Seed, *, explicit_chance: bool = False) -> HexState:
    """A fresh game dealt for round 1 and run to its first decision; with
    `explicit_chance` (no generator, `seed` unused) it stops at the deal's first chance
    node instead. A whole-number seed plays SplitMix64, a keyed seed text the keyed
    generator (engine.rng)."""
    rng = ExplicitChance() if explicit_chance else make_rng(seed)
    state = HexState(setup, rng)
    state.settle()
    return state


class HexGame:
    """The skirmish game of one setup: what `load_game("hex_skirmish")` returns."""

    name = "hex_skirmish"

    def __init__(self, setup: HexSetup, *, explicit_chance: bool = False) -> None:
        self.setup = setup
        self.explicit_chance = explicit_chance
        """Whether states show chance as CHANCE nodes instead of sampling it."""
        self.num_seats = setup.num_seats
        register_compiled()  # the compiled build's states copy and pickle

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its setup (a compiled class is not rebuilt field by field)."""
        return _hexgame, (self.setup, self.explicit_chance)

    @property
    def public(self) -> HexSetup:
        """The game as every seat knows it: the setup is public (what bots get)."""
        return self.setup

    def new_initial_state(self, seed: int) -> HexState:
        return new_state(self.setup, seed, explicit_chance=self.explicit_chance)

    def action_index(self, action: HexAction) -> int:
        return actions.index(action)

    def action_from_index(self, index: int) -> HexAction:
        return actions.from_index(index)

    def num_distinct_actions(self) -> int:
        return actions.NUM_ACTIONS

    def determinize(self, view: HexView, rng: SplitMix64) -> HexState:
        """A state dealt from `view` on the (public) setup (`determinize.py`)."""
        return determinize(self.setup, view, rng)


if TYPE_CHECKING:
    def _implements_the_contract(game: HexGame, state: HexState) -> tuple[
            SearchableGame[HexAction, HexState, HexView], State[HexAction, HexView]]:
        """mypy fails here if HexGame or HexState drifts from the engine contract."""
        return game, state


def _hexgame(setup: Any, explicit_chance: bool) -> HexGame:
    """`HexGame.__reduce__`'s rebuild."""
    return HexGame(setup, explicit_chance=explicit_chance)
