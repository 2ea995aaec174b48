"""Every table feature in every game, from the one pipeline (issue 24 item 4): for each
registered game with a web table, driven through the JSON API and sockets as a client
drives them: undo of a turn that met no chance (and the notice every seat reads), chat
(spectators read it, cannot write), the lobby (open tables, recently finished ones),
spectators (no hand, no choice), a stand-in bot for a person who left, and once the game
is over its record, its step-through replay and a rematch the same links open."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from initiative.engine.contract import TERMINAL
from initiative.games.registry import entries, entry
from initiative.server.app import create_app
from initiative.server.hub import Options
from initiative.server.sites import site_of
from initiative.server.table import Table
from tests.server.hex_support import Seat, seat

FIELDS = {"initiative_break": {"mode": "1v1"}, "hex_skirmish": {"players": 2},
          "the_initiative": {"players": 2}}
"""Each game's fields of a two-seat table."""
GAMES = sorted(e.name for e in entries() if e.parts.web)
ENDING_SEED = {game: 6 for game in GAMES} | {"initiative_break": 7, "hex_skirmish": 7}
"""Per game, a seed whose random game (`almost_over`) ends at a decision that its first
legal action ends too: the tests finish it by sending that action."""


def test_every_registered_web_game_is_tested_here() -> None:
    assert set(GAMES) == set(FIELDS)


@contextmanager
def running(tmp_path: Path, away_after: float = 0) -> Iterator[TestClient]:
    app = create_app(url=f"sqlite:///{tmp_path / 't.db'}",
                     options=Options(away_after=away_after, bot_delay=0.0))
    with TestClient(app) as client:
        yield client


def create(client: TestClient, game: str, **fields: Any) -> dict[str, Any]:
    body = {"game": game, "seat0_name": "Ann", "seat1_name": "Bea", **FIELDS[game], **fields}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def live(client: TestClient, table_id: str) -> Table:
    table: Table = client.app.state.hub.runtimes[table_id].table  # type: ignore[attr-defined]
    return table


def almost_over(game: str, seed: int) -> list[int]:
    """A random game of two people from `seed`, played to its last decision: the
    action numbers before it."""
    site = site_of(game)
    plan = site.parse({"seat0_name": "Ann", "seat1_name": "Bea", **{
        k: str(v) for k, v in FIELDS[game].items()}})
    played = site.build(plan, seed)
    state = site.first_state(played, seed)
    rng = random.Random(seed)
    actions: list[int] = []
    while True:
        legal = state.legal_actions()
        action = rng.choice(legal)
        probe = state.clone()
        probe.apply(action)
        if probe.current_seat() == TERMINAL:
            return actions
        state.apply(action)
        actions.append(played.action_index(action))


def undoable_prefix(game: str, seed: int) -> tuple[list[int], int]:
    """Actions of a random game up to a decision of a person whose choice meets no chance
    and reveals nothing (it can be taken back), and that choice."""
    site = site_of(game)
    plan = site.parse({"seat0_name": "Ann", "seat1_name": "Bea", **{
        k: str(v) for k, v in FIELDS[game].items()}})
    played = site.build(plan, seed)
    state = site.first_state(played, seed)
    rng = random.Random(seed)
    actions: list[int] = []
    for _ in range(2000):
        seat = state.current_seat()
        for action in state.legal_actions():
            probe = state.clone()
            closes = site.reveals_answers(state, seat)
            mark = site.secrets_mark(state)
            probe.apply(action)
            if not closes and site.secrets_mark(probe) == mark \
                    and probe.current_seat() not in (seat, TERMINAL):
                return actions, played.action_index(action)
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(played.action_index(action))
    raise AssertionError(f"{game}: no choice to take back in a random game")


@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_a_turn_that_met_no_chance(tmp_path: Path, game: str) -> None:
    prefix, choice = undoable_prefix(game, 3)
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, game, seed=3, prefix=prefix)
        seats = [stack.enter_context(seat(client, made["id"], t)) for t in made["seats"]]
        for s in seats:
            s.until(lambda f: True)
        table = live(client, made["id"])
        mover = table.state.current_seat()
        other = 1 - mover
        before = table.view(mover).to_dict()
        seats[mover].send(op="act", action=choice, id=1)
        after = seats[mover].until(lambda f: f.get("reply_to") == 1)
        assert after["can_undo"] and not seats[other].until(lambda f: True)["can_undo"]
        assert "nothing to take back" in seats[other].refused(op="undo")
        seats[mover].send(op="undo", id=2)
        undone = seats[mover].until(lambda f: f.get("reply_to") == 2)
        assert table.view(mover).to_dict() == before and table.actions == prefix
        name = table.seat_name(mover)  # as every page names the seat
        assert [n["text"] for n in undone["notices"]] == [f"{name} took back their last turn."]
        page = client.get(f"/t/{made['id']}?k={made['seats'][other]}").text
        assert f"{name} took back their last turn." in page  # in the log every seat reads
        reopened = Table.open(client.app.state.hub.store, made["id"])  # type: ignore[attr-defined]
        assert reopened.actions == prefix and reopened.data.notices == table.data.notices


@pytest.mark.parametrize("game", GAMES)
def test_chat_reaches_every_seat_and_the_spectators(tmp_path: Path, game: str) -> None:
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, game, seed=1)
        ann, bea = (stack.enter_context(seat(client, made["id"], t)) for t in made["seats"])
        watcher = stack.enter_context(seat(client, made["id"], made["spectator"], "html"))
        for s in (ann, bea, watcher):
            s.until(lambda f: True)
        ann.send(op="chat", text="good <b>luck</b>", id=1)
        ann.until(lambda f: f.get("reply_to") == 1)
        ann_name = live(client, made["id"]).seat_name(0)
        assert bea.until(lambda f: bool(f["chat"]))["chat"] == [
            {"name": ann_name, "text": "good <b>luck</b>", "team": False}]
        html = watcher.until(lambda f: "luck" in f["regions"]["chat"])["regions"]["chat"]
        assert "good &lt;b&gt;luck&lt;/b&gt;" in html  # escaped, never markup
        assert "only watch" in watcher.refused(op="chat", text="hello")


@pytest.mark.parametrize("game", GAMES)
def test_the_lobby_lists_open_and_finished_tables(tmp_path: Path, game: str) -> None:
    with running(tmp_path) as client:
        waiting = create(client, game, seed=1, seat1_controller="open")
        done = create(client, game, seed=2, seat0_controller="random",
                      seat1_controller="random", name="Bots only")
        deadline = time.monotonic() + 120
        while not live(client, done["id"]).finished and time.monotonic() < deadline:
            time.sleep(0.05)  # the bots play in the app's event loop meanwhile
        assert live(client, done["id"]).finished
        lobby = client.get("/").text
        opened, finished = lobby.split('id="done-h"')
        assert f"/t/{waiting['id']}/claim/1" in opened
        assert f"/t/{done['id']}" not in lobby  # a table of bots has nothing to take
        assert f'data-game="{game}"' in opened
        listed = client.get("/api/tables").json()
        assert {t["id"]: t["game"] for t in listed} == {waiting["id"]: game, done["id"]: game}
        assert re.search(rf"<li>Bots only <span class=\"mode\">{entry(game).title}, ",
                         finished)


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_sees_no_hand_and_has_no_choice(tmp_path: Path, game: str) -> None:
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, game, seed=4)
        watcher = stack.enter_context(seat(client, made["id"], made["spectator"]))
        frame = watcher.until(lambda f: True)
        assert frame["seat"] < 0 and frame["legal"] == [] and not frame["can_undo"]
        page = client.get(f"/t/{made['id']}?k={made['spectator']}").text
        assert "spectator" in page and "data-action=" not in page
        table = live(client, made["id"])
        hidden = [str(c) for hand in getattr(table.state, "hands", []) for c in hand]
        assert hidden  # every game deals hands
        assert "only watch" in watcher.refused(op="act", action=0)


@pytest.mark.parametrize("game", GAMES)
def test_a_stand_in_plays_for_a_person_who_left(tmp_path: Path, game: str) -> None:
    with running(tmp_path, away_after=0.2) as client, ExitStack() as stack:
        made = create(client, game, seed=5)
        table = live(client, made["id"])
        mover = table.state.current_seat()
        stay = stack.enter_context(seat(client, made["id"], made["seats"][1 - mover]))
        stay.until(lambda f: True)
        with seat(client, made["id"], made["seats"][mover]) as leaving:
            leaving.until(lambda f: True)
        stay.until(lambda f: f["seq"] > table.head - 1 and any(
            t.by == "stand-in" for t in table.turns), timeout=30)
        assert any(t.by == "stand-in" and t.seat == mover for t in table.turns)
        assert all(t.by == "player" for t in table.turns if t.seat == 1 - mover)


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_gives_its_record_replay_and_rematch(tmp_path: Path,
                                                            game: str) -> None:
    prefix = almost_over(game, ENDING_SEED[game])
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, game, seed=ENDING_SEED[game], prefix=prefix)
        seats: list[Seat] = [stack.enter_context(seat(client, made["id"], t))
                             for t in made["seats"]]
        frames = [s.until(lambda f: True) for s in seats]
        mover = next(i for i, f in enumerate(frames) if f["legal"])
        seats[mover].send(op="act", action=frames[mover]["legal"][0]["index"], id=1)
        over = seats[mover].until(lambda f: f.get("reply_to") == 1)
        assert over["finished"]
        token = made["seats"][0]
        record = client.get(f"/t/{made['id']}/record?k={token}")
        assert record.status_code == 200 and record.json()["seed"] == ENDING_SEED[game]
        total = len(prefix) + 1
        steps = [client.get(f"/t/{made['id']}/replay?k={token}&step={n}")
                 for n in (0, total // 2, total, total + 5)]
        assert [s.status_code for s in steps] == [200] * 4
        assert f"Step {total} of {total}" in steps[3].text  # clamped to the end
        assert steps[0].text != steps[1].text != steps[2].text
        assert "data-action=" not in steps[1].text  # nothing to choose in a replay
        page = client.get(f"/t/{made['id']}?k={token}").text
        assert 'data-op="rematch"' in page and "Replay the game" in page
        seats[0].send(op="rematch", id=2)
        moved = seats[0].until(lambda f: f.get("reply_to") == 2)
        new_id = moved["rematch"]
        assert new_id and new_id != made["id"]
        assert seats[1].until(lambda f: bool(f.get("rematch")))["rematch"] == new_id
        assert "already been started" in seats[1].refused(op="rematch")
        for t in made["seats"]:  # the same links open the new table
            assert client.get(f"/t/{new_id}?k={t}").status_code == 200
        assert live(client, new_id).data.series == made["id"]
