"""What one seat of a hex skirmish table sees: HTML regions built from that seat's view
alone (`HexView`: its data, `to_dict()`, docs/hex.md, and its public events for the
Dice panel), so no page or frame can carry another seat's hand or any deck order (the
view never holds them).

The board is inline SVG, flat-topped hexes in axial coordinates (games/hex/geometry.py):
walls, units as coloured tokens with a facing wedge (and that side of their hex drawn
thick), the seat's name, health and power; each unit is focusable and shows the reach of
its Style card (HX-23) and the hex directly behind it (HX-31) on hover and on keyboard
focus. Cards show their sections as icons in words with what each does (`card_icons`),
and on the seat's turn why a section cannot be played now; the Dice panel names whose
attack it was (`dice_panel`, over server/hex_dice.py). Every legal action of the seat
is a button in the action list (its `label`); those that have a place on the board are
also clickable there: a step, displace or push destination (a hex), a target or
barrage order (a unit), a facing (an arrow around the unit that turns), and a card
section in the hand.

Regions (element ids of hex/table.html): `hx-status`, `hx-board`, `hx-line`, `hx-actions`,
`hx-hand`, `hx-units`, `hx-dice`, `hx-log`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from initiative.games.hex.actions import Kind, from_index
from initiative.games.hex.geometry import FACING_NAMES, Hex, behind, neighbor, project
from initiative.games.hex.view import HexView
from initiative.games.hex.view_data import CardData, HexViewData, UnitData
from initiative.server import choices as offered
from initiative.server.hex.dice import last_attack
from initiative.server.log_lines import first_shown, page_log
from initiative.server.pages import env
from initiative.server.parts import HUMAN, Rendered, SeatPage

SIZE = 30.0
"""A hex's circumradius in SVG user units."""
ROOT3 = math.sqrt(3.0)
MARGIN = 8.0
LABEL_ROOM = 8.0
"""Extra room above and below the board for the names of units on its edge."""
MARKS = ("●", "▲", "■", "◆", "★", "✚")
"""Seat marks beside the colour (colour is never the only sign of a seat)."""
REGIONS = ("status", "board", "line", "actions", "hand", "units", "dice", "log")
PENDING = {"turn": "play a card", "move": "moving", "displace": "placing a displaced character",
           "face": "choosing a facing", "target": "choosing a target",
           "order": "choosing the reaction order", "push": "choosing where to push",
           "fumble": "fumble: turning the attacker", "react": "reaction to an attack"}
"""The pending decision in words (the status line)."""
PHASES = {"draw": "draw phase", "initiative": "initiative phase",
          "resolution": "resolution phase", "over": "game over"}
HEX_MOVES = frozenset((Kind.STEP, Kind.DISPLACE, Kind.PUSH))
"""Choices drawn as a hex next to the unit concerned (the mover, displaced, pushed)."""
UNIT_CHOICES = frozenset((Kind.TARGET, Kind.ORDER))
"""Choices drawn on the unit of seat `arg`."""
CARD_CHOICES = {Kind.PLAY_MOVE: "move", Kind.PLAY_ATTACK: "attack", Kind.REACT: "reaction"}
"""Choices drawn on the hand card of slot `arg`: the section's button."""


def center(h: Hex | tuple[int, int] | list[int]) -> tuple[float, float]:
    """The pixel centre of a hex (flat-topped: q is the column)."""
    q, r = h[0], h[1]
    return SIZE * 1.5 * q, SIZE * ROOT3 * (r + q / 2)


def corners(h: Hex | tuple[int, int] | list[int], scale: float = 1.0) -> str:
    """The hex's polygon points (SVG `points`), `scale` times its size."""
    x, y = center(h)
    pts = []
    for i in range(6):
        angle = math.radians(60 * i)
        pts.append(f"{x + SIZE * scale * math.cos(angle):.1f},"
                   f"{y + SIZE * scale * math.sin(angle):.1f}")
    return " ".join(pts)


def heading(facing: int) -> float:
    """The screen angle (radians) of a facing: 0 north is straight up, clockwise."""
    return math.radians(-90 + 60 * facing)


def arrow(x: float, y: float, facing: int, near: float, far: float, width: float) -> str:
    """A triangle pointing along `facing`: its base `near` and its tip `far` from (x, y)."""
    a = heading(facing)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    bx, by = x + ux * near, y + uy * near
    return (f"{x + ux * far:.1f},{y + uy * far:.1f} {bx + px * width:.1f},{by + py * width:.1f} "
            f"{bx - px * width:.1f},{by - py * width:.1f}")


def facing_edge(x: float, y: float, facing: int) -> tuple[float, float, float, float]:
    """The side of the hex at (x, y) that the facing looks through (its two corners)."""
    a, b = heading(facing) - math.radians(30), heading(facing) + math.radians(30)
    r = SIZE * 0.96
    return x + r * math.cos(a), y + r * math.sin(a), x + r * math.cos(b), y + r * math.sin(b)


Box = tuple[float, float, float, float]
"""A rectangle of the board's SVG: left, top, right, bottom."""
TOKEN_R = 17.0
"""A unit token's radius (hex/_board.html draws it)."""
LABEL_CHAR = 7.0
LABEL_ASCENT, LABEL_DESCENT = 9.0, 3.0
"""A unit's name label (11 px bold): the width of a character, the text's reach above and
below its baseline."""


Shape = tuple[tuple[float, float], ...]
"""A convex polygon of the board's SVG (a facing wedge, a token's square, a label)."""


def points_shape(points: str) -> Shape:
    """The polygon of SVG `points` ("x,y x,y ...")."""
    return tuple((float(x), float(y)) for x, y in (p.split(",") for p in points.split()))


def box_shape(box: Box) -> Shape:
    left, top, right, bottom = box
    return (left, top), (right, top), (right, bottom), (left, bottom)


def overlap(box: Box, shape: Shape) -> float:
    """The area a box and a convex polygon share (the polygon clipped to the box, edge by
    edge, then measured)."""
    left, top, right, bottom = box
    edges = ((0, left, 1.0), (0, right, -1.0), (1, top, 1.0), (1, bottom, -1.0))
    points = list(shape)
    for axis, bound, sign in edges:
        kept: list[tuple[float, float]] = []
        for n, here in enumerate(points):
            before = points[n - 1]
            inside, was = sign * (here[axis] - bound) >= 0, sign * (before[axis] - bound) >= 0
            if inside != was:
                t = (bound - before[axis]) / (here[axis] - before[axis])
                kept.append((before[0] + t * (here[0] - before[0]),
                             before[1] + t * (here[1] - before[1])))
            if inside:
                kept.append(here)
        points = kept
        if not points:
            return 0.0
    return abs(sum(a[0] * b[1] - b[0] * a[1]
                   for a, b in zip(points, points[1:] + points[:1], strict=True))) / 2


def token_box(x: float, y: float, radius: float) -> Box:
    """The square around a round token."""
    return x - radius, y - radius, x + radius, y + radius


def label_box(x: float, baseline: float, text: str) -> Box:
    """Where a name label centred on `x` with its baseline at `baseline` is drawn."""
    half = LABEL_CHAR * len(text) / 2 + 2
    return x - half, baseline - LABEL_ASCENT, x + half, baseline + LABEL_DESCENT


def place_label(x: float, y: float, facing: int, text: str, obstacles: list[Shape],
                frame: Box) -> tuple[float, float]:
    """Where a unit's name label goes (its centre x and baseline): above or below the
    token (first the side away from its facing wedge), else beside it, at the first spot
    that covers no facing arrow, token, choice or other label (`obstacles`) and stays
    inside `frame`; if every spot covers something, the one covering least."""
    above, below = (x, y - SIZE * 0.8), (x, y + SIZE * 1.1)
    half = LABEL_CHAR * len(text) / 2 + 2
    side = TOKEN_R + half + 6
    spots = [above, below] if facing in (2, 3, 4) else [below, above]
    beside = [(x - side, y + 4), (x + side, y + 4)]  # the side away from an east-
    spots += beside if facing in (1, 2) else beside[::-1]  # or west-facing wedge first
    spots += [(x, y - SIZE * 1.25), (x, y + SIZE * 1.55)]
    best, least = spots[0], math.inf
    for spot in spots:
        box = label_box(*spot, text)
        outside = 0.0 if box[0] >= frame[0] and box[2] <= frame[2] and box[1] >= frame[1] \
            and box[3] <= frame[3] else 1e6
        covered = outside + sum(overlap(box, o) for o in obstacles)
        if covered < least:
            best, least = spot, covered
        if not covered:
            break
    return best


Choice = offered.Choice[Kind]
"""One legal action as the page offers it (server/choices.py)."""


def _choices(view: HexViewData) -> list[Choice]:
    return offered.choices_of(view["legal"], lambda index: from_index(index).kind)


def _unit_hex(view: HexViewData, seat: int | None) -> Hex | None:
    for unit in view["units"]:
        if unit["seat"] == seat and unit["hex"] is not None:
            return Hex(*unit["hex"])
    return None


def piece_name(unit: Mapping[str, object]) -> str:
    """The short name drawn beside a piece on the map: its character's (the seat's one
    name, `SeatSetup.label`, is the piece's spoken label and in every list)."""
    return str(unit["character_name"])[:10]


def board(view: HexViewData, choices: list[Choice]) -> dict[str, Any]:
    """The SVG's pieces: hexes, units, reach overlays and the clickable legal choices."""
    cells = [Hex(*h) for h in view["board"]["hexes"]]
    walls = {Hex(*h) for h in view["board"]["walls"]}
    xs = [center(h)[0] for h in cells] or [0.0]
    ys = [center(h)[1] for h in cells] or [0.0]
    names = view["seat_names"]
    pending = view["pending"]
    concerned = _unit_hex(view, pending["unit"] if pending else None)
    targets = {c.arg: c for c in choices if c.kind in UNIT_CHOICES}
    units = []
    reaches = []
    for unit in view["units"]:
        if unit["hex"] is None or not unit["alive"]:
            continue
        seat = int(unit["seat"])
        at = Hex(*unit["hex"])
        x, y = center(at)
        pick = targets.get(seat)
        label = (f"{names[seat]}: {unit['health']} of "
                 f"{unit['max_health']} health, {unit['power']} power, facing "
                 f"{FACING_NAMES[unit['facing']]}")
        above = unit["facing"] in (2, 3, 4)  # the name away from the facing arrow
        side = (unit["facing"] + 2) % 6  # Power tokens: behind to one side, clear of
        if side == (0 if above else 3):  # the facing wedge and of the name
            side = (unit["facing"] + 4) % 6
        back = heading(side)
        units.append({"seat": seat, "x": x, "y": y, "name": piece_name(unit),
                      "facing": unit["facing"], "mark": MARKS[seat % len(MARKS)],
                      "power_x": x + math.cos(back) * 15, "power_y": y + math.sin(back) * 15,
                      "health": unit["health"],
                      "power": unit["power"], "label": label,
                      "arrow": arrow(x, y, unit["facing"], SIZE * 0.4, SIZE * 0.95, SIZE * 0.3),
                      "edge": facing_edge(x, y, unit["facing"]),
                      "sig": f"{at.q},{at.r}|{unit['facing']}|{unit['health']}|{unit['power']}",
                      "choice": pick})
        style = view["styles"].get(unit["style"])
        spots = []
        for spot in style["hexes"] if style else ():
            h = project(at, unit["facing"], Hex(*spot["offset"]))
            if h in cells:
                sx, sy = center(h)
                spots.append({"points": corners(h, 0.86), "x": sx, "y": sy,
                              "needs": spot["needs"]})
        back_hex = behind(at, unit["facing"])
        rear = None
        if back_hex in cells and back_hex not in walls:
            bx, by = center(back_hex)
            rear = {"points": corners(back_hex, 0.86), "x": bx, "y": by}
        reaches.append({"seat": seat, "spots": spots, "behind": rear,
                        "name": piece_name(unit)})
    occupied = {Hex(*u["hex"]) for u in view["units"] if u["hex"] is not None and u["alive"]}
    moves = []
    faces = []
    for c in choices:
        if c.kind in HEX_MOVES and concerned is not None:
            h = neighbor(concerned, c.arg)
            x, y = center(h)
            moves.append({"choice": c, "points": corners(h, 0.9), "x": x, "y": y,
                          "occupied": h in occupied, "label_y": y + 5})
        elif c.kind == Kind.FACE and concerned is not None:
            h = neighbor(concerned, c.arg)
            x, y = center(h)
            faces.append({"choice": c, "cell": corners(h, 0.8),
                          "points": arrow(x, y, c.arg, -SIZE * 0.35, SIZE * 0.45, SIZE * 0.3)})
        else:
            continue
        xs.append(x)
        ys.append(y)
    pad = MARGIN + LABEL_ROOM  # a name above or below an edge unit stays inside
    left, top = min(xs) - SIZE - MARGIN, min(ys) - SIZE * ROOT3 / 2 - pad
    width = max(xs) - min(xs) + 2 * (SIZE + MARGIN)
    height = max(ys) - min(ys) + SIZE * ROOT3 + 2 * pad
    _place_labels(units, moves, faces, (left, top, left + width, top + height))
    return {"viewbox": f"{left:.1f} {top:.1f} {width:.1f} {height:.1f}",
            "cells": [{"points": corners(h), "wall": h in walls, "q": h.q, "r": h.r}
                      for h in cells],
            "units": units, "reaches": reaches, "moves": moves, "faces": faces,
            "name": view["board"]["name"]}


def _place_labels(units: list[dict[str, Any]], moves: list[dict[str, Any]],
                  faces: list[dict[str, Any]], frame: Box) -> None:
    """Each unit's name label spot (`label_x`, `label_y`), clear of every facing wedge,
    token, Power token, choice on the board and name placed before (`place_label`)."""
    obstacles: list[Shape] = []
    for u in units:
        obstacles += [box_shape(token_box(u["x"], u["y"], TOKEN_R)), points_shape(u["arrow"])]
        if u["power"]:
            obstacles.append(box_shape(token_box(u["power_x"], u["power_y"], 7)))
    obstacles += [points_shape(f["points"]) for f in faces]
    obstacles += [box_shape(label_box(m["x"], m["label_y"], m["choice"].word))
                  for m in moves if not m["occupied"]]
    for u in units:
        u["label_x"], u["label_y"] = place_label(u["x"], u["y"], u["facing"],
                                                 f"{u['mark']} {u['name']}", obstacles, frame)
        obstacles.append(box_shape(label_box(u["label_x"], u["label_y"],
                                             f"{u['mark']} {u['name']}")))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def dice_panel(dice: dict[str, Any] | None, names: list[str], attacker: int | None,
               me: int = -1) -> dict[str, Any] | None:
    """The Dice panel: whose attack (the one under way, else the last), and per target
    the faces, the number needed, hits, shields and damage, in words. `attacker`: the
    seat attacking now (the view's pending), whose targets may not be chosen yet."""
    choosing = "" if attacker is None else "You are" if attacker == me \
        else f"{names[attacker]} is"
    if not dice:
        return {"title": "", "rows": [], "choosing": choosing} if choosing else None
    under_way = attacker is not None and not dice.get("over")
    if under_way:
        choosing = ""
    rows = []
    for t in dice["targets"]:
        if not t["faces"]:
            result = "not rolled yet" if under_way else "no dice rolled"
        else:
            parts = [_plural(t["hits"], "hit")]
            if t["shielded"]:
                parts.append(f"{_plural(t['shielded'], 'shield')}")
            if t["damage"]:
                parts.append(f"{t['damage']} damage ({t['health']} health left)")
            elif not under_way:
                parts.append("no damage")
            result = ", ".join(parts)
        notes = []
        if t["behind"]:
            notes.append("attacked from behind: no reaction")
        if t["pushed"]:
            notes.append(f"pushed to {t['pushed'][0]},{t['pushed'][1]}")
        if t["out"]:
            notes.append("eliminated")
        rows.append({"name": names[t["seat"]], "faces": t["faces"], "needs": t["needs"],
                     "result": result, "notes": notes})
    turned = dice.get("turned_by")
    return {"title": "This attack" if under_way else "Last attack",
            "attacker": names[dice["attacker"]], "rows": rows, "choosing": choosing,
            "fumble": f"{names[turned]} turned {names[dice['attacker']]} (fumble)"
            if isinstance(turned, int) else ""}


TIPS = {
    "move": "Move: go exactly this many hexes, then choose a facing (HX-16, HX-19)",
    "turn": "Move 0: no step, only choose a new facing (HX-20)",
    "displace": "Displace: a step may enter another character's hex and put that "
                "character on a free hex next to it (HX-21)",
    "dice": "Dice: roll one die per icon; each die at least the target hex's 3+ or 4+ "
            "is a hit (HX-25, HX-26)",
    "barrage": "Barrage: strike every character in reach, each with its own roll; you "
               "choose the order they react (HX-27)",
    "fumble": "Fumble: after the roll the target turns the attacker to face a way of "
              "its choice (HX-28)",
    "push": "Push: after the roll the attacker moves the target one hex, never into a "
            "wall (HX-29)",
    "shield": "Shield: each one cancels one hit of the attack you react to (HX-33)",
    "react move": "Reaction move: move under the Move rules; the hits still land (HX-34)",
    "power up": "Power up: the player using this section gains 1 Power token (HX-A3)",
    "power down": "Power down: the player using this section loses 1 Power token, "
                  "never below 0 (HX-A3)",
}
SYMBOLS = {"move": "➔", "turn": "↺", "displace": "⇄", "dice": "⚄", "barrage": "✸",
           "fumble": "↻", "push": "⇥", "shield": "◈", "react move": "➔",
           "power up": "▲", "power down": "▼"}
"""Each icon's sign (beside its word: the sign alone never carries the meaning)."""


def _icon(kind: str, word: str) -> dict[str, str]:
    return {"kind": kind.replace(" ", "-"), "sign": SYMBOLS[kind], "word": word,
            "tip": TIPS[kind]}


def card_icons(card: CardData) -> dict[str, list[dict[str, str]]]:
    """An Action card's sections as icons (sign, word, what it does): HX-14..HX-34."""
    move, attack, react = card["move"], card["attack"], card["reaction"]
    m = [_icon("move", f"move {move['steps']}") if move["steps"]
         else _icon("turn", "turn only")]
    if move.get("displace"):
        m.append(_icon("displace", "displace"))
    a = [_icon("dice", "1 die" if attack["dice"] == 1 else f"{attack['dice']} dice")]
    a += [_icon(word, word) for word in ("barrage", "fumble", "push") if attack.get(word)]
    r = []
    if react.get("shields"):
        r.append(_icon("shield", _plural(react["shields"], "shield")))
    if react.get("steps") is not None:
        r.append(_icon("react move", f"move {react['steps']}") if react["steps"]
                 else _icon("turn", "turn"))
    if react.get("displace"):
        r.append(_icon("displace", "displace"))
    for icons, section in ((m, move), (a, attack), (r, react)):
        power = section.get("power") or 0
        if power:
            icons.append(_icon("power up" if power > 0 else "power down",
                               f"power {'+' if power > 0 else ''}{power}"))
    return {"move": m, "attack": a, "reaction": r}


def _why_not(section: str, card: CardData, unit: UnitData | None) -> str:
    """Why a Move or Attack section cannot be used on this turn (HX-24, HX-A3, HX-A21)."""
    power = card["attack"]["power"] if section == "attack" else card["move"]["power"]
    if power < 0 and unit is not None and not unit["power"]:
        return "needs a Power token"
    return "no target in reach" if section == "attack" else "no legal path"


def render(page: SeatPage[HexView]) -> Rendered:
    """One seat's regions, from its view alone (the Dice panel from its public events)."""
    view = page.view.to_dict()
    log = [entry["text"] for entry in view["log"]]
    first = first_shown(len(log))
    ctx = context(view, {"dice": last_attack(page.view.events),
                         "log": page_log(log[first:], first, page),
                         "replay": page.replay, "controller": page.controller})
    return Rendered(regions(ctx), announcement(ctx), bool(ctx["mine"]))


def context(view: HexViewData, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the region templates need, from the seat's view dict only (`extra`:
    the Dice panel's attack, the log with the table's notices, whether it is a replay's
    step, who plays the deciding seat)."""
    choices = _choices(view)
    names = view["seat_names"]
    seat = view["seat"]
    pending = view["pending"]
    hand = []
    turn_now = any(c.kind in (Kind.PLAY_MOVE, Kind.PLAY_ATTACK) for c in choices)
    me = next((u for u in view["units"] if u["seat"] == seat), None)
    for slot, key in enumerate(view["hand"]):
        card = view["cards"][key]
        plays = {CARD_CHOICES[c.kind]: c for c in choices
                 if c.kind in CARD_CHOICES and c.arg == slot}
        blocked = {}
        if turn_now:
            blocked = {section: _why_not(section, card, me) for section in ("move", "attack")
                       if section not in plays}
        hand.append({"slot": slot, "key": key, "name": card["name"],
                     "icons": card_icons(card), "plays": plays, "blocked": blocked})
    line = view["line"]
    slots = [{"seat": c if isinstance(c, int) else None, "special": c == "special",
              "hidden": c is None, "current": i == line["at"], "done": i < line["at"],
              "name": names[c] if isinstance(c, int) else "Special" if c == "special" else "?"}
             for i, c in enumerate(line["cards"])]
    units = [{**u, "seat_name": names[u["seat"]], "mark": MARKS[u["seat"] % len(MARKS)],
              "facing_name": FACING_NAMES[u["facing"]],
              "hand": view["hand_counts"][u["seat"]], "deck": view["deck_counts"][u["seat"]],
              "discards": [view["cards"][k]["name"] for k in view["discards"][u["seat"]]
                           if k in view["cards"]]}
             for u in view["units"]]
    decider = pending["seat"] if pending else view["active"]
    winner = view["winner"]
    return {"view": view, "seat": seat, "names": names, "choices": choices,
            "mine": bool(choices), "board": board(view, choices), "hand": hand,
            "line": slots, "units": units, "pending": pending or {},
            "decider": names[decider] if isinstance(decider, int) and decider >= 0 else None,
            "phase": PHASES.get(view["phase"], view["phase"]),
            "pending_words": PENDING.get(pending["kind"], pending["kind"]) if pending else "",
            "winner": names[winner] if isinstance(winner, int) else None,
            "over": view["over"], "marks": MARKS,
            "log": [entry["text"] for entry in view["log"]],
            "replay": False, "controller": HUMAN, **(extra or {}),
            "dice": dice_panel((extra or {}).get("dice"), names,
                               pending["attacker"] if pending else None, seat)}


def regions(ctx: dict[str, Any]) -> dict[str, str]:
    """Each region's HTML (`hex/_<name>.html`)."""
    return {f"hx-{name}": str(env.get_template(f"hex/_{name}.html").render(ctx))
            for name in REGIONS}


def announcement(ctx: dict[str, Any]) -> str:
    """What a screen reader hears after a change (the status line in short)."""
    if ctx["over"]:
        return f"Game over: {ctx['winner']} wins." if ctx["winner"] else "Game over: a draw."
    if ctx["mine"]:
        return "Your decision: " + ", ".join(c.label for c in ctx["choices"][:3]) + \
            ("…" if len(ctx["choices"]) > 3 else "")
    return f"Waiting for {ctx['decider']}." if ctx["decider"] else ""
