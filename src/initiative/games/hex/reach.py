"""Board queries: who stands where, where a unit may be put, which moves can still be
completed, which units an attack reaches, where a push may go. Nothing here changes
the state.

A move's legal steps are exactly those that can still be completed into a legal move
(HX-16..HX-21 with HX-A7..HX-A9): `step_completes` looks ahead depth first over the
few steps a card gives, placing displaced units as it goes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Final

from initiative.games.hex.flags import HexRules
from initiative.games.hex.frames import MoveFrame
from initiative.games.hex.geometry import FACINGS, Hex, distance, line, neighbors, project
from initiative.games.hex.specs import Board

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

ALL_DIRS: Final = (1 << FACINGS) - 1


@lru_cache(maxsize=4096)
def around(h: Hex) -> tuple[Hex, ...]:
    """`geometry.neighbors`, remembered (the look-ahead asks for the same few hexes)."""
    return neighbors(h)


_OPEN_AROUND: Final[dict[int, tuple[Board, dict[Hex, tuple[Hex | None, ...]]]]] = {}
"""`open_around` by id of the board; the value keeps the board, to check the id is
still its."""


def open_around(board: Board) -> dict[Hex, tuple[Hex | None, ...]]:
    """Every hex of `board` -> its six neighbours in facing order, None where a wall
    or the board's edge stops a step (`Board.open`); made once per board, so a step of
    the look-ahead is one look-up."""
    entry = _OPEN_AROUND.get(id(board))
    if entry is None or entry[0] is not board:
        table = {h: _open_row(board, h) for h in board.hexes}
        if len(_OPEN_AROUND) >= 64:
            _OPEN_AROUND.clear()
        entry = _OPEN_AROUND[id(board)] = (board, table)
    return entry[1]


def _open_row(board: Board, h: Hex) -> tuple[Hex | None, ...]:
    return tuple([n if board.open(n) else None for n in around(h)])


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


class _Move:
    """What stays fixed while a move is looked ahead (a plain slotted class, not a
    frozen dataclass: one is built per look-ahead, and a frozen dataclass's
    `object.__setattr__` per field made that a cost of its own; treat it as read-only).
    `hexes`, `walls`, `open` (`open_around`), `exact` and `facings` are read from the
    board, the rules and `dirs` once here rather than at every step of the search."""

    __slots__ = ("board", "dirs", "displace", "exact", "facings", "hexes", "limit", "open",
                 "rules", "start", "walls")

    def __init__(self, board: Board, rules: HexRules, start: Hex, dirs: int,
                 displace: bool, limit: int) -> None:
        self.board = board
        self.rules = rules
        self.start = start
        self.dirs = dirs
        self.displace = displace
        self.limit = limit
        self.hexes = board.hexes
        self.walls = board.walls
        self.open = open_around(board)
        self.exact = rules.move_exact
        self.facings = _FACINGS_OF[dirs]


_FACINGS_OF: Final = tuple(tuple(d for d in range(FACINGS) if dirs >> d & 1)
                    for dirs in range(ALL_DIRS + 1))
"""The facings in a bit set of facings, for every set."""


def _context(state: HexState, frame: MoveFrame) -> _Move:
    return _start_move(state, frame.start, frame.dirs, frame.displace)


def _start_move(state: HexState, start: Hex, dirs: int, displace: bool) -> _Move:
    rules = state.rules
    limit = 1 if rules.displace_limit_per_move == "one" else 1 << 30  # HX-A9
    return _Move(state.setup.board, rules, start, dirs, displace, limit)


def _completes(m: _Move, occ: dict[Hex, int], pos: Hex, left: int, taken: int,
               displaced: int) -> bool:
    if left == 0:
        return pos != m.start  # HX-18
    if not m.exact and taken >= 1 and pos != m.start:  # HX-A7: may stop here
        return True
    for d in m.facings:  # noqa: SIM110 (a loop: no generator per node of the search)
        if _step(m, occ, pos, d, left, taken, displaced):
            return True
    return False


def _step(m: _Move, occ: dict[Hex, int], pos: Hex, d: int, left: int, taken: int,
          displaced: int) -> bool:
    row = m.open.get(pos)
    h = (row if row is not None else _open_row(m.board, pos))[d]
    if h is None:
        return False  # walls and the board's edge stop a move (Board.open)
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
    on_board = dest in m.hexes
    if on_board:
        occ[dest] = other
    try:
        return _completes(m, occ, h, left, taken, displaced)
    finally:
        if on_board:
            del occ[dest]
        occ[h] = other


def move_exists(state: HexState, unit: int, steps: int, displace: bool) -> bool:
    """Whether `unit` has a legal move of `steps` (>= 1) hexes from where it stands
    (`can_complete` of the move's first frame, without building the frame)."""
    pos = state.hexes[unit]
    assert pos is not None
    m = _start_move(state, pos, step_dirs(state.rules, state.facing[unit]), displace)
    return _completes(m, others(state, unit), pos, steps, 0, 0)


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
    return [d for d in m.facings
            if _step(m, occ, pos, d, frame.left, frame.taken, frame.displaced)]


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
