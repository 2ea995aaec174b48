"""Seats named the same on every front end (issue 25 item 4), in a real Chromium: a
person creates a hex skirmish and a The Initiative table from the form, and the name
they read for seat 1 on the created-links page, the seat page's title, its unit or team
list, its log and the lobby's "My tables" is the game's one name (`SeatSetup.label`,
``Corvell (Player 1)``), the same string the JSON state and the terminal show
(tests/cli/test_seat_names_tty.py). Screenshots at 1280 and 360 px go to
docs/images/seat-names-*.png."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from initiative.games import load_game
from tests.web.action_support import ActionSite
from tests.web.support import UI_TIMEOUT_MS, Server, needs_chromium, open_seat

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
GAMES = (
    # (registry name, form slug, form fields, the characters, region of the seat list)
    ("hex_skirmish", "hex", {"seat0_character": "corvell", "seat1_character": "tamsin"},
     ["corvell", "tamsin"], "#hx-units"),
    ("the_initiative", "ti", {"seat0_character": "pip", "seat1_character": "ada"},
     ["pip", "ada"], "#ti-team"),
)

LOGS = {"hex": "hx-log", "ti": "ti-log"}


def _create(page: Page, server: Server, slug: str, fields: dict[str, str]) -> None:
    page.goto(server.base + f"/{slug}/new")
    page.select_option("select[name=players]", "2")
    for name, value in fields.items():
        page.select_option(f"select[name={name}]", value)
    page.select_option("select[name=seat1_controller]", "random")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/created")


@needs_chromium
@pytest.mark.parametrize(("game", "slug", "fields", "characters", "region"), GAMES)
def test_a_seat_reads_the_same_name_on_every_page(
        server: Server, browser: Browser, game: str, slug: str, fields: dict[str, str],
        characters: list[str], region: str) -> None:
    labels = [s.label for s in load_game(game, players=2, characters=characters).setup.seats]
    assert labels[0].endswith(" (Player 1)")
    for width in (1280, 360):
        page = browser.new_page(viewport={"width": width, "height": 900})
        try:
            _create(page, server, slug, fields)
            first = page.locator("main li").first
            expect(first).to_contain_text(f"{labels[0]}: ")
            expect(page.locator("main li").nth(1)).to_contain_text(f"{labels[1]}: bot")
            link = first.locator("a[href*='?k=']").first.get_attribute("href") or ""
            match = re.search(r"/t/([^?]+)\?k=([^&#]+)", link)
            assert match, link
            open_seat(page, link if link.startswith("http") else server.base + link)
            expect(page.get_by_text(f"seat 1, {labels[0]}").first).to_be_visible()
            units = page.locator(f"{region} strong")
            expect(units.first).to_contain_text(labels[0])
            shown = units.first.inner_text()
            assert shown.endswith(labels[0]), shown  # its mark, then the one name
            expect(units.nth(1)).to_contain_text(labels[1])
            expect(page.locator(f"#{LOGS[slug]}")).to_contain_text(labels[0])
            created = {"id": match.group(1), "seats": [match.group(2)]}
            with ActionSite(game).json_seat(server, created, 0) as ws:
                frame = json.loads(ws.recv(timeout=UI_TIMEOUT_MS / 1000))
                while frame.get("type") != "state":
                    frame = json.loads(ws.recv(timeout=UI_TIMEOUT_MS / 1000))
            assert frame["view"]["seat_names"] == labels, "the JSON state"
            page.screenshot(path=str(IMAGES / f"seat-names-{slug}-{width}.png"), full_page=True)
            page.goto(server.base + "/")
            expect(page.get_by_text(labels[0]).first).to_be_visible()
        finally:
            page.close()


@needs_chromium
def test_the_ti_forms_solo_hints_are_in_words_with_the_rule_in_a_tooltip(
        server: Server, browser: Browser) -> None:
    """Issue 25 item 4: the solo hints of /ti/new read in words; TI-A17 is in a tooltip."""
    for width in (1280, 360):
        page = browser.new_page(viewport={"width": width, "height": 900})
        try:
            page.goto(server.base + "/ti/new")
            page.select_option("select[name=players]", "1")
            page.locator("#solo-hint a").click()
            page.select_option("select[name=rule_characters_per_solo_player]", "2")
            hints = [page.locator("#solo-hint"),
                     page.locator("fieldset.seat").nth(1).locator(".solo-note")]
            for hint in hints:
                expect(hint).to_be_visible()
                assert "TI-A17" not in hint.inner_text()
                expect(hint.locator(".ruled")).to_have_attribute("title", "Rules: TI-A17")
            second = page.locator("fieldset.seat").nth(1)
            expect(second.locator("input[name=seat1_name]")).to_be_hidden()  # seat 1's name
            hints[0].scroll_into_view_if_needed()
            page.screenshot(path=str(IMAGES / f"seat-names-ti-solo-form-{width}.png"))
        finally:
            page.close()
