"""A GM tracker in two browsers: the game master creates a card-round tracker with the
sample roster, a player (a phone, in a second browser context) commits a card from her
hand, the GM reveals, and the player's page shows the order by itself. No frame or page
the player received before the reveal holds another player's hand card or face-down
card, and none at all holds another player's hand."""

from __future__ import annotations

import html
import re

from playwright.sync_api import Browser, expect

from initiative.store import Store
from initiative.timing.cards_content import Card
from initiative.trackers import any_system
from tests.web.support import Server, capture_frames, horizontal_overflow, needs_chromium

pytestmark = needs_chromium
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def labels(cards: list[Card]) -> set[str]:
    return {c.label() for c in cards}


def plain(text: str) -> str:
    return html.unescape(text)


def test_player_commits_gm_reveals_and_the_player_sees_the_order(
        server: Server, browser: Browser) -> None:
    gm_context, player_context = browser.new_context(), browser.new_context(**PHONE)
    try:
        gm = gm_context.new_page()
        gm.goto(server.base + "/")
        gm.get_by_role("link", name="New GM tracker").click()
        gm.get_by_label("Card rounds (compatible with FaithRPG)").check()
        gm.get_by_label("Name").fill("Bridge ambush")
        expect(gm.get_by_label("Start with the sample roster")).to_be_checked()
        gm.get_by_role("button", name="Create the tracker").click()
        vessa_url = gm.locator('a.tracker-link[data-key="pc:Vessa"]').get_attribute("href")
        gm.locator("a.gm-link").click()
        expect(gm.locator("#connection")).to_have_text("Connected")
        command = gm.get_by_role("textbox", name="Command")
        for line in ("round", "commit Orrin 0", "commit Talwyn top", "commit Marek 1",
                     "commit gm 2"):
            command.fill(line)
            command.press("Enter")
            expect(gm.locator("#console")).to_contain_text(f"> {line}")
        expect(gm.locator('[data-line="reveal"]')).to_be_disabled()  # Vessa is missing

        player = player_context.new_page()
        frames = capture_frames(player)
        player.goto(server.base + vessa_url)
        expect(player.locator("#connection")).to_have_text("Connected")
        player.locator("#mine").get_by_role("button", name="Commit face down").first.click()
        expect(player.locator("#mine")).to_contain_text("You committed")
        before_reveal = plain(player.content())
        size = horizontal_overflow(player)
        assert size["scroll"] <= size["inner"], f"the player page scrolls sideways: {size}"

        reveal = gm.locator('[data-line="reveal"]')
        expect(reveal).to_be_enabled()  # the player's commit reached the GM page live
        reveal.click()
        expect(player.locator("#order")).to_contain_text("Order:")
        expect(player.locator("#log")).to_contain_text("Reveal (FA-6)")
        expect(player.locator("#status")).to_contain_text("turns")

        tracker_id = vessa_url.split("/")[2].split("?")[0]
        with Store(f"sqlite:///{server.db}") as store:
            state = any_system.open_tracker(store, tracker_id).console.state  # type: ignore[attr-defined]
        mine = labels(state.hands["Vessa"]) | {state.commitments["Vessa"][0].label()}
        others = {o: labels(h) for o, h in state.hands.items() if o != "Vessa"}
        hands = set().union(*others.values()) - mine
        face_down = {c.label() for s, (c, _) in state.commitments.items() if s != "Vessa"}
        revealed = {c.label() for c, _ in state.commitments.values()}
        texts = [plain(re.sub(r"<[^>]+>", " ", f)) + plain(f) for f in frames]
        reveal_at = next(n for n, t in enumerate(texts) if "Reveal (FA-6)" in t)
        assert reveal_at >= 2 and hands and face_down - mine
        for text in [*texts[:reveal_at], before_reveal]:
            assert not [x for x in (hands | face_down) - mine if x in text]
        for text in texts:
            assert not [x for x in hands - revealed if x in text]
        assert state.commitments["Vessa"][0].label() in before_reveal
    finally:
        gm_context.close()
        player_context.close()
