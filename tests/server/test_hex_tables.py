"""The hex skirmish web table through the app (Starlette's TestClient): creating from
the form and the API, playing over the WebSocket against a bot on the server, and every
frame holding its own seat's view only (hidden information, COMMON18). Bad input and
restarts: tests/server/test_action_sites.py (the routes both games share)."""

from __future__ import annotations

import html
import random
import re
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from initiative.engine.contract import GAME_MASTER
from initiative.engine.rng import KEYED
from initiative.games.hex.record import HexRecord, replay
from initiative.server.hex.dice import last_attack
from tests.server.hex_support import Frame, Seat, create, deciding, live, running, seat

SEED = 5


def play_first(player: Seat, rng: random.Random, limit: int = 2000) -> Frame:
    """Choose a seeded random legal action at every decision of `player` until the
    game is over; the last frame."""
    for _ in range(limit):
        frame = player.until(deciding)
        view = frame["view"]
        if view["over"]:
            return frame
        player.send(op="act", action=rng.choice(view["legal"])["index"])
    raise AssertionError("the game did not end")


def test_the_form_creates_a_table_and_hands_out_its_links(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        form = client.get("/hex/new")
        assert form.status_code == 200 and 'name="seat0_character"' in form.text
        assert 'name="rule_move_exact"' in form.text and "Hex skirmish" in form.text
        assert "(HX-A1)" in form.text  # each flag names the ruling it settles
        assert 'href="/hex/new"' in client.get("/new").text  # the game picker
        answer = client.post("/hex/new", data={
            "name": "Duel", "players": "2", "board": "the_breach", "seat0_name": "Ann",
            "seat1_name": "Bea", "seat1_controller": "random",
            "rule_push_requires_hit": "yes"}, follow_redirects=False)
        assert answer.status_code == 303
        created = client.get(answer.headers["location"])
        assert created.status_code == 200
        links = re.findall(r'href="(/t/[0-9a-f]{32}\?k=[^"]+)"', created.text)
        assert len(links) == 2  # Ann's seat and the spectators' (Bea is a bot)
        table = live(client, links[0][3:35])
        assert table.plan.board == "the_breach" and table.plan.rules == {
            "push_requires_hit": True}
        assert table.game.setup.rules.push_requires_hit
        page = client.get(links[0])
        assert page.status_code == 200 and "<svg" in page.text
        assert re.search(r"seat 1, [\w ]+ \(Ann\)", page.text)


def test_bad_plans_are_listed_never_a_500(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        answer = client.post("/hex/new", data={"players": "6", "board": "moon",
                                               "seat0_controller": "wizard",
                                               "rule_die_sides": "two"})
        assert answer.status_code == 400
        for problem in ("players: 2 to 4", "unknown board 'moon'", "'wizard'",
                        "die_sides: a whole number"):
            assert problem in html.unescape(answer.text)
        flags = client.post("/api/hex-tables", json={"rule_move_exact": False,
                                                     "rule_push_requires_hit": True})
        assert flags.status_code == 201
        assert live(client, flags.json()["id"]).plan.rules == {"move_exact": False,
                                                               "push_requires_hit": True}
        api = client.post("/api/hex-tables", json={"players": 2, "rule_die_sides": 2})
        assert api.status_code == 400 and "die_sides must be at least 4" in str(api.json())
        assert client.post("/api/hex-tables", content=b"[").status_code == 400
        bad_prefix = client.post("/api/hex-tables", json={"prefix": [9999]})
        assert bad_prefix.status_code == 400 and "prefix action 1" in bad_prefix.json()["error"]


def test_a_person_plays_a_bot_to_the_end(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create(client, seat1_controller="random", seed=SEED)
        with seat(client, made["id"], made["seats"][0]) as ann:
            last = play_first(ann, random.Random(SEED))
        view = last["view"]
        assert view["over"] and view["phase"] == "over" and not view.get("legal")
        table = live(client, made["id"])
        assert table.finished and view["winner"] == table.state.winner
        record = client.get(f"/hex/{made['id']}/record?k={made['seats'][0]}").json()
        assert record["format"] == "hex-record/1" and record["seed"] == SEED
        assert record["actions"] == table.actions and record["log"]
        replayed = replay(HexRecord.from_dict(record))  # checks the final hash and log
        assert replayed.winner == table.state.winner  # same seed + actions = same game


def test_a_secret_seed_game_record_replays(tmp_path: Path) -> None:
    """A table with a secret keyed seed gives, once over, a record that replays."""
    with running(tmp_path) as client:
        made = create(client, seat1_controller="random")
        with seat(client, made["id"], made["seats"][0]) as ann:
            play_first(ann, random.Random(SEED))
        table = live(client, made["id"])
        assert isinstance(table.seed, str) and table.seed.startswith(KEYED)
        record = client.get(f"/hex/{made['id']}/record?k={made['seats'][0]}").json()
        assert record["seed"] == table.seed
        assert replay(HexRecord.from_dict(record)).winner == table.state.winner


def test_a_seat_taken_from_the_lobby(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create(client, seat1_controller="open", seed=SEED)
        assert made["seats"][1] is not None  # the creator may still hand it out
        lobby = client.get("/").text
        claim = f"/t/{made['id']}/claim/1"
        assert "Hex skirmish" in lobby and claim in lobby
        taken = client.post(claim, follow_redirects=False)
        assert taken.status_code == 303
        page = client.get(taken.headers["location"])
        assert page.status_code == 200 and re.search(r"seat 2, [\w ]+ \(Bea\)", page.text)
        assert client.post(claim).status_code == 409  # taken now
        assert client.post(f"/t/{made['id']}/claim/7").status_code == 409
        assert client.post(f"/t/{made['id']}/claim/x").status_code == 400
        assert claim not in client.get("/").text
        assert client.get(f"/hex/{made['id']}?k={made['seats'][1]}").status_code == 403


def test_bots_play_a_whole_game_on_the_server(tmp_path: Path) -> None:
    """No person at the table: the seats' bots play it to the end by themselves; the
    spectators see it (public information only: no hand)."""
    with running(tmp_path) as client:
        made = create(client, seat0_controller="heuristic", seat1_controller="random",
                      seed=SEED)
        assert made["seats"] == [None, None]
        with seat(client, made["id"], made["spectator"]) as watcher:
            last = watcher.until(lambda f: f["view"]["over"], timeout=120)
        assert last["view"]["hand"] == [] and "hands" not in last["view"]
        table = live(client, made["id"])
        attack = last_attack(table.state.events())
        assert table.finished and attack is not None  # attacks were rolled
        page = client.get(f"/t/{made['id']}?k={made['spectator']}").text
        dice = page.split('id="hx-dice"')[1].split("</section>")[0]
        faces = [f for t in attack["targets"] for f in t["faces"]]
        assert re.findall(r'class="die">(\d)<', dice) == [str(f) for f in faces]


def hidden_of(view: dict[str, Any]) -> list[str]:
    """What a seat must never see of the others: the master's view of their hands."""
    return [k for s, hand in view["hands"].items() for k in hand]


def test_frames_hold_only_their_own_seat_and_never_the_seed(tmp_path: Path) -> None:
    rng = random.Random(8)
    with running(tmp_path) as client:
        made = create(client)  # a keyed secret seed
        table_id = made["id"]
        with ExitStack() as stack:
            seats = [stack.enter_context(seat(client, table_id, t)) for t in made["seats"]]
            pages = [stack.enter_context(seat(client, table_id, t, fmt="html"))
                     for t in made["seats"]]
            table = live(client, table_id)
            for _ in range(40):
                for s in (*seats, *pages):
                    s.until(lambda f: f["seq"] == table.head)
                master = table.state.view(GAME_MASTER).to_dict()
                for n, s in enumerate(seats):
                    view = s.last["view"]
                    assert "hands" not in view
                    assert view["hand"] == master["hands"][str(n)]
                    assert view == table.view(n).to_dict()
                if table.finished:
                    break
                mover = seats[table.state.current_seat()]
                mover.send(op="act", action=rng.choice(mover.last["view"]["legal"])["index"])
            texts = [repr(f) for s in (*seats, *pages) for f in s.frames]
        assert isinstance(table.seed, str) and table.seed.startswith(KEYED)
        key = table.seed.partition(":")[2]
        texts += [client.get(f"/hex/{table_id}?k={t}").text for t in made["seats"]]
        texts += [client.get("/").text]
        assert all(key not in text for text in texts)
        assert not any('"hands"' in text for text in texts)


def test_one_per_turn_keeps_the_line_face_down(tmp_path: Path) -> None:
    """HX-A1 `initiative_reveal: one_per_turn`: the cards after the current one are
    face down in every seat's frame and page ("?"), and face up under the default."""
    for reveal, hidden in (("one_per_turn", True), ("all_at_start", False)):
        with running(tmp_path, db=f"{reveal}.db") as client:
            made = create(client, seed=SEED, rule_initiative_reveal=reveal)
            with seat(client, made["id"], made["seats"][0]) as ann, \
                    seat(client, made["id"], made["seats"][0], fmt="html") as page:
                line = ann.until(lambda f: True)["view"]["line"]
                later = line["cards"][line["at"] + 1:]
                assert later and all(c is None for c in later) is hidden
                html = page.until(lambda f: True)["regions"]["hx-line"]
                assert ('class="hidden"' in html or " hidden" in html) is hidden


def test_a_spectator_sees_no_hand_and_cannot_act(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create(client, seed=SEED)
        page = client.get(f"/hex/{made['id']}?k={made['spectator']}")
        assert page.status_code == 200 and "spectator" in page.text
        assert "Spectators see no hand" in page.text and 'data-action="' not in page.text
