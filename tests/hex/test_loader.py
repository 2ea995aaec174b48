"""`load_game("hex_skirmish", ...)` (loader.py, the registry): defaults, every
parameter as a keyword and as text, and a GameParamError naming each bad one."""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.engine.errors import ContentError, GameParamError
from initiative.games import load_game, registered_games
from initiative.games.hex.content import default_content
from initiative.games.hex.flags import HexRules
from initiative.games.hex.game import HexGame
from initiative.games.hex.geometry import Hex
from initiative.games.hex.loader import FLAGS, PARAMS, hex_setup
from tests.hex.content_kit import kit, text


def test_registered() -> None:
    assert "hex_skirmish" in registered_games()


def test_no_params_two_seats_on_the_default_board() -> None:
    game = load_game("hex_skirmish")
    assert isinstance(game, HexGame)
    assert game.name == "hex_skirmish" and game.num_seats == 2
    assert game.setup.board.key == default_content().default_board
    assert game.setup.rules == HexRules() and not game.explicit_chance
    assert game.setup.content is default_content()
    state = game.new_initial_state(7)
    assert not state.is_terminal()


def test_every_param_as_keywords() -> None:
    game = load_game("hex_skirmish", players=3, board="the_breach",
                     characters=["tamsin", "tamsin", "corvell"], seat_names=["A", "B", "C"],
                     rules={"round_limit": 8}, walls_block_attacks=True,
                     explicit_chance=True)
    setup = game.setup
    assert setup.num_seats == 3 and setup.board.key == "the_breach"
    assert [s.character.key for s in setup.seats] == ["tamsin", "tamsin", "corvell"]
    assert [s.name for s in setup.seats] == ["A", "B", "C"]
    assert setup.rules == HexRules(round_limit=8, walls_block_attacks=True)
    assert game.explicit_chance


def test_the_text_form_reads_every_param(tmp_path: Path) -> None:
    path = tmp_path / "kit.yaml"
    path.write_text(text(kit()))
    game = load_game(f"hex_skirmish(players=3,board=yard,characters=birch+ash+birch,"
                     f"seat_names=N+E+W,content={path},victory=most_power_after_rounds,"
                     f"round_limit=6,move_exact=false,explicit_chance=true)")
    setup = game.setup
    assert setup.board.key == "yard" and setup.seats[0].start.hex == Hex(0, 2)
    assert [s.character.key for s in setup.seats] == ["birch", "ash", "birch"]
    assert [s.name for s in setup.seats] == ["N", "E", "W"]
    assert setup.rules == HexRules(victory="most_power_after_rounds", round_limit=6,
                                   move_exact=False)
    assert game.explicit_chance


def test_players_follow_the_characters_given() -> None:
    assert hex_setup(characters="ysolde+tamsin+corvell+brannoc").num_seats == 4


def test_flags_by_name_override_the_rules_mapping() -> None:
    rules = hex_setup(rules=HexRules(die_sides=8), die_sides="10", starting_health=3).rules
    assert rules == HexRules(die_sides=10, starting_health=3)


def test_to_params_rebuild_the_same_setup() -> None:
    setup = hex_setup(players=4, board="the_breach", seat_names="a+b+c+d", round_limit=3)
    assert hex_setup(**setup.to_params()) == setup


@pytest.mark.parametrize(("params", "message"), [
    ({"seats": 2}, "hex_skirmish: unknown parameter 'seats' (parameters: players, board, "
                   "characters, seat_names, rules, content, explicit_chance; or a "
                   "house-rule flag by name: initiative_reveal,"),
    ({"players": "five"}, "hex_skirmish: players: expected 2 to 4, got 'five'"),
    ({"players": 5}, "hex_skirmish: players: expected 2 to 4, got 5"),
    ({"board": "moon"}, "hex_skirmish: board: unknown 'moon' (boards: three_stones, "
                        "the_breach)"),
    ({"board": 3}, "hex_skirmish: board: expected a board key, got 3"),
    ({"characters": "brannoc+nobody"}, "hex_skirmish: characters: unknown 'nobody' "
                                       "(characters: brannoc, ysolde, tamsin, corvell)"),
    ({"characters": "brannoc+ysolde", "players": 3},
     "hex_skirmish: characters: expected one character key per seat (3)"),
    ({"characters": 5}, "hex_skirmish: characters: expected a list of names, got 5"),
    ({"seat_names": "a"}, "hex_skirmish: seat_names: expected one name per seat (2)"),
    ({"rules": "fast"}, "hex_skirmish: rules: expected HexRules or a mapping"),
    ({"rules": {"speed": 1}}, "unknown flag 'speed' (flags: allow_voluntary_pass,"),
    ({"round_limit": "soon"}, "round_limit must be a whole number or none, got 'soon'"),
    ({"victory": "most_power_after_rounds"}, "most_power_after_rounds needs a round_limit"),
    ({"explicit_chance": "maybe"}, "hex_skirmish: explicit_chance: expected true or false"),
    ({"content": 4}, "hex_skirmish: content: expected a content file path, got 4"),
])
def test_bad_params_name_the_problem_and_the_valid_ones(params: dict[str, object],
                                                         message: str) -> None:
    with pytest.raises(GameParamError) as err:
        load_game("hex_skirmish", **params)
    assert message in str(err.value)


def test_a_broken_content_file_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read the content file"):
        load_game("hex_skirmish", content=tmp_path / "none.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_text("boards: []\n")
    with pytest.raises(ContentError, match="no board is defined"):
        load_game("hex_skirmish", content=str(bad))


def test_params_documented() -> None:
    assert set(PARAMS) == {"players", "board", "characters", "seat_names", "rules",
                           "content", "explicit_chance"}
    assert HexRules.names() == FLAGS
