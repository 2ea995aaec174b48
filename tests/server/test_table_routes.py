"""The routes and socket of every game's tables (server/routes.py, server/ws.py), each
registered game alike: bad input gets a clear message and changes nothing (never a 500),
and a restart loses nothing (the record is the plan, the secret seed and the actions)."""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from initiative.engine.contract import GAME_MASTER
from tests.server.hex_support import Frame, running, seat

SEED = 5
GAMES = {"initiative_break": {"mode": "1v1"}, "hex_skirmish": {"players": 2},
         "the_initiative": {"players": 2}}
"""Each game and the fields of a two-seat table."""


def create(client: TestClient, game: str, **fields: Any) -> dict[str, Any]:
    body = {"game": game, "seat0_name": "Ann", "seat1_name": "Bea", **GAMES[game], **fields}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def deciding(frame: Frame) -> bool:
    """The frame's seat has a decision, or the game is over."""
    return bool(frame.get("legal")) or bool(frame.get("finished"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bad_input_gets_a_clear_message_and_changes_nothing(tmp_path: Path,
                                                            game: str) -> None:
    with running(tmp_path) as client:
        made = create(client, game, seed=SEED)
        with ExitStack() as stack:
            seats = [stack.enter_context(seat(client, made["id"], t)) for t in made["seats"]]
            for s in seats:
                s.until(lambda f: True)
            table = client.app.state.hub.runtimes[made["id"]].table  # type: ignore[attr-defined]
            mover = table.state.current_seat()
            other = seats[1 - mover]
            before = (table.head, list(table.actions))
            assert "not your decision" in other.refused(op="act", action=0)
            legal = {a["index"] for a in seats[mover].last["legal"]}
            illegal = next(i for i in range(table.game.num_distinct_actions())
                           if i not in legal)
            assert "not a legal choice" in seats[mover].refused(op="act", action=illegal)
            assert "unknown action number" in seats[mover].refused(op="act", action=10**6)
            for wrong in ("3", None, True, 1.5):
                assert "whole number" in seats[mover].refused(op="act", action=wrong)
            assert "must be a list" in seats[mover].refused(op="act", actions="1")
            assert "JSON object" in seats[mover].refused(raw="{not json")
            assert "unknown op" in seats[mover].refused(op="peek")
            assert (table.head, table.actions) == before
        with seat(client, made["id"], made["spectator"]) as watcher:
            watcher.until(lambda f: True)
            assert "only watch" in watcher.refused(op="act", action=0)
            assert "only watch" in watcher.refused(op="chat", text="hi")
        with pytest.raises(WebSocketDisconnect) as closed, \
                seat(client, made["id"], "not-a-token") as stranger:
            stranger.recv()
        assert closed.value.code == 4403
        assert client.get(f"/t/{made['id']}?k=nope").status_code == 403
        assert client.get(f"/t/{'0' * 32}?k=x").status_code == 404
        assert client.get(f"/t/{made['id']}/record?k={made['seats'][0]}").status_code == 409
        assert client.get(f"/t/{made['id']}/replay?k={made['seats'][0]}").status_code == 409


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_restart_loses_nothing(tmp_path: Path, game: str) -> None:
    rng = random.Random(3)
    with running(tmp_path) as client:
        made = create(client, game, seed=SEED, seat1_controller="random")
        with seat(client, made["id"], made["seats"][0]) as ann:
            for _ in range(8):
                frame = ann.until(deciding)
                if frame["finished"]:
                    break
                ann.send(op="act", action=rng.choice(frame["legal"])["index"])
            else:
                ann.until(deciding)
        table = client.app.state.hub.runtimes[made["id"]].table  # type: ignore[attr-defined]
        before = (table.actions, table.view(0).to_dict(),
                  table.state.view(GAME_MASTER).to_dict())
    with running(tmp_path) as client:  # a new process over the same database
        page = client.get(f"/t/{made['id']}?k={made['seats'][0]}")
        assert page.status_code == 200
        table = client.app.state.hub.runtimes[made["id"]].table  # type: ignore[attr-defined]
        assert (table.actions, table.view(0).to_dict(),
                table.state.view(GAME_MASTER).to_dict()) == before
        with seat(client, made["id"], made["seats"][0]) as ann:
            assert ann.until(deciding)["view"] == before[1]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_first_hex_and_ti_addresses_still_open_their_tables(tmp_path: Path,
                                                             game: str) -> None:
    """/SLUG/{id}... (the first hex and The Initiative links) answers with the table
    under /t/; a slug that is no game is a 404; /api/SLUG-tables creates that game."""
    with running(tmp_path) as client:
        made = create(client, game, seed=SEED)
        slug = {"initiative_break": "ib", "hex_skirmish": "hex", "the_initiative": "ti"}[game]
        old = client.get(f"/{slug}/{made['id']}?k={made['seats'][0]}",
                         follow_redirects=False)
        assert old.status_code == 308
        assert old.headers["location"] == f"/t/{made['id']}?k={made['seats'][0]}"
        assert client.get(f"/nogame/{made['id']}?k=x").status_code == 404
        with client.websocket_connect(f"/{slug}/{made['id']}/ws?k={made['seats'][0]}"
                                      "&format=json") as ws:
            assert ws.receive_json()["type"] == "state"
        api = client.post(f"/api/{slug}-tables", json={"seed": 1, **GAMES[game]})
        assert api.status_code == 201 and api.json()["game"] == game


def test_a_games_own_static_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/SLUG/static/NAME serves the game's own static folder (a game from outside the
    package brings its styles there), nothing outside it, and 404 without one."""
    from initiative.server.hex.site import HexWeb

    folder = tmp_path / "static"
    (folder / "css").mkdir(parents=True)
    (folder / "css" / "board.css").write_text("svg { color: red }", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not for the web", encoding="utf-8")
    with running(tmp_path) as client:
        assert client.get("/hex/static/css/board.css").status_code == 404  # none yet
        monkeypatch.setattr(HexWeb, "static_folder", folder)
        served = client.get("/hex/static/css/board.css")
        assert served.status_code == 200 and served.text == "svg { color: red }"
        for escape in ("/hex/static/..%2Fsecret.txt", "/hex/static/%2e%2e/secret.txt",
                       "/hex/static/css/missing.css", "/nogame/static/css/board.css"):
            answer = client.get(escape)
            assert answer.status_code == 404 and "not for the web" not in answer.text
