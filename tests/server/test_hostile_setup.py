"""Hostile setup requests of every game (issue 25, hostile input): a team file or a field
holding a huge whole number, a nested structure, binary or an oversized text, sent to
`POST /api/tables` or a game's create form, is a 400 naming the field (or a table, when
the game takes the value), never a 500, and no traceback is logged."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from initiative.games.registry import entry
from initiative.server.creating import MAX_PROBLEM
from initiative.server.sites import site_of, web_games
from tests.server.test_app import running

HUGE = "9" * 5000
"""More digits than Python reads as a whole number (4,300)."""
LONG = "9" * 4000
"""A whole number Python reads, far past any count a game takes."""
TEAM_WITH = "name: Huge\ncharacters:\n  - {{character: wren, keystone: tide_stone}}\n" \
            "deck:\n  uproot: {count}\n"
HOSTILE_VALUES: list[Any] = [
    int(LONG), -int(LONG), 1e308, [[[["deep"]]]], {"a": {"b": [1, 2]}}, "\x00\xff\ufffd",
    "x" * 100_000, True, "", "../../etc/passwd", "<script>alert(1)</script>"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with running(tmp_path) as opened:  # a 500 raises in the test (raise_server_exceptions)
        yield opened


@pytest.fixture(autouse=True)
def no_traceback(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Every test here: nothing logged with a traceback."""
    caplog.set_level(logging.WARNING)
    yield
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR], \
        caplog.text


def fields_of(game: str) -> list[str]:
    """Every field a game's create form or API request may carry (seat 0's)."""
    rules = site_of(game).form_values().get("rules", [])
    return ["name", "players", "mode", "encounter", "board", "mission", "undo", "rules",
            "seat0_name", "seat0_team", "seat0_controller", "seat0_character",
            "seat0_upload", "seed", "prefix", *(f"rule_{r.name}" for r in rules)]


def test_a_team_file_with_a_huge_number_is_a_400_naming_the_file(
        client: TestClient) -> None:
    for count in (HUGE, LONG, "1e99999", "0x" + "f" * 5000):
        text = TEAM_WITH.format(count=count)
        api = client.post("/api/tables", json={"mode": "1v1", "seat0_upload": text})
        assert api.status_code == 400, api.text
        assert any(p.startswith("seat 1 team file") for p in api.json()["problems"]), api.text
        form = client.post("/new", data={"mode": "1v1", "seat1_team": "ashfall"},
                           files={"seat0_file": ("huge.yaml", text.encode(), "text/yaml")})
        assert form.status_code == 400 and "seat 1 team file" in form.text
    assert client.get("/api/tables").json() == []


def test_a_huge_number_in_the_json_body_is_a_400(client: TestClient) -> None:
    for game in (e.name for e in web_games()):
        response = client.post("/api/tables", content=f'{{"game": "{game}", "players": '
                               f'{HUGE}}}', headers={"content-type": "application/json"})
        assert response.status_code == 400
        assert "a number too long to read" in response.json()["error"]


@pytest.mark.parametrize("game", [e.name for e in web_games()])
def test_every_field_of_every_game_takes_hostile_values_without_a_500(
        client: TestClient, game: str) -> None:
    """Each field alone with each hostile value: a table (201) or a 400 whose problems
    are short and name a field; never a 500 (the client raises) nor a traceback."""
    for field in fields_of(game):
        for value in HOSTILE_VALUES:
            response = client.post("/api/tables", json={"game": game, field: value})
            assert response.status_code in (201, 400), (field, value, response.text)
            if response.status_code == 400:
                body = response.json()
                problems = body.get("problems", [body["error"]])
                assert all(len(p) <= MAX_PROBLEM + 3 for p in problems), problems
                assert all(":" in p for p in problems), problems  # "field: what is wrong"


@pytest.mark.parametrize("game", [e.name for e in web_games()])
def test_the_create_form_takes_binary_and_oversized_fields(
        client: TestClient, game: str) -> None:
    slug = entry(game).web_slug
    for field in fields_of(game):
        for value in ("\x00\xff", "9" * 5000, "x" * 50_000):
            response = client.post(f"/{slug}/new", data={field: value},
                                   follow_redirects=False)
            assert response.status_code in (303, 400), (field, response.text[:300])


def test_a_number_rule_takes_only_its_offered_numbers(client: TestClient) -> None:
    """The Initiative's `characters_per_solo_player` (TI-A17) sizes the table: 99999 is
    refused by the form at once, not after building 99999 seats."""
    response = client.post("/api/tables", json={
        "game": "the_initiative", "players": 1, "rule_characters_per_solo_player": 99999})
    assert response.status_code == 400
    assert response.json()["problems"] == [
        "house rule characters_per_solo_player: one of 1, 2, got '99999'"]
