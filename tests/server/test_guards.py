"""The web table against hostile clients (issue 16, item 6; docs/web.md, "Threat model"):
deeply nested JSON and YAML, binary frames, other sites' requests, oversized bodies and
floods of frames or chat lines all get a clear 4xx or error frame; the socket stays
usable and nothing is stored. Rates run on a clock the tests move by hand."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from initiative.engine.data_text import MAX_DEPTH
from initiative.server import rates
from initiative.server.app import create_app
from initiative.server.guards import MAX_BODY, WS_REFUSED
from initiative.server.hub import Options
from tests.server.test_app import Seat, create, join, running, stored_events

OWN = "http://testserver"
EVIL = "https://evil.example"
NESTED = "[" * 3000 + "]" * 3000


class Clock:
    """The rate buckets' time, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(rates, "clock", fake)
    return fake


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with running(tmp_path) as opened:
        yield opened


def body(**fields: str) -> dict[str, str]:
    return {"mode": "1v1", "seat0_team": "tideguard", "seat1_team": "ashfall", **fields}


# --- hostile input ---------------------------------------------------------------------


@pytest.mark.parametrize("raw", [NESTED, '{"mode": ' + "[" * 40 + "]" * 40 + "}",
                                 b"\xff\xfe not utf-8"])
def test_a_nested_or_broken_api_body_is_a_400(client: TestClient, raw: str | bytes) -> None:
    response = client.post("/api/tables", content=raw,
                           headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"].startswith("the body must be JSON")
    if raw != b"\xff\xfe not utf-8":
        assert f"nested deeper than {MAX_DEPTH} levels" in response.json()["error"]


def test_a_nested_team_upload_is_a_400_naming_the_file(client: TestClient) -> None:
    for text in ("name: " + "[" * 5000, "a: &a [1, *a]"):
        response = client.post("/new", data={"mode": "1v1", "seat1_team": "ashfall"},
                               files={"seat0_file": ("mine.yaml", text.encode(), "text/yaml")})
        assert response.status_code == 400
        assert "seat 1 team file: not valid YAML" in response.text
    assert client.get("/api/tables").json() == []


@pytest.mark.parametrize("frame", [
    "[" * 2000 + "]" * 2000, '{"op": "act", "actions": ' + "[" * 50 + "]" * 50 + "}",
    b"\x00binary", b'{"op": "sync"}'])
def test_nested_and_binary_frames_get_an_error_and_sync_still_works(
        client: TestClient, frame: str | bytes) -> None:
    table = create(client)
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0])
        if isinstance(frame, bytes):
            north.ws.send_bytes(frame)
        else:
            north.ws.send_text(frame)
        error = north.recv()
        assert error["type"] == "error"
        assert ("not binary" in error["message"] if isinstance(frame, bytes)
                else f"nested deeper than {MAX_DEPTH} levels" in error["message"]), error
        assert north.recv()["type"] == "state"
        north.send(op="sync", id=7)
        synced = north.recv()
        assert synced["type"] == "state" and synced["reply_to"] == 7
    assert len(stored_events(client, table["id"])) == 1  # only the claim


# --- other sites ---------------------------------------------------------------------------


def test_other_sites_cannot_post_or_open_sockets(client: TestClient) -> None:
    assert client.post("/api/tables", json=body(), headers={"origin": EVIL}).status_code == 403
    for headers in ({"origin": "null"}, {"origin": "null", "sec-fetch-site": "cross-site"},
                    {"origin": EVIL, "sec-fetch-site": "same-site"}):
        assert client.post("/api/tables", json=body(), headers=headers).status_code == 403
    assert client.post("/new", data=body(), headers={"origin": EVIL}).status_code == 403
    assert client.post("/trackers/new", data={}, headers={"origin": EVIL}).status_code == 403
    table = create(client)
    claim = client.post(f"/t/{table['id']}/claim/0", headers={"origin": EVIL})
    assert claim.status_code == 403
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
            f"/t/{table['id']}/ws?k={table['seats'][0]}&format=json",
            headers={"origin": EVIL}):
        pass
    assert refused.value.code == WS_REFUSED
    assert stored_events(client, table["id"]) == []  # the socket never claimed the seat
    assert client.get("/", headers={"origin": EVIL}).status_code == 200  # pages: reading
    assert len(client.get("/api/tables").json()) == 1


def test_the_own_origin_and_no_origin_are_accepted(client: TestClient) -> None:
    same = {"origin": "null", "sec-fetch-site": "same-origin"}  # a form under no-referrer
    for headers in ({"origin": OWN}, {"origin": "http://TestServer:80"}, same, {}):
        assert client.post("/api/tables", json=body(), headers=headers).status_code == 201
    table = create(client)
    with client.websocket_connect(f"/t/{table['id']}/ws?k={table['seats'][0]}&format=json",
                                  headers={"origin": OWN}) as ws:
        assert Seat(ws).recv()["type"] == "state"


def test_a_configured_origin_is_accepted_behind_a_proxy(tmp_path: Path) -> None:
    app = create_app(url=f"sqlite:///{tmp_path / 't.db'}", options=Options(bot_delay=0.0),
                     origins=["https://games.example.org"])
    with TestClient(app) as proxied:
        ok = proxied.post("/api/tables", json=body(),
                          headers={"origin": "https://games.example.org"})
        assert ok.status_code == 201
        assert proxied.post("/api/tables", json=body(),
                            headers={"origin": "http://games.example.org"}).status_code == 403
    with pytest.raises(ValueError, match="not an http"):
        create_app(url=f"sqlite:///{tmp_path / 'u.db'}", origins=["games.example.org"])


# --- floods ----------------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    declared = client.post("/api/tables", content=b"{}",
                           headers={"content-length": str(50 * 1024 * 1024),
                                    "content-type": "application/json"})
    assert declared.status_code == 413  # from the header alone: 2 bytes were sent

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams in
        for _ in range(MAX_BODY // 1024 + 2):
            yield b" " * 1024

    streamed = client.post("/api/tables", content=chunks(),
                           headers={"content-type": "application/json"})
    assert streamed.status_code == 413 and str(MAX_BODY) in streamed.text
    upload = client.post("/new", data={"mode": "1v1"},
                         files={"seat0_file": ("big.yaml", b"x" * (MAX_BODY + 1), "text/yaml")})
    assert upload.status_code == 413
    assert client.get("/api/tables").json() == []


def test_a_frame_flood_is_cut_off_with_errors_and_the_socket_recovers(
        client: TestClient, clock: Clock) -> None:
    table = create(client)
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0])
        for n in range(rates.FRAME_BURST):
            north.send(op="sync", id=n)
            assert north.recv()["reply_to"] == n
        north.send(op="sync", id="over")
        refused = north.recv()
        assert refused["type"] == "error" and "too many requests" in refused["message"]
        assert north.quiet(0.2) == []  # dropped: no state after the error
        clock.now += 1.0  # refilled: FRAMES_PER_SECOND more
        north.send(op="sync", id="again")
        assert north.recv()["reply_to"] == "again"


def test_turns_played_do_not_count_as_flood(client: TestClient, clock: Clock) -> None:
    """A request that plays a turn is bounded by the game itself."""
    table = create(client)
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0])
        for n in range(rates.FRAME_BURST - 1):
            north.send(op="sync", id=n)
            north.recv()
        north.send(op="act", actions=[north.last["legal"][0]["index"]], id="turn")
        assert north.recv()["reply_to"] == "turn"  # the last token, given back
        north.send(op="sync", id="still")
        assert north.recv()["reply_to"] == "still"
        north.send(op="sync", id="over")
        assert north.recv()["type"] == "error"


def test_chat_floods_are_refused_per_connection_and_per_table(
        client: TestClient, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rates, "TABLE_CHAT_BURST", rates.CHAT_BURST + 2)
    table = create(client)
    with ExitStack() as stack:
        north = join(stack, client, table["id"], table["seats"][0])
        south = join(stack, client, table["id"], table["seats"][1], present=(north,))
        for n in range(rates.CHAT_BURST):
            north.send(op="chat", text=f"line {n}")
            north.recv()
            south.recv()
        error, _ = north.error(op="chat", text="one too many")
        assert "chat: at most" in error["message"] and "not sent" in error["message"]
        south.send(op="chat", text="mine")
        south.recv()
        north.recv()
        south.send(op="chat", text="mine too")
        south.recv()
        north.recv()
        error, _ = south.error(op="chat", text="the table is full")
        assert "this table gets at most" in error["message"]
        assert north.quiet(0.2) == []  # the refused lines reached nobody
        clock.now += 10.0
        north.send(op="chat", text="later")
        assert north.recv()["type"] == "state"
    said = [e["text"] for e in stored_events(client, table["id"]) if e["type"] == "chat"]
    assert said == [*(f"line {n}" for n in range(rates.CHAT_BURST)), "mine", "mine too",
                    "later"]
