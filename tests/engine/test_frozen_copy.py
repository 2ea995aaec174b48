"""States, actions and frames copy and pickle on either build (the compiled build's
frozen dataclasses through engine/frozen_copy.py)."""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass, field

import pytest

from initiative.engine.frozen_copy import rebuild
from initiative.engine.rng import SplitMix64
from initiative.games import load_game

GAMES = ("initiative_break", "hex_skirmish", "the_initiative")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_state_mid_game_copies_and_plays_on_alike(name: str, how: str) -> None:
    game = load_game(name)
    state, rng = game.new_initial_state(3), SplitMix64(17)
    action = state.legal_actions()[0]
    assert copy.deepcopy(action) == action == pickle.loads(pickle.dumps(action))
    for _ in range(30):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    copied = pickle.loads(pickle.dumps(state)) if how == "pickle" else copy.deepcopy(state)
    assert not state.is_terminal()
    picks = SplitMix64(5), SplitMix64(5)
    for one in (state, copied):
        pick = picks[one is copied]
        while not one.is_terminal():
            legal = one.legal_actions()
            one.apply(legal[pick.below(len(legal))])
    assert copied.returns() == state.returns()
    assert copied.view(0).to_dict() == state.view(0).to_dict()


@pytest.mark.parametrize("name", GAMES)
def test_a_game_pickles_and_deals_the_same_states(name: str) -> None:
    game = load_game(name)
    copied = pickle.loads(pickle.dumps(game))
    assert type(copied) is type(game) and copied.num_seats == game.num_seats
    assert copied.new_initial_state(4).view(0).to_dict() == \
        game.new_initial_state(4).view(0).to_dict()


@dataclass(frozen=True)
class _Sample:
    kept: int
    derived: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "derived", self.kept * 2)


def test_rebuild_passes_the_constructors_fields_and_derives_the_others() -> None:
    rebuilt = rebuild(_Sample, (4,))
    assert rebuilt == _Sample(4) and rebuilt.derived == 8
