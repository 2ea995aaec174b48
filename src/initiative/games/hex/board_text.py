r"""The skirmish board as ASCII art, drawn from a view dict (`HexView.to_dict()`).

Flat-topped hexes tile in columns: axial `q` is the column and each column sits half a
hex lower than the one on its left, so a hex's text row is `2r + q` (one text line per
half hex). Every hex is two lines: a content line (7 characters) and its bottom edge,
which carries the hex's `q,r`:

     _______         _______
    /   4+  \_______/  1 SW \
    \__0,-1_/       \__2,-2_/
    /  0 N  \__1,-1_/#######\
    \__0,0__/  <1>  \__2,-1_/
            \__1,0__/

A unit is its seat number and facing (`0 N`); `#######` is a wall; `<n>` marks the
hex that choice `n` of the menu leads to (a step, displacement, push, facing or target;
a unit that choice `n` targets reads `1 SW<n>`); `3+`/`4+` mark the hexes
of one unit's Style-card reach and the roll that hits there (HX-23, HX-26). The radius-4
board is 73 columns wide. Pure functions: text in, text out, nothing printed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from initiative.games.hex.geometry import FACING_NAMES, Hex, neighbor, project

WIDTH = 7
"""Characters inside a hex, on its content line and on its bottom edge."""
STEP = WIDTH + 1
"""Columns from one hex column to the next (they share an edge character)."""
WALL = "#" * WIDTH

_FROM_UNIT = frozenset({"step", "displace", "push", "face"})
"""Action kinds whose argument is a facing from the hex of the pending unit."""
_AT_SEAT = frozenset({"target", "order"})
"""Action kinds whose argument is a seat: they point at that seat's unit."""

COMPASS = ("      N", "  NW     NE", "  SW     SE", "      S")
"""The six facings as they lie on the flat-topped map."""


def unit_hexes(view: Mapping[str, Any]) -> dict[int, Hex]:
    """Seat -> hex of each unit on the board (eliminated units have none)."""
    return {int(u["seat"]): Hex(*u["hex"]) for u in view["units"]
            if u.get("hex") is not None and u.get("alive", True)}


def choice_marks(view: Mapping[str, Any]) -> dict[Hex, int]:
    """Hex -> menu number (1-based, in `view["legal"]` order) of each legal choice that
    leads to a hex: a step, displacement, push or facing (a neighbour of the pending
    unit) or a target / barrage order (the hex of that seat's unit). The first choice
    wins a hex two would share."""
    pending = view.get("pending")
    at = unit_hexes(view)
    origin = at.get(int(pending["unit"])) if pending and pending.get("unit") is not None \
        else None
    marks: dict[Hex, int] = {}
    for number, entry in enumerate(view.get("legal") or (), start=1):
        kind, arg = entry["kind"], int(entry["arg"])
        if kind in _FROM_UNIT and origin is not None:
            marks.setdefault(neighbor(origin, arg), number)
        elif kind in _AT_SEAT and arg in at:
            marks.setdefault(at[arg], number)
    return marks


def reach_hexes(view: Mapping[str, Any], seat: int) -> dict[Hex, int]:
    """Hex -> the roll that hits there (3 or 4), for every board hex the Style card of
    `seat`'s unit projects from its position and facing (HX-23, HX-26); empty if that
    unit is off the board."""
    unit = next((u for u in view["units"] if int(u["seat"]) == seat), None)
    if unit is None or unit.get("hex") is None or not unit.get("alive", True):
        return {}
    board = {Hex(*h) for h in view["board"]["hexes"]}
    origin, facing = Hex(*unit["hex"]), int(unit["facing"])
    out: dict[Hex, int] = {}
    for spot in view["styles"][unit["style"]]["hexes"]:
        h = project(origin, facing, Hex(*spot["offset"]))
        if h in board:
            out[h] = int(spot["needs"])
    return out


def _unit_text(seats_facings: list[tuple[int, int]]) -> str:
    return "+".join(f"{seat} {FACING_NAMES[facing]}" for seat, facing in seats_facings)


def _cell(h: Hex, walls: frozenset[Hex], units: list[tuple[int, int]],
          mark: int | None, needs: int | None) -> str:
    """The 7 characters inside hex `h`."""
    tag = f"<{mark}>" if mark is not None else ""
    if h in walls:
        return (tag.center(WIDTH, "#") if tag else WALL)[:WIDTH]
    if units:
        core = _unit_text(units)
        for text in (f"[{core}]{tag}", f"{core}{tag}") if tag else (
                (f"{core} {needs}+",) if needs else ()):
            if len(text) <= WIDTH:
                return text.center(WIDTH)
        return core[:WIDTH].center(WIDTH)
    if tag:
        return tag.center(WIDTH)
    if needs is not None:
        return f"{needs}+".center(WIDTH)
    return " " * WIDTH


def render_board(view: Mapping[str, Any], *, marks: Mapping[Hex, int] | None = None,
                 reach: int | None = None, legend: bool = True) -> str:
    """The board of `view` as text lines joined by newlines. `marks` (hex -> menu
    number, see `choice_marks`) puts `<n>` on hexes; `reach` shows that seat's
    Style-card reach; `legend` adds the key and the compass below the map."""
    hexes = [Hex(*h) for h in view["board"]["hexes"]]
    if not hexes:
        return "(empty board)"
    walls = frozenset(Hex(*h) for h in view["board"]["walls"])
    occupants: dict[Hex, list[tuple[int, int]]] = {}
    for u in view["units"]:
        if u.get("hex") is not None and u.get("alive", True):
            occupants.setdefault(Hex(*u["hex"]), []).append((int(u["seat"]),
                                                              int(u["facing"])))
    marks = marks or {}
    reach_map = reach_hexes(view, reach) if reach is not None else {}
    q0 = min(h.q for h in hexes)
    y0 = min(2 * h.r + h.q for h in hexes)
    rows = max(2 * h.r + h.q for h in hexes) - y0 + 3
    cols = (max(h.q for h in hexes) - q0) * STEP + WIDTH + 2
    grid = [[" "] * cols for _ in range(rows)]

    def put(line: int, col: int, text: str) -> None:
        grid[line][col:col + len(text)] = list(text)

    for h in hexes:  # tops first: a bottom edge (with its label) overwrites the top below
        put(2 * h.r + h.q - y0, (h.q - q0) * STEP + 1, "_" * WIDTH)
    for h in hexes:
        line, col = 2 * h.r + h.q - y0 + 1, (h.q - q0) * STEP
        body = _cell(h, walls, occupants.get(h, []), marks.get(h), reach_map.get(h))
        put(line, col, f"/{body}\\")
        put(line + 1, col, "\\" + f"{h.q},{h.r}".center(WIDTH, "_") + "/")
    lines = ["".join(row).rstrip() for row in grid]
    if legend:
        lines += ["", *_legend(view, reach, bool(marks))]
    return "\n".join(lines)


def _legend(view: Mapping[str, Any], reach: int | None, marked: bool) -> list[str]:
    """The key under the map, beside the compass of facings."""
    key = ["q,r: the hex's coordinates.   #######: a wall.",
           "1 SW: seat 1's unit, facing south-west."]
    if marked:
        key.append("<n>: choice n of the menu leads there.")
    if reach is not None:
        names = view.get("seat_names") or []
        who = names[reach] if reach < len(names) else f"seat {reach + 1}"
        key.append(f"3+ 4+: {who}'s Style-card reach, the roll that hits.")
    width = max(map(len, COMPASS)) + 4
    rows = max(len(key), len(COMPASS))
    key += [""] * (rows - len(key))
    compass = [*COMPASS, *[""] * (rows - len(COMPASS))]
    return [f"{c:<{width}}{k}".rstrip() for c, k in zip(compass, key, strict=True)]
