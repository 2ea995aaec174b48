"""Keyboard-only play, the screen-reader announcement of turns, and requests sent once
(issue 7 item 7)."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Browser, Page, expect

from tests.web.support import (
    DRAFT,
    STEP,
    Server,
    capture_frames,
    click_step,
    needs_chromium,
    open_seat,
    take_first_turn,
)

pytestmark = needs_chromium

FOCUSED = "(sel) => !!document.activeElement && document.activeElement.matches(sel)"


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate(FOCUSED, selector))


def tab_to(page: Page, selector: str, key: str = "Tab", limit: int = 120) -> int:
    """Press Tab (or Shift+Tab) until the focused element matches; the presses made."""
    for presses in range(limit):
        if focused(page, selector):
            return presses
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {selector}")


def keyboard_turn(page: Page, activate: str) -> int:
    """One turn with the keyboard only: Tab to a step and press `activate` (Enter or
    Space) until the draft is complete, then Confirm. Returns the steps taken."""
    page.wait_for_selector(f"#table {STEP}")
    steps = 0
    while not page.locator("#confirm").count():
        tab_to(page, f"#table {STEP}")
        page.keyboard.press(activate)
        steps += 1
        expect(page.locator(DRAFT)).to_have_count(steps)
    # The complete draft's Confirm has the focus already (the page moves it there).
    assert focused(page, "#confirm"), "focus did not move to Confirm"
    page.keyboard.press("Shift+Tab")
    assert not focused(page, "#confirm")
    tab_to(page, "#confirm")
    page.keyboard.press(activate)
    expect(page.locator("#actions ol.draft")).to_have_count(0)
    return steps


def test_keyboard_only_turns(server: Server, browser: Browser) -> None:
    started = time.monotonic()
    created = server.create({
        "mode": "1v1", "seat0_name": "Keys", "seat0_team": "tideguard",
        "seat0_controller": "human", "seat1_name": "Bot", "seat1_team": "ashfall",
        "seat1_controller": "easy", "seed": 21})
    context = browser.new_context()
    try:
        page = context.new_page()
        open_seat(page, server.url(created, 0))
        expect(page.locator("#announce")).to_contain_text("Your turn")
        log = page.locator("#log li")
        for activate in ("Enter", "Space"):
            before = log.count()
            keyboard_turn(page, activate)
            # Accepted: stored and played (the log grew), and the page shows the game
            # after it (no draft, no error).
            expect(page.locator("#connection")).not_to_have_class("connection error")
            page.wait_for_function("n => document.querySelectorAll('#log li').length > n",
                                   arg=before)
        # A turn of several steps (an attack, then its target on the track).
        deadline = started + 60
        while True:
            assert time.monotonic() < deadline, "no attack with a target came up"
            page.wait_for_selector(f"#table {STEP}")
            attack = page.locator(f"#actions {STEP}", has_text="Basic Attack")
            if attack.count() and _has_choice_of_targets(page):
                break
            take_first_turn(page)
        before = log.count()
        tab_to(page, f'#actions [data-action="{attack.get_attribute("data-action")}"]')
        page.keyboard.press("Enter")
        expect(page.locator(DRAFT)).to_have_count(1)
        # The focus moved to the first target on the track.
        assert focused(page, f"#track {STEP}"), "focus did not move to the targets"
        page.keyboard.press("Enter")
        expect(page.locator(DRAFT)).to_have_count(2)
        assert focused(page, "#confirm")
        page.keyboard.press("Enter")
        expect(page.locator("#actions ol.draft")).to_have_count(0)
        page.wait_for_function("n => document.querySelectorAll('#log li').length > n",
                               arg=before)
    finally:
        context.close()
    assert time.monotonic() - started < 90


def _has_choice_of_targets(page: Page) -> bool:
    """Whether a Basic Attack would ask for a target (several enemies are standing)."""
    return page.locator("#track li.unit .who", has_text="enemy").count() > 1


def test_announce_says_your_turn(server: Server, browser: Browser) -> None:
    created = server.create({
        "mode": "1v1", "seat0_name": "First", "seat0_team": "tideguard",
        "seat0_controller": "human", "seat1_name": "Second", "seat1_team": "lone_warden",
        "seat1_controller": "human", "seed": 3})
    contexts = [browser.new_context() for _ in range(2)]
    try:
        pages = [context.new_page() for context in contexts]
        for seat, page in enumerate(pages):
            open_seat(page, server.url(created, seat))
        # Seat 1 keeps or mulligans first; seat 2 is told who is deciding.
        expect(pages[0].locator("#announce")).to_contain_text("Your turn")
        expect(pages[0].locator("#announce")).to_have_attribute("aria-live", "polite")
        expect(pages[1].locator("#announce")).to_have_text("First is deciding.")
        take_first_turn(pages[0])
        expect(pages[1].locator("#announce")).to_contain_text("Your turn")
        expect(pages[0].locator("#announce")).to_have_text("Second is deciding.")
        assert pages[1].title().startswith("(Your turn)")
    finally:
        for context in contexts:
            context.close()


def test_double_click_on_confirm_sends_it_once(server: Server, browser: Browser) -> None:
    created = server.create({
        "mode": "1v1", "seat0_team": "tideguard", "seat0_controller": "human",
        "seat1_team": "lone_warden", "seat1_controller": "human", "seed": 3})
    context = browser.new_context()
    try:
        page = context.new_page()
        frames = capture_frames(page)
        open_seat(page, server.url(created, 0))
        click_step(page, page.locator(f"#actions {STEP}", has_text="Mulligan"))
        page.locator("#confirm").dblclick()
        expect(page.locator("#actions ol.draft")).to_have_count(0)
        # One more round trip: the server answers one socket's requests in order, so
        # an answer to a second Confirm would have come before this one.
        page.locator("#chat-text").fill("hello")
        page.keyboard.press("Enter")
        expect(page.locator("#chat .chat-lines")).to_contain_text("hello")
        errors = [f for f in map(json.loads, frames) if f.get("type") == "error"]
        assert not errors, errors
        expect(page.locator("#connection")).to_have_text("Connected")
    finally:
        context.close()
