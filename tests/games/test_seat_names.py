"""Seats named the same on every front end (issue 25 item 4), for hex skirmish and The
Initiative: each seat's one name is `SeatSetup.label` (games/seat_names.seat_label:
``Kestrel (Player 1)``), and the JSON state, the log, the replay's result, the terminal
screens and the web table's seat lists all show exactly that string."""

from __future__ import annotations

import re
from typing import Any

import pytest

from initiative.cli.hex import screen as hex_screen
from initiative.cli.hex.play import opening as hex_opening
from initiative.cli.ti import screen as ti_screen
from initiative.cli.ti.play import opening as ti_opening
from initiative.engine.contract import GAME_MASTER
from initiative.engine.notation import play_random
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.hex.game import HexGame
from initiative.games.hex.record import record_of as hex_record_of
from initiative.games.hex.record import result_line as hex_result
from initiative.games.hex.record import story as hex_story
from initiative.games.seat_names import player_name, seat_label
from initiative.games.ti.game import TIGame
from initiative.games.ti.record import record_of as ti_record_of
from initiative.games.ti.record import story as ti_story
from initiative.server.hex.setup import parse_plan as hex_plan
from initiative.server.ti.setup import parse_plan as ti_plan

HEX_GAMES = ((2, 3), (3, 11), (4, 5))
"""(players, seed) of the random hex games."""
TI_GAMES = ({"players": 1, "characters_per_solo_player": 2}, {"players": 2},
            {"players": 4})


def _labels(game: Any) -> list[str]:
    """Every seat's name from the one function, from the seat's player and character."""
    return [seat_label(s.name, s.character.name) for s in game.setup.seats]


def _check_log(lines: list[str], game: Any) -> None:
    """A character is never named in the log without its seat's player after it."""
    for seat in game.setup.seats:
        bare = re.compile(re.escape(seat.character.name) + r"(?! \()")
        for line in lines:
            assert not bare.search(line), f"{line!r} names {seat.label!r} otherwise"


def test_a_seat_nobody_names_is_its_character_and_its_player_counted_from_1() -> None:
    game = load_game("hex_skirmish", players=2)
    assert [s.name for s in game.setup.seats] == [player_name(1), "Player 2"]
    assert game.setup.seats[0].label == f"{game.setup.seats[0].character.name} (Player 1)"
    named = load_game("hex_skirmish", players=2, seat_names=["Ann", "Bea"])
    assert [s.label for s in named.setup.seats] == _labels(named)
    assert named.setup.seats[1].label.endswith(" (Bea)")
    assert seat_label("Kestrel", "Kestrel") == "Kestrel", "an old record's seat"


@pytest.mark.parametrize(("players", "seed"), HEX_GAMES)
def test_hex_every_front_end_names_a_seat_by_the_one_function(players: int,
                                                               seed: int) -> None:
    game = load_game("hex_skirmish", players=players)
    assert isinstance(game, HexGame)
    state = game.new_initial_state(seed)
    play_random(state, SplitMix64(seed))
    labels = _labels(game)
    view = state.view(GAME_MASTER).to_dict()
    assert view["seat_names"] == labels, "the JSON state"
    _check_log([e["text"] for e in view["log"]], game)
    assert any(label in e["text"] for e in view["log"] for label in labels)
    assert [hex_screen.seat_name(view, s) for s in range(players)] == labels, "terminal"
    shown = hex_opening(game, seed, [0], "random")
    assert all(f"seat {i + 1}: {label}, Style " in shown for i, label in enumerate(labels))
    if state.winner is not None:
        assert labels[state.winner] in hex_result(state)
        assert hex_screen.result_text(view) == f"{labels[state.winner]} wins."
    record = hex_record_of(state, game, seed, with_log=True)
    assert record.params["seat_names"] == [f"Player {i + 1}" for i in range(players)]
    _check_log(hex_story(record), game)


@pytest.mark.parametrize("params", TI_GAMES)
def test_ti_every_front_end_names_a_seat_by_the_one_function(params: dict[str, Any]) -> None:
    game = load_game("the_initiative", **params)
    assert isinstance(game, TIGame)
    state = game.new_initial_state(7)
    play_random(state, SplitMix64(7))
    labels = _labels(game)
    seats = len(labels)
    if params["players"] == 1:  # one person plays both characters (TI-A17)
        assert [s.name for s in game.setup.seats] == ["Player 1", "Player 1"]
    else:
        assert [s.name for s in game.setup.seats] == [f"Player {i + 1}" for i in range(seats)]
    assert len(set(labels)) == seats
    view = state.view(GAME_MASTER).to_dict()
    assert view["seat_names"] == labels, "the JSON state"
    _check_log([e["text"] for e in view["log"]], game)
    assert [ti_screen.seat_name(view, s) for s in range(seats)] == labels, "terminal"
    shown = ti_opening(game, 7, [0], "random")
    assert all(f"seat {i + 1}: {label}," in shown for i, label in enumerate(labels))
    _check_log(ti_story(ti_record_of(state, game, 7, with_log=True)), game)


def test_the_web_plans_name_seats_as_the_games_do() -> None:
    """The lobby, the created-links page and the seat pages read `plan.seats[i].name`."""
    form = {"players": "3", "seat1_name": "Bea"}
    plan = hex_plan(form, ("random",))
    game = load_game("hex_skirmish", **plan.params())
    assert [s.name for s in plan.seats] == [s.label for s in game.setup.seats]
    assert plan.seats[1].name.endswith(" (Bea)") and plan.seats[2].name.endswith("(Player 3)")
    solo = ti_plan({"players": "1", "rule_characters_per_solo_player": "2",
                    "seat1_name": "ignored"}, ("random",))
    game = load_game("the_initiative", **solo.params())
    assert [s.name for s in solo.seats] == [s.label for s in game.setup.seats]
    assert all(s.name.endswith(" (Player 1)") for s in solo.seats), "one solo player"
