"""Hex positions (games/hex/notation.py): a worked attack with every die forced through
explicit chance, positions at chance nodes, and a NotationError naming the field for
every kind of bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest

from initiative.engine.chance import Outcome
from initiative.engine.contract import CHANCE, GAME_MASTER
from initiative.engine.errors import NotationError
from initiative.games.hex.actions import Kind, act, index
from initiative.games.hex.notation import (
    FORMAT,
    load_position,
    position_json,
    position_of,
)
from initiative.games.hex.state import HexState
from tests.position_kit import (
    DELETE,
    check_shown_errors,
    check_state_fields,
    notation_doc_part,
    set_at,
)

STANDARD = ["hold_fast", "sidestep", "dash", "break_the_line", "long_run", "shoulder_in",
            "catch_breath", "wide_swing", "false_opening", "all_in", "spinning_cut",
            "steady_eye"]
"""The shipped `standard` deck of Brannoc and Ysolde."""


def _seat(hand: list[str], discard: tuple[str, ...] = ()) -> dict[str, Any]:
    deck = list(STANDARD)
    for card in (*hand, *discard):
        deck.remove(card)
    return {"hand": hand, "deck": deck, "discard": list(discard)}


def face_off() -> dict[str, Any]:
    """Brannoc (seat 0, Close Guard: front 3+) faces north at the centre of Three Stones
    with Ysolde right in front of him, facing him; his turn, first card of the line."""
    return {
        "format": FORMAT,
        "setup": {"players": 2, "board": "three_stones", "characters": ["brannoc", "ysolde"],
                  "seat_names": ["Brannoc", "Ysolde"], "rules": {}},
        "round": 1,
        "phase": "resolution",
        "acted": False,
        "units": [{"hex": [0, 0], "facing": 0, "health": 5, "power": 0, "alive": True},
                  {"hex": [0, -1], "facing": 3, "health": 5, "power": 0, "alive": True}],
        "seats": [_seat(["dash", "hold_fast", "all_in", "steady_eye"]),
                  _seat(["hold_fast", "sidestep", "long_run", "catch_breath"])],
        "line": {"cards": [0, 1, 1, 0, "special"], "at": 0, "revealed": 5},
        "stack": [{"frame": "turn", "seat": 0, "special": False}],
        "winner": None,
        "leaders": [],
        "rng": 12345,
    }


def _attack_with_dash(rolls: tuple[int, ...]) -> Any:
    """Brannoc attacks Ysolde with Dash (two dice, HX-25), the dice forced."""
    state = load_position(face_off(), explicit_chance=True)
    state.apply(act(Kind.PLAY_ATTACK, 0))
    state.apply(act(Kind.TARGET, 1))  # HX-23: Ysolde stands on his front hex
    for face in rolls:
        assert state.current_seat() == CHANCE
        assert [o for o, _ in state.chance_outcomes()] == [Outcome("roll", f)
                                                           for f in range(1, 7)]
        state.apply(Outcome("roll", face))
    return state


def test_forced_dice_hit_on_the_style_hex_number_and_damage_follows_the_reaction() -> None:
    """HX-25 / HX-26: a 3 hits on a 3+ hex, a 2 does not; HX-30 the target may decline;
    HX-A5 / HX-A6: the hit costs 1 health once the reaction is over."""
    state = _attack_with_dash((3, 2))
    assert state.current_seat() == 1 and act(Kind.DECLINE) in state.legal_actions()
    attack = position_of(state)["stack"][-1]
    assert attack["rolls"] == [[], [3, 2]] and attack["hits"] == [0, 1]
    assert attack["stage"] == "react"
    state.apply(act(Kind.DECLINE))
    assert state.health == [5, 4]
    log = [e["text"] for e in state.view(GAME_MASTER).to_dict()["log"]]
    assert "Against Ysolde, needing 3+: rolled 3, 2; 1 hit." in log


def test_forced_dice_and_a_shield_reaction_cancel_the_hits() -> None:
    """HX-33: Hold Fast's two shields remove both hits of a forced 6, 6."""
    state = _attack_with_dash((6, 6))
    state.apply(act(Kind.REACT, 0))  # Ysolde's Hold Fast
    assert state.health == [5, 5]
    assert position_of(state)["seats"][1]["discard"] == ["hold_fast"]


def test_a_position_at_a_chance_node_keeps_the_step_and_the_outcomes_chosen() -> None:
    state = _attack_with_dash((4,))
    data = position_of(state)
    assert data["chance"] == {"step": index(act(Kind.TARGET, 1)), "chosen": ["roll:4"]}
    assert data["rng"] == "explicit"
    again = load_position(data, explicit_chance=True)
    assert position_of(again) == data
    assert again.chance_outcomes() == state.chance_outcomes()
    again.apply(Outcome("roll", 1))
    state.apply(Outcome("roll", 1))
    assert position_of(again) == position_of(state)
    with pytest.raises(NotationError, match=r"position\.rng: this position's chance is explicit"):
        load_position(data)


def test_a_position_reads_from_json_text_and_writes_it_back() -> None:
    state = load_position(json.dumps(face_off()))
    assert position_of(state) == face_off()
    assert json.loads(position_json(state)) == face_off()


def test_a_position_without_a_line_deals_its_round() -> None:
    """Only the setup, units, cards and generator: the loaded state deals the round
    (HX-2..HX-9) and stops at the first turn."""
    data = face_off()
    for key in ("line", "stack", "phase"):
        del data[key]
    data["seats"] = [_seat([]), _seat([])]
    state = load_position(data)
    position = position_of(state)
    assert position["phase"] == "resolution"
    assert sorted(position["line"]["cards"][:2]) == [0, 1]
    assert all(len(seat["hand"]) == 4 for seat in position["seats"])


def _set(path: str, value: Any) -> Any:
    """A change to the face-off position: `path` is dotted (list items by number)."""
    return set_at(path, value)


MOVE = {"frame": "move", "unit": 0, "card": "dash", "section": "move", "left": 2,
        "taken": 0, "displace": False, "displaced": 0, "start": [0, 0],
        "directions": [0, 1, 2, 3, 4, 5], "waiting": None}
"""Brannoc's Dash move (HX-16), nothing stepped yet."""

BAD: list[tuple[Any, str]] = [
    (_set("format", "hex-position/0"), "position.format: expected 'hex-position/1'"),
    (_set("extra", 1), "position: unknown field 'extra'"),
    (_set("setup.board", "nowhere"), "position.setup: hex_skirmish: board: unknown 'nowhere'"),
    (_set("setup.colour", "red"), "position.setup: unknown field 'colour'"),
    (_set("units.1.hex", [0, 0]),
     "position.units[1].hex: [0, 0] already holds seat 0's unit (HX-17"),
    (_set("units.1.hex", [2, -1]), "position.units[1].hex: [2, -1] is a wall (HX-A8)"),
    (_set("units.1.hex", [9, 9]), "position.units[1].hex: [9, 9] is off the board"),
    (_set("units.1.hex", None), "position.units[1].hex: a living unit stands on a hex"),
    (_set("units.0.facing", 6), "position.units[0].facing: 6 is outside 0..5"),
    (_set("units.0.health", 9), "position.units[0].health: 9 is outside 0..5"),
    (_set("units.0.health", 0), "position.units[0].health: 0 health on a living unit"),
    (_set("units.0.power", -1), "position.units[0].power: -1 is outside"),
    (_set("units.0.alive", "yes"), "position.units[0].alive: expected true or false"),
    (_set("units.0.speed", 3), "position.units[0]: unknown field 'speed'"),
    (_set("units", []), "position.units: expected 2 entries, got 0"),
    (_set("seats.0.hand.0", "fireball"), "position.seats[0].hand[0]: unknown card 'fireball'"),
    (_set("seats.0.hand", ["dash", "hold_fast", "all_in", "steady_eye", "sidestep"]),
     "position.seats[0].hand: 5 cards; a hand holds at most 4 (HX-4)"),
    (_set("seats.0.deck.0", "dash"),
     "position.seats[0]: hand + deck + discard is not 'brannoc''s deck: missing 1 "),
    (_set("seats.1.discard", ["dash"]), "extra 1 dash"),
    (_set("line.cards", [0, 1, 1, "special"]), "position.line.cards: the line is two halves"),
    (_set("line.cards", [0, 1, "special", 0, 1]), "position.line.cards: the line is two"),
    (_set("line.cards", [0, 0, 1, 1, "special"]),
     "position.line.cards: each half holds one card of every seat dealt in (HX-5)"),
    (_set("line.cards", [0, 0, "special"]),
     "position.line.cards: living seat 1 has no initiative cards"),
    (_set("line.cards", [0, "x", 1, 0, "special"]),
     "position.line.cards[1]: 'x' is neither a seat nor 'special'"),
    (_set("line.cards", [0, 2, 1, 0, "special"]), "position.line.cards[1]: 2 is outside 0..1"),
    (_set("line.at", 7), "position.line.at: 7 is outside -1..5"),
    (_set("line.revealed", 2), "position.line.revealed: initiative_reveal is all_at_start"),
    (_set("phase", "lunch"), "position.phase: 'lunch' is not one of"),
    (_set("round", 0), "position.round: 0 is outside"),
    (_set("acted", "no"), "position.acted: expected true or false"),
    (_set("winner", 0), "position.winner: a game in progress has no winner"),
    (_set("stack.0.frame", "dance"), "position.stack[0].frame: 'dance' is not one of"),
    (_set("stack.0.seat", 5), "position.stack[0].seat: 5 is outside 0..1"),
    (_set("stack", [{"frame": "move", "unit": 0, "card": "fireball"}]),
     "position.stack[0]: missing field 'section'"),
    (_set("stack", [{"frame": "face", "unit": 0, "decider": 1, "reason": "move",
                     "card": "fireball"}]), "position.stack[0].card: unknown card 'fireball'"),
    (_set("stack", [{**MOVE, "waiting": 0}]),
     "position.stack: the position cannot be played on from here"),
    (_set("stack", [{**MOVE, "directions": []}]),
     "position.stack: seat 0 must decide but has no legal action"),
    (_set("units.1", {"hex": None, "facing": 3, "health": 0, "power": 0, "alive": False}),
     "position.phase: at most one character stands, so the game is over (HX-A5)"),
    (_set("stack", [{"frame": "attack", "attacker": 0, "card": "dash", "stage": "react",
                     "targets": [1], "rest": [], "needs": [0, 3], "rolls": [[], [7]],
                     "hits": [0, 1], "at": 0, "behind": [], "owed": None}]),
     "position.stack[0].rolls[1][0]: 7 is outside 1..6"),
    (_set("rng", DELETE), "position.rng: missing"),
    (_set("rng", "dice"), "position.rng: expected a whole number"),
    (_set("chance", {"step": 0, "chosen": []}),
     "position.chance: a pending chance node loads only with explicit_chance"),
]


@pytest.mark.parametrize(("change", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_bad_positions_name_the_field_and_the_fault(change: Any, message: str) -> None:
    data = face_off()
    change(data)
    with pytest.raises(NotationError) as caught:
        load_position(data)
    assert message in str(caught.value)


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "position: not valid JSON"),
    ("[1, 2]", "position: expected a mapping"),
    ('{"setup": {}}', "position: missing field 'units'"),
])
def test_unreadable_positions_are_notation_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        load_position(text)


def test_a_bad_chance_step_names_it() -> None:
    data = position_of(_attack_with_dash(()))
    data["chance"] = {"step": data["chance"]["step"], "chosen": ["roll:9"]}
    with pytest.raises(NotationError, match=r"position\.chance\.chosen\[0\]: roll:9 is not"):
        load_position(data, explicit_chance=True)
    data["chance"] = {"step": index(act(Kind.DECLINE)), "chosen": []}
    with pytest.raises(NotationError, match=r"position\.chance\.step: decline is not legal"):
        load_position(data, explicit_chance=True)


def test_a_frame_of_an_eliminated_unit_is_refused() -> None:
    """HX-A5: an eliminated character takes no turn (three seats, one of them out)."""
    data = face_off()
    data["setup"] = {"players": 3, "board": "three_stones",
                     "characters": ["brannoc", "ysolde", "tamsin"],
                     "seat_names": ["Brannoc", "Ysolde", "Tamsin"], "rules": {}}
    data["units"].append({"hex": None, "facing": 0, "health": 0, "power": 0, "alive": False})
    data["seats"].append(_seat([]))
    data["line"] = {"cards": [0, 2, 1, 1, 2, 0, "special"], "at": 0, "revealed": 7}
    data["stack"] = [{"frame": "turn", "seat": 2, "special": False}]
    with pytest.raises(NotationError, match=r"position\.stack\[0\]\.seat: seat 2 is eliminated"):
        load_position(data)
    data["stack"] = []  # between turns: seat 2's card is skipped (HX-A5), seat 1 plays
    state = load_position(data)
    assert state.current_seat() == 1 and position_of(state)["line"]["at"] == 2


def test_deeply_nested_text_is_refused_cleanly() -> None:
    with pytest.raises(NotationError, match="position: not valid JSON: JSON nested deeper"):
        load_position("[" * 5000 + "]" * 5000)


def test_the_docs_example_loads_and_its_errors_are_real() -> None:
    """docs/notation.md section 4: the example position round-trips as printed, and each
    error shown is one a bad position produces."""
    hex_part, example = notation_doc_part("## 4. Hex skirmish", "## 5. The Initiative")
    state = load_position(example)
    assert position_json(state) == example
    assert state.current_seat() == 1 and act(Kind.DECLINE) in state.legal_actions()
    check_shown_errors(hex_part, BAD, face_off, load_position, 5)


def test_every_field_of_a_state_is_in_the_position_or_deliberately_not() -> None:
    """A field added to HexState must be written by position_of (or listed here as not
    part of a situation), or loaded positions would play on differently."""
    written = {"setup", "round", "phase", "acted", "hexes", "facing", "health", "power",
               "alive", "hands", "decks", "discards", "line", "at", "revealed", "stack",
               "winner", "leaders", "over", "rng"}
    check_state_fields(HexState, written)
