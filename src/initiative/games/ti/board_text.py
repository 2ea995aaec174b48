"""The Initiative's shared board as plain text within 80 columns, drawn from one seat's
view dict (`TIView.to_dict()`, docs/the-initiative.md).

Rooms are boxes on the board's grid. A box's top edge names the room (`2 Vault`, its
number in move texts) and, at a decision, `<n>` when choice `n` of the menu leads
there; inside are the people (`P1`: seat 1's character), enemies (`!Watchdog`), the
face-down stack (`stack 3`), the face-up tokens and the features, each as `id:CODE`
(the id is what `collect 7` or `disarm 7` names):

    +-0 Lobby------------+-----+-1 Hall <2>---------+
    | P1 P2 stack 2      |     | !Watchdog          |
    | 9:ENTRY            |     | 4:al:S 5:CAM        |
    +--------------------+     +--------------------+
              |
    +-3 Store------------+

Between neighbouring boxes: `-----` / `|` a passage (TI-17), `--#--` / `#` a wall
token on it, `-L1--` / `L1` locked door 1 (a wall until a keypad opens it, TI-36,
TI-A23), `-U1--` / `U1` that door unlocked. Boxes with nothing between them are split
by a printed wall. Passages between rooms that are not grid neighbours are listed
under the map. Below it: the console, the action piles, the deck and time, the people
and the enemies. Pure functions: text in, text out, nothing printed.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

WIDTH = 80
GAP = 5
"""Columns between two boxes of a row (where a passage is drawn)."""
MAX_BOX = 26
"""The widest a room box is drawn."""

TOKEN_CODES: Mapping[str, str] = {
    "keypad": "KEY", "computer": "PC", "camera": "CAM", "gas": "GAS",
    "counter_intel": "CI", "alarm": "ALM", "master_camera": "MCAM",
    "master_alarm": "MALM", "blank": "BLANK", "entrance": "ENTRY",
    "laser_tripwire": "TRIP", "safe": "SAFE"}
"""The short code of every token and feature kind but glyphs (a glyph shows its mark)."""
ICON_MARKS: Mapping[str, str] = {"crescent": ":C", "spiral": ":S"}
"""TI-24 sub-icons, written right after the token's code."""
KEY = ("Key: P1 seat 1's character   !Name enemy   stack N face-down tokens   "
       "id:CODE a face-up token or feature: glyph mark (~ not on the mission, * blue, "
       ":C crescent, :S spiral), KEY keypad, PC computer, CAM camera, GAS gas, CI counter "
       "intel, ALM alarm, MCAM/MALM master camera/alarm, ENTRY entrance, TRIP laser "
       "tripwire, SAFE safe   ----- or | passage   # wall token   L1 locked door 1   "
       "U1 unlocked door 1   <n> choice n of the menu")
_ROOM_CHOICES = frozenset({"move", "room", "enemy_to", "enemy-to"})
_TOKEN_CHOICES = frozenset({"collect", "remove", "disarm"})


def card_text(card: Mapping[str, Any] | None) -> str:
    """`7 circle`, `time x2`, or `-` for no card."""
    if card is None:
        return "-"
    if card.get("time"):
        return f"time x{card['time']}"
    return f"{card['value']} {card['suit']}"


def token_code(token: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """A token or feature's code without its id: a glyph's mark (`~` before it when the
    glyph is not on the mission, TI-20; `*` after it on a blue token, TI-31), the kind's
    code otherwise (`CI>run`: counter intel naming its pile, TI-30); then its sub-icon."""
    kind = str(token["kind"])
    if kind == "glyph":
        glyph = view["glyphs"].get(token.get("glyph"), {})
        code = str(glyph.get("mark") or token.get("glyph") or "?")
        code = ("" if token.get("on_mission", True) else "~") + code
    else:
        code = TOKEN_CODES.get(kind, kind.upper())
        if kind == "counter_intel" and token.get("pile"):
            code += f">{token['pile']}"
    if token.get("blue"):
        code += "*"
    return code + ICON_MARKS.get(str(token.get("icon")), "")


def token_text(token: Mapping[str, Any], view: Mapping[str, Any],
               mark: int | None = None) -> str:
    """`7:CAM`, `4:al:S`, and `<n>` after it when choice `n` names the token."""
    return f"{token['id']}:{token_code(token, view)}" + (f"<{mark}>" if mark else "")


def choice_marks(view: Mapping[str, Any]) -> tuple[dict[int, int], dict[int, int]]:
    """(room -> menu number, token -> menu number) of the legal choices that name a
    room (`move`, `room`, `enemy-to`) or a token (`collect`, `remove`, `disarm`); the
    first choice wins a room or token two would share."""
    rooms: dict[int, int] = {}
    tokens: dict[int, int] = {}
    for number, entry in enumerate(view.get("legal") or (), start=1):
        kind, arg = str(entry["kind"]).lower(), int(entry["arg"])
        if kind in _ROOM_CHOICES:
            rooms.setdefault(arg, number)
        elif kind in _TOKEN_CHOICES:
            tokens.setdefault(arg, number)
    return rooms, tokens


def room_items(view: Mapping[str, Any], room: int,
               token_marks: Mapping[int, int]) -> list[str]:
    """What a room box holds, in order: people, enemies, the stack, tokens, features."""
    here = view["rooms"][room]
    enemies = view["enemies"]
    items = [f"P{s + 1}" for s in here["characters"]]  # seats counted from 1
    items += [f"!{enemies[e]['name']}" for e in here["enemies"]
              if not enemies[e].get("defeated")]
    if here["stack"]:
        items.append(f"stack {here['stack']}")
    for token in [*here["face_up"], *here["features"]]:
        items.append(token_text(token, view, token_marks.get(int(token["id"]))))
    return items


def _fill(items: Iterable[str], width: int) -> list[str]:
    """Items packed into lines of `width`, split by spaces (an item too long is cut)."""
    lines: list[str] = []
    line = ""
    for item in items:
        item = item[:width]
        if line and len(line) + 1 + len(item) <= width:
            line += " " + item
        else:
            if line:
                lines.append(line)
            line = item
    return [*lines, line] if line else lines


def box_width(cols: int) -> int:
    """How wide each room box is on a board `cols` rooms wide."""
    return max(10, min(MAX_BOX, (WIDTH - GAP * (cols - 1)) // max(1, cols)))


def _link_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def link_mark(link: Mapping[str, Any]) -> str:
    """`-` a passage, `#` a wall token, `L1` / `U1` door 1 locked / unlocked."""
    if link["kind"] == "wall_token":
        return "#"
    if link["kind"] == "door":
        return f"{'L' if link.get('locked') else 'U'}{link.get('door')}"
    return ""


def render_board(view: Mapping[str, Any], *, marks: bool = True,
                 legend: bool = False) -> str:
    """The map of `view`'s board, then the console, piles, deck, people and enemies.
    `marks` puts `<n>` on the rooms and tokens the menu's choices name; `legend` adds the
    key to the codes."""
    room_marks, token_marks = choice_marks(view) if marks else ({}, {})
    lines = map_lines(view, room_marks, token_marks)
    lines += status_lines(view)
    if legend:
        lines += textwrap.wrap(KEY, WIDTH)
    return "\n".join(lines)


def map_lines(view: Mapping[str, Any], room_marks: Mapping[int, int],
              token_marks: Mapping[int, int]) -> list[str]:
    """The room boxes on their grid, with the passages between grid neighbours, and a
    line for every passage between rooms that are not grid neighbours."""
    board = view["board"]
    rooms: Sequence[Mapping[str, Any]] = board["rooms"]
    cols, rows = int(board["cols"]), int(board["rows"])
    width = box_width(cols)
    inner = width - 4
    at = {(int(r["col"]), int(r["row"])): i for i, r in enumerate(rooms)}
    links = {_link_key(int(k["a"]), int(k["b"])): k for k in board["links"]}
    bodies = {i: _fill(room_items(view, i, token_marks), inner) or [""]
              for i in range(len(rooms))}
    out: list[str] = []
    for row in range(rows):
        cells = [at.get((col, row)) for col in range(cols)]
        height = max((len(bodies[i]) for i in cells if i is not None), default=1)
        grid = [[" "] * WIDTH for _ in range(height + 2)]
        for col, i in enumerate(cells):
            if i is None:
                continue
            x = col * (width + GAP)
            name = f"{i} {rooms[i]['name']}" + (f" <{room_marks[i]}>" if i in room_marks
                                                 else "")
            _put(grid[0], x, ("+-" + name[:width - 4] + "-").ljust(width - 1, "-") + "+")
            for n in range(height):
                text = bodies[i][n] if n < len(bodies[i]) else ""
                _put(grid[n + 1], x, f"| {text:<{inner}} |")
            _put(grid[height + 1], x, "+" + "-" * (width - 2) + "+")
            right = cells[col + 1] if col + 1 < cols else None
            link = links.get(_link_key(i, right)) if right is not None else None
            if link is not None:
                _put(grid[1], x + width, link_mark(link).center(GAP, "-"))
        out += ["".join(line).rstrip() for line in grid]
        if row + 1 < rows:
            out.append(_vertical(cells, [at.get((col, row + 1)) for col in range(cols)],
                                 links, width))
    neighbours = {_link_key(at[(c, r)], at[(c + dc, r + dr)])
                  for (c, r) in at for dc, dr in ((1, 0), (0, 1))
                  if (c + dc, r + dr) in at}
    far = [k for key, k in sorted(links.items()) if key not in neighbours]
    if far:
        out += textwrap.wrap("Other passages: " + ", ".join(
            f"{rooms[int(k['a'])]['name']} - {rooms[int(k['b'])]['name']}"
            + (f" ({link_mark(k)})" if link_mark(k) else "") for k in far), WIDTH)
    return out


def _vertical(above: Sequence[int | None], below: Sequence[int | None],
              links: Mapping[tuple[int, int], Mapping[str, Any]], width: int) -> str:
    """The line between two rows of boxes: a mark under each box joined to the box
    below it."""
    line = [" "] * WIDTH
    for col, (a, b) in enumerate(zip(above, below, strict=True)):
        if a is None or b is None:
            continue
        link = links.get(_link_key(a, b))
        if link is not None:
            mark = link_mark(link) or "|"
            _put(line, col * (width + GAP) + width // 2 - len(mark) // 2, mark)
    return "".join(line).rstrip()


def _put(line: list[str], x: int, text: str) -> None:
    line[x:x + len(text)] = list(text[:max(0, WIDTH - x)])
    del line[WIDTH:]


def console_line(view: Mapping[str, Any]) -> str:
    """The console (TI-5, TI-22, TI-55): each window's number, glyph mark and, once its
    glyph is collected, the symbols behind it (`?` while closed): `1:al=E 2:be=?`; the
    Answer area in `[ ]`."""
    mission = view["mission"]
    area = mission.get("answer_area")
    parts = []
    for n, window in enumerate(view["console"]["windows"]):
        glyph = view["glyphs"].get(window["glyph"], {})
        shown = "".join(window["symbols"] or ()) if window["open"] else "?"
        text = f"{n + 1}:{glyph.get('mark', window['glyph'])}={shown}"
        if area is not None and n == area[0]:
            text = "[" + text
        if area is not None and n == area[1]:
            text += "]"
        parts.append(text)
    head = "Console" + (" (answer in [ ])" if area is not None else "")
    return f"{head}: " + "  ".join(parts)


def pile_lines(view: Mapping[str, Any]) -> list[str]:
    """The four action piles (TI-10, TI-12): the top card, how many lie there, and the
    counter intel tokens blocking a pile (TI-30)."""
    out = []
    for pile in view["piles"]:
        blocked = pile.get("counter_intel") or []
        text = f"{str(pile['key']).upper():<8} top {card_text(pile.get('top'))}" \
            + f" ({len(pile['cards'])} card{'' if len(pile['cards']) == 1 else 's'})"
        if blocked:
            text += " BLOCKED by counter intel " + ", ".join(map(str, blocked))
        out.append("  " + text)
    return out


def deck_line(view: Mapping[str, Any]) -> str:
    """Deck size, the discard's top, time in the discard and In Peril (TI-47..TI-51)."""
    discard = view["discard"]
    top = card_text(discard[-1]) if discard else "-"
    time, limit = view["discard_time"], view["time_limit"]
    peril = f"Time {time}/{limit}   IN PERIL" if view["peril"] else \
        f"Time {time} (lost at {limit} once In Peril)"
    return f"Deck {view['deck_count']}   Discard {len(discard)} (top {top})   {peril}"


def people_lines(view: Mapping[str, Any]) -> list[str]:
    """Each character: its board mark (seat counted from 1), its seat's one name, room,
    cards in hand."""
    names = view["board"]["rooms"]
    out = []
    for c in view["characters"]:
        seat = int(c["seat"])
        out.append(f"  P{seat + 1} {view['seat_names'][seat]} in {names[int(c['room'])]['name']}, "
                   f"{view['hand_counts'][seat]} cards in hand")
    return out


def enemy_lines(view: Mapping[str, Any]) -> list[str]:
    """Each enemy (TI-39..TI-46): suits, strength, room or defeated, tucked totals."""
    names = view["board"]["rooms"]
    out = []
    for e in view["enemies"]:
        where = "defeated" if e.get("defeated") or e.get("room") is None \
            else f"in {names[int(e['room'])]['name']}"
        totals = ", ".join(f"{suit} {total}/{e['strength']}" for suit, total in
                           sorted((e.get("totals") or {}).items()))
        out.append(f"  !{e['name']} ({'/'.join(e['suits'])}, strength {e['strength']}) "
                   f"{where}; tucked: {totals or 'none'}")
    return out


def status_lines(view: Mapping[str, Any]) -> list[str]:
    """Everything under the map, each line within 80 columns."""
    lines = [console_line(view), "Action piles:", *pile_lines(view), deck_line(view),
             "People:", *people_lines(view)]
    enemies = enemy_lines(view)
    if enemies:
        lines += ["Enemies:", *enemies]
    out: list[str] = []
    for line in lines:
        out += textwrap.wrap(line, WIDTH, subsequent_indent="      ") or [""]
    return out
