"""Lantern race at the web table, served by `initiative serve` in a subprocess that knows
the toy only by its folder on PYTHONPATH:

- a table made through `POST /api/tables {"game": "toy", ...}` and played to its end
  over the JSON socket by two seats, with chat, undo, the record, the replay pages and
  a rematch; the server's game is the one the toy's web part plays offline;
- in Chromium (one browser for the module): the lobby's "New Lantern race table"
  button, the form (a house rule set), the page of links; Bea takes her seat from the
  lobby, a spectator watches, the seats chat and play to the end; then the table
  controls every game shares (tests/web/feature_support.py): undo, and a finished
  game's record, replay, lobby line and rematch.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from websockets.sync.client import ClientConnection, connect

from initiative.games.parts import RecordReader
from initiative.games.registry import part
from initiative.server.sites import site_of
from tests.web.feature_support import (
    ROOT,
    YOUR_TURN,
    GameCase,
    check_chat,
    check_finished_game,
    check_spectator,
    check_undo,
    decide,
    people,
    take_from_the_lobby,
)
from tests.web.support import UI_TIMEOUT_MS, Server

expect.set_options(timeout=UI_TIMEOUT_MS)
pytestmark = pytest.mark.usefixtures("toy")
CASE = GameCase("toy", {}, log="#toy-log", shown="#toy-path progress",
                choice="#toy-actions [data-action]", undo_kinds=("WALK",),
                finish={"rule_goal": 8})
"""What the shared browser checks need to know of the toy's table page."""
WALK = 0


# --- the JSON API and socket ---------------------------------------------------------


@contextmanager
def json_seats(server: Server, created: dict[str, Any]) -> Iterator[list[ClientConnection]]:
    """Both seats' JSON connections."""
    base = server.base.replace("http", "ws") + f"/t/{created['id']}/ws?format=json&k="
    with connect(base + created["seats"][0]) as first, \
            connect(base + created["seats"][1]) as second:
        yield [first, second]


def state_at(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The seat's state frame of the table's event `seq` (older frames are skipped)."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=UI_TIMEOUT_MS / 1000))
        assert frame["type"] != "error", frame
        if frame["type"] == "state" and frame["seq"] >= seq:
            assert frame["seq"] == seq, f"expected event {seq}, got {frame['seq']}"
            return frame


def request(seats: list[ClientConnection], seat: int, message: dict[str, Any], seq: int
            ) -> list[dict[str, Any]]:
    """Send `message` from `seat` (chosen at the state before `seq`); both seats'
    frames of the event it stores."""
    seats[seat].send(json.dumps({**message, "seq": seq - 1}))
    return [state_at(ws, seq) for ws in seats]


def get(server: Server, path: str) -> bytes:
    with urllib.request.urlopen(server.base + path, timeout=30) as answer:
        body: bytes = answer.read()
        return body


def test_a_json_table_is_played_to_the_end_over_the_socket(server: Server) -> None:
    body = {"game": "toy", "name": "Socket race", "seed": 21, "seat0_name": "Ann",
            "seat1_name": "Bea", "rule_goal": 12}
    created = server.create(body)
    assert created["game"] == "toy" and all(created["seats"])
    with json_seats(server, created) as seats:
        frames = [state_at(ws, 0) for ws in seats]
        assert frames[0]["view"]["hand"] and frames[1]["view"]["hand"]
        assert "hands" not in frames[1]["view"] and frames[1]["view"]["hand_counts"] == [3, 3]
        assert [f["view"]["seat"] for f in frames] == [0, 1]
        assert [a["text"] for a in frames[0]["legal"]][:2] == ["walk", "roll"]
        assert frames[1]["legal"] == []

        frames = request(seats, 1, {"op": "chat", "text": "Good luck, Ann"}, 1)
        assert frames[0]["chat"] == [{"name": "Bea", "text": "Good luck, Ann",
                                      "team": False}]
        frames = request(seats, 0, {"op": "act", "action": WALK}, 2)
        assert frames[0]["can_undo"] and frames[1]["view"]["positions"] == [1, 0]
        frames = request(seats, 0, {"op": "undo"}, 3)
        assert frames[1]["view"]["positions"] == [0, 0]
        assert frames[1]["notices"][0]["text"] == "Ann took back their last turn."

        played: list[int] = []
        seq = 3
        while not frames[0]["finished"]:
            assert len(played) < 200, "the game did not end"
            seat = frames[0]["view"]["current"]
            legal = frames[seat]["legal"]
            assert legal and not frames[1 - seat]["legal"]
            choice = legal[len(played) % len(legal)]["index"]
            seq += 1
            frames = request(seats, seat, {"op": "act", "action": choice}, seq)
            played.append(choice)
        final = frames[0]["view"]

        site = site_of("toy")
        form = {k: str(v) for k, v in body.items() if k not in ("game", "seed")}
        game = site.build(site.parse(form), 21)
        offline = site.first_state(game, 21)
        for index in played:
            offline.apply(game.action_from_index(index))
        assert (offline.winner, offline.positions) == (final["winner"], final["positions"])

        token = created["seats"][0]
        record = json.loads(get(server, f"/t/{created['id']}/record?k={token}"))
        assert record["format"] == "toy-record/1" and record["actions"] == played
        story = part("toy", "records", RecordReader).story(record, False)
        assert story[:-2] == [line["text"] for line in final["log"]]
        page = get(server, f"/t/{created['id']}/replay?k={token}&step=2").decode()
        assert f"Step 2 of {len(played)}" in page and 'id="toy-path"' in page

        frames = request(seats, 1, {"op": "rematch"}, seq + 1)
        rematch = frames[0]["rematch"]
        assert re.fullmatch(r"[0-9a-f]{32}", rematch)
    with json_seats(server, {"id": rematch, "seats": created["seats"]}) as seats:
        fresh = state_at(seats[0], 0)
        assert not fresh["finished"] and fresh["view"]["positions"] == [0, 0]


# --- in the browser ------------------------------------------------------------------


def test_two_people_make_a_table_from_the_lobby_and_play_it_to_the_end(
        server: Server, browser: Browser) -> None:
    name = "Lantern evening"
    with people(browser, server) as found:
        ann = found.page("ann")
        ann.goto(server.base + "/")
        ann.get_by_role("link", name="New Lantern race table").click()
        ann.wait_for_url(f"{server.base}/toy/new")
        expect(ann).to_have_title("New table · Lantern race")
        ann.locator("input[name=name]").fill(name)
        ann.locator("input[name=seat0_name]").fill("Ann")
        ann.locator("input[name=seat1_name]").fill("Bea")
        ann.locator("select[name=seat1_controller]").select_option("open")
        ann.locator("details summary").filter(has_text="House rules").click()
        ann.locator("input[name=rule_goal]").fill("5")
        ann.get_by_role("button", name="Create the table").click()
        ann.wait_for_url(re.compile(r"/t/[0-9a-f]{32}/created$"))
        expect(ann.locator("h1")).to_have_text(name)
        expect(ann.locator("ul.links a.seat-link")).to_have_count(2)
        spectator_link = ann.locator("ul.links a.spectator-link").get_attribute("href")
        ann.locator("ul.links a.seat-link").first.click()
        expect(ann.locator("#connection")).to_have_text("Connected")
        expect(ann.locator("#toy-path")).to_contain_text("The path (5 steps)")

        bea = found.page("bea")
        take_from_the_lobby(bea, server, CASE, name)
        spectator = found.page("spectator", server.base + (spectator_link or ""))
        check_spectator(spectator, CASE)
        check_chat(ann, bea, spectator)

        pages = (ann, bea)
        for turn in range(20):
            page = pages[turn % 2]
            expect(page).to_have_title(YOUR_TURN)
            expect(page.locator("#toy-hand .card")).to_have_count(3)
            decide(page, CASE)  # the first choice: walk
            if page.locator(f"{ROOT} .game-over").count():
                break
        for page in (ann, bea, spectator):
            expect(page.locator(f"{ROOT} .game-over .result")).to_contain_text("Ann wins")
        expect(bea.locator(f"{ROOT} .game-over .result")).to_contain_text("you lose")
        expect(spectator.locator("#toy-log li").last).to_have_text(
            "Ann reaches the end of the path and wins!")
        assert turn == 8, "Ann walks 5 steps in her 5th turn"


def test_the_table_controls_every_game_shares_work_for_the_toy(
        server: Server, browser: Browser) -> None:
    with people(browser, server) as found:
        check_undo(found, server, CASE)
        check_finished_game(found, server, CASE)
