"""The screenshots of docs/web.md, taken in Chromium from a real server on seeded tables
(the JSON API's `seed` and `prefix`), so a run gives the same pictures again:

- every game's table at 1280 px (mid-game, after a decision its seat may take back, so
  the Undo button shows, with a few lines of chat) and at 360 px (`table-SLUG.png`,
  `table-SLUG-phone.png`); a finished game with the table's controls
  (`table-finished.png`), a replay step (`table-replay.png`), the lobby and a created
  page of links;
- the hex game's own pictures (`hex-*.png`): a reaction decision at 1280 and 360 px,
  choosing a target with the attacker's reach on hover, choosing where to push, the
  end of a game and its guide. The Initiative's are taken by tests/web/test_ti_table.py.

    python -m tests.web.shots [FOLDER]     # default: docs/images
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tests.web.feature_support import (
    CASES,
    GameCase,
    find_position,
    finished_body,
    kind,
    play,
    say,
    undo_position,
)
from tests.web.support import CHROMIUM, CHROMIUM_ARGS, Server, open_seat

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
MIDGAME = 24
"""Random decisions played before a mid-game picture (then on to a decision of seat 1
that it may take back)."""
IB, HEX, TI = CASES


@dataclass(frozen=True)
class Decision:
    """A picture of seat 1 deciding one of `kinds` (a game's own picture)."""

    name: str
    kinds: tuple[str, ...]
    size: dict[str, int]
    full: bool = True
    hover: str = ""
    """An element hovered before the picture (e.g. the attacker, for its reach)."""


HEX_DECISIONS = (
    Decision("hex-desktop", ("REACT",), WIDE),
    Decision("hex-phone", ("REACT",), {"width": 360, "height": 1100}, full=False),
    Decision("hex-target", ("TARGET",), WIDE, hover='#hx-board [data-unit="0"]'),
    Decision("hex-push", ("PUSH",), WIDE),
)


class Camera:
    """Pictures of one server's pages into one folder."""

    def __init__(self, browser: Browser, server: Server, folder: Path) -> None:
        self.browser, self.server, self.folder = browser, server, folder

    def page(self, size: dict[str, int], url: str = "") -> Page:
        page = self.browser.new_page(viewport=size,  # type: ignore[arg-type]
                                     is_mobile=size["width"] < 500)
        if url:
            open_seat(page, url)
        return page

    def shoot(self, page: Page, name: str, full: bool = True) -> None:
        page.wait_for_timeout(300)  # the last frame and the fonts settled
        page.screenshot(path=str(self.folder / f"{name}.png"), full_page=full)

    def table(self, case: GameCase) -> None:
        """The game's table mid-game at both widths, Undo showing, chat under way."""
        slug = case.entry.web_slug
        position = undo_position(case, f"Friday {case.entry.title}", after=MIDGAME,
                                 any_kind=True)
        created = self.server.create(position.body)
        bea = self.page(WIDE, self.server.url(created, 1))
        say(bea, "Good luck!")
        ann = self.page(WIDE, self.server.url(created, 0))
        say(ann, "You too. I will go first.")
        play(ann, position.index)
        self.shoot(ann, f"table-{slug}")
        phone = self.page(PHONE, self.server.url(created, 0))
        self.shoot(phone, f"table-{slug}-phone", full=False)
        for page in (ann, bea, phone):
            page.close()

    def finished(self, case: GameCase, pictures: dict[str, bool]) -> None:
        """A finished game of `case` at 1280 px (the result and the table's controls):
        each picture's name, and whether it shows the whole page."""
        body = finished_body(case, f"Monday {case.entry.title}", 3)
        page = self.page(WIDE, self.server.url(self.server.create(body), 0))
        for name, full in pictures.items():
            self.shoot(page, name, full)
        page.close()

    def replay(self, case: GameCase) -> None:
        """A step halfway through a finished game's replay."""
        body = finished_body(case, f"Sunday {case.entry.title}", 3)
        page = self.page(WIDE, self.server.url(self.server.create(body), 0))
        link = page.locator("#table-controls a.replay").get_attribute("href") or ""
        page.goto(f"{self.server.base}{link}&step={len(body['prefix']) // 2}")
        self.shoot(page, "table-replay", full=False)
        page.close()

    def decision(self, case: GameCase, shot: Decision) -> None:
        position = find_position(case, "Skirmish", lambda _, action: kind(action)
                                 in shot.kinds)
        page = self.page(shot.size, self.server.url(self.server.create(position.body), 0))
        if shot.hover:
            page.locator(shot.hover).hover()
        self.shoot(page, shot.name, shot.full)
        page.close()

    def site(self) -> None:
        """A hex table made from its form: the page of links; the lobby with it and a
        table of each other game waiting for a player; the hex guide."""
        page = self.page(WIDE)
        page.goto(f"{self.server.base}/{HEX.entry.web_slug}/new")
        page.locator("input[name=name]").fill("Friday skirmish")
        page.locator("select[name=seat1_controller]").select_option("open")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url("**/created")
        self.shoot(page, "created", full=False)
        for case, name in ((IB, "Open duel"), (TI, "Open mission")):
            self.server.create(case.body(name, 1, seat1_controller="open"))
        page.goto(self.server.base + "/")
        self.shoot(page, "lobby", full=False)
        page.goto(f"{self.server.base}/{HEX.entry.web_slug}/how-to-play")
        self.shoot(page, "hex-howto", full=False)
        page.close()


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = Server(db=Path(tmp) / "shots.db", log=Path(tmp) / "shots.log")
        server.start()
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=CHROMIUM_ARGS)
        camera = Camera(browser, server, folder)
        try:
            for case in CASES:
                camera.table(case)
            camera.finished(HEX, {"table-finished": False, "hex-end": True})
            camera.replay(TI)
            for shot in HEX_DECISIONS:
                camera.decision(HEX, shot)
            camera.site()
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else IMAGES)
