"""The Initiative's web table through the app (Starlette's TestClient): creating from the
form and the API, playing over the WebSocket with a bot on the server, the solo
player's two characters from one link (TI-A17), the group's solve with one vote per seat (TI-54..
TI-56), and every frame of every seat holding that seat's view only (hidden
information: other hands, the deck order, face-down tokens, closed windows and the
answer before the end). Bad input and restarts: tests/server/test_action_sites.py (the
routes both games share)."""

from __future__ import annotations

import html
import random
import re
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from initiative.engine.contract import GAME_MASTER
from initiative.engine.rng import KEYED
from initiative.games.ti.flags import TIRules
from initiative.games.ti.record import TIRecord, replay
from tests.server.ti_support import Frame, Seat, create, deciding, live, running, seat

SEED = 5


def play_on(player: Seat, rng: random.Random, limit: int = 5000) -> Frame:
    """Choose a seeded random legal action at every decision of `player` until the
    game is over (never proposing an answer: SOLVE is chosen last); the last frame."""
    for _ in range(limit):
        frame = player.until(deciding)
        view = frame["view"]
        if view["over"]:
            return frame
        legal = [a for a in view["legal"] if a["kind"] != "solve"] or view["legal"]
        player.send(op="act", action=rng.choice(legal)["index"])
    raise AssertionError("the game did not end")


def test_the_form_creates_a_table_and_hands_out_its_links(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        form = client.get("/ti/new")
        assert form.status_code == 200 and 'name="mission"' in form.text
        for flag in TIRules.names():  # every house rule, with its ruling
            assert f'name="rule_{flag}"' in form.text
        assert "(TI-A2)" in form.text and 'href="/ti/how-to-play"' in form.text
        proposals = form.text.split('name="rule_solve_proposals_per_turn"')[1].split("</select>")[0]
        assert re.findall(r'<option value="(\d)"', proposals) == ["1", "2", "3"]  # TI-A15
        assert 'href="/ti/new"' in client.get("/new").text  # the game picker
        assert 'href="/ti/new"' in client.get("/").text  # the lobby's link
        answer = client.post("/ti/new", data={
            "name": "Night shift", "players": "2", "seat0_name": "Ann", "seat1_name": "Bea",
            "seat1_controller": "random", "rule_tuck_limit": "per_turn_per_enemy"},
            follow_redirects=False)
        assert answer.status_code == 303
        created = client.get(answer.headers["location"])
        assert created.status_code == 200
        links = re.findall(r'href="(/t/[0-9a-f]{32}\?k=[^"]+)"', created.text)
        assert len(links) == 2  # Ann's seat and the spectators' (Bea is a bot)
        table = live(client, links[0][3:35])
        assert table.plan.rules == {"tuck_limit": "per_turn_per_enemy"}
        assert table.game.setup.rules.tuck_limit == "per_turn_per_enemy"
        page = client.get(links[0])
        assert page.status_code == 200 and "<svg" in page.text
        assert re.search(r"seat 1, [\w ]+ \(Ann\)", page.text)


def test_bad_plans_are_listed_never_a_500(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        answer = client.post("/ti/new", data={"players": "9", "mission": "moon",
                                              "seat0_controller": "wizard",
                                              "rule_stall_is_loss": "maybe",
                                              "rule_solve_proposals_per_turn": "x"})
        assert answer.status_code == 400
        text = html.unescape(answer.text)
        for problem in ("players: 1 to 4", "unknown mission 'moon'", "'wizard'",
                        "stall_is_loss: yes or no", "solve_proposals_per_turn: one of 1, 2, 3"):
            assert problem in text
        twice = client.post("/api/ti-tables", json={"seat0_character": "x"})
        assert twice.status_code == 400 and "unknown character 'x'" in str(twice.json())
        api = client.post("/api/ti-tables", json={"rule_solve_proposals_per_turn": 9})
        assert api.status_code == 400 and "solve_proposals_per_turn" in str(api.json())
        flags = client.post("/api/ti-tables", json={"rule_answer_match": "exact",
                                                    "rule_repeat_reshuffle": False})
        assert flags.status_code == 201
        assert live(client, flags.json()["id"]).plan.rules == {
            "answer_match": "exact", "repeat_reshuffle": False}
        assert client.post("/api/ti-tables", content=b"[").status_code == 400
        assert client.post("/api/ti-tables", json=[1]).status_code == 400
        bad_prefix = client.post("/api/ti-tables", json={"prefix": [10**6]})
        assert bad_prefix.status_code == 400 and "prefix action 1" in bad_prefix.json()["error"]
        assert client.post("/api/ti-tables", json={"seed": "nope"}).status_code == 400


def test_a_person_plays_a_bot_to_the_end_and_the_record_replays(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create(client, seat1_controller="random", seed=SEED)
        with seat(client, made["id"], made["seats"][0]) as ann:
            last = play_on(ann, random.Random(SEED))
        view = last["view"]
        assert view["over"] and view["phase"] == "over" and not view.get("legal")
        assert view["result"] is not None and view["result"]["answer"]  # told at the end
        table = live(client, made["id"])
        assert table.finished and view["result"]["won"] == table.state.won
        record = client.get(f"/ti/{made['id']}/record?k={made['seats'][0]}").json()
        assert record["format"] == "ti-record/1" and record["seed"] == SEED and record["log"]
        replayed = replay(TIRecord.from_dict(record))  # checks the final hash and log
        assert replayed.won == table.state.won  # same seed + actions = same game


def test_a_seat_taken_from_the_lobby(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create(client, seat1_controller="open", seed=SEED)
        lobby = client.get("/").text
        claim = f"/t/{made['id']}/claim/1"
        assert "The Initiative" in lobby and claim in lobby
        taken = client.post(claim, follow_redirects=False)
        assert taken.status_code == 303
        page = client.get(taken.headers["location"])
        assert page.status_code == 200 and re.search(r"seat 2, [\w ]+ \(Bea\)", page.text)
        assert client.post(claim).status_code == 409
        assert client.post(f"/t/{made['id']}/claim/7").status_code == 409
        assert client.post(f"/t/{made['id']}/claim/x").status_code == 400


def check_hidden(view: dict[str, Any], seat_no: int, master: dict[str, Any]) -> None:
    """What `seat_no` must never see (games/ti/view.py: "Never")."""
    assert "hands" not in view
    assert view["hand"] == master["hands"][str(seat_no)]
    assert view["hand_counts"] == master["hand_counts"]
    for window in view["console"]["windows"]:
        assert window["open"] or window["symbols"] is None or view["over"]  # TI-5
    for room in view["rooms"]:
        assert isinstance(room["stack"], int)  # face-down tokens: a count only
    if not view["over"]:
        assert view["result"] is None  # the answer stays hidden (TI-54)


def test_every_frame_of_every_seat_holds_only_its_own_view(tmp_path: Path) -> None:
    """A seeded 2-person game, decisions random: each JSON frame equals the table's view
    of that seat and hides what the rules hide; each page frame's hand lists that
    seat's cards only; no frame or page carries the secret seed's key."""
    rng = random.Random(8)
    with running(tmp_path) as client:
        made = create(client)  # a keyed secret seed
        table_id = made["id"]
        with ExitStack() as stack:
            seats = [stack.enter_context(seat(client, table_id, t)) for t in made["seats"]]
            pages = [stack.enter_context(seat(client, table_id, t, fmt="html"))
                     for t in made["seats"]]
            table = live(client, table_id)
            for _ in range(150):
                for s in (*seats, *pages):
                    s.until(lambda f: f["seq"] == table.head)
                master = table.state.view(GAME_MASTER).to_dict()
                for n, s in enumerate(seats):
                    view = s.last["view"]
                    assert view == table.view(n).to_dict()
                    check_hidden(view, n, master)
                    shown = re.findall(r'data-card="(\d+)"', pages[n].last["regions"]["ti-hand"])
                    assert shown == [str(c["id"]) for c in master["hands"][str(n)]]
                if table.finished:
                    break
                mover = seats[table.state.current_seat()]
                legal = [a for a in mover.last["view"]["legal"] if a["kind"] != "solve"] \
                    or mover.last["view"]["legal"]
                mover.send(op="act", action=rng.choice(legal)["index"])
            texts = [repr(f) for s in (*seats, *pages) for f in s.frames]
        assert isinstance(table.seed, str) and table.seed.startswith(KEYED)
        key = table.seed.partition(":")[2]
        texts += [client.get(f"/ti/{table_id}?k={t}").text for t in made["seats"]]
        texts += [client.get("/").text]
        assert all(key not in text for text in texts)
        assert not any("'hands'" in text or '"hands"' in text for text in texts)


def send_and_wait(player: Seat, index: int) -> None:
    """Choose action `index` and wait until its new state has reached this seat."""
    before = int(player.last["seq"])
    player.send(op="act", action=index)
    player.until(lambda f: f["seq"] > before)


def now(player: Seat, table: Any) -> dict[str, Any]:
    """The seat's view of the table as it is now (its last frame once up to date)."""
    if not player.last or player.last["seq"] != table.head:
        player.until(lambda f: f["seq"] == table.head)
    return player.last["view"]  # type: ignore[no-any-return]


def until_main_step(seats: list[Seat], table: Any, rng: random.Random) -> int:
    """Play random non-solve choices until a seat may propose an answer; that seat."""
    for _ in range(500):
        mover = table.state.current_seat()
        view = now(seats[mover], table)
        if any(a["kind"] == "solve" for a in view["legal"]):
            return int(mover)
        legal = [a for a in view["legal"] if a["kind"] != "solve"]
        send_and_wait(seats[mover], rng.choice(legal)["index"])
    raise AssertionError("no seat could propose an answer")


def act_kind(player: Seat, table: Any, kind: str, arg: int | None = None) -> None:
    view = now(player, table)
    found = next(a for a in view["legal"] if a["kind"] == kind
                 and (arg is None or a["arg"] == arg))
    send_and_wait(player, found["index"])


def test_a_solve_needs_every_vote(tmp_path: Path) -> None:
    """TI-54..TI-56, TI-A15, TI-A16: the active player proposes and enters one symbol
    per position (taking a slip back) and announces it; the other seat sees the
    proposal and votes. A no resumes play where it was, and uses nothing up (the
    proposer may ask again at once); all yes with the right answer wins."""
    rng = random.Random(11)
    with running(tmp_path) as client:
        made = create(client, seed=SEED)
        table_id = made["id"]
        with ExitStack() as stack:
            seats = [stack.enter_context(seat(client, table_id, t)) for t in made["seats"]]
            table = live(client, table_id)
            proposer = until_main_step(seats, table, rng)
            voter = 1 - proposer
            answer = list(table.game.setup.mission.answer)
            alphabet = list(table.game.setup.mission.alphabet)
            act_kind(seats[proposer], table, "solve")
            act_kind(seats[proposer], table, "symbol",
                     next(i for i, s in enumerate(alphabet) if s != answer[0]))
            act_kind(seats[proposer], table, "erase")
            for symbol in answer:
                act_kind(seats[proposer], table, "symbol", alphabet.index(symbol))
            act_kind(seats[proposer], table, "announce")
            vote = now(seats[voter], table)
            assert vote["pending"]["kind"] == "vote" and vote["pending"]["seat"] == voter
            assert vote["pending"]["answer"] == answer and vote["result"] is None
            act_kind(seats[voter], table, "no")
            after = now(seats[proposer], table)
            assert not after["over"] and after["proposals"] == 1
            assert any(a["kind"] == "solve" for a in after["legal"])  # TI-56, TI-A15
            act_kind(seats[proposer], table, "solve")
            for symbol in answer:
                act_kind(seats[proposer], table, "symbol", alphabet.index(symbol))
            act_kind(seats[proposer], table, "announce")
            act_kind(seats[1 - proposer], table, "yes")
            end = now(seats[0], table)
        assert end["over"] and end["result"]["won"] and end["result"]["reason"] == "solved"
        assert end["result"]["answer"] == answer == end["result"]["entered"]


def test_a_spectator_sees_no_hand_and_cannot_act(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create(client, seed=SEED)
        page = client.get(f"/ti/{made['id']}?k={made['spectator']}")
        assert page.status_code == 200 and "spectator" in page.text
        assert "Spectators see no hand" in page.text and 'data-action="' not in page.text


def test_the_guide_cites_the_rules_and_lists_every_flag(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        guide = client.get("/ti/how-to-play")
        assert guide.status_code == 200 and "How to play The Initiative" in guide.text
        for rule in ("TI-12", "TI-30", "TI-34", "TI-44", "TI-50", "TI-56", "TI-A16"):
            assert rule in guide.text
        rows = re.findall(r'<tr id="flag-([a-z_]+)">', guide.text)
        assert rows == list(TIRules.names())
        made = create(client, seed=SEED)
        for path in ("/ti/how-to-play", "/ti/new", f"/ti/{made['id']}?k={made['seats'][0]}"):
            page = client.get(path).text  # every page of the game is headed by its name
            assert '<a href="/">The Initiative</a>' in page
            assert 'class="guide-link" href="/ti/how-to-play"' in page


def test_solo_tables_have_one_seat_or_two_under_ti_a17(tmp_path: Path) -> None:
    """TI-1: one person, one seat (no vote, TI-56); TI-A17 `characters_per_solo_player:
    2`: one person runs two seats, each with its link."""
    with running(tmp_path) as client:
        solo = create(client, players=1, seed=SEED)
        assert len(solo["seats"]) == 1 and live(client, solo["id"]).game.num_seats == 1
        with seat(client, solo["id"], solo["seats"][0]) as ann:
            assert ann.until(deciding)["view"]["legal"]
        two = create(client, players=1, rule_characters_per_solo_player=2, seed=SEED)
        table = live(client, two["id"])
        assert len(two["seats"]) == 2 and table.game.num_seats == 2
        assert table.plan.players == 1


def test_bots_play_a_whole_game_on_the_server(tmp_path: Path) -> None:
    """No person at the table: the seats' bots (the game's heuristic bot, given the
    public setup only) play it to the end; the spectators see it without any hand."""
    with running(tmp_path) as client:
        made = create(client, seat0_controller="heuristic", seat1_controller="heuristic",
                      seed=SEED)
        assert made["seats"] == [None, None]
        with seat(client, made["id"], made["spectator"]) as watcher:
            last = watcher.until(lambda f: f["view"]["over"], timeout=120)
        view = last["view"]
        assert view["hand"] == [] and "hands" not in view and view["result"] is not None
        assert live(client, made["id"]).finished


def test_a_solo_player_with_two_characters_plays_both_from_one_link(tmp_path: Path) -> None:
    """TI-A17 `characters_per_solo_player: 2`: the form offers a second character, the
    created page gives one link, and that link's page follows whichever character
    decides (its view is that seat's own: never both hands at once)."""
    with running(tmp_path) as client:
        form = client.get("/ti/new").text
        assert 'data-solo-seats="1"' in form and 'id="solo-hint"' in form
        answer = client.post("/ti/new", data={
            "players": "1", "rule_characters_per_solo_player": "2", "seat0_name": "Ann",
            "seat1_name": "Ann's second", "seat0_character": "ada",
            "seat1_character": "pip", "seat1_controller": "random"},
            follow_redirects=False)
        assert answer.status_code == 303
        created = html.unescape(client.get(answer.headers["location"]).text)
        links = re.findall(r'href="(/t/[0-9a-f]{32}\?k=[^"]+)"', created)
        assert len(links) == 2  # the one seat link and the spectators'
        assert "played from the link above" in created
        table = live(client, links[0][3:35])
        assert [s.controller for s in table.plan.seats] == ["human", "solo"]
        assert [s.character for s in table.plan.seats] == ["ada", "pip"]
        assert table.data.seat_digests[1] == "" and all(table.data.claimed)
        token = links[0].split("k=")[1]
        deciders: set[int] = set()
        with seat(client, links[0][3:35], token) as solo:
            for _ in range(400):
                frame = solo.until(deciding)
                view = frame["view"]
                if view["over"]:
                    break
                state = table.state
                deciders.add(view["seat"])
                assert view["seat"] == state.current_seat()  # the page follows the decider
                assert view["hand"] == state.view(view["seat"]).to_dict()["hand"]
                assert "hands" not in view
                legal = [a for a in view["legal"] if a["kind"] != "solve"] or view["legal"]
                solo.send(op="act", action=legal[0]["index"])
                if deciders == {0, 1}:
                    break
        assert deciders == {0, 1}


def test_a_bot_playing_alone_with_two_characters_plays_both(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = client.post("/api/ti-tables", json={
            "players": 1, "rule_characters_per_solo_player": 2,
            "seat0_controller": "random", "seat1_controller": "human"}).json()
        table = live(client, made["id"])
        assert [s.controller for s in table.plan.seats] == ["random", "random"]
        assert made["seats"] == [None, None]
