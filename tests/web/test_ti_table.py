"""The Initiative's table in a real Chromium (Playwright, Debian's chromium): a person
plays a seeded game with a bot to its end by clicking what the page shows (a room, a
token or a door on the board, a card's pile button, a symbol or vote button, the list
otherwise); two people see every legal action of theirs as a control at every decision;
the group solves with one vote per seat (TI-54..TI-56); the page works at 360 px.

Invariant checked at every decision of a clicking seat: every legal action of the seat's
view (read from a JSON connection of the same seat) is a clickable element of the page
(`[data-action]`). Screenshots go to docs/images/ti-*.png.

CI plays from a position near the end of an offline game (`TAIL` decisions before its
end). Larger runs: TI_WEB_GAMES=N plays N seeded games from the start.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import ClientConnection

from initiative.engine.contract import GAME_MASTER
from initiative.games.ti.flags import TIRules
from initiative.games.ti.game import TIGame
from initiative.games.ti.state import TIState
from initiative.server.ti import SITE as TI_WEB
from initiative.server.ti.render import card_words
from tests.web.action_support import ROOT, ActionSite, view_at
from tests.web.support import PageWatch, Server, needs_chromium, open_seat

TAIL = 60
"""Decisions before the offline game's end where the CI games start."""
GAMES = int(os.environ.get("TI_WEB_GAMES", "0"))
MISSIONS = ("clockmakers_word", "gallery_after_dark", "observatory_vault")
GAME_SEEDS = tuple((seed, MISSIONS[seed % 3], ("random", "heuristic")[seed % 2])
                   for seed in range(1, GAMES + 1)) if GAMES \
    else ((3, MISSIONS[0], "heuristic"), (8, MISSIONS[1], "random"),
          (4, MISSIONS[2], "heuristic"))
"""(seed, mission, bot) of the clicked games; the second seat is the bot."""
MAX_CLICKS = 20_000
IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
WHERE = ("#ti-board", "#ti-hand", "#ti-piles", "#ti-console", "#ti-enemies", "#ti-actions")
"""Where a click is looked for, shortcuts first: the choices list is the last resort."""


SITE = ActionSite("the_initiative")
create_ti, json_seat, page_seq = SITE.create, SITE.json_seat, SITE.page_seq
wait_change = SITE.wait_change


def body_of(seed: int, **fields: Any) -> dict[str, Any]:
    return {"name": f"TI {seed}", "players": 2, "seat0_name": "Ann", "seat1_name": "Bea",
            "seed": seed, **fields}


def offline_game(body: dict[str, Any]) -> TIGame:
    """The game the server builds from this API body (its web part's parser)."""
    plan = TI_WEB.parse({k: str(v) for k, v in body.items() if k not in ("seed", "prefix")})
    return TI_WEB.build(plan, body["seed"])


def no_solve(legal: list[Any], kind: Any) -> list[Any]:
    """Random play never proposes an answer (a wrong guess ends the game at once)."""
    kept = [a for a in legal if kind(a) != "solve"]
    return kept or legal


def offline_line(body: dict[str, Any]) -> list[int]:
    """A seeded random game of the table's plan and seed, played offline to its end."""
    game = offline_game(body)
    state = game.new_initial_state(body["seed"])
    rng = random.Random(body["seed"])
    line: list[int] = []
    while not state.is_terminal():
        legal = no_solve(list(state.legal_actions()),
                         lambda a: str(a).split(" ")[0])
        action = rng.choice(legal)
        line.append(game.action_index(action))
        state.apply(action)
    return line


def settled(page: Page) -> int:
    """Wait until the page is live (a frame arrived) and shows a decision, a wait or
    the end; its seq."""
    expect(page.locator(ROOT)).to_have_attribute("data-seq", re.compile(r"^\d+$"))
    return page_seq(page)


def click(page: Page, index: int) -> str:
    """Click action `index` where a person sees it first (board, hand, piles, console,
    enemies, then the list); the region clicked."""
    seq = page_seq(page)
    for where in WHERE:
        target = page.locator(f'{where} [data-action="{index}"]')
        if target.count():
            target.first.click()
            wait_change(page, seq)
            return where
    raise AssertionError(f"action {index} is not on the page")


def offered(page: Page) -> set[int]:
    return {int(i) for i in page.locator(f"{ROOT} [data-action]").evaluate_all(
        "els => els.map(e => e.dataset.action)")}


def play_by_clicks(page: Page, ws: ClientConnection, rng: random.Random,
                   shoot: str = "") -> dict[str, int]:
    """Play the page's seat to the end of the game; clicks counted by page region. At
    every decision every legal action of the view is on the page (the invariant).
    `shoot`: the name of a screenshot taken at the first choice on the board."""
    clicks: dict[str, int] = {}
    for _ in range(MAX_CLICKS):
        expect(page.locator("#ti-actions [data-action], #game-over").first).to_be_visible()
        seq = settled(page)
        view = view_at(ws, seq)
        if view["over"]:
            expect(page.locator("#game-over")).to_be_visible()
            return clicks
        legal = [a["index"] for a in view["legal"]]
        assert set(legal) <= offered(page), f"seq {seq}: legal {legal}, offered {offered(page)}"
        if shoot and page.locator("#ti-board [data-action]").count():
            shot(page, shoot)
            shoot = ""
        choice = rng.choice(no_solve(view["legal"], lambda a: a["kind"]))["index"]
        where = click(page, choice)
        clicks[where] = clicks.get(where, 0) + 1
    raise AssertionError("the game did not end")


def shot(page: Page, name: str, full: bool = True) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(IMAGES / f"ti-{name}.png"), full_page=full)


@needs_chromium
@pytest.mark.parametrize(("seed", "mission", "bot"), GAME_SEEDS)
def test_a_person_plays_with_a_bot_to_the_end_by_clicking(
        server: Server, browser: Browser, seed: int, mission: str, bot: str) -> None:
    body = body_of(seed, seat1_controller=bot, mission=mission)
    if not GAMES:
        line = offline_line(body)
        body["prefix"] = line[:max(0, len(line) - TAIL)]
    created = create_ti(server, body)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    watch = PageWatch.on(page)
    try:
        with json_seat(server, created, 0) as ws:
            open_seat(page, server.base + created["links"][0])
            clicks = play_by_clicks(page, ws, random.Random(seed),
                                    f"board-{mission.split('_')[0]}" if not GAMES else "")
        assert sum(clicks.values()) > 0
        banner = page.locator("#game-over")
        expect(banner).to_contain_text("The answer:")
        controls = page.locator("#table-controls")
        expect(controls.get_by_role("link", name="Start a new The Initiative table")
               ).to_have_attribute("href", "/ti/new")
        record = controls.get_by_role("link", name="Download the record")
        answer = page.request.get(server.base + (record.get_attribute("href") or ""))
        assert answer.ok and answer.json()["format"] == "ti-record/1"
        if not GAMES and (seed, mission, bot) == GAME_SEEDS[0]:
            shot(page, "end")
        assert not watch.errors and not server.tracebacks()
    finally:
        page.close()


@needs_chromium
def test_every_legal_action_is_a_control_of_each_seat(server: Server,
                                                      browser: Browser) -> None:
    """Two people, random choices from the start: at each of many decisions every legal
    action of the deciding seat is a clickable control of its page, and the other
    seat's page offers none."""
    created = create_ti(server, body_of(21))
    pages = [browser.new_page(viewport={"width": 1100, "height": 900}) for _ in range(2)]
    rng = random.Random(21)
    shots: list[int] = []
    try:
        with json_seat(server, created, 0) as ws0, json_seat(server, created, 1) as ws1:
            sockets = [ws0, ws1]
            for n, p in enumerate(pages):
                open_seat(p, server.base + created["links"][n])
            seq = settled(pages[0])
            views = [view_at(ws, seq) for ws in sockets]
            for _ in range(120):
                if views[0]["over"]:
                    break
                mover = next(n for n in (0, 1) if views[n]["legal"])
                page = pages[mover]
                expect(page.locator(ROOT)).to_have_attribute("data-seq", str(seq))
                expect(pages[1 - mover].locator(ROOT)).to_have_attribute(
                    "data-seq", str(seq))
                legal = {a["index"] for a in views[mover]["legal"]}
                assert legal <= offered(page), (views[mover]["pending"], legal, offered(page))
                assert not offered(pages[1 - mover])
                if seq == 3:
                    shot(page, "desktop")
                if not shots and page.locator("#ti-board [data-action]").count():
                    shots.append(seq)
                    shot(page, "choice")  # a choice on the board, outlined
                click(page, rng.choice(no_solve(views[mover]["legal"],
                                                lambda a: a["kind"]))["index"])
                seq = page_seq(page)
                views = [view_at(ws, seq) for ws in sockets]
    finally:
        for p in pages:
            p.close()


@needs_chromium
def test_the_group_solves_with_a_vote_each(server: Server, browser: Browser) -> None:
    """The active player proposes and enters the answer one symbol per position by
    clicking; the other player's page shows the proposal and who voted; a no resumes
    play; then both say yes to the right answer and both pages show the win."""
    created = create_ti(server, body_of(5))
    pages = [browser.new_page(viewport={"width": 1100, "height": 900}) for _ in range(2)]
    try:
        with json_seat(server, created, 0) as ws:
            for n, p in enumerate(pages):
                open_seat(p, server.base + created["links"][n])
            seq = settled(pages[0])
            view = view_at(ws, seq)
            rng = random.Random(5)
            attempts = 0
            while not view["over"]:
                mover = 0 if view["legal"] else 1
                page = pages[mover]
                expect(page.locator(ROOT)).to_have_attribute("data-seq", str(seq))
                solve = page.locator("#ti-actions button.solve")
                if solve.count():
                    attempts += 1
                    solve.click()
                    wait_change(page, seq)
                    answer = enter_answer(page, created, server)
                    voter = pages[1 - mover]
                    expect(voter.locator(".vote .votes")).to_contain_text("waiting")
                    expect(voter.locator(".positions")).to_contain_text(answer[0])
                    if attempts == 1:
                        shot(voter, "vote")
                        seq = page_seq(voter)
                        voter.locator(".vote button.vote-no").click()
                        wait_change(voter, seq)
                    else:
                        seq = page_seq(voter)
                        voter.locator(".vote button.vote-yes").click()
                        wait_change(voter, seq)
                    seq = page_seq(voter)  # the state after the vote
                else:
                    choices = page.locator("#ti-actions [data-action]:not(.solve):visible")
                    seq = page_seq(page)
                    choices.nth(rng.randrange(choices.count())).click()
                    wait_change(page, seq)
                    seq = page_seq(page)  # the state after this choice
                view = view_at(ws, seq)
            assert attempts == 2 and view["result"]["won"]
            for p in pages:
                expect(p.locator("#game-over")).to_contain_text("Mission accomplished")
    finally:
        for p in pages:
            p.close()


def enter_answer(page: Page, created: dict[str, Any], server: Server) -> str:
    """Click the true answer's symbols (read from the offline game of the same plan:
    the page never knows it), the first after a slip taken back (TI-54: nothing counts
    before the answer is announced), then Announce; the answer."""
    mission = offline_game(body_of(5)).setup.mission
    slip = next(s for s in mission.alphabet if s != mission.answer[0])
    for n, symbol in enumerate([slip, *mission.answer]):
        seq = page_seq(page)
        row = page.locator(f'.positions li:nth-child({max(n, 1)}) button.sym')
        row.filter(has_text=re.compile(f"^{re.escape(symbol)}$")).first.click()
        wait_change(page, seq)
        if n == 0:
            expect(page.locator(".positions li").first).to_contain_text(slip)
            seq = page_seq(page)
            page.locator(".answer-controls button.answer-erase").click()
            wait_change(page, seq)
    seq = page_seq(page)
    page.locator(".answer-controls button.answer-announce").click()
    wait_change(page, seq)
    return "".join(mission.answer)


@needs_chromium
def test_the_table_works_at_360_px(server: Server, browser: Browser) -> None:
    created = create_ti(server, body_of(7, seat1_controller="random",
                                        mission="observatory_vault"))
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True,
                            has_touch=True)
    try:
        open_seat(page, server.base + created["links"][0])
        expect(page.locator("#ti-actions [data-action]").first).to_be_visible()
        settled(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        box = page.locator("#ti-board .board-scroll").bounding_box()  # the board scrolls
        assert box is not None and box["x"] + box["width"] <= 360  # sideways in its box
        svg = page.locator("#ti-board svg").bounding_box()
        assert svg is not None and svg["width"] >= 400 and svg["height"] > 150  # readable
        for button in page.locator("#ti-actions [data-action]:visible").all():
            box = button.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        shot(page, "phone")
        seq = page_seq(page)
        page.locator("#ti-actions [data-action]").first.tap()
        wait_change(page, seq)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        rng = random.Random(7)
        for _ in range(200):  # on to a choice on the board (TI-19: INTEL's rooms)
            expect(page.locator("#ti-actions [data-action], #game-over").first).to_be_visible()
            if page.locator("#ti-board [data-action]").count() or \
                    page.locator("#game-over").count():
                break
            seq = page_seq(page)
            intel = page.locator("#ti-hand button[data-action]", has_text="INTEL")
            buttons = intel.all()[:1] or \
                page.locator("#ti-actions [data-action]:not(.solve):visible").all()
            rng.choice(buttons).tap()  # INTEL when a card allows it: rooms to choose
            wait_change(page, seq)
        picks = page.locator("#ti-board [data-action]")
        assert picks.count(), "no choice on the board in this seeded game"
        box = page.locator("#ti-board .board-scroll").bounding_box()
        assert box is not None
        seen = [b for b in (p.bounding_box() for p in picks.all()) if b is not None
                and b["x"] >= box["x"] and b["x"] + b["width"] <= box["x"] + box["width"]]
        assert seen, "the board did not scroll to a choice"  # then: in sight
        listed = {int(i) for i in page.locator("#ti-actions [data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)")}
        assert {int(p.get_attribute("data-action") or "-1") for p in picks.all()} <= listed
        expect(page.locator(".scroll-hint")).to_be_visible()
        page.locator("#ti-board").evaluate("el => el.scrollIntoView()")
        shot(page, "phone-board", full=False)
    finally:
        page.close()


@needs_chromium
def test_the_guide_and_the_form(server: Server, browser: Browser) -> None:
    """/ti/how-to-play cites the rules and lists every flag, readable at 360 px; the
    form shows one seat per player and creates the table."""
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True)
    try:
        page.goto(server.base + "/ti/how-to-play")
        expect(page.get_by_role("heading", name="How to play The Initiative")).to_be_visible()
        expect(page.locator("#house-rules tbody tr")).to_have_count(len(TIRules.names()))
        expect(page.locator("#solve")).to_contain_text("TI-56")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        shot(page, "howto", full=False)
        page.goto(server.base + "/ti/new")
        seats = page.locator("fieldset.seat")
        for count in ("3", "1", "4", "2"):
            page.select_option("select[name=players]", count)
            for n in range(4):
                if n < int(count):
                    expect(seats.nth(n)).to_be_visible()
                else:
                    expect(seats.nth(n)).to_be_hidden()
        page.select_option("select[name=seat1_controller]", "random")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_url("**/created")
        assert page.locator("a[href*='?k=']").count() >= 1
    finally:
        page.close()


@needs_chromium
def test_a_card_then_a_pile_or_a_pile_then_a_card(server: Server, browser: Browser) -> None:
    """TI-10, TI-12: choosing a card lights up the piles it may go on and a click on one
    plays it there; choosing a pile first lights up the cards it takes."""
    created = create_ti(server, body_of(21))
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    try:
        with json_seat(server, created, 0) as ws:
            open_seat(page, server.base + created["links"][0])
            seq = settled(page)
            view = view_at(ws, seq)
            first = next(a for a in view["legal"] if "(Ann)" in a["label"])
            click(page, first["index"])  # TI-8: Ann volunteers
            seq = page_seq(page)
            view = view_at(ws, seq)
            card = page.locator("#ti-hand .ti-card.playable").first
            cid = int(card.get_attribute("data-card") or "-1")
            card.locator(".value").click()
            expect(card).to_have_class(re.compile("chosen"))
            target = page.locator("#ti-piles .pile.can-take").first
            pile = target.get_attribute("data-pile")
            target.click()
            wait_change(page, seq)
            seq = page_seq(page)
            view = view_at(ws, seq)
            top = next(p["top"] for p in view["piles"] if p["key"] == pile)
            assert top is not None and top["id"] == cid
            assert cid not in [c["id"] for c in view["hand"]]
            while view["legal"] and (view["pending"] or {}).get("kind") != "turn":
                stop = [a for a in view["legal"] if a["kind"] == "stop"] or view["legal"]
                click(page, stop[0]["index"])  # finish the action: back to the main step
                seq = page_seq(page)
                view = view_at(ws, seq)
            takes = page.locator("#ti-piles .pile.takes")
            assert takes.count(), "no second play possible in this seeded game"
            # the second action: the pile first this time
            chosen = takes.first
            pile = chosen.get_attribute("data-pile")
            chosen.locator(".pname").click()
            other = page.locator("#ti-hand .ti-card.can-take").first
            cid = int(other.get_attribute("data-card") or "-1")
            other.locator(".value").click()
            wait_change(page, seq)
            view = view_at(ws, page_seq(page))
            top = next(p["top"] for p in view["piles"] if p["key"] == pile)
            assert top is not None and top["id"] == cid
    finally:
        page.close()


@needs_chromium
def test_a_solo_player_with_two_characters_acts_for_both_from_one_page(
        server: Server, browser: Browser) -> None:
    """TI-A17 `characters_per_solo_player: 2`: the form shows the second character
    (without a "Played by": one link plays both), and that one page offers every legal
    action of whichever character decides, so the solo player acts for both seats."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    try:
        page.goto(server.base + "/ti/new")
        page.select_option("select[name=players]", "1")
        seats = page.locator("fieldset.seat")
        expect(seats.nth(1)).to_be_hidden()
        expect(page.locator("#solo-hint")).to_be_visible()
        page.locator("#solo-hint a").click()  # opens the house rules at TI-A17
        page.select_option("select[name=rule_characters_per_solo_player]", "2")
        expect(seats.nth(1)).to_be_visible()
        expect(seats.nth(1).locator(".solo-note")).to_be_visible()
        expect(seats.nth(1).locator("select[name=seat1_controller]")).to_be_hidden()
        expect(seats.nth(2)).to_be_hidden()
        page.select_option("select[name=players]", "2")
        expect(seats.nth(1).locator("select[name=seat1_controller]")).to_be_visible()
        created = create_ti(server, body_of(12, players=1, seat1_name="Ann too",
                                            rule_characters_per_solo_player=2))
        assert created["seats"][1] is None and created["links"][1] is None
        rng = random.Random(12)
        deciders: set[int] = set()
        with json_seat(server, created, 0) as ws:
            open_seat(page, server.base + created["links"][0])
            for _ in range(300):
                seq = settled(page)
                view = view_at(ws, seq)
                if view["over"] or deciders == {0, 1}:
                    break
                assert view["legal"], f"seq {seq}: the solo page always decides"
                deciders.add(view["seat"])
                legal = [a["index"] for a in view["legal"]]
                assert set(legal) <= offered(page), f"seq {seq}: legal {legal}"
                name = view["seat_names"][view["seat"]]
                hand = {str(c["id"]) for c in view["hand"]}
                shown = set(page.locator("#ti-hand [data-card]").evaluate_all(
                    "els => els.map(e => e.dataset.card)"))
                assert shown == hand, f"seq {seq}: {name}'s hand {hand}, page {shown}"
                click(page, rng.choice(no_solve(view["legal"], lambda a: a["kind"]))["index"])
        assert deciders == {0, 1}
    finally:
        page.close()


CHECK_AT = frozenset((0, 1, 2, 4, 7, 11, 16, 22, 30, 40, 55, 70))
"""Decisions after which both pages are read whole (hidden information)."""


def mirror(body: dict[str, Any]) -> tuple[TIGame, TIState]:
    """The table's game and first state, built offline from its plan and seed: the same
    seed and actions make the same game (so the test knows the real hands)."""
    game = offline_game(body)
    return game, game.new_initial_state(body["seed"])


def page_ids(page: Page, attribute: str) -> set[int]:
    """Every `attribute` (a number) anywhere on the page."""
    values: list[str] = page.locator(f"[{attribute}]").evaluate_all(
        f"els => els.map(e => e.getAttribute('{attribute}'))")
    return {int(v) for v in values}


def assert_nothing_hidden(page: Page, seat: int, state: TIState, game: TIGame) -> None:
    """What `seat`'s page shows holds no other seat's hand card, no closed window's
    symbol and no face-down token (checked against the game master's view and the
    mission's console)."""
    master = state.view(GAME_MASTER).to_dict()
    own = {c["id"] for c in master["hands"][str(seat)]}
    others = [c for s, hand in master["hands"].items() if s != str(seat) for c in hand]
    where = f"seat {seat}, turn {master['turn']}"
    assert set(page.locator("#ti-hand [data-card]").evaluate_all(
        "els => els.map(e => Number(e.dataset.card))")) == own, where
    takes: list[str] = page.locator("#ti-piles [data-takes]").evaluate_all(
        "els => els.flatMap(e => Object.keys(JSON.parse(e.dataset.takes)))")
    assert {int(t) for t in takes} <= own, where  # a pile lights up own cards only
    leaked = {c["id"] for c in others} & (page_ids(page, "data-card")
                                          | {int(t) for t in takes})
    assert not leaked, f"{where}: other hands' cards {leaked} on the page"
    hand_text = page.locator("#ti-hand").inner_text()
    mine = {card_words(c) for c in master["hands"][str(seat)]}
    for card in others:
        assert card_words(card) in mine or card_words(card) not in hand_text, where
    windows = page.locator("#ti-console li.window")
    spec = game.setup.mission.windows
    for i, window in enumerate(master["console"]["windows"]):
        if window["open"]:
            continue
        item = windows.nth(i)
        assert item.locator(".symbols").count() == 0, f"{where}: window {i + 1}"
        glyph = master["glyphs"][window["glyph"]]
        rest = item.inner_text().replace(glyph["mark"], "").replace(glyph["name"], "")
        assert rest.replace(":", "").split() == ["closed"], f"{where}: window {i + 1}: {rest}"
        for symbol in spec[i].symbols:
            assert symbol not in rest, f"{where}: window {i + 1} shows {symbol}"
    face_up = {t["id"] for room in master["rooms"] for t in room["face_up"] + room["features"]}
    face_up |= {t for pile in master["piles"] for t in pile["counter_intel"]}
    shown = page_ids(page, "data-token")
    assert shown <= face_up, f"{where}: tokens {shown - face_up} are not face up"
    stacks: list[str] = page.locator("#ti-board text.stack").evaluate_all(
        "els => els.map(e => e.textContent)")
    counts = []
    for text in stacks:  # only a count: "n face-down token(s)" and "▦n"
        found = re.fullmatch(r"(\d+)face-downtokens?▦(\d+)", re.sub(r"\s+", "", text))
        assert found is not None and found[1] == found[2], f"{where}: stack {text!r}"
        counts.append(int(found[1]))
    assert sorted(n for n in counts if n) == sorted(r["stack"] for r in master["rooms"]
                                                    if r["stack"]), where


@needs_chromium
def test_no_page_shows_another_seats_hand_or_a_hidden_face(
        server: Server, browser: Browser) -> None:
    """Hidden information in the browser: two people's pages, each read whole at several
    decisions of a seeded game, show only their own hand (ids in data attributes and card
    words in the hand), closed windows without symbols and face-down stacks as a count."""
    body = body_of(31, mission="gallery_after_dark")
    created = create_ti(server, body)
    game, state = mirror(body)
    rng = random.Random(31)
    pages = [browser.new_page(viewport={"width": 1100, "height": 900}) for _ in range(2)]
    try:
        for seat, page in enumerate(pages):
            open_seat(page, server.base + created["links"][seat])
        played = 0
        checked = 0
        while played <= max(CHECK_AT) and not state.is_terminal():
            for page in pages:
                expect(page.locator(ROOT)).to_have_attribute("data-seq", str(played))
            if played in CHECK_AT:
                for seat, page in enumerate(pages):
                    assert_nothing_hidden(page, seat, state, game)
                checked += 1
            decider = state.current_seat()
            action = rng.choice(no_solve(list(state.legal_actions()),
                                         lambda a: str(a).split(" ")[0]))
            click(pages[decider], game.action_index(action))
            state.apply(action)
            played += 1
        assert checked >= 8
    finally:
        for page in pages:
            page.close()
