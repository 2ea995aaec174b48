"""A hand-built seat view dict in the shape of `TIView.to_dict()` (games/ti/view.py),
for renderer tests that need no game: seat 0 (Ann) at its main step on a 2x3 board
with a locked door, a wall token, face-up tokens and an enemy; seat 1 (Bea) holds 3
cards whose values this view never has."""

from __future__ import annotations

from typing import Any

from initiative.games.ti.actions import Kind, act, action_text, index, play, tuck


def choice(action: Any, label: str) -> dict[str, Any]:
    """A `legal` entry as the view writes it."""
    text = action_text(action)
    return {"index": index(action), "kind": text.split(" ")[0], "arg": action.arg,
            "text": text, "label": label}


def card(cid: int, suit: str | None, value: int, time: int = 0) -> dict[str, Any]:
    return {"id": cid, "key": f"c{cid}", "suit": suit, "value": value, "time": time}


def token(tid: int, kind: str, glyph: str | None = None, **more: Any) -> dict[str, Any]:
    return {"id": tid, "kind": kind, "glyph": glyph, "icon": more.get("icon"),
            "blue": more.get("blue", False), "pile": more.get("pile"),
            "on_mission": more.get("on_mission", False)}


HAND = [card(3, "circle", 2), card(7, "square", 5), card(20, "triangle", 9),
        card(33, "circle", 12)]


def legal_for(kind: str) -> list[dict[str, Any]]:
    """The seat's legal actions for a pending kind."""
    if kind == "turn":
        return [choice(play(0, 20), "Play 9 of triangle on RUN"),
                choice(play(0, 33), "Play 12 of circle on RUN"),
                choice(play(2, 33), "Play 12 of circle on GATHER"),
                choice(play(3, 7), "Play 5 of square on REGROUP"),
                choice(act(Kind.SPECIAL), "Use Sprinter's special action"),
                choice(tuck(0, 7), "Tuck 5 of square under the Watchdog"),
                choice(act(Kind.SOLVE), "Propose an answer")]
    if kind == "run":
        return [choice(act(Kind.MOVE, 1), "Move to the Hall"),
                choice(act(Kind.MOVE, 3), "Move to the Lab"),
                choice(act(Kind.STOP), "Stop moving")]
    if kind == "gather":
        return [choice(act(Kind.COLLECT, 2), "Collect the alpha token"),
                choice(act(Kind.REVEAL), "Reveal the top token here"),
                choice(act(Kind.STOP), "Stop")]
    if kind == "keypad":
        return [choice(act(Kind.DOOR, 0), "Unlock the door between the Hall and the Vault")]
    if kind == "disarm":
        return [choice(act(Kind.DISARM, 5), "Disarm the camera in the Office"),
                choice(act(Kind.DISARM, 9), "Disarm the counter intel on INTEL")]
    if kind == "answer":
        return [choice(act(Kind.SYMBOL, i), f"Enter {s}") for i, s in enumerate("EYX")]
    if kind == "vote":
        return [choice(act(Kind.YES), "Vote yes"), choice(act(Kind.NO), "Vote no")]
    if kind == "enemy_move":
        return [choice(act(Kind.ENEMY_TO, 1), "The Watchdog goes to the Hall"),
                choice(act(Kind.ENEMY_TO, 3), "The Watchdog goes to the Lab")]
    if kind == "discard":
        return [choice(act(Kind.DISCARD, c["id"]), f"Discard {c['value']} of {c['suit']}")
                for c in HAND]
    if kind == "arrange":
        return [choice(act(Kind.ARRANGE, c), f"Put card {c} back next") for c in (21, 22)]
    return []


def sample_view(kind: str = "turn", seat: int = 0) -> dict[str, Any]:
    pending: dict[str, Any] = {"kind": kind, "seat": 0, "left": None, "room": None,
                               "enemy": None, "token": None}
    if kind in ("answer", "vote"):
        pending["answer"] = ["E"] if kind == "answer" else ["E", "Y", "E"]
    if kind == "vote":
        pending["votes"] = {"0": True}
        pending["seat"] = 1
    return {
        "game": "the_initiative", "seat": seat, "seat_names": ["Ann", "Bea"],
        "mission": {"key": "eye", "number": 1, "name": "Eye", "question":
                    "Which three-letter word opens the vault?", "intro": "A quiet night.",
                    "alphabet": ["E", "Y", "X"], "answer_positions": 3, "answer_area": None,
                    "glyphs": ["alpha", "beta"]},
        "glyphs": {"alpha": {"name": "alpha", "mark": "o-+"}, "beta": {"name": "beta",
                                                                     "mark": "β"},
                   "gamma": {"name": "gamma", "mark": "γ"}},
        "board": {"key": "office", "name": "Office", "cols": 3, "rows": 2,
                  "rooms": [{"key": "r1", "name": "Office", "col": 0, "row": 0},
                            {"key": "r2", "name": "Hall", "col": 1, "row": 0},
                            {"key": "r3", "name": "Vault", "col": 2, "row": 0},
                            {"key": "r4", "name": "Lab", "col": 0, "row": 1}],
                  "links": [{"a": 0, "b": 1, "kind": "open", "locked": False, "door": None},
                            {"a": 1, "b": 2, "kind": "door", "locked": True, "door": 0},
                            {"a": 0, "b": 3, "kind": "open", "locked": False, "door": None},
                            {"a": 1, "b": 3, "kind": "wall_token", "locked": False,
                             "door": None}]},
        "rooms": [{"stack": 2, "face_up": [token(2, "glyph", "alpha", on_mission=True,
                                                  icon="spiral"), token(5, "camera")],
                   "features": [token(12, "entrance")], "characters": [0, 1],
                   "enemies": [0]},
                  {"stack": 1, "face_up": [token(4, "glyph", "gamma")], "features": [],
                   "characters": [], "enemies": []},
                  {"stack": 3, "face_up": [], "features": [token(13, "safe")],
                   "characters": [], "enemies": []},
                  {"stack": 0, "face_up": [], "features": [], "characters": [],
                   "enemies": []}],
        "console": {"windows": [{"glyph": "alpha", "open": True, "symbols": ["E"]},
                                {"glyph": "beta", "open": False, "symbols": None},
                                {"glyph": "alpha", "open": True, "symbols": ["E"]}]},
        "characters": [{"seat": 0, "key": "sprinter", "name": "Sprinter",
                        "ability": "move_2", "text": "Move up to 2 rooms.", "room": 0},
                       {"seat": 1, "key": "analyst", "name": "Analyst",
                        "ability": "reveal_here", "text": "Reveal the top token here.",
                        "room": 0}],
        "enemies": [{"key": "watchdog", "name": "Watchdog", "suits": ["square"],
                     "strength": 10, "room": 0, "defeated": False,
                     "tucked": [card(9, "square", 4)], "totals": {"square": 4},
                     "abilities": [{"icon": "spiral", "text": "Moves 1 room toward the "
                                    "nearest player."}]}],
        "piles": [{"key": "run", "top": card(1, "square", 8), "cards": [card(1, "square", 8)],
                   "counter_intel": []},
                  {"key": "intel", "top": None, "cards": [], "counter_intel": [9]},
                  {"key": "gather", "top": card(11, "triangle", 10),
                   "cards": [card(11, "triangle", 10)], "counter_intel": []},
                  {"key": "regroup", "top": card(2, "circle", 3),
                   "cards": [card(2, "circle", 3)], "counter_intel": []}],
        "hand": HAND if seat >= 0 else [], "hand_counts": [4, 3], "deck_count": 21,
        "discard": [card(36, None, 0, 1), card(14, "square", 6)], "discard_time": 1,
        "peril": False, "time_limit": 3, "turn": 3, "active": 0, "first": 0,
        "actions_taken": 0, "tucked": False, "proposals": 0,
        "phase": "solve" if kind in ("answer", "vote") else "actions",
        "pending": pending, "secrets": [],
        "legal": legal_for(kind) if pending["seat"] == seat else [],
        "tokens_gone": [], "tokens_collected": [],
        "log": [{"text": "Ann plays 8 of square on RUN."}], "result": None, "over": False,
        **({"deck_top": [card(21, "circle", 7), card(22, "square", 1)]}
           if kind == "arrange" else {}),
    }


def finished_view(won: bool) -> dict[str, Any]:
    view = sample_view("turn")
    view.update(phase="over", over=True, pending=None, legal=[], result={
        "won": won, "reason": "solved" if won else "wrong_answer", "answer": ["E", "Y", "E"],
        "entered": ["E", "Y", "E"] if won else ["E", "X", "E"],
        "story": "The vault opens." if won else "The guards arrive."})
    return view
