"""The create-table form in Chromium: it shows only the seats the chosen mode uses (and the
players field only where the number is a choice), names each seat's preset team, and a
table made from its defaults in a team format opens with the right number of seats."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.support import Server, needs_chromium

pytestmark = needs_chromium


def test_the_form_shows_the_seats_of_the_chosen_mode(server: Server, browser: Browser) -> None:
    context = browser.new_context()
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.base + "/new")
        seats = page.locator("fieldset.seat")
        players = page.locator("#players")
        expect(seats.nth(1)).to_be_visible()
        expect(seats.nth(2)).to_be_hidden()  # 1v1 by default: two seats
        expect(players).to_be_hidden()
        expect(seats.nth(0).locator("option.preset")).to_have_text("preset: Tideguard")

        page.select_option("#mode", "2v2v2v2")
        expect(seats.nth(7)).to_be_visible()
        expect(seats.nth(7).locator("option.preset")).to_have_text("preset: Wind Scout")

        page.select_option("#mode", "coop")
        expect(players).to_be_visible()
        expect(seats.nth(1)).to_be_visible()
        expect(seats.nth(2)).to_be_hidden()  # co-op: two players unless told
        players.fill("3")
        expect(seats.nth(2)).to_be_visible()
        expect(seats.nth(3)).to_be_hidden()

        page.select_option("#mode", "solo")
        expect(seats.nth(0)).to_be_visible()
        expect(seats.nth(1)).to_be_hidden()
        expect(players).to_be_hidden()

        page.select_option("#mode", "4v4")
        page.get_by_role("button", name="Create the table").click()
        expect(page.locator("h1")).to_have_text("Teams 4v4 table")
        expect(page.locator("ul.links li")).to_have_count(8 + 1)  # and the spectators
        assert errors == []
    finally:
        context.close()
