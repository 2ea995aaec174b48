"""Browser monkey (issue 16 item 1): games in every mode played in Chromium only by
clicking random offered controls (a step; now and then Step back, Start over or Undo my
last turn; Confirm when it appears), failing on any console or page error, error frame,
server traceback, stall, or reconnect; and the page's reconnect back-off when a socket
closes at once.

Modes: a duel, a team format (2v2), one against three, a free-for-all, solo and co-op
against an encounter, and a duel with neutral Challenge Cards (IB 8.4). Every human
seat has its own page; seats beyond the first two are bots acting at once. The clicker's
choices are seeded (mode, game number).

Sizes: MONKEY_GAMES games per mode (default 1); MONKEY_CLICKS caps the clicks of a game
in the modes marked capped (default 80; 0: every game to its end). A larger run:
  MONKEY_GAMES=5 MONKEY_CLICKS=0 python -m pytest tests/web/test_monkey.py -s
prints each game's figures (-s shows them)."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.support import (
    DRAFT,
    RESULT,
    STEP,
    PageWatch,
    Server,
    capture_frames,
    needs_chromium,
    open_seat,
)

pytestmark = needs_chromium
GAMES = int(os.environ.get("MONKEY_GAMES", "1"))
CLICKS = int(os.environ.get("MONKEY_CLICKS", "80"))
STALL_S = 30.0
"""No page offers a control, and the game is not over, for this long: a stall."""
BACK = 0.05
"""How often the clicker takes a step back or starts over instead of going on."""
UNDO = 0.05
"""How often a seat offered "Undo my last turn" takes it."""


@dataclass(frozen=True)
class Mode:
    body: dict[str, Any]
    humans: tuple[int, ...]
    capped: bool = False
    """Whether MONKEY_CLICKS caps its games (the long ones, in CI)."""


def _seats(teams: list[str], humans: tuple[int, ...]) -> dict[str, str]:
    seats = {}
    for i, team in enumerate(teams):
        seats[f"seat{i}_team"] = team
        seats[f"seat{i}_name"] = f"Seat {i + 1}"
        seats[f"seat{i}_controller"] = "human" if i in humans else "easy"
    return seats


def _people(count: int, humans: tuple[int, ...]) -> dict[str, str]:
    """Seats that play the mode's preset teams (games/ib/presets.py)."""
    seats = {}
    for i in range(count):
        seats[f"seat{i}_name"] = f"Seat {i + 1}"
        seats[f"seat{i}_controller"] = "human" if i in humans else "easy"
    return seats


MODES = {
    "1v1": Mode({"mode": "1v1", **_seats(["tideguard", "ashfall"], (0, 1))}, (0, 1),
                capped=True),
    "2v2": Mode({"mode": "2v2", **_seats(["kettle_and_kite", "lone_warden",
                                          "kettle_and_kite", "lone_warden"], (0, 2))},
                (0, 2), capped=True),
    "1v3": Mode({"mode": "1v3", **_seats(["hourglass_trio", "lone_warden",
                                          "kettle_and_kite", "hourglass_trio"], (1,))},
                (1,), capped=True),
    "ffa": Mode({"mode": "ffa", "players": 3,
                 **_seats(["hourglass_trio"] * 3, (2,))}, (2,), capped=True),
    "solo": Mode({"mode": "solo", "encounter": "gnawing_in_the_walls",
                  **_seats(["tideguard"], (0,))}, (0,)),
    "coop": Mode({"mode": "coop", "players": 2, "encounter": "hounds_at_the_gate",
                  **_seats(["hourglass_trio", "lone_warden"], (0, 1))}, (0, 1)),
    "1v1-neutral-cc": Mode({"mode": "1v1", "encounter": "gnawing_in_the_walls",
                            **_seats(["lone_warden", "kettle_and_kite"], (0, 1))}, (0, 1)),
    "3v3": Mode({"mode": "3v3", **_people(6, (0, 3))}, (0, 3), capped=True),
    "4v4": Mode({"mode": "4v4", **_people(8, (1,))}, (1,), capped=True),
    "2v2v2v2": Mode({"mode": "2v2v2v2", **_people(8, (0, 5))}, (0, 5), capped=True),
}


WATCH_SOCKETS = """window.__sockets = [];
window.__renders = 0;
window.__seq = -1;
(function () {
  const Real = window.WebSocket;
  function Watched(url, protocols) {
    const socket = protocols === undefined ? new Real(url) : new Real(url, protocols);
    const entry = { opened: Date.now(), up: null, closed: null };
    window.__sockets.push(entry);
    socket.addEventListener("open", function () { entry.up = Date.now(); });
    socket.addEventListener("close", function () { entry.closed = Date.now(); });
    socket.addEventListener("message", function (event) {
      const msg = JSON.parse(event.data);
      if (msg.type === "render") { window.__renders += 1; window.__seq = msg.seq; }
    });
    return socket;
  }
  Watched.prototype = Real.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Watched[k] = Real[k];
  window.WebSocket = Watched;
})();"""
"""Records, on the page, when it creates each WebSocket, when that opened and closed
(page clock, which the back-off tests control), and the renders received (their count
and the last one's table `seq`); the page's own handler runs after, in the same task,
so what a script reads matches the page shown."""


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots act at once (the monkey waits only for the pages)."""
    folder: Path = tmp_path_factory.mktemp("monkey")
    running = Server(db=folder / "monkey.db", log=folder / "monkey.log", bot_delay=0)
    running.start()
    try:
        yield running
    finally:
        running.stop()


@dataclass
class Seat:
    """One human seat's page and what it saw."""

    page: Page
    watch: PageWatch
    frames: list[str]

    def problems(self) -> list[str]:
        errors = [f"error frame: {f}" for f in self.frames
                  if json.loads(f).get("type") == "error"]
        sockets = [] if self.watch.sockets == 1 else [
            f"{self.watch.sockets} WebSocket connections (1 expected: a reconnect?)"]
        return [*self.watch.errors, *errors, *sockets]


@dataclass
class Tally:
    clicks: int = 0
    confirms: int = 0
    undos: int = 0
    finished: bool = False
    choices: list[str] = field(default_factory=list)


CONTROLS = """() => {
  const steps = Array.from(document.querySelectorAll('#table [data-op="step"]'))
    .filter(e => !e.disabled).map(e => e.dataset.action);
  return {steps: steps, confirm: !!document.querySelector('#confirm'),
          draft: document.querySelectorAll('#actions ol.draft li').length,
          undo: !!document.querySelector('#actions [data-op="undo"]'),
          over: !!document.querySelector('#status .result'),
          seq: window.__seq, renders: window.__renders};
}"""
"""What a page offers now, and the table state it shows (`seq` of its last render)."""


def play(seats: dict[int, Seat], rng: random.Random, cap: int) -> Tally:
    """Click until the game is over (or `cap` clicks, 0: no cap). Pages are read only
    once they all show the same table state (a page with a render still on its way
    would offer what is no longer there)."""
    tally = Tally()
    idle_since = time.monotonic()
    while not cap or tally.clicks < cap:
        states = {seat: s.page.evaluate(CONTROLS) for seat, s in seats.items()}
        if all(state["over"] for state in states.values()):
            tally.finished = True
            return tally
        deciding = [seat for seat, state in states.items()
                    if state["steps"] or state["confirm"]]
        if not deciding or len({state["seq"] for state in states.values()}) > 1:
            assert time.monotonic() - idle_since < STALL_S, \
                f"stalled: no page offers a control for {STALL_S:.0f} s ({states})"
            seats[next(iter(seats))].page.wait_for_timeout(50)
            continue
        assert len(deciding) == 1, f"several pages decide at once: {states}"
        undoing = [seat for seat, state in states.items() if state["undo"]]
        if undoing and rng.random() < UNDO:
            seat = rng.choice(undoing)
            undo(seats[seat].page, states[seat], tally)
        else:
            seat = deciding[0]
            click(seats[seat].page, states[seat], rng, tally)
        tally.clicks += 1
        idle_since = time.monotonic()
    return tally


def press(page: Page, state: dict[str, Any], control: Any) -> None:
    """Click a control and wait for the page's next render (the server's answer)."""
    control.click()
    page.wait_for_function("n => window.__renders > n", arg=state["renders"])


def undo(page: Page, state: dict[str, Any], tally: Tally) -> None:
    """Take back this seat's last turn: the seat decides again, with no draft."""
    tally.choices.append("undo")
    press(page, state, page.locator('#actions [data-op="undo"]'))
    expect(page.locator(f"#table {STEP}").first).to_be_visible()
    expect(page.locator(DRAFT)).to_have_count(0)
    tally.undos += 1


def click(page: Page, state: dict[str, Any], rng: random.Random, tally: Tally) -> None:
    """One random offered control; wait until the page shows its effect."""
    drafted = state["draft"]
    if drafted and rng.random() < BACK:
        op = rng.choice(["back", "cancel"])
        tally.choices.append(op)
        press(page, state, page.locator(f'#actions [data-op="{op}"]'))
        expect(page.locator(DRAFT)).to_have_count(drafted - 1 if op == "back" else 0)
        return
    if state["confirm"]:
        tally.choices.append("confirm")
        press(page, state, page.locator("#confirm"))
        expect(page.locator("#actions ol.draft")).to_have_count(0)
        tally.confirms += 1
        return
    k = rng.randrange(len(state["steps"]))
    tally.choices.append(state["steps"][k])
    press(page, state, page.locator(f"#table {STEP}").nth(k))
    expect(page.locator(DRAFT), f"the step {state['steps'][k]} was not taken"
           ).to_have_count(drafted + 1)


def run_game(server: Server, browser: Browser, name: str, game: int) -> Tally:
    mode = MODES[name]
    known = len(server.tracebacks())
    created = server.create({**mode.body, "name": f"Monkey {name} {game}", "seed": game})
    contexts: list[BrowserContext] = []
    try:
        seats: dict[int, Seat] = {}
        for seat in mode.humans:
            contexts.append(browser.new_context())
            page = contexts[-1].new_page()
            page.add_init_script(WATCH_SOCKETS)
            watch, frames = PageWatch.on(page), capture_frames(page)
            open_seat(page, server.url(created, seat))
            seats[seat] = Seat(page, watch, frames)
        cap = CLICKS if mode.capped else 0
        tally = play(seats, random.Random(f"{name}/{game}"), cap)
        if tally.finished:
            for s in seats.values():
                expect(s.page.locator(RESULT)).to_contain_text("Result:")
                expect(s.page.locator("#actions")).to_contain_text("The game is over.")
        problems = {seat: s.problems() for seat, s in seats.items() if s.problems()}
    finally:
        for context in contexts:
            context.close()
    assert not problems, problems
    assert not server.tracebacks()[known:], server.tracebacks()[known:][:3]
    # Progress: a whole game ended; a capped one confirmed turns all along.
    assert tally.finished or (cap and tally.clicks == cap and tally.confirms >= cap // 4), \
        tally
    print(f"monkey {name} game {game}: {tally.clicks} clicks, {tally.confirms} confirms, "
          f"{tally.undos} undos, {'finished' if tally.finished else 'capped'}")
    return tally


@pytest.mark.parametrize("name", list(MODES))
def test_monkey_plays_every_mode(name: str, quick_server: Server, browser: Browser) -> None:
    for game in range(1, GAMES + 1):
        run_game(quick_server, browser, name, game)


# --- reconnect back-off ------------------------------------------------------------------

def drive_sockets(page: Page, routes: list[Any], kept: dict[int, int], count: int
                  ) -> list[dict[str, Any]]:
    """Run the page's paused clock in 250 ms steps until it has created `count` sockets,
    letting each socket's real events happen between steps. Socket n in `kept` stays
    open for kept[n] ms of page time, then the test closes it; the others are closed by
    their route as soon as the server speaks."""
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, page.evaluate("window.__sockets")
        sockets: list[dict[str, Any]] = page.evaluate("window.__sockets")
        last = len(sockets) - 1
        waiting = sockets[last]["up"] is None if last in kept \
            else sockets[last]["closed"] is None
        if waiting:  # its real events are on their way
            page.wait_for_timeout(20)
            continue
        if len(sockets) >= count and sockets[last]["closed"] is not None:
            return sockets
        if sockets[last]["closed"] is None:
            page.clock.run_for(kept[last])
            routes[last].close()
            page.wait_for_function("n => window.__sockets[n].closed !== null", arg=last)
            continue
        page.clock.run_for(250)


def open_with_sockets(browser: Browser, server: Server, kept: dict[int, int]
                      ) -> tuple[BrowserContext, Page, list[Any]]:
    """A seat's page whose WebSockets reach the server but are closed (by a route) as
    soon as the server sends anything, except those in `kept`; the page clock paused."""
    created = server.create({"mode": "1v1", "seat0_team": "tideguard", "seat1_team":
                             "ashfall", "seat0_controller": "human",
                             "seat1_controller": "human", "seed": 5})
    context = browser.new_context()
    page = context.new_page()
    routes: list[Any] = []

    def route(socket: Any) -> None:
        number = len(routes)
        routes.append(socket)
        upstream = socket.connect_to_server()
        if number not in kept:
            upstream.on_message(lambda message: socket.close())

    page.clock.install(time=0)
    page.clock.pause_at(1)
    page.add_init_script(WATCH_SOCKETS)
    page.route_web_socket("**/ws*", route)
    page.goto(server.url(created, 0))
    return context, page, routes


def gaps(sockets: list[dict[str, Any]]) -> list[int]:
    """Page time from each socket's close to the next socket."""
    return [after["opened"] - before["closed"] for before, after in pairwise(sockets)]


def test_a_socket_closed_at_once_backs_off(quick_server: Server, browser: Browser) -> None:
    """A server that accepts the socket and closes it at once (as it did on a move it
    could not draw) is retried after 250 ms, then twice as long each time up to 5 s:
    6 sockets in the first 10 s, not 40."""
    context, page, routes = open_with_sockets(browser, quick_server, kept={})
    try:
        sockets = drive_sockets(page, routes, {}, 9)
        assert all(s["up"] is not None for s in sockets), "the sockets did open"
        assert gaps(sockets) == [250, 500, 1000, 2000, 4000, 5000, 5000, 5000]
        start = sockets[0]["opened"]
        assert sum(1 for s in sockets if s["opened"] - start < 10_000) <= 6
        expect(page.locator("#connection")).to_have_text("Connection lost; reconnecting…")
    finally:
        context.close()


def test_the_back_off_starts_over_after_a_connection_that_held(quick_server: Server,
                                                              browser: Browser) -> None:
    """The wait starts over only after a connection stayed open 3 s: one open for 2 s
    keeps doubling it, one open for 3 s resets it to 250 ms."""
    kept = {2: 2000, 3: 3000}
    context, page, routes = open_with_sockets(browser, quick_server, kept)
    try:
        sockets = drive_sockets(page, routes, kept, 6)
        assert gaps(sockets) == [250, 500, 1000, 250, 500]
        held = sockets[3]
        assert held["closed"] - held["up"] == 3000
    finally:
        context.close()
