"""One The Initiative table, kept in the store as an append-only event log plus
snapshots (kind "ti_table"): the shared table of games played one decision at a time
(server/action_table.py) with this game's plan, game and lobby summary.

Shuffles and gas discards are the game's own chance (drawn from the table's seed, a
keyed secret unless the creator chose one), so the actions alone (every seat's
decisions, the group's votes included) replay the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from initiative.engine.contract import TERMINAL
from initiative.games.ti.game import TIGame
from initiative.games.ti.state import TIState
from initiative.server.action_table import ActionTable
from initiative.server.ti_setup import GAME, TIPlan, build_game

KIND = "ti_table"


@dataclass
class TITable(ActionTable[TIPlan, TIGame, TIState]):
    KIND: ClassVar[str] = KIND
    WHAT: ClassVar[str] = "The Initiative table"

    @classmethod
    def build(cls, plan: TIPlan) -> TIGame:
        return build_game(plan)

    def first_state(self) -> TIState:
        """A whole-number seed plays SplitMix64 as the game does; a keyed secret seed
        plays the keyed generator (engine.rng), whose draws tell nothing of the next."""
        return self.game.new_initial_state(self.seed)

    @classmethod
    def read_plan(cls, data: dict[str, Any]) -> TIPlan:
        return TIPlan.from_dict(data)

    def _summary(self, state: TIState, claimed: list[bool]) -> dict[str, Any]:
        over = state.current_seat() == TERMINAL
        return {"game": GAME, "mission": self.plan.mission, "turn": state.turn,
                "seats": [{"name": s.name, "controller": s.controller,
                           "character": s.character, "open": not claimed[i]}
                          for i, s in enumerate(self.plan.seats)],
                "finished": over, "won": state.won if over else None}
