"""The board by cell number, for the rules' hot paths (the move look-ahead, the attack
range): each hex a unit can stand on or reach gets a small int, and the tables the
searches read are flat lists indexed by it, so a step of a search is a list look-up;
only the units' hexes are looked up by hex, once, on the way in (`number`: one
dictionary look-up, cheaper in pure Python than arithmetic on the coordinates).

One `Grid` per game setup (`HexSetup.grid`), made with it. Board hexes are numbered
first; any other hex is numbered when first asked for (`cell`), with its rows, so every
hex has a number. The house rules the look-ahead reads are copied in as plain fields.
Nothing here changes as a game is played, but the numbering of new hexes.
"""

from __future__ import annotations

from typing import Final

from initiative.games.hex.flags import HexRules
from initiative.games.hex.geometry import FACINGS, Hex, line, neighbors, project
from initiative.games.hex.specs import Board, StyleCard

BLOCKED: Final = -1
"""In `Grid.steps`: a wall or the board's edge stops the step (`Board.open`)."""
WALL: Final = -2
"""In `Grid.beside`: the neighbour is a wall."""
OFF: Final = -3
"""In `Grid.beside`: the neighbour is off the board."""
ALL_DIRS: Final = (1 << FACINGS) - 1
"""The bit set of every facing."""
NOWHERE: Final = -1
"""A unit's cell when it is on no hex (eliminated, or lifted out of a look-ahead)."""


class Grid:
    """The cells of one board and the tables indexed by cell number (see the module
    docstring). Row `FACINGS * cell + d` of `steps` and `beside` is the neighbour of
    `cell` in facing `d`; `styles` are the seats' Style cards, in seat order."""

    def __init__(self, board: Board, rules: HexRules, styles: tuple[StyleCard, ...]) -> None:
        self.board = board
        self.styles = styles
        self.hexes: list[Hex] = sorted(board.hexes)
        """Cell number -> hex."""
        self.number: dict[Hex, int] = {h: n for n, h in enumerate(self.hexes)}
        """Hex -> cell number, for every hex numbered so far (the hot paths read it
        inline, `cell` when a hex may be new)."""
        self.steps: list[int] = []
        """The open neighbour a move may step to (HX-16, HX-17), or BLOCKED."""
        self.beside: list[int] = []
        """The neighbour's cell when it is an open board hex, else WALL or OFF (where a
        displaced or pushed unit may go, HX-21, HX-29, HX-A8)."""
        self.exact: bool = rules.move_exact  # HX-A7
        self.any_direction: bool = rules.move_any_direction  # HX-A7
        self.edge_is_wall: bool = rules.board_edge_is_wall  # HX-A8
        self.step_dirs: list[int] = [
            ALL_DIRS if self.any_direction else
            (1 << f) | (1 << ((f + 1) % FACINGS)) | (1 << ((f - 1) % FACINGS))
            for f in range(FACINGS)]
        """By a unit's facing at the start of a move: the bit set of the facings the
        move's steps may take (HX-A7 move_any_direction: with it false, only the three
        front hexes)."""
        self.displace_limit: int = 1 if rules.displace_limit_per_move == "one" else 1 << 30
        """Displacements one move may make (HX-A9)."""
        self.walls_block: bool = rules.walls_block_attacks  # HX-A16
        self._reach: list[dict[int, list[int]]] = [{} for _ in styles]
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

    def step(self, h: Hex, d: int) -> Hex:
        """The open board hex next to `h` in facing `d`, where a legal STEP goes
        (HX-16; `geometry.neighbor`, read from the table)."""
        at = self.number.get(h)  # `cell`, inline for a numbered hex
        n = self.steps[FACINGS * (self.cell(h) if at is None else at) + d]
        assert n != BLOCKED, "a step into a wall or off the board"
        return self.hexes[n]

    def _add_rows(self, h: Hex) -> None:
        board = self.board
        for near in neighbors(h):
            if near in board.walls:
                self.steps.append(BLOCKED)
                self.beside.append(WALL)
            elif near in board.hexes:
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
        pos = self.hexes[cell]
        row: list[int] = []
        for sh in self.styles[seat].hexes:
            h = project(pos, facing, sh.offset)
            if self.walls_block and wall_between(self.board, pos, h):
                continue
            row.append(self.cell(h))
            row.append(sh.needs)
        return row


def wall_between(board: Board, a: Hex, b: Hex) -> bool:
    """A wall hex lies on the line from `a` to `b`, strictly between them (HX-A16)."""
    return any(h in board.walls for h in line(a, b)[1:-1])

