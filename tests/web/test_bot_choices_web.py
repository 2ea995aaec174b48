"""Every game's create form in Chromium offers each bot with its one line on what it does
and how strong it is, has the game's default opponent picked for Seat 2, and still fits
a 360 px phone with those longer options (screenshots in tests/web/artifacts/)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from initiative.bots import bot_lines, default_bot
from initiative.server.sites import web_games
from tests.web.support import Server, needs_chromium
from tests.web.test_mobile import assert_no_horizontal_scroll, phone, shot

pytestmark = needs_chromium


@pytest.mark.parametrize("game", [e.name for e in web_games()])
def test_the_form_describes_the_bots_and_fits_a_phone(server: Server, browser: Browser,
                                                      game: str) -> None:
    slug = next(e.web_slug for e in web_games() if e.name == game)
    context = phone(browser)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/{slug}/new")
        seat2 = page.locator("select[name=seat1_controller]")
        expect(seat2).to_have_value(default_bot(game))
        lines = dict(bot_lines(game))
        chosen = seat2.locator("option:checked")
        expect(chosen).to_have_text(f"bot: {default_bot(game)} - {lines[default_bot(game)]}")
        offered = [v for v in seat2.locator("option").evaluate_all(
            "options => options.map(o => o.value)") if v in lines]
        assert len(offered) >= 4  # the levels at least
        for name in offered:
            expect(seat2.locator(f"option[value='{name}']")).to_have_text(
                f"bot: {name} - {lines[name]}")
        assert_no_horizontal_scroll(page, f"/{slug}/new")
        shot(page, f"new-{slug}-bots-360")
    finally:
        context.close()
