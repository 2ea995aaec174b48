"""Hex geometry for the skirmish board: axial coordinates and six facings.

The board is drawn flat-topped. A hex is `Hex(q, r)` in axial coordinates (the third
cube coordinate is `-q - r`). Facings are numbered clockwise from north:

    0 north (0, -1)   1 north-east (+1, -1)   2 south-east (+1, 0)
    3 south (0, +1)   4 south-west (-1, +1)   5 north-west (-1, 0)

Style cards (HX-23) give their hexes relative to a unit facing north; `project` turns
them to the unit's position and facing. "Directly behind" (HX-31, HX-A14) is the one
neighbour opposite the facing.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Hex(NamedTuple):
    """A hex in axial coordinates."""

    q: int
    r: int

    def __str__(self) -> str:
        return f"{self.q},{self.r}"


_TUPLE_NEW: Final = tuple.__new__
_HEX: Final = Hex
_MADE: Final[dict[tuple[int, int], Hex]] = {}
"""The hexes `hex_at` has made, by (q, r); emptied when it reaches `_MADE_LIMIT`."""
_MADE_LIMIT: Final = 4096


def hex_at(q: int, r: int) -> Hex:
    """`Hex(q, r)` for the rules' hot paths: the same value, made once (a hex is
    immutable, so one object serves every caller) and by `tuple.__new__`, without the
    NamedTuple's Python-level `__new__` (which compiled code calls back into the
    interpreter for); a dict hit also compares by identity."""
    key = (q, r)
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) >= _MADE_LIMIT:
            _MADE.clear()
        made = _MADE[key] = _TUPLE_NEW(_HEX, key)
    return made


FACINGS: Final = 6
DIRECTIONS: Final[tuple[Hex, ...]] = (Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1),
                               Hex(-1, 0))
"""The neighbour offset in each facing, clockwise from north."""
FACING_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
"""Short names of the facings, as the map, the log and the move text write them."""
RELATIVE_NAMES = ("front", "front-right", "back-right", "back", "back-left", "front-left")
"""Directions relative to a facing (0 = the facing itself), as Style cards name them."""


def neighbor(h: Hex, facing: int) -> Hex:
    """The hex next to `h` in direction `facing`."""
    d = DIRECTIONS[facing]
    return hex_at(h.q + d.q, h.r + d.r)


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around `h`, in facing order."""
    q, r = h
    return tuple([hex_at(q + dq, r + dr) for dq, dr in DIRECTIONS])


def direction_to(a: Hex, b: Hex) -> int | None:
    """The facing that leads from `a` to its neighbour `b`; None if not adjacent."""
    d = Hex(b.q - a.q, b.r - a.r)
    return DIRECTIONS.index(d) if d in DIRECTIONS else None


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an open board."""
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _turned(x: int, z: int, turns: int) -> tuple[int, int]:
    """(q, r) of the offset (x, z) turned clockwise by `turns` sixths of a circle: each
    sixth maps the cube coordinates (x, y, z) to (-z, -x, -y)."""
    y = -x - z
    t = turns % FACINGS
    if t == 0:
        return x, z
    if t == 1:
        return -z, -y
    if t == 2:
        return y, x
    if t == 3:
        return -x, -z
    if t == 4:
        return z, y
    return -y, -x


def rotate(offset: Hex, turns: int) -> Hex:
    """`offset` turned clockwise by `turns` sixths of a circle."""
    q, r = _turned(offset.q, offset.r, turns)
    return hex_at(q, r)


def add(a: Hex, b: Hex) -> Hex:
    return hex_at(a.q + b.q, a.r + b.r)


def project(origin: Hex, facing: int, offset: Hex) -> Hex:
    """The board hex of a Style-card `offset` (given facing north) for a unit at
    `origin` facing `facing` (HX-23)."""
    q, r = _turned(offset.q, offset.r, facing)
    return hex_at(origin.q + q, origin.r + r)


def behind(h: Hex, facing: int) -> Hex:
    """The hex directly behind a unit at `h` facing `facing` (HX-31, HX-A14)."""
    return neighbor(h, (facing + 3) % FACINGS)


def relative_offset(path: tuple[int, ...]) -> Hex:
    """The offset reached from the origin (facing north) by steps in the given relative
    directions, e.g. (0, 0) is two hexes ahead, (5,) the front-left neighbour."""
    at = Hex(0, 0)
    for step in path:
        at = neighbor(at, step % FACINGS)
    return at


def hexagon(radius: int) -> tuple[Hex, ...]:
    """Every hex within `radius` of the centre, row by row (r, then q)."""
    return tuple(Hex(q, r) for r in range(-radius, radius + 1)
                 for q in range(-radius, radius + 1) if abs(q + r) <= radius)


def line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes on the straight line from `a` to `b`, both ends included (cube
    linear interpolation, nudged so a line along an edge is read the same way each
    time). Used only by the `walls_block_attacks` house rule (HX-A16)."""
    n = distance(a, b)
    if n == 0:
        return (a,)
    eps = 1e-6
    ax, az = a.q + eps, a.r + 2 * eps
    bx, bz = b.q + eps, b.r + 2 * eps
    out: list[Hex] = []
    for i in range(n + 1):
        t = i / n
        x = ax + (bx - ax) * t
        z = az + (bz - az) * t
        out.append(_round(x, z))
    return tuple(out)


def _round(x: float, z: float) -> Hex:
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return Hex(rx, rz)
