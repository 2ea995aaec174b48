"""Getting back to your games (issue 25 item 2), in Chromium, for every game: the tables a
browser created or opened a link of are listed under My tables in the lobby (kept in
that browser), with their full links, each removable; the creator's key opens the page
of links again in any browser; every Copy button copies a full address, the GM tracker
page's included (it copied a bare /trackers/... path after the first live update), and
GM trackers are under My tables too."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.feature_support import CASES, GameCase, create_from_the_form, play_as
from tests.web.support import ARTIFACTS, Server, needs_chromium

pytestmark = needs_chromium
PLAY_AS_ANN, PLAY_AS_BEA = play_as("Ann"), play_as("Bea")
CLIPBOARD: dict[str, Any] = {"permissions": ["clipboard-read", "clipboard-write"]}
PHONE: dict[str, Any] = {"viewport": {"width": 360, "height": 740}, "is_mobile": True,
                         "has_touch": True}


def copied(page: Page, button: str) -> str:
    """Click a Copy button; what the clipboard then holds."""
    page.locator(button).click()
    expect(page.locator("#copy-status")).to_have_text(re.compile(r"^Copied the link"))
    return str(page.evaluate("navigator.clipboard.readText()"))


def mine(page: Page, table: str) -> Any:
    return page.locator(f'#my-tables li.my-table[data-id="{table}"]')


@pytest.mark.parametrize("case", CASES, ids=str)
def test_my_tables_the_creator_key_and_full_addresses(server: Server, browser: Browser,
                                                      case: GameCase) -> None:
    name = f"Mine {case.entry.web_slug}"
    ann_context = browser.new_context(**CLIPBOARD)
    bea_context = browser.new_context(**PHONE, **CLIPBOARD)
    try:
        ann = ann_context.new_page()
        created = create_from_the_form(ann, server, case, name)
        full = [server.base + link for link in (*created.seats, created.spectator)]
        assert copied(ann, "button.copy[data-copy=link-0]") == full[0]
        key_link = ann.locator("a#link-creator").text_content() or ""
        assert key_link.startswith(f"{server.base}/t/{created.table}/created?k=")
        assert copied(ann, "button.copy[data-copy=link-creator]") == key_link

        # The lobby, reloaded: the table under My tables with every link and the key.
        ann.goto(server.base + "/")
        ann.reload()
        row = mine(ann, created.table)
        expect(row).to_contain_text(name)
        expect(row).to_contain_text(case.entry.title)
        expect(row.get_by_role("link", name=key_link)).to_be_visible()
        hrefs = [a.get_attribute("href") for a in row.locator("a.mine-link").all()]
        assert hrefs == [key_link, *full]
        expect(row.locator("li").filter(has_text=PLAY_AS_ANN)).to_contain_text(full[0])
        expect(row.locator("li").filter(has_text=PLAY_AS_BEA)).to_contain_text(full[1])
        ARTIFACTS.mkdir(exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / f"my-tables-{case.entry.web_slug}.png"),
                       full_page=True)
        seat_copy = row.locator("li").filter(has_text=PLAY_AS_BEA).locator("button.copy")
        seat_copy.click()
        expect(ann.locator("#copy-status")).to_have_text(re.compile(r"^Copied the link"))
        assert ann.evaluate("navigator.clipboard.readText()") == full[1]

        # Bea opens her own seat's link: her lobby lists that seat only (no key).
        bea = bea_context.new_page()
        bea.goto(full[1])
        expect(bea.locator("#connection")).to_have_text("Connected")
        bea.goto(server.base + "/")
        theirs = mine(bea, created.table)
        expect(theirs).to_contain_text(PLAY_AS_BEA)
        assert [a.get_attribute("href") for a in theirs.locator("a.mine-link").all()] \
            == [full[1]]
        # Without the key the page of links says how the creator gets back to it ...
        bea.goto(f"{server.base}/t/{created.table}/created")
        expect(bea.locator("main")).to_contain_text("My tables")
        # ... and with the creator's key any browser has the same page of links.
        bea.goto(key_link)
        expect(bea.locator("h1")).to_have_text(name)
        seats = [a.get_attribute("href") for a in bea.locator("ul.links a.seat-link").all()]
        assert tuple(seats) == created.seats

        # Removing it from Ann's list: gone, and still gone after a reload.
        row.get_by_role("button", name=re.compile("^Remove")).click()
        expect(ann.locator("#my-tables .mine-status")).to_contain_text(f"Removed {name}")
        expect(row).to_have_count(0)
        ann.reload()
        expect(mine(ann, created.table)).to_have_count(0)
        bea.goto(server.base + "/")  # Bea's browser keeps its own list, the key now in it
        expect(mine(bea, created.table).get_by_role("link", name=key_link)).to_be_visible()
    finally:
        ann_context.close()
        bea_context.close()


def test_the_gm_tracker_page_copies_full_addresses(server: Server, browser: Browser) -> None:
    """The GM's Copy buttons give full addresses after a live update too, and a GM
    tracker is under My tables like a table: the GM's browser with every link, a
    player's with their own."""
    context, phone = browser.new_context(**CLIPBOARD), browser.new_context(**PHONE)
    try:
        gm = context.new_page()
        gm.goto(server.base + "/trackers/new")
        gm.get_by_label("Card rounds (compatible with FaithRPG)").check()
        gm.get_by_label("Name").fill("Copy check")
        gm.get_by_role("button", name="Create the tracker").click()
        gm.locator("a.gm-link").click()
        expect(gm.locator("#connection")).to_have_text("Connected")
        tracker = gm.url.split("/trackers/")[1].split("?")[0]
        command = gm.get_by_role("textbox", name="Command")
        command.fill("round")
        command.press("Enter")  # a live update redraws the list of links
        expect(gm.locator("#console")).to_contain_text("> round")
        link = copied(gm, "#links button.copy[data-copy=link-0]")
        assert link.startswith(f"{server.base}/trackers/") and "?k=" in link, link
        player = phone.new_page()
        player.goto(link)
        expect(player.locator("#connection")).to_have_text("Connected")
        player.goto(server.base + "/")
        assert [a.get_attribute("href") for a in
                mine(player, tracker).locator("a.mine-link").all()] == [link]
        gm.goto(server.base + "/")
        row = mine(gm, tracker)
        expect(row).to_contain_text("Copy check")
        expect(row.locator("li").filter(has_text="Game master (secret)")).to_have_count(1)
        assert link in [a.get_attribute("href") for a in row.locator("a.mine-link").all()]
    finally:
        context.close()
        phone.close()
