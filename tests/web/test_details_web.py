"""Units and cards explained where they stand (issue 16 item 2), in real Chromium: a
click or the keyboard on a unit's, a hand card's, a Challenge Card's or the Round
Marker's control opens its full text in a dialog, Escape closes it and gives the focus
back; a unit that is also a target keeps being targeted by its own button; the How to
play page opens from the table. Screenshots (desktop and phone) go to tests/web/artifacts/.
"""

from __future__ import annotations

import os
from typing import Any

from playwright.sync_api import Browser, Page, expect

from initiative.games.ib.actions import Kind
from initiative.games.ib.text import details
from tests.web.support import (
    ARTIFACTS,
    DRAFT,
    Server,
    bot_line,
    build_match,
    click_step,
    draft_len,
    horizontal_overflow,
    needs_chromium,
    open_seat,
    replay,
)

pytestmark = needs_chromium

DIALOG = "#details-dialog"
DUEL: dict[str, Any] = {
    "mode": "1v1", "seat0_name": "North", "seat0_team": "tideguard", "seat0_controller": "human",
    "seat1_name": "South", "seat1_team": "ashfall", "seat1_controller": "human", "seed": 11}
SOLO: dict[str, Any] = {
    "mode": "solo", "seat0_name": "Solo", "seat0_team": "tideguard", "seat0_controller": "human",
    "encounter": "heart_of_the_rift", "seed": 4}


def shot(page: Page, name: str, full_page: bool = False) -> None:
    """What the reader sees (the viewport; `full_page` for a whole page)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{os.getpid()}.png"), full_page=full_page)


def first_basic_attack(body: dict[str, Any]) -> tuple[list[int], int]:
    """Actions up to the first decision offering a Basic Attack (IB 4.1), and its seat."""
    seed = int(body["seed"])
    match = build_match(body)
    line = bot_line(match, seed, stop=200)
    for n in range(len(line)):
        state = replay(match, seed, [i for _, i in line[:n]])
        seat = state.current_seat()
        if any(a.kind == Kind.BASIC for a in state.legal_actions()):
            return [i for _, i in line[:n]], seat
    raise AssertionError("no Basic Attack in the first 200 decisions")


def open_details(page: Page, control: str) -> None:
    page.locator(control).click()
    expect(page.locator(DIALOG)).to_be_visible()


def close_with_escape(page: Page, control: str) -> None:
    page.keyboard.press("Escape")
    expect(page.locator(DIALOG)).to_be_hidden()
    expect(page.locator(control)).to_be_focused()


def test_unit_card_and_round_marker_open_their_text(server: Server, browser: Browser) -> None:
    match = build_match(DUEL)
    created = server.create(DUEL)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        open_seat(page, server.url(created, 0))
        # a unit of the other side: its stats, attacks, Break Art and Keystone
        enemy = next(u for u in range(match.num_characters) if match.unit_seat[u] == 1)
        name = match.unit_name(enemy)
        control = f"#info-unit-{enemy}"
        open_details(page, control)
        dialog = page.locator(DIALOG)
        expect(page.locator("#details-dialog-title")).to_contain_text(name)
        for words in ("Speed", "Initiative", "Basic Attack", "Advanced Attack (1 Charge)",
                      "Break Art (3 Charge)", "Keystone", "enemy (South)"):
            expect(dialog).to_contain_text(words)
        shot(page, "details-unit-1280")
        # the table's shortcut keys do nothing behind the dialog
        page.keyboard.press("c")
        expect(dialog).to_be_visible()
        close_with_escape(page, control)
        # a card in hand, by keyboard alone: focus its control, Enter opens, Escape closes
        card = details.card_details(match.content, replay(match, 11, []).hands[0][0])
        page.locator("#info-hand-0").focus()
        page.keyboard.press("Enter")
        expect(dialog).to_be_visible()
        expect(page.locator("#details-dialog-title")).to_have_text(card.title)
        expect(dialog).to_contain_text(card.summary)
        expect(dialog).to_contain_text(card.sections[0].heading)
        shot(page, "details-card-1280")
        close_with_escape(page, "#info-hand-0")
        # a click on a unit that is no target opens it too; Space works like Enter
        page.locator(f'#track div.unit-body[data-details="unit-{enemy}"]').click()
        expect(page.locator("#details-dialog-title")).to_contain_text(name)
        page.locator(".details-close").click()
        expect(dialog).to_be_hidden()
        page.locator("#track .rm-body").focus()
        page.keyboard.press("Space")
        expect(page.locator("#details-dialog-title")).to_have_text("The Round Marker and rounds")
        expect(dialog).to_contain_text("out of round")
        expect(dialog).to_contain_text("IB-3.5.3")
        close_with_escape(page, "#track .rm-body")
    finally:
        page.close()


def test_closing_never_takes_the_focus_from_the_next_control(server: Server,
                                                             browser: Browser) -> None:
    """The dialog's "close" event is a task of its own, run after the dialog is gone: a
    reader who is already on another control by then (here in the same script, before
    that task can run) keeps it, and Space there opens that control's text, not the
    last one again; opening it again before the event comes leaves it open."""
    match = build_match(DUEL)
    created = server.create(DUEL)
    enemy = next(u for u in range(match.num_characters) if match.unit_seat[u] == 1)
    unit = f'#track div.unit-body[data-details="unit-{enemy}"]'
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        open_seat(page, server.url(created, 0))
        dialog, title = page.locator(DIALOG), page.locator("#details-dialog-title")
        page.locator(unit).click()
        expect(title).to_contain_text(match.unit_name(enemy))
        page.evaluate("""() => {
            document.querySelector(".details-close").click();
            document.querySelector("#track .rm-body").focus();
        }""")
        expect(dialog).to_be_hidden()
        expect(page.locator("#track .rm-body")).to_be_focused()
        page.keyboard.press("Space")
        expect(title).to_have_text("The Round Marker and rounds")
        # closed and opened again at once (its close event comes after): it stays open
        page.evaluate("""() => {
            document.querySelector(".details-close").click();
            document.querySelector("#track .rm-body").click();
        }""")
        page.evaluate("() => new Promise(done => setTimeout(done, 100))")  # the event ran
        expect(dialog).to_be_visible()
        expect(title).to_have_text("The Round Marker and rounds")
        close_with_escape(page, "#track .rm-body")
        page.locator(unit).click()
        expect(title).to_contain_text(match.unit_name(enemy))
        close_with_escape(page, f"#info-unit-{enemy}")  # the unit's own control
    finally:
        page.close()


def test_a_target_keeps_its_step_and_its_details(server: Server, browser: Browser) -> None:
    prefix, seat = first_basic_attack(DUEL)
    created = server.create({**DUEL, "prefix": prefix})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        open_seat(page, server.url(created, seat))
        click_step(page, page.locator('#actions [data-op="step"]', has_text="Basic Attack").first)
        target = page.locator("#track li.unit.targetable").first
        expect(target).to_be_visible()
        unit = target.get_attribute("data-unit")
        steps = draft_len(page)
        open_details(page, f"#info-unit-{unit}")  # the info control is not the target step
        close_with_escape(page, f"#info-unit-{unit}")
        assert draft_len(page) == steps, "opening the details took no step"
        click_step(page, target.locator("button.unit-body"))
        expect(page.locator(DRAFT)).to_have_count(steps + 1)
    finally:
        page.close()


def test_a_challenge_card_shows_its_table_phases_and_break_art(server: Server,
                                                              browser: Browser) -> None:
    match = build_match(SOLO)
    created = server.create(SOLO)
    cc = next(u for u in range(match.num_characters)
              if match.is_challenge(u) and match.cc_specs[u] is not None
              and len(match.cc_specs[u].phases) > 1)  # type: ignore[union-attr]
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True,
                            has_touch=True)
    try:
        open_seat(page, server.url(created, 0))
        open_details(page, f"#info-unit-{cc}")
        dialog = page.locator(DIALOG)
        expect(page.locator("#details-dialog-title")).to_contain_text(match.unit_name(cc))
        for words in ("Challenge Card", "d6 1", "Phase 1", "Phase 2", "IB-6.4.2", "current"):
            expect(dialog).to_contain_text(words)
        shot(page, "details-challenge-360")
        size = horizontal_overflow(page)
        assert size["scroll"] <= size["inner"], f"the dialog scrolls sideways: {size}"
        box = dialog.bounding_box()
        assert box is not None and box["width"] <= 360, box
        close_with_escape(page, f"#info-unit-{cc}")
    finally:
        page.close()


def test_how_to_play_opens_from_the_table(server: Server, browser: Browser) -> None:
    created = server.create(DUEL)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        open_seat(page, server.url(created, 1))
        with context.expect_page() as opened:
            page.get_by_role("link", name="How to play").first.click()
        guide = opened.value
        guide.wait_for_load_state()
        expect(guide.get_by_role("heading", name="How to play Initiative Break")).to_be_visible()
        for section in ("track", "round", "collapse", "activation", "charge", "statuses"):
            expect(guide.locator(f"section#{section}")).to_be_visible()
        expect(guide.locator("section#collapse")).to_contain_text("IB-3.6.1")
        expect(guide.locator("section#statuses")).to_contain_text("Weaken")
        shot(guide, "how-to-play-1280", full_page=True)
        guide.set_viewport_size({"width": 360, "height": 740})
        size = horizontal_overflow(guide)
        assert size["scroll"] <= size["inner"], f"How to play scrolls sideways: {size}"
        shot(guide, "how-to-play-360")
    finally:
        context.close()
