"""A table whose creator chose the seed, as a stranger meets it in Chromium (issue 25;
docs/web.md "A table with a chosen seed"): the lobby lists it apart from the fair open
tables under a warning, with a mark on its row; taking its free seat opens a page that
shows the notice; a fair table's page shows none. Every registered web game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.server.test_every_game_features import FIELDS, GAMES
from tests.web.support import Server, needs_chromium

pytestmark = needs_chromium


@pytest.mark.parametrize("game", GAMES)
def test_a_stranger_is_warned_of_a_chosen_seed_in_the_lobby_and_at_the_table(
        server: Server, browser: Browser, game: str) -> None:
    body = {"game": game, "seat0_name": "Ann", "seat1_name": "Bea",
            "seat1_controller": "open", **FIELDS[game]}
    marked = server.create({**body, "name": f"Marked {game}", "seed": 2024})
    fair = server.create({**body, "name": f"Fair {game}"})
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        fair_row = page.locator("#open-tables li.table-row", has_text=f"Fair {game}")
        expect(fair_row).to_be_visible()
        expect(fair_row.locator(".chosen-seed-mark")).to_have_count(0)
        heading = page.locator("#marked-h")
        expect(heading).to_have_text("Tables with a seed their creator chose")
        row = page.locator("#open-tables li.table-row[data-chosen-seed]",
                           has_text=f"Marked {game}")
        expect(row.locator(".chosen-seed-mark")).to_be_visible()
        expect(row.locator(".chosen-seed-mark")).to_contain_text("its creator can know")
        assert heading.bounding_box()["y"] < row.bounding_box()["y"]  # type: ignore[index]
        row.get_by_role("button", name="Take this seat").click()
        page.wait_for_url(re.compile(rf"/t/{marked['id']}\?k="))
        expect(page.locator("#connection")).to_have_text("Connected")
        notice = page.locator("#chosen-seed")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("Chosen seed, not a fair deck")
        expect(notice).to_contain_text("can work out every hand, draw and roll")
        page.screenshot(path=str(server.log.with_name(f"chosen-seed-{game}.png")))
        page.goto(server.base + fair["links"][0])
        expect(page.locator("#connection")).to_have_text("Connected")
        expect(page.locator("#chosen-seed")).to_have_count(0)
    finally:
        context.close()
