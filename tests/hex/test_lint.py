"""The skirmish content linter (lint.py): the shipped content is clean, and each check
fires on a file broken in the way it is about, naming file, entry and field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from initiative.games.hex.content import default_sources
from initiative.games.hex.lint import Finding, lint_sources
from tests.hex.content_kit import WHERE, broken, kit, text

Change = Callable[[dict[str, Any]], object]


def _lint(change: Change) -> list[Finding]:
    return lint_sources([(broken(change), WHERE)])


def _start(players: int, seat: int, **fields: Any) -> Change:
    return lambda d: d["boards"][0]["starts"][players][seat].update(fields)


def test_shipped_content_is_clean() -> None:
    assert lint_sources(default_sources()) == []


def test_kit_is_clean() -> None:
    assert lint_sources([(text(kit()), WHERE)]) == []


ERRORS: list[tuple[str, Change, str]] = [
    ("unknown field (extra=forbid)", lambda d: d["characters"][0].update(hp=9),
     "kit.yaml (character 'ash'), field characters[0].hp: Extra inputs are not permitted"),
    ("style needs 3 or 4 (HX-26)", lambda d: d["styles"][0]["hexes"][0].update(needs=2),
     "kit.yaml (style 'jab'), field styles[0].hexes[0].needs: Input should be 3 or 4"),
    ("style offset on the origin (HX-23)",
     lambda d: d["styles"][1]["hexes"][1].update(at=["front", "back"]),
     "kit.yaml (style 'pike'), field hexes[1].at: the path ['front', 'back'] ends on the "
     "unit's own hex"),
    ("style hexes distinct",
     lambda d: d["styles"][1]["hexes"][1].update(at=["front-left", "front-right", "front"]),
     "kit.yaml (style 'pike'), field hexes[1].at: the same hex as hexes[0]"),
    ("start off the board", _start(2, 1, hex=[0, -3]),
     "kit.yaml (board 'yard'), field starts.2[1].hex: [0, -3] is not a board hex"),
    ("start on a wall", _start(4, 3, hex=[1, 0]),
     "kit.yaml (board 'yard'), field starts.4[3].hex: [1, 0] is a wall"),
    ("starts distinct", _start(3, 2, hex=[0, 2]),
     "kit.yaml (board 'yard'), field starts.3[2].hex: [0, 2] is taken by an earlier seat"),
    ("facing 0..5", _start(2, 0, facing=-1),
     "kit.yaml (board 'yard'), field boards[0].starts.2[0].facing: Value error, a facing "
     "is 0-5"),
    ("one start per seat", lambda d: d["boards"][0]["starts"][3].pop(),
     "kit.yaml (board 'yard'), field starts.3: 2 starts for 3 players"),
    ("2 to 4 players", lambda d: d["boards"][0]["starts"].update({5: []}),
     "kit.yaml (board 'yard'), field starts.5: the game seats 2 to 4 players, not 5"),
    ("walls on the board", lambda d: d["boards"][0]["walls"].append([3, 0]),
     "kit.yaml (board 'yard'), field walls[1]: [3, 0] is not a board hex"),
    ("board connected (HX-A8)",
     lambda d: d["boards"][0].update(walls=[[-2, 1], [-1, 1], [0, 1], [1, 0], [2, 0],
                                           [-2, 2], [-1, 2], [2, -1], [1, 1]]),
     "kit.yaml (board 'yard'), field walls: the open hexes fall apart into 2 pieces"),
    ("every deck card exists", lambda d: d["decks"][0]["cards"].append("haymaker"),
     "kit.yaml (deck 'basic'), field cards[4]: unknown card 'haymaker'"),
    ("a character's own list too", lambda d: d["characters"][1]["deck"].__setitem__(0, "x"),
     "kit.yaml (character 'birch'), field deck[0]: unknown card 'x'"),
    ("decks of at least 4 (HX-4)", lambda d: d["decks"][0]["cards"].pop(),
     "kit.yaml (deck 'basic'), field cards: 3 cards; a deck needs at least 4"),
    ("unknown style", lambda d: d["characters"][0].update(style="stance"),
     "kit.yaml (character 'ash'), field style: unknown Style card 'stance'"),
    ("unknown deck", lambda d: d["characters"][0].update(deck="big"),
     "kit.yaml (character 'ash'), field deck: unknown deck 'big'"),
    ("duplicate keys", lambda d: d["cards"].append(dict(d["cards"][0], name="Again")),
     "kit.yaml (card 'step'), field key: defined again (first in kit.yaml)"),
    ("default board exists", lambda d: d.update(default_board="moor"),
     "kit.yaml, field default_board: unknown board 'moor'"),
    ("reaction displace needs a move (HX-A19)",
     lambda d: d["cards"][0]["reaction"].update(displace=True),
     "kit.yaml (card 'step'), field reaction.displace: displace needs a reaction move"),
    ("some board", lambda d: d.update(boards=[], default_board=None),
     "kit.yaml: no board is defined"),
    ("some character", lambda d: d.update(characters=[]),
     "kit.yaml: no character is defined"),
]


@pytest.mark.parametrize(("check", "change", "message"), ERRORS, ids=[e[0] for e in ERRORS])
def test_each_error_names_file_entry_and_field(check: str, change: Change,
                                               message: str) -> None:
    found = _lint(change)
    assert any(f.is_error and message in f.message for f in found), (check, found)


WARNINGS: list[tuple[str, Change, str]] = [
    ("board misses a player count", lambda d: d["boards"][0]["starts"].pop(4),
     "kit.yaml (board 'yard'), field starts: no starts for 4 players"),
    ("unused card", lambda d: (d["decks"][0]["cards"].__setitem__(3, "step"),
                               d["characters"][1].update(deck="basic")),
     "kit.yaml (card 'shove'): no deck or character uses it"),
    ("unused style", lambda d: d["characters"][1].update(style="jab"),
     "kit.yaml (style 'pike'): no character uses it"),
    ("unused deck", lambda d: d["characters"][0].update(deck=["step"] * 4),
     "kit.yaml (deck 'basic'): no character uses it"),
    ("displace on Move 0", lambda d: d["cards"][2]["move"].update(displace=True),
     "kit.yaml (card 'brace'), field move.displace: a Move 0 never enters a hex"),
    ("reaction that does nothing", lambda d: d["cards"][0].update(reaction={}),
     "kit.yaml (card 'step'), field reaction: no shield, move or power"),
    ("attack that does nothing", lambda d: d["cards"][0]["attack"].update(dice=0),
     "kit.yaml (card 'step'), field attack: no dice, push, fumble or power"),
    ("shared names", lambda d: d["characters"][1].update(name="Ash"),
     "kit.yaml: characters 'ash', 'birch' share one name"),
    ("start facing a wall", _start(4, 3, facing="SW"),
     "kit.yaml (board 'yard'), field starts.4[3].facing: the character starts facing a wall"),
    ("start facing the edge", _start(2, 0, facing="S"),
     "kit.yaml (board 'yard'), field starts.2[0].facing: the character starts facing a wall "
     "or the board's edge"),
    ("style beyond every board",
     lambda d: d["styles"][0]["hexes"].append({"at": ["front"] * 5, "needs": 4}),
     "kit.yaml (style 'jab'), field hexes[1].at: 5 hexes away, farther than any board is "
     "wide (4)"),
    ("repeated wall", lambda d: d["boards"][0]["walls"].append([1, 0]),
     "kit.yaml (board 'yard'), field walls: [1, 0] is listed 2 times"),
]


@pytest.mark.parametrize(("check", "change", "message"), WARNINGS,
                         ids=[w[0] for w in WARNINGS])
def test_each_warning(check: str, change: Change, message: str) -> None:
    found = _lint(change)
    assert any(not f.is_error and message in f.message for f in found), (check, found)
    assert not any(f.is_error for f in found)


def test_every_problem_is_listed_not_just_the_first() -> None:
    def change(d: dict[str, Any]) -> None:
        d["characters"][0].update(style="nope")
        d["decks"][0]["cards"].append("nope")
        d["boards"][0]["starts"][2][0].update(hex=[1, 0])
    errors = [f for f in _lint(change) if f.is_error]
    assert len(errors) == 3


def test_schema_errors_across_files_are_all_reported() -> None:
    one = broken(lambda d: d["cards"][0].update(colour="red"))
    two = broken(lambda d: d["styles"][0].update(hexes=[]))
    found = lint_sources([(one, "one.yaml"), (two, "two.yaml")])
    assert [f.message.split(",")[0] for f in found] == ["one.yaml (card 'step')",
                                                        "two.yaml (style 'jab')"]
