"""What people expect of a game site, over HTTP (issue 16 item 7): a favicon (no 404 for
/favicon.ico), every symbol the pages show drawn by Debian's default font, a game-over
screen with the result, Rematch and Replay and no unit "acting now", and the track's
reading direction for wide and narrow screens."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from initiative.server.app import create_app
from initiative.server.hub import Options
from initiative.server.ib import render
from tests.server.support import finished_actions

WEB = files("initiative.web")
# fonts-dejavu-core: what Debian installs with fontconfig, so with `apt-get install
# chromium` (fontconfig-config depends on it); the browser falls back to it for symbols.
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(url=f"sqlite:///{tmp_path / 'site.db'}", options=Options(bot_delay=0.0))
    with TestClient(app) as opened:
        yield opened


def test_the_favicon_is_an_svg_linked_from_every_page(client: TestClient) -> None:
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml"
    assert icon.text.startswith("<svg") and "<script" not in icon.text
    legacy = client.get("/favicon.ico")  # what browsers ask for on their own
    assert legacy.status_code == 200 and legacy.headers["content-type"] == "image/svg+xml"
    assert legacy.content == icon.content
    for path in ("/", "/new", "/trackers/new"):
        assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' \
            in client.get(path).text, path


def shown_characters() -> dict[str, set[str]]:
    """Every character beyond ASCII the pages can show, by where it comes from: the
    templates, the page scripts and styles (not the vendored htmx), the team marks."""
    found: dict[str, set[str]] = {}
    for folder in ("templates", "static"):
        for item in (WEB / folder).iterdir():
            if item.name.endswith((".html", ".js", ".css", ".svg")) and "htmx" not in item.name:
                found[item.name] = {c for c in item.read_text(encoding="utf-8") if ord(c) > 127}
    found["team marks"] = {*render.SHAPES, render.CC_SHAPE}
    return found


def font_charset(font: Path) -> set[int]:
    """The code points a font draws (fontconfig's `fc-query`)."""
    ranges = subprocess.run(["fc-query", "-f", "%{charset}", str(font)], check=True,
                            capture_output=True, text=True).stdout.split()
    points: set[int] = set()
    for item in ranges:
        low, _, high = item.partition("-")
        points.update(range(int(low, 16), int(high or low, 16) + 1))
    return points


@pytest.mark.skipif(not DEJAVU.exists() or shutil.which("fc-query") is None,
                    reason="needs fontconfig and fonts-dejavu-core (apt-get install chromium)")
def test_every_symbol_on_the_pages_is_in_debians_default_font() -> None:
    charset = font_charset(DEJAVU)
    assert ord("●") in charset and 0x23ED not in charset  # the check itself can tell
    missing = {where: sorted(f"{c} U+{ord(c):04X}" for c in chars if ord(c) not in charset)
               for where, chars in shown_characters().items()}
    assert not {k: v for k, v in missing.items() if v}, missing


def test_team_marks_are_distinct_shapes() -> None:
    """Colour is never the only sign of a side: every team has a shape of its own."""
    marks = [*render.SHAPES, render.CC_SHAPE]
    assert len(set(marks)) == len(marks) >= 9




DUEL = {"mode": "1v1", "seat0_name": "North", "seat0_team": "tideguard", "seat1_name": "South",
        "seat1_team": "ashfall", "seat0_controller": "open", "seat1_controller": "open",
        "seed": 7}


def test_the_game_over_screen(client: TestClient, tmp_path: Path) -> None:
    """A finished game names its result under "Game over", offers Rematch and Replay,
    and no unit on the track is "acting now" (nobody acts after IB 3.6's end), while
    the same game a few moves in marks its acting unit."""
    actions = finished_actions(7, tmp_path)
    table = client.post("/api/tables", json={**DUEL, "prefix": actions}).json()
    page = client.get(f"/t/{table['id']}?k={table['seats'][0]}").text
    assert "acting now" not in page and not re.search(r'class="unit[^"]* active', page)
    over = page[page.index('<div class="game-over">'):]
    assert re.search(r'<h2>Game over</h2>\s*<p><strong class="result">Result: ', over)
    assert 'data-op="rematch"' in over
    assert f'href="/t/{table["id"]}/replay?k={table["seats"][0]}"' in over
    spectator = client.get(f"/t/{table['id']}?k={table['spectator']}").text
    assert "Game over" in spectator and 'data-op="rematch"' not in spectator
    live = client.post("/api/tables", json={**DUEL, "prefix": actions[:12]}).json()
    page = client.get(f"/t/{live['id']}?k={live['seats'][0]}").text
    assert "Game over" not in page and page.count("acting now") == 1


def test_the_track_hint_has_both_reading_directions(client: TestClient) -> None:
    """The track reads left to right on a wide screen and top down on a phone (the CSS
    shows one hint or the other; tests/web/test_site.py checks what Chromium shows)."""
    table = client.post("/api/tables", json=DUEL).json()
    page = client.get(f"/t/{table['id']}?k={table['spectator']}").text
    assert '<span class="wide-only">(left acts first)</span>' in page
    assert '<span class="narrow-only">(top acts first)</span>' in page
