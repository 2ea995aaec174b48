"""Skirmish content as data (content.py, schema.py): the shipped files load, compile
into what the rules read, and every schema error names file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.engine.errors import ContentError
from initiative.games.hex.content import (
    default_content,
    default_sources,
    load_content_file,
    load_content_files,
    load_content_text,
)
from initiative.games.hex.geometry import Hex, hexagon, project
from initiative.games.hex.specs import StyleHex
from tests.hex.content_kit import WHERE, broken, kit, text


def test_default_content_has_two_boards_seating_2_to_4() -> None:
    content = default_content()
    assert len(content.boards) >= 2
    assert content.default_board in content.boards
    for board in content.boards.values():
        assert sorted(board.starts) == [2, 3, 4]
        assert board.walls <= board.hexes and board.walls
        for players, starts in board.starts.items():
            assert len(starts) == players
            assert all(board.open(s.hex) for s in starts)
    radii = {max(max(abs(h.q), abs(h.r), abs(h.q + h.r)) for h in b.hexes)
             for b in content.boards.values()}
    assert len(radii) >= 2  # two different boards


def test_default_content_is_cached() -> None:
    assert default_content() is default_content()


def test_shipped_files_are_the_package_data() -> None:
    names = [where for _, where in default_sources()]
    assert names == sorted(names) and all(n.endswith(".yaml") for n in names)
    assert len(names) >= 2


def test_style_offsets_are_read_relative_to_a_unit_facing_north() -> None:
    """HX-23: `at: [front, front]` is two hexes ahead; front-left is the NW neighbour."""
    styles = default_content().styles
    assert StyleHex(Hex(0, -2), 3) in styles["long_reach"].hexes
    assert set(styles["close_guard"].hexes) == {
        StyleHex(Hex(0, -1), 3), StyleHex(Hex(-1, 0), 4), StyleHex(Hex(1, -1), 4)}
    # facing south, the reach fighter's far hex is two hexes below it
    assert project(Hex(0, 0), 3, Hex(0, -2)) == Hex(0, 2)
    assert all(h.needs in (3, 4) for s in styles.values() for h in s.hexes)
    assert len(styles) >= 3


def test_action_deck_uses_every_icon() -> None:
    """HX-16..HX-34: the shipped twelve cards show every section icon."""
    cards = default_content().cards
    assert len(cards) == 12
    assert {c.move.steps for c in cards} >= {0, 1, 2, 3}
    assert any(c.move.displace for c in cards)
    powers = {c.move.power for c in cards} | {c.attack.power for c in cards}
    assert {1, -1} <= powers
    assert {c.attack.dice for c in cards} >= {1, 2, 3, 4}
    assert any(c.attack.barrage for c in cards)
    assert any(c.attack.fumble for c in cards)
    assert any(c.attack.push for c in cards)
    assert {c.reaction.shields for c in cards} >= {1, 2}
    moves = [c.reaction for c in cards if c.reaction.steps]
    assert any(r.displace for r in moves) and any(not r.displace for r in moves)
    assert any(c.reaction.power > 0 for c in cards)


def test_characters_have_a_style_and_a_full_deck() -> None:
    content = default_content()
    assert len(content.characters) >= 3
    keys = {c.key for c in content.cards}
    for character in content.characters.values():
        assert character.style in content.styles
        assert len(character.deck) >= 4 and set(character.deck) <= keys


def test_kit_compiles_boards_styles_cards_and_decks() -> None:
    content = load_content_text(text(kit()), WHERE)
    yard = content.boards["yard"]
    assert yard.hexes == frozenset(hexagon(2))
    assert yard.walls == {Hex(1, 0)}
    assert [s.facing for s in yard.starts[3]] == [0, 3, 2]  # N, 3, SE
    assert content.characters["ash"].deck == ("step", "lunge", "brace", "shove")
    assert content.characters["birch"].deck[:2] == ("lunge", "lunge")
    assert content.cards[3].move.power == 1  # power: up
    assert content.cards[1].reaction.steps == 1 and content.cards[0].reaction.steps is None
    assert content.card_id("brace") == 2


def test_board_from_a_hex_list_less_cut() -> None:
    def change(data: dict[str, object]) -> None:
        board = data["boards"][0]  # type: ignore[index]
        board["cut"] = [[2, -2]]
    content = load_content_text(broken(change), WHERE)
    assert Hex(2, -2) not in content.boards["yard"].hexes
    assert len(content.boards["yard"].hexes) == 18


def test_default_board_is_the_first_when_unset() -> None:
    content = load_content_text(broken(lambda d: d.pop("default_board")), WHERE)
    assert content.default_board == "yard"


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d["cards"][0].update(colour="red"),
     "kit.yaml (card 'step'), field cards[0].colour: Extra inputs are not permitted"),
    (lambda d: d["styles"][0]["hexes"][0].update(needs=5),
     "kit.yaml (style 'jab'), field styles[0].hexes[0].needs"),
    (lambda d: d["styles"][1]["hexes"][0].update(at=["forward"]),
     "kit.yaml (style 'pike'), field styles[1].hexes[0].at[0]"),
    (lambda d: d["boards"][0]["starts"][2][0].update(facing=6),
     "kit.yaml (board 'yard'), field boards[0].starts.2[0].facing: Value error, a facing "
     "is 0-5"),
    (lambda d: d["boards"][0].update(hexes=[[0, 0]]),
     "kit.yaml (board 'yard'), field boards[0]: Value error, give either radius"),
    (lambda d: d["cards"][2]["move"].update(steps=-1),
     "kit.yaml (card 'brace'), field cards[2].move.steps"),
    (lambda d: d["cards"][3]["attack"].update(power="sideways"),
     "kit.yaml (card 'shove'), field cards[3].attack.power: Value error, expected up, down"),
])
def test_schema_errors_name_file_entry_and_field(change: object, expected: str) -> None:
    with pytest.raises(ContentError) as err:
        load_content_text(broken(change), WHERE)  # type: ignore[arg-type]
    assert expected in str(err.value)


def test_not_yaml_or_not_a_mapping() -> None:
    with pytest.raises(ContentError, match=r"^kit.yaml: not valid YAML"):
        load_content_text("boards: [", WHERE)
    with pytest.raises(ContentError, match=r"^kit.yaml: expected a mapping"):
        load_content_text("- 1\n- 2\n", WHERE)


def test_loading_refuses_what_the_linter_calls_an_error() -> None:
    bad = broken(lambda d: d["boards"][0]["starts"][2][0].update(hex=[1, 0]))
    with pytest.raises(ContentError, match=r"\(board 'yard'\), field starts.2\[0\].hex: "
                                           r"\[1, 0\] is a wall"):
        load_content_text(bad, WHERE)


def test_content_spanning_files(tmp_path: Path) -> None:
    """The shipped content is split by section; any set of files reads as one."""
    data = kit()
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text(text({"boards": data["boards"], "styles": data["styles"]}))
    second.write_text(text({"cards": data["cards"], "decks": data["decks"],
                            "characters": data["characters"]}))
    content = load_content_files([first, second])
    assert set(content.characters) == {"ash", "birch"}
    with pytest.raises(ContentError, match=r"a.yaml: no character is defined"):
        load_content_file(first)


def test_unreadable_file_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"missing\.yaml: cannot read"):
        load_content_file(tmp_path / "missing.yaml")
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ContentError, match="not a UTF-8 text file"):
        load_content_file(binary)
