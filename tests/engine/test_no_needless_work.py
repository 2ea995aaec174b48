"""Issue 27 item 2, "no work the rules do not need": each saving leaves every game as it
was. Random games are played both ways and must agree bit for bit (the actions chosen,
the final position, the generator's state and the result)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.hex.notation import position_of as hex_position
from initiative.games.ib.notation import position_to_dict as ib_position
from initiative.games.ti.notation import position_of as ti_position

POSITION: dict[str, Callable[[Any], dict[str, Any]]] = {
    "initiative_break": ib_position,
    "hex_skirmish": hex_position,
    "the_initiative": ti_position,
}
STACK_GAMES = ("hex_skirmish", "the_initiative")  # the games on engine/stack_state.py
SEEDS = range(6)


def play(state: Any, seed: int, pick: Callable[[Any], Any] = lambda a: a) -> tuple[Any, ...]:
    """A random game from `state` (choices by SplitMix64(seed)), each chosen action
    passed through `pick` before it is applied; (actions, final position, rng, result)."""
    rng = SplitMix64(seed)
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        actions.append(action)
        state.apply(pick(action))
    return actions, state.returns(), state.rng.to_data(), state


def final(game: str, played: tuple[Any, ...]) -> tuple[Any, ...]:
    actions, returns, rng, state = played
    return actions, returns, rng, POSITION[game](state)


@pytest.mark.parametrize("game", STACK_GAMES)
def test_the_legal_list_is_the_cached_tuple_not_a_copy(game: str) -> None:
    state = load_game(game).new_initial_state(1)
    legal = state.legal_actions()
    assert isinstance(legal, tuple)
    assert state.legal_actions() is legal
    assert state.legal_actions(state.current_seat()) is legal


@pytest.mark.parametrize("game", STACK_GAMES)
def test_an_equal_twin_of_each_action_plays_the_same_game(game: str) -> None:
    """The check finds a listed action by identity; an equal copy (a parsed action)
    is still found by equality, and the game is the same either way."""
    loaded = load_game(game)
    first = loaded.new_initial_state(0).legal_actions()[0]
    assert copy.deepcopy(first) is not first and copy.deepcopy(first) == first
    for seed in SEEDS:
        same = play(loaded.new_initial_state(seed), seed + 99)
        twin = play(loaded.new_initial_state(seed), seed + 99, copy.deepcopy)
        assert final(game, same) == final(game, twin)
