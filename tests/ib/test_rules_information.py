"""What each seat may know (views) and determinization from one seat's view."""

from __future__ import annotations

from collections import Counter

from scenario import Scenario

from initiative.engine.rng import SplitMix64
from initiative.games.ib import frames
from initiative.games.ib.actions import DECLINE, Kind
from initiative.games.ib.determinize import determinize
from initiative.games.ib.events import DRAW, HIDDEN, IB_DECLARE
from initiative.games.ib.public import public_description


def test_a_view_shows_the_own_hand_and_only_the_size_of_other_hands() -> None:
    sc = Scenario().run()
    view = sc.state.view(1)
    assert view.hands[1] == tuple(sc.state.hands[1])
    assert view.hands[0] is None
    assert view.hand_sizes == (5, 5)
    assert all(e[2] == HIDDEN for e in view.log if e[0] == DRAW and e[1] == 0)
    assert any(e[2] != HIDDEN for e in view.log if e[0] == DRAW and e[1] == 1)


def _after_a_discard(rules: dict[str, object]) -> Scenario:
    sc = Scenario(rules)
    sc.track("brask pim sela marta |").hand(0, ["lamp_oil", "rope_coil", "whetstone"])
    sc.hand(1, ["ink_vial", "oak_token"]).run()
    sc.apply(Kind.DISCARD, 0)  # seat 0 discards Lamp Oil
    return sc


def test_determinize_with_open_decklists_deals_the_decklist_minus_seen_cards() -> None:
    sc = _after_a_discard({"open_decklists": True})
    real = sc.state
    for seed in range(5):
        guess = determinize(public_description(sc.match), real.view(1), SplitMix64(seed))
        assert guess.hands[1] == real.hands[1]  # own hand kept exactly
        assert len(guess.hands[0]) == len(real.hands[0])
        assert len(guess.decks[0]) == len(real.decks[0])
        assert guess.discards[0] == real.discards[0]  # public by default
        hidden = Counter(guess.hands[0] + guess.decks[0])
        assert hidden == Counter(sc.match.decklists[0]) - Counter(real.discards[0])
        assert Counter(guess.hands[1] + guess.decks[1]) == Counter(sc.match.decklists[1])
        assert guess.legal_actions() == real.legal_actions()


def test_determinize_without_open_decklists_draws_from_the_public_card_pool() -> None:
    sc = _after_a_discard({})
    real = sc.state
    pool = range(len(sc.match.content.cards))
    guess = determinize(public_description(sc.match), real.view(1), SplitMix64(7))
    assert guess.hands[1] == real.hands[1]
    assert len(guess.hands[0]) == len(real.hands[0])
    assert len(guess.decks[0]) == len(real.decks[0])
    assert all(c in pool for c in guess.hands[0] + guess.decks[0])
    # The seat's own deck is still rebuilt from its own decklist.
    assert Counter(guess.hands[1] + guess.decks[1]) == Counter(sc.match.decklists[1])


def test_determinize_treats_another_seats_unrevealed_declaration_as_unknown() -> None:
    sc = Scenario()
    sc.track("pim wren sela marta |").set("sela", charge=3).set("marta", charge=3).run()
    sc.declare("sela")  # seat 0 has answered; seat 1 is asked next
    guess = determinize(public_description(sc.match), sc.state.view(1), SplitMix64(1))
    top = guess.stack[-1]
    assert top.tag == frames.WINDOW and top.declared == ()
    guess.apply(DECLINE)  # seat 1 declines in the guessed world
    # Seat 0's declaration was never known to seat 1, so in the guess nobody broke.
    assert not any(e[0] == IB_DECLARE for e in guess.events())
    assert guess.stack[-1] == frames.ActivationFrame(sc.u("pim"), frames.ST_ACTION, 0)
    sc.decline()  # in the real game it is revealed
    assert any(e[0] == IB_DECLARE for e in sc.state.events())
