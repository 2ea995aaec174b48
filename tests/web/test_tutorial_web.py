"""The guided first game at the web table (server/ib/tutorial.py), in Chromium as a
person plays it: the lobby's "First game?" button makes a tutorial table, the player's
seat page shows a hint at each decision (games/ib/text/tutorial.py, the terminal's
too), and the hint follows the player's choices, a draft's steps included."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.feature_support import people
from tests.web.support import CONTROL, STEP, Server, click_step, confirm, needs_chromium

pytestmark = needs_chromium
HINT = "#hint"
SUGGESTED = "#hint [data-suggested]"


def _suggested(page: Page) -> Locator:
    """The control of the hint's suggested step (a draft's step, or a one-click
    choice such as keeping the hand)."""
    index = page.locator(SUGGESTED).get_attribute("data-suggested")
    return page.locator(f'#table {CONTROL}[data-action="{index}"]').first


def test_the_lobby_tutorial_hints_each_decision(server: Server, browser: Browser,
                                                tmp_path: Path) -> None:
    with people(browser, server) as found:
        page = found.page("learner")
        page.goto(server.base + "/")
        page.screenshot(path=str(tmp_path / "tutorial-lobby.png"))
        page.get_by_role("button", name="First game? Take the guided tutorial").click()
        page.wait_for_url("**/created")
        expect(page.locator("h1")).to_contain_text("Tutorial: your first game")
        page.locator("ul.links a.seat-link").first.click()
        expect(page.locator("#connection")).to_have_text("Connected")

        hint = page.locator(HINT)
        expect(hint).to_contain_text("Opening hand (IB 2.8.2)")
        expect(hint).to_contain_text("Suggested: keep it")
        page.screenshot(path=str(tmp_path / "tutorial-mulligan.png"), full_page=True)
        assert click_step(page, _suggested(page))  # Keep hand, as suggested: one click

        expect(hint).to_contain_text("on the Active slot")  # after the bot's turns
        expect(hint).to_contain_text("(IB 3.1.2)")
        click_step(page, page.locator(f"#actions {STEP}", has_text="Basic Attack"))
        expect(hint).to_contain_text("Choose the target (IB 3.8)")  # the draft's step
        expect(hint).to_contain_text("the enemy with the least HP")
        page.screenshot(path=str(tmp_path / "tutorial-target.png"), full_page=True)
        click_step(page, _suggested(page))
        expect(hint).to_contain_text("press Confirm to play it")  # a whole action
        confirm(page)
        expect(hint).not_to_contain_text("Choose the target")
        expect(page.locator(SUGGESTED)).to_have_count(1)  # the next decision's hint


def test_a_table_made_from_the_form_shows_no_hint(server: Server, browser: Browser) -> None:
    created = server.create({"mode": "1v1", "seat0_team": "tideguard",
                             "seat0_controller": "human", "seat1_controller": "easy"})
    with people(browser, server) as found:
        page = found.page("ann", server.url(created, 0))
        expect(page.locator("#actions")).to_contain_text("Keep hand")
        expect(page.locator(HINT)).to_be_empty()
        expect(page.locator(HINT)).to_be_hidden()
