"""A hand-built seat view dict in the shape of `HexView.to_dict()` (COMMON18 section 6),
for renderer tests that need no game."""

from __future__ import annotations

from typing import Any

from initiative.games.hex.actions import Kind, act, action_text, index
from initiative.games.hex.geometry import FACING_NAMES, hexagon


def choice(kind: Kind, arg: int, label: str) -> dict[str, Any]:
    """A `legal` entry as the view writes it."""
    action = act(kind, arg)
    text = action_text(action)
    return {"index": index(action), "kind": text.split(" ")[0], "arg": arg, "text": text,
            "label": label}


def sample_view(pending_kind: str = "move") -> dict[str, Any]:
    """Seat 0 mid-move on a radius-3 board with two walls; its legal steps, a facing
    choice absent; seat 1 stands two hexes away facing south."""
    legal: dict[str, list[dict[str, Any]]] = {
        "move": [choice(Kind.STEP, 0, "Step north"), choice(Kind.STEP, 2, "Step south-east")],
        "face": [choice(Kind.FACE, f, f"Face {FACING_NAMES[f]}") for f in range(6)],
        "target": [choice(Kind.TARGET, 1, "Attack Bea")],
        "order": [choice(Kind.ORDER, 1, "Bea reacts next")],
        "turn": [choice(Kind.PLAY_MOVE, 0, "Play Lunge for its Move"),
                 choice(Kind.PLAY_ATTACK, 0, "Play Lunge for its Attack")],
    }
    card = {"name": "Lunge", "move": {"steps": 2, "displace": False, "power": 0},
            "attack": {"dice": 2, "barrage": False, "fumble": False, "push": True, "power": 1},
            "reaction": {"shields": 1, "steps": None, "displace": False, "power": 0}}
    return {
        "game": "hex_skirmish", "seat": 0, "seat_names": ["Ann", "Bea"], "round": 1,
        "phase": "resolution",
        "board": {"key": "ring", "name": "The Ring",
                  "hexes": [list(h) for h in hexagon(3)], "walls": [[1, 0], [-1, 1]]},
        "units": [
            {"seat": 0, "name": "Ann", "character": "duelist", "character_name": "Duelist",
             "style": "blade", "hex": [0, 1], "facing": 0, "health": 4, "max_health": 5,
             "power": 1, "alive": True},
            {"seat": 1, "name": "Bea", "character": "brute", "character_name": "Brute",
             "style": "blade", "hex": [0, -1], "facing": 3, "health": 5, "max_health": 5,
             "power": 0, "alive": True},
        ],
        "styles": {"blade": {"name": "Blade", "hexes": [
            {"offset": [0, -1], "needs": 3}, {"offset": [1, -1], "needs": 4},
            {"offset": [-1, 0], "needs": 4}, {"offset": [0, -2], "needs": 4}]}},
        "cards": {"lunge": card},
        "line": {"cards": [0, 1, None, "special"], "at": 1},
        "active": 0, "hand": ["lunge"], "hand_counts": [1, 3], "deck_counts": [6, 5],
        "discards": [["lunge"], []],
        "pending": {"kind": pending_kind, "seat": 0, "unit": 0, "steps_left": 2,
                    "card": "lunge", "section": "move", "attacker": None, "targets": [],
                    "rolls": {"1": [3, 5]}, "hits": {"1": 2}},
        "legal": legal.get(pending_kind, []),
        "log": [{"text": "Ann plays Lunge for its Move."}],
        "winner": None, "over": False,
    }
