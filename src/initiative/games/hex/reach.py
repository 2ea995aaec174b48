"""Board queries: who stands where, where a unit may be put, which moves can still be
completed, which units an attack reaches, where a push may go. Nothing here changes
the state.

A move's legal steps are exactly those that can still be completed into a legal move
(HX-16..HX-21 with HX-A7..HX-A9): `_completes` looks ahead depth first over the few
steps a card gives, placing displaced units as it goes, on the board's cell numbers
(grid.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final

from initiative.games.hex.flags import HexRules
from initiative.games.hex.frames import MoveFrame
from initiative.games.hex.geometry import FACINGS, Hex, distance, neighbors
from initiative.games.hex.grid import ALL_DIRS, BLOCKED, NOWHERE, OFF, WALL, Grid
from initiative.games.hex.specs import Board

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

@lru_cache(maxsize=4096)
def around(h: Hex) -> tuple[Hex, ...]:
    """`geometry.neighbors`, remembered (pushes ask for the same few hexes)."""
    return neighbors(h)


def occupant(state: HexState, h: Hex) -> int:
    """The seat whose unit stands on `h`, or -1."""
    hexes = state.hexes
    return hexes.index(h) if h in hexes else -1


def others(state: HexState, mover: int) -> dict[Hex, int]:
    """Hex -> unit of every unit on the board but `mover`."""
    return {h: u for u, h in enumerate(state.hexes) if h is not None and u != mover}


def placeable(board: Board, rules: HexRules, occupied: dict[Hex, int], h: Hex) -> bool:
    """A pushed unit may be put on `h` (HX-29, HX-A10): never a wall nor an occupied
    hex; off the board only when `board_edge_is_wall` is false (HX-A8, the unit is then
    eliminated). The look-ahead's displacements (HX-21, HX-A9) read the same from
    `Grid.beside`."""
    if h in board.walls or h in occupied:
        return False
    return h in board.hexes or not rules.board_edge_is_wall


class _Move:
    """One look-ahead of a move, by cell number (grid.py): what stays fixed while it
    runs, read from the grid once here rather than at every step, and where the other
    units stand, which the search changes as it places displaced units and restores as
    it backs out: `spots` (the cell of each unit, the mover lifted off its hex: NOWHERE)
    and `taken` (the bit set of those cells: a step asks it, one shift). A
    plain slotted class: one is built per look-ahead."""

    __slots__ = ("beside", "displace", "edge_is_wall", "exact", "facings", "limit",
                 "spots", "start", "steps", "taken")

    def __init__(self, grid: Grid, spots: list[int], taken: int, start: int, dirs: int,
                 displace: bool) -> None:
        self.steps = grid.steps
        self.beside = grid.beside
        self.exact = grid.exact
        self.edge_is_wall = grid.edge_is_wall
        self.limit = grid.displace_limit
        self.spots = spots
        self.taken = taken
        self.start = start
        self.facings = _FACINGS_OF[dirs]
        self.displace = displace


_FACINGS_OF: Final = tuple(tuple(d for d in range(FACINGS) if dirs >> d & 1)
                    for dirs in range(ALL_DIRS + 1))
"""The facings in a bit set of facings, for every set."""


def _lift(grid: Grid, state: HexState, unit: int) -> tuple[list[int], int, int]:
    """(the cell of each unit, `unit` lifted off its hex; the cell it stood on; the bit
    set of the other units' cells), in one loop (NOWHERE: eliminated)."""
    hexes, number = state.hexes, grid.number
    spots: list[int] = []
    bits = 0
    for u in range(len(hexes)):
        h = hexes[u]
        if h is None:
            spots.append(NOWHERE)
            continue
        at = number.get(h)  # `grid.cell`, inline for a numbered hex
        if at is None:
            at = grid.cell(h)
        spots.append(at)
        if u != unit:
            bits |= 1 << at
    pos = spots[unit]
    assert pos != NOWHERE, "an eliminated unit does not move"
    spots[unit] = NOWHERE
    return spots, pos, bits


def _completes(m: _Move, pos: int, left: int, taken: int, displaced: int) -> bool:
    """Whether the move, on `pos` with `left` steps to go, can end legally: a step in
    some facing can (a step into a free cell taken inline, most of the search; into an
    occupied one, `_enter`)."""
    if left == 0:
        return pos != m.start  # HX-18
    start = m.start
    if not m.exact and taken >= 1 and pos != start:  # HX-A7: may stop here
        return True
    steps, base, occupied = m.steps, FACINGS * pos, m.taken
    for d in m.facings:
        h = steps[base + d]
        if h == BLOCKED:
            continue
        if occupied >> h & 1:
            if _enter(m, pos, h, left, taken, displaced):
                return True
        elif left == 1:
            if h != start:  # HX-18 (`_completes` of the last step, inline)
                return True
        elif _completes(m, h, left - 1, taken + 1, displaced):
            return True
    return False


def _enter(m: _Move, pos: int, h: int, left: int, taken: int, displaced: int) -> bool:
    """Whether a step from `pos` into the occupied cell `h` can be completed into a
    legal move: its unit is displaced first (HX-21)."""
    if not m.displace or displaced >= m.limit:  # HX-17; HX-21 / HX-A9 / HX-A19
        return False
    other = m.spots.index(h)
    for e in range(FACINGS):
        if _displace(m, h, other, pos, e, left - 1, taken + 1, displaced + 1):
            return True
    return False


def _displace(m: _Move, h: int, other: int, came: int, e: int, left: int, taken: int,
              displaced: int) -> bool:
    """Put `other`, on `h`, on its neighbour in facing `e` (never the hex the mover comes
    from, a wall or an occupied hex; off the board only when the edge is no wall, HX-21,
    HX-A8, HX-A9), step the mover onto `h`, and look on."""
    dest = m.beside[FACINGS * h + e]
    if dest == came or dest == WALL or (dest == OFF and m.edge_is_wall):
        return False
    before = m.taken
    if dest >= 0 and before >> dest & 1:
        return False
    spots = m.spots
    if dest >= 0:
        spots[other] = dest
        m.taken = before ^ (1 << h) ^ (1 << dest)
    else:  # off the board: out of the search
        spots[other] = NOWHERE
        m.taken = before ^ (1 << h)
    try:
        return _completes(m, h, left, taken, displaced)
    finally:
        spots[other] = h
        m.taken = before


class Moves:
    """The moves `unit` could begin from where it stands now (HX-A21): the board and
    the other units are read once, into one look-ahead, for every length asked; and
    whether its attack reaches anyone (`reaches`)."""

    __slots__ = ("look", "reaches")

    def __init__(self, state: HexState, unit: int) -> None:
        grid = state.setup.grid
        spots, start, taken = _lift(grid, state, unit)
        facing = state.facing[unit]
        self.look = _Move(grid, spots, taken, start, grid.step_dirs[facing], False)
        row = grid.reach(unit, start, facing)
        reaches = False
        for k in range(0, len(row), 2):
            if taken >> row[k] & 1:
                reaches = True
                break
        self.reaches = reaches
        """HX-24: another unit stands on a hex of `unit`'s Style card (`in_range` is
        not empty), read from the look-ahead's cells."""

    def exists(self, steps: int, displace: bool) -> bool:
        """Whether a legal move of `steps` (>= 1) hexes exists (`can_complete` of the
        move's first frame, without building the frame)."""
        m = self.look
        m.displace = displace  # all the look-ahead reads of the section
        return _completes(m, m.start, steps, 0, 0)


def move_exists(state: HexState, unit: int, steps: int, displace: bool) -> bool:
    """Whether `unit` has a legal move of `steps` (>= 1) hexes from where it stands."""
    return Moves(state, unit).exists(steps, displace)


def _mover(state: HexState, frame: MoveFrame) -> tuple[_Move, int]:
    """The look-ahead of `frame`'s move, and the cell its mover stands on."""
    grid = state.setup.grid
    spots, pos, taken = _lift(grid, state, frame.unit)
    return _Move(grid, spots, taken, grid.cell(frame.start), frame.dirs,
                 frame.displace), pos


def can_complete(state: HexState, frame: MoveFrame) -> bool:
    """Whether the move of `frame` (no unit waiting) can still end legally."""
    m, pos = _mover(state, frame)
    return _completes(m, pos, frame.left, frame.taken, frame.displaced)


def legal_step_set(state: HexState, frame: MoveFrame) -> int:
    """The bit set of the facings a STEP may take: those that can be completed into a
    legal move (each facing as in `_completes`)."""
    m, pos = _mover(state, frame)
    left, taken, displaced = frame.left, frame.taken, frame.displaced
    steps, base, occupied, start = m.steps, FACINGS * pos, m.taken, m.start
    out = 0
    for d in m.facings:
        h = steps[base + d]
        if h == BLOCKED:
            continue  # walls and the board's edge stop a move (Board.open)
        if occupied >> h & 1:
            if not _enter(m, pos, h, left, taken, displaced):
                continue
        elif left == 1:
            if h == start:  # HX-18
                continue
        elif not _completes(m, h, left - 1, taken + 1, displaced):
            continue
        out |= 1 << d
    return out


def displace_dirs(state: HexState, frame: MoveFrame) -> list[int]:
    """The facings a DISPLACE may put the waiting unit in: onto a neighbour of its hex
    where it may stand (HX-21, HX-A9: not the hex the mover comes from) and from which
    the move can still be completed."""
    m, came = _mover(state, frame)
    h = m.spots[frame.waiting]
    assert h != NOWHERE  # another unit than the mover, on the board (a loaded stack)
    return [e for e in range(FACINGS)
            if _displace(m, h, frame.waiting, came, e, frame.left, frame.taken,
                         frame.displaced)]


def may_stop(state: HexState, frame: MoveFrame) -> bool:
    """HX-A7 move_exact false: STOP after at least one step, off the start hex."""
    return not state.setup.grid.exact and frame.taken >= 1 \
        and state.hexes[frame.unit] != frame.start


def in_range(state: HexState, attacker: int) -> list[tuple[int, int]]:
    """(seat, needs) of every unit on a hex of the attacker's Style card, projected from
    its position and facing (HX-23, HX-26), in seat order. Under `walls_block_attacks`
    (HX-A16) a hex behind a wall is out of reach (`Grid.reach`)."""
    hexes = state.hexes
    pos = hexes[attacker]
    if pos is None:
        return []
    grid = state.setup.grid
    row = grid.reach(attacker, grid.cell(pos), state.facing[attacker])
    found: list[tuple[int, int]] = []
    number = grid.number
    for u in range(len(hexes)):
        h = hexes[u]
        if h is None or u == attacker:
            continue
        at = number.get(h)  # `grid.cell`, inline for a numbered hex
        if at is None:
            at = grid.cell(h)
        for k in range(0, len(row), 2):
            if row[k] == at:
                found.append((u, row[k + 1]))
    found.sort()
    return found


def push_dirs(state: HexState, attacker: int, target: int) -> list[int]:
    """The facings a push may move `target` in (HX-29, HX-A10): an open, unoccupied
    neighbour (off the board when the edge is no wall, HX-A8); under `push_direction:
    away_from_attacker`, only neighbours farther from the attacker."""
    pos = state.hexes[target]
    if pos is None:
        return []
    occ = others(state, -1)
    board, rules = state.setup.board, state.rules
    away = rules.push_direction == "away_from_attacker"
    source = state.hexes[attacker]
    out = []
    for d, dest in enumerate(around(pos)):
        if not placeable(board, rules, occ, dest):
            continue
        if away and source is not None and distance(source, dest) <= distance(source, pos):
            continue
        out.append(d)
    return out
