"""Seeing what just happened (issue 25, item 3), in Chromium, for every game with a web
table (the registry's web games, tests/web/feature_support.py CASES):

- the log marks the lines since the seat's last decision after a "Since your last
  move" divider, and the board (Initiative Break's track, the hex board, The
  Initiative's rooms and doors) marks exactly what changed since that decision;
- new lines appear one at a time at the pace the reader chose ("one every 1.5 s"), or
  all at once; the choice is remembered in this browser;
- a stand-in bot's turns are named as such in the log ("(stand-in bot for Ann)"), and
  the log says when it took Ann's seat over and when Ann played it again.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from initiative.engine.chance import ROLL
from initiative.games.ib.actions import ACTIONS
from initiative.games.ib.state import IBState
from initiative.server.ib.drafts import draft_state
from tests.web.conftest import start_server
from tests.web.feature_support import (
    CASES,
    ROOT,
    YOUR_TURN,
    GameCase,
    Offline,
    click_and_wait,
    decide,
    find_position,
    kind,
    live,
    people,
    play,
    play_while_my_turn,
    seat_words,
    seq,
)
from tests.web.support import Server, needs_chromium

pytestmark = needs_chromium
AWAY_S = 1.0
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "images"
SIGS = """() => Object.fromEntries(Array.from(document.querySelectorAll(
  "#table [data-key][data-sig]")).map(el => [el.dataset.key, el.dataset.sig]))"""
BOARD = {"initiative_break": "#track", "hex_skirmish": "#hx-board",
         "the_initiative": "#ti-board"}
"""Where each game shows its board (what the changed marks are on)."""
SINCE = re.compile(r"\bsince\b")
ANN = seat_words("Ann")
CHANGED = """() => Array.from(document.querySelectorAll("#table [data-key].changed"))
  .map(el => el.dataset.key).sort()"""


@pytest.fixture(scope="module")
def away_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose stand-ins play a seat left for AWAY_S seconds."""
    running = start_server(Path(tmp_path_factory.mktemp("away")), "away", away=AWAY_S)
    try:
        yield running
    finally:
        running.stop()


def _new_lines(offline: Offline, action: Any) -> int:
    """Log lines seat 1 taking `action` adds (a decision of one step only)."""
    site, state = offline.case.site, offline.state
    draft = site.draft(state, 0, (offline.game.action_index(action),))
    if draft is not None and not draft.ready:
        return 0
    after = state.clone()
    after.apply(action)
    if after.current_seat() < 0:
        return 0
    return int(site.log_length(after) - site.log_length(state))


def _since_your_last_move(page: Page, case: GameCase) -> None:
    """One divider, then only lines since the seat's last decision."""
    expect(page.locator(f"{case.log} li.since-mark")).to_have_text("Since your last move")
    expect(page.locator(f"{case.log} li.since-mark + li")).to_have_class(SINCE)
    assert page.locator(f"{case.log} li.since").count() >= 2
    assert page.locator(f"{case.log} li.since-mark ~ li:not(.since)").count() == 0


@pytest.mark.parametrize("case", CASES, ids=str)
def test_since_my_last_move_and_the_pace_of_new_lines(server: Server, browser: Browser,
                                                      case: GameCase) -> None:
    position = find_position(case, f"Since {case.entry.web_slug}",
                             lambda offline, action: _new_lines(offline, action) >= 2, after=4)
    created = server.create(position.body)
    with people(browser, server) as found:
        ann = found.page("ann", server.url(created, 0))
        bea = found.page("bea", server.url(created, 1))
        for page in (ann, bea):
            live(page)
            expect(page.locator("#pace")).to_have_value("600")  # readable by default
        bea.locator("#pace").select_option("1500")
        expect(ann).to_have_title(YOUR_TURN)
        board = ann.evaluate(SIGS)
        assert board, "the page marks nothing of its board"
        before = seq(bea)
        play(ann, position.index)

        # Bea sees Ann's lines come one at a time, 1.5 s apart.
        expect(bea.locator(ROOT)).not_to_have_attribute("data-seq", str(before))
        queued = bea.locator(f"{case.log} li.queued[data-at]")
        expect(queued).not_to_have_count(0)
        waiting = queued.count()
        start = time.monotonic()
        expect(queued).to_have_count(0)
        # one every 1.5 s, three times as fast while more than 8 wait (live.js BACKLOG)
        least = sum(0.5 if left > 8 else 1.5 for left in range(1, waiting))
        assert time.monotonic() - start >= 0.9 * least, "lines came too fast"
        expect(bea.locator(f"{case.log} li.fresh").last).to_be_visible()

        # Ann ends her turn, Bea plays hers (her lines all at once); Ann's page then
        # marks what happened since Ann's last decision.
        bea.locator("#pace").select_option("0")
        while YOUR_TURN.search(ann.title()):
            board = ann.evaluate(SIGS)
            decide(ann, case)
        expect(bea).to_have_title(YOUR_TURN)
        assert play_while_my_turn(bea, case) > 0
        assert bea.locator(f"{case.log} li.queued").count() == 0  # all at once
        expect(ann).to_have_title(YOUR_TURN)
        _since_your_last_move(ann, case)
        now = ann.evaluate(SIGS)
        changed = sorted(key for key, sig in now.items() if board.get(key) != sig)
        expect_changed(ann, changed)
        slug = case.entry.web_slug
        ann.locator(BOARD[case.game]).screenshot(path=str(SHOTS / f"since-board-{slug}.png"))
        ann.locator(case.log).screenshot(path=str(SHOTS / f"since-log-{slug}.png"))

        # The pace is remembered in this browser; the marks come back on a reload.
        bea.reload()
        live(bea)
        expect(bea.locator("#pace")).to_have_value("0")
        ann.reload()
        live(ann)
        _since_your_last_move(ann, case)
        expect_changed(ann, changed)


def expect_changed(page: Page, changed: list[str]) -> None:
    """The elements marked changed are exactly those whose data-sig changed."""
    assert changed, "nothing on the board changed since the decision"
    deadline = time.monotonic() + 10
    while page.evaluate(CHANGED) != changed and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert page.evaluate(CHANGED) == changed


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_stand_ins_moves_are_named(away_server: Server, browser: Browser,
                                     case: GameCase) -> None:
    """Ann leaves while she decides; a stand-in bot plays her seat. Bea's log says so
    where it took over, names its turns, and says when Ann played her seat again."""
    server = away_server
    position = find_position(case, f"Stand-in {case.entry.web_slug}",
                             lambda offline, action: True, after=4)
    created = server.create(position.body)
    with people(browser, server) as found:
        ann = found.page("ann", server.url(created, 0))
        bea = found.page("bea", server.url(created, 1))
        for page in (ann, bea):
            live(page)
        bea.locator("#pace").select_option("0")
        expect(ann).to_have_title(YOUR_TURN)
        ann.close()
        log = bea.locator(case.log)
        expect(log).to_contain_text(re.compile(
            ANN + r" is away: a stand-in bot plays their seat until they come back\."))
        for _ in range(8):  # a turn that logs nothing names nobody: play on
            expect(bea).to_have_title(YOUR_TURN)
            if log.get_by_text(re.compile(r"\(stand-in bot for " + ANN + r"\)")).count():
                break
            play_while_my_turn(bea, case)
        by_stand_in = re.compile(r"\(stand-in bot for " + ANN + r"\)")
        named = log.locator("li.event").filter(has_text=by_stand_in).first
        named.scroll_into_view_if_needed()
        expect(named).to_be_visible()
        log.screenshot(path=str(SHOTS / f"stand-in-{case.entry.web_slug}.png"))
        ann = found.page("ann", server.url(created, 0))
        live(ann)
        expect(ann).not_to_have_title(YOUR_TURN)
        play_while_my_turn(bea, case)
        expect(ann).to_have_title(YOUR_TURN)
        assert play_while_my_turn(ann, case) > 0
        expect(log).to_contain_text(re.compile(ANN + r" is back and plays their own seat again\."))


SOLO = GameCase("initiative_break", {"mode": "solo"}, log="#log", shown="#track li.unit",
                choice=f'{ROOT} [data-op="step"]', undo_kinds=())


def _die_target(state: IBState, index: int) -> int | None:
    """The target (action number) of seat 1's attack `index` whose preview reaches a
    Challenge Card's die, if any."""
    first = ACTIONS[index]
    for target in draft_state(state, 0, (first,)).next_steps:
        preview = draft_state(state, 0, (first, target)).preview
        if preview is not None and preview.pending is not None \
                and preview.pending.kind == ROLL:
            return target.index
    return None


def test_a_solo_preview_stops_at_the_challenge_cards_die(server: Server,
                                                         browser: Browser) -> None:
    """Issue 25: a Solo table, a Basic Attack whose preview reaches a Challenge Card's
    die: the page's preview says which Challenge Card rolls and stops there."""
    position = find_position(SOLO, "Honest preview", lambda offline, action: kind(
        action) == "BASIC" and _die_target(offline.state, action.index) is not None)
    offline = Offline(SOLO, {k: v for k, v in position.body.items() if k != "prefix"})
    for index in position.body["prefix"]:
        offline.play(offline.game.action_from_index(index))
    target = _die_target(offline.state, position.index)
    created = server.create(position.body)
    with people(browser, server) as found:
        ann = found.page("ann", server.url(created, 0))
        live(ann)
        click_and_wait(ann, f'{ROOT} [data-action="{position.index}"]')
        click_and_wait(ann, f'#track [data-action="{target}"]')
        pending = ann.locator("#actions .preview .pending")
        expect(pending).to_contain_text(" rolls its die: what it does depends on the roll")
        expect(pending).to_contain_text("the preview stops here.")
        ann.locator("#actions").screenshot(path=str(SHOTS / "preview-stops-at-die.png"))
