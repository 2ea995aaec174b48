"""Lantern race through the registry alone (the test imports nothing of the toy): the
loader and its parameters, the engine contract (views, illegal actions, clones), its
rules, the random bot (`make_bot`, `bot_names`), its records as `initiative replay`
reads them, its rules listing and its linter."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import pytest

from initiative.bots import bot_names, make_bot
from initiative.engine.contract import GAME_MASTER, SPECTATOR, TERMINAL
from initiative.engine.errors import GameParamError, IllegalActionError, NotationError
from initiative.engine.rng import new_secret_seed
from initiative.games import load_game
from initiative.games.parts import ContentLinter, RecordReader, RulesListing, Source
from initiative.games.registry import entry, entry_of_record, entry_of_slug, part
from initiative.server.sites import site_of

pytestmark = pytest.mark.usefixtures("toy")


def load_toy(**params: Any) -> Any:
    """`load_game("toy", **params)` (the test knows nothing of its class)."""
    game: Any = load_game("toy", **params)
    return game


def play_random(game: Any, seed: int, limit: int = 500) -> Any:
    """A game of two random bots from `seed`, to its end."""
    state = game.new_initial_state(seed)
    bots = [make_bot("random", game, seed * 2 + seat) for seat in range(game.num_seats)]
    for _ in range(limit):
        if state.is_terminal():
            return state
        seat = state.current_seat()
        state.apply(bots[seat].choose(state.view(seat)))
    raise AssertionError("the game did not end")


def record_data(game: Any, seed: Any, state: Any) -> dict[str, Any]:
    """The game's record as its web table writes it (JSON data)."""
    site = site_of("toy")
    data: dict[str, Any] = json.loads(json.dumps(site.record(game, seed, state,
                                                             state.history)))
    return data


def test_the_entry_names_the_game_by_its_name_slug_and_record_format() -> None:
    found = entry("toy")
    assert found.title == "Lantern race"
    assert entry_of_slug("toy") is found
    assert entry_of_record("toy-record/1") is found
    assert not found.parts.bots, "the random bot plays it: no bots part"


def test_the_loader_reads_keywords_and_the_text_of_a_game_string() -> None:
    game: Any = load_game("toy(goal=12,seat_names=Ann+Bea,first=1)")
    assert (game.name, game.num_seats) == ("toy", 2)
    setup = game.public
    assert (setup.rules.goal, setup.names, setup.first) == (12, ("Ann", "Bea"), 1)
    assert load_toy(rules={"gusts": False}).public.rules.gusts is False
    with pytest.raises(GameParamError, match="unknown parameter 'players'"):
        load_toy(players=3)
    with pytest.raises(GameParamError, match="goal must be 5 to 99"):
        load_toy(goal=2)
    with pytest.raises(GameParamError, match="die_sides must be one of 4, 6, 8"):
        load_toy(die_sides=7)


def test_random_games_end_and_every_action_has_a_stable_index() -> None:
    game = load_toy()
    lengths = []
    for seed in range(60):
        state = play_random(game, seed)
        assert state.current_seat() == TERMINAL and state.legal_actions() == ()
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
        lengths.append(len(state.history))
    assert 12 <= sum(lengths) / len(lengths) <= 40, "a few dozen decisions a game"
    for number in range(game.num_distinct_actions()):
        assert game.action_index(game.action_from_index(number)) == number


def test_a_seat_sees_its_own_hand_only() -> None:
    state = load_toy().new_initial_state(4)
    mine, theirs = state.view(0), state.view(1)
    assert mine.hand is not None and len(mine.hand) == 3 and mine.legal
    assert theirs.legal == ()
    assert mine.to_dict()["hand_counts"] == [3, 3] and "hands" not in mine.to_dict()
    spectator = state.view(SPECTATOR).to_dict()
    assert spectator["hand"] is None and spectator["legal"] == []
    master = state.view(GAME_MASTER).to_dict()
    assert master["hands"] == [state.view(s).to_dict()["hand"] for s in (0, 1)]
    seen = {seat: json.dumps(state.view(seat).to_dict()) for seat in (1, SPECTATOR)}
    state.hands[0], state.deck[-3:] = state.deck[-3:], state.hands[0]  # another hand
    assert state.view(0).hand != mine.hand
    assert {seat: json.dumps(state.view(seat).to_dict()) for seat in seen} == seen


def test_an_illegal_action_changes_nothing_and_a_clone_is_independent() -> None:
    game = load_toy()
    state = game.new_initial_state(9)
    state.hands[0].pop()  # two cards: slot 2 is empty
    before = json.dumps(state.view(GAME_MASTER).to_dict())
    other = state.clone()
    with pytest.raises(IllegalActionError, match="play 2 is not legal now for seat 0"):
        state.apply(game.action_from_index(4))
    assert json.dumps(state.view(GAME_MASTER).to_dict()) == before
    other.apply(game.action_from_index(1))  # a roll, in the clone only
    assert json.dumps(state.view(GAME_MASTER).to_dict()) == before
    assert (state.current_seat(), other.current_seat()) == (0, 1)


def test_walks_rolls_cards_and_gusts_move_the_lanterns_by_the_rules() -> None:
    game = load_toy(goal=10, stumble=2)
    cards = {card.key: n for n, card in enumerate(game.public.cards.cards)}
    state = game.new_initial_state(1)
    state.hands[0] = [cards["blaze"], cards["gust"], cards["spark"]]
    state.positions[:] = [7, 6]
    state.apply(game.action_from_index(3))  # TOY-4: a gust blows the other back 3
    assert state.positions == [7, 3] and state.discard[-1] == cards["gust"]
    assert len(state.hands[0]) == 3, "a card is drawn after a play"
    state.apply(game.action_from_index(0))  # seat 1 walks
    assert state.positions == [7, 4] and state.round == 2
    state.hands[0][0] = cards["blaze"]
    state.apply(game.action_from_index(2))  # TOY-6: 7 + 5 passes 10: bounces to 8
    assert state.positions[0] == 8
    assert state.view(0).log()[-3:] == ["Amber plays Blaze and moves to 10.",
                                        "Amber overshoots the end and bounces back to 8.",
                                        "Amber draws a card."]
    state.apply(game.action_from_index(0))
    state.positions[0] = 9
    state.apply(game.action_from_index(0))  # a walk reaches the end: Amber wins
    assert (state.winner, state.current_seat()) == (0, TERMINAL)
    assert state.view(SPECTATOR).log()[-1] == "Amber reaches the end of the path and wins!"


def test_the_round_limit_ends_a_game_with_the_lantern_furthest_along() -> None:
    game = load_toy(round_limit=1)
    state = game.new_initial_state(2)
    state.apply(game.action_from_index(0))
    assert state.current_seat() == 1
    state.apply(game.action_from_index(0))
    assert state.is_terminal() and state.winner is None, "level lanterns draw"
    assert state.view(0).log()[-1] == "The round limit is reached: the lanterns stand " \
                                      "level, a draw."


def test_the_random_bot_plays_it_and_is_all_it_offers() -> None:
    assert bot_names("toy") == ("random", "easy")
    game = load_toy()
    state = play_random(game, 31)
    assert state.is_terminal()
    with pytest.raises(ValueError, match="toy has no heuristic bot"):
        make_bot("normal", game, 1)


@pytest.mark.parametrize("seed", [5, new_secret_seed()], ids=["int seed", "keyed seed"])
def test_a_record_replays_bit_for_bit_and_a_changed_one_is_refused(seed: Any) -> None:
    game = load_toy(seat_names=["Ann", "Bea"], goal=14)
    state = game.new_initial_state(seed)
    bots = [make_bot("random", game, 70 + s) for s in (0, 1)]
    while not state.is_terminal():
        seat = state.current_seat()
        state.apply(bots[seat].choose(state.view(seat)))
    data = record_data(game, seed, state)
    assert data["format"] == entry("toy").record_format
    reader = part("toy", "records", RecordReader)
    lines = reader.story(data, False)
    assert lines[:-2] == state.view(SPECTATOR).log()
    assert lines[-1].startswith("Result: ")
    verbose = reader.story(data, True)
    assert verbose[0].startswith("[1] Ann: ") and len(verbose) > len(lines)
    start = json.loads(reader.position(data, 0))
    assert start["positions"] == [0, 0] and len(start["hands"][0]) == 3
    changed = {**data, "winner": None if state.winner is not None else 0}
    with pytest.raises(NotationError, match="the replay ends with winner"):
        reader.story(changed, False)
    with pytest.raises(NotationError, match=r"record\.actions\[\d+\]: action index 99"):
        reader.story({**data, "actions": [*data["actions"], 99]}, False)


def test_the_rules_listing_has_every_flag_with_its_note() -> None:
    listing = part("toy", "rules", RulesListing)
    (section,) = listing.sections
    names = [flag.name for flag in fields(section.flags)]
    assert names == ["goal", "die_sides", "stumble", "overshoot", "round_limit", "gusts"]
    assert set(section.notes) == set(names)
    assert section.choices["die_sides"] == (4, 6, 8)


def test_the_linter_passes_the_shipped_cards_and_names_each_problem() -> None:
    linter = part("toy", "lint", ContentLinter)
    assert linter.lint([Source(*source) for source in linter.shipped()]) == []
    broken = Source(json.dumps({"cards": [
        {"key": "spark", "name": "Spark", "steps": 1, "copies": 2},
        {"key": "spark", "name": "Again", "steps": 12, "copies": 2},
        {"key": "Gale", "name": "", "push": 1, "steps": 1, "colour": "grey"},
    ]}), "bad.json")
    messages = [str(f) for f in linter.lint([broken])]
    assert messages == [
        "error: bad.json: cards[1].steps: a whole number 1 to 9, got 12",
        "error: bad.json: cards[2]: unknown field 'colour' (fields: key, name, steps, "
        "push, copies)",
        "error: bad.json: cards[2].key: lower-case letters, got 'Gale'",
        "error: bad.json: cards[2].name: a name, got ''",
        "error: bad.json: cards[2]: exactly one of steps (a move card) or push (a gust)",
        "error: bad.json: cards[2].copies: missing",
    ]
    small = Source(json.dumps({"cards": [{"key": "gust", "name": "Gust", "push": 1,
                                          "copies": 3}]}), "small.json")
    assert [str(f) for f in linter.lint([small])] == [
        "error: small.json: the deck holds 3 cards, a game needs at least 8",
        "warning: small.json: no move card: lanterns go on only by walking and rolling"]
