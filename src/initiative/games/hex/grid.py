"""The board by cell number, for the rules' hot paths (the move look-ahead, the attack
range): each hex a unit can stand on or reach gets a small int, and the tables the
searches read are flat lists indexed by it, so a step is a list look-up, never a
dictionary look-up keyed by a hex.

One `Grid` per game setup (`grid_of`), made on first use. Board hexes are numbered
first; any other hex is numbered when first asked for (`cell`), with its rows, so
every hex has a number. The house rules the look-ahead reads are copied in as plain
fields. Nothing here changes as a game is played, but the numbering of new hexes.
"""

from __future__ import annotations

from typing import Final

from initiative.games.hex.geometry import FACINGS, Hex, line, neighbors, project
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.specs import Board

BLOCKED: Final = -1
"""In `Grid.steps`: a wall or the board's edge stops the step (`Board.open`)."""
WALL: Final = -2
"""In `Grid.beside`: the neighbour is a wall."""
OFF: Final = -3
"""In `Grid.beside`: the neighbour is off the board."""
NOWHERE: Final = -1
"""A unit's cell when it is on no hex (eliminated, or lifted out of a look-ahead)."""


class Grid:
    """The cells of one setup's board and the tables indexed by cell number (see the
    module docstring). Row `FACINGS * cell + d` of `steps` and `beside` is the
    neighbour of `cell` in facing `d`."""

    def __init__(self, setup: HexSetup) -> None:
        board, rules = setup.board, setup.rules
        self.setup = setup
        self.hexes: list[Hex] = sorted(board.hexes)
        """Cell number -> hex."""
        self.number: dict[Hex, int] = {h: n for n, h in enumerate(self.hexes)}
        """Hex -> cell number."""
        self.steps: list[int] = []
        """The open neighbour a move may step to (HX-16, HX-17), or BLOCKED."""
        self.beside: list[int] = []
        """The neighbour's cell when it is an open board hex, else WALL or OFF (where a
        displaced or pushed unit may go, HX-21, HX-29, HX-A8)."""
        self.exact: bool = rules.move_exact  # HX-A7
        self.any_direction: bool = rules.move_any_direction  # HX-A7
        self.edge_is_wall: bool = rules.board_edge_is_wall  # HX-A8
        self.displace_limit: int = 1 if rules.displace_limit_per_move == "one" else 1 << 30
        """Displacements one move may make (HX-A9)."""
        self.walls_block: bool = rules.walls_block_attacks  # HX-A16
        self._reach: list[dict[int, list[int]]] = [{} for _ in setup.seats]
        for h in self.hexes:
            self._add_rows(h)

    def cell(self, h: Hex) -> int:
        """The number of `h` (numbered now if it is new: a hex off the board)."""
        n = self.number.get(h)
        if n is None:
            n = self.number[h] = len(self.hexes)
            self.hexes.append(h)
            self._add_rows(h)
        return n

    def _add_rows(self, h: Hex) -> None:
        board = self.setup.board
        for near in neighbors(h):
            on_board = near in board.hexes
            if near in board.walls:
                self.steps.append(BLOCKED)
                self.beside.append(WALL)
            elif on_board:
                n = self.number[near]
                self.steps.append(n)
                self.beside.append(n)
            else:
                self.steps.append(BLOCKED)
                self.beside.append(OFF)

    def reach(self, seat: int, cell: int, facing: int) -> list[int]:
        """What `seat`'s Style card reaches from `cell` facing `facing` (HX-23, HX-26),
        flat: a cell and the die result that hits there, for each Style hex in order;
        under `walls_block_attacks` (HX-A16) without the hexes behind a wall."""
        known = self._reach[seat]
        key = FACINGS * cell + facing
        row = known.get(key)
        if row is None:
            row = known[key] = self._reach_row(seat, cell, facing)
        return row

    def _reach_row(self, seat: int, cell: int, facing: int) -> list[int]:
        board = self.setup.board
        pos = self.hexes[cell]
        row: list[int] = []
        for sh in self.setup.seats[seat].style.hexes:
            h = project(pos, facing, sh.offset)
            if self.walls_block and wall_between(board, pos, h):
                continue
            row.append(self.cell(h))
            row.append(sh.needs)
        return row


def wall_between(board: Board, a: Hex, b: Hex) -> bool:
    """A wall hex lies on the line from `a` to `b`, strictly between them (HX-A16)."""
    return any(h in board.walls for h in line(a, b)[1:-1])


_GRIDS: Final[dict[int, Grid]] = {}
"""`grid_of` by id of the setup (the grid keeps its setup, to check the id is still
its)."""
_GRIDS_LIMIT: Final = 64


def grid_of(setup: HexSetup) -> Grid:
    """The grid of `setup`, made once."""
    grid = _GRIDS.get(id(setup))
    if grid is None or grid.setup is not setup:
        if len(_GRIDS) >= _GRIDS_LIMIT:
            _GRIDS.clear()
        grid = _GRIDS[id(setup)] = Grid(setup)
    return grid


def occupancy(grid: Grid, hexes: list[Hex | None], lifted: int) -> list[int]:
    """Cell -> the unit standing there (NOWHERE: none), for the units on `hexes` (one
    per seat) but `lifted` (a mover, which leaves its hex; -1: none)."""
    at = [NOWHERE if h is None or u == lifted else grid.cell(h) for u, h in enumerate(hexes)]
    occupied = [NOWHERE] * len(grid.hexes)
    for u in range(len(at)):
        if at[u] != NOWHERE:
            occupied[at[u]] = u
    return occupied
