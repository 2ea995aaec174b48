"""Enemies: TI-39..TI-46, TI-A6, TI-A7, TI-A18."""

from __future__ import annotations

import pytest

from initiative.games.ti import events as ev
from initiative.games.ti.actions import Kind, act, tuck
from tests.ti.build import card, cards, do, kinds, legal_texts, position
from tests.ti.sample import R1, R2, R3, R4, R5, R6

HAND = ["circle-3", "square-5", "triangle-9", "circle-12"]
V_ALPHA_SPIRAL, V_ALPHA_CRESCENT, V_BLANK_SPIRAL, V_GAMMA = 2, 3, 11, 0
D_ALPHA_SPIRAL, D_ALPHA_CRESCENT = 0, 1
WATCHDOG = 0
SHADE, D_WATCHDOG = 0, 1


def test_ti39_enemy_starts_in_its_room_face_up() -> None:
    data = position("vault-2", hands={0: HAND}).view(1).to_dict()
    assert data["enemies"][0]["room"] == R6 and data["rooms"][R6]["enemies"] == [0]
    assert data["enemies"][0]["suits"] == ["square"] and data["enemies"][0]["strength"] == 10


def test_ti40_ti41_abilities_fire_per_reveal_before_the_next() -> None:
    """TI-40: each revealed token with a spiral moves the Watchdog 1 room toward the
    nearest player; TI-41: it moves after the first reveal, before the second."""
    state = position("vault-2", hands={0: HAND}, reveals=(V_ALPHA_SPIRAL, V_BLANK_SPIRAL))
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert state.enemy_room == [R5]
    do(state, "reveal")
    assert state.enemy_room == [R4]
    moves = [e for e in state.events() if e[0] in (ev.ENEMY_MOVED, ev.REVEALED)]
    assert moves == [(ev.REVEALED, V_ALPHA_SPIRAL, R1), (ev.ENEMY_MOVED, 0, R5),
                     (ev.REVEALED, V_BLANK_SPIRAL, R1), (ev.ENEMY_MOVED, 0, R4)]


def test_ti40_no_icon_no_ability() -> None:
    state = position("vault-2", hands={0: HAND}, reveals=(V_GAMMA,))
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert state.enemy_room == [R6]


def test_ti41_gather_resolves_the_enemy_before_the_collection() -> None:
    """TI-41: the crescent makes everyone in the Watchdog's room discard a random card
    before the revealed glyph may be collected."""
    state = position("vault-2", hands={0: HAND, 1: ["circle-1"]}, pos=[R6, R6],
                     reveals=(V_ALPHA_CRESCENT,))
    do(state, f"play gather {card('circle-3')}", "reveal")
    lost = [e[1] for e in state.events() if e[0] == ev.LOST_CARD]
    assert lost == [0, 1] and state.hands[1] == []
    assert legal_texts(state) == [f"collect {V_ALPHA_CRESCENT}", "stop"]


def test_ti42_no_move_when_sharing_the_targets_room() -> None:
    state = position("vault-2", hands={0: HAND}, pos=[R6, R1], reveals=(V_ALPHA_SPIRAL,))
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert state.enemy_room == [R6] and (ev.ENEMY_STAYS, 0) in state.events()


def test_ti42_tia18_ties_are_chosen_by_the_active_player() -> None:
    """TI-42, TI-A18: from R5, R2, R4 and R6 are all one room from the nearest player
    (R1 or R3): the active player picks."""
    state = position("vault-2", hands={0: HAND}, pos=[R1, R3], enemy_room=[R5],
                     reveals=(V_ALPHA_SPIRAL,))
    do(state, f"play intel {card('circle-3')}", f"room {R2}")
    assert state.current_seat() == 0
    assert legal_texts(state) == [f"enemy-to {R2}", f"enemy-to {R4}", f"enemy-to {R6}"]
    assert state.view(0).to_dict()["pending"]["kind"] == "enemy_move"
    do(state, f"enemy-to {R6}")
    assert state.enemy_room == [R6] and legal_texts(state) == ["reveal", "stop"]


def test_ti43_walls_and_locked_doors_block_enemies() -> None:
    """TI-43: DRILL's wall token (R5-R6) and locked door (R2-R3) cut R3/R6 off: the
    Watchdog in R6 has no path to the players and stays."""
    state = position("drill", hands={0: HAND}, enemy_room=[-1, R6],
                     reveals=(D_ALPHA_SPIRAL,))
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert state.enemy_room == [-1, R6] and (ev.ENEMY_STAYS, 1) in state.events()


def test_ti43_enemies_ignore_tripwires_and_move_their_full_distance() -> None:
    """TI-43: the Shade moves 2 rooms toward the nearest clue stack (R2's) and does not
    stop in the tripwire room on the way."""
    state = position("drill", hands={0: HAND}, enemy_room=[R4, -1],
                     tan_left=[0, 2, 0, 0, 0], reveals=(D_ALPHA_SPIRAL,))
    do(state, f"play intel {card('circle-3')}", f"room {R2}")
    assert state.enemy_room[SHADE] == R2


def test_ti17_wall_token_stops_the_sprinter() -> None:
    state = position("drill", hands={0: HAND}, enemy_room=[-1, -1])
    do(state, "special", f"discard {card('circle-3')}", f"discard {card('square-5')}",
       f"move {R5}")
    assert legal_texts(state) == [f"move {R2}", f"move {R4}", "stop"]


def test_ti44_tuck_a_card_of_the_enemys_suit_once_per_turn() -> None:
    """TI-44, TI-A7: sharing its room, tuck one card of its suit before the first
    action, between actions or after the last; not an action; once per turn."""
    hand = ["square-3", "square-4", "circle-3", "circle-12"]
    state = position("vault-2", hands={0: hand}, pos=[R6, R6])
    assert set(legal_texts(state)) >= {f"tuck 0 {card('square-3')}",
                                       f"tuck 0 {card('square-4')}"}
    assert f"tuck 0 {card('circle-3')}" not in legal_texts(state)
    state.apply(tuck(WATCHDOG, card("square-3")))
    assert state.actions_taken == 0 and "tuck" not in kinds(state)
    assert state.view(0).to_dict()["tucked"] is True
    do(state, f"play run {card('circle-3')}", "stop")
    assert "tuck" not in kinds(state)


def test_tia7_tuck_after_the_last_action() -> None:
    hand = ["square-3", "square-4", "circle-3", "circle-12"]
    state = position("vault-2", hands={0: hand}, pos=[R5, R5])
    do(state, f"play run {card('circle-3')}", f"move {R6}", "stop")
    do(state, f"play run {card('circle-12')}", "stop")
    assert "tuck" in kinds(state) and "play" not in kinds(state)


@pytest.mark.parametrize("limit", ["per_turn", "per_turn_per_enemy"])
def test_tia6_tuck_limit(limit: str) -> None:
    """TI-A6 `tuck_limit`: once per turn overall, or once per enemy."""
    state = position("drill", hands={0: ["square-3", "square-4", "circle-3", "circle-12"]},
                     pos=[R1, R1], enemy_room=[R1, R1], rules={"tuck_limit": limit})
    state.apply(tuck(SHADE, card("circle-3")))
    left = [a for a in state.legal_actions() if a.kind is Kind.TUCK]
    if limit == "per_turn":
        assert left == []
    else:
        assert {a.arg // 48 for a in left} == {D_WATCHDOG}


@pytest.mark.parametrize("tuck_on_pass", [False, True])
def test_tia7_tuck_on_forced_pass(tuck_on_pass: bool) -> None:
    """TI-A7 `tuck_on_forced_pass`: off (default), no tuck on a forced-pass turn."""
    piles = {p: ["triangle-12"] for p in range(4)}
    state = position("vault-2", hands={0: ["square-3"]}, piles=piles, pos=[R6, R6],
                     rules={"tuck_on_forced_pass": tuck_on_pass})
    assert ("tuck" in kinds(state)) is tuck_on_pass
    assert "pass" in kinds(state)


def test_ti45_defeat_at_strength_discards_the_tucked_cards() -> None:
    """TI-45: reaching the strength removes the standee and discards the tucked cards;
    its abilities stop."""
    state = position("vault-2", hands={0: ["square-4", "circle-3", "circle-12"]},
                     pos=[R6, R6], reveals=(V_ALPHA_SPIRAL,))
    state.tucked[0] = cards("square-6")
    state.apply(tuck(WATCHDOG, card("square-4")))
    assert state.enemy_room == [-1] and state.tucked == [[]]
    assert state.discard[-2:] == cards("square-6", "square-4")
    assert (ev.DEFEATED, 0) in state.events()
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert state.enemy_room == [-1]


def test_ti46_three_suit_enemy_needs_one_suit_to_reach_its_strength() -> None:
    """TI-46: the Shade takes any suit but falls only to one suit's total >= 9."""
    state = position("drill", hands={0: ["square-4", "circle-3", "circle-12", "triangle-1"]},
                     pos=[R3, R3])
    state.tucked[SHADE] = cards("circle-5", "triangle-8")
    state.apply(tuck(SHADE, card("square-4")))
    assert state.enemy_room[SHADE] == R3
    data = state.view(1).to_dict()["enemies"][SHADE]
    assert data["totals"] == {"circle": 5, "square": 4, "triangle": 8}
    state.tucks = 0  # a new turn's tuck
    state.invalidate()
    state.apply(act(Kind.TUCK, SHADE * 48 + card("triangle-1")))
    assert state.enemy_room[SHADE] == -1
