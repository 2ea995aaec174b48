"""Views (COMMON18 section 6 shape) and hidden information: another seat's hand only as
a count, no deck order anywhere, legal actions only for the deciding seat."""

from __future__ import annotations

import json
import random

from initiative.engine.contract import CHANCE, GAME_MASTER, SPECTATOR
from initiative.games import load_game_as
from initiative.games.hex.frames import TurnFrame
from initiative.games.hex.game import HexGame
from initiative.games.hex.geometry import Hex
from initiative.games.hex.state import HexState
from tests.hex.fixtures import make_setup, open_board, position, roll, run

KEYS = {"game", "seat", "seat_names", "round", "phase", "board", "units", "styles", "cards",
        "line", "active", "hand", "hand_counts", "deck_counts", "discards", "pending",
        "legal", "log", "winner", "over"}
PENDING = {"kind", "seat", "unit", "steps_left", "card", "section", "attacker", "targets",
           "rolls", "hits"}
UNIT = {"seat", "name", "character", "character_name", "style", "hex", "facing", "health",
        "max_health", "power", "alive"}


def _played(seed: int, moves: int) -> HexState:
    state = HexGame(make_setup(3, round_limit=5)).new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_view_has_exactly_the_shared_shape_and_is_json() -> None:
    state = _played(1, 7)
    for seat in (0, 1, 2, SPECTATOR, GAME_MASTER):
        data = state.view(seat).to_dict()
        json.dumps(data)
        assert set(data) == KEYS | ({"hands"} if seat == GAME_MASTER else set())
        assert all(set(u) == UNIT for u in data["units"])
        assert data["pending"] is None or set(data["pending"]) == PENDING
        assert set(data["board"]) == {"key", "name", "hexes", "walls"}
        assert set(data["line"]) == {"cards", "at"}
        for card in data["cards"].values():
            assert set(card) == {"name", "move", "attack", "reaction"}


def test_legal_entries_carry_text_and_a_readable_label_for_the_decider_only() -> None:
    setup = make_setup(board=open_board())
    state = position(setup, hexes=[Hex(0, 0), Hex(0, -1)], facing=[0, 3],
                     hands=[["lunge", "sweep"], ["step"]], stack=[TurnFrame(0)])
    legal = state.view(0).to_dict()["legal"]
    assert legal[0] == {"index": 0, "kind": "move", "arg": 0, "text": "move 0",
                        "label": "Play Lunge for its Move (2 hexes, displace)"}
    assert {e["label"] for e in legal} >= {"Play Sweep for its Move (turn only)",
                                          "Play Sweep for its Attack (2 dice, barrage)"}
    assert state.view(1).to_dict()["legal"] == [] and state.view(1).legal == ()
    run(state, "attack 0")
    assert state.view(0).to_dict()["legal"][0]["label"] == "Attack Bo (Blue): hits on 3+"
    run(state, "target 1", roll(6), roll(2))
    push = state.view(0).to_dict()["legal"][0]
    assert push["text"] == "push N" and push["label"] == "Push Bo (Blue) north to 0,-2"
    run(state, "push N")
    pending = state.view(1).to_dict()["pending"]
    assert pending["kind"] == "react" and pending["seat"] == 1 and pending["rolls"] == \
        {"1": [6, 2]} and pending["hits"] == {"1": 1} and pending["attacker"] == 0
    assert state.view(1).to_dict()["legal"][0]["label"] == \
        "Discard Step for its Reaction (1 shield)"
    log = [entry["text"] for entry in state.view(SPECTATOR).to_dict()["log"]]
    assert "Against Bo (Blue), needing 3+: rolled 6, 2; 1 hit." in log


def test_other_hands_are_counts_and_the_game_master_sees_hands() -> None:
    state = _played(4, 3)
    for seat in (0, 1, 2):
        data = state.view(seat).to_dict()
        keys = state.setup.content.cards
        assert data["hand"] == [keys[c].key for c in state.hands[seat]]
        assert data["hand_counts"] == [len(h) for h in state.hands]
    assert state.view(SPECTATOR).to_dict()["hand"] == []
    gm = state.view(GAME_MASTER).to_dict()
    assert gm["hand"] == [] and gm["hands"]["2"] == [
        state.setup.content.cards[c].key for c in state.hands[2]]


def test_no_view_depends_on_deck_order_or_another_seats_hand() -> None:
    """Two states that differ in every deck's order and in seat 0's hand look the same
    to seats 1 and 2, a spectator and the game master (but for seat 0's hand)."""
    for seed in range(6):
        state = _played(seed, 5)
        if state.is_terminal() or state.current_seat() == 0:
            continue
        other = state.clone()
        for deck in other.decks:
            deck.reverse()
        swapped = other.decks[0][:1]
        if swapped and other.hands[0]:
            other.hands[0][0], other.decks[0][0] = other.decks[0][0], other.hands[0][0]
        other.invalidate()
        for seat in (1, 2, SPECTATOR):
            assert other.view(seat).to_dict() == state.view(seat).to_dict()
        gm_a, gm_b = state.view(GAME_MASTER).to_dict(), other.view(GAME_MASTER).to_dict()
        gm_a.pop("hands"), gm_b.pop("hands")
        assert gm_a == gm_b


def test_a_pending_chance_node_shows_no_unrolled_die() -> None:
    setup = make_setup(board=open_board())
    state = position(setup, hexes=[Hex(0, 0), Hex(0, -1)], facing=[0, 3],
                     hands=[["lunge"], ["step"]], stack=[TurnFrame(0)])
    run(state, "attack 0", "target 1", roll(5))
    assert state.current_seat() == CHANCE
    for seat in (0, 1, SPECTATOR, GAME_MASTER):
        data = state.view(seat).to_dict()
        assert data["pending"]["rolls"] == {} and data["legal"] == []
        assert not any("rolled" in e["text"] for e in data["log"])


def test_hx11_active_names_the_player_through_every_step_of_its_turn() -> None:
    """HX-11: the active player takes the turn, and stays the active player (state and
    every view) while it moves step by step, turns, attacks and its targets react; only
    between turns is nobody active. Random games on the shipped content."""
    game = load_game_as(HexGame, "hex_skirmish")
    kinds: set[str] = set()
    for seed in range(4):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.round <= 8:
            view = state.view(SPECTATOR).to_dict()
            pending = view["pending"]
            assert pending is not None and state.active is not None
            assert view["active"] == state.active
            kind = pending["kind"]
            kinds.add(kind)
            if kind in ("turn", "move", "face") and pending["section"] != "reaction":
                assert state.active == state.current_seat()  # the mover is the active player
            elif pending["attacker"] is not None:
                assert state.active == pending["attacker"]  # reactions: the attacker's turn
            state.apply(rng.choice(state.legal_actions()))
    assert {"turn", "move", "face", "target", "react"} <= kinds


def test_hx11_the_view_names_the_mover_in_the_middle_of_its_move() -> None:
    setup = make_setup(board=open_board())
    state = position(setup, hexes=[Hex(0, 2), Hex(0, -2)], facing=[0, 3],
                     hands=[["lunge"], ["step"]], stack=[TurnFrame(0)])
    run(state, "move 0", "step N")  # Lunge: 2 hexes, one taken
    assert state.view(1).to_dict()["pending"]["kind"] == "move"
    assert state.active == 0 and state.view(1).to_dict()["active"] == 0
    run(state, "step N")
    assert state.view(1).to_dict()["pending"]["kind"] == "face" and state.active == 0
    run(state, "face N")
    assert state.active == 1  # the next line card's player
