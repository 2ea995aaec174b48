"""The live side of the hex skirmish tables: the shared hub of games played one decision
at a time (server/action_hub.py) over hex tables (server/hex_table.py), their events
announced as "h:table:seq", and the bots of `make_bot` given the game's public setup."""

from __future__ import annotations

from typing import ClassVar

from initiative.bots import AnyBot, bot_names, make_bot
from initiative.engine.rng import Seed
from initiative.games.hex.game import HexGame
from initiative.server.action_hub import ActionHub, Runtime
from initiative.server.hex_setup import HexPlan
from initiative.server.hex_table import HexTable

NOTIFY_KINDS = ("h",)
"""The notification kinds this hub hears ("h:table_id:seq")."""
HEX_BOTS = bot_names("hex_skirmish")
"""The bots (and difficulty levels) that can play a hex seat."""
HexRuntime = Runtime[HexTable]


def make_hex_bot(name: str, game: HexGame, seed: int) -> AnyBot:
    """A bot by name for `game`, given its public setup only; ValueError if unknown."""
    return make_bot(name, game, seed)


class HexHub(ActionHub[HexPlan, HexTable]):
    """Every open hex table of this process, over one store and its writer thread."""

    KIND: ClassVar[str] = NOTIFY_KINDS[0]

    def new_table(self, plan: HexPlan, seed: Seed | None, prefix: list[int] | None
                  ) -> tuple[HexTable, list[str | None], str]:
        return HexTable.create(self.store, plan, seed, prefix)

    def open_table(self, table_id: str) -> HexTable:
        return HexTable.open(self.store, table_id)

    def make_bot(self, name: str, table: HexTable, seed: int) -> AnyBot:
        return make_hex_bot(name, table.game, seed)
