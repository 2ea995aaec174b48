"""Every mode from shipped content on the web table: the create form's own defaults and
`POST /api/tables` with only a mode seat the mode's presets (games/ib/presets.py), legal
under the deck rules (IB 2.7, 8.1.2, 8.2.3, 8.3.1); solo and co-op face the default
encounter (IB 6.3.3); seats a mode does not use are ignored; test fixtures are never
offered."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from initiative.games.ib.formats import is_fixture
from initiative.games.ib.presets import (
    ALL_MODES,
    DEFAULT_ENCOUNTER,
    default_count,
    preset_teams,
)
from initiative.server.app import create_app
from initiative.server.hub import Options
from initiative.server.ib.setup import MODE_NAMES, SetupError, parse_setup
from tests.server.support import content


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("modes")
    app = create_app(url=f"sqlite:///{folder / 't.db'}",
                     options=Options(away_after=60.0, bot_delay=0.0))
    with TestClient(app) as opened:
        yield opened


def form_defaults(page: str) -> dict[str, str]:
    """What a browser sends for the create form as served: each field's value."""
    fields = {m.group(1): html.unescape(m.group(2)) for m in
              re.finditer(r'<input name="([^"]+)"[^>]*?value="([^"]*)"', page)}
    for select in re.finditer(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        options = re.findall(r'<option value="([^"]*)"[^>]*?(selected)?>', select.group(2))
        fields[select.group(1)] = next((v for v, s in options if s), options[0][0])
    for area in re.finditer(r'<textarea name="([^"]+)"[^>]*>(.*?)</textarea>', page, re.S):
        fields[area.group(1)] = html.unescape(area.group(2))
    return fields


def test_the_form_and_the_api_know_the_same_modes(client: TestClient) -> None:
    assert set(MODE_NAMES) == set(ALL_MODES)
    offered = re.findall(r'<option value="([^"]+)"', client.get("/new").text.split(
        'id="mode"')[1].split("</select>")[0])
    assert offered == list(MODE_NAMES)


@pytest.mark.parametrize("mode", ALL_MODES)
def test_the_create_form_as_served_makes_a_table_in_every_mode(client: TestClient,
                                                              mode: str) -> None:
    fields = form_defaults(client.get("/new").text)
    assert {f"seat{i}_team" for i in range(8)} <= set(fields)
    response = client.post("/new", data={**fields, "mode": mode}, follow_redirects=False)
    assert response.status_code == 303, re.findall(r"<li>(.*?)</li>", response.text)
    assert re.fullmatch(r"/t/[\w-]+/created", response.headers["location"])


@pytest.mark.parametrize("mode", ALL_MODES)
def test_the_api_with_only_a_mode_makes_a_table(client: TestClient, mode: str) -> None:
    response = client.post("/api/tables", json={"mode": mode})
    assert response.status_code == 201, response.text
    assert len(response.json()["seats"]) == default_count(mode)


@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_seat_without_a_team_plays_the_preset(mode: str) -> None:
    setup = parse_setup({"mode": mode}, content())
    assert tuple(s.team for s in setup.seats) == preset_teams(mode)
    assert setup.encounter == (DEFAULT_ENCOUNTER if mode in ("solo", "coop") else None)
    setup.build(content(), seed=3)  # legal: SetupError otherwise


@pytest.mark.parametrize(("mode", "count"), [("coop", 2), ("coop", 3), ("coop", 4),
                                             *[("ffa", n) for n in range(2, 9)]])
def test_every_player_count_of_coop_and_ffa_has_presets(client: TestClient, mode: str,
                                                        count: int) -> None:
    response = client.post("/api/tables", json={"mode": mode, "players": count})
    assert response.status_code == 201, response.text
    assert len(response.json()["seats"]) == count


def test_seats_the_mode_does_not_use_are_ignored() -> None:
    """A form sends all 8 seat rows; a 1v1 reads two of them."""
    junk = {f"seat{i}_{field}": value for i in range(2, 8)
            for field, value in (("team", "no_such_team"), ("controller", "wizard"),
                                 ("name", "x" * 99))}
    setup = parse_setup({"mode": "1v1", **junk}, content())
    assert [s.team for s in setup.seats] == ["tideguard", "ashfall"]


def test_a_chosen_team_still_wins_over_the_preset() -> None:
    setup = parse_setup({"mode": "2v2", "seat3_team": "tidewind"}, content())
    assert [s.team for s in setup.seats] == [*preset_teams("2v2")[:3], "tidewind"]


def test_a_fixture_is_never_offered_and_is_refused_by_name(client: TestClient) -> None:
    page = client.get("/new").text
    offered = re.findall(r'<option value="([a-z_0-9]+)"', page)
    assert "tideguard" in offered and not [k for k in offered if is_fixture(k)]
    assert "Vanguard" not in page and "test fixture" not in page
    with pytest.raises(SetupError) as refused:
        parse_setup({"mode": "1v1", "seat0_team": "fixture_vanguard"}, content())
    assert refused.value.problems == [
        "seat 1 team: fixture_vanguard is an engine test fixture, not a team to play (it "
        "breaks IB 2.2.1); choose a starter team"]


def test_a_player_count_outside_the_mode_is_refused(client: TestClient) -> None:
    response = client.post("/api/tables", json={"mode": "coop", "players": 5})
    assert response.status_code == 400
    assert response.json()["problems"] == ["players: coop is 2 to 4 players"]


def test_the_form_tells_its_script_each_modes_seats(client: TestClient) -> None:
    """The data the form's script reads to show only the seats a mode uses."""
    page = client.get("/new").text
    assert '<script src="/static/new_table.js" defer></script>' in page
    assert client.get("/static/new_table.js").status_code == 200
    assert page.count('<fieldset class="seat" data-seat=') == 8
    seating = re.search(r"data-seating='([^']*)'", page)
    assert seating and '"2v2v2v2": {"default": 8' in html.unescape(seating.group(1))
