"""A small, complete content file as a Python mapping, for tests that break one field
at a time (`broken`) and check what the schema, the linter and the loader say."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import yaml

WHERE = "kit.yaml"
CARD_KEYS = ("step", "lunge", "brace", "shove")


def _card(key: str, move: dict[str, Any], dice: int,
          reaction: dict[str, Any]) -> dict[str, Any]:
    return {"key": key, "name": key.title(), "move": move, "attack": {"dice": dice},
            "reaction": reaction}


def kit() -> dict[str, Any]:
    """Two boards' worth of everything: one board seating 2-4, two styles, four cards,
    a deck and two characters."""
    return {
        "default_board": "yard",
        "boards": [{
            "key": "yard", "name": "Yard", "radius": 2, "walls": [[1, 0]],
            "starts": {
                2: [{"hex": [0, 2], "facing": "N"}, {"hex": [0, -2], "facing": "S"}],
                3: [{"hex": [0, 2], "facing": "N"}, {"hex": [0, -2], "facing": 3},
                    {"hex": [-2, 0], "facing": "SE"}],
                4: [{"hex": [0, 2], "facing": "N"}, {"hex": [0, -2], "facing": "S"},
                    {"hex": [-2, 0], "facing": "SE"}, {"hex": [2, -1], "facing": "NW"}],
            },
        }],
        "styles": [
            {"key": "jab", "name": "Jab", "hexes": [{"at": "front", "needs": 3}]},
            {"key": "pike", "name": "Pike",
             "hexes": [{"at": ["front", "front"], "needs": 4},
                       {"at": ["front-left"], "needs": 4}]},
        ],
        "cards": [_card("step", {"steps": 1}, 1, {"shields": 1}),
                  _card("lunge", {"steps": 2}, 2, {"steps": 1}),
                  _card("brace", {"steps": 0}, 1, {"shields": 2}),
                  _card("shove", {"steps": 1, "power": "up"}, 3, {"power": "down"})],
        "decks": [{"key": "basic", "name": "Basic", "cards": list(CARD_KEYS)}],
        "characters": [
            {"key": "ash", "name": "Ash", "style": "jab", "deck": "basic"},
            {"key": "birch", "name": "Birch", "style": "pike",
             "deck": ["lunge", "lunge", "step", "brace", "shove"]},
        ],
    }


def text(data: dict[str, Any]) -> str:
    return yaml.safe_dump(data, sort_keys=False)


def broken(change: Callable[[dict[str, Any]], object]) -> str:
    """The kit's text after `change` edits a copy of it in place."""
    data = copy.deepcopy(kit())
    change(data)
    return text(data)
