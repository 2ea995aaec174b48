"""The hub every game played one decision at a time shares (server/action_hub.py), for
the hex game and The Initiative alike: two hubs over one database (two server
processes): an event one stores reaches the other's open table through the store
("h:table:seq" / "i:table:seq" notifications), a choice made against a table that
another process moved on is refused, nothing stored twice; a broken bot never stalls a
table (a random choice stands in for it)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from initiative.server.action_hub import ActionHub
from initiative.server.hex_hub import HexHub
from initiative.server.ti_hub import TIHub

from initiative.games.ti.content import default_content
from initiative.server.hex.setup import HexPlan, HexSeatPlan
from initiative.server.table import TableError
from initiative.server.ti.setup import TIPlan, TISeatPlan
from initiative.server.writer import StoreWriter
from initiative.store import Store

CHARACTERS = sorted(default_content().characters)


@dataclass(frozen=True)
class Game:
    hub: type[ActionHub[Any, Any]]
    plan: Any
    """Two people."""
    bots: Any
    """Two random bots."""
    notice: str
    """The hub's notification prefix."""


GAMES = {
    "hex": Game(HexHub, HexPlan("Two processes", "three_stones",
                                (HexSeatPlan("Ann", "brannoc", "human"),
                                 HexSeatPlan("Bea", "ysolde", "human")), {}),
                HexPlan("Bots", "three_stones", (HexSeatPlan("Ann", "brannoc", "random"),
                                                 HexSeatPlan("Bea", "ysolde", "random")),
                        {"round_limit": 3}), "h"),
    "ti": Game(TIHub, TIPlan("Two processes", "clockmakers_word", 2,
                             (TISeatPlan("Ann", CHARACTERS[0], "human"),
                              TISeatPlan("Bea", CHARACTERS[1], "human")), {}),
               TIPlan("Bots", "clockmakers_word", 2,
                      (TISeatPlan("Ann", CHARACTERS[0], "random"),
                       TISeatPlan("Bea", CHARACTERS[1], "random")), {}), "i"),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_second_process_catches_up_and_refuses_stale_choices(tmp_path: Path,
                                                               name: str) -> None:
    game = GAMES[name]
    url = f"sqlite:///{tmp_path / 'two.db'}"

    async def scenario() -> None:
        stores = [Store(url), Store(url)]
        hubs = [game.hub(s, StoreWriter(s), bot_delay=0.0) for s in stores]
        try:
            runtime, _, _ = await hubs[0].create(game.plan, seed=9)
            table_id = runtime.table.id
            other = await hubs[1].runtime(table_id)
            seat = runtime.table.state.current_seat()
            first = runtime.table.game.action_index(runtime.table.state.legal_actions()[0])
            await hubs[0].commit(runtime, lambda t: t.check_act(seat, first, "player"))
            assert other.table.head == 0  # not told yet
            with pytest.raises(TableError, match="changed meanwhile"):
                await hubs[1].commit(other, lambda t: t.check_act(seat, first, "player"))
            assert other.table.head == 1 and other.table.actions == [first]  # caught up
            assert [e["action"] for _, e in stores[0].events(table_id)] == [first]
            seat = runtime.table.state.current_seat()
            second = runtime.table.game.action_index(runtime.table.state.legal_actions()[0])
            await hubs[0].commit(runtime, lambda t: t.check_act(seat, second, "player"))
            await hubs[1].notified(f"{game.notice}:{table_id}:2")
            assert other.table.actions == runtime.table.actions == [first, second]
            assert other.table.view(0) == runtime.table.view(0)
        finally:
            for hub, store in zip(hubs, stores, strict=True):
                await hub.stop()
                await asyncio.to_thread(hub.writer.stop)
                store.close()

    asyncio.run(scenario())


class BrokenBot:
    def choose(self, view: object) -> object:
        raise RuntimeError("this bot is broken")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_broken_bot_does_not_stall_the_table(tmp_path: Path, name: str) -> None:
    """Every seat a bot, one of them failing at every decision: a random choice stands
    in for it and the game still reaches its end."""
    game = GAMES[name]
    url = f"sqlite:///{tmp_path / 'bots.db'}"

    async def scenario() -> None:
        store = Store(url)
        hub = game.hub(store, StoreWriter(store), bot_delay=0.0)
        try:
            runtime, tokens, _ = await hub.create(game.bots, seed=4)
            assert tokens == [None, None]
            runtime.bots[1] = BrokenBot()
            for _ in range(2000):
                if runtime.table.finished:
                    break
                await asyncio.sleep(0.01)
            assert runtime.table.finished
            by_bea = [e for _, e in store.events(runtime.table.id) if e["seat"] == 1]
            assert by_bea and all(e["by"] == "bot" for e in by_bea)
        finally:
            await hub.stop()
            await asyncio.to_thread(hub.writer.stop)
            store.close()

    asyncio.run(scenario())
