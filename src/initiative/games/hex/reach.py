"""Board queries: who stands where, where a unit may be put, which moves can still be
completed, which units an attack reaches, where a push may go. Nothing here changes
the state.

A move's legal steps are exactly those that can still be completed into a legal move
(HX-16..HX-21 with HX-A7..HX-A9): `step_completes` looks ahead depth first over the
few steps a card gives, placing displaced units as it goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from initiative.games.hex.flags import HexRules
from initiative.games.hex.frames import MoveFrame
from initiative.games.hex.geometry import FACINGS, Hex, distance, line, neighbors, project
from initiative.games.hex.specs import Board

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

ALL_DIRS = (1 << FACINGS) - 1


@lru_cache(maxsize=4096)
def around(h: Hex) -> tuple[Hex, ...]:
    """`geometry.neighbors`, remembered (the look-ahead asks for the same few hexes)."""
    return neighbors(h)


def occupant(state: HexState, h: Hex) -> int:
    """The seat whose unit stands on `h`, or -1."""
    hexes = state.hexes
    for u in range(len(hexes)):
        if hexes[u] == h:
            return u
    return -1


def others(state: HexState, mover: int) -> dict[Hex, int]:
    """Hex -> unit of every unit on the board but `mover`."""
    return {h: u for u, h in enumerate(state.hexes) if h is not None and u != mover}


def placeable(board: Board, rules: HexRules, occupied: dict[Hex, int], h: Hex) -> bool:
    """A pushed or displaced unit may be put on `h` (HX-29, HX-A9, HX-A10): never a wall
    nor an occupied hex; off the board only when `board_edge_is_wall` is false (HX-A8,
    the unit is then eliminated)."""
    if h in board.walls or h in occupied:
        return False
    return h in board.hexes or not rules.board_edge_is_wall


def step_dirs(rules: HexRules, facing: int) -> int:
    """Bit set of the facings a move's steps may take (HX-A7 move_any_direction: with it
    false, only the three front hexes of the facing at the start of the move)."""
    if rules.move_any_direction:
        return ALL_DIRS
    return (1 << facing) | (1 << ((facing + 1) % FACINGS)) | (1 << ((facing - 1) % FACINGS))


@dataclass(frozen=True)
class _Move:
    """What stays fixed while a move is looked ahead."""

    board: Board
    rules: HexRules
    start: Hex
    dirs: int
    displace: bool
    limit: int


def _context(state: HexState, frame: MoveFrame) -> _Move:
    rules = state.rules
    limit = 1 if rules.displace_limit_per_move == "one" else 1 << 30  # HX-A9
    return _Move(state.setup.board, rules, frame.start, frame.dirs, frame.displace, limit)


def _completes(m: _Move, occ: dict[Hex, int], pos: Hex, left: int, taken: int,
               displaced: int) -> bool:
    if left == 0:
        return pos != m.start  # HX-18
    if not m.rules.move_exact and taken >= 1 and pos != m.start:  # HX-A7: may stop here
        return True
    for d in range(FACINGS):
        if m.dirs >> d & 1 and _step(m, occ, pos, d, left, taken, displaced):
            return True
    return False


def _step(m: _Move, occ: dict[Hex, int], pos: Hex, d: int, left: int, taken: int,
          displaced: int) -> bool:
    h = around(pos)[d]
    if not m.board.open(h):
        return False  # walls and the board's edge stop a move
    other = occ.get(h)
    if other is None:
        return _completes(m, occ, h, left - 1, taken + 1, displaced)
    if not m.displace or displaced >= m.limit:  # HX-17; HX-21 / HX-A9 / HX-A19
        return False
    return any(_displace(m, occ, h, other, pos, e, left - 1, taken + 1, displaced + 1)
               for e in range(FACINGS))


def _displace(m: _Move, occ: dict[Hex, int], h: Hex, other: int, came: Hex, e: int,
              left: int, taken: int, displaced: int) -> bool:
    dest = around(h)[e]
    if dest == came or not placeable(m.board, m.rules, occ, dest):  # HX-21, HX-A9
        return False
    del occ[h]
    on_board = dest in m.board.hexes
    if on_board:
        occ[dest] = other
    try:
        return _completes(m, occ, h, left, taken, displaced)
    finally:
        if on_board:
            del occ[dest]
        occ[h] = other


def can_complete(state: HexState, frame: MoveFrame) -> bool:
    """Whether the move of `frame` (no unit waiting) can still end legally."""
    pos = state.hexes[frame.unit]
    assert pos is not None
    return _completes(_context(state, frame), others(state, frame.unit), pos, frame.left,
                      frame.taken, frame.displaced)


def legal_steps(state: HexState, frame: MoveFrame) -> list[int]:
    """The facings a STEP may take: those that can be completed into a legal move."""
    pos = state.hexes[frame.unit]
    assert pos is not None
    m = _context(state, frame)
    occ = others(state, frame.unit)
    return [d for d in range(FACINGS) if frame.dirs >> d & 1
            and _step(m, occ, pos, d, frame.left, frame.taken, frame.displaced)]


def displace_completes(state: HexState, frame: MoveFrame, e: int) -> bool:
    """Putting the waiting unit on its neighbour in facing `e` is legal (HX-21, HX-A9:
    not the hex the mover comes from) and the move can still be completed."""
    came, h = state.hexes[frame.unit], state.hexes[frame.waiting]
    assert came is not None and h is not None
    return _displace(_context(state, frame), others(state, frame.unit), h, frame.waiting,
                     came, e, frame.left, frame.taken, frame.displaced)


def may_stop(state: HexState, frame: MoveFrame) -> bool:
    """HX-A7 move_exact false: STOP after at least one step, off the start hex."""
    return not state.rules.move_exact and frame.taken >= 1 \
        and state.hexes[frame.unit] != frame.start


def wall_between(board: Board, a: Hex, b: Hex) -> bool:
    """A wall hex lies on the line from `a` to `b`, strictly between them (HX-A16)."""
    return any(h in board.walls for h in line(a, b)[1:-1])


def in_range(state: HexState, attacker: int) -> list[tuple[int, int]]:
    """(seat, needs) of every unit on a hex of the attacker's Style card, projected from
    its position and facing (HX-23, HX-26), in seat order. Under `walls_block_attacks`
    (HX-A16) a hex behind a wall is out of reach."""
    pos = state.hexes[attacker]
    if pos is None:
        return []
    facing = state.facing[attacker]
    board = state.setup.board
    blocks = state.rules.walls_block_attacks
    found: list[tuple[int, int]] = []
    for sh in state.setup.seats[attacker].style.hexes:
        h = project(pos, facing, sh.offset)
        if blocks and wall_between(board, pos, h):
            continue
        u = occupant(state, h)
        if u >= 0 and u != attacker:
            found.append((u, sh.needs))
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
