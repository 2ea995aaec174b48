"""The shipped missions (games/ti/data) play to the end under the rules: random games
on every mission and seat count keep cards and tokens conserved (TI-6, TI-47), end
(won or lost), and their views serialise for every seat."""

from __future__ import annotations

import json

import pytest

from initiative.engine.contract import GAME_MASTER, SPECTATOR
from initiative.games.registry import load_game
from initiative.games.ti.content import default_content
from tests.ti.play import play_out

MISSIONS = default_content().campaign


@pytest.mark.parametrize("mission", MISSIONS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_shipped_missions_play_to_the_end(mission: str, players: int) -> None:
    game = load_game("the_initiative", mission=mission, players=players)
    for seed in range(4):
        state = play_out(game, seed, check=True)
        assert state.won is not None
        for seat in (*range(players), SPECTATOR, GAME_MASTER):
            json.dumps(state.view(seat).to_dict())


@pytest.mark.parametrize("mission", MISSIONS)
def test_shipped_missions_under_explicit_chance(mission: str) -> None:
    game = load_game("the_initiative", mission=mission, explicit_chance=True)
    for seed in range(2):
        assert play_out(game, seed, check=True).over
