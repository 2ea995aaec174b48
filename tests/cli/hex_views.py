"""Hand-built hex skirmish view dicts (the HexView.to_dict() shape, docs/hex.md), so the
map and the screen are tested without a game."""

from __future__ import annotations

from typing import Any

from initiative.games.hex.geometry import Hex, hexagon

BOARD = hexagon(4)
WALLS = [Hex(2, -2), Hex(2, -1), Hex(-1, 1)]
LANCE: list[dict[str, Any]] = [{"offset": [0, -1], "needs": 3},
                               {"offset": [0, -2], "needs": 4},
                               {"offset": [1, -2], "needs": 4}]
CARDS: dict[str, dict[str, Any]] = {
    "lunge": {"name": "Lunge",
              "move": {"steps": 2, "displace": True, "power": 1},
              "attack": {"dice": 2, "barrage": False, "fumble": False, "push": True,
                         "power": 0},
              "reaction": {"shields": 1, "steps": None, "displace": False, "power": 0}},
    "sweep": {"name": "Sweep",
              "move": {"steps": 0, "displace": False, "power": 0},
              "attack": {"dice": 1, "barrage": True, "fumble": True, "push": False,
                         "power": -1},
              "reaction": {"shields": 0, "steps": 1, "displace": True, "power": 1}},
}


def unit(seat: int, at: Hex | None, facing: int, alive: bool = True) -> dict[str, Any]:
    return {"seat": seat, "name": f"P{seat}", "character": "c", "character_name": "Rook",
            "style": "lance", "hex": None if at is None else list(at), "facing": facing,
            "health": 5 if alive else 0, "max_health": 5, "power": seat, "alive": alive}


def view(units: list[dict[str, Any]], *, seat: int = 0,
         pending: dict[str, Any] | None = None,
         legal: tuple[tuple[str, int], ...] = (), hand: tuple[str, ...] = (),
         log: tuple[str, ...] = ()) -> dict[str, Any]:
    """A view of seat `seat`; `legal` as (kind, arg) pairs, texted the way actions.py does."""
    seats = max((int(u["seat"]) for u in units), default=1) + 1
    return {"game": "hex_skirmish", "seat": seat,
            "seat_names": ["Ann", "Bo", "Cy", "Di"][:max(seats, 2)],
            "round": 1, "phase": "resolution",
            "board": {"key": "ring", "name": "Ring", "hexes": [list(h) for h in BOARD],
                      "walls": [list(h) for h in WALLS]},
            "units": units, "styles": {"lance": {"name": "Lance", "hexes": LANCE}},
            "cards": CARDS, "line": {"cards": [0, 1, 1, 0, "special"], "at": 2},
            "active": 1, "hand": list(hand), "hand_counts": [len(hand), 3],
            "deck_counts": [6, 7], "discards": [[], ["sweep"]], "pending": pending,
            "legal": [{"index": 0, "kind": k, "arg": a, "text": f"{k} {a}",
                       "label": f"do {k} {a}"} for k, a in legal],
            "log": [{"text": t} for t in log], "winner": None, "over": False}
