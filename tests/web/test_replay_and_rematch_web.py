"""A finished game's replay names a stand-in bot's turns as the live log does (issue 25,
item 3), and the creator of a table finds the rematch's page of links the way they find
the table's (issue 25, item 2), in Chromium, for one game (the API tests hold every
game: tests/server/test_replay_and_rematch_marks.py):

- the table was played before the server opened it: Ann's first turns by Ann, then a
  stand-in bot's while she was away, then Ann's again, to the end;
- Ann opens her creator's link (the page of links: My tables keeps it), her seat, and
  the replay: at the last step the log names the stand-in's turns "(stand-in bot for
  Ann)" between "Ann is away" and "Ann is back"; at the first step, none;
- Ann starts the rematch: My tables in the lobby lists the rematch with its page of
  links (the same creator's key opens it), and the old page of links leads there; Bea,
  who never held the key, has the rematch under My tables without it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from initiative.server import tokens
from initiative.store import Store
from tests.server.test_json_marks import play_turns, two_people_table
from tests.web.conftest import start_server
from tests.web.feature_support import CASES, CONTROLS, ROOT, GameCase, people, play_as
from tests.web.support import ARTIFACTS, Server, needs_chromium

pytestmark = needs_chromium
PLAY_AS_ANN, PLAY_AS_BEA = play_as("Ann"), play_as("Bea")
CASE: GameCase = next(c for c in CASES if c.game == "hex_skirmish")
SUFFIX = "(stand-in bot for {})"
AWAY = "{} is away: a stand-in bot plays their seat until they come back."
BACK = "{} is back and plays their own seat again."


def _stood_in_game(db: Path) -> tuple[str, str, list[str], int, str]:
    """A finished table of Ann and Bea in which a stand-in played some of Ann's turns:
    its id, its creator key, the seats' tokens, the step when Ann was back and the name
    of Ann's seat (her character's, then hers)."""
    store = Store(f"sqlite:///{db}")
    try:
        for seed in range(1, 40):
            key = tokens.new_token()
            table = two_people_table(store, CASE.game, key, **CASE.finish)
            rng = random.Random(seed)
            for by, turns in (("player", 2), ("stand-in", 3), ("player", 1)):
                play_turns(store, table, rng, turns, by)
            if not table.finished:
                back = len(table.actions)
                play_turns(store, table, rng, None, "player")
                seats = list(table.creator_tokens(key) or ())[:-1]
                return table.id, key, seats, back, table.seat_name(0)
        raise AssertionError("every game ended before Ann was back")
    finally:
        store.close()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[tuple[Server, str, str, list[str], int, str]]:
    folder = Path(tmp_path_factory.mktemp("replay"))
    table_id, key, seats, back, ann_seat = _stood_in_game(folder / "replay.db")
    running = start_server(folder, "replay")
    try:
        yield running, table_id, key, seats, back, ann_seat
    finally:
        running.stop()


def _log(page: Page) -> list[str]:
    return [t.strip() for t in page.locator(f"{CASE.log} li").all_text_contents()]


def _shots(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_the_replay_names_stand_ins_and_the_rematch_keeps_the_creators_key(
        played: tuple[Server, str, str, list[str], int, str], browser: Browser) -> None:
    server, table_id, key, seats, back, ann_seat = played
    suffix, away, back_line = (SUFFIX.format(ann_seat), AWAY.format(ann_seat),
                               BACK.format(ann_seat))
    with people(browser, server) as found:
        ann = found.page("ann")
        ann.goto(f"{server.base}/t/{table_id}/created?k={key}")  # her creator's link
        ann.locator("ul.links a.seat-link").first.click()
        ann.wait_for_url(f"**/t/{table_id}?k={seats[0]}")
        expect(ann.locator(f"{ROOT} .game-over").first).to_be_visible()

        replay = found.page("ann")
        replay.goto(server.base + (ann.locator(f"{CONTROLS} #replay").get_attribute("href")
                                   or ""))
        replay.get_by_label("Last step").click()
        expect(replay.locator(CASE.log)).to_contain_text(back_line)  # the last step drawn
        lines = _log(replay)
        named = [i for i, line in enumerate(lines) if line.endswith(suffix)]
        assert named and lines.count(away) == 1 and lines.count(back_line) == 1
        assert all(lines.index(away) < i < lines.index(back_line) for i in named)
        live_log = _log(ann)  # the replay names them as Ann's live log does
        assert [line for line in live_log if suffix in line or line in (away, back_line)] == \
            [line for line in lines if suffix in line or line in (away, back_line)]
        replay.goto(replay.url.replace(f"step={replay.url.split('step=')[1]}",
                                       f"step={back}"))
        expect(replay.locator(CASE.log)).to_contain_text(back_line)
        _shots(replay, "replay-stand-in")
        replay.get_by_label("First step").click()
        expect(replay.locator("#step")).to_contain_text("Step 0 of")
        assert not any(suffix in line or line == away for line in _log(replay))

        ann.locator(f"{CONTROLS} #rematch").click()
        ann.wait_for_url(lambda now: table_id not in now)
        new_id = ann.url.split("/t/")[1].split("?")[0]
        bea = found.page("bea", f"{server.base}/t/{new_id}?k={seats[1]}")

        ann.goto(server.base + "/")
        row = ann.locator(f'#my-tables li.my-table[data-id="{new_id}"]')
        creator = f"{server.base}/t/{new_id}/created?k={key}"
        expect(row.get_by_role("link", name=creator)).to_be_visible()
        _shots(ann, "my-tables-rematch")
        row.get_by_role("link", name=creator).click()
        expect(ann.locator("ul.links a.seat-link").first).to_have_attribute(
            "href", f"/t/{new_id}?k={seats[0]}")
        ann.goto(f"{server.base}/t/{table_id}/created?k={key}")
        _shots(ann, "created-rematch")
        ann.locator("#rematch-links").click()
        ann.wait_for_url(f"**/t/{new_id}/created?k={key}")

        bea.goto(server.base + "/")
        theirs = bea.locator(f'#my-tables li.my-table[data-id="{new_id}"]')
        expect(theirs).to_contain_text(PLAY_AS_BEA)
        expect(theirs.locator("a.mine-link")).to_have_count(1)  # her seat's link alone
