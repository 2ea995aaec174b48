"""`HeuristicBot` (issue 6, first step): a readable evaluation and one-ply lookahead
over determinized states; it sees only its seat's view and beats random play."""

from __future__ import annotations

import pytest

from initiative.bots.ib.heuristic import HeuristicBot, evaluate
from initiative.bots.random_bot import RandomBot
from initiative.engine.rng import SplitMix64
from initiative.games.ib.content import core_content
from initiative.games.ib.match import fixture_match
from initiative.games.ib.modes import GameSetup, build_match
from initiative.games.ib.public import public_description
from initiative.games.ib.setup import IBGame, new_game
from tests.ib.test_properties import hidden_twin, play_random


def test_evaluate_prefers_own_hp_and_charge_and_scores_a_win_highest() -> None:
    state = new_game(fixture_match("tideguard", "ashfall"), 1)
    base = evaluate(state, 0)
    assert evaluate(state, 1) == pytest.approx(-base)  # zero-sum between the two sides
    mine = state.match.seat_units[0][0]
    state.charge[mine] = 2
    assert evaluate(state, 0) > base
    theirs = state.match.seat_units[1][0]
    state.hp[theirs] -= 3
    assert evaluate(state, 0) > base + 3
    state.result = 0
    assert evaluate(state, 0) == 1000.0 and evaluate(state, 1) == -1000.0


@pytest.mark.parametrize("seed", range(4))
def test_no_peeking_the_same_view_gives_the_same_choice(seed: int) -> None:
    """Other hands, every deck order and the dice re-dealt: same view, same decision."""
    match = fixture_match("tideguard", "ashfall")
    state = new_game(match, seed)
    play_random(state, SplitMix64(seed), limit=20 + 7 * seed)
    if state.is_terminal():
        return
    seat, other = hidden_twin(state, seed)
    assert other.view(seat).to_dict() == state.view(seat).to_dict()
    first = HeuristicBot(public_description(match), 9).choose(state.view(seat))
    second = HeuristicBot(public_description(match), 9).choose(other.view(seat))
    assert first == second


def test_the_heuristic_bot_beats_random_play() -> None:
    """8 games, seats alternating: it must win at least 7 (20 of 20 measured)."""
    match = fixture_match("tideguard", "ashfall")
    wins = 0
    for game in range(8):
        state = new_game(match, game)
        mine = game % 2
        bots: dict[int, HeuristicBot | RandomBot] = {
            mine: HeuristicBot(public_description(match), game), 1 - mine: RandomBot(game + 100)}
        while not state.is_terminal():
            seat = state.current_seat()
            state.apply(bots[seat].choose(state.view(seat)))
        wins += state.result == match.seat_team[mine]
    assert wins >= 7


def test_it_plays_a_solo_game_against_challenge_cards_to_the_end() -> None:
    match = build_match(GameSetup("solo", ("tideguard",), "gnawing_in_the_walls"),
                        core_content())
    state = new_game(match, 3)
    bot = HeuristicBot(public_description(match), 3)
    while not state.is_terminal():
        action = bot.choose(state.view(state.current_seat()))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.result == 0  # the easiest encounter falls to the one-ply bot


def test_play_can_seat_the_heuristic_bot() -> None:
    """`initiative play --bot heuristic`: every seat played by it to the end."""
    from typer.testing import CliRunner

    from initiative.cli.main import app

    result = CliRunner().invoke(app, ["play", "--watch", "--bot", "heuristic", "--seed", "4",
                                      "--encounter", "gnawing_in_the_walls"])
    assert result.exit_code == 0, result.output
    assert "Result: " in result.stdout
    bad = CliRunner().invoke(app, ["play", "--watch", "--bot", "clever"])
    assert bad.exit_code == 2 and "--bot: 'clever'" in bad.stderr


def test_difficulty_levels_name_bots() -> None:
    """Named levels for players: easy is random, normal and hard look one ply ahead
    over 1 or 3 determinized worlds."""
    from initiative.bots import make_bot

    game = IBGame(fixture_match())
    assert isinstance(make_bot("easy", game, 1), RandomBot)
    normal, hard = make_bot("normal", game, 1), make_bot("hard", game, 1)
    assert isinstance(normal, HeuristicBot) and normal.samples == 1
    assert isinstance(hard, HeuristicBot) and hard.samples == 3
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_bot("genius", game, 1)
