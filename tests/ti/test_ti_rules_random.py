"""Many random games, chance sampled and explicit, default flags and random flag mixes:
every game ends, cards and tokens are conserved after every step (TI-6, TI-47), and
views serialise."""

from __future__ import annotations

import json
import random

import pytest

from initiative.engine.contract import GAME_MASTER, SPECTATOR
from initiative.games.ti import events as ev
from initiative.games.ti.flags import TIRules
from tests.ti.play import play_out
from tests.ti.sample import sample_game

MISSIONS = ("eye", "vault-2", "drill")


@pytest.mark.parametrize("mission", MISSIONS)
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_games_end_and_conserve_everything(mission: str, seats: int) -> None:
    game = sample_game(mission, seats)
    for seed in range(6):
        state = play_out(game, seed, check=True)
        assert state.won is not None
        assert state.returns() == [1.0 if state.won else -1.0] * seats
        for seat in (*range(seats), SPECTATOR, GAME_MASTER):
            json.dumps(state.view(seat).to_dict())


@pytest.mark.parametrize("mission", MISSIONS)
def test_random_games_under_explicit_chance(mission: str) -> None:
    game = sample_game(mission, 2, explicit_chance=True)
    for seed in range(4):
        assert play_out(game, seed, check=True).over


def random_flags(rng: random.Random) -> dict[str, object]:
    """A random mix of every TIRules flag."""
    choices: dict[str, tuple[object, ...]] = {
        "peril_trigger": ("deck_empty", "draw_from_empty"),
        "regroup_effect": ("clear_other_pile", "remove_counter_intel_only"),
        "tuck_limit": ("per_turn", "per_turn_per_enemy"),
        "answer_match": ("exact_case_insensitive", "exact"),
        "characters_per_solo_player": (1, 2), "solve_proposals_per_turn": (1, 2, 3)}
    out: dict[str, object] = {}
    for name in TIRules.names():
        out[name] = rng.choice(choices.get(name, (True, False)))
    return out


@pytest.mark.parametrize("mission", MISSIONS)
def test_random_flag_mixes(mission: str) -> None:
    rng = random.Random(mission)
    for seed in range(12):
        flags = random_flags(rng)
        game = sample_game(mission, rng.randint(1, 4), rules=flags)
        assert play_out(game, seed, check=True).over


def test_nothing_happens_after_the_end() -> None:
    """TI-50, TI-54: once a game is lost or won, the log ends with the result (and the
    face secret, TI-25): no rule acts after it."""

    for mission in MISSIONS:
        game = sample_game(mission, 3)
        for seed in range(10):
            log = list(play_out(game, seed).events())
            last = max(i for i, e in enumerate(log) if e[0] in (ev.WON, ev.LOST))
            assert all(e[0] == ev.SECRET for e in log[last + 1:])
