"""Drawing half-built actions (issue 16): a Sigil's tier step after "Use Sigil" draws
(it crashed the table), every seat's regions draw at every decision and every draft
prefix of random games in every mode, with every next step a control; the texts that
describe actions are total; and a draft that cannot be drawn is dropped with an error
frame instead of closing the socket on every reconnect."""

from __future__ import annotations

import logging
import os
import random
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from initiative.engine.contract import SPECTATOR
from initiative.games.ib.actions import ACTIONS, Kind
from initiative.games.ib.text import describe as text
from initiative.server.ib import render
from initiative.server.ib.setup import parse_setup
from initiative.server.parts import SeatPage
from initiative.server.table import Table
from initiative.store import Store
from tests.game_count import games_until
from tests.server import support
from tests.server.every_mode import api_body
from tests.server.support import content, context_of, duel, regions_of, store_at
from tests.server.test_app import join, running

ACTION = re.compile(r'data-action="(\d+)"')
GAMES = int(os.environ.get("INITIATIVE_OFFER_GAMES", "0")) or (
    20 if settings().max_examples >= 10_000 else 1)
MODES = ("1v1", "1v1-supports", "solo", "neutral", "2v2v2v2")


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return store_at(tmp_path)


def new_table(store: Store, name: str, seed: int) -> Table:
    form = {k: str(v) for k, v in api_body(name, seed).items() if k != "seed"}
    table, _, _ = support.new_table(store, parse_setup(form, content()), seed)
    return table


def play(table: Table, action_index: int) -> None:
    """Play an action on the live table as a stored turn would (drafts dropped)."""
    table.state.apply(ACTIONS[action_index])
    table.actions.append(action_index)
    table.drafts.clear()
    table._draft_cache.clear()


def decisions(table: Table, rng: random.Random) -> Iterator[int]:
    """The deciding seat at each decision of a random game (played on after each)."""
    while not table.finished:
        seat = table.state.current_seat()
        yield seat
        play(table, rng.choice(table.state.legal_actions()).index)


def drawn_steps(table: Table, seat: int) -> set[int]:
    """Draw every region of `seat` and return the indices of its controls."""
    return {int(i) for region in regions_of(table, seat).values()
            for i in ACTION.findall(region)}


def test_a_sigil_tier_step_draws_and_describes_each_step_from_its_own_view(
        store: Store) -> None:
    """IB 4.5.7: after "Use Sigil", the "Discard N" step draws; the draft lists the Sigil
    by name and the tier with its effects (described from the view before that step,
    not the live one, where the same action meant nothing: the IndexError of issue 16)."""
    table, _, _ = support.new_table(store, duel(), 1)
    rng = random.Random(1)
    checked = 0
    for seat in decisions(table, rng):
        uses = [a for a in table.state.legal_actions() if a.kind == Kind.SIGIL]
        if not uses:
            continue
        table.step(seat, uses[0].index)
        tiers = [a for a in table.draft(seat).next_steps if a.kind == Kind.TIER]
        for tier in tiers:
            table.step(seat, tier.index)
            ctx = context_of(table, seat)
            render.regions(ctx)
            use, chosen = ctx["draft"]
            assert use.startswith("use ") and use.endswith("Sigil (choose a tier next)")
            assert chosen.startswith(f"Discard {tier.arg + 1}: ")
            table.back(seat)
            checked += 1
        table.cancel(seat)
        if checked >= 3:
            break
    assert checked >= 3


def test_a_card_offers_its_play_and_its_free_discard_together(store: Store) -> None:
    """IB 4.4 / IB 2.8.7: when a card may be played and also discarded for free, its
    place in the hand carries both controls (one step per slot hid the play before)."""
    table, _, _ = support.new_table(store, duel(), 2)
    rng = random.Random(2)
    seen = 0
    for seat in decisions(table, rng):
        legal = table.state.legal_actions()
        both = {a.arg for a in legal if a.kind in (Kind.PLAY, Kind.INSTALL)} & {
            a.arg for a in legal if a.kind == Kind.DISCARD}
        if not both:
            continue
        hand = regions_of(table, seat)["hand"]
        cards = re.findall(r'<li class="card[^"]*"[^>]*>(.*?)</li>', hand, re.S)
        for slot in both:
            buttons = [ACTIONS[int(i)] for i in ACTION.findall(cards[slot])]
            assert {a.kind for a in buttons} >= {Kind.DISCARD} and len(buttons) >= 2
            assert all(a.arg == slot for a in buttons)
            seen += 1
        if seen >= 10:
            break
    assert seen >= 10


@pytest.mark.parametrize("name", MODES)
def test_every_seat_draws_at_every_decision_and_draft_prefix(store: Store, name: str) -> None:
    """At every decision of random games: every seat's and the spectator's regions draw;
    the deciding seat's controls are the engine's legal actions; and for every first
    step, a random way on to a complete draft draws at every prefix with exactly the
    draft's next steps as controls (a card's Play, Install and Discard at once)."""
    counts: Counter[str] = Counter()
    for game in games_until(lambda: counts["decisions"] > 20 * GAMES, GAMES):
        table = new_table(store, name, seed=300 + game)
        rng = random.Random(game)
        for seat in decisions(table, rng):
            for other in (*range(len(table.game.match.seats)), SPECTATOR):
                steps = drawn_steps(table, other)
                assert steps == ({a.index for a in table.state.legal_actions()}
                                 if other == seat else set())
            for first in table.draft(seat).next_steps:
                table.step(seat, first.index)
                while True:
                    draft = table.draft(seat)
                    assert drawn_steps(table, seat) == {a.index for a in draft.next_steps}
                    counts["prefixes"] += 1
                    if draft.ready:
                        break
                    table.step(seat, rng.choice(draft.next_steps).index)
                table.cancel(seat)
            counts["decisions"] += 1
    assert counts["decisions"] > 20 * GAMES and counts["prefixes"] > counts["decisions"]


@pytest.mark.parametrize("name", ("1v1", "solo", "2v2v2v2"))
def test_action_texts_are_total(store: Store, name: str) -> None:
    """`describe_action` and `decision_title` never raise: every action of the table
    (legal or not) described from every seat's view at every decision."""
    table = new_table(store, name, seed=7)
    rng = random.Random(7)
    for n, _ in enumerate(decisions(table, rng)):
        if n % 5:
            continue
        for seat in (*range(len(table.game.match.seats)), SPECTATOR):
            view = table.view(seat)
            assert text.decision_title(view, table.game.match)
            for action in ACTIONS:
                assert text.describe_action(view, table.game.match, action)


def test_a_draft_that_cannot_be_drawn_is_dropped_not_a_reconnect_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """If drawing a kept half-built action fails, the server logs it once, drops that
    draft and sends the page an error frame and a fresh render: the socket stays open,
    and the next connect draws the page (it does not fail again while the draft is kept)."""
    drawn = render.context

    def fails_with_a_draft(page: SeatPage[Any]) -> object:
        if page.draft is not None and page.draft.steps:
            raise IndexError("a drawing bug")
        return drawn(page)

    with running(tmp_path) as client, ExitStack() as stack:
        created = client.post("/api/tables", json=api_body("1v1", 5)).json()
        table_id, tokens = created["id"], created["seats"]
        north = join(stack, client, table_id, tokens[0], fmt="html", claims=False)
        assert north.last["your_turn"]
        monkeypatch.setattr(render, "context", fails_with_a_draft)
        caplog.set_level(logging.ERROR, "initiative.server")
        north.send(op="step", action=ACTIONS[0].index)  # keep the opening hand: a draft
        error = north.recv()
        assert error["type"] == "error" and "cleared" in error["message"]
        after = north.recv()
        assert after["type"] == "render" and 'data-action="0"' in after["regions"]["actions"]
        assert [r for r in caplog.records if "could not be drawn" in r.getMessage()]
        assert len(caplog.records) == 1
        again = join(stack, client, table_id, tokens[0], fmt="html", claims=False)
        assert again.last["type"] == "render" and again.last["your_turn"]
        assert client.get(f"/t/{table_id}?k={tokens[0]}").status_code == 200
        assert len(caplog.records) == 1
