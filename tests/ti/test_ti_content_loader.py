"""`load_game("the_initiative", ...)` on the shipped content: the default game, the
name-string form, explicit chance, every shipped mission played to its end by random
moves (cards and tokens conserved), and solved by its own answer (TI-54, TI-A16)."""

from __future__ import annotations

import random

import pytest

from initiative.engine.contract import CHANCE
from initiative.engine.errors import GameParamError
from initiative.games import load_game
from initiative.games.ti.actions import Kind, TIAction, act
from initiative.games.ti.content import default_content
from initiative.games.ti.game import TIGame
from initiative.games.ti.loader import build_setup
from initiative.games.ti.state import TIState
from tests.ti.play import play_out, step

CONTENT = default_content()


def test_no_params_is_two_players_on_the_first_mission() -> None:
    """TI-1, TI-2."""
    game = load_game("the_initiative")
    assert isinstance(game, TIGame) and game.name == "the_initiative"
    assert game.num_seats == 2 and not game.explicit_chance
    assert game.setup == build_setup()
    view = game.new_initial_state(3).view(0).to_dict()
    assert view["mission"]["key"] == CONTENT.default_mission


def test_the_name_string_form_is_the_keyword_form() -> None:
    written = load_game("the_initiative(players=3,mission=observatory_vault,"
                        "characters=mina+rook+ada,answer_match=exact,explicit_chance=true)")
    keywords = load_game("the_initiative", players=3, mission="observatory_vault",
                         characters=["mina", "rook", "ada"], rules={"answer_match": "exact"},
                         explicit_chance=True)
    assert written.setup == keywords.setup and written.explicit_chance
    assert written.new_initial_state(0).current_seat() == CHANCE
    with pytest.raises(GameParamError, match="the_initiative: players: expected 1 to 4"):
        load_game("the_initiative(players=0)")


@pytest.mark.parametrize("mission", list(CONTENT.campaign))
def test_every_shipped_mission_plays_to_its_end(mission: str) -> None:
    for players, seed in ((1, 1), (2, 2), (4, 3)):
        state = play_out(load_game("the_initiative", mission=mission, players=players),
                         seed, check=True)
        assert state.won is not None


def _solve_with(state: TIState, answer: tuple[str, ...], rng: random.Random) -> None:
    """Propose at the first chance, enter `answer`, everyone agrees (TI-56)."""
    alphabet = state.setup.mission.alphabet
    entered = 0
    while not state.is_terminal():
        if state.current_seat() == CHANCE:
            step(state, rng)
            continue
        legal = state.legal_actions()
        kinds = {a.kind for a in legal}
        choice: TIAction
        if Kind.SYMBOL in kinds:
            choice = act(Kind.SYMBOL, alphabet.index(answer[entered]))
            entered += 1
        elif Kind.ANNOUNCE in kinds:
            choice = act(Kind.ANNOUNCE)
        elif Kind.YES in kinds:
            choice = act(Kind.YES)
        elif Kind.SOLVE in kinds:
            choice = act(Kind.SOLVE)
        else:
            choice = rng.choice(legal)
        state.apply(choice)


@pytest.mark.parametrize("mission", list(CONTENT.campaign))
def test_each_mission_is_won_by_its_answer_and_lost_by_another(mission: str) -> None:
    """TI-54, TI-55, TI-A16: the answer positions take the mission's alphabet, the true
    answer wins and any other loses."""
    answer = CONTENT.missions[mission].answer
    alphabet = CONTENT.missions[mission].alphabet
    wrong = (next(s for s in alphabet if s != answer[0]), *answer[1:])
    for entered, won in ((answer, True), (wrong, False)):
        state = load_game("the_initiative", mission=mission, players=2).new_initial_state(5)
        _solve_with(state, entered, random.Random(5))
        assert state.won is won
        result = state.view(0).to_dict()["result"]
        assert result["answer"] == list(answer)
        assert result["story"] == (CONTENT.missions[mission].story.win if won
                                   else CONTENT.missions[mission].story.loss)
