"""The hex skirmish table in a real Chromium (Playwright, Debian's chromium): a person
plays a bot to the end by clicking (the board's hexes, arrows and units where the choice
has a place there, the action list otherwise), two people play while their WebSocket
frames are checked for leaks, and the page works at 360 px.

Invariant checked at every decision of the clicking seat: every legal action of the
seat's view (read from a JSON connection of the same seat) is a clickable element of
the page (`[data-action]`).

CI plays a few seeded games from a position near the end (`TAIL` decisions before an
offline game's end), under the `round_limit` house rule (HX-A5) so a game that random
choices drag on still ends. Larger runs: HEX_WEB_GAMES=N plays N seeded games from the
start (e.g. `HEX_WEB_GAMES=20 python -m pytest tests/web/test_hex_table.py -k bot`;
HEX_WEB_ROUNDS=R changes the round limit, 0 for none).
"""

from __future__ import annotations

import json
import os
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import ClientConnection

from initiative.engine.contract import GAME_MASTER
from initiative.games.hex.flags import HexRules
from initiative.games.hex.game import HexGame
from initiative.server.hex import SITE as HEX_WEB
from tests.web.action_support import ROOT, ActionSite, view_at
from tests.web.support import (
    PageWatch,
    Server,
    capture_frames,
    needs_chromium,
    open_seat,
)

TAIL = 40
"""Decisions before the offline game's end where the CI games start."""
GAMES = int(os.environ.get("HEX_WEB_GAMES", "0"))
GAME_SEEDS = tuple((seed, 2 + seed % 3) for seed in range(1, GAMES + 1)) if GAMES \
    else ((3, 2), (11, 2), (7, 3))
"""(seed, players) of the clicked games; every seat but the first is a random bot."""
ROUNDS = int(os.environ.get("HEX_WEB_ROUNDS", "12"))
MAX_CLICKS = 20_000


SITE = ActionSite("hex_skirmish")
create_hex, json_seat, page_seq = SITE.create, SITE.json_seat, SITE.page_seq


def body_of(seed: int, **fields: Any) -> dict[str, Any]:
    return {"name": f"Hex {seed}", "players": 2, "seat0_name": "Ann", "seat1_name": "Bea",
            "seed": seed, **fields}


def offline_game(body: dict[str, Any]) -> HexGame:
    """The game the server builds from this API body (its web part's parser)."""
    plan = HEX_WEB.parse({k: str(v) for k, v in body.items() if k not in ("seed", "prefix")})
    return HEX_WEB.build(plan, body["seed"])


def offline_line(body: dict[str, Any]) -> list[int]:
    """A seeded random game of the table's plan and seed, played offline to its end."""
    game = offline_game(body)
    state = game.new_initial_state(body["seed"])
    rng = random.Random(body["seed"])
    line: list[int] = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        line.append(game.action_index(action))
        state.apply(action)
    return line


def settled(page: Page) -> int:
    """Wait until the page shows a decision or the end, live (a frame arrived: the
    server-rendered page has no seq yet); its seq."""
    expect(page.locator(ROOT)).to_have_attribute("data-seq", re.compile(r"^\d+$"))
    expect(page.locator("#hx-actions [data-action], #game-over").first).to_be_visible()
    return page_seq(page)


def click(page: Page, index: int) -> str:
    """Click action `index`: on the board when it has a place there, else in the hand
    or the list; where it was clicked."""
    seq = page_seq(page)
    for where in ("#hx-board", "#hx-hand", "#hx-actions"):
        target = page.locator(f'{where} [data-action="{index}"]')
        if target.count():
            target.first.click()
            SITE.wait_change(page, seq)
            return where
    raise AssertionError(f"action {index} is not on the page")


def play_by_clicks(page: Page, ws: ClientConnection, rng: random.Random) -> dict[str, int]:
    """Play the page's seat to the end of the game; clicks counted by page region.
    At every decision every legal action of the view is on the page (the invariant)."""
    clicks: dict[str, int] = {}
    for _ in range(MAX_CLICKS):
        seq = settled(page)
        view = view_at(ws, seq)
        if view["over"]:
            expect(page.locator("#game-over")).to_be_visible()
            return clicks
        offered = {int(i) for i in page.locator(f"{ROOT} [data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)")}
        legal = [a["index"] for a in view["legal"]]
        assert set(legal) <= offered, f"seq {seq}: legal {legal}, offered {offered}"
        where = click(page, rng.choice(legal))
        clicks[where] = clicks.get(where, 0) + 1
    raise AssertionError("the game did not end")


@needs_chromium
@pytest.mark.parametrize(("seed", "players"), GAME_SEEDS)
def test_a_person_beats_or_loses_to_bots_by_clicking(server: Server, browser: Browser,
                                                     seed: int, players: int) -> None:
    bots = {f"seat{n}_controller": "random" for n in range(1, players)}
    names = {f"seat{n}_name": name for n, name in enumerate(("Ann", "Bea", "Cai", "Dov"))}
    body = body_of(seed, players=players, **bots, **names,
                   **({"rule_round_limit": ROUNDS} if ROUNDS else {}))
    if not GAMES:
        line = offline_line(body)
        body["prefix"] = line[:max(0, len(line) - TAIL)]
    created = create_hex(server, body)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    watch = PageWatch.on(page)
    try:
        with json_seat(server, created, 0) as ws:
            open_seat(page, server.base + created["links"][0])
            clicks = play_by_clicks(page, ws, random.Random(seed))
        assert sum(clicks.values()) > 0
        banner = page.locator("#game-over")
        assert re.search(r"\((Ann|Bea|Cai|Dov)\) wins|No winner", banner.inner_text())
        expect(banner.locator(".final li")).to_have_count(players)  # final health
        controls = page.locator("#table-controls")
        expect(controls.get_by_role("link", name="Start a new Hex skirmish table")
               ).to_have_attribute("href", "/hex/new")
        record = controls.get_by_role("link", name="Download the record")
        answer = page.request.get(server.base + (record.get_attribute("href") or ""))
        assert answer.ok and answer.json()["format"] == "hex-record/1"
        assert not watch.errors and not server.tracebacks()
    finally:
        page.close()


@needs_chromium
def test_two_people_each_see_only_their_own_hand(server: Server, browser: Browser) -> None:
    """Two seats in two browsers; the hand region of every frame a page receives is that
    seat's own hand (checked against an offline replay of the same seed and actions),
    and no frame names the other seat's hand, the seed or a deck."""
    body = body_of(22)
    created = create_hex(server, body)
    game = offline_game(body)
    state = game.new_initial_state(22)
    pages = [browser.new_page(viewport={"width": 1000, "height": 800}) for _ in range(2)]
    frames = [capture_frames(p) for p in pages]
    rng = random.Random(22)
    try:
        for n, p in enumerate(pages):
            open_seat(p, server.base + created["links"][n])
        pages[0].locator('#hx-board [data-unit="1"]').hover()  # HX-23: the reach on hover
        expect(pages[0].locator("#hx-board .reach-1")).to_be_visible()
        expect(pages[0].locator("#hx-board .reach-0")).to_be_hidden()
        for applied in range(1, 31):
            if state.is_terminal():
                break
            seat = state.current_seat()
            page = pages[seat]
            settled(page)
            action = rng.choice(state.legal_actions())
            click(page, game.action_index(action))
            state.apply(action)
            hands = state.view(GAME_MASTER).to_dict()["hands"]
            for n, p in enumerate(pages):
                expect(p.locator(ROOT)).to_have_attribute("data-seq", str(applied))
                names = p.locator("#hx-hand .card-name").all_inner_texts()
                cards = state.view(n).to_dict()["cards"]
                assert names == [cards[k]["name"] for k in hands[str(n)]]
        rear = pages[0].locator("#hx-board .reach:has(.behind)").first  # HX-31 on hover
        seat_of_rear = re.findall(r"reach-(\d)", rear.get_attribute("class") or "")[0]
        pages[0].locator(f'#hx-board [data-unit="{seat_of_rear}"]').hover()
        expect(rear.locator(".behind")).to_be_visible()
        for n in (0, 1):
            for text in frames[n]:
                frame = json.loads(text)
                assert "hands" not in text and "deck_order" not in text
                hand = re.findall(r'class="card-name">([^<]+)<',
                                  frame.get("regions", {}).get("hx-hand", ""))
                assert len(hand) <= 4
    finally:
        for p in pages:
            p.close()


@needs_chromium
def test_the_table_works_at_360_px(server: Server, browser: Browser) -> None:
    body = body_of(5, seat1_controller="random")
    created = create_hex(server, body)
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True,
                            has_touch=True)
    try:
        open_seat(page, server.base + created["links"][0])
        settled(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        svg = page.locator("#hx-board svg").bounding_box()
        assert svg is not None and svg["width"] <= 360 and svg["height"] > 150
        for button in page.locator("#hx-actions [data-action]").all():
            box = button.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        unit = page.locator('#hx-board [data-unit="0"]')
        unit.focus()
        expect(page.locator("#hx-board .reach-0")).to_be_visible()
        move = page.locator('#hx-hand button[aria-label*="hex"]')  # a Move of 1+ hexes
        assert move.count(), "no Move card of one hex or more in the opening hand"
        seq = page_seq(page)
        move.first.tap()
        expect(page.locator(ROOT)).not_to_have_attribute("data-seq", str(seq))
        step = page.locator("#hx-board .move").first  # a hex to step to, by keyboard
        step.focus()
        seq = page_seq(page)
        page.keyboard.press("Enter")
        expect(page.locator(ROOT)).not_to_have_attribute("data-seq", str(seq))
    finally:
        page.close()


@needs_chromium
def test_the_header_leads_to_the_hex_guide(server: Server, browser: Browser) -> None:
    """Every hex page names the game and its How to play opens /hex/how-to-play: the
    rules with their HX ids and every house-rule flag; readable at 360 px."""
    created = create_hex(server, body_of(9, seat1_controller="random"))
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True)
    try:
        open_seat(page, server.base + created["links"][0])
        expect(page.locator("header.top > a").first).to_have_text("Hex skirmish")
        with page.context.expect_page() as opened:
            page.get_by_role("link", name="How to play").first.click()
        guide = opened.value
        guide.wait_for_load_state()
        assert guide.url.endswith("/hex/how-to-play")
        expect(guide.get_by_role("heading", name="How to play Hex skirmish")).to_be_visible()
        expect(guide.locator("#house-rules tbody tr")).to_have_count(len(HexRules.names()))
        expect(guide.locator("#reactions")).to_contain_text("HX-31")
        assert guide.evaluate("document.documentElement.scrollWidth") <= 360
        guide.close()
        hand = page.locator("#hx-hand .ic-dice").first  # an icon explains itself
        assert "HX-25" in (hand.get_attribute("title") or "")
    finally:
        page.close()


@needs_chromium
def test_the_form_shows_only_the_seats_of_the_chosen_player_count(
        server: Server, browser: Browser) -> None:
    """/hex/new shows one seat per player, following the Players choice, and creates a
    table with exactly that many seats."""
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    try:
        page.goto(server.base + "/hex/new")
        seats = page.locator("fieldset.seat")
        for count in ("3", "2", "4", "2"):
            page.select_option("#hex-players", count)
            for n in range(4):
                if n < int(count):
                    expect(seats.nth(n)).to_be_visible()
                else:
                    expect(seats.nth(n)).to_be_hidden()
        page.select_option("select[name=seat1_controller]", "random")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url("**/created")
        assert page.locator("a[href*='?k=']").count() >= 1
    finally:
        page.close()
