"""Helpers of the browser tests (issue 7 item 7): the real server as a subprocess, tables
made through the JSON API, games played offline to know the server's truth, and pages
driven through the UI only (clicks on step buttons, units and cards, then Confirm)."""

from __future__ import annotations

import html
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from initiative.bots import make_bot
from initiative.engine.contract import SPECTATOR
from initiative.games.ib.actions import ACTIONS, Action
from initiative.games.ib.content import Content, core_content
from initiative.games.ib.match import Match
from initiative.games.ib.setup import IBGame, new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.text import describe as text
from initiative.server.ib.drafts import draft_state, in_progress
from initiative.server.ib.setup import TableSetup, parse_setup
from initiative.server.log_lines import LOG_LINES

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
ONE_CLICK = '[data-op="act"]'
"""A choice played at once, with no draft and no Confirm (keeping one's hand)."""
CONTROL = "[data-op][data-action]"
"""Either: any control of a choice."""
DRAFT = "#actions ol.draft li"
RESULT = "#status .result"
UI_TIMEOUT_MS = 15_000


# --- the server ---------------------------------------------------------------------------


@dataclass
class Server:
    """`initiative serve` in a subprocess over a SQLite file (bots wait `bot_delay`; `away`
    0: no stand-in ever plays a seat, so tests decide every human move; else the seconds
    a person may be gone before a bot plays their seat)."""

    db: Path
    log: Path
    bot_delay: float = 0.05
    away: float = 0
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
                 "--db", str(self.db), "--bot-delay", str(self.bot_delay),
                 "--away", str(self.away)],
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
        link: str = created["links"][seat]
        assert link, f"seat {seat} has no link (a bot seat?)"
        return self.base + link

    def tracebacks(self) -> list[str]:
        """Every traceback the server printed so far (all its runs), each in full."""
        found: list[str] = []
        for run in range(1, self.starts + 1):
            out = self.log.with_name(f"{self.log.stem}-{run}{self.log.suffix}")
            if out.exists():
                found += re.findall(r"Traceback \(most recent call last\):\n(?:[ \t].*\n)*.*",
                                    out.read_text(errors="replace"))
        return found


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
        state.apply(ACTIONS[i])
    return state


def bot_line(match: Match, seed: int, bot: str = "normal", stop: int | None = None,
             limit: int = 3000) -> list[tuple[int, int]]:
    """A game played by bots, to its end or for `stop` decisions: (seat, action index)
    for every decision."""
    state = new_game(match, seed)
    bots = [make_bot(bot, IBGame(match), 1000 + s) for s in range(len(match.seats))]
    line: list[tuple[int, int]] = []
    while state.current_seat() >= 0 and (stop is None or len(line) < stop):
        assert len(line) < limit, "the offline game did not end"
        seat = state.current_seat()
        action = bots[seat].choose(state.view(seat))
        line.append((seat, action.index))
        state.apply(action)
    return line


Wanted = Callable[[IBState, Action], bool]
Steer = Callable[[IBState], Action | None]


@dataclass(frozen=True)
class Position:
    """A game stopped where `seat` must choose, and one complete action it can take
    there: its steps, first to last, as a person clicks them. `body` creates the table
    at that point (`seed`, and `prefix`: the actions played before)."""

    body: dict[str, Any]
    match: Match
    seat: int
    before: IBState
    steps: tuple[Action, ...]

    def after(self) -> IBState:
        """The game once the action is confirmed (what the server then holds)."""
        state = self.before.clone()
        for step in self.steps:
            state.apply(step)
        return state


def find_position(body: dict[str, Any], seat: int, first: Wanted,
                  whole: Callable[[tuple[Action, ...]], bool] = lambda steps: True,
                  steer: Steer | None = None, seeds: Iterable[int] = range(1, 41),
                  limit: int = 1500) -> Position:
    """The first position of seeded random games (`seed` for the game and the choices;
    `steer` may choose instead, e.g. to build Charge) where `seat` starts an action
    whose first step satisfies `first` and some completion of it satisfies `whole`;
    the completion is checked the way the server checks a draft (`draft_state`)."""
    for seed in seeds:
        match = build_match({**body, "seed": seed})
        state = new_game(match, seed)
        rng = random.Random(seed)
        prefix: list[int] = []
        while state.current_seat() >= 0 and len(prefix) < limit:
            legal = state.legal_actions()
            if state.current_seat() == seat and not in_progress(state, seat):
                for action in legal:
                    steps = _completion(state, seat, action, whole) \
                        if first(state, action) else None
                    if steps and _drafts(state, seat, steps):
                        return Position({**body, "seed": seed, "prefix": prefix}, match,
                                        seat, state, steps)
            choice = steer(state) if steer is not None else None
            choice = choice if choice is not None else rng.choice(legal)
            prefix.append(choice.index)
            state.apply(choice)
    raise AssertionError("no such position in the games searched")


def _drafts(state: IBState, seat: int, steps: tuple[Action, ...]) -> bool:
    """Whether the server takes these steps as a complete draft (played on what the
    seat knows, not on the real game)."""
    try:
        return draft_state(state, seat, steps).ready
    except ValueError:
        return False


def _completion(state: IBState, seat: int, first: Action,
                whole: Callable[[tuple[Action, ...]], bool],
                budget: int = 400) -> tuple[Action, ...] | None:
    """The first complete action (depth first, in the engine's order of legal steps)
    that starts with `first` and satisfies `whole`; None if there is none in `budget`
    tries."""
    tries = [budget]

    def search(at: IBState, steps: tuple[Action, ...]) -> tuple[Action, ...] | None:
        if not in_progress(at, seat):
            return steps if whole(steps) else None
        for step in at.legal_actions():
            tries[0] -= 1
            if tries[0] < 0:
                return None
            branch = at.clone()
            branch.apply(step)
            found = search(branch, (*steps, step))
            if found:
                return found
        return None

    start = state.clone()
    start.apply(first)
    return search(start, (first,))


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


@dataclass
class PageWatch:
    """What went wrong on a page: console errors, uncaught script errors, and how many
    WebSocket connections it opened (a reconnect loop opens many)."""

    page: Page
    errors: list[str] = field(default_factory=list)
    sockets: int = 0

    @classmethod
    def on(cls, page: Page) -> PageWatch:
        watch = cls(page)
        page.on("console", watch._console)
        page.on("pageerror", lambda error: watch.errors.append(f"page error: {error}"))
        page.on("websocket", watch._socket)
        return watch

    def _console(self, message: Any) -> None:
        if message.type != "error":
            return
        where = str(message.location.get("url", ""))
        if where.endswith("/favicon.ico"):
            return  # the browser asks for an icon the page never named
        self.errors.append(f"console: {message.text} ({where})")

    def _socket(self, socket: Any) -> None:
        self.sockets += 1


def open_seat(page: Page, url: str) -> None:
    page.set_default_timeout(UI_TIMEOUT_MS)
    page.goto(url)
    expect(page.locator("#connection")).to_have_text("Connected")


def draft_len(page: Page) -> int:
    return page.locator(DRAFT).count()


def click_step(page: Page, locator: Any) -> bool:
    """Click a step (action button, unit or card) and wait until the draft shows it, or,
    for a one-click choice, until the turn is played and the page drawn again. An
    Initiative Break has two controls (the Breaker on the track, a button in the actions
    pane): the first is clicked. True if the click played the turn at once."""
    control = locator.first
    at_once = control.get_attribute("data-op") == "act"
    before = draft_len(page)
    if at_once:
        mark_stale(page, ("actions",))
    control.click()
    if at_once:
        wait_rendered(page)
    else:
        expect(page.locator(DRAFT)).to_have_count(before + 1)
    return at_once


def confirm(page: Page) -> None:
    """Click Confirm and wait until the turn is stored (the draft is gone)."""
    page.locator("#confirm").click()
    expect(page.locator("#actions ol.draft")).to_have_count(0)


def play_line(pages: dict[int, Page], line: list[tuple[int, int]]) -> int:
    """Play recorded decisions through the UI: each action's control is clicked on its
    seat's page; Confirm when the draft is complete. Returns the turns played (confirms
    and one-click choices)."""
    confirms = 0
    for n, (seat, index) in enumerate(line):
        page = pages[seat]
        if click_step(page, page.locator(f'{CONTROL}[data-action="{index}"]')):
            confirms += 1  # played in one click
        elif page.locator("#confirm").count():
            confirm(page)
            confirms += 1
        else:
            assert n + 1 < len(line) and line[n + 1][0] == seat, \
                "the draft is not complete, but the next decision is another seat's"
    return confirms


def offered(page: Page, index: int, where: str = "#table") -> Any:
    """The step control for action `index` inside `where`."""
    return page.locator(f'{where} {STEP}[data-action="{index}"]')


def click_steps(page: Page, steps: tuple[Action, ...]) -> None:
    """Click an action's steps as a person does, up to its Confirm: the first (the card
    or the action itself) must be offered in the actions pane or the hand; a later one
    (a cost, a target) wherever the page offers it, the actions pane first."""
    for n, step in enumerate(steps):
        panes = offered(page, step.index, "#actions").or_(offered(page, step.index, "#hand"))
        if n == 0:
            expect(panes.first, f"step {step!r} is not in the actions pane or the hand"
                   ).to_be_visible()
        control = panes if panes.count() else offered(page, step.index)
        expect(control.first, f"step {n + 1} ({step!r}) is not offered").to_be_visible()
        click_step(page, control.first)
    expect(page.locator("#confirm")).to_be_visible()


def expect_game_shown(page: Page, match: Match, state: IBState, seat: int,
                      log_from: int) -> None:
    """The page of `seat` shows `state`: the log's sentences from event `log_from` on,
    the hand card by card, the units on the track in order with their HP and Charge,
    and the Support Characters in play."""
    view = state.view(seat)
    assert len(view.log) > log_from, "nothing happened"
    expect(page.locator("#log li:not(.since-mark)")).to_have_text(
        text.log_sentences(view, match, max(0, len(view.log) - LOG_LINES)))
    expect(page.locator("#hand .card-name")).to_have_text(
        [view.card_name(c) for c in view.hand])
    units = page.locator("#track li.unit[data-unit]")
    expect(units).to_have_count(len(view.order))
    for slot, u in enumerate(view.order):
        unit = view.units[u]
        expect(units.nth(slot)).to_have_attribute("data-unit", str(u))
        expect(units.nth(slot)).to_contain_text(f"{unit.hp}/{unit.max_hp} HP")
        expect(units.nth(slot)).to_contain_text(f"Charge {unit.charge}/3")
    supports = [u.name for u in view.units if u.is_support and u.on_track]
    for name in supports:
        expect(page.locator("#track .supports")).to_contain_text(name)


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
