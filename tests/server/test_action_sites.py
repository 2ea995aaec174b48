"""The routes and socket every game played one decision at a time shares
(server/action_routes.py), for the hex game and The Initiative alike: bad input gets a
clear message and changes nothing (never a 500), and a restart loses nothing (the
record is the plan, the secret seed and the actions)."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from initiative.engine.contract import GAME_MASTER
from tests.server import hex_support, ti_support
from tests.server.hex_support import Seat, deciding, running


@dataclass(frozen=True)
class Site:
    prefix: str
    create: Callable[..., dict[str, Any]]
    live: Callable[[TestClient, str], Any]
    seat: Callable[..., AbstractContextManager[Seat]]


SITES = {"hex": Site("/hex", hex_support.create, hex_support.live, hex_support.seat),
         "ti": Site("/ti", ti_support.create, ti_support.live, ti_support.seat)}
SEED = 5


@pytest.mark.parametrize("name", sorted(SITES))
def test_bad_input_gets_a_clear_message_and_changes_nothing(tmp_path: Path,
                                                            name: str) -> None:
    site = SITES[name]
    with running(tmp_path) as client:
        made = site.create(client, seed=SEED)
        with ExitStack() as stack:
            seats = [stack.enter_context(site.seat(client, made["id"], t))
                     for t in made["seats"]]
            for s in seats:
                s.until(lambda f: True)
            table = site.live(client, made["id"])
            mover = table.state.current_seat()
            other = seats[1 - mover]
            before = (table.head, list(table.actions))
            assert "not your decision" in other.refused(op="act", action=0)
            legal = {a["index"] for a in seats[mover].last["view"]["legal"]}
            illegal = next(i for i in range(table.game.num_distinct_actions())
                           if i not in legal)
            assert "not a legal choice" in seats[mover].refused(op="act", action=illegal)
            assert "no action number" in seats[mover].refused(op="act", action=10**6)
            for wrong in ("3", None, True, 1.5):
                assert "whole number" in seats[mover].refused(op="act", action=wrong)
            assert "JSON object" in seats[mover].refused(raw="{not json")
            assert "unknown op" in seats[mover].refused(op="peek")
            assert (table.head, table.actions) == before
        with site.seat(client, made["id"], made["spectator"]) as watcher:
            watcher.until(lambda f: True)
            assert "only watch" in watcher.refused(op="act", action=0)
        with pytest.raises(WebSocketDisconnect) as closed, \
                site.seat(client, made["id"], "not-a-token") as stranger:
            stranger.recv()
        assert closed.value.code == 4403
        assert client.get(f"{site.prefix}/{made['id']}?k=nope").status_code == 403
        assert client.get(f"{site.prefix}/{'0' * 32}?k=x").status_code == 404
        record = f"{site.prefix}/{made['id']}/record?k={made['seats'][0]}"
        assert client.get(record).status_code == 409


@pytest.mark.parametrize("name", sorted(SITES))
def test_a_restart_loses_nothing(tmp_path: Path, name: str) -> None:
    site = SITES[name]
    rng = random.Random(3)
    with running(tmp_path) as client:
        made = site.create(client, seed=SEED, seat1_controller="random")
        with site.seat(client, made["id"], made["seats"][0]) as ann:
            for _ in range(8):
                view = ann.until(deciding)["view"]
                if view["over"]:
                    break
                ann.send(op="act", action=rng.choice(view["legal"])["index"])
            else:
                ann.until(deciding)
        table = site.live(client, made["id"])
        before = (table.actions, table.view(0), table.view(GAME_MASTER))
    with running(tmp_path) as client:  # a new process over the same database
        page = client.get(f"{site.prefix}/{made['id']}?k={made['seats'][0]}")
        assert page.status_code == 200
        table = site.live(client, made["id"])
        assert (table.actions, table.view(0), table.view(GAME_MASTER)) == before
        with site.seat(client, made["id"], made["seats"][0]) as ann:
            assert ann.until(deciding)["view"] == before[1]
