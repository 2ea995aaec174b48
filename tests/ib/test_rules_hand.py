"""IB 2.8 hand and draw rules: opening hand, the one mulligan (hidden until every seat
has answered), the hand limit, the Draw Step, deck-out, and the free discard."""

from __future__ import annotations

from collections import Counter

from scenario import Scenario

from initiative.engine.contract import GAME_MASTER
from initiative.games.ib import events, frames
from initiative.games.ib.actions import DISCARDS, KEEP, MULLIGAN, Kind
from initiative.games.ib.match import fixture_match
from initiative.games.ib.setup import new_game


def test_ib_2_8_1_each_seat_opens_with_five_cards() -> None:
    state = new_game(fixture_match(), seed=3)
    assert [len(h) for h in state.hands] == [5, 5]
    assert [len(d) for d in state.decks] == [27, 27]
    assert state.legal_actions() == [KEEP, MULLIGAN]


def test_ib_2_8_2_one_mulligan_returns_the_hand_reshuffles_and_draws_five() -> None:
    state = new_game(fixture_match(), seed=3)
    before = Counter(state.hands[0] + state.decks[0])
    state.apply(MULLIGAN)
    state.apply(KEEP)
    assert len(state.hands[0]) == 5
    assert Counter(state.hands[0] + state.decks[0]) == before  # no card gained or lost
    codes = [e[:2] for e in state.events() if e[0] in (events.MULLIGAN, events.KEEP)]
    assert codes == [(events.MULLIGAN, 0), (events.KEEP, 1)]
    # Only one mulligan each: play has moved on to the first activation.
    assert state.stack[0].tag == frames.ACTIVATION
    assert MULLIGAN not in state.legal_actions()


def test_ib_2_8_2_a_mulligan_answer_stays_hidden_until_every_seat_has_answered() -> None:
    state = new_game(fixture_match(), seed=3)
    state.apply(MULLIGAN)  # seat 0 answers first
    assert state.current_seat() == 1
    assert state.view(1).stack[-1] == frames.MulliganFrame((1,), ())  # seat 1 cannot see it
    assert state.view(0).stack[-1] == frames.MulliganFrame((1,), (0,))
    assert state.view(GAME_MASTER).stack[-1] == frames.MulliganFrame((1,), (0,))
    assert not any(e[0] == events.MULLIGAN for e in state.view(1).log)
    state.apply(KEEP)
    assert any(e[:2] == (events.MULLIGAN, 0) for e in state.view(1).log)


def test_ib_2_8_3_no_draw_with_five_cards_in_hand() -> None:
    sc = Scenario()
    sc.track("brask pim |").hand(0, 5)
    deck = len(sc.state.decks[0])
    sc.mark().run()
    assert sc.since(events.DRAW) == []
    assert len(sc.state.decks[0]) == deck


def test_ib_2_8_5_draw_step_draws_one_card_below_five() -> None:
    sc = Scenario()
    sc.track("brask pim |").hand(0, 3)
    top = sc.state.decks[0][-1]
    sc.mark().run()
    assert sc.since(events.DRAW) == [(events.DRAW, 0, top)]
    assert len(sc.state.hands[0]) == 4  # one card only, not up to the limit


def test_ib_2_8_6_a_seat_that_must_draw_from_an_empty_deck_loses() -> None:
    sc = Scenario()
    sc.track("brask pim marta |").hand(0, 4).deck(0, 0).mark().run()
    assert sc.since(events.DECK_OUT) == [(events.DECK_OUT, 0)]
    assert not sc.on_track("brask")
    assert sc.state.result == 1
    assert sc.state.returns() == [-1.0, 1.0]


def test_ib_2_8_6_an_empty_deck_is_harmless_while_no_draw_is_due() -> None:
    sc = Scenario()
    sc.track("brask pim |").hand(0, 5).deck(0, 0).run()
    assert sc.state.result is None
    assert sc.at_action("brask")


def test_ib_2_8_7_free_discard_is_offered_at_the_action_step_before_the_action() -> None:
    sc = Scenario()
    sc.track("brask pim |").hand(0, 4).run()  # Draw Step: back to 5
    assert len(sc.state.hands[0]) == 5
    assert set(DISCARDS) <= set(sc.legal())
    sc.apply(Kind.DISCARD, 2)
    # The Draw Step is over: discarding cannot be used to draw again this activation.
    assert len(sc.state.hands[0]) == 4
    assert sc.at_action("brask")
    sc.play(Kind.PASS)
    assert len(sc.state.hands[0]) == 4


def test_ib_2_8_7_no_discard_once_the_action_is_chosen() -> None:
    sc = Scenario()
    sc.track("brask pim marta |").set("marta", charge=3).run()
    sc.decline_all()
    sc.play(Kind.BASIC, "pim", decline=False)
    assert sc.window() == "after_declare"
    assert not any(a.kind == Kind.DISCARD for a in sc.legal())
