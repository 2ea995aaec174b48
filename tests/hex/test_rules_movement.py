"""Moves (HX-16..HX-21, HX-34) and their house rules (HX-A7, HX-A8, HX-A9, HX-A19),
on hand-built positions: legal steps are exactly those a legal move can complete."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.hex import reach
from initiative.games.hex.frames import TurnFrame
from initiative.games.hex.geometry import FACING_NAMES, Hex, hexagon, neighbor
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.state import HexState
from tests.hex.fixtures import BOARD, legal_texts, make_setup, open_board, position, run


def _at(setup: HexSetup, red: Hex, blue: Hex, hand: list[str], facing: tuple[int, int]
        = (0, 3), green: Hex | None = None) -> HexState:
    hexes: list[Hex | None] = [red, blue] + ([green] if green else [])
    hands = [hand, ["step"]] + ([["step"]] if green else [])
    return position(setup, hexes=hexes, facing=list(facing) + ([0] if green else []),
                    hands=hands, stack=[TurnFrame(0)])


def test_hx16_a_move_takes_exactly_n_steps_then_hx19_a_facing() -> None:
    state = _at(make_setup(board=open_board()), Hex(0, 0), Hex(0, -3), ["dash"])
    run(state, "move 0", "step SE", "step SE")
    assert state.view(0).to_dict()["pending"]["steps_left"] == 1
    assert "stop" not in legal_texts(state)  # HX-A7 default move_exact: no early stop
    run(state, "step S")
    assert legal_texts(state) == ["face N", "face NE", "face SE", "face S", "face SW",
                                  "face NW"]  # HX-19: the facing is chosen after
    run(state, "face NW")
    assert state.hexes[0] == Hex(2, 1) and state.facing[0] == 5


def test_hx18_a_move_never_ends_on_its_start_hex() -> None:
    state = _at(make_setup(board=open_board()), Hex(0, 0), Hex(0, -3), ["lunge"])
    run(state, "move 0", "step N")
    assert "step S" not in legal_texts(state)  # back to the start would end the move there
    assert len(legal_texts(state)) == 5


def test_hx16_only_steps_that_can_still_be_completed_are_legal() -> None:
    """A pocket: from (0,1) a Move 2 cannot go south to (0,2), whose only way on leads
    back to the start."""
    pocket = replace(BOARD, hexes=frozenset({Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(1, 0),
                                             Hex(3, -3), Hex(-3, 3)}), walls=frozenset())
    state = _at(make_setup(board=pocket), Hex(0, 1), Hex(3, -3), ["lunge"])
    run(state, "move 0")
    assert legal_texts(state) == ["step N", "step NE"]


def test_hx17_a_move_never_goes_through_or_onto_a_unit() -> None:
    state = _at(make_setup(board=open_board()), Hex(0, 0), Hex(0, -1), ["step"],
                facing=(3, 3))
    run(state, "move 0")
    assert "step N" not in legal_texts(state)
    state = _at(make_setup(board=open_board()), Hex(0, 0), Hex(0, -1), ["dash"],
                facing=(3, 3))
    run(state, "move 0", "step NE")
    assert "step NW" not in legal_texts(state)  # (0,-1) is occupied: never entered


def test_walls_stop_a_move() -> None:
    state = _at(make_setup(board=open_board(frozenset({Hex(0, -1)}))), Hex(0, 0),
                Hex(3, -3), ["step"])
    run(state, "move 0")
    assert "step N" not in legal_texts(state)


def test_hx20_a_move_0_only_turns() -> None:
    state = _at(make_setup(board=open_board()), Hex(0, 0), Hex(0, -3), ["sweep"])
    run(state, "move 0")
    assert state.view(0).to_dict()["pending"]["kind"] == "face"
    run(state, "face S")
    assert state.hexes[0] == Hex(0, 0) and state.facing[0] == 3


def test_hx21_displace_places_the_unit_beside_but_not_where_the_mover_came_from() -> None:
    state = _at(make_setup(board=open_board()), Hex(0, 0), Hex(0, -1), ["lunge"],
                facing=(0, 4))
    run(state, "move 0", "step N")
    view = state.view(0).to_dict()
    assert view["pending"]["kind"] == "displace" and view["pending"]["unit"] == 1
    assert state.hexes[0] == Hex(0, 0)  # the mover steps in once the hex is free
    options = legal_texts(state)
    assert "displace S" not in options  # (0,0): the hex the mover came from
    assert options == ["displace N", "displace NE", "displace SE", "displace SW",
                       "displace NW"]
    run(state, "displace NE")
    assert state.hexes[1] == Hex(1, -2) and state.facing[1] == 4  # facing kept
    assert state.hexes[0] == Hex(0, -1)
    assert state.view(0).to_dict()["pending"]["steps_left"] == 1


def test_hx21_without_displace_an_occupied_hex_is_never_entered() -> None:
    state = _at(make_setup(board=open_board()), Hex(0, 0), Hex(0, -1), ["dash"])
    run(state, "move 0")
    assert "step N" not in legal_texts(state)


def test_hxa9_a_displace_with_no_destination_is_an_illegal_step() -> None:
    """Blue at (0,-1) is walled in: its only free neighbour is where Red comes from."""
    around = frozenset({Hex(0, -2), Hex(1, -2), Hex(1, -1), Hex(-1, 0), Hex(-1, -1)})
    state = _at(make_setup(board=open_board(around)), Hex(0, 0), Hex(0, -1), ["lunge"])
    run(state, "move 0")
    assert "step N" not in legal_texts(state)


@pytest.mark.parametrize("limit", ["unlimited", "one"])
def test_hxa9_displace_limit_per_move(limit: str) -> None:
    """Red (Move 2, displace) steps into Blue then into Green."""
    setup = make_setup(3, board=open_board(), displace_limit_per_move=limit)
    state = _at(setup, Hex(0, 0), Hex(0, -1), ["lunge"], green=Hex(0, -2))
    run(state, "move 0", "step N", "displace NE")
    assert ("step N" in legal_texts(state)) is (limit == "unlimited")


@pytest.mark.parametrize("edge_is_wall", [True, False])
def test_hxa8_a_displace_off_the_board_eliminates_only_without_edge_walls(
        edge_is_wall: bool) -> None:
    setup = make_setup(board=open_board(), board_edge_is_wall=edge_is_wall)
    state = _at(setup, Hex(0, -2), Hex(0, -3), ["lunge"])
    run(state, "move 0", "step N")
    off = "displace N"  # (0,-4) is off the radius-3 board
    assert (off in legal_texts(state)) is not edge_is_wall
    if not edge_is_wall:
        run(state, off)
        assert not state.alive[1] and state.hexes[1] is None
        assert state.winner == 0  # HX-A5 last standing


@pytest.mark.parametrize("exact", [True, False])
def test_hxa7_move_exact_false_may_stop_after_one_step(exact: bool) -> None:
    state = _at(make_setup(board=open_board(), move_exact=exact), Hex(0, 0), Hex(0, -3),
                ["dash"])
    run(state, "move 0")
    assert "stop" not in legal_texts(state)  # never before a step
    run(state, "step SE")
    assert ("stop" in legal_texts(state)) is not exact
    if not exact:
        run(state, "stop")
        assert state.view(0).to_dict()["pending"]["kind"] == "face"
        assert state.hexes[0] == Hex(1, 0)


@pytest.mark.parametrize("any_direction", [True, False])
def test_hxa7_move_any_direction(any_direction: bool) -> None:
    state = _at(make_setup(board=open_board(), move_any_direction=any_direction),
                Hex(0, 0), Hex(0, -3), ["step"], facing=(1, 3))
    run(state, "move 0")
    want = ["step N", "step NE", "step SE"] if not any_direction else \
        ["step N", "step NE", "step SE", "step S", "step SW", "step NW"]
    assert legal_texts(state) == want


def test_hxa21_a_card_whose_move_cannot_be_made_still_plays_its_attack_or_move_0() -> None:
    """Red boxed in by walls: no Move 1 exists, so only Sweep's Move 0 is playable."""
    ring = frozenset({Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0)})
    state = _at(make_setup(board=open_board(ring)), Hex(0, 0), Hex(3, -3),
                ["step", "sweep"])
    assert legal_texts(state) == ["move 1"]


def _brute_first_steps(start: Hex, steps: int, board_open: set[Hex], exact: bool
                       ) -> set[int]:
    """Every first step of a path of `steps` hexes (or 1..steps without move_exact) over
    open, unoccupied hexes that does not end on `start` (HX-16..HX-18), by enumeration."""
    found: set[int] = set()

    def walk(at: Hex, left: int, path: tuple[int, ...]) -> None:
        if path and at != start and (left == 0 or not exact):
            found.add(path[0])
        if left == 0:
            return
        for d in range(6):
            nxt = neighbor(at, d)
            if nxt in board_open:
                walk(nxt, left - 1, (*path, d))

    walk(start, steps, ())
    return found


@pytest.mark.parametrize("exact", [True, False])
def test_hx16_legal_first_steps_match_an_enumeration_of_every_path(exact: bool) -> None:
    rng = random.Random(11)
    cells = list(hexagon(2))
    for _ in range(60):
        walls = frozenset(rng.sample(cells, 5))
        free = [h for h in cells if h not in walls]
        red, blue, green = rng.sample(free, 3)
        card = rng.choice(["step", "lunge", "dash"])
        steps = {"step": 1, "lunge": 2, "dash": 3}[card]
        setup = make_setup(3, board=open_board(walls, radius=2), move_exact=exact)
        state = position(setup, hexes=[red, blue, green], facing=[0, 0, 0],
                         hands=[[card, "sweep"], ["step"], ["step"]], stack=[TurnFrame(0)])
        board_open = set(free) - {blue, green}
        want = _brute_first_steps(red, steps, board_open, exact)
        if card == "lunge":  # displace: entering Blue or Green is a separate matter
            continue
        if not want:
            assert "move 0" not in legal_texts(state)
            continue
        run(state, "move 0")
        got = {FACING_NAMES.index(t.split()[1]) for t in legal_texts(state)}
        assert got == want


@pytest.mark.parametrize("rules", [{}, {"move_exact": False}, {"move_any_direction": False},
                                   {"displace_limit_per_move": "one",
                                    "board_edge_is_wall": False}])
def test_one_look_ahead_answers_every_section_of_a_turn(rules: dict[str, object]) -> None:
    """HX-A21: one `reach.Moves` asked for every length and displacement in any order
    (a turn asks it for each card in hand) answers as a fresh look-ahead for each."""
    loaded = load_game("hex_skirmish", players=3, rules=rules)
    asks = [(steps, displace) for steps in (1, 2, 3, 4) for displace in (False, True)]
    checked = 0
    for seed in range(3):
        state, rng = loaded.new_initial_state(seed), SplitMix64(seed)
        while not state.is_terminal():
            for unit, pos in enumerate(state.hexes):
                if pos is None:
                    continue
                moves = reach.Moves(state, unit)
                rng.shuffle(asks)
                for steps, displace in asks:
                    assert moves.exists(steps, displace) == \
                        reach.move_exists(state, unit, steps, displace)
                    checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert checked > 1000
