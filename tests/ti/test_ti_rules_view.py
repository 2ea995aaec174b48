"""The view's shape (the keys front ends and bots read) at every kind of decision,
and what each viewer gets (TI-15: own hand only; GAME_MASTER: every hand)."""

from __future__ import annotations

import random
from typing import Any

from initiative.engine.contract import GAME_MASTER, SPECTATOR
from tests.ti.play import step
from tests.ti.sample import sample_game

TOP = {"game", "seat", "seat_names", "mission", "glyphs", "board", "rooms", "console",
       "characters", "enemies", "piles", "hand", "hand_counts", "deck_count", "discard",
       "discard_time", "peril", "time_limit", "turn", "active", "first", "actions_taken",
       "tucked", "proposals", "phase", "pending", "secrets", "legal", "log", "result",
       "over", "tokens_gone", "tokens_collected"}
OPTIONAL = {"hands", "deck_top"}
MISSION = {"key", "number", "name", "question", "intro", "alphabet", "answer_positions",
           "answer_area", "glyphs"}
ROOM = {"stack", "face_up", "features", "characters", "enemies"}
TOKEN = {"id", "kind", "glyph", "icon", "blue", "pile", "on_mission"}
CARD = {"id", "key", "suit", "value", "time"}
ENEMY = {"key", "name", "suits", "strength", "room", "defeated", "tucked", "totals",
         "abilities"}
PENDING = {"kind", "seat", "left", "room", "enemy", "token", "answer", "votes"}
KINDS = {"first", "turn", "run", "move_2", "intel_room", "intel", "gather", "remove",
         "collect", "regroup", "keypad", "disarm", "enemy_move", "discard", "arrange",
         "draw", "forced_pass", "answer", "vote"}
PHASES = {"setup", "actions", "end", "solve", "over"}


def _check(data: dict[str, Any], seat: int) -> None:
    assert TOP <= set(data) <= TOP | OPTIONAL
    assert data["game"] == "the_initiative" and data["seat"] == seat
    assert set(data["mission"]) == MISSION
    assert set(data["board"]) == {"key", "name", "cols", "rows", "rooms", "links"}
    for link in data["board"]["links"]:
        assert set(link) == {"a", "b", "kind", "locked", "door"}
        assert link["kind"] in ("open", "wall_token", "door")
    for room in data["rooms"]:
        assert set(room) == ROOM
        for token in room["face_up"] + room["features"]:
            assert set(token) == TOKEN
    for window in data["console"]["windows"]:
        assert set(window) == {"glyph", "open", "symbols"}
    for enemy in data["enemies"]:
        assert set(enemy) == ENEMY
    for pile in data["piles"]:
        assert set(pile) == {"key", "top", "cards", "counter_intel"}
        for c in pile["cards"]:
            assert set(c) == CARD
    for c in data["hand"] + data["discard"]:
        assert set(c) == CARD
    assert data["phase"] in PHASES
    pending = data["pending"]
    if pending is not None:
        assert set(pending) == PENDING and pending["kind"] in KINDS
    for item in data["legal"]:
        assert set(item) == {"index", "kind", "arg", "text", "label"}
    for line in data["log"]:
        assert set(line) == {"text"}
    if data["result"] is not None:
        assert set(data["result"]) == {"won", "reason", "answer", "entered", "story"}


def test_the_view_shape_holds_through_whole_games() -> None:
    kinds_seen: set[str] = set()
    for mission in ("eye", "vault-2", "drill"):
        game = sample_game(mission, 3)
        for seed in range(6):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            while True:
                for seat in (0, 1, 2, SPECTATOR, GAME_MASTER):
                    _check(state.view(seat).to_dict(), seat)
                pending = state.view(0).to_dict()["pending"]
                if pending is not None:
                    kinds_seen.add(pending["kind"])
                if state.over:
                    break
                step(state, rng)
    assert len(kinds_seen) >= 15


def test_only_the_deciding_seat_gets_legal_actions() -> None:
    state = sample_game("eye", 2).new_initial_state(0)
    assert state.view(0).to_dict()["legal"] and not state.view(1).to_dict()["legal"]
    assert not state.view(SPECTATOR).to_dict()["legal"]
    assert not state.view(GAME_MASTER).to_dict()["legal"]


def test_the_game_master_sees_every_hand_and_others_only_their_own() -> None:
    state = sample_game("eye", 3).new_initial_state(0)
    master = state.view(GAME_MASTER).to_dict()
    assert set(master["hands"]) == {"0", "1", "2"}
    assert [c["id"] for c in master["hands"]["1"]] == state.hands[1]
    assert [c["id"] for c in state.view(1).to_dict()["hand"]] == state.hands[1]
    assert state.view(SPECTATOR).to_dict()["hand"] == []
    assert state.view(1).to_dict()["hand_counts"] == [4, 4, 4]
