"""An undo is told to the other seat in real Chromium: its log reads "South took back
their last turn." (issue 16, item 4), and every unit in the log says whose it is."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from initiative.games.ib.actions import KEEP, PASS
from tests.web.support import STEP, Server, click_step, confirm, needs_chromium, open_seat

pytestmark = needs_chromium

DUEL = {"mode": "1v1", "name": "Undo", "seat0_name": "North", "seat0_team": "tideguard",
        "seat0_controller": "human", "seat1_name": "South", "seat1_team": "lanternwatch",
        "seat1_controller": "human", "undo": "safe"}


def test_the_other_seat_reads_that_a_turn_was_taken_back(server: Server,
                                                        browser: Browser) -> None:
    created = server.create({**DUEL, "seed": 3})
    contexts = [browser.new_context() for _ in range(2)]
    try:
        pages = [context.new_page() for context in contexts]
        for seat, page in enumerate(pages):
            open_seat(page, server.url(created, seat))
        for page in pages:  # both keep their opening hands (IB 2.8.2): one click
            assert click_step(page, page.locator(f'[data-action="{KEEP.index}"]'))
        deciding = next(p for p in pages if p.locator(f"#table {STEP}").count())
        other = pages[1 - pages.index(deciding)]
        who = "North" if deciding is pages[0] else "South"
        click_step(deciding, deciding.locator(f'{STEP}[data-action="{PASS.index}"]'))
        confirm(deciding)
        # The pass revealed nothing (a full hand: no draw next), so it can be taken back.
        deciding.locator('[data-op="undo"]').click()
        notice = f"{who} took back their last turn."
        for page in (other, deciding):
            expect(page.locator("#log li").last).to_have_text(notice)
        names = other.locator("#log li", has_text="begins an activation").first.inner_text()
        assert names.split(" begins")[0].endswith(("(North)", "(South)"))
    finally:
        for context in contexts:
            context.close()
