"""Helpers of the browser tests (issue 7 item 7): the real server as a subprocess, tables
made through the JSON API, games played offline to know the server's truth, and pages
driven through the UI only (clicks on step buttons, units and cards, then Confirm)."""

from __future__ import annotations

import html
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from initiative.bots import make_bot
from initiative.engine.contract import SPECTATOR
from initiative.games.ib.content import Content, core_content
from initiative.games.ib.match import Match
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.server.setup import TableSetup, parse_setup
from initiative.server.table import _action

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="browser tests need Debian's chromium at /usr/bin/chromium "
           "(apt-get install chromium; .ci/run installs it)")
ARTIFACTS = Path(__file__).parent / "artifacts"
STEP = '[data-op="step"]'
DRAFT = "#actions ol.draft li"
RESULT = "#status .result"
UI_TIMEOUT_MS = 15_000


# --- the server ---------------------------------------------------------------------------


@dataclass
class Server:
    """`initiative serve` in a subprocess over a SQLite file (bots wait `bot_delay`; `away`
    0: no stand-in ever plays a seat, so tests decide every human move)."""

    db: Path
    log: Path
    bot_delay: float = 0.05
    port: int = 0
    proc: subprocess.Popen[bytes] | None = None
    starts: int = field(default=0)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 40.0) -> None:
        """Start (or restart, on the same port and database) and wait for /healthz."""
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.starts += 1
        out = self.log.with_name(f"{self.log.stem}-{self.starts}{self.log.suffix}")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("INITIATIVE_DB_URL", None)
        with out.open("wb") as sink:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "initiative.cli.main", "serve", "--port", str(self.port),
                 "--db", str(self.db), "--bot-delay", str(self.bot_delay), "--away", "0"],
                stdout=sink, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited ({self.proc.returncode}):\n"
                                     + out.read_text(errors="replace"))
            if not self.port:
                found = re.search(r"http://127\.0\.0\.1:(\d+)/", out.read_text(errors="replace"))
                if found:
                    self.port = int(found.group(1))
            if self.port and self._healthy():
                return
            time.sleep(0.1)
        self.stop()
        raise AssertionError("the server did not answer /healthz in time:\n"
                             + out.read_text(errors="replace"))

    def _healthy(self) -> bool:
        try:
            with urllib.request.urlopen(self.base + "/healthz", timeout=2) as answer:
                return bool(json.loads(answer.read()).get("ok"))
        except (OSError, ValueError):
            return False

    def kill(self) -> None:
        """SIGKILL: no shutdown hook runs (what a crash or a power cut does)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """POST /api/tables; the answer (id, seat tokens, links)."""
        request = urllib.request.Request(self.base + "/api/tables",
                                         data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                created: dict[str, Any] = json.loads(answer.read())
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"table not created: {exc.read().decode()}") from None
        return created

    def url(self, created: dict[str, Any], seat: int) -> str:
        link = created["links"][seat]
        assert link, f"seat {seat} has no link (a bot seat?)"
        return self.base + link


# --- the game offline (the server's truth) ----------------------------------------------


_CONTENT: list[Content] = []


def content() -> Content:
    if not _CONTENT:
        _CONTENT.append(core_content())
    return _CONTENT[0]


def table_setup(body: dict[str, Any]) -> TableSetup:
    """The setup the server builds from this API body (the same parser)."""
    form = {k: v if isinstance(v, str) else str(v) for k, v in body.items()
            if k not in ("seed", "prefix")}
    return parse_setup(form, content())


def build_match(body: dict[str, Any]) -> Match:
    return table_setup(body).build(content(), int(body["seed"]))


def replay(match: Match, seed: int, indices: list[int]) -> IBState:
    state = new_game(match, seed)
    for i in indices:
        state.apply(_action(i))
    return state


def bot_line(match: Match, seed: int, bot: str = "normal", stop: int | None = None,
             limit: int = 3000) -> list[tuple[int, int]]:
    """A game played by bots, to its end or for `stop` decisions: (seat, action index)
    for every decision."""
    state = new_game(match, seed)
    bots = [make_bot(bot, match, 1000 + s) for s in range(len(match.seats))]
    line: list[tuple[int, int]] = []
    while state.current_seat() >= 0 and (stop is None or len(line) < stop):
        assert len(line) < limit, "the offline game did not end"
        seat = state.current_seat()
        action = bots[seat].choose(state.view(seat))
        line.append((seat, action.index))
        state.apply(action)
    return line


def card_names(match: Match, cards: Any) -> set[str]:
    return {match.content.cards[c].name for c in cards}


def public_names(match: Match, state: IBState, seat: int) -> set[str]:
    """Names of `seat`'s cards anyone may know now (from the spectators' engine view):
    its discard pile, Sigils it installed, its Support Characters, and card names the
    public log mentions."""
    view = state.view(SPECTATOR)
    deck = card_names(match, match.decklists[seat])
    known = card_names(match, view.discards[seat] or ())
    for unit in view.units:
        known |= card_names(match, [c for c, owner in unit.sigils if owner == seat])
        if unit.is_support and unit.seat == seat:
            known |= card_names(match, [unit.card])
    sentences = "\n".join(view.sentences(match))
    known |= {name for name in deck if name in sentences}
    return known


def secret_names(match: Match, state: IBState, seat: int) -> set[str]:
    """Names of cards in `seat`'s hand or deck that are not public knowledge now."""
    return card_names(match, [*state.hands[seat], *state.decks[seat]]) \
        - public_names(match, state, seat)


def leaked_names(match: Match, state: IBState, seat: int, frame: dict[str, Any]) -> set[str]:
    """Card names hidden from `seat` in `state` (other seats' hands and decks, not public)
    that a frame sent to `seat` shows anyway."""
    shown = frame_text(frame)
    return {name for other in range(len(match.seats)) if other != seat
            for name in secret_names(match, state, other) if name in shown}


# --- pages -------------------------------------------------------------------------------


def capture_frames(page: Page) -> list[str]:
    """Every WebSocket frame the page receives (text), in order, over reconnects too."""
    frames: list[str] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    page.on("websocket", on_socket)
    return frames


def frame_text(frame: dict[str, Any]) -> str:
    """What a render frame can show: its regions and announcement, as text, plus the raw
    HTML (attributes such as title= and aria-label= included)."""
    parts = [*frame.get("regions", {}).values(), str(frame.get("announce", ""))]
    raw = "\n".join(parts)
    return raw + "\n" + html.unescape(re.sub(r"<[^>]+>", " ", raw))


def open_seat(page: Page, url: str) -> None:
    page.set_default_timeout(UI_TIMEOUT_MS)
    page.goto(url)
    expect(page.locator("#connection")).to_have_text("Connected")


def draft_len(page: Page) -> int:
    return page.locator(DRAFT).count()


def click_step(page: Page, locator: Any) -> None:
    """Click a step (action button, unit or card) and wait until the draft shows it."""
    before = draft_len(page)
    locator.click()
    expect(page.locator(DRAFT)).to_have_count(before + 1)


def confirm(page: Page) -> None:
    """Click Confirm and wait until the turn is stored (the draft is gone)."""
    page.locator("#confirm").click()
    expect(page.locator("#actions ol.draft")).to_have_count(0)


def play_line(pages: dict[int, Page], line: list[tuple[int, int]]) -> int:
    """Play recorded decisions through the UI: each action's step button is clicked on
    its seat's page; Confirm when the draft is complete. Returns the confirms made."""
    confirms = 0
    for n, (seat, index) in enumerate(line):
        page = pages[seat]
        click_step(page, page.locator(f'{STEP}[data-action="{index}"]'))
        if page.locator("#confirm").count():
            confirm(page)
            confirms += 1
        else:
            assert n + 1 < len(line) and line[n + 1][0] == seat, \
                "the draft is not complete, but the next decision is another seat's"
    return confirms


def take_first_turn(page: Page) -> None:
    """One turn of this seat (its decision must be on screen): the first step offered
    each time until the draft is complete, then Confirm."""
    while not page.locator("#confirm").count():
        click_step(page, page.locator(f"#table {STEP}").first)
    confirm(page)


def play_first_steps(page: Page, deadline: float, max_turns: int = 200) -> int:
    """Play this seat to the end of the game, choosing the first step offered each time
    (another seat, e.g. a bot, plays in between). Returns the turns confirmed."""
    for turns in range(max_turns):
        assert time.monotonic() < deadline, "the game took too long"
        page.wait_for_selector(f"{RESULT}, #table {STEP}")
        if page.locator(RESULT).count():
            return turns
        take_first_turn(page)
    raise AssertionError("the game did not end")


def mark_stale(page: Page, regions: tuple[str, ...]) -> None:
    """Put a marker in each region; a region the page renders again loses it."""
    page.evaluate("""(ids) => ids.forEach(id => document.getElementById(id)
        .insertAdjacentHTML('beforeend', '<i class="stale-marker" hidden></i>'))""",
                  list(regions))


def wait_rendered(page: Page) -> None:
    """Wait until every region marked by `mark_stale` has been rendered again."""
    expect(page.locator(".stale-marker")).to_have_count(0)


def horizontal_overflow(page: Page) -> dict[str, Any]:
    """scrollWidth vs innerWidth, and the elements sticking out on the right."""
    return dict(page.evaluate("""() => ({
        scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
        wide: Array.from(document.querySelectorAll('body *'))
            .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
            .slice(0, 10).map(e => e.tagName + '.' + e.className + ' ' +
                Math.round(e.getBoundingClientRect().right))})"""))
