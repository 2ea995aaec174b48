"""Each game's create form offers its bots with one line each on what they do and how
strong they are (`bots.bot_lines`, the same source as `--help`), and picks the game's
default opponent for Seat 2 (`bots.default_bot`, the terminal's default too)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from initiative.bots import bot_lines, default_bot
from initiative.server.app import create_app
from initiative.server.hub import Options
from initiative.server.sites import web_games


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder: Path = tmp_path_factory.mktemp("bots")
    app = create_app(url=f"sqlite:///{folder / 't.db'}",
                     options=Options(away_after=60.0, bot_delay=0.0))
    with TestClient(app) as opened:
        yield opened


@pytest.mark.parametrize("game", [e.name for e in web_games()])
def test_the_form_names_each_bot_with_its_line_and_picks_the_default(
        client: TestClient, game: str) -> None:
    slug = next(e.web_slug for e in web_games() if e.name == game)
    page = client.get(f"/{slug}/new")
    assert page.status_code == 200
    seat2 = re.search(r'<select name="seat1_controller">(.*?)</select>', page.text, re.S)
    assert seat2 is not None
    offered = {value: (bool(chosen), html.unescape(text)) for value, chosen, text in
               re.findall(r'<option value="([^"]*)"\s*(selected)?\s*>([^<]*)</option>',
                          seat2.group(1))}
    lines = dict(bot_lines(game))
    bots = {value: text for value, (_, text) in offered.items() if value in lines}
    assert bots, "the form offers bots"
    for name, text in bots.items():
        assert text == f"bot: {name} - {lines[name]}"
    assert [v for v, (chosen, _) in offered.items() if chosen] == [default_bot(game)]
