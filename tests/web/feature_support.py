"""Every table feature in every game, driven in Chromium as people drive it (issue 24,
requirement 4): the steps of tests/web/test_table_features.py, written once for every
game. A `GameCase` says only what differs (the fields of a two-person table, where the
page shows the log and the game, a choice to take when any will do, which decision to
take back); positions come from the game's own web part (`WebGame`: the plan, the game,
its first state and what meets chance), played offline with the table's seed.

Ann sits at seat 1 and Bea at seat 2, each in a browser context of her own (two people,
two browsers); a spectator has a third."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from initiative.games.registry import GameEntry, entry
from initiative.server.sites import AnySite, site_of
from tests.web.support import PageWatch, Server, mark_stale, open_seat, wait_rendered

ROOT = "#table"
CONTROLS = "#table-controls"
YOUR_TURN = re.compile(r"^\(Your turn\) ")
PEOPLE = {"seat0_name": "Ann", "seat0_controller": "human",
          "seat1_name": "Bea", "seat1_controller": "human"}
MAX_LINE = 5000
"""Decisions of an offline game before it counts as endless."""


@dataclass(frozen=True)
class GameCase:
    """What the feature tests need to know of one game's table page."""

    game: str
    """The registry name."""
    fields: dict[str, Any]
    """The create form's (and JSON API's) fields of a table for two people, besides
    the seats' names and controllers."""
    log: str
    """The game log region (where the table's notices stand too)."""
    shown: str
    """What shows the game itself (the track, the board)."""
    choice: str
    """A choice the page offers when any will do (the first one is taken)."""
    undo_kinds: tuple[str, ...]
    """Kinds of the decision taken back: the first one of seat 1 that meets no chance."""
    avoid: tuple[str, ...] = ()
    """Kinds random offline play never takes (one that ends the game on a guess)."""
    finish: dict[str, Any] = field(default_factory=dict)
    """Fields that make a random game end sooner."""

    @property
    def entry(self) -> GameEntry:
        return entry(self.game)

    @property
    def site(self) -> AnySite:
        return site_of(self.game)

    def body(self, name: str, seed: int, **more: Any) -> dict[str, Any]:
        """A JSON API request for a table of two people."""
        return {"game": self.game, "name": name, "seed": seed, **self.fields, **PEOPLE,
                **more}

    def __str__(self) -> str:
        return self.game


CASES = (
    GameCase("initiative_break", {"mode": "1v1"}, log="#log", shown="#track li.unit",
             choice=f'{ROOT} [data-op="step"]', undo_kinds=("KEEP",)),
    GameCase("hex_skirmish", {"players": 2}, log="#hx-log", shown="#hx-board svg",
             choice="#hx-actions [data-action]", undo_kinds=("STEP", "FACE"),
             finish={"rule_round_limit": 4}),
    GameCase("the_initiative", {"players": 2}, log="#ti-log", shown="#ti-board svg",
             choice="#ti-actions [data-action]:not(.solve):visible",
             undo_kinds=("MOVE",), avoid=("SOLVE",)),
)


# --- the game offline (the server's truth) ----------------------------------------------


@dataclass
class Offline:
    """A table's game played offline from its plan and seed, as the server plays it."""

    case: GameCase
    body: dict[str, Any]
    game: Any = None
    state: Any = None
    line: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        site = self.case.site
        form = {k: str(v) for k, v in self.body.items() if k not in ("game", "seed", "prefix")}
        self.game = site.build(site.parse(form), self.body["seed"])
        self.state = site.first_state(self.game, self.body["seed"])

    def legal(self) -> list[Any]:
        legal = list(self.state.legal_actions())
        kept = [a for a in legal if kind(a) not in self.case.avoid]
        return kept or legal

    def play(self, action: Any) -> None:
        self.line.append(self.game.action_index(action))
        self.state.apply(action)

    def undoable(self, action: Any) -> bool:
        """Whether seat 1 (index 0) taking `action` now makes a turn of one step that
        meets no chance and reveals nothing, and the game goes on (the table's undo
        rule, judged by the game's web part as the table judges it)."""
        site, state = self.case.site, self.state
        draft = site.draft(state, 0, (self.game.action_index(action),))
        if (draft is not None and not draft.ready) or site.reveals_answers(state, 0):
            return False
        after = state.clone()
        after.apply(action)
        return site.secrets_mark(state) == site.secrets_mark(after) \
            and after.current_seat() >= 0


def kind(action: Any) -> str:
    """The name of an action's kind (every game's actions have one)."""
    return str(action.kind.name)


@dataclass(frozen=True)
class Position:
    """A table's request that opens where seat 1 decides, and a decision (an action
    number) it can take there."""

    body: dict[str, Any]
    index: int


Wanted = Callable[[Offline, Any], bool]


def find_position(case: GameCase, name: str, wanted: Wanted, seeds: range = range(1, 30),
                  after: int = 0) -> Position:
    """The first position of seeded random games, `after` decisions in or later, where
    seat 1 can take an action `wanted` accepts."""
    for seed in seeds:
        body = case.body(name, seed)
        offline = Offline(case, body)
        while offline.state.current_seat() >= 0 and len(offline.line) < after + 300:
            if offline.state.current_seat() == 0 and len(offline.line) >= after:
                for action in offline.state.legal_actions():
                    if wanted(offline, action):
                        return Position({**body, "prefix": offline.line},
                                        offline.game.action_index(action))
            offline.play(random.Random(seed * 1000 + len(offline.line)).choice(
                offline.legal()))
    raise AssertionError(f"{case}: no such decision in the games searched")


def undo_position(case: GameCase, name: str, after: int = 0, any_kind: bool = False
                  ) -> Position:
    """A position where seat 1 can take a decision of `case.undo_kinds` (`any_kind`: of
    any kind) that the table lets it take back."""
    return find_position(case, name, lambda offline, action: (
        any_kind or kind(action) in case.undo_kinds) and offline.undoable(action),
        after=after)


def finished_body(case: GameCase, name: str, seed: int) -> dict[str, Any]:
    """A table's request that opens on a finished game (a seeded random one)."""
    body = case.body(name, seed, **case.finish)
    offline = Offline(case, body)
    rng = random.Random(seed)
    while offline.state.current_seat() >= 0:
        assert len(offline.line) < MAX_LINE, f"{case}: the offline game did not end"
        offline.play(rng.choice(offline.legal()))
    return {**body, "prefix": offline.line}


# --- pages -------------------------------------------------------------------------------


@dataclass
class People:
    """Ann's and Bea's browsers (and a spectator's), each page watched for errors."""

    browser: Browser
    contexts: dict[str, BrowserContext] = field(default_factory=dict)
    watches: list[PageWatch] = field(default_factory=list)

    def page(self, who: str, url: str = "") -> Page:
        """A new page in `who`'s browser (opened at `url` as a seat, if given)."""
        if who not in self.contexts:
            self.contexts[who] = self.browser.new_context(
                viewport={"width": 1280, "height": 900})
        page = self.contexts[who].new_page()
        self.watches.append(PageWatch.on(page))
        if url:
            open_seat(page, url)
        return page

    def errors(self) -> list[str]:
        return [e for w in self.watches for e in w.errors]

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@contextmanager
def people(browser: Browser, server: Server) -> Iterator[People]:
    """Browsers for the people of a test; afterwards no page logged an error and the
    server printed no traceback."""
    found = People(browser)
    try:
        yield found
        assert not found.errors(), found.errors()
        assert not server.tracebacks(), server.tracebacks()
    finally:
        found.close()


def seq(page: Page) -> int:
    """The table's event count the page shows (-1 before its first frame)."""
    return int(page.locator(ROOT).get_attribute("data-seq") or "-1")


def live(page: Page) -> None:
    """Wait until a frame came over the socket (the served page has no seq)."""
    expect(page.locator(ROOT)).to_have_attribute("data-seq", re.compile(r"^\d+$"))


def click_and_wait(page: Page, selector: str) -> None:
    """Click the first visible `selector` and wait until the server answered with a new
    frame (every frame draws the table's controls again)."""
    mark_stale(page, (CONTROLS[1:],))
    page.locator(selector).first.click()
    wait_rendered(page)


def decide(page: Page, case: GameCase) -> None:
    """One decision step of this page's seat: Confirm when a draft is complete (the
    flagship builds an action step by step), else the case's first choice."""
    click_and_wait(page, "#confirm" if page.locator("#confirm").count() else case.choice)


def play(page: Page, index: int) -> None:
    """Take action `index` where the page offers it (a board element, a card, a button
    in the list), then Confirm it if the game drafts it first."""
    click_and_wait(page, f'{ROOT} [data-action="{index}"]:visible')
    if page.locator("#confirm").count():
        click_and_wait(page, "#confirm")


def play_while_my_turn(page: Page, case: GameCase, limit: int = 60) -> int:
    """Decide for this page's seat until another seat decides; the steps taken."""
    for steps in range(limit):
        if not YOUR_TURN.search(page.title()):
            return steps
        decide(page, case)
    raise AssertionError("the seat kept deciding")


def say(page: Page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat-form button[type=submit]").click()
    expect(page.locator("#chat-text")).to_have_value("")


def expect_line(page: Page, name: str, text: str) -> None:
    """The chat line `text` under the seat of player `name` (see seat_words)."""
    expect(page.locator("#chat .chat-lines li").filter(has_text=text)).to_have_text(
        re.compile(f"^{seat_words(name)}: {re.escape(text)}$"))


# --- the features ------------------------------------------------------------------------


@dataclass(frozen=True)
class Created:
    table: str
    """The table's id."""
    seats: tuple[str, ...]
    """Each seat's link as the created page lists it."""
    spectator: str


def create_from_the_form(page: Page, server: Server, case: GameCase, name: str) -> Created:
    """Fill in the game's form (Ann, and Bea's seat for anyone from the lobby), create,
    and read the page of links it leads to: headed with the game, one link per seat and
    the spectators', each with its Copy button."""
    slug = case.entry.web_slug
    page.goto(f"{server.base}/{slug}/new")
    page.locator("input[name=name]").fill(name)
    players = page.locator("select[name=players]")
    if players.count():
        players.select_option("2")
    page.locator("input[name=seat0_name]").fill("Ann")
    page.locator("input[name=seat1_name]").fill("Bea")
    page.locator("select[name=seat0_controller]").select_option("human")
    page.locator("select[name=seat1_controller]").select_option("open")
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url(re.compile(r"/t/[0-9a-f]{32}/created$"))
    table = page.url.split("/t/")[1].split("/")[0]
    expect(page.locator("header.top > a").first).to_have_text(case.entry.title)
    expect(page).to_have_title(f"Table created · {case.entry.title}")
    expect(page.locator("h1")).to_have_text(name)
    seats = page.locator("ul.links a.seat-link")
    expect(seats).to_have_count(2)
    expect(page.locator("ul.links button.copy")).to_have_count(3)
    links = tuple(a.get_attribute("href") or "" for a in seats.all())
    spectator = page.locator("ul.links a.spectator-link").get_attribute("href") or ""
    for link in (*links, spectator):
        assert link.startswith(f"/t/{table}?k="), link
    # a seat is named by its player, after its character where it plays one
    expect(page.locator("ul.links li").nth(0)).to_contain_text(re.compile(seat_words("Ann") + ":"))
    expect(page.locator("ul.links li").nth(1)).to_contain_text(re.compile(seat_words("Bea") + ":"))
    return Created(table, links, spectator)


def seat_words(player: str) -> str:
    """A pattern of the seat `player` sits at as pages name it: the player's name, after
    the character's where the seat plays one ("Ann", "Brannoc (Ann)")."""
    return rf"(?:[\w ]+ \()?\b{player}\)?"


def play_as(player: str) -> re.Pattern[str]:
    """A seat link's words in My tables: "Play as" and the seat's name."""
    return re.compile("Play as " + seat_words(player))


def lobby_row(page: Page, server: Server, case: GameCase, name: str) -> Any:
    page.goto(server.base + "/")
    return page.locator(f'#open-tables li.table-row[data-game="{case.game}"]').filter(
        has_text=name)


def take_from_the_lobby(page: Page, server: Server, case: GameCase, name: str) -> str:
    """The open table is listed in the lobby under its game with Bea's seat to take;
    taking it opens the seat (a new link of its own); then the table is no longer
    listed. The seat's link."""
    row = lobby_row(page, server, case, name)
    expect(row).to_contain_text(case.entry.title)
    ann = re.compile(seat_words("Ann") + ":")
    expect(row.locator("li").filter(has_text=ann)).to_contain_text("taken")
    row.get_by_role("button", name="Take this seat").click()
    page.wait_for_url(re.compile(r"/t/[0-9a-f]{32}\?k="))
    expect(page.locator("#connection")).to_have_text("Connected")
    expect(page.locator(ROOT)).to_have_attribute("data-game", case.game)
    expect(page.locator("header.top .sub")).to_contain_text(
        re.compile("seat 2, " + seat_words("Bea")))
    url = page.url
    expect(lobby_row(page, server, case, name)).to_have_count(0)
    open_seat(page, url)
    return url


def check_chat(ann: Page, bea: Page, spectator: Page) -> None:
    """Two seats write to each other; the spectator reads both and has no box to write
    in."""
    say(ann, "Hello from Ann")
    expect_line(bea, "Ann", "Hello from Ann")
    say(bea, "Hi Ann, good luck")
    for page in (ann, bea, spectator):
        expect_line(page, "Ann", "Hello from Ann")
        expect_line(page, "Bea", "Hi Ann, good luck")
    expect(spectator.locator("#chat-form")).to_have_count(0)


def check_spectator(page: Page, case: GameCase) -> None:
    """The spectators' page shows the game and the chat, and no hand, choice or
    control of a seat."""
    expect(page.locator(ROOT)).to_have_attribute("data-game", case.game)
    expect(page.locator("header.top .sub")).to_contain_text("spectator")
    expect(page.locator(case.shown).first).to_be_visible()
    expect(page.get_by_text("Spectators see no hand.")).to_be_visible()
    expect(page.locator(CONTROLS)).to_be_hidden()  # nothing of the table to control
    for control in ("[data-action]", "[data-op]", "#turn-sound", "#chat-form"):
        expect(page.locator(f"{ROOT} {control}")).to_have_count(0)


def check_undo(people: People, server: Server, case: GameCase) -> None:
    """Ann takes a decision that meets no chance, and takes it back with the Undo button
    before anyone else acts: both logs say who took it back, and the decision is hers
    to take again. Bea is never offered Ann's undo."""
    position = undo_position(case, f"Undo {case.entry.web_slug}")
    created = server.create(position.body)
    ann = people.page("ann", server.url(created, 0))
    bea = people.page("bea", server.url(created, 1))
    for page in (ann, bea):
        live(page)
    expect(ann).to_have_title(YOUR_TURN)
    expect(ann.locator(f"{CONTROLS} #undo")).to_have_count(0)
    before = seq(bea)
    play(ann, position.index)
    expect(bea.locator(ROOT)).not_to_have_attribute("data-seq", str(before))
    expect(bea.locator(f"{CONTROLS} #undo")).to_have_count(0)
    click_and_wait(ann, f"{CONTROLS} #undo")
    took_back = re.compile(seat_words("Ann") + r" took back their last turn\.")
    for page in (ann, bea):
        expect(page.locator(case.log)).to_contain_text(took_back)
        expect(page.locator(f"{CONTROLS} .notices")).to_contain_text(took_back)
    expect(ann).to_have_title(YOUR_TURN)
    expect(ann.locator(f"{CONTROLS} #undo")).to_have_count(0)
    expect(ann.locator(f'{ROOT} [data-action="{position.index}"]').first).to_be_attached()
    for page in (ann, bea):
        page.close()


def check_finished_game(people: People, server: Server, case: GameCase) -> None:
    """A finished game: its record downloads from the table's controls; its replay steps
    forward and back (the step and what the page shows change); the lobby lists it
    under Recently finished; a rematch moves both seats' pages to the new table, and
    the old link leads there."""
    name = f"Finished {case.entry.web_slug}"
    body = finished_body(case, name, 3)
    created = server.create(body)
    ann = people.page("ann", server.url(created, 0))
    bea = people.page("bea", server.url(created, 1))
    for page in (ann, bea):
        expect(page.locator(f"{ROOT} .game-over").first).to_be_visible()
    controls = ann.locator(CONTROLS)
    with ann.expect_download() as download:
        controls.get_by_role("link", name="Download the record").click()
    record = json.loads(Path(download.value.path()).read_text())
    assert record["format"] == case.entry.record_format
    assert download.value.suggested_filename == \
        f"{case.entry.web_slug}-{created['id'][:8]}.json"

    replay = people.page("ann")
    replay.goto(server.base + (controls.get_by_role(
        "link", name="Replay the game").get_attribute("href") or ""))
    total = len(body["prefix"])
    expect(replay.locator("#step")).to_have_text(f"Step 0 of {total}")
    replay.get_by_label("Step forward").click()
    expect(replay.locator("#step")).to_have_text(f"Step 1 of {total}")
    replay.get_by_label("Last step").click()
    expect(replay.locator("#step")).to_have_text(f"Step {total} of {total}")
    expect(replay.locator(f"{ROOT} .game-over").first).to_be_visible()
    log = replay.locator(f"{case.log} .log")  # the step's newest lines in view, once drawn
    replay.wait_for_function("e => e.scrollTop + e.clientHeight >= e.scrollHeight - 8",
                             arg=log.element_handle(), timeout=5000)
    replay.get_by_label("Step back").click()
    expect(replay.locator("#step")).to_have_text(f"Step {total - 1} of {total}")
    expect(replay.locator(f"{ROOT} .game-over")).to_have_count(0)
    expect(replay.locator(case.shown).first).to_be_visible()
    expect(replay.locator("[data-action], [data-op], #chat")).to_have_count(0)
    replay.get_by_label("Step forward").click()
    expect(replay.locator(f"{ROOT} .game-over").first).to_be_visible()

    replay.goto(server.base + "/")
    finished = replay.locator("ul.finished li").filter(has_text=name)
    expect(finished).to_contain_text(case.entry.title)

    old = {page: page.url for page in (ann, bea)}
    controls.get_by_role("button", name="Rematch with the same seats").click()
    for page, url in old.items():
        page.wait_for_url(lambda now: created["id"] not in now)
        assert page.url.split("?k=")[1] == url.split("?k=")[1]  # the same link, moved on
        expect(page.locator("#connection")).to_have_text("Connected")
        expect(page.locator(ROOT)).to_have_attribute("data-game", case.game)
        expect(page.locator(f"{ROOT} .game-over")).to_have_count(0)
    replay.goto(old[bea])  # Bea's old link: the finished game, and the way on
    expect(replay.locator(f"{CONTROLS} #go-rematch")).to_have_attribute(
        "href", bea.url.removeprefix(server.base))


def check_stand_in(people: People, server: Server, case: GameCase) -> None:
    """Ann closes her page while she decides: after the server's `--away` seconds a bot
    plays her seat until Bea decides; Ann comes back, Bea plays, and Ann's decision
    waits for Ann (no bot takes it) and is hers to take."""
    assert server.away > 0
    position = undo_position(case, f"Stand-in {case.entry.web_slug}")
    created = server.create(position.body)
    ann = people.page("ann", server.url(created, 0))
    bea = people.page("bea", server.url(created, 1))
    for page in (ann, bea):
        live(page)
    expect(ann).to_have_title(YOUR_TURN)
    before = seq(bea)
    ann.close()
    expect(bea).to_have_title(YOUR_TURN)  # a stand-in played Ann's seat meanwhile
    assert seq(bea) > before
    ann = people.page("ann", server.url(created, 0))
    live(ann)
    expect(ann).not_to_have_title(YOUR_TURN)
    assert play_while_my_turn(bea, case) > 0
    expect(ann).to_have_title(YOUR_TURN)
    waiting = seq(ann)
    ann.wait_for_timeout(server.away * 2500)
    assert seq(ann) == waiting, "a bot played the seat of a person who is there"
    expect(ann).to_have_title(YOUR_TURN)
    decide(ann, case)
    expect(ann.locator("#problem")).to_be_empty()
