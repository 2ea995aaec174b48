"""Random games on 2, 3 and 4 seats (HX-1..HX-34 end to end): every game ends with a
winner or at the round limit, the invariants hold at every decision, and an illegal
action raises and changes nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from initiative.engine.chance import ExplicitChance
from initiative.engine.contract import CHANCE, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.games.hex.actions import ALL
from initiative.games.hex.game import HexGame
from initiative.games.hex.state import HexState
from initiative.timing.stacked_decks import well_formed
from tests.hex.fixtures import make_setup

LIMIT = 12


def _invariants(state: HexState) -> None:
    setup = state.setup
    board = setup.board
    on_board = [h for h, up in zip(state.hexes, state.alive, strict=True) if up]
    assert len(set(on_board)) == len(on_board)  # no two units share a hex
    assert all(h is not None and h in board.hexes and h not in board.walls for h in on_board)
    assert all(h is None for h, up in zip(state.hexes, state.alive, strict=True) if not up)
    for seat in range(setup.num_seats):  # card conservation over deck, hand and discard
        held = Counter(state.decks[seat] + state.hands[seat] + state.discards[seat])
        assert held == Counter(setup.deck_ids(seat))
        assert len(state.hands[seat]) <= 4
    assert all(p >= 0 for p in state.power)
    if state.line:  # each half holds the round's players once, the Special card last
        half = (len(state.line) - 1) // 2
        players = sorted(state.line[:half])
        assert well_formed(state.line, players)
        assert {s for s, up in enumerate(state.alive) if up} <= set(players)


def _play(state: HexState, rng: random.Random, probe: bool) -> HexState:
    while not state.is_terminal():
        _invariants(state)
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
    _invariants(state)
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
