"""Creating a table or a GM tracker answers POST-redirect-GET (server/handoff.py): the
browser lands on a GET page of the new table's links, so a reload shows the same links and
creates nothing. The secret tokens travel in a cookie only that page receives, never in a
URL; another browser, a forged cookie or a link that no longer opens its seat shows
nothing. The creator's key (issue 25 item 2) opens the page again in any browser, and
every link the pages give is a full address (the request's, or `--origin`'s)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from initiative.server.app import create_app
from initiative.server.handoff import COOKIE, MAX_AGE
from initiative.server.hub import Options
from initiative.trackers import records

FORM = {"mode": "1v1", "name": "Friday duel", "seat0_name": "Ann", "seat0_team": "tideguard",
        "seat1_name": "Bo", "seat1_team": "ashfall", "seat1_controller": "open"}
TOKEN_LINK = re.compile(r'href="(/(?:t|trackers)/[0-9a-f]+\?k=[A-Za-z0-9_-]+)"')


@pytest.fixture
def app_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'created.db'}"


@pytest.fixture
def client(app_url: str) -> Iterator[TestClient]:
    app = create_app(url=app_url, options=Options(bot_delay=0.0))
    with TestClient(app) as opened:
        yield opened


def assert_handoff(answer: object, page: str) -> None:
    """A 303 to `page`, no secret in its URL, the tokens in a cookie for `page` alone."""
    assert answer.status_code == 303  # type: ignore[attr-defined]
    headers = answer.headers  # type: ignore[attr-defined]
    assert headers["location"] == page and "k=" not in page
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    for attribute in ("HttpOnly", "SameSite=strict", f"Path={page}", f"Max-Age={MAX_AGE}"):
        assert attribute in cookie, (attribute, cookie)


def test_creating_a_table_redirects_and_a_reload_creates_nothing(client: TestClient) -> None:
    answer = client.post("/new", data=FORM, follow_redirects=False)
    table_id = answer.headers["location"].split("/")[2]
    assert_handoff(answer, f"/t/{table_id}/created")
    first = client.get(f"/t/{table_id}/created")
    assert first.status_code == 200 and first.headers["cache-control"] == "no-store"
    links = TOKEN_LINK.findall(first.text)
    assert len(links) == 3  # Ann, Bo (an open seat) and the spectators
    assert [client.get(link).status_code for link in links] == [200, 200, 200]
    again = client.get(f"/t/{table_id}/created")  # a reload: the same links, no new table
    assert TOKEN_LINK.findall(again.text) == links
    assert [t["id"] for t in client.get("/api/tables").json()] == [table_id]
    assert 'class="copy" data-copy="link-0"' in first.text


def test_the_links_page_shows_nothing_to_another_browser(client: TestClient,
                                                           app_url: str) -> None:
    answer = client.post("/new", data=FORM, follow_redirects=False)
    page = answer.headers["location"]
    other = client.post("/new", data=FORM, follow_redirects=False)
    stranger = TestClient(client.app)  # no cookie
    refused = stranger.get(page)
    assert refused.status_code == 403 and not TOKEN_LINK.findall(refused.text)
    assert "opens only with its creator" in refused.text
    assert "My tables" in refused.text  # how the creator gets back to it
    # Another table's tokens (a forged or misplaced cookie) open no seat of this table.
    forged = other.cookies[COOKIE]
    stranger.cookies.set(COOKIE, forged, path=page)
    refused = stranger.get(page)
    assert refused.status_code == 403 and not TOKEN_LINK.findall(refused.text)
    for junk in ("", "a.b", "." * 40):
        stranger.cookies.clear()
        stranger.cookies.set(COOKIE, junk, path=page)
        assert stranger.get(page).status_code == 403
    assert client.get("/t/" + "0" * 32 + "/created").status_code == 403


def test_a_seat_taken_in_the_lobby_leaves_the_links_page(client: TestClient) -> None:
    """The page lists only tokens that still open their seat: once a lobby visitor took
    the open seat, its first link is gone from the creator's page too."""
    answer = client.post("/new", data=FORM, follow_redirects=False)
    page = answer.headers["location"]
    table_id = page.split("/")[2]
    before = TOKEN_LINK.findall(client.get(page).text)
    assert client.post(f"/t/{table_id}/claim/1", follow_redirects=False).status_code == 303
    after = client.get(page)
    assert TOKEN_LINK.findall(after.text) == [before[0], before[2]]
    assert "no longer opens the seat" in after.text


def test_creating_a_tracker_redirects_and_a_reload_creates_nothing(
        client: TestClient) -> None:
    answer = client.post("/trackers/new", data={"system": "faith", "name": "Night raid",
                                                "sample": "1"}, follow_redirects=False)
    tracker_id = answer.headers["location"].split("/")[2]
    assert_handoff(answer, f"/trackers/{tracker_id}/created")
    first = client.get(f"/trackers/{tracker_id}/created")
    assert first.status_code == 200 and first.headers["cache-control"] == "no-store"
    links = TOKEN_LINK.findall(first.text)
    gm = re.search(r'href="([^"]+)" class="gm-link"', first.text)
    assert gm is not None and gm.group(1) in links and len(links) >= 3
    gm_page = client.get(gm.group(1)).text
    assert "game master" in gm_page
    assert 'class="copy" data-copy="link-0"' in gm_page and "/static/copy.js" in gm_page
    assert TOKEN_LINK.findall(client.get(f"/trackers/{tracker_id}/created").text) == links
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert [r.id for r in records.list_trackers(store)] == [tracker_id]
    # Another browser, or a player's token in the cookie, sees no links.
    stranger = TestClient(client.app)
    assert stranger.get(f"/trackers/{tracker_id}/created").status_code == 403
    player = next(link for link in links if link != gm.group(1))
    stranger.cookies.set(COOKIE, player.split("k=")[1],
                         path=f"/trackers/{tracker_id}/created")
    refused = stranger.get(f"/trackers/{tracker_id}/created")
    assert refused.status_code == 403 and not TOKEN_LINK.findall(refused.text)


CREATOR_LINK = re.compile(r'<a href="(/t/[0-9a-f]{32}/created\?k=[A-Za-z0-9_-]+)" '
                          r'class="creator-link"[^>]*>([^<]+)</a>')
SHOWN_LINK = re.compile(r'class="(?:seat|spectator)-link"[^>]*>([^<]+)</a>')


def test_the_creator_key_opens_the_links_page_again_in_any_browser(
        client: TestClient) -> None:
    """The page of links shows the creator's own link; with it a browser without the
    cookie (another one, or the same after the hour) sees the same links, which open
    their seats; a wrong key shows none and says how the creator gets back."""
    answer = client.post("/new", data=FORM, follow_redirects=False)
    page = answer.headers["location"]
    table_id = page.split("/")[2]
    first = client.get(page).text
    found = CREATOR_LINK.search(first)
    assert found is not None, first
    creator, shown = found.groups()
    assert shown == "http://testserver" + creator  # the full address, for Copy
    links = TOKEN_LINK.findall(first)
    stranger = TestClient(client.app)  # no cookie
    again = stranger.get(creator)
    assert again.status_code == 200 and again.headers["cache-control"] == "no-store"
    assert TOKEN_LINK.findall(again.text) == links
    assert [stranger.get(link).status_code for link in links] == [200, 200, 200]
    key = creator.split("k=")[1]
    for wrong in (key[:-1] + ("A" if key[-1] != "A" else "B"), links[0].split("k=")[1], ""):
        refused = stranger.get(f"/t/{table_id}/created?k={wrong}")
        assert refused.status_code == 403 and not TOKEN_LINK.findall(refused.text)
        assert "My tables" in refused.text
    # A seat taken from the lobby since: its old link is not listed, the others are.
    assert client.post(f"/t/{table_id}/claim/1", follow_redirects=False).status_code == 303
    assert TOKEN_LINK.findall(stranger.get(creator).text) == [links[0], links[2]]


def test_the_json_api_gives_the_creator_link(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "hex_skirmish", "name": "Hex by API",
                                            "seat0_name": "Ann", "seat1_name": "Bo",
                                            "seat0_controller": "human",
                                            "seat1_controller": "human"}).json()
    assert made["base"] == "http://testserver"
    page = TestClient(client.app).get(made["creator_link"])
    assert page.status_code == 200
    assert TOKEN_LINK.findall(page.text)[:2] == made["links"]
    assert made["creator_link"] == f"/t/{made['id']}/created?k={made['creator']}"


def kept_entry(page: str) -> Any:
    """What a page gives My tables (static/my_tables.js reads it)."""
    found = re.search(r"<div id=\"my-table\" hidden data-entry='([^']*)'></div>", page)
    assert found is not None
    return json.loads(html.unescape(found.group(1)))


def test_links_are_full_addresses_of_the_request_or_the_origin(app_url: str) -> None:
    """Every link the pages show (and Copy takes) is a full address: the request's own
    scheme, host and port, or the first `--origin` when the server has one (behind a
    proxy); the page a table's link opens keeps that address for My tables."""
    for origins, base in (((), "http://testserver"),
                          (("https://games.example.org:443", "http://other:81"),
                           "https://games.example.org")):
        app = create_app(url=app_url, options=Options(bot_delay=0.0), origins=origins)
        with TestClient(app) as client:
            page = client.post("/new", data=FORM).text
            shown = SHOWN_LINK.findall(page)
            assert len(shown) == 3 and all(s.startswith(base + "/t/") for s in shown), shown
            found = CREATOR_LINK.search(page)
            assert found is not None and found.group(2).startswith(base + "/t/")
            kept = kept_entry(page)
            assert [s["link"] for s in kept["seats"]] + [kept["spectator"]] == shown
            assert kept["creator"] == found.group(2) and kept["name"] == "Friday duel"
            seat_page = client.get(TOKEN_LINK.findall(page)[0]).text
            assert kept_entry(seat_page)["seats"] == [{"name": "Ann", "link": shown[0]}]


def test_the_gm_tracker_links_stay_full_addresses_after_an_update(
        client: TestClient) -> None:
    """The GM page's list of links (and its Copy buttons) gave /trackers/...?k=... after
    the first live update: a path that does not open on a player's phone."""
    created = client.post("/trackers/new", data={"system": "faith", "name": "Night raid",
                                                 "sample": "1"}).text
    gm = re.search(r'href="(/trackers/([0-9a-f]{32})\?k=([^"]+))" class="gm-link"', created)
    assert gm is not None
    shown = re.compile(r'class="tracker-link"[^>]*>([^<]+)</a>')
    page_links = shown.findall(client.get(gm.group(1)).text)
    assert page_links and all(s.startswith("http://testserver/trackers/") for s in page_links)
    with client.websocket_connect(f"/trackers/{gm.group(2)}/ws?k={gm.group(3)}") as ws:
        for request in (None, {"op": "run", "line": "round", "id": 1}):
            if request:
                ws.send_json(request)
            frame = ws.receive_json()
            assert frame["type"] == "render"
            assert shown.findall(frame["regions"]["links"]) == page_links
