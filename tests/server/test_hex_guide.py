"""`/hex/how-to-play`: the hex skirmish rules in short with their HX ids, every
house-rule flag with its default read from `HexRules` (so the page never drifts from
the game), and the header of every hex page naming the game and linking there, while
the flagship's pages keep their own header."""

from __future__ import annotations

import re
from pathlib import Path

from initiative.games.hex.flag_notes import HEX_FLAG_NOTES
from initiative.games.hex.flags import HexRules
from initiative.server.hex.guide import TOPICS, flag_rows
from tests.server.hex_support import create, running

HEADER = re.compile(r'<header class="top"><a href="/">([^<]+)</a>.*?'
                    r'class="guide-link" href="([^"]+)"')


def header(page: str) -> tuple[str, str]:
    found = HEADER.search(page)
    assert found, "no header"
    return found.group(1), found.group(2)


def test_the_guide_lists_every_topic_and_every_flag_with_its_default(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        page = client.get("/hex/how-to-play")
        assert page.status_code == 200
        text = page.text
        assert header(text) == ("Hex skirmish", "/hex/how-to-play")
        for topic in TOPICS:
            assert f'id="{topic.key}"' in text and topic.rules in text
        cited = set(re.findall(r"HX-A?\d+", " ".join(t.rules for t in TOPICS)))
        assert {f"HX-{n}" for n in range(1, 35)} <= cited  # every rule of the register
        assert {f"HX-A{n}" for n in range(1, 22)} <= cited  # and every ruling
        default = HexRules()
        for name in HexRules.names():  # every flag, its ruling and its default
            row = re.search(rf'<tr id="flag-{name}">(.*?)</tr>', text)
            assert row, name
            assert HEX_FLAG_NOTES[name][0] in row.group(1)
            value = getattr(default, name)
            shown = "none" if value is None else str(value).lower()
            assert f"<code>{shown}</code>" in row.group(1), name
        assert 'id="table"' in text and "Enter or Space" in text


def test_the_flag_rows_follow_the_rules_object() -> None:
    rows = flag_rows()
    assert [r.name for r in rows] == list(HexRules.names())
    assert {r.name: r.default for r in rows}["round_limit"] == "none"
    assert {r.name: r.default for r in rows}["move_exact"] == "true"
    assert all(r.rule_id.startswith("HX-A") and r.note for r in rows)


def test_every_hex_page_names_the_game_and_links_its_guide(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create(client, seat1_controller="open", seed=3)
        form = client.get("/hex/new").text
        table = client.get(f"/hex/{made['id']}?k={made['seats'][0]}").text
        for page in (form, table):
            assert header(page) == ("Hex skirmish", "/hex/how-to-play")
            assert "Initiative Break</a>" not in page.split("</header>")[0]
        assert 'href="/hex/how-to-play' in table.split("</header>")[1]  # the board's hint
        lobby = client.get("/").text
        assert 'href="/hex/how-to-play"' in lobby.split("</header>")[1]  # every game's guide
        assert header(lobby) == ("Initiative", "/how-to-play")  # the default game's
        assert header(client.get("/new").text) == ("Initiative Break", "/how-to-play")
