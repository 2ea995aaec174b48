"""The web table over HTTP and WebSockets (server/app.py, ws.py, hub.py, render.py),
driven through Starlette's TestClient: the lobby, creating and claiming tables, tokens,
whole games between JSON clients, what every frame may hold (GUIDE 2: views are the
only door), restarts, stand-ins, undo, chat, rematches and bad requests.

Games are 1v1 duels (IB 8.2), seeded through `POST /api/tables`, their moves chosen by
a seeded random generator from the legal steps each frame lists.
"""

from __future__ import annotations

import html
import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from initiative.engine.contract import SPECTATOR
from initiative.games.ib.actions import ACTIONS, KEEP, PASS
from initiative.server import hub as hub_module
from initiative.server import lobby
from initiative.server.app import create_app
from initiative.server.hub import Options
from initiative.server.table import Table, TableData
from initiative.server.ws import MAX_MESSAGE
from tests.server.socket_seat import Frame, SocketSeat
from tests.server.support import DISJOINT_TEAM, content, duel, finished_actions

SEED = 11


# --- helpers ----------------------------------------------------------------------------


@contextmanager
def running(tmp_path: Path, away_after: float = 60.0, db: str = "t.db") -> Iterator[TestClient]:
    """The app over a SQLite file, its lifespan running (hub started) while in use."""
    app = create_app(url=f"sqlite:///{tmp_path / db}",
                     options=Options(away_after=away_after, bot_delay=0.0))
    with TestClient(app) as client:
        yield client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with running(tmp_path) as opened:
        yield opened


def create(client: TestClient, seed: int | None = SEED, **fields: Any) -> dict[str, Any]:
    """A 1v1 table through the JSON API: North (Tideguard) against South (Ashfall)."""
    body: dict[str, Any] = {"mode": "1v1", "seat0_name": "North", "seat0_team": "tideguard",
                            "seat1_name": "South", "seat1_team": "ashfall",
                            "seat0_controller": "open", "seat1_controller": "open", **fields}
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def live_table(client: TestClient, table_id: str) -> Table:
    """The table as the server holds it (read while the server is idle)."""
    return client.app.state.hub.runtimes[table_id].table  # type: ignore[attr-defined]


def stored_tables(client: TestClient) -> list[str]:
    """Every table's id in the store (`GET /api/tables` lists only the lobby's)."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    return [info.id for info in lobby.infos(store)]


def stored_events(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    return [event for _, event in store.events(table_id)]


class Seat(SocketSeat):
    """One WebSocket client: every frame it received, and (JSON) its log as a client
    keeps it: the first `log_from` entries it had, then the frame's entries."""

    def __init__(self, ws: Any) -> None:
        super().__init__(ws)
        self.log: list[Any] = []

    def keep(self, frame: Frame) -> None:
        if frame.get("type") == "state":
            self.log = self.log[:frame["log_from"]] + frame["view"]["log"]

    def until(self, done: Callable[[Frame], bool], timeout: float = 10.0) -> Frame:
        deadline = time.monotonic() + timeout
        while True:
            frame = self.recv(max(0.05, deadline - time.monotonic()))
            if done(frame):
                return frame

    def quiet(self, seconds: float) -> list[Frame]:
        """The frames that arrive within `seconds` (none expected, usually)."""
        got = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                got.append(self.recv(left))
            except TimeoutError:
                break
        return got

    def error(self, **message: Any) -> tuple[Frame, Frame]:
        """Send a request that must fail: its error frame and the fresh state after it."""
        self.send(**message)
        error = self.recv()
        assert error["type"] == "error", error
        after = self.recv()
        assert after["type"] in ("state", "render")
        return error, after


@contextmanager
def connect(client: TestClient, table_id: str, token: str | None,
            fmt: str = "json") -> Iterator[Seat]:
    with client.websocket_connect(f"/t/{table_id}/ws?k={token}&format={fmt}") as ws:
        yield Seat(ws)


def join(stack: ExitStack, client: TestClient, table_id: str, token: str | None,
         fmt: str = "json", present: tuple[Seat, ...] = (), claims: bool = True) -> Seat:
    """Connect and read exactly the frames the connect sends: a seat's first connect
    stores its claim (a frame to every client `present` and to it), then every connect
    gets the full state."""
    seat = stack.enter_context(connect(client, table_id, token, fmt))
    if claims:
        seq = seat.recv()["seq"]
        for other in present:
            assert other.recv()["seq"] == seq
    seat.recv()
    return seat


@contextmanager
def duel_seats(client: TestClient, table: dict[str, Any]) -> Iterator[tuple[Seat, Seat]]:
    """North then South connected by JSON (their claims at seqs 1 and 2)."""
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0])
        south = join(stack, client, table["id"], table["seats"][1], present=(north,))
        assert north.last["seq"] == south.last["seq"] == 2
        yield north, south


def act(seat: SocketSeat, index: int, others: tuple[SocketSeat, ...] = (), **extra: Any) -> int:
    """Play one action; every client gets exactly one frame with the new state."""
    seq = seat.last["seq"] + 1
    seat.send(op="act", actions=[index], **extra)
    for client_seat in (seat, *others):
        frame = client_seat.recv()
        assert frame["seq"] == seq, frame
        # Only the answer to a request echoes its id.
        assert frame["reply_to"] == (extra.get("id") if client_seat is seat else None)
    return seq


def play(seats: tuple[Seat, Seat], rng: random.Random, watchers: tuple[Seat, ...] = ()) -> int:
    """The deciding seat (as North's last frame says) plays a random legal action."""
    deciding = seats[0].last["view"]["deciding"]
    actor = seats[deciding]
    return act(actor, choose(actor.last, rng), (seats[1 - deciding], *watchers))


def choose(frame: Frame, rng: random.Random) -> int:
    return int(rng.choice(frame["legal"])["index"])


def problems(page: str) -> list[str]:
    """The problem lines of a create form's answer."""
    block = re.search(r'<div class="errors"[^>]*>(.*?)</div>', page, re.S)
    assert block, page
    return [html.unescape(p) for p in re.findall(r"<li>(.*?)</li>", block.group(1), re.S)]


def token_links(page: str) -> list[str]:
    return re.findall(r'href="(/t/[0-9a-f]+\?k=[A-Za-z0-9_-]+)"', page)


# --- lobby, creating and claiming -------------------------------------------------------


def test_lobby_lists_tables_with_an_open_human_seat_only(client: TestClient) -> None:
    open_table = create(client)
    full = create(client, seat1_controller="easy")
    bots_only = create(client, seat0_controller="easy", seat1_controller="easy")
    page = client.get("/").text
    assert f"/t/{open_table['id']}/claim/0" in page and f"/t/{open_table['id']}/claim/1" in page
    assert f"/t/{full['id']}/claim/0" in page
    assert f"/t/{full['id']}/claim/1" not in page  # a bot's seat is never offered
    assert bots_only["id"] not in page
    # Once its last human seat is taken (here: its player connects), it leaves the lobby.
    with ExitStack() as stack:
        join(stack, client, full["id"], full["seats"][0])
    page = client.get("/").text
    assert full["id"] not in page and f"/t/{open_table['id']}/claim/0" in page
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed.keys() == {open_table["id"]}  # what the lobby shows strangers (issue 25)
    assert listed[open_table["id"]]["seats"][1]["open"] is True
    text = json.dumps(listed)
    assert all(secret not in text for secret in (*open_table["seats"], open_table["spectator"]))


def test_the_lobby_fragment_lists_open_tables(client: TestClient) -> None:
    """GET /lobby/open is the lobby's list alone (htmx swaps it in every 5 s)."""
    assert "No table is waiting for players" in client.get("/lobby/open").text
    table = create(client, seat0_controller="human", seat1_controller="open")
    fragment = client.get("/lobby/open").text
    assert f"/t/{table['id']}/claim/1" in fragment and "<html" not in fragment
    assert 'hx-get="/lobby/open"' in client.get("/").text


def test_pages_forbid_referers_and_foreign_scripts(client: TestClient) -> None:
    """Seat links hold their secret: no page sends it on as a Referer, and no page may
    load a script from elsewhere (everything is served from the package)."""
    table = create(client)
    for path in ("/", "/new", f"/t/{table['id']}?k={table['seats'][0]}", "/static/table.js"):
        headers = client.get(path).headers
        assert headers["referrer-policy"] == "no-referrer", path
        assert "default-src 'self'" in headers["content-security-policy"], path
        assert headers["x-content-type-options"] == "nosniff", path


def test_invited_seats_are_not_offered_in_the_lobby(client: TestClient) -> None:
    """A seat created for a person with a secret link is taken from the start: nobody in
    the lobby can take it before the friend opens the link; an `open` seat is offered."""
    invited = create(client, seat0_controller="human", seat1_controller="human")
    mixed = create(client, seat0_controller="human", seat1_controller="open")
    page = client.get("/").text
    assert invited["id"] not in page
    assert f"/t/{mixed['id']}/claim/1" in page and f"/t/{mixed['id']}/claim/0" not in page
    assert client.post(f"/t/{invited['id']}/claim/0").status_code == 409


def test_create_form_lists_every_problem(client: TestClient) -> None:
    """IB 8.2 (formats), IB 2.2.1 (a Keystone per Character), IB 2.7.3 (copy limit),
    IB 2.7.4 (one copy of a Support): every problem at once, each naming its seat and rule,
    with status 400 and nothing created."""
    response = client.post("/new", data={"mode": "9v9"})
    assert response.status_code == 400
    assert [p for p in problems(response.text) if p.startswith("mode: unknown '9v9'")]

    response = client.post("/new", data={
        "mode": "1v1", "seat0_team": "no_such_team", "seat1_team": "ashfall",
        "seat1_controller": "wizard", "rules": "no_such_flag=1\nnot a rule", "undo": "maybe"})
    assert response.status_code == 400
    assert problems(response.text) == [
        "seat 1 team: unknown 'no_such_team'; choose a starter team or upload a team file",
        "seat 2 player: 'wizard' is neither a person (human, open) nor a bot "
        "(easy, normal, hard, expert)",
        "rules: 'not a rule' is not flag=value",
        "rules: unknown house-rule flag 'no_such_flag'",
        "undo: 'maybe' is not one of safe, off",
    ]

    broken = DISJOINT_TEAM.replace("{character: wren, keystone: tide_stone}",
                                   "{character: wren}").replace("uproot: 2", "uproot: 3")
    broken = broken.replace("lamplight_mender: 1", "lamplight_mender: 2")
    response = client.post("/new", data={"mode": "1v1", "seat1_team": "ashfall"},
                           files={"seat0_file": ("mine.yaml", broken.encode(), "text/yaml")})
    assert response.status_code == 400
    found = problems(response.text)
    assert len(found) >= 3 and all("(seat 1 team file): IB-2." in p for p in found), found
    assert [p for p in found if "IB-2.2.1 wren: has no Keystone; give each Character one" in p]
    assert [p for p in found if "IB-2.7.3 uproot: 3 copies" in p]
    assert [p for p in found if "IB-2.7.4 lamplight_mender: 2 copies" in p]
    assert client.get("/api/tables").json() == []


def test_create_form_makes_a_table_with_seat_links(client: TestClient) -> None:
    response = client.post("/new", data={
        "mode": "1v1", "name": "Friday duel", "seat0_name": "Ann", "seat0_team": "tideguard",
        "seat1_name": "Bo", "seat1_team": "ashfall", "seat1_controller": "easy"})
    assert [r.status_code for r in response.history] == [303]  # POST-redirect-GET
    assert response.status_code == 200
    links = token_links(response.text)
    assert len(links) == 2  # Ann's seat and the spectators' link; Bo is a bot
    assert "bot (easy)" in response.text
    ann = client.get(links[0])
    assert ann.status_code == 200 and "seat 1, Ann" in ann.text and "Friday duel" in ann.text
    watcher = client.get(links[1])
    assert watcher.status_code == 200 and "spectator" in watcher.text


def test_claim_from_the_lobby(client: TestClient) -> None:
    table = create(client)
    response = client.post(f"/t/{table['id']}/claim/1", follow_redirects=False)
    assert response.status_code == 303
    link = response.headers["location"]
    assert link.startswith(f"/t/{table['id']}?k=")
    page = client.get(link)
    assert page.status_code == 200 and "seat 2, South" in page.text
    again = client.post(f"/t/{table['id']}/claim/1", follow_redirects=False)
    assert again.status_code == 409 and "seat 2 is taken" in again.text
    # The link handed out when the table was created no longer opens the seat.
    assert client.get(f"/t/{table['id']}?k={table['seats'][1]}").status_code == 403
    with ExitStack() as stack:
        south = join(stack, client, table["id"], link.split("k=")[1], claims=False)
        assert south.last["seat"] == 1 and south.last["seq"] == 1
    for bad in ("7", "-1"):
        assert client.post(f"/t/{table['id']}/claim/{bad}").status_code == 409
    assert client.post(f"/t/{table['id']}/claim/x").status_code == 400
    assert client.post("/t/ffffffff/claim/0").status_code == 404


def test_wrong_token_is_refused(client: TestClient) -> None:
    a, b = create(client), create(client)
    for token in ("nope", b["seats"][0], b["spectator"], ""):
        page = client.get(f"/t/{a['id']}?k={token}")
        assert page.status_code == 403 and "does not open a seat" in page.text
        with connect(client, a["id"], token) as seat, \
                pytest.raises(WebSocketDisconnect) as closed:
            seat.recv()
        assert closed.value.code == 4403
    with connect(client, "0123456789abcdef", a["seats"][0]) as seat, \
            pytest.raises(WebSocketDisconnect) as closed:
        seat.recv()
    assert closed.value.code == 4404
    assert client.get(f"/t/nothere?k={a['seats'][0]}").status_code == 404
    assert stored_events(client, a["id"]) == []  # nothing was claimed
    with ExitStack() as stack:  # table A's own token opens A
        assert join(stack, client, a["id"], a["seats"][1]).last["seat"] == 1


def test_api_validation(client: TestClient) -> None:
    for body, message in [("[1]", "JSON object"), ("{", "must be JSON"),
                          ('{"seed": -1}', "seed"), ('{"seed": true}', "seed"),
                          ('{"prefix": [true]}', "prefix"), ('{"prefix": "1"}', "prefix")]:
        response = client.post("/api/tables", content=body,
                               headers={"content-type": "application/json"})
        assert response.status_code == 400 and message in response.json()["error"]
    response = client.post("/api/tables", json={"mode": "1v1", "seat0_team": "tideguard",
                                                "seat1_team": "ashfall", "prefix": [9999]})
    assert response.status_code == 400
    assert response.json()["error"].startswith("prefix action 1: unknown action number")
    response = client.post("/api/tables", json={"mode": "2v2", **{
        f"seat{i}_team": "nope" for i in range(4)}})
    assert response.status_code == 400 and len(response.json()["problems"]) == 4


# --- spectators and hidden information --------------------------------------------------


def test_spectator_sees_no_hand_and_cannot_act(client: TestClient) -> None:
    table = create(client)
    with ExitStack() as stack:
        watcher = join(stack, client, table["id"], table["spectator"], claims=False)
        frame = watcher.last
        assert frame["seat"] == SPECTATOR and frame["legal"] == [] and frame["seq"] == 0
        assert frame["view"]["hands"] == [None, None]
        assert frame["view"]["decklists"] == [None, None]
        assert frame["view"]["hand_sizes"] == [5, 5]
        for message in ({"op": "act", "actions": [KEEP.index]}, {"op": "step", "action": 0},
                        {"op": "chat", "text": "hi"}, {"op": "undo"}, {"op": "rematch"},
                        {"op": "confirm"}):
            error, after = watcher.error(**message)
            assert "spectators can only watch" in error["message"]
            assert after["seq"] == 0
        watcher.send(op="sync")
        assert watcher.recv()["view"] == frame["view"]
    assert stored_events(client, table["id"]) == []


def check_seat_0_frame(frame: Frame, table: Table) -> None:
    """A JSON frame to North holds North's view and nothing else (GUIDE 2): South's
    hand and decklist as nothing, decks as counts, never any deck order."""
    view = frame["view"]
    assert frame["seat"] == 0 and view["seat"] == 0
    assert view["hands"][1] is None and view["hands"][0] is not None
    assert view["decklists"][1] is None  # open_decklists is off by default
    expected = table.view(0).to_dict()
    expected["log"] = expected["log"][frame["log_from"]:]
    assert view == expected
    names = [content().cards[c].name for c in table.state.decks[1]]
    text = json.dumps(frame)
    if len(names) >= 4:
        assert json.dumps(names[-4:])[1:-1] not in text  # South's next draws, in order
        assert json.dumps(names[:4])[1:-1] not in text


def test_whole_game_between_two_json_clients(client: TestClient) -> None:
    """Two API clients play a seeded game to its end (IB 3.6: until one side is
    eliminated); every frame to North is North's view only, and each client's log,
    kept as the protocol says, is its seat's log."""
    table = create(client)
    with duel_seats(client, table) as (north, south):
        live = live_table(client, table["id"])
        rng = random.Random(3)
        moves = 0
        while not north.last["finished"]:
            check_seat_0_frame(north.last, live)
            deciding = north.last["view"]["deciding"]
            assert south.last["view"]["deciding"] == deciding
            actor = (north, south)[deciding]
            act(actor, choose(actor.last, rng), ((north, south)[1 - deciding],), id=moves)
            assert actor.last["reply_to"] == moves
            moves += 1
        check_seat_0_frame(north.last, live)
        assert south.last["finished"] and north.last["view"]["result"] is not None
        assert moves > 40 and live.finished
        assert north.log == live.view(0).to_dict()["log"]
        assert south.log == live.view(1).to_dict()["log"]
        error, _ = north.error(op="act", actions=[PASS.index])
        assert error["message"] == "the game is over"
    events = stored_events(client, table["id"])
    assert [e["type"] for e in events] == ["claim", "claim"] + ["act"] * moves
    assert all(e["by"] == "player" for e in events[2:])
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[table["id"]]["status"] == "finished" and listed[table["id"]]["finished"]


def _public_names(table: Table) -> set[str]:
    """Card names anyone may know now: the public log (the spectators' view; discards
    are public by default) and every card face up in play."""
    view = table.state.view(SPECTATOR)
    text = " ".join(view.sentences(table.game.match))
    cards = content().cards
    names = {cards[c].name for pile in view.discards if pile for c in pile}
    names |= {cards[c].name for u in view.units for c, _ in u.sigils}
    names |= {cards[u.card].name for u in view.units if u.is_support and u.on_track}
    return names | {card.name for card in cards if card.name in text}


def shown(frame: Frame) -> str:
    """Everything an HTML frame shows or carries, as text (entities decoded)."""
    return html.unescape(json.dumps(frame, ensure_ascii=False) + "\n"
                         + "\n".join(frame["regions"].values()))


def test_html_frames_never_show_the_other_hand(client: TestClient) -> None:
    """North (an uploaded team whose deck shares no card name with Ashfall's) plays a
    seeded game with its page open: no HTML frame to North names a card that is at that
    moment only in South's hand, unless that name is public (discarded, in play, in the
    log). North's own hand is named, so the check does see card names."""
    table = create(client, seat0_upload=DISJOINT_TEAM)
    with ExitStack() as stack:
        page = join(stack, client, table["id"], table["seats"][0], "html")
        north = join(stack, client, table["id"], table["seats"][0], claims=False)
        south = join(stack, client, table["id"], table["seats"][1], present=(page, north))
        live = live_table(client, table["id"])
        north_only, south_only = (
            {content().cards[c].name for c in live.game.match.decklists[s]} for s in (0, 1))
        assert north_only and south_only and not north_only & south_only
        rng = random.Random(8)
        checked = own_seen = 0
        while not north.last["finished"] and checked < 100:
            frame = page.last
            assert frame["seq"] == north.last["seq"]
            text = shown(frame)
            hidden = {content().cards[c].name for c in live.state.hands[1]} \
                - _public_names(live)
            assert hidden <= south_only
            leaked = {name for name in hidden if name in text}
            assert not leaked, f"seq {frame['seq']}: {leaked} shown to North"
            own = {content().cards[c].name for c in live.state.hands[0]}
            own_seen += bool(own) and all(name in text for name in own)
            checked += bool(hidden)
            play((north, south), rng, (page,))
        assert checked >= 30 and own_seen >= checked // 2


def test_spectator_html_frames_never_show_a_hand(client: TestClient) -> None:
    table = create(client, seat0_upload=DISJOINT_TEAM)
    with ExitStack() as stack:
        watcher = join(stack, client, table["id"], table["spectator"], "html", claims=False)
        north = join(stack, client, table["id"], table["seats"][0], present=(watcher,))
        south = join(stack, client, table["id"], table["seats"][1], present=(watcher, north))
        live = live_table(client, table["id"])
        rng = random.Random(4)
        for _ in range(40):
            text = shown(watcher.last)
            assert "Spectators see no hand" in text
            for seat in (0, 1):
                hidden = {content().cards[c].name for c in live.state.hands[seat]} \
                    - _public_names(live)
                assert not {name for name in hidden if name in text}
            if north.last["finished"]:
                break
            play((north, south), rng, (watcher,))


# --- play over the socket ---------------------------------------------------------------


def test_illegal_act_is_an_error_and_changes_nothing(client: TestClient) -> None:
    table = create(client)
    with duel_seats(client, table) as (north, south):
        frame = north.last
        assert frame["view"]["deciding"] == 0
        assert PASS.index not in {e["index"] for e in frame["legal"]}  # IB 2.8.2: keep?
        error, after = north.error(op="act", actions=[PASS.index], id="x1")
        assert error["reply_to"] == "x1" and "is not a legal choice now" in error["message"]
        assert after["seq"] == frame["seq"] and after["view"] == {**frame["view"], "log": []}
        error, after = south.error(op="act", actions=[KEEP.index])
        assert "not your decision now (waiting for North)" in error["message"]
        assert after["seq"] == frame["seq"]
        error, after = north.error(op="act", actions=[KEEP.index, KEEP.index])
        assert error["message"].startswith("step 2:") and after["seq"] == frame["seq"]
        error, after = north.error(op="step", action=PASS.index)
        assert "not available now" in error["message"]
        error, after = south.error(op="step", action=KEEP.index)
        assert "not your decision" in error["message"]
    assert [e["type"] for e in stored_events(client, table["id"])] == ["claim", "claim"]


@pytest.mark.parametrize("raw, message", [
    ("not json", "must be a JSON object"),
    ("[1, 2]", "must be a JSON object"),
    ('"act"', "must be a JSON object"),
    ('{"op": "fly"}', "unknown op 'fly'"),
    ("{}", "unknown op None"),
    ('{"op": "act", "seq": 1, "actions": "1"}', "must be a list"),
    ('{"op": "act", "seq": 1}', "must be a list"),
    ('{"op": "act", "seq": 1, "actions": [1.5]}', "whole number"),
    ('{"op": "act", "seq": 1, "actions": ["0"]}', "whole number"),
    ('{"op": "act", "seq": 1, "actions": [true]}', "whole number"),
    ('{"op": "act", "seq": 1, "actions": []}', "a turn is 1 to 16 steps"),
    ('{"op": "act", "seq": 1, "actions": [99999]}', "unknown action number"),
    ('{"op": "act", "seq": 1, "actions": [-1]}', "unknown action number"),
    ('{"op": "step", "seq": 1, "action": "0"}', "whole number"),
    ('{"op": "step", "seq": 1, "action": 1e3}', "whole number"),
    ('{"op": "step", "seq": 1}', "whole number"),
    ('{"op": "act", "actions": [0]}', "needs 'seq'"),
    ('{"op": "undo", "seq": null}', "needs 'seq'"),
    ('{"op": "act", "actions": [0], "seq": "1"}', "'seq' must be the whole number"),
    ('{"op": "act", "actions": [0], "seq": 9}', "ahead of this table"),
    ('{"op": "chat", "text": 5}', "must be text"),
    ('{"op": "chat", "text": "  "}', "empty"),
    ('{"op": "chat", "text": "' + "x" * 501 + '"}', "at most 500"),
    ('{"op": "confirm", "seq": 1}', "choose an action first"),
    ('{"op": "undo", "seq": 1}', "nothing to take back"),
    ('{"op": "rematch"}', "when the game is over"),
    ('{"pad": "' + "x" * MAX_MESSAGE + '"}', f"at most {MAX_MESSAGE} characters"),
])
def test_bad_requests_get_clear_errors(client: TestClient, raw: str, message: str) -> None:
    table = create(client)
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0])
        frame = north.last
        north.ws.send_text(raw)
        error = north.recv()
        assert error["type"] == "error" and message in error["message"], error
        after = north.recv()
        assert after["type"] == "state" and after["seq"] == frame["seq"] == 1
        assert after["view"] == {**frame["view"], "log": []}  # nothing new
        north.send(op="sync")  # the socket still works, and sends the whole log again
        assert north.recv()["view"] == {**frame["view"], "log": north.log}
    assert len(stored_events(client, table["id"])) == 1  # only the claim


def test_steps_back_cancel_and_confirm_over_the_socket(client: TestClient) -> None:
    """The draft ops (issue 7): nothing is stored before the confirm, the same seat open
    twice sees its draft in both, and the confirm stores the turn (IB 2.8.2: keep)."""
    table = create(client)
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0])
        page = join(stack, client, table["id"], table["seats"][0], "html", claims=False)

        def send(**message: Any) -> str:
            north.send(**message)
            assert north.recv()["seq"] == 1
            return str(page.recv()["regions"]["actions"])

        assert 'data-op="confirm"' in send(op="step", action=KEEP.index)
        assert 'data-op="confirm"' not in send(op="back")
        assert 'data-op="confirm"' in send(op="step", action=KEEP.index)
        assert 'data-op="confirm"' not in send(op="cancel")
        error, _ = north.error(op="confirm")
        assert "choose an action first" in error["message"]
        send(op="step", action=KEEP.index)
        north.send(op="confirm", id=5)
        frame = north.recv()
        assert frame["seq"] == 2 and frame["reply_to"] == 5
        assert frame["view"]["deciding"] == 1 and frame["can_undo"] is True
        assert page.recv()["seq"] == 2
    assert stored_events(client, table["id"])[-1]["actions"] == [KEEP.index]


def test_undo_over_the_socket(client: TestClient) -> None:
    """Table rule undo=safe: South's pass (IB 4.9) revealed nothing and is taken back;
    both seats get the earlier state back, and each JSON client's log, kept as the
    protocol says (`log_from`), drops the events that were undone."""
    table = create(client)
    with duel_seats(client, table) as (north, south):
        act(north, KEEP.index, (south,))
        act(south, KEEP.index, (north,))
        assert south.last["can_undo"] is False  # South's keep revealed North's answer
        before = [(seat.last["view"], list(seat.log)) for seat in (north, south)]
        seq = act(south, PASS.index, (north,))
        assert south.last["can_undo"] is True and north.last["can_undo"] is False
        assert len(north.log) > len(before[0][1])
        error, _ = north.error(op="undo")
        assert "nothing to take back" in error["message"]
        south.send(op="undo", id="u")
        assert south.recv()["seq"] == north.recv()["seq"] == seq + 1
        assert south.last["reply_to"] == "u"
        for seat, (view, log) in zip((north, south), before, strict=True):
            assert seat.log == log
            seat.send(op="sync")
            full = seat.recv()
            assert full["view"] == {**view, "log": log} and full["log_from"] == 0
        # Play on: the logs stay in step with the seats' views.
        act(south, PASS.index, (north,))
        act(north, PASS.index, (south,))
        live = live_table(client, table["id"])
        assert north.log == live.view(0).to_dict()["log"]
        assert south.log == live.view(1).to_dict()["log"]
        error, _ = south.error(op="undo")  # North acted since
        assert "someone acted since" in error["message"]
    events = stored_events(client, table["id"])
    assert [e["type"] for e in events][-4:] == ["act", "undo", "act", "act"]


def test_chat_reaches_the_other_seat_and_spectators(client: TestClient) -> None:
    table = create(client)
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0])
        south = join(stack, client, table["id"], table["seats"][1], "html", present=(north,))
        watcher = join(stack, client, table["id"], table["spectator"], "html", claims=False)
        north.send(op="chat", text="  <b>good luck</b>\x07 ")
        for seat in (north, south, watcher):
            assert seat.recv()["seq"] == 3
        for seat in (south, watcher):
            assert "<strong>North:</strong> &lt;b&gt;good luck&lt;/b&gt;" in \
                seat.last["regions"]["chat"]
        south.send(op="chat", text="thanks")
        for seat in (north, south, watcher):
            assert seat.recv()["seq"] == 4
    assert stored_events(client, table["id"])[-2:] == [
        {"type": "chat", "seat": 0, "text": "<b>good luck</b>"},
        {"type": "chat", "seat": 1, "text": "thanks"}]
    assert [c["text"] for c in live_table(client, table["id"]).data.chat] == [
        "<b>good luck</b>", "thanks"]


# --- restarts, stand-ins, bots and rematches --------------------------------------------


def test_restart_keeps_every_table(tmp_path: Path) -> None:
    """Stopping the server loses nothing: a new app on the same database serves the
    same state (seq, view, legal steps) to the same links."""
    with running(tmp_path) as first:
        table = create(first)
        with duel_seats(first, table) as (north, south):
            rng = random.Random(5)
            for _ in range(12):
                play((north, south), rng)
            north.send(op="chat", text="brb")
            assert north.recv()["seq"] == south.recv()["seq"] == 15
            north.send(op="sync")
            before = north.recv()
        page_before = first.get(f"/t/{table['id']}?k={table['seats'][1]}").text
    with running(tmp_path) as second:
        assert not second.app.state.hub.runtimes  # type: ignore[attr-defined]
        with ExitStack() as stack:
            north = join(stack, second, table["id"], table["seats"][0], claims=False)
            assert north.last == {**before, "reply_to": None}
        assert second.get(f"/t/{table['id']}?k={table['seats'][1]}").text == page_before
        assert stored_tables(second) == [table["id"]]


def test_a_stale_server_refuses_and_catches_up_every_client(tmp_path: Path) -> None:
    """Two apps over one database (two server processes whose notification was lost):
    a move sent to the one that missed an event is refused (the store takes one event
    per seq), and every client of that app, not only the one that asked, gets the state
    it caught up to."""
    with running(tmp_path) as a, running(tmp_path) as b:
        table = create(a)
        with ExitStack() as stack:
            north_a = join(stack, a, table["id"], table["seats"][0])
            watcher_a = join(stack, a, table["id"], table["spectator"], claims=False)
            join(stack, b, table["id"], table["seats"][1])  # stored by B: A misses it
            assert live_table(a, table["id"]).head == 1
            north_a.send(op="act", actions=[KEEP.index], id=1)
            assert watcher_a.recv()["seq"] == 2
            frames = [north_a.recv() for _ in range(3)]
            assert [(f["type"], f["seq"] if f["type"] != "error" else f["reply_to"])
                    for f in frames] == [("state", 2), ("error", 1), ("state", 2)]
            assert "changed meanwhile" in frames[1]["message"]
            assert frames[2]["view"]["deciding"] == 0 and frames[2]["reply_to"] == 1
        events = stored_events(a, table["id"])
        assert [(e["type"], e["seat"]) for e in events] == [("claim", 0), ("claim", 1)]


def test_stand_in_plays_for_an_absent_player_and_hands_back(tmp_path: Path) -> None:
    """A bot stands in for a player gone longer than `away_after` (stored as "stand-in")
    and hands the seat back the moment the player reconnects."""
    with running(tmp_path, away_after=0.3) as client:
        table = create(client)
        with ExitStack() as stack:
            north = join(stack, client, table["id"], table["seats"][0])
            with ExitStack() as south_stack:
                south = join(south_stack, client, table["id"], table["seats"][1],
                             present=(north,))
                act(north, KEEP.index, (south,))
                assert north.last["view"]["deciding"] == 1
            gone = time.monotonic()
            # South left while deciding: after 0.3 s its stand-in plays on.
            frame = north.until(lambda f: f["seq"] > 3 and f["view"]["deciding"] == 0)
            assert time.monotonic() - gone >= 0.3
            stand_in = [e for e in stored_events(client, table["id"])
                        if e.get("by") == "stand-in"]
            assert stand_in and all(e["seat"] == 1 and not e["undoable"] for e in stand_in)
            assert len(stored_events(client, table["id"])) == frame["seq"]
            south = join(stack, client, table["id"], table["seats"][1], claims=False)
            assert south.last["seq"] == frame["seq"]
            rng = random.Random(2)
            # North plays until South must decide; South then thinks for a while.
            while north.last["view"]["deciding"] != 1:
                act(north, choose(north.last, rng), (south,))
            waiting = north.last["seq"]
            assert north.quiet(1.0) == [] and south.quiet(0.05) == []
            assert len(stored_events(client, table["id"])) == waiting
            act(south, choose(south.last, rng), (north,))
            assert stored_events(client, table["id"])[-1]["by"] == "player"


def test_a_returning_player_overrides_a_thinking_stand_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player comes back while the stand-in is still choosing: the stand-in's choice
    is dropped and the seat waits for its player."""
    thinking, release = threading.Event(), threading.Event()
    make_bot = hub_module.make_bot

    class SlowBot:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, view: Any) -> Any:
            thinking.set()
            release.wait(10)
            return self.bot.choose(view)

    monkeypatch.setattr(hub_module, "make_bot", lambda *args: SlowBot(make_bot(*args)))
    try:
        with running(tmp_path, away_after=0.2) as client:
            table = create(client)
            with ExitStack() as stack:
                north = join(stack, client, table["id"], table["seats"][0])
                with ExitStack() as south_stack:
                    south = join(south_stack, client, table["id"], table["seats"][1],
                                 present=(north,))
                    act(north, KEEP.index, (south,))
                assert thinking.wait(10)  # South is away and its stand-in is choosing
                south = join(stack, client, table["id"], table["seats"][1], claims=False)
                release.set()
                assert north.quiet(0.5) == [] and south.quiet(0.05) == []
                assert len(stored_events(client, table["id"])) == 3
                act(south, choose(south.last, random.Random(1)), (north,))
            assert [e["by"] for e in stored_events(client, table["id"])[2:]] == [
                "player", "player"]
    finally:
        release.set()


def test_bot_seat_plays_its_turns(client: TestClient) -> None:
    """A seat played by a bot acts as soon as it decides ("bot" in the stored event)."""
    table = create(client, seat1_controller="easy")
    assert table["seats"][1] is None
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0])
        north.send(op="act", actions=[KEEP.index])
        frame = north.until(lambda f: f["seq"] >= 3 and f["view"]["deciding"] == 0)
        assert frame["legal"]
    events = stored_events(client, table["id"])
    assert events[1]["by"] == "player" and events[2]["by"] == "bot"
    assert events[2]["seat"] == 1


def finished_prefix(seed: int, tmp_path: Path) -> list[int]:
    """A seeded game's actions up to (not including) its last one."""
    return finished_actions(seed, tmp_path)[:-1]


def test_rematch_after_a_finished_game(client: TestClient, tmp_path: Path) -> None:
    """After the game (IB 3.6: one side eliminated) either seat may start a rematch: a
    new table with the same seats, opened by the same links; the old table's page links
    to it; only one rematch is started."""
    prefix = finished_prefix(SEED, tmp_path)
    table = create(client, prefix=prefix)
    tokens = table["seats"]
    with duel_seats(client, table) as seats:
        north, south = seats
        deciding = north.last["view"]["deciding"]
        error, _ = seats[deciding].error(op="rematch")
        assert "when the game is over" in error["message"]
        ending = [e["index"] for e in seats[deciding].last["legal"]
                  if _ends(prefix, e["index"])]
        seq = act(seats[deciding], ending[0], (seats[1 - deciding],))
        assert north.last["finished"] and north.last["rematch"] is None
        south.send(op="rematch")
        new_id = south.recv()["rematch"]
        assert north.recv()["rematch"] == new_id and new_id != table["id"]
        assert north.last["seq"] == seq + 1
        error, _ = north.error(op="rematch")
        assert "already been started" in error["message"]
    old_page = client.get(f"/t/{table['id']}?k={tokens[0]}").text
    assert f'href="/t/{new_id}?k={tokens[0]}"' in old_page
    for seat_index, token in enumerate(tokens):
        page = client.get(f"/t/{new_id}?k={token}")
        assert page.status_code == 200
        assert f"seat {seat_index + 1}, {('North', 'South')[seat_index]}" in page.text
    assert client.get(f"/t/{new_id}?k={table['spectator']}").status_code == 200
    with ExitStack() as stack:
        south = join(stack, client, new_id, tokens[1], claims=False)
        frame = south.last
        assert frame["seat"] == 1 and frame["seq"] == 0 and not frame["finished"]
        assert frame["view"]["round"] == 1 and len(frame["view"]["hands"][1]) == 5
    new_table = live_table(client, new_id)
    assert new_table.data.series == table["id"] and new_table.data.claimed == [True, True]
    assert client.get(f"/t/{table['id']}/replay?k={tokens[0]}&step=5").status_code == 200
    assert client.get(f"/t/{new_id}/replay?k={tokens[0]}").status_code == 409


def test_both_seats_asking_for_a_rematch_at_once_get_one(client: TestClient,
                                                        tmp_path: Path) -> None:
    """Both players press Rematch together: one rematch table is made and linked, the
    other request is refused, and both seats end up pointing at the same new table."""
    prefix = finished_prefix(SEED, tmp_path)
    table = create(client, prefix=prefix)
    with duel_seats(client, table) as seats:
        deciding = seats[0].last["view"]["deciding"]
        ending = [e["index"] for e in seats[deciding].last["legal"]
                  if _ends(prefix, e["index"])]
        act(seats[deciding], ending[0], (seats[1 - deciding],))
        for n, seat in enumerate(seats):
            seat.send(op="rematch", id=n)
        errors = []
        for n, seat in enumerate(seats):
            answered = linked = False
            while not (answered and linked):  # its answer, and the rematch's frame
                frame = seat.recv()
                if frame["type"] == "error":
                    errors.append(frame)
                    continue
                answered = answered or frame["reply_to"] == n
                linked = linked or frame["rematch"] is not None
        assert len(errors) == 1 and "already been started" in errors[0]["message"]
        assert seats[0].last["rematch"] == seats[1].last["rematch"] is not None
    events = stored_events(client, table["id"])
    assert [e["type"] for e in events].count("rematch") == 1
    assert events[-1]["table"] == seats[0].last["rematch"]
    assert sorted(stored_tables(client)) == sorted([table["id"], events[-1]["table"]])


def _ends(prefix: list[int], index: int) -> bool:
    """Whether action `index` after `prefix` ends the game."""
    table = Table("", TableData("initiative_break", duel().to_dict(), SEED, ["", ""],
                                [False, False], "", actions=[*prefix]))
    table.apply(table.check_act(table.state.current_seat(), [ACTIONS[index]]))
    return table.finished


def test_html_page_and_frames_for_a_seat(client: TestClient) -> None:
    """The table page and the HTML frames hold the six regions; North's own hand is
    named on its page; it is North's turn to keep or mulligan (IB 2.8.2)."""
    table = create(client)
    page = client.get(f"/t/{table['id']}?k={table['seats'][0]}")
    assert page.status_code == 200
    for region in ("status", "track", "actions", "hand", "log", "chat"):
        assert f'id="{region}"' in page.text
    live = live_table(client, table["id"])
    own = {content().cards[c].name for c in live.state.hands[0]}
    assert own and all(name in html.unescape(page.text) for name in own)
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0], "html")
        frame = north.last
        assert set(frame["regions"]) == {"status", "track", "actions", "hand", "log", "chat",
                                             "details", "hint", "table-controls"}
        assert frame["regions"]["hint"] == "", "a table made from the form has no hints"
        assert frame["your_turn"] is True and frame["announce"].startswith("Your turn.")


def test_a_table_answers_to_its_full_id_only(client: TestClient) -> None:
    """The store also resolves id prefixes; the web table does not, so one table has one
    address and one live copy in the server."""
    table = create(client)
    token = table["seats"][0]
    assert client.get(f"/t/{table['id']}?k={token}").status_code == 200
    assert client.get(f"/t/{table['id'][:8]}?k={token}").status_code == 404
    assert client.get(f"/t/{table['id'].upper()}?k={token}").status_code == 404


def test_the_collector_runs_its_young_pass_less_often_while_serving(tmp_path: Path) -> None:
    """Each frame's many small dicts and lists would set a young pass off at Python's
    default; the server raises it while it runs and puts it back when it stops."""
    import gc

    from initiative.server.app import YOUNG_OBJECTS

    before = gc.get_threshold()
    with running(tmp_path):
        assert gc.get_threshold() == (YOUNG_OBJECTS, *before[1:])
    assert gc.get_threshold() == before
