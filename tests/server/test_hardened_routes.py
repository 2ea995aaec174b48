"""What people found at the table (issue 25, hostile input and deployment), in process:
no answer that carries a secret (a seat's key in its address, the links, the API's
tokens) may be stored by a browser or proxy (`Cache-Control: no-store`, and no Referer
sent on); a request for a host name the server does not answer to is refused (DNS
rebinding: Host and Origin agree); `GET /api/tables` lists only what the lobby shows
strangers, for every game. No traceback is logged."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from initiative.server.app import create_app
from initiative.server.guards import WS_REFUSED
from initiative.server.hub import Options
from tests.server.test_app import create, running
from tests.server.test_trackers import create as create_tracker


@pytest.fixture
def client(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> Iterator[TestClient]:
    caplog.set_level(logging.WARNING)
    with running(tmp_path) as opened:
        yield opened
    assert not [r for r in caplog.records if r.exc_info], caplog.text  # no traceback


def private(response: httpx.Response) -> bool:
    return (response.headers.get("cache-control") == "no-store"
            and response.headers.get("referrer-policy") == "no-referrer")


def test_every_answer_with_a_key_is_no_store(client: TestClient) -> None:
    table = create(client, seat0_controller="human", seat1_controller="open")
    seat = f"/t/{table['id']}?k={table['seats'][0]}"
    spectators = f"/t/{table['id']}?k={table['spectator']}"
    answers = [client.get(seat), client.get(spectators),
               client.get(f"/t/{table['id']}/replay?k={table['seats'][0]}"),  # 409 page
               client.get(f"/t/{table['id']}/record?k={table['seats'][0]}"),  # 409 JSON
               client.get(f"/t/{table['id']}?k=not-a-key"),  # 403 page
               client.get(f"/hex/{table['id']}?k={table['seats'][0]}", follow_redirects=False),
               client.post("/api/tables", json={"mode": "1v1"}),  # the tokens
               client.post("/new", data={"mode": "1v1"})]  # the created page
    claim = client.post(f"/t/{table['id']}/claim/1", follow_redirects=False)
    assert claim.status_code == 303 and "?k=" in claim.headers["location"]
    answers += [claim, client.get(claim.headers["location"])]
    links = create_tracker(client)
    answers += [client.get(link) for link in links.values()]
    answers += [client.post("/trackers/new", data={"system": "faith", "sample": "1"})]
    answers += [client.get("/"), client.get("/api/tables"), client.get("/new")]
    for answer in answers:
        assert private(answer), (answer.request.url, answer.status_code, answer.headers)
    assert {answer.status_code for answer in answers} >= {200, 201, 303, 308, 403, 409}


def test_static_files_are_revalidated_not_stored_blind(client: TestClient) -> None:
    script = client.get("/static/copy.js")
    assert script.status_code == 200 and script.headers["cache-control"] == "no-cache"
    assert client.get("/static/copy.js", headers={
        "if-none-match": script.headers["etag"]}).status_code == 304
    assert client.get("/favicon.ico").headers["cache-control"].startswith("public")


def hosted(tmp_path: Path, hosts: list[str], origins: tuple[str, ...] = ()) -> TestClient:
    return TestClient(create_app(url=f"sqlite:///{tmp_path / 'h.db'}",
                                 options=Options(bot_delay=0.0), origins=origins, hosts=hosts),
                      base_url="http://games.example.org")


def test_a_rebinding_page_cannot_create_tables_or_open_sockets(tmp_path: Path) -> None:
    with hosted(tmp_path, ["games.example.org"]) as client:
        table = create(client)  # its own name: served
        for host in ("evil.example", "evil.example:8000", "games.example.org.evil.example",
                     "bad host", "[::1"):
            headers = {"host": host, "origin": f"http://{host}"}  # they agree
            refused = client.post("/api/tables", json={"mode": "1v1"}, headers=headers)
            assert refused.status_code == 400 and "--allowed-hosts" in refused.text, host
            assert client.get("/", headers={"host": host}).status_code == 400
            with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
                    f"/t/{table['id']}/ws?k={table['seats'][0]}&format=json",
                    headers=headers):
                pass
            assert closed.value.code == WS_REFUSED
        for host in ("GAMES.example.org:8000", "127.0.0.1:8000", "[::1]:8000", "localhost",
                     "10.0.0.7"):
            assert client.get("/", headers={"host": host}).status_code == 200, host
        assert [t["id"] for t in client.get("/api/tables").json()] == [table["id"]]


def test_origins_are_answered_and_any_host_may_be_allowed(tmp_path: Path) -> None:
    with hosted(tmp_path, [], ("https://play.example.net",)) as client:
        assert client.get("/", headers={"host": "play.example.net"}).status_code == 200
        assert client.get("/", headers={"host": "games.example.org"}).status_code == 400
    with hosted(tmp_path, ["*"]) as client:
        assert client.get("/", headers={"host": "anything.example"}).status_code == 200
    with pytest.raises(ValueError, match="not a host name or address: 'http://x/'"):
        create_app(url=f"sqlite:///{tmp_path / 'u.db'}", hosts=["http://x/"])


def table_of(client: TestClient, game: str, name: str, **seats: str) -> str:
    answer = client.post("/api/tables", json={"game": game, "name": name, "players": 2,
                                              **seats})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def test_the_api_lists_only_what_the_lobby_shows_strangers(client: TestClient) -> None:
    hidden: list[str] = []
    shown: list[str] = []
    for game in ("initiative_break", "hex_skirmish", "the_initiative"):
        hidden.append(table_of(client, game, f"Private {game}", seat0_name="Hidden Hana",
                               seat1_name="Secret Sol"))
        shown.append(table_of(client, game, f"Open {game}", seat1_controller="open"))
    listed: list[dict[str, Any]] = client.get("/api/tables").json()
    assert sorted(t["id"] for t in listed) == sorted(shown)
    text = json.dumps(listed)
    assert "Private" not in text and "Hidden Hana" not in text and "Secret Sol" not in text
    lobby = client.get("/").text
    assert all(table_id in lobby for table_id in shown)
    assert not any(table_id in lobby for table_id in hidden)
