"""TIGame and TIState under the engine contract: indices, explicit chance nodes,
clones, illegal input that changes nothing, records (history) that replay."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest

from initiative.engine.chance import PICK, Outcome
from initiative.engine.contract import CHANCE, GAME_MASTER, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import SplitMix64
from initiative.games.ti import actions
from initiative.games.ti.actions import ALL, Kind, act
from initiative.games.ti.game import new_state
from tests.ti.play import step
from tests.ti.sample import sample_game


def test_action_indices_round_trip() -> None:
    game = sample_game()
    assert game.num_distinct_actions() == actions.NUM_ACTIONS
    for i in range(game.num_distinct_actions()):
        assert game.action_index(game.action_from_index(i)) == i
    assert game.name == "the_initiative"


def test_the_public_setup_hides_the_answer_and_unseen_secrets() -> None:
    """TI-5, TI-7, TI-25: what bots get holds no window symbol, no win or loss text,
    no other mission, and no secret not yet gained."""
    game = sample_game("vault-2", 2)
    public = game.public
    assert [w.symbols for w in public.mission.windows] == [("?",), ("?",), ("?", "?")]
    assert [w.glyph for w in public.mission.windows] == ["gamma", "alpha", "omega"]
    assert list(public.content.missions) == ["vault-2"]
    assert public.content.secrets["secret-a"].title == "The Night Shift"
    assert public.content.secrets["secret-b"].title == "?"
    assert public.mission.story.win == ""
    assert [replace(t, story=None) for t in game.setup.clue_tokens] == list(
        public.clue_tokens)
    text = repr(public)
    assert "The Second Key" not in text and "'27'" not in text


def test_the_public_setup_names_no_other_mission_and_no_token_story() -> None:
    """TI-7: the other missions stay unseen, the campaign order included; TI-16: a
    token's story text is shown only when the token is revealed."""
    game = sample_game("eye", 2)
    assert game.setup.content.campaign == ("eye", "vault-2")
    assert any(t.story for t in game.setup.clue_tokens)
    public = game.public
    assert public.content.campaign == ("eye",) and public.content.default_mission == "eye"
    assert all(t.story is None for t in public.clue_tokens)
    assert [replace(t, story=None) for t in game.setup.clue_tokens] == list(
        public.clue_tokens)
    text = repr(public)
    assert "vault-2" not in text and "torn note" not in text


def test_determinized_worlds_guess_the_closed_windows() -> None:
    """A world's answer keeps the open windows and guesses the closed ones, one guess
    per glyph (TI-23): solving in a world teaches nothing about the real answer."""
    game = sample_game("eye", 2)
    state = game.new_initial_state(0)
    state.opened[1] = True  # beta (Y) is open
    state.invalidate()
    view = state.view(state.current_seat())
    answers = set()
    for seed in range(20):
        world = game.determinize(view, SplitMix64(seed))
        first, second, third = world.setup.mission.answer
        assert second == "Y" and first == third
        answers.add(first)
    assert len(answers) > 5


def test_explicit_chance_refuses_actions_and_foreign_outcomes() -> None:
    state = sample_game(explicit_chance=True).new_initial_state(0)
    assert state.current_seat() == CHANCE and state.legal_actions() == ()
    before = state.view(GAME_MASTER).to_dict()
    with pytest.raises(IllegalActionError):
        state.apply(act(Kind.END))
    with pytest.raises(IllegalActionError):
        state.apply(Outcome(PICK, 0))
    assert state.view(GAME_MASTER).to_dict() == before and state.history == []


def test_a_sampling_game_refuses_outcomes() -> None:
    state = sample_game().new_initial_state(0)
    with pytest.raises(IllegalActionError, match="samples its chance"):
        state.apply(Outcome(PICK, 0))


def test_illegal_actions_change_nothing() -> None:
    """Any action not legal now raises and leaves the state as it was."""
    game = sample_game("vault-2", 3)
    rng = random.Random(5)
    for seed in range(3):
        state = game.new_initial_state(seed)
        while not state.over:
            legal = set(state.legal_actions())
            before = state.view(GAME_MASTER).to_dict()
            history = state.history
            for action in rng.sample(ALL, 30):
                if action not in legal:
                    with pytest.raises(IllegalActionError):
                        state.apply(action)
            assert state.view(GAME_MASTER).to_dict() == before
            assert state.history == history
            step(state, rng)
        with pytest.raises(IllegalActionError, match="over"):
            state.apply(act(Kind.END))
        assert state.current_seat() == TERMINAL and state.legal_actions() == ()


def test_illegal_action_errors_name_no_hand_card() -> None:
    """Hidden information (TI-5): the error for an illegal action names that action,
    the deciding seat and how many actions are legal, never the legal list, whose
    PLAY / DISCARD / TUCK texts name the cards of the deciding seat's hand."""
    game = sample_game("vault-2", 3)
    rng = random.Random(7)
    for seed in range(3):
        state = game.new_initial_state(seed)
        while not state.over:
            if state.current_seat() != CHANCE:
                legal = state.legal_actions()
                action = rng.choice([a for a in ALL if a not in legal])
                with pytest.raises(IllegalActionError) as err:
                    state.apply(action)
                message = str(err.value)
                plural = "" if len(legal) == 1 else "s"
                assert message == (f"{action} is not legal now for seat "
                                   f"{state.current_seat()} ({len(legal)} legal "
                                   f"action{plural})")
                keys = {game.setup.content.cards[c].key
                        for hand in state.hands for c in hand}
                assert not [k for k in keys if k in message]
            step(state, rng)


def test_legal_actions_of_another_seat_are_empty() -> None:
    state = sample_game("eye", 3).new_initial_state(1)
    assert state.legal_actions(1) == () and state.legal_actions(0)


def test_clones_are_independent_and_pickle() -> None:
    game = sample_game("drill", 2)
    state = game.new_initial_state(2)
    rng = random.Random(2)
    for _ in range(30):
        step(state, rng)
    copy = state.clone()
    before = copy.view(GAME_MASTER).to_dict()
    while not state.over:
        step(state, rng)
    assert copy.view(GAME_MASTER).to_dict() == before
    again = pickle.loads(pickle.dumps(copy))
    assert again.view(GAME_MASTER).to_dict() == before


def test_history_replays_the_game() -> None:
    """Setup + seed + history is the game (a record)."""
    game = sample_game("vault-2", 2)
    state = game.new_initial_state(9)
    rng = random.Random(9)
    while not state.over:
        step(state, rng)
    replay = new_state(game.setup, 9)
    for action in state.history:
        replay.apply(action)
    assert replay.view(GAME_MASTER).to_dict() == state.view(GAME_MASTER).to_dict()


def test_explicit_history_replays_with_its_outcomes() -> None:
    game = sample_game("eye", 2, explicit_chance=True)
    state = game.new_initial_state(0)
    rng = random.Random(3)
    while not state.over:
        step(state, rng)
    replay = game.new_initial_state(0)
    for item in state.history:
        replay.apply(item)
    assert replay.view(GAME_MASTER).to_dict() == state.view(GAME_MASTER).to_dict()
