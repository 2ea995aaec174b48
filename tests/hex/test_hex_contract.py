"""HexGame and HexState under the engine contract: indices, explicit chance nodes,
clones, illegal input, records (history) that replay bit for bit."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import pytest

from initiative.engine.chance import ROLL, Outcome
from initiative.engine.contract import CHANCE, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import SplitMix64
from initiative.games.hex import actions
from initiative.games.hex.game import HexGame, new_state
from initiative.games.hex.state import HexState
from tests.hex.fixtures import make_setup


def _random(state: HexState, seed: int, limit: int = 10_000) -> HexState:
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.current_seat() == CHANCE:
            state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def test_action_indices_round_trip() -> None:
    game = HexGame(make_setup())
    assert game.num_distinct_actions() == actions.NUM_ACTIONS
    for i in range(game.num_distinct_actions()):
        assert game.action_index(game.action_from_index(i)) == i


def test_explicit_chance_nodes() -> None:
    game = HexGame(make_setup(round_limit=3), explicit_chance=True)
    state = game.new_initial_state(0)
    assert state.current_seat() == CHANCE and state.legal_actions() == ()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and all(isinstance(p, Fraction)
                                                   for _, p in outcomes)
    before = state.view(0).to_dict()
    with pytest.raises(IllegalActionError):
        state.apply(actions.act(actions.Kind.PASS))
    with pytest.raises(IllegalActionError):
        state.apply(Outcome(ROLL, 3))
    assert state.view(0).to_dict() == before and state.history == []
    _random(state, 1)
    assert state.current_seat() == TERMINAL


def test_a_sampling_game_refuses_outcomes() -> None:
    state = HexGame(make_setup()).new_initial_state(0)
    with pytest.raises(IllegalActionError, match="samples its chance"):
        state.apply(Outcome(ROLL, 1))


def test_explicit_records_replay_bit_for_bit() -> None:
    game = HexGame(make_setup(3, round_limit=4), explicit_chance=True)
    played = _random(game.new_initial_state(0), 2)
    again = game.new_initial_state(0)
    for item in played.history:
        again.apply(item)
    assert again.events() == played.events() and again.returns() == played.returns()


def test_clones_are_independent() -> None:
    state = HexGame(make_setup(round_limit=5)).new_initial_state(9)
    before = state.view(0).to_dict()
    copy = state.clone()
    _random(copy, 3)
    assert state.view(0).to_dict() == before and state.history == []
    assert copy.is_terminal() and len(copy.history) > 0


def test_nothing_applies_once_the_game_is_over() -> None:
    state = _random(HexGame(make_setup(round_limit=2)).new_initial_state(2), 0)
    assert state.is_terminal() and state.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(actions.act(actions.Kind.PASS))


def test_a_state_built_from_parts_decides_nothing_until_settled() -> None:
    state = HexState(make_setup(), SplitMix64(4))
    with pytest.raises(IllegalActionError, match="settle"):
        state.current_seat()
    state.settle()
    assert state.round == 1 and [len(h) for h in state.hands] == [4, 4]
    assert state.current_seat() == state.line[0]


def test_a_keyed_seed_plays_the_keyed_generator() -> None:
    seed = "blake2b-ctr:" + "ab" * 32
    a, b = new_state(make_setup(), seed), new_state(make_setup(), seed)
    assert a.rng.to_data().startswith("blake2b-ctr:") and a.line == b.line
    assert a.hands == b.hands


def test_states_and_games_pickle_even_at_a_chance_node() -> None:
    game = HexGame(make_setup(3), explicit_chance=True)
    state = game.new_initial_state(0)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.current_seat() == CHANCE and copy.chance_outcomes() == state.chance_outcomes()
    _random(copy, 5, limit=200)
    sampled = HexGame(make_setup(3)).new_initial_state(0)
    assert pickle.loads(pickle.dumps(sampled)).view(1).to_dict() == sampled.view(1).to_dict()
    assert pickle.loads(pickle.dumps(game)).num_seats == 3
