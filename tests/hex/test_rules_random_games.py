"""Random games on 2, 3 and 4 seats (HX-1..HX-34 end to end): every game ends with a
winner or at the round limit, the invariants hold at every decision, and an illegal
action raises and changes nothing."""

from __future__ import annotations

import random

import pytest

from initiative.engine.chance import ExplicitChance
from initiative.engine.contract import CHANCE, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.games.hex.actions import ALL
from initiative.games.hex.game import HexGame
from initiative.games.hex.state import HexState
from initiative.timing.stacked_decks import well_formed
from tests.hex.fixtures import check_invariants, make_setup

LIMIT = 12


def _play(state: HexState, rng: random.Random, probe: bool) -> HexState:
    while not state.is_terminal():
        check_invariants(state)
        if state.current_seat() == CHANCE:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            state.apply(rng.choice(outcomes)[0])
            continue
        legal = state.legal_actions()
        assert legal
        if probe and rng.random() < 0.05:
            illegal = [a for a in ALL if a not in legal]
            before = (state.view(state.current_seat()).to_dict(), state.history)
            with pytest.raises(IllegalActionError):
                state.apply(rng.choice(illegal))
            assert (state.view(state.current_seat()).to_dict(), state.history) == before
        state.apply(rng.choice(legal))
    check_invariants(state)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_winner_or_at_the_round_limit(players: int) -> None:
    game = HexGame(make_setup(players, round_limit=LIMIT))
    for seed in range(70):
        state = _play(game.new_initial_state(seed), random.Random(seed), probe=seed < 10)
        assert state.current_seat() == TERMINAL
        if state.winner is not None:
            assert state.returns()[state.winner] == 1
        assert state.round <= LIMIT
        assert state.winner is not None or state.round == LIMIT or not any(state.alive)


def test_explicit_chance_games_end_too_and_every_line_is_well_formed() -> None:
    game = HexGame(make_setup(3, round_limit=4), explicit_chance=True)
    for seed in range(10):
        state = game.new_initial_state(seed)
        assert state.current_seat() == CHANCE  # the deal of round 1 is a chance step
        assert isinstance(state.rng, ExplicitChance)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_seat() != CHANCE and state.line:
                living = [s for s in range(3) if state.alive[s]]
                assert len(state.line) == 2 * len(living) + 1 or state.round > 1
            if state.current_seat() == CHANCE:
                state.apply(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply(rng.choice(state.legal_actions()))
        assert state.round <= 4


def test_same_seed_and_actions_give_the_same_game() -> None:
    game = HexGame(make_setup(2, round_limit=6))
    a = _play(game.new_initial_state(7), random.Random(3), probe=False)
    b = game.new_initial_state(7)
    for action in a.history:
        b.apply(action)
    assert b.view(0).to_dict() == a.view(0).to_dict()
    assert b.events() == a.events()


def test_the_first_line_holds_each_player_twice_and_the_special_card_last() -> None:
    """HX-5..HX-9 through the timing model."""
    for seed in range(20):
        state = HexGame(make_setup(4)).new_initial_state(seed)
        assert well_formed(state.line, [0, 1, 2, 3])
