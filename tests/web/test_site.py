"""What people expect of a game site, in Chromium (issue 16 item 7): creating a table
lands on a page of links that a reload does not duplicate, each link with a Copy button
(the Clipboard API, or a selection to copy by hand), a hint for playing over a local
network, "(Your turn)" in the tab title with an optional tone, the track's reading
direction on a phone, and the game-over screen. Screenshots (desktop and a 390x844
phone) go to tests/web/artifacts/ for people to look at."""

from __future__ import annotations

import os
import random
import re
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from initiative.games.ib.setup import new_game
from initiative.server.table import KIND
from initiative.store import Store
from tests.web.support import (
    ARTIFACTS,
    Server,
    bot_line,
    build_match,
    needs_chromium,
    open_seat,
    play_line,
)

pytestmark = needs_chromium

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
DUEL: dict[str, Any] = {
    "mode": "1v1", "seat0_name": "Ann", "seat0_team": "tideguard", "seat0_controller": "human",
    "seat1_name": "Bo", "seat1_team": "ashfall", "seat1_controller": "human", "seed": 7}
COUNT_TONES = """
window.__tones = 0;
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__tones += 1;
  return made.call(this);
};
"""
NO_CLIPBOARD = "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});"


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"site-{name}-{os.getpid()}.png"), full_page=True)


def table_count(server: Server) -> int:
    """Tables in the server's store (`GET /api/tables` lists only the lobby's: not a
    table whose seats all go by link)."""
    with Store(str(server.db)) as store:
        return len(store.records(KIND))


def create_through_the_form(page: Page, server: Server) -> list[str]:
    """Fill in the create form (its defaults and a name), submit; the links listed."""
    page.goto(server.base + "/new")
    page.locator("input[name=name]").fill("Site check")
    page.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/t/[0-9a-f]{32}/created$"))
    return [a.text_content() or "" for a in page.locator("ul.links a").all()]


def test_creating_redirects_and_the_links_copy(server: Server, browser: Browser) -> None:
    before = table_count(server)
    context = browser.new_context(**DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        links = create_through_the_form(page, server)
        assert len(links) >= 2 and all("?k=" in link for link in links)
        assert "k=" not in page.url  # the secrets are not in the address bar
        expect(page.locator(".lan-hint")).to_contain_text("initiative serve --host 0.0.0.0")
        expect(page.locator(".lan-hint")).to_contain_text("anyone on that network")
        shot(page, "created-desktop")
        page.reload()  # the browser asks for the GET page again, no form is resent
        assert [a.text_content() for a in page.locator("ul.links a").all()] == links
        assert table_count(server) == before + 1
        page.locator("button.copy[data-copy=link-0]").click()
        expect(page.locator("#copy-status")).to_have_text(re.compile(r"^Copied the link"))
        assert page.evaluate("navigator.clipboard.readText()") == links[0]
        page.locator("button.copy[data-copy=link-spectator]").click()
        expect(page.locator("#copy-status")).to_contain_text("spectators")
        assert page.evaluate("navigator.clipboard.readText()") == links[-1]
    finally:
        context.close()


def test_without_the_clipboard_api_the_link_is_selected(server: Server,
                                                        browser: Browser) -> None:
    """Over plain http on a LAN address the Clipboard API is missing: the link's text is
    selected instead, ready for Ctrl+C (or the phone's Copy)."""
    context = browser.new_context(**PHONE)
    context.add_init_script(NO_CLIPBOARD)
    try:
        page = context.new_page()
        links = create_through_the_form(page, server)
        assert page.evaluate("navigator.clipboard") is None
        page.locator("button.copy[data-copy=link-0]").click()
        expect(page.locator("#copy-status")).not_to_be_empty()
        assert page.evaluate("window.getSelection().toString()") == links[0]
        size = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert size[0] <= size[1], f"the links page scrolls sideways at 390 px: {size}"
        shot(page, "created-phone")
    finally:
        context.close()


def seat_change(line: list[tuple[int, int]], start: int) -> int:
    """The first decision from `start` on that another seat makes."""
    return next(n for n in range(start, len(line)) if line[n][0] != line[start][0])


def test_your_turn_title_and_optional_tone(server: Server, browser: Browser) -> None:
    """The tab title says "(Your turn)" to the seat deciding only; a seat that turned the
    sound on hears one tone when the turn comes to it (counted at the Web Audio API);
    the other seat, sound off by default, hears none. The choice is remembered."""
    match = build_match(DUEL)
    line = bot_line(match, DUEL["seed"], stop=80)
    start = next(n for n in range(2, len(line)) if line[n][0] == 0 and line[n - 1][0] == 1)
    handover = seat_change(line, start)  # seat 0 plays line[start:handover]
    back = seat_change(line, handover)  # then seat 1 plays until here
    created = server.create({**DUEL, "prefix": [i for _, i in line[:start]]})
    contexts: list[BrowserContext] = []
    try:
        pages = {}
        for seat in (0, 1):
            context = browser.new_context(**DESKTOP)  # two people, two browsers
            context.add_init_script(COUNT_TONES)
            contexts.append(context)
            pages[seat] = context.new_page()
            open_seat(pages[seat], server.url(created, seat))
        ann, bo = pages[0], pages[1]
        expect(ann).to_have_title(re.compile(r"^\(Your turn\) Site|^\(Your turn\) "))
        expect(bo).not_to_have_title(re.compile(r"Your turn"))
        assert not ann.locator("#turn-sound").is_checked()  # off by default
        bo.locator("#turn-sound").check()
        assert bo.evaluate("localStorage.getItem('initiative.turnSound')") == "on"
        assert bo.evaluate("window.__tones") == 0

        play_line({0: ann}, line[start:handover])
        expect(bo).to_have_title(re.compile(r"^\(Your turn\) "))
        expect(ann).not_to_have_title(re.compile(r"Your turn"))
        bo.wait_for_function("window.__tones === 1")

        play_line({1: bo}, line[handover:back])
        expect(ann).to_have_title(re.compile(r"^\(Your turn\) "))
        assert ann.evaluate("window.__tones") == 0  # Ann never turned the sound on
        assert bo.evaluate("window.__tones") == 1  # one tone per turn that came to Bo

        bo.reload()
        expect(bo.locator("#connection")).to_have_text("Connected")
        assert bo.locator("#turn-sound").is_checked()  # remembered in this browser
        assert bo.evaluate("window.__tones") == 0  # opening the page plays nothing
    finally:
        for context in contexts:
            context.close()


def test_the_track_reads_top_down_on_a_phone(server: Server, browser: Browser) -> None:
    created = server.create(DUEL)
    for name, options, shown, hidden in (("desktop", DESKTOP, "left", "top"),
                                         ("phone", PHONE, "top", "left")):
        context = browser.new_context(**options)
        try:
            page = context.new_page()
            open_seat(page, server.url(created, 0))
            hint = page.locator("#track h2 .hint")
            expect(hint).to_have_text(f"({shown} acts first)", use_inner_text=True)
            expect(page.get_by_text(f"({shown} acts first)")).to_be_visible()
            expect(page.get_by_text(f"({hidden} acts first)")).to_be_hidden()
            boxes = [u.bounding_box() for u in page.locator("#track li.unit").all()[:3]]
            xs = {round(b["x"]) for b in boxes if b}
            ys = [b["y"] for b in boxes if b]
            if name == "phone":  # stacked: one unit under the other
                assert len(xs) == 1 and ys == sorted(ys) and len(set(ys)) == 3, boxes
            else:  # side by side
                assert len(xs) == 3, boxes
            shot(page, f"table-{name}")
        finally:
            context.close()


def finished_actions(body: dict[str, Any]) -> list[int]:
    """A whole seeded game, each action chosen at random from the legal ones."""
    state = new_game(build_match(body), body["seed"])
    rng = random.Random(body["seed"])
    actions = []
    while state.current_seat() >= 0:
        action = rng.choice(state.legal_actions())
        actions.append(action.index)
        state.apply(action)
    return actions


def test_the_game_over_screen(server: Server, browser: Browser) -> None:
    created = server.create({**DUEL, "prefix": finished_actions(DUEL)})
    for name, options in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(**options)
        try:
            page = context.new_page()
            open_seat(page, server.url(created, 0))
            over = page.locator("#status .game-over")
            expect(over.get_by_role("heading", name="Game over")).to_be_visible()
            expect(over.locator(".result")).to_contain_text(re.compile(r"Result: you (win|lose)"))
            controls = page.locator("#table-controls")
            expect(controls.get_by_role("button", name="Rematch with the same seats")
                   ).to_be_visible()
            expect(page.get_by_text("acting now")).to_have_count(0)
            expect(page.locator("#track li.unit.active")).to_have_count(0)
            shot(page, f"game-over-{name}")
            if name == "phone":
                controls.get_by_role("link", name="Replay the game").click()
                expect(page.locator("#step")).to_contain_text("Step 0 of ")
        finally:
            context.close()
