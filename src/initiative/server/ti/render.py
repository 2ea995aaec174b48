"""What one seat of a The Initiative table sees: HTML regions built from that seat's view
dict alone (`TIView.to_dict()`, games/ti/view.py), so no page or frame can carry
another seat's hand values, the deck order, a face-down token, a closed window or the
answer before the end (the view never holds them).

The board is inline SVG: each room a box on its grid cell with its name, its face-down
stack count, face-up tokens (a glyph's mark, a trap's sign and word), features, the
characters' standees (seat colour and mark) and the enemies; printed passages join
rooms, a wall token crosses one out, a door is drawn locked or open. Rooms that are a
legal MOVE / ROOM / ENEMY_TO target, tokens that may be collected, removed or disarmed
and doors a keypad may open are clickable there. The hand offers each card's plays
(one button per pile, plus discard and tuck), and greys a card no pile takes with the
reason (TI-12, TI-30, TI-34). Every legal action is also a button of the choices list
(its `label`): the board and the hand are shortcuts, never the only way.

Regions (element ids of ti/table.html): `ti-status`, `ti-board`, `ti-console`,
`ti-actions`, `ti-piles`, `ti-hand`, `ti-enemies`, `ti-team`, `ti-log`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from initiative.games.ti.actions import PILES, Kind, from_index, parts
from initiative.games.ti.events import PRIVATE, Event
from initiative.games.ti.view import TIView
from initiative.games.ti.view_data import (
    CardData,
    RoomPlaceData,
    TIViewData,
    TokenData,
)
from initiative.server import choices as offered
from initiative.server.log_lines import first_shown, page_log
from initiative.server.pages import env
from initiative.server.parts import HUMAN, Rendered, SeatPage

REGIONS = ("status", "board", "console", "actions", "piles", "hand", "enemies", "team", "log")
ROOM_W, ROOM_H, GAP = 176.0, 132.0, 44.0
"""A room's box and the space between boxes (SVG user units)."""
MARKS = ("●", "▲", "■", "◆")
"""Seat marks beside the colour (colour is never the only sign of a seat)."""
SUITS = {"circle": "●", "square": "■", "triangle": "▲"}
"""Each suit's sign (beside its name: the sign alone never carries the meaning)."""
PILE_NAMES = {"run": "RUN", "intel": "INTEL", "gather": "GATHER", "regroup": "REGROUP"}
PILE_TEXT = {
    "run": "move up to 3 rooms (TI-17)",
    "intel": "reveal up to 2 tokens in any room (TI-19)",
    "gather": "collect up to 2 tokens in your room (TI-21)",
    "regroup": "clear another pile (TI-A2)",
}
TOKEN_SIGNS: dict[str, tuple[str, str]] = {
    "glyph": ("", "glyph"), "keypad": ("#", "keypad"), "computer": ("⌨", "computer"),
    "camera": ("◉", "camera"), "gas": ("☁", "gas"), "counter_intel": ("⊘", "counter intel"),
    "alarm": ("!", "alarm"), "master_camera": ("◎", "master camera"),
    "master_alarm": ("‼", "master alarm"), "blank": ("·", "blank"),
    "entrance": ("⇥", "entrance"), "laser_tripwire": ("⚡", "tripwire"),
    "safe": ("▣", "safe"),
}
"""A token's or feature's sign and word (TI-26..TI-38)."""
ICONS = {"crescent": "☾", "spiral": "@"}
"""TI-24 sub-icons."""
PENDING = {
    "first": "choosing who goes first (TI-8)", "turn": "main step: play a card, use the "
    "special, tuck or end the turn", "run": "RUN: moving (TI-17)",
    "move_2": "special: moving up to 2 rooms", "intel_room": "INTEL: choosing a room (TI-19)",
    "intel": "INTEL: revealing (TI-19)", "gather": "GATHER: collecting (TI-21)",
    "remove": "removing a glyph not on the mission? (TI-20)",
    "collect": "collecting the revealed token? (TI-21)", "regroup": "REGROUP: choosing a pile",
    "keypad": "keypad: choosing a door (TI-32)", "disarm": "choosing what to disarm (TI-33)",
    "enemy_move": "choosing where the enemy goes (TI-42)",
    "discard": "special: discarding (TI-13)", "arrange": "arranging the deck's top (special)",
    "draw": "In Peril: draw or stop (TI-52)", "forced_pass": "no action possible: pass or "
    "solve (TI-53)", "answer": "entering the answer (TI-54)", "vote": "voting on the "
    "answer (TI-56)",
}
"""The pending decision in words (the status line)."""
PHASES = {"setup": "setup", "actions": "actions", "end": "end of turn", "solve": "solving",
          "over": "game over"}
REASONS = {"solved": "the answer was right", "wrong_answer": "the answer was wrong (TI-54)",
           "time": "time ran out: three time cards while In Peril (TI-50)",
           "stall": "nobody could act or draw (TI-A14)"}
ROOM_CHOICES = frozenset((Kind.MOVE, Kind.ROOM, Kind.ENEMY_TO))
"""Choices drawn on the room of number `arg`."""
TOKEN_CHOICES = frozenset((Kind.COLLECT, Kind.REMOVE, Kind.DISARM))
"""Choices drawn on the token of number `arg` (in a room or on a pile)."""
HAND_CHOICES = frozenset((Kind.PLAY, Kind.DISCARD, Kind.TUCK))
"""Choices drawn on a hand card."""


Choice = offered.Choice[Kind]
"""One legal action as the page offers it (server/choices.py)."""


def choices_of(view: TIViewData) -> list[Choice]:
    return offered.choices_of(view["legal"], lambda index: from_index(index).kind)


def card_text(card: CardData | None) -> str:
    """A card in short: value and suit sign ("7●"), or "time ×2"; "—" for none."""
    if card is None:
        return "—"
    if card.get("time"):
        return "time" if card["time"] == 1 else f"time ×{card['time']}"
    suit = card.get("suit")
    return f"{card['value']}{SUITS.get(str(suit), '') if suit else ''}"


def card_words(card: CardData) -> str:
    """A card in words for a screen reader or a tooltip ("7 of circle")."""
    if card.get("time"):
        return f"time card ({card['time']} time)"
    return f"{card['value']} of {card['suit']}" if card.get("suit") else str(card["value"])


def token_info(token: TokenData, view: TIViewData) -> dict[str, Any]:
    """A face-up token or feature: its sign, its words and whether it matters."""
    kind = str(token["kind"])
    sign, word = TOKEN_SIGNS.get(kind, ("?", kind))
    glyph = token.get("glyph")
    if kind == "glyph" and glyph:
        g = view["glyphs"].get(glyph, {"name": glyph, "mark": glyph[:2]})
        sign, word = str(g["mark"]), str(g["name"])
        word += " (on the mission)" if token.get("on_mission") else " (not on the mission)"
    elif kind == "counter_intel" and token.get("pile"):
        word += f" ({PILE_NAMES.get(str(token['pile']), token['pile'])})"
    icon = token.get("icon")
    if icon:
        word += f", {icon}"
    trap = kind in ("camera", "gas", "counter_intel", "alarm", "laser_tripwire", "safe")
    return {"id": int(token["id"]), "kind": kind, "sign": sign, "word": word,
            "icon": ICONS.get(str(icon), "") if icon else "", "blue": bool(token.get("blue")),
            "trap": trap, "glyph": kind == "glyph", "on_mission": bool(token.get("on_mission"))}


def _edge(cx: float, cy: float, dx: float, dy: float) -> tuple[float, float]:
    """Where the ray from a room's centre along (dx, dy) leaves its box."""
    tx = (ROOM_W / 2) / abs(dx) if dx else math.inf
    ty = (ROOM_H / 2) / abs(dy) if dy else math.inf
    t = min(tx, ty)
    return cx + dx * t, cy + dy * t


def room_xy(room: RoomPlaceData) -> tuple[float, float]:
    """The top-left corner of a room's box."""
    return float(room["col"]) * (ROOM_W + GAP), float(room["row"]) * (ROOM_H + GAP)


def board(view: TIViewData, choices: list[Choice]) -> dict[str, Any]:
    """The SVG's pieces: rooms with their contents, links, and the clickable choices."""
    spec = view["board"]
    names = view["seat_names"]
    by_room = {c.arg: c for c in choices if c.kind in ROOM_CHOICES}
    by_token = {c.arg: c for c in choices if c.kind in TOKEN_CHOICES}
    by_door = {c.arg: c for c in choices if c.kind is Kind.DOOR}
    enemies = view["enemies"]
    rooms: list[dict[str, Any]] = []
    for i, (room, state) in enumerate(zip(spec["rooms"], view["rooms"], strict=True)):
        x, y = room_xy(room)
        tokens = [{**token_info(t, view), "choice": by_token.get(int(t["id"]))}
                  for t in state["face_up"]]
        features = [{**token_info(t, view), "choice": by_token.get(int(t["id"])),
                     "feature": True} for t in state["features"]]
        people = [{"seat": s, "mark": MARKS[s % len(MARKS)], "name": names[s]}
                  for s in state["characters"]]
        foes = [{"index": e, "name": enemies[e]["name"] if e < len(enemies) else "enemy"}
                for e in state["enemies"]]
        pick = by_room.get(i)
        label = "; ".join(part for part in (
            f"{room['name']}: {state['stack']} face-down",
            "face up: " + ", ".join(str(t["word"]) for t in tokens) if tokens else "",
            ", ".join(str(f["word"]) for f in features),
            ", ".join(names[s] for s in state["characters"]),
            ", ".join(str(f["name"]) for f in foes)) if part)
        rooms.append({"index": i, "key": room["key"], "name": room["name"], "x": x, "y": y,
                      "cx": x + ROOM_W / 2, "cy": y + ROOM_H / 2, "stack": state["stack"],
                      "tokens": tokens, "features": features, "people": people,
                      "foes": foes, "choice": pick, "label": label})
    links = []
    for link in spec["links"]:
        a, b = rooms[int(link["a"])], rooms[int(link["b"])]
        dx, dy = b["cx"] - a["cx"], b["cy"] - a["cy"]
        norm = math.hypot(dx, dy) or 1.0
        x1, y1 = _edge(a["cx"], a["cy"], dx / norm, dy / norm)
        x2, y2 = _edge(b["cx"], b["cy"], -dx / norm, -dy / norm)
        door = link["door"]
        kind = link["kind"]
        drawn = "wall" if kind == "wall_token" else \
            ("locked" if link["locked"] else "unlocked") if kind == "door" else "open"
        words = {"wall": "wall token", "locked": "locked door", "unlocked": "open door",
                 "open": "passage"}[drawn]
        links.append({"x1": x1, "y1": y1, "x2": x2, "y2": y2, "mx": (x1 + x2) / 2,
                      "my": (y1 + y2) / 2, "state": drawn, "door": door,
                      "label": f"{words} between {a['name']} and {b['name']}",
                      "choice": by_door.get(int(door)) if door is not None else None})
    width = max((r["x"] for r in rooms), default=0.0) + ROOM_W
    height = max((r["y"] for r in rooms), default=0.0) + ROOM_H
    pad = 6.0
    return {"viewbox": f"{-pad} {-pad} {width + 2 * pad:.0f} {height + 2 * pad:.0f}",
            "rooms": rooms, "links": links, "name": spec["name"], "w": ROOM_W, "h": ROOM_H,
            "room_choices": [c for c in choices if c.kind in ROOM_CHOICES]}


def pile_reasons(view: TIViewData, card: CardData) -> dict[str, str]:
    """Why `card` cannot go onto each pile now (pile key -> reason), read from the
    public piles and the seat's legal plays: TI-12 (strictly higher), TI-30 (counter
    intel), TI-34/TI-A19 (an alarm: the highest card for INTEL and GATHER)."""
    out = {}
    alarm = _alarm_here(view)
    for pile in view["piles"]:
        top = pile.get("top")
        if pile.get("counter_intel"):
            out[pile["key"]] = "blocked by counter intel"
        elif top is not None and int(card["value"]) <= int(top["value"]):
            out[pile["key"]] = f"not higher than the top ({card_text(top)})"
        elif alarm and pile["key"] in ("intel", "gather"):
            out[pile["key"]] = "alarm: must use your highest card"
        else:
            out[pile["key"]] = "not now"
    return out


def _alarm_here(view: TIViewData) -> bool:
    """Whether the seat's character stands in a room with a face-up alarm (TI-34; a
    master alarm counts under TI-A8's default)."""
    me = next((c for c in view.get("characters") or [] if c["seat"] == view["seat"]), None)
    if me is None:
        return False
    room = view["rooms"][int(me["room"])]
    return any(t["kind"] in ("alarm", "master_alarm") for t in
               [*room["face_up"], *room["features"]])


def why_not(view: TIViewData, card: CardData) -> str:
    """One line on why a card takes no pile now."""
    if int(view.get("actions_taken") or 0) >= 2:
        return "two actions taken this turn"
    reasons = pile_reasons(view, card)
    kinds = set(reasons.values())
    if all(r.startswith("not higher") for r in kinds):
        return "lower than every pile top"
    if kinds == {"blocked by counter intel"}:
        return "every pile blocked by counter intel"
    return "; ".join(f"{PILE_NAMES[k]}: {r}" for k, r in reasons.items())


def hand(view: TIViewData, choices: list[Choice]) -> list[dict[str, Any]]:
    """The seat's own cards with what each may do now, or why not."""
    enemies = view["enemies"]
    pending = view["pending"]
    turn_now = any(c.kind is Kind.PLAY for c in choices) or \
        (pending is not None and pending["kind"] == "turn")
    out = []
    for card in view["hand"]:
        cid = int(card["id"])
        plays: dict[str, Choice] = {}
        others = []
        for c in choices:
            if c.kind is Kind.PLAY:
                pile, which = parts(from_index(c.index))
                if which == cid:
                    plays[PILES[pile]] = c
            elif c.kind is Kind.DISCARD and c.arg == cid:
                others.append({"choice": c, "short": "Discard"})
            elif c.kind is Kind.TUCK:
                enemy, which = parts(from_index(c.index))
                if which == cid:
                    name = enemies[enemy]["name"] if enemy < len(enemies) else "the enemy"
                    others.append({"choice": c, "short": f"Tuck under {name}"})
        blocked = why_not(view, card) if turn_now and not plays else ""
        out.append({"id": cid, "text": card_text(card), "words": card_words(card),
                    "suit": card["suit"] or "time", "plays": plays, "others": others,
                    "blocked": blocked, "takes": {k: c.index for k, c in plays.items()}})
    return out


def piles(view: TIViewData, choices: list[Choice]) -> list[dict[str, Any]]:
    by_token = {c.arg: c for c in choices if c.kind in TOKEN_CHOICES}
    targets = {PILES[c.arg]: c for c in choices if c.kind is Kind.PILE}
    out = []
    for pile in view["piles"]:
        key = str(pile["key"])
        takes = {}
        for c in choices:
            if c.kind is Kind.PLAY:
                at, card = parts(from_index(c.index))
                if PILES[at] == key:
                    takes[str(card)] = c.index
        out.append({"key": key, "name": PILE_NAMES.get(key, key), "text": PILE_TEXT.get(key, ""),
                    "top": card_text(pile["top"]),
                    "top_words": card_words(pile["top"]) if pile["top"] else "empty",
                    "count": len(pile["cards"]),
                    "counter": [{"id": t, "choice": by_token.get(t)}
                                for t in pile["counter_intel"]],
                    "target": targets.get(key), "takes": takes})
    return out


def console(view: TIViewData) -> list[dict[str, Any]]:
    """The console's windows: the glyph, and its symbols once open (TI-5, TI-22)."""
    area = view["mission"].get("answer_area")
    out = []
    for i, w in enumerate(view["console"]["windows"]):
        g = view["glyphs"].get(w["glyph"], {"name": w["glyph"], "mark": w["glyph"][:2]})
        out.append({"mark": g["mark"], "name": g["name"], "open": bool(w["open"]),
                    "symbols": "".join(w.get("symbols") or []),
                    "in_area": area is not None and area[0] <= i <= area[1]})
    return out


def answer_rows(view: TIViewData, choices: list[Choice]) -> list[dict[str, Any]]:
    """One row per answer position: the symbol entered, or the buttons of the position
    being entered now (SYMBOL i = the mission alphabet's symbol i), or nothing yet."""
    pending = view["pending"]
    if pending is None or pending["kind"] not in ("answer", "vote"):
        return []
    entered = list(pending["answer"])
    symbols = [c for c in choices if c.kind is Kind.SYMBOL]
    alphabet = view["mission"]["alphabet"]
    rows = []
    for n in range(int(view["mission"]["answer_positions"])):
        row: dict[str, Any] = {"n": n + 1, "entered": entered[n] if n < len(entered) else "",
                               "buttons": []}
        if n == len(entered) and symbols:
            row["buttons"] = [{"choice": c, "symbol": alphabet[c.arg]
                               if c.arg < len(alphabet) else str(c.arg)} for c in symbols]
        rows.append(row)
    return rows


def votes(view: TIViewData) -> list[dict[str, Any]]:
    """Each seat's vote on the answer proposed (TI-56): yes, no, or waiting."""
    pending = view["pending"]
    if pending is None or pending["kind"] != "vote":
        return []
    cast = pending["votes"]
    proposer = view["active"]
    out = []
    for seat, name in enumerate(view["seat_names"]):
        vote = cast.get(str(seat))
        state = "proposed" if seat == proposer else \
            "yes" if vote is True else "no" if vote is False else "waiting"
        out.append({"seat": seat, "name": name, "state": state,
                    "now": seat == pending["seat"]})
    return out


def render(page: SeatPage[TIView]) -> Rendered:
    """One seat's regions, from its view alone (the log with the table's notices)."""
    view = page.view.to_dict()
    log = [entry["text"] for entry in view["log"]]
    first = first_shown(len(log))
    def place(public: Sequence[int]) -> list[int]:
        return seat_positions(page.view.events, public)

    ctx = context(view, {"log": page_log(log[first:], first, page, place),
                         "replay": page.replay, "controller": page.controller})
    return Rendered(regions(ctx), announcement(ctx), bool(ctx["mine"]))


def public_count(events: Sequence[Event]) -> int:
    """Entries of a log every seat sees alike (a notice's position counts these)."""
    return sum(1 for e in events if e[0] not in PRIVATE)


def seat_positions(events: Sequence[Event], public_at: Sequence[int]) -> list[int]:
    """Where in one seat's log (its own private entries included) each public position
    falls."""
    places: list[int] = []
    for at in public_at:
        seen = index = 0
        while index < len(events) and seen < at:
            seen += events[index][0] not in PRIVATE
            index += 1
        places.append(index)
    return places


def context(view: TIViewData, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the region templates need, from the seat's view dict only (`extra`:
    the log with the table's notices, whether it is a replay's step, who plays the
    deciding seat)."""
    choices = choices_of(view)
    names = view["seat_names"]
    seat = view["seat"]
    pending = view["pending"]
    decider = pending["seat"] if pending else view["active"]
    rooms = view["board"]["rooms"]
    characters = [{**c, "mark": MARKS[c["seat"] % len(MARKS)], "seat_name": names[c["seat"]],
                   "room_name": rooms[c["room"]]["name"], "hand": view["hand_counts"][c["seat"]]}
                  for c in view["characters"]]
    enemies = [{**e, "index": i,
                "room_name": rooms[e["room"]]["name"] if e["room"] is not None else "",
                "tucks": [c for c in choices if c.kind is Kind.TUCK
                          and parts(from_index(c.index))[0] == i],
                "tucked_text": ", ".join(card_text(c) for c in e["tucked"]),
                "suit_signs": " ".join(f"{SUITS.get(s, '')} {s}" for s in e["suits"])}
               for i, e in enumerate(view["enemies"])]
    discard = view["discard"]
    result = view["result"]
    arrange = [{"card": card_text(c), "choice": next(
        (x for x in choices if x.kind is Kind.ARRANGE and x.arg == int(c["id"])), None)}
        for c in view.get("deck_top") or []]
    return {"view": view, "seat": seat, "names": names, "choices": choices,
            "mine": bool(choices), "board": board(view, choices), "hand": hand(view, choices),
            "piles": piles(view, choices), "windows": console(view),
            "answer_rows": answer_rows(view, choices), "votes": votes(view),
            "characters": characters, "enemies": enemies, "pending": pending or {},
            "decider": names[decider] if isinstance(decider, int) and 0 <= decider < len(names)
            else None,
            "phase": PHASES.get(str(view["phase"]), str(view["phase"])),
            "pending_words": PENDING.get(pending["kind"], pending["kind"]) if pending else "",
            "discard_top": card_text(discard[-1]) if discard else "—",
            "arrange": arrange, "over": view["over"], "result": result,
            "reason": REASONS.get(str(result["reason"]), str(result["reason"]))
            if result else "", "marks": MARKS,
            "yes_no": [c for c in choices if c.kind in (Kind.YES, Kind.NO)],
            "answer_controls": [c for c in choices if c.kind in (Kind.ANNOUNCE, Kind.ERASE)],
            "log": [entry["text"] for entry in view["log"]],
            "replay": False, "controller": HUMAN, **(extra or {})}


def regions(ctx: dict[str, Any]) -> dict[str, str]:
    """Each region's HTML (`ti/_<name>.html`)."""
    return {f"ti-{name}": str(env.get_template(f"ti/_{name}.html").render(ctx))
            for name in REGIONS}


def announcement(ctx: dict[str, Any]) -> str:
    """What a screen reader hears after a change (the status line in short)."""
    if ctx["over"]:
        result = ctx["result"] or {}
        return "Game over: " + ("the team wins." if result.get("won") else
                                f"the team loses: {ctx['reason']}.")
    if ctx["mine"]:
        return "Your decision: " + ", ".join(c.label for c in ctx["choices"][:3]) + \
            ("…" if len(ctx["choices"]) > 3 else "")
    return f"Waiting for {ctx['decider']}." if ctx["decider"] else ""
