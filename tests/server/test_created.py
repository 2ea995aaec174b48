"""Creating a table or a GM tracker answers POST-redirect-GET (server/handoff.py): the
browser lands on a GET page of the new table's links, so a reload shows the same links and
creates nothing. The secret tokens travel in a cookie only that page receives, never in a
URL; another browser, a forged cookie or a link that no longer opens its seat shows
nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

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
    assert "shown only to its creator" in refused.text
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
