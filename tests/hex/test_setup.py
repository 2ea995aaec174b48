"""`build_setup` (setup.py): seats, starts, decks and rules from the content, and a
clear GameParamError for every bad choice."""

from __future__ import annotations

import pytest

from initiative.engine.errors import ContentError, GameParamError
from initiative.games.hex.content import default_content, load_content_text
from initiative.games.hex.flags import HexRules
from initiative.games.hex.geometry import Hex
from initiative.games.hex.setup import HexSetup, build_setup
from initiative.games.hex.specs import HexContent
from tests.hex.content_kit import WHERE, kit, text


@pytest.fixture
def content() -> HexContent:
    return load_content_text(text(kit()), WHERE)


def test_defaults_two_seats_on_the_default_board(content: HexContent) -> None:
    setup = build_setup(content)
    assert setup.num_seats == 2
    assert setup.board.key == "yard"
    assert [s.character.key for s in setup.seats] == ["ash", "birch"]
    assert [s.name for s in setup.seats] == ["Player 1", "Player 2"]
    assert [s.label for s in setup.seats] == ["Ash (Player 1)", "Birch (Player 2)"]
    assert [s.style.key for s in setup.seats] == ["jab", "pike"]
    assert [s.start.hex for s in setup.seats] == [Hex(0, 2), Hex(0, -2)]
    assert setup.rules == HexRules()


def test_each_player_count_takes_the_boards_starts(content: HexContent) -> None:
    for players in (2, 3, 4):
        setup = build_setup(content, players=players)
        assert tuple(s.start for s in setup.seats) == content.boards["yard"].starts[players]


def test_default_characters_repeat_and_seats_tell_them_apart(content: HexContent) -> None:
    """Issue 25: a seat's one name is its character's and its player's, counted from 1."""
    setup = build_setup(content, players=3)
    assert [s.character.key for s in setup.seats] == ["ash", "birch", "ash"]
    assert [s.label for s in setup.seats] == ["Ash (Player 1)", "Birch (Player 2)",
                                              "Ash (Player 3)"]


def test_deck_ids_index_content_cards_in_deck_order(content: HexContent) -> None:
    setup = build_setup(content, characters=["birch", "ash"])
    assert setup.deck_ids(0) == (1, 1, 0, 2, 3)  # lunge, lunge, step, brace, shove
    assert setup.deck_ids(1) == (0, 1, 2, 3)
    assert [content.cards[i].key for i in setup.deck_ids(0)] == list(
        content.characters["birch"].deck)


def test_to_params_rebuilds_the_setup(content: HexContent) -> None:
    setup = build_setup(content, players=3, characters=["birch", "ash", "birch"],
                        seat_names=["N", "E", "W"], rules={"round_limit": 9})
    params = setup.to_params()
    assert params == {"players": 3, "board": "yard", "characters": ["birch", "ash", "birch"],
                      "seat_names": ["N", "E", "W"], "rules": {"round_limit": 9}}
    assert build_setup(content, **params) == setup
    assert isinstance(setup, HexSetup)


def test_rules_from_mapping_or_hexrules(content: HexContent) -> None:
    rules = HexRules(walls_block_attacks=True)
    assert build_setup(content, rules=rules).rules is rules
    assert build_setup(content, rules={"walls_block_attacks": True}).rules == rules


def test_the_shipped_boards_seat_every_count() -> None:
    content = default_content()
    for board in content.boards:
        for players in (2, 3, 4):
            setup = build_setup(content, board=board, players=players)
            hexes = [s.start.hex for s in setup.seats]
            assert len(set(hexes)) == players and all(setup.board.open(h) for h in hexes)
            assert len({s.character.key for s in setup.seats}) == players  # four to go round


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 1}, "players: expected 2 to 4, got 1"),
    ({"players": 5}, "players: expected 2 to 4, got 5"),
    ({"players": True}, "players: expected 2 to 4, got True"),
    ({"board": "moor"}, "board: unknown 'moor' (boards: yard)"),
    ({"characters": ["ash"]}, "characters: expected one character key per seat (2)"),
    ({"characters": "ash"}, "characters: expected one character key per seat (2)"),
    ({"characters": ["ash", "oak"]}, "characters: unknown 'oak' (characters: ash, birch)"),
    ({"seat_names": ["A"]}, "seat_names: expected one name per seat (2)"),
    ({"seat_names": ["A", " "]}, "seat_names: a seat name is empty"),
    ({"seat_names": ["A", "A"]}, "seat_names: every seat needs its own name"),
    ({"rules": {"round_limt": 3}}, "unknown flag 'round_limt'"),
    ({"rules": {"round_limit": 0}}, "round_limit must be at least 1"),
    ({"rules": 7}, "rules: expected HexRules or a mapping"),
])
def test_bad_choices_name_the_problem(content: HexContent, kwargs: dict[str, object],
                                      message: str) -> None:
    with pytest.raises(GameParamError) as err:
        build_setup(content, **kwargs)  # type: ignore[arg-type]
    assert message in str(err.value)


def test_board_without_starts_for_the_count() -> None:
    data = kit()
    data["boards"][0]["starts"].pop(4)
    content = load_content_text(text(data), WHERE)
    with pytest.raises(GameParamError, match=r"board 'yard' has no starts for 4 players "
                                             r"\(it seats 2, 3\)"):
        build_setup(content, players=4)


def test_content_without_characters_is_a_content_error(content: HexContent) -> None:
    bare = HexContent(content.boards, content.styles, content.cards, {}, "yard")
    with pytest.raises(ContentError, match="defines no character"):
        build_setup(bare)
