"""The live side of The Initiative's tables: the shared hub of games played one decision
at a time (server/action_hub.py) over this game's tables (server/ti_table.py), their
events announced as "i:table:seq", and the bots of `make_bot` given the game's public
setup (which holds no answer)."""

from __future__ import annotations

from typing import ClassVar

from initiative.bots import AnyBot, bot_names, make_bot
from initiative.engine.rng import Seed
from initiative.games.ti.game import TIGame
from initiative.server.action_hub import ActionHub, Runtime
from initiative.server.ti_setup import TIPlan
from initiative.server.ti_table import TITable

NOTIFY_KINDS = ("i",)
"""The notification kinds this hub hears ("i:table_id:seq")."""
TI_BOTS = bot_names("the_initiative")
"""The bots (and difficulty levels) that can play a seat of The Initiative."""
TIRuntime = Runtime[TITable]


def make_ti_bot(name: str, game: TIGame, seed: int) -> AnyBot:
    """A bot by name for `game`, given its public setup only (no answer); ValueError if
    unknown."""
    return make_bot(name, game, seed)


class TIHub(ActionHub[TIPlan, TITable]):
    """Every open The Initiative table of this process, over one store and its writer
    thread."""

    KIND: ClassVar[str] = NOTIFY_KINDS[0]

    def new_table(self, plan: TIPlan, seed: Seed | None, prefix: list[int] | None
                  ) -> tuple[TITable, list[str | None], str]:
        return TITable.create(self.store, plan, seed, prefix)

    def open_table(self, table_id: str) -> TITable:
        return TITable.open(self.store, table_id)

    def make_bot(self, name: str, table: TITable, seed: int) -> AnyBot:
        return make_ti_bot(name, table.game, seed)
