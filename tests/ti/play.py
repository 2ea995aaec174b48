"""Helpers for the rules tests: random play, chance included, and the invariants every
state keeps (cards and tokens conserved)."""

from __future__ import annotations

import random
from collections import Counter

from initiative.engine.contract import CHANCE
from initiative.games.ti import tokens
from initiative.games.ti.actions import Kind, TIAction
from initiative.games.ti.game import TIGame
from initiative.games.ti.state import TIState

MAX_STEPS = 20_000


def random_action(state: TIState, rng: random.Random, solve_rate: float = 0.03
                  ) -> TIAction:
    """A random legal action; SOLVE only now and then, so games run into the rules."""
    legal = state.legal_actions()
    others = [a for a in legal if a.kind is not Kind.SOLVE]
    if others and rng.random() >= solve_rate:
        return rng.choice(others)
    return rng.choice(legal)


def step(state: TIState, rng: random.Random) -> None:
    """One random step: an outcome at a chance node, else an action."""
    if state.current_seat() == CHANCE:
        outcomes = state.chance_outcomes()
        state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
    else:
        state.apply(random_action(state, rng))


def play_out(game: TIGame, seed: int, check: bool = False) -> TIState:
    """A whole random game (invariants checked after every step with `check`)."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return state
        step(state, rng)
        if check:
            assert_conserved(state)
    raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")


def all_cards(state: TIState) -> list[int]:
    """Every card wherever it lies: deck, known top, looked at, hands, piles, discard,
    under enemies (time cards are in the deck or the discard pile)."""
    out = [*state.deck, *state.deck_top, *state.looked, *state.discard]
    for group in (state.hands, state.piles, state.tucked):
        for cards in group:
            out += cards
    return out


def assert_conserved(state: TIState) -> None:
    """Cards: each exactly once. Tokens: each face-down one counted once by its stack
    or the pool, none both face down and somewhere."""
    setup = state.setup
    assert Counter(all_cards(state)) == Counter(range(len(setup.content.cards)))
    down = [t for t, at in enumerate(state.where) if at == tokens.DOWN]
    extras = [t for e in state.extras for t in e]
    assert sorted(down) == sorted(state.tan_pool + extras)
    assert sum(state.tan_left) == len(state.tan_pool)
    on_piles = sorted(t for pile in state.counter for t in pile)
    assert on_piles == sorted(t for t, at in enumerate(state.where) if at == tokens.ON_PILE)
    for hand in state.hands:
        assert hand == sorted(hand)
        assert all(not setup.content.cards[c].time for c in hand)
