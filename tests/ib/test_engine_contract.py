"""The engine contract for Initiative Break: seats, action numbering, errors, log."""

from __future__ import annotations

import pickle

import pytest

from initiative.engine.contract import GAME_MASTER, SPECTATOR, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.actions import ACTIONS, NUM_ACTIONS, Action, Kind
from initiative.games.ib.match import fixture_match
from initiative.games.ib.setup import IBGame, new_game


def test_action_indices_are_stable_and_round_trip() -> None:
    game = IBGame(fixture_match())
    assert game.num_distinct_actions() == NUM_ACTIONS == len(ACTIONS)
    for i, action in enumerate(ACTIONS):
        assert game.action_index(action) == i
        assert game.action_from_index(i) is action
    # The first indices are fixed forever (RL policies depend on them).
    assert [a.kind for a in ACTIONS[:7]] == [Kind.KEEP, Kind.MULLIGAN, Kind.BASIC, Kind.ADVANCED,
                                            Kind.BREAK_ART, Kind.PASS, Kind.DECLINE]
    # Kinds added later are appended, so earlier indices never move.
    assert (ACTIONS[38].kind, ACTIONS[38].arg) == (Kind.CLEANSE, 6)
    assert (ACTIONS[39].kind, ACTIONS[39].arg) == (Kind.PLAY, 0)


def test_a_hand_built_action_equals_the_interned_one() -> None:
    state = new_game(fixture_match(), 1)
    assert Action(Kind.KEEP) in state.legal_actions()
    state.apply(Action(Kind.KEEP))
    assert state.current_seat() == 1


def test_illegal_action_raises_and_changes_nothing() -> None:
    state = new_game(fixture_match(), 2)
    before = state.view(GAME_MASTER).to_dict()
    with pytest.raises(IllegalActionError, match=r"not legal now for seat 0") as err:
        state.apply(Action(Kind.BASIC))
    assert "2 legal actions" in str(err.value)  # a count, never the list (hidden hands)
    assert "KEEP" not in str(err.value)
    assert state.view(GAME_MASTER).to_dict() == before
    assert state.legal_actions(seat=1) == []  # seat 1 need not decide now


def test_terminal_state_and_returns() -> None:
    state = new_game(fixture_match(), 3)
    rng = SplitMix64(3)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert state.current_seat() == TERMINAL
    assert state.legal_actions() == []
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(ACTIONS[0])


def test_states_pickle_and_every_logged_event_renders() -> None:
    match = fixture_match()
    state = new_game(match, 4)
    rng = SplitMix64(4)
    seen: set[int] = set()
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    copy = pickle.loads(pickle.dumps(state))
    assert list(copy.events()) == list(state.events())
    for event in state.events():
        seen.add(event[0])
        sentence = events.render(event, match)
        assert sentence and sentence[0].isupper() and sentence.rstrip().endswith((".", "!"))
    assert {events.SETUP, events.DRAW, events.ACT_START, events.DAMAGE, events.RESULT} <= seen


def test_spectator_sees_no_hand_and_game_master_sees_all() -> None:
    state = new_game(fixture_match(), 5)
    spectator = state.view(SPECTATOR)
    assert all(h is None for h in spectator.hands) and spectator.hand == ()
    master = state.view(GAME_MASTER)
    assert [list(h or ()) for h in master.hands] == state.hands
    assert "deck" not in str(master.to_dict().keys()).replace("deck_sizes", "").replace(
        "decklists", "")  # deck order is hidden even from the game master


def test_every_event_code_has_a_sentence() -> None:
    codes = [v for k, v in vars(events).items() if k.isupper() and isinstance(v, int)
             and v >= 0 and not k.startswith(("PART_", "DROP_", "BY_"))]
    assert set(codes) <= set(events.CODES) == set(events.SCHEMAS)
