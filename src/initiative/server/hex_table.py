"""One hex skirmish table, kept in the store as an append-only event log plus snapshots
(kind "hex_table"): the shared table of games played one decision at a time
(server/action_table.py) with the hex game's plan, game and lobby summary, and the
latest attack (public) for the Dice panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from initiative.engine.contract import TERMINAL
from initiative.engine.rng import Seed
from initiative.games import load_game_as
from initiative.games.hex.game import HexGame, new_state
from initiative.games.hex.state import HexState
from initiative.server.action_table import ActionTable
from initiative.server.hex_dice import last_attack
from initiative.server.hex_setup import GAME, HexPlan

KIND = "hex_table"


def build_game(plan: HexPlan) -> HexGame:
    """The game of a plan, from the registry (the shipped content)."""
    return load_game_as(HexGame, "hex_skirmish", **plan.params())


def initial_state(game: HexGame, seed: Seed) -> HexState:
    """The game's first state: a whole-number seed plays SplitMix64 as the game does; a
    keyed secret seed plays the keyed generator (engine.rng), whose draws tell nothing
    of the ones to come."""
    return new_state(game.setup, seed)


@dataclass
class HexTable(ActionTable[HexPlan, HexGame, HexState]):
    KIND: ClassVar[str] = KIND
    WHAT: ClassVar[str] = "hex table"

    @classmethod
    def build(cls, plan: HexPlan) -> HexGame:
        return build_game(plan)

    def first_state(self) -> HexState:
        return initial_state(self.game, self.seed)

    @classmethod
    def read_plan(cls, data: dict[str, Any]) -> HexPlan:
        return HexPlan.from_dict(data)

    def _summary(self, state: HexState, claimed: list[bool]) -> dict[str, Any]:
        return {"game": GAME, "board": self.plan.board, "round": state.round,
                "seats": [{"name": s.name, "controller": s.controller,
                           "character": s.character, "open": not claimed[i]}
                          for i, s in enumerate(self.plan.seats)],
                "finished": state.current_seat() == TERMINAL}

    @property
    def dice(self) -> dict[str, Any] | None:
        """The latest attack (public, from the event log: hex_dice.last_attack)."""
        return last_attack(self.state.events())
