"""Initiative Break's controls as a person meets them in Chromium (issue 25): keeping
one's opening hand is one click (no Confirm, no track preview); a Break window shows
only the Breaks one can declare and one "No Break" (no greyed-out buttons); a discard
cost's prompt says how many cards are left to choose; a Move Up that cannot happen
(IB-3.4.3) is warned in the preview before the Confirm. Each page is screenshotted
into tests/web/artifacts for a person to look at."""

from __future__ import annotations

import os

from playwright.sync_api import Browser, Page, expect

from initiative.games.ib.actions import KEEP, Kind
from tests.cli.test_break_prompt import first
from tests.server.test_ib_texts import BODY, costly, find_blocked_move_up, warned
from tests.web.support import (
    ARTIFACTS,
    DRAFT,
    Server,
    click_step,
    find_position,
    needs_chromium,
    offered,
    open_seat,
    replay,
)

pytestmark = needs_chromium


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"ib-texts-{name}-{os.getpid()}.png"),
                    full_page=True)


def seat_page(browser: Browser, server: Server, body: dict[str, object], seat: int) -> Page:
    created = server.create({**BODY, **body})
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    open_seat(page, server.url(created, seat))
    expect(page.locator("#actions .decision")).to_be_visible()
    return page


def test_keep_hand_is_one_click(server: Server, browser: Browser) -> None:
    page = seat_page(browser, server, {"seed": 3}, 0)
    shot(page, "opening-hand")
    expect(page.locator("#actions .unavailable")).to_have_count(0)
    page.locator(f'#actions [data-op="act"][data-action="{KEEP.index}"]').click()
    expect(page.locator("#status")).to_contain_text("Waiting for Player 2")
    expect(page.locator(DRAFT)).to_have_count(0)
    expect(page.locator("#actions .preview")).to_have_count(0)
    expect(page.locator("#confirm")).to_have_count(0)
    page.context.close()


def test_the_break_window_shows_only_what_can_be_played(server: Server,
                                                        browser: Browser) -> None:
    window = first({}, lambda v: sum(a.kind == Kind.BREAK for a in v.legal) >= 1)
    seat = window.state.current_seat()
    page = seat_page(browser, server, {"seed": window.seed, "prefix": list(window.actions)},
                     seat)
    shot(page, "break-window")
    actions = page.locator("#actions")
    expect(actions.locator("button[disabled]")).to_have_count(0)
    expect(actions.locator("button", has_text="No Break")).to_have_count(1)
    breaks = sum(a.kind == Kind.BREAK for a in window.view.legal)
    expect(actions.locator("button", has_text="Break with ")).to_have_count(breaks)
    page.context.close()


def test_a_discard_cost_says_how_many_are_left(server: Server, browser: Browser) -> None:
    at = find_position(BODY, 0, costly)
    cost = at.match.content.cards[at.before.hands[0][at.steps[0].arg]].cost
    page = seat_page(browser, server, at.body, 0)
    click_step(page, offered(page, at.steps[0].index, "#hand"))
    expect(page.locator("#actions .decision")).to_contain_text(
        f"choose a card to discard for its cost ({cost} more)")
    shot(page, "discard-cost")
    click_step(page, offered(page, at.steps[1].index))
    expect(page.locator("#actions .decision")).to_contain_text(f"({cost - 1} more)")
    page.context.close()


def test_a_blocked_move_up_is_warned_before_the_confirm(server: Server,
                                                        browser: Browser) -> None:
    at = find_blocked_move_up()
    expected = warned(replay(at.match, at.body["seed"], at.body["prefix"]), 0, at.steps)
    page = seat_page(browser, server, at.body, 0)
    for step in at.steps:
        control = offered(page, step.index, "#actions").or_(offered(page, step.index, "#hand"))
        click_step(page, control if control.count() else offered(page, step.index))
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#actions .warnings li")).to_have_text(expected)
    shot(page, "move-up-warning")
    page.context.close()
