"""The one hub of every game's tables (server/hub.py), for each registered game alike:
two hubs over one database (two server processes): an event one stores reaches the
other's open table through the store ("e:table:seq" notifications), a choice made
against a table that another process moved on is refused, nothing stored twice; a
broken bot never stalls a table (a random choice stands in for it)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from initiative.games.ti.content import default_content
from initiative.server.hex.setup import HexPlan, HexSeatPlan
from initiative.server.hub import Hub, Options
from initiative.server.ib.setup import SeatPlan, TableSetup
from initiative.server.sites import site_of
from initiative.server.table import TableError
from initiative.server.ti.setup import TIPlan, TISeatPlan
from initiative.store import Store

CHARACTERS = sorted(default_content().characters)


@dataclass(frozen=True)
class Game:
    name: str
    plan: Any
    """Two people."""
    bots: Any
    """Two random bots."""


GAMES = {
    "initiative_break": Game(
        "initiative_break",
        TableSetup("Two processes", "1v1", (SeatPlan("Ann", "tideguard", "human"),
                                            SeatPlan("Bea", "ashfall", "human"))),
        TableSetup("Bots", "1v1", (SeatPlan("Ann", "tideguard", "random"),
                                   SeatPlan("Bea", "ashfall", "random")))),
    "hex_skirmish": Game(
        "hex_skirmish",
        HexPlan("Two processes", "three_stones", (HexSeatPlan("Ann", "brannoc", "human"),
                                                  HexSeatPlan("Bea", "ysolde", "human")), {}),
        HexPlan("Bots", "three_stones", (HexSeatPlan("Ann", "brannoc", "random"),
                                         HexSeatPlan("Bea", "ysolde", "random")),
                {"round_limit": 3})),
    "the_initiative": Game(
        "the_initiative",
        TIPlan("Two processes", "clockmakers_word", 2,
               (TISeatPlan("Ann", CHARACTERS[0], "human"),
                TISeatPlan("Bea", CHARACTERS[1], "human")), {}),
        TIPlan("Bots", "clockmakers_word", 2, (TISeatPlan("Ann", CHARACTERS[0], "random"),
                                               TISeatPlan("Bea", CHARACTERS[1], "random")),
               {})),
}


def first_legal(runtime: Any) -> int:
    table = runtime.table
    index: int = table.game.action_index(table.state.legal_actions()[0])
    return index


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_second_process_catches_up_and_refuses_stale_choices(tmp_path: Path,
                                                               name: str) -> None:
    game = GAMES[name]
    url = f"sqlite:///{tmp_path / 'two.db'}"

    async def scenario() -> None:
        stores = [Store(url), Store(url)]
        hubs = [Hub(s, Options(bot_delay=0.0, away_after=0)) for s in stores]
        try:
            runtime, _, _ = await hubs[0].create(site_of(name), game.plan, seed=9)
            table_id = runtime.table.id
            other = await hubs[1].runtime(table_id)
            seat = runtime.table.state.current_seat()
            first = first_legal(runtime)
            await hubs[0].commit(runtime, lambda t: t.check_act(seat, [first], "player"))
            assert other.table.head == 0  # not told yet
            with pytest.raises(TableError, match="changed meanwhile"):
                await hubs[1].commit(other, lambda t: t.check_act(seat, [first], "player"))
            assert other.table.head == 1 and other.table.actions == [first]  # caught up
            assert [e["actions"] for _, e in stores[0].events(table_id)] == [[first]]
            seat = runtime.table.state.current_seat()
            second = first_legal(runtime)
            await hubs[0].commit(runtime, lambda t: t.check_act(seat, [second], "player"))
            await hubs[1]._notified(f"e:{table_id}:2")
            assert other.table.actions == runtime.table.actions == [first, second]
            assert other.table.view(0).to_dict() == runtime.table.view(0).to_dict()
        finally:
            for hub, store in zip(hubs, stores, strict=True):
                await hub.stop()
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
        hub = Hub(store, Options(bot_delay=0.0, away_after=0))
        try:
            runtime, tokens, _ = await hub.create(site_of(name), game.bots, seed=4)
            assert tokens == [None, None]
            runtime.bots[(1, "random")] = BrokenBot()  # type: ignore[assignment]
            for _ in range(3000):
                if runtime.table.finished:
                    break
                await asyncio.sleep(0.01)
            assert runtime.table.finished
            by_bea = [e for _, e in store.events(runtime.table.id) if e["seat"] == 1]
            assert by_bea and all(e["by"] == "bot" for e in by_bea)
        finally:
            await hub.stop()
            store.close()

    asyncio.run(scenario())
