"""The lobby keeps itself up to date: htmx (vendored, no CDN) re-reads its list of open
tables every 5 s, so a table created meanwhile appears without reloading the page."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.support import Server, needs_chromium

pytestmark = needs_chromium


def test_the_lobby_lists_a_new_open_table_by_itself(server: Server, browser: Browser) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.base + "/")
        expect(page.locator("h1")).to_have_text("Lobby")
        assert page.evaluate("typeof htmx") == "object"  # served from /static, offline
        created = server.create({"mode": "1v1", "name": "Drop-in duel",
                                 "seat0_team": "tideguard", "seat0_controller": "human",
                                 "seat1_team": "ashfall", "seat1_controller": "open"})
        row = page.locator("#open-tables li.table-row", has_text="Drop-in duel")
        expect(row).to_be_visible(timeout=12_000)
        expect(row.locator("form")).to_have_attribute(
            "action", f"/t/{created['id']}/claim/1")
    finally:
        context.close()
