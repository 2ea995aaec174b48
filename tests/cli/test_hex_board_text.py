"""The ASCII hex map (games/hex/board_text.py), drawn from hand-built view dicts."""

from __future__ import annotations

import random

from initiative.games.hex.board_text import (
    STEP,
    WIDTH,
    choice_marks,
    reach_hexes,
    render_board,
)
from initiative.games.hex.geometry import FACING_NAMES, Hex, neighbor, project
from tests.cli.hex_views import BOARD, LANCE, WALLS, unit, view


def cell(text: str, h: Hex) -> str:
    """The 7 characters inside hex `h` of a rendered radius-4 map."""
    lines = text.split("\n")
    line = lines[2 * h.r + h.q + 8 + 1].ljust(80)
    col = (h.q + 4) * STEP + 1
    return line[col:col + WIDTH]


def label(text: str, h: Hex) -> str:
    line = text.split("\n")[2 * h.r + h.q + 8 + 2].ljust(80)
    col = (h.q + 4) * STEP + 1
    return line[col:col + WIDTH]


def test_every_hex_is_drawn_with_its_coordinates_in_80_columns() -> None:
    text = render_board(view([unit(0, Hex(0, 3), 0), unit(1, Hex(0, -3), 3)]), reach=0,
                        marks={Hex(1, 1): 9})
    assert max(map(len, text.split("\n"))) <= 80
    for h in BOARD:
        assert label(text, h).strip("_") == f"{h.q},{h.r}"
    assert text.count("0,0") == 1


def test_walls_are_drawn_and_only_walls() -> None:
    text = render_board(view([]), legend=False)
    assert text.count("#" * WIDTH) == len(WALLS)
    for h in WALLS:
        assert cell(text, h) == "#" * WIDTH


def test_each_unit_in_its_own_cell_with_its_facing() -> None:
    rng = random.Random(18)
    open_hexes = [h for h in BOARD if h not in WALLS]
    for _ in range(200):
        spots = rng.sample(open_hexes, 4)
        units = [unit(s, at, rng.randrange(6)) for s, at in enumerate(spots)]
        text = render_board(view(units), legend=False)
        for u, at in zip(units, spots, strict=True):
            assert cell(text, at).strip() == f"{u['seat']} {FACING_NAMES[u['facing']]}"
        shown = [h for h in BOARD if cell(text, h).strip() and h not in WALLS]
        assert sorted(shown) == sorted(spots), "no unit drawn twice, none lost"


def test_eliminated_units_are_not_drawn() -> None:
    text = render_board(view([unit(0, Hex(0, 0), 0), unit(1, None, 2, alive=False)]),
                        legend=False)
    assert cell(text, Hex(0, 0)).strip() == "0 N"
    assert "1 " not in "".join(cell(text, h) for h in BOARD)


def test_step_marks_point_at_the_neighbours_of_the_moving_unit() -> None:
    v = view([unit(0, Hex(0, 0), 0), unit(1, Hex(0, -2), 3)],
             pending={"kind": "move", "seat": 0, "unit": 0},
             legal=(("step", 0), ("step", 2), ("step", 4)))
    marks = choice_marks(v)
    assert marks == {neighbor(Hex(0, 0), 0): 1, neighbor(Hex(0, 0), 2): 2,
                     neighbor(Hex(0, 0), 4): 3}
    text = render_board(v, marks=marks)
    assert cell(text, Hex(0, -1)).strip() == "<1>"
    assert cell(text, Hex(1, 0)).strip() == "<2>"
    assert "<n>: choice n of the menu leads there." in text


def test_target_and_push_marks() -> None:
    v = view([unit(0, Hex(0, 0), 0), unit(1, Hex(0, -2), 3), unit(2, Hex(1, -2), 1)],
             pending={"kind": "target", "seat": 0, "unit": 0},
             legal=(("target", 1), ("target", 2)))
    text = render_board(v, marks=choice_marks(v))
    assert cell(text, Hex(0, -2)).strip() == "1 S<1>"
    assert cell(text, Hex(1, -2)).strip() == "2 NE<2>"
    pushed = view([unit(0, Hex(0, 0), 0), unit(1, Hex(0, -1), 3)],
                  pending={"kind": "push", "seat": 0, "unit": 1}, legal=(("push", 0),))
    assert choice_marks(pushed) == {Hex(0, -2): 1}


def test_reach_follows_position_and_facing() -> None:
    """HX-23: the Style card's hexes turn with the unit; HX-26: each shows 3+ or 4+."""
    for facing in range(6):
        v = view([unit(0, Hex(0, 0), facing)])
        expected = {project(Hex(0, 0), facing, Hex(*s["offset"])): s["needs"]
                    for s in LANCE}
        assert reach_hexes(v, 0) == expected
        text = render_board(v, reach=0)
        for h, needs in expected.items():
            assert cell(text, h).strip() == ("#" * WIDTH if h in WALLS else f"{needs}+")
    corner = view([unit(0, Hex(0, -4), 0)])
    assert reach_hexes(corner, 0) == {}, "hexes off the board are not reach"
    assert "Ann's Style-card reach" in render_board(corner, reach=0)


def test_a_unit_in_reach_shows_the_roll() -> None:
    v = view([unit(0, Hex(0, 0), 0), unit(1, Hex(0, -1), 3)])
    assert cell(render_board(v, reach=0), Hex(0, -1)).strip() == "1 S 3+"
