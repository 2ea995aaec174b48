"""The board by cell number (games/hex/grid.py): its tables say what the geometry and
the board say, for board hexes and for hexes off the board numbered on demand."""

from __future__ import annotations

from typing import Any

import pytest

from initiative.games.hex.geometry import FACINGS, Hex, hexagon, neighbor, project
from initiative.games.hex.grid import BLOCKED, OFF, WALL, Grid, wall_between
from tests.hex.fixtures import BOARD, make_setup

FAR = tuple(hexagon(6))
"""The board's hexes (radius 3) and three rings off it."""


def _grid(**flags: Any) -> Grid:
    return make_setup(3, **flags).grid


def test_every_hex_keeps_one_number_and_its_hex() -> None:
    grid = _grid()
    numbers = [grid.cell(h) for h in FAR]
    assert len(set(numbers)) == len(FAR)
    assert [grid.hexes[n] for n in numbers] == list(FAR)
    assert [grid.cell(h) for h in FAR] == numbers  # asked again: the same numbers
    assert sorted(numbers[i] for i, h in enumerate(FAR) if h in BOARD.hexes) == \
        list(range(len(BOARD.hexes)))  # the board's hexes come first
    assert grid.cell(Hex(40, -90)) == len(grid.hexes) - 1  # beyond the box: numbered too
    assert grid.cell(Hex(40, -90)) == len(grid.hexes) - 1


def test_step_and_beside_rows_follow_the_board() -> None:
    """A step goes to an open board hex (HX-16, HX-17); a displaced or pushed unit's
    neighbour is an open board hex, a wall or off the board (HX-21, HX-29, HX-A8)."""
    grid = _grid()
    for h in FAR:
        cell = grid.cell(h)
        for d in range(FACINGS):
            near = neighbor(h, d)
            step, beside = grid.steps[FACINGS * cell + d], grid.beside[FACINGS * cell + d]
            if BOARD.open(near):
                assert step == beside == grid.cell(near)
                assert grid.step(h, d) == near
            else:
                assert step == BLOCKED
                assert beside == (WALL if near in BOARD.walls else OFF)


@pytest.mark.parametrize("blocks", [False, True])
def test_reach_rows_are_the_style_card_projected(blocks: bool) -> None:
    """HX-23 / HX-26, HX-A16: (cell, needs) per Style hex in order, from every hex and
    facing; behind a wall only without `walls_block_attacks`."""
    setup = make_setup(3, walls_block_attacks=blocks)
    grid = setup.grid
    for seat, seat_setup in enumerate(setup.seats):
        for h in BOARD.hexes:
            for facing in range(FACINGS):
                expected = []
                for sh in seat_setup.style.hexes:
                    target = project(h, facing, sh.offset)
                    if not (blocks and wall_between(BOARD, h, target)):
                        expected += [grid.cell(target), sh.needs]
                assert grid.reach(seat, grid.cell(h), facing) == expected


def test_rules_the_look_ahead_reads() -> None:
    grid = _grid(move_exact=False, move_any_direction=False, board_edge_is_wall=False,
                 displace_limit_per_move="one")
    assert (grid.exact, grid.any_direction, grid.edge_is_wall, grid.displace_limit) == \
        (False, False, False, 1)
    default = _grid()
    assert (default.exact, default.any_direction, default.edge_is_wall) == (True, True, True)
    assert default.displace_limit > 100
