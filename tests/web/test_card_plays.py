"""A person plays each kind of card and ability from the actions pane and the hand, in
Chromium: a Technique, an Event, a Sigil install, a Sigil use (Use Sigil, a tier, its
Discard cost, a target, Confirm), a Support Character, a Keystone ability, a Break Art
and an Initiative Break (IB 4.3-4.8, 3.7; issue 16 item 1).

Each position is found offline: seeded random games (card-kit teams) until seat 1 must
decide and the action is legal; the table is created at that point (`seed`, `prefix`).
The first step is clicked where a person looks for it (the actions pane or the hand),
the rest wherever the page offers them, then Confirm; the page must then show the game
the engine reaches: the log's sentences, the hand, the track with HP and Charge, and the
Supports in play."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page, expect

from initiative.games.ib.actions import DISCARDS, Action, Kind, target_unit
from initiative.games.ib.state import IBState
from initiative.games.ib.text import describe as text
from initiative.server.ib.render import CARD_STEPS
from tests.web.support import (
    ARTIFACTS,
    DRAFT,
    PageWatch,
    Position,
    Server,
    Steer,
    Wanted,
    click_steps,
    confirm,
    expect_game_shown,
    find_position,
    needs_chromium,
    open_seat,
)

pytestmark = needs_chromium
SEAT = 0


def card_kind(state: IBState, action: Action) -> str:
    """The kind of the card an action plays from the hand (technique, event, ...)."""
    return state.match.content.cards[state.hands[SEAT][action.arg]].kind


def discard_open(state: IBState, action: Action) -> bool:
    """The free discard (IB 2.8.7) of the same card is legal too: the card must offer
    both (a page that showed one control per card hid the play)."""
    return DISCARDS[action.arg] in state.legal_actions()


def plays(kind: str) -> Wanted:
    return lambda state, action: (action.kind == Kind.PLAY and card_kind(state, action) == kind
                                  and discard_open(state, action))


def installs(state: IBState, action: Action) -> bool:
    return action.kind == Kind.INSTALL and discard_open(state, action)


def is_kind(kind: Kind) -> Wanted:
    return lambda state, action: action.kind == kind


def breaks_and_moves(state: IBState, action: Action) -> bool:
    """An Initiative Break by a unit not already at the far right, where the Breaker
    ends up (IB 3.7), so the track shows it moved."""
    if action.kind != Kind.BREAK:
        return False
    return state.view(SEAT).order[-1] != target_unit(action, state.match.num_characters)


def builds_charge(state: IBState) -> Action | None:
    """Seat 1 makes Basic Attacks (IB 4.1: +1 Charge) and never breaks, so a Character
    reaches the 3 Charge of its Break Art (IB 4.3.1); other choices stay random."""
    if state.current_seat() != SEAT:
        return None
    legal = state.legal_actions()
    return next((a for kind in (Kind.BASIC, Kind.DECLINE) for a in legal if a.kind == kind),
                None)


def tier_cost_target(steps: tuple[Action, ...]) -> bool:
    """A Sigil use with every sub-step: its tier, the tier's Discard cost, a target."""
    return {Kind.TIER, Kind.DISCARD, Kind.TARGET} <= {s.kind for s in steps}


@dataclass(frozen=True)
class Case:
    team: str
    first: Wanted
    whole: Callable[[tuple[Action, ...]], bool] = lambda steps: True
    steer: Steer | None = None


CASES = {
    "technique": Case("tideguard", plays("technique")),
    "event": Case("tideguard", plays("event")),
    "sigil-install": Case("tideguard", installs),
    "sigil-use": Case("tideguard", is_kind(Kind.SIGIL), tier_cost_target),
    "support": Case("lanternwatch", plays("support")),
    "keystone": Case("tideguard", is_kind(Kind.KEYSTONE)),
    "break-art": Case("tideguard", is_kind(Kind.BREAK_ART), steer=builds_charge),
    "initiative-break": Case("ashfall", breaks_and_moves),
}


def position(case: Case) -> Position:
    body = {"mode": "1v1", "name": "Card plays",
            "seat0_name": "Player", "seat0_team": case.team, "seat0_controller": "human",
            "seat1_name": "Rival", "seat1_team": "ashfall" if case.team != "ashfall"
            else "tideguard", "seat1_controller": "human"}
    return find_position(body, SEAT, case.first, case.whole, case.steer)


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"play-{name}-{os.getpid()}.png"), full_page=True)


@pytest.mark.parametrize("name", list(CASES))
def test_a_person_plays_it_from_the_page(name: str, server: Server, browser: Browser
                                         ) -> None:
    found = position(CASES[name])
    before, after = found.before, found.after()
    known = len(server.tracebacks())
    created = server.create(found.body)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        watch = PageWatch.on(page)
        open_seat(page, server.url(created, SEAT))
        expect(page.locator("#actions .decision")).to_be_visible()
        first = found.steps[0]
        if first.kind in CARD_STEPS:  # the card offers its play and its discard
            card = page.locator("#hand li.card").nth(first.arg)
            for offer in (first, DISCARDS[first.arg]):
                expect(card.locator(f'[data-action="{offer.index}"]')).to_be_visible()
        click_steps(page, found.steps)
        expect(page.locator(DRAFT)).to_have_count(len(found.steps))
        shot(page, f"{name}-draft")
        confirm(page)
        expect_game_shown(page, found.match, after, SEAT, len(before.view(SEAT).log))
        shot(page, f"{name}-done")
        EFFECTS[name](page, found, after)
        assert not watch.errors, watch.errors
        assert watch.sockets == 1, f"{watch.sockets} WebSocket connections (a reconnect?)"
    finally:
        context.close()
    assert not server.tracebacks()[known:], server.tracebacks()[known:]


# --- what each action did (the page showing the engine's game is checked above) -------


def _played_card(found: Position) -> tuple[int, str]:
    card = found.before.hands[SEAT][found.steps[0].arg]
    return card, found.match.content.cards[card].name


def _left_the_hand(page: Page, found: Position, after: IBState) -> None:
    """The card played is in the log and one copy fewer is in the hand (it went to the
    discard pile, or into play for a Support)."""
    card, name = _played_card(found)
    assert Counter(after.hands[SEAT])[card] == Counter(found.before.hands[SEAT])[card] - 1
    expect(page.locator("#log")).to_contain_text(name)


def _discarded(page: Page, found: Position, after: IBState) -> None:
    _left_the_hand(page, found, after)
    card, _ = _played_card(found)
    assert Counter(after.discards[SEAT])[card] == Counter(found.before.discards[SEAT])[card] + 1


def _supported(page: Page, found: Position, after: IBState) -> None:
    """IB 2.5: the Support Character is in play for its player."""
    _left_the_hand(page, found, after)
    card, name = _played_card(found)
    assert any(u.card == card and u.on_track for u in after.view(SEAT).units)
    expect(page.locator("#track .supports")).to_contain_text(name)


def _installed(page: Page, found: Position, after: IBState) -> None:
    """IB 4.5: the Sigil sits on a Character of its type (one that did not hold it: the
    recipient is chosen only when several fit, so the next step may instead be the
    target of the Sigil's free use)."""
    _left_the_hand(page, found, after)
    card, _ = _played_card(found)
    before = found.before.view(SEAT).units
    assert [u.unit for u in after.view(SEAT).units
            if (card, SEAT) in u.sigils and (card, SEAT) not in before[u.unit].sigils]


def _used_sigil(page: Page, found: Position, after: IBState) -> None:
    """IB 4.5.7: the tier's Discard cost left the hand for the discard pile."""
    costs = sum(1 for s in found.steps if s.kind == Kind.DISCARD)
    tier = next(s for s in found.steps if s.kind == Kind.TIER)
    assert costs == tier.arg + 1
    assert len(after.discards[SEAT]) == len(found.before.discards[SEAT]) + costs
    active = text.active_unit(found.before.view(SEAT))
    sigil = found.before.view(SEAT).units[active].sigils[found.steps[0].arg][0]
    expect(page.locator("#log")).to_contain_text(found.match.content.cards[sigil].name)


def _spent_charge(page: Page, found: Position, after: IBState) -> None:
    """IB 4.3 / 4.6: the ability's Charge is spent (the track shows what is left)."""
    active = text.active_unit(found.before.view(SEAT))
    was, now = found.before.charge[active], after.charge[active]
    assert now < was, (was, now)
    expect(page.locator(f'#track li.unit[data-unit="{active}"]')).to_contain_text(
        f"Charge {now}/3")


def _broke(page: Page, found: Position, after: IBState) -> None:
    """IB 3.7: the Breaker spent its 3 Charge and left its place on the track."""
    breaker = target_unit(found.steps[0], found.match.num_characters)
    assert found.before.charge[breaker] == 3 and after.charge[breaker] == 0
    old, new = found.before.view(SEAT).order, after.view(SEAT).order
    assert breaker in old and old.index(breaker) != new.index(breaker)
    units = page.locator("#track li.unit[data-unit]")
    expect(units.nth(new.index(breaker))).to_have_attribute("data-unit", str(breaker))
    expect(units.nth(new.index(breaker))).to_contain_text("Charge 0/3")


EFFECTS: dict[str, Callable[[Page, Position, IBState], None]] = {
    "technique": _discarded, "event": _discarded, "sigil-install": _installed,
    "sigil-use": _used_sigil, "support": _supported, "keystone": _spent_charge,
    "break-art": _spent_charge, "initiative-break": _broke,
}
assert EFFECTS.keys() == CASES.keys()


def test_every_position_is_found_and_legal() -> None:
    """The search behind the browser tests: each case is a real decision of seat 1 whose
    first step is the action wanted, complete once its steps are played."""
    for name, case in CASES.items():
        found = position(case)
        assert found.before.current_seat() == SEAT, name
        assert found.steps[0] in found.before.legal_actions(), name
        assert case.first(found.before, found.steps[0]) and case.whole(found.steps), name
        card_play = name in ("technique", "event", "sigil-install", "support")
        assert (found.steps[0].kind in CARD_STEPS) == card_play, name
        assert not card_play or DISCARDS[found.steps[0].arg] in found.before.legal_actions()
