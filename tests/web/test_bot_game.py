"""A whole game in the browser against a bot, and a game that survives the server being
killed (issue 7 item 7)."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, expect

from tests.web.support import (
    RESULT,
    STEP,
    Server,
    mark_stale,
    needs_chromium,
    open_seat,
    play_first_steps,
    take_first_turn,
    wait_rendered,
)

pytestmark = needs_chromium

# Tideguard's four Characters against the Lone Warden's one: a whole game is short
# even when the person always takes the first step offered.
VERSUS_BOT = {"mode": "1v1", "name": "Against a bot",
              "seat0_name": "Me", "seat0_team": "tideguard", "seat0_controller": "human",
              "seat1_name": "Bot", "seat1_team": "lone_warden", "seat1_controller": "easy"}


def test_whole_game_against_a_bot(server: Server, browser: Browser) -> None:
    started = time.monotonic()
    created = server.create({**VERSUS_BOT, "seed": 11})
    assert created["seats"][1] is None, "seat 2 is the bot's"
    context = browser.new_context()
    try:
        page = context.new_page()
        open_seat(page, server.url(created, 0))
        confirms = play_first_steps(page, started + 75)
        assert confirms >= 3
        expect(page.locator(RESULT)).to_contain_text("Result")
        expect(page.locator("#announce")).to_contain_text("Game over")
        # The log follows the game: its newest line is in view (once the last lines
        # have appeared at the page's pace).
        expect(page.locator("#log li.queued")).to_have_count(0)
        log = page.locator("#log ol.log")
        assert log.evaluate("e => e.scrollHeight > e.clientHeight"), "the log is short"
        assert log.evaluate("e => e.scrollTop + e.clientHeight >= e.scrollHeight - 8")
        # The finished game offers its replay (step by step, public) and a rematch.
        replay = context.new_page()
        replay.goto(server.base + (page.locator("a.replay").get_attribute("href") or ""))
        expect(replay.locator("#step")).to_contain_text("Step 0 of ")
        replay.get_by_label("Last step").click()
        expect(replay.locator(".region .result")).to_contain_text("Result")
        page.locator("#table-controls [data-op='rematch']").click()
        page.wait_for_url(lambda url: created["id"] not in url)
        expect(page.locator("#connection")).to_have_text("Connected")
        expect(page.locator("#status .round")).to_have_text("Round 1")
    finally:
        context.close()
    assert time.monotonic() - started < 90


def test_whole_game_against_the_expert(server: Server, browser: Browser) -> None:
    """The strongest level a person can pick (`expert`, the playout bot of docs/bots.md)
    answers on the table too: a whole game against it, its moves in the log."""
    started = time.monotonic()
    created = server.create({**VERSUS_BOT, "seat1_controller": "expert", "seed": 11})
    context = browser.new_context()
    try:
        page = context.new_page()
        open_seat(page, server.url(created, 0))
        assert play_first_steps(page, started + 150) >= 3
        expect(page.locator(RESULT)).to_contain_text("Result")
        expect(page.locator("#log")).to_contain_text(
            re.compile(r"damage from Odo Farrow \(Bot\)"))  # the expert's Odo struck
    finally:
        context.close()


def test_game_survives_a_killed_server(own_server: Server, browser: Browser) -> None:
    started = time.monotonic()
    server = own_server
    created = server.create({**VERSUS_BOT, "seed": 5})
    context = browser.new_context()
    try:
        page = context.new_page()
        open_seat(page, server.url(created, 0))
        page.locator("#pace").select_option("0")  # new lines at once: no line held back
        # Two turns, then stop at this seat's next decision (no draft in progress).
        for _ in range(2):
            page.wait_for_selector(f"#table {STEP}")
            take_first_turn(page)
        page.wait_for_selector(f"#table {STEP}")
        regions = ("status", "track", "hand", "actions", "log")
        before = {r: page.locator(f"#{r}").inner_html() for r in regions}
        mark_stale(page, regions)

        server.kill()
        expect(page.locator("#connection")).to_contain_text("reconnecting")
        server.start()
        expect(page.locator("#connection")).to_have_text("Connected", timeout=20_000)
        wait_rendered(page)  # the full state the server sends on every (re)connect
        after = {r: page.locator(f"#{r}").inner_html() for r in regions}
        for r in regions:
            assert after[r] == before[r], f"#{r} differs after the restart"

        assert play_first_steps(page, started + 80) >= 1
        expect(page.locator(RESULT)).to_contain_text("Result")
    finally:
        context.close()
    assert time.monotonic() - started < 90
