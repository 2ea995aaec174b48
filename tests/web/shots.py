"""The screenshots of docs/web.md, taken in Chromium from a real server: each game's
table at 1280 and 360 px wide (mid-game, the seat deciding, a few lines of chat), a
finished game with its table controls, a replay step, the lobby and a created page.

    python -m tests.web.shots [FOLDER]     # default: docs/images

Tables are seeded (the JSON API's `seed` and `prefix`), so the pictures are the same
from one run to the next."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tests.web.feature_support import CASES, GameCase, finished_body, play, say, undo_position
from tests.web.support import CHROMIUM, CHROMIUM_ARGS, Server, open_seat

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
MIDGAME = 24
"""Random decisions played before a mid-game picture (then on to a decision of seat 1
that it may take back)."""


def shoot(page: Page, folder: Path, name: str, full: bool = True) -> None:
    page.wait_for_timeout(300)  # fonts and the last frame settled
    page.screenshot(path=str(folder / f"{name}.png"), full_page=full)


def table_pictures(browser: Browser, server: Server, case: GameCase, folder: Path) -> None:
    slug = case.entry.web_slug
    position = undo_position(case, f"Shown {case.entry.title}", after=MIDGAME,
                             any_kind=True)
    created = server.create(position.body)
    bea = browser.new_page(viewport=WIDE)
    open_seat(bea, server.url(created, 1))
    say(bea, "Good luck!")
    ann = browser.new_page(viewport=WIDE)
    open_seat(ann, server.url(created, 0))
    say(ann, "You too. I will go first.")
    play(ann, position.index)  # a decision Ann may take back: the Undo button shows
    shoot(ann, folder, f"{slug}-table-desktop")
    phone = browser.new_page(viewport=PHONE, is_mobile=True)
    open_seat(phone, server.url(created, 0))
    shoot(phone, folder, f"{slug}-table-phone")
    for page in (ann, bea, phone):
        page.close()

    body = finished_body(case, f"Finished {case.entry.title}", 3)
    finished = server.create(body)
    page = browser.new_page(viewport=WIDE)
    open_seat(page, server.url(finished, 0))
    shoot(page, folder, f"{slug}-table-end")
    page.set_viewport_size(PHONE)
    shoot(page, folder, f"{slug}-table-end-phone", full=False)
    page.set_viewport_size(WIDE)
    replay = page.locator("#table-controls a.replay").get_attribute("href") or ""
    page.goto(f"{server.base}{replay}&step={len(body['prefix']) // 2}")
    shoot(page, folder, f"{slug}-replay")
    page.close()


def site_pictures(browser: Browser, server: Server, folder: Path) -> None:
    page = browser.new_page(viewport=WIDE)
    case = CASES[1]
    page.goto(f"{server.base}/{case.entry.web_slug}/new")
    page.locator("input[name=name]").fill("Friday skirmish")
    page.locator("select[name=seat1_controller]").select_option("open")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url("**/created")
    shoot(page, folder, "created")
    page.goto(server.base + "/")
    shoot(page, folder, "lobby")
    page.set_viewport_size(PHONE)
    shoot(page, folder, "lobby-phone")
    page.close()


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = Server(db=Path(tmp) / "shots.db", log=Path(tmp) / "shots.log")
        server.start()
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=CHROMIUM_ARGS)
        try:
            for case in CASES:
                table_pictures(browser, server, case, folder)
            site_pictures(browser, server, folder)
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else IMAGES)
