"""The table on a 360 px wide phone: no horizontal scrolling mid-game, with a draft in
progress, and at an eight-player free-for-all (issue 7 item 7). Screenshots go to
tests/web/artifacts/ (ignored by git) for people to look at."""

from __future__ import annotations

import os
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.support import (
    ARTIFACTS,
    DRAFT,
    STEP,
    Server,
    bot_line,
    build_match,
    click_step,
    horizontal_overflow,
    needs_chromium,
    open_seat,
)

pytestmark = needs_chromium

PHONE: dict[str, Any] = {"viewport": {"width": 360, "height": 740}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}
LONG_NAME = "Bartholomew-Maximilian_Featherstonehaugh"  # 40 characters, no space


def phone(browser: Browser) -> BrowserContext:
    return browser.new_context(**PHONE)


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{os.getpid()}.png"), full_page=True)


def assert_no_horizontal_scroll(page: Page, where: str) -> None:
    size = horizontal_overflow(page)
    assert size["inner"] == 360, size
    assert size["scroll"] <= size["inner"], f"{where} scrolls sideways at 360 px: {size}"


def test_table_at_360px_mid_game(server: Server, browser: Browser) -> None:
    body: dict[str, Any] = {
        "mode": "1v1", "seat0_name": LONG_NAME, "seat0_team": "lanternwatch",
        "seat0_controller": "human", "seat1_name": "Second player", "seat1_team": "ashfall",
        "seat1_controller": "human", "seed": 13}
    match = build_match(body)
    line = bot_line(match, 13, stop=40)
    cut = len(line) // 2 + 4
    seat = line[cut][0]  # the seat deciding at the loaded position
    created = server.create({**body, "prefix": [i for _, i in line[:cut]]})
    context = phone(browser)
    try:
        page = context.new_page()
        open_seat(page, server.url(created, seat))
        page.wait_for_selector(f"#table {STEP}")
        expect(page.locator("#status .round")).not_to_have_text("Round 1")
        shot(page, "table-360-mid-game")
        assert_no_horizontal_scroll(page, "the table mid-game")
        # A draft in progress: its steps, the preview and Confirm / Step back.
        while not page.locator("#confirm").count():
            click_step(page, page.locator(f"#table {STEP}").first)
        expect(page.locator(DRAFT).first).to_be_visible()
        shot(page, "table-360-draft")
        assert_no_horizontal_scroll(page, "the table with a draft")
        # Touch targets of the controls are at least 44 px high.
        for selector in ("#confirm", '[data-op="back"]'):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["height"] >= 44, (selector, box)
    finally:
        context.close()


def test_eight_player_free_for_all_at_360px(server: Server, browser: Browser) -> None:
    body: dict[str, Any] = {"mode": "ffa", "players": "8", "seed": 17}
    for i in range(8):  # one Character each: 8 on the track (at most 10, IB 8.2.2)
        body |= {f"seat{i}_name": f"{LONG_NAME[:36]} {i + 1}",
                 f"seat{i}_team": "lone_warden", f"seat{i}_controller": "human"}
    match = build_match(body)
    assert len(match.seats) == 8 and match.num_characters == 8
    line = bot_line(match, 17, bot="easy", stop=30)
    created = server.create({**body, "prefix": [i for _, i in line]})
    context = phone(browser)
    try:
        page = context.new_page()
        open_seat(page, server.url(created, line[-1][0]))
        expect(page.locator("#track li.unit")).to_have_count(8)
        shot(page, "ffa8-360")
        assert_no_horizontal_scroll(page, "an 8-player free-for-all")
        spectator = context.new_page()
        open_seat(spectator, f"{server.base}/t/{created['id']}?k={created['spectator']}")
        expect(spectator.locator("#track li.unit")).to_have_count(8)
        assert_no_horizontal_scroll(spectator, "the spectators' page")
    finally:
        context.close()


def test_lobby_and_create_form_at_360px(server: Server, browser: Browser) -> None:
    context = phone(browser)
    try:
        page = context.new_page()
        for path in ("/", "/new"):
            page.goto(server.base + path)
            assert_no_horizontal_scroll(page, path)
        page.goto(server.base + "/new")
        page.locator("button[type=submit]").click()
        expect(page.locator("a.seat-link").first).to_be_visible()
        shot(page, "created-360")
        assert_no_horizontal_scroll(page, "the created table's links")
    finally:
        context.close()
