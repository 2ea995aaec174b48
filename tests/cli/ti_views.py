"""A hand-built view dict of The Initiative (the `TIView.to_dict()` shape, COMMON
interface 3), so the map and the screen are tested without a game: the six-room
sample board of OTHER-RULINGS 3c with a locked door, a wall token, tokens and an enemy."""

from __future__ import annotations

from typing import Any

ROOMS = [("r1", "Lobby", 0, 0), ("r2", "Archive", 1, 0), ("r3", "Server Room", 2, 0),
         ("r4", "Loading Bay", 0, 1), ("r5", "Corridor", 1, 1), ("r6", "Vault", 2, 1)]


def card(i: int, suit: str | None, value: int, time: int = 0) -> dict[str, Any]:
    return {"id": i, "key": f"{suit or 'time'}-{value or i}", "suit": suit,
            "value": value, "time": time}


def token(i: int, kind: str, glyph: str | None = None, icon: str | None = None,
          pile: str | None = None, on_mission: bool = True,
          blue: bool = False) -> dict[str, Any]:
    return {"id": i, "kind": kind, "glyph": glyph, "icon": icon, "blue": blue,
            "pile": pile, "on_mission": on_mission}


def room(stack: int = 0, face_up: list[dict[str, Any]] | None = None,
         features: list[dict[str, Any]] | None = None, characters: list[int] | None = None,
         enemies: list[int] | None = None) -> dict[str, Any]:
    return {"stack": stack, "face_up": face_up or [], "features": features or [],
            "characters": characters or [], "enemies": enemies or []}


def view(seat: int = 0, *, legal: list[dict[str, Any]] | None = None,
         pending: dict[str, Any] | None = None, hand: list[dict[str, Any]] | None = None,
         log: list[str] | None = None, result: dict[str, Any] | None = None,
         windows_open: bool = False) -> dict[str, Any]:
    """Seat `seat`'s view, mid-game: two people in the Lobby, the Watchdog in the
    Corridor, a camera and a glyph face up in the Archive, INTEL blocked."""
    return {
        "game": "the_initiative", "seat": seat, "seat_names": ["Ann", "Bo"],
        "mission": {"key": "eye", "number": 1, "name": "Eye", "question":
                    "Which three-letter word opens the vault?", "intro": "Get in.",
                    "alphabet": list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), "answer_positions": 3,
                    "answer_area": None, "glyphs": ["alpha", "beta"]},
        "glyphs": {"alpha": {"name": "Alpha", "mark": "al"},
                   "beta": {"name": "Beta", "mark": "be"},
                   "gamma": {"name": "Gamma", "mark": "ga"}},
        "board": {"key": "office", "name": "Office", "cols": 3, "rows": 2,
                  "rooms": [{"key": k, "name": n, "col": c, "row": r}
                            for k, n, c, r in ROOMS],
                  "links": [{"a": a, "b": b, "kind": kind, "locked": locked, "door": door}
                            for a, b, kind, locked, door in [
                                (0, 1, "open", False, None), (0, 3, "open", False, None),
                                (1, 2, "door", True, 0), (1, 4, "open", False, None),
                                (2, 5, "open", False, None),
                                (3, 4, "wall_token", False, None),
                                (4, 5, "open", False, None)]]},
        "rooms": [room(2, features=[token(20, "entrance")], characters=[0, 1]),
                  room(1, face_up=[token(3, "glyph", "alpha", "spiral"),
                                   token(7, "camera")]),
                  room(3, face_up=[token(5, "glyph", "gamma", on_mission=False)]),
                  room(2), room(0, features=[token(21, "laser_tripwire")], enemies=[0]),
                  room(3, features=[token(22, "safe")])],
        "console": {"windows": [{"glyph": "alpha", "open": windows_open,
                                 "symbols": ["E"] if windows_open else None},
                                {"glyph": "beta", "open": False, "symbols": None},
                                {"glyph": "alpha", "open": windows_open,
                                 "symbols": ["E"] if windows_open else None}]},
        "characters": [{"seat": 0, "key": "sprinter", "name": "Sprinter",
                        "ability": "move_2", "text": "Move up to 2 rooms.", "room": 0},
                       {"seat": 1, "key": "lookout", "name": "Lookout",
                        "ability": "arrange_top_3", "text": "Look at the top 3 cards.",
                        "room": 0}],
        "enemies": [{"key": "watchdog", "name": "Watchdog", "suits": ["square"],
                     "strength": 10, "room": 4, "defeated": False,
                     "tucked": [card(30, "square", 4)], "totals": {"square": 4},
                     "abilities": [{"icon": "spiral", "text": "Moves 1 room toward the "
                                                              "nearest player."}]}],
        "piles": [{"key": "run", "top": card(11, "circle", 7),
                   "cards": [card(2, "circle", 2), card(11, "circle", 7)],
                   "counter_intel": []},
                  {"key": "intel", "top": None, "cards": [], "counter_intel": [9]},
                  {"key": "gather", "top": None, "cards": [], "counter_intel": []},
                  {"key": "regroup", "top": None, "cards": [], "counter_intel": []}],
        "hand": hand if hand is not None else [card(1, "circle", 9), card(14, "square", 3)],
        "hand_counts": [2, 4], "deck_count": 21,
        "discard": [card(36, None, 0, 1), card(39, None, 0, 2), card(16, "square", 5)],
        "discard_time": 3, "peril": False, "time_limit": 3, "turn": 4, "active": max(seat, 0),
        "first": 0, "actions_taken": 0, "tucked": False, "proposals": 0,
        "phase": "over" if result else "actions", "pending": pending,
        "secrets": [], "legal": legal or [],
        "log": [{"text": t} for t in (log or ["Ann plays 2 circle on RUN."])],
        "result": result, "over": result is not None}
