"""Traps and the tokens that undo them: TI-26..TI-30, TI-32..TI-35, TI-A2, TI-A8,
TI-A11, TI-A12, TI-A19."""

from __future__ import annotations

import pytest

from initiative.engine.errors import IllegalActionError
from initiative.games.ti import actions_clues, tokens
from initiative.games.ti import events as ev
from initiative.games.ti.actions import play
from tests.ti.build import card, cards, do, kinds, legal_texts, position
from tests.ti.sample import R1, R2, R3, R4, R5, R6

HAND = ["circle-3", "square-5", "triangle-9", "circle-12"]
ALPHA, CAMERA, CAMERA_2, GAS, COUNTER, ALARM, KEYPAD, COMPUTER = 0, 6, 7, 8, 9, 10, 11, 12
TRIPWIRE, SAFE = 14, 15
D_MASTER_CAMERA, D_MASTER_ALARM, D_COUNTER, D_COUNTER_2 = 2, 3, 4, 5
D_CAMERA, D_ALARM = 13, 14


def test_ti26_brown_traps_stay_yellow_ones_go() -> None:
    """TI-26: a camera stays face up where revealed; gas acts and is discarded."""
    state = position(hands={0: HAND}, reveals=(CAMERA, GAS))
    do(state, f"play intel {card('circle-3')}", f"room {R1}", "reveal")
    assert state.where[CAMERA] == R1 and state.where[GAS] == tokens.GONE
    assert (ev.GASSED, GAS, R1) in state.events()


def test_ti28_camera_burns_the_top_card_before_the_draw() -> None:
    """TI-28: at the end of your turn each camera in your room discards the deck's top
    card, before you draw."""
    deck = ["triangle-1", "triangle-2", "triangle-3", "triangle-4"]
    state = position(hands={0: HAND}, face_up={CAMERA: R4, CAMERA_2: R4}, deck=deck)
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert state.discard[-2:] == cards("triangle-4", "triangle-3")
    assert card("triangle-2") in state.hands[0]
    assert [e for e in state.events() if e[0] == ev.BURNED] == [
        (ev.BURNED, card("triangle-4"), ev.BY_CAMERA),
        (ev.BURNED, card("triangle-3"), ev.BY_CAMERA)]


def test_ti28_camera_elsewhere_does_nothing() -> None:
    state = position(hands={0: HAND}, face_up={CAMERA: R1})
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert not [e for e in state.events() if e[0] == ev.BURNED]


def test_ti29_tia11_gas_takes_a_random_card_from_everyone_in_the_room() -> None:
    """TI-29, TI-A11: each player in the gas room (the active one too) discards one
    random card and does not draw until the end of its own turn."""
    state = position(hands={0: HAND, 1: ["square-1", "square-2"]},
                     pos=[R1, R1], reveals=(GAS,))
    do(state, f"play gather {card('circle-3')}", "reveal")
    lost = [e for e in state.events() if e[0] == ev.LOST_CARD]
    assert [e[1] for e in lost] == [0, 1]
    assert len(state.hands[0]) == 2 and len(state.hands[1]) == 1
    assert state.discard[-2:] == [lost[0][2], lost[1][2]]


def test_ti29_gas_with_an_empty_hand_takes_nothing() -> None:
    state = position(hands={0: HAND}, pos=[R1, R1], reveals=(GAS,))
    do(state, f"play gather {card('circle-3')}", "reveal")
    assert len([e for e in state.events() if e[0] == ev.LOST_CARD]) == 1


def test_ti30_counter_intel_by_intel_blocks_its_pile() -> None:
    """TI-30: revealed by INTEL it goes onto the action card of its icon (GATHER) and
    blocks it; TI-A12: it stays there until discarded."""
    state = position(hands={0: HAND}, reveals=(COUNTER,))
    do(state, f"play intel {card('circle-3')}", f"room {R1}", "stop")
    assert state.counter[2] == [COUNTER] and state.where[COUNTER] == tokens.ON_PILE
    assert not any(a.arg // 48 == 2 for a in state.legal_actions() if str(a)[:4] == "play")
    with pytest.raises(IllegalActionError):
        state.apply(play(2, card("circle-12")))
    assert state.view(1).to_dict()["piles"][2]["counter_intel"] == [COUNTER]


def test_ti30_counter_intel_revealed_otherwise_is_discarded() -> None:
    state = position(hands={0: HAND}, pos=[R1, R1], reveals=(COUNTER,))
    do(state, f"play gather {card('circle-3')}", "reveal")
    assert state.counter == [[], [], [], []] and state.where[COUNTER] == tokens.GONE
    assert (ev.TRAP_GONE, COUNTER) in state.events()


def test_tia12_two_counter_intel_tokens_stack_and_regroup_clears_both() -> None:
    state = position("drill", hands={0: HAND}, reveals=(D_COUNTER, D_COUNTER_2),
                     pos=[R4, R4], enemy_room=[-1, -1])
    do(state, f"play intel {card('circle-3')}", f"room {R5}", "reveal")
    assert state.counter[0] == [D_COUNTER, D_COUNTER_2]
    do(state, f"play regroup {card('circle-12')}", "pile run")
    assert state.counter[0] == []


@pytest.mark.parametrize("effect", ["clear_other_pile", "remove_counter_intel_only"])
def test_tia2_regroup_effect(effect: str) -> None:
    """TI-A2 `regroup_effect`: clear the other pile's cards and counter intel, or only
    its counter intel."""
    state = position(hands={0: HAND}, piles={0: ["square-1", "square-7"]},
                     rules={"regroup_effect": effect}, face_up={})
    state.counter[0].append(COUNTER)
    state.where[COUNTER] = tokens.ON_PILE
    do(state, f"play regroup {card('circle-3')}", "pile run")
    assert state.counter[0] == [] and state.where[COUNTER] == tokens.GONE
    if effect == "clear_other_pile":
        assert state.piles[0] == [] and state.discard[-2:] == cards("square-1", "square-7")
    else:
        assert state.piles[0] == cards("square-1", "square-7")


@pytest.mark.parametrize("itself", [False, True])
def test_tia2_regroup_can_target_itself(itself: bool) -> None:
    state = position(hands={0: HAND}, rules={"regroup_can_target_itself": itself})
    do(state, f"play regroup {card('circle-3')}")
    assert ("pile regroup" in legal_texts(state)) is itself
    assert {"pile run", "pile intel", "pile gather"} <= set(legal_texts(state))


def test_ti32_keypad_unlocks_a_door() -> None:
    state = position(hands={0: HAND}, pos=[R1, R1], face_up={KEYPAD: R1})
    do(state, f"play gather {card('circle-3')}", f"collect {KEYPAD}")
    assert legal_texts(state) == ["door 0"]  # one door: still the player's choice
    do(state, "door 0")
    assert state.locked == [False] and (ev.UNLOCKED, 0) in state.events()


def test_ti33_computer_discards_a_trap_feature_or_counter_intel() -> None:
    """TI-33: tripwire, safe, camera, alarm in any room or counter intel on a card."""
    state = position(hands={0: HAND}, pos=[R1, R1],
                     face_up={COMPUTER: R1, CAMERA: R3, ALARM: R2, ALPHA: R2})
    state.counter[3].append(COUNTER)  # on REGROUP here (its icon does not matter)
    state.where[COUNTER] = tokens.ON_PILE
    do(state, f"play gather {card('circle-3')}", f"collect {COMPUTER}")
    assert legal_texts(state) == [f"disarm {t}" for t in
                                  sorted((CAMERA, COUNTER, ALARM, TRIPWIRE, SAFE))]
    do(state, f"disarm {SAFE}")
    assert state.where[SAFE] == tokens.GONE
    assert R6 in actions_clues.intel_rooms(state)  # TI-37: the safe is gone


def test_ti34_tia19_alarm_forces_the_highest_card_on_intel_and_gather() -> None:
    """TI-34, TI-A19: in an alarm room INTEL and GATHER take a highest card (either of
    equal ones); RUN and REGROUP do not."""
    hand = ["circle-3", "square-12", "triangle-12", "circle-5"]
    state = position(hands={0: hand}, face_up={ALARM: R4}, piles={1: ["circle-12"]})
    plays = {(a.arg // 48, a.arg % 48) for a in state.legal_actions() if str(a)[:4] == "play"}
    assert {c for p, c in plays if p == 2} == set(cards("square-12", "triangle-12"))
    assert not {c for p, c in plays if p == 1}  # the highest cannot beat 12 there
    assert {c for p, c in plays if p == 0} == set(cards(*hand))


@pytest.mark.parametrize("base", [True, False])
def test_tia8_master_tokens_act_as_camera_and_alarm(base: bool) -> None:
    """TI-A8 `master_tokens_have_base_trap_effect`: face up, a master camera burns a
    card and a master alarm forces the highest card; off, they do not."""
    state = position("drill", hands={0: HAND}, pos=[R5, R5], enemy_room=[-1, -1],
                     face_up={D_MASTER_CAMERA: R5, D_MASTER_ALARM: R5},
                     rules={"master_tokens_have_base_trap_effect": base})
    gather = {a.arg % 48 for a in state.legal_actions()
              if str(a).startswith("play gather")}
    assert gather == ({card("circle-12")} if base else set(cards(*HAND)))
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert bool([e for e in state.events() if e[0] == ev.BURNED]) is base


def test_ti35_master_token_is_collected_like_computer_access() -> None:
    state = position("drill", hands={0: HAND}, pos=[R1, R1], enemy_room=[-1, -1],
                     face_up={D_MASTER_ALARM: R1})
    do(state, f"play gather {card('circle-12')}", f"collect {D_MASTER_ALARM}")
    assert f"disarm {D_CAMERA}" in legal_texts(state)
    do(state, f"disarm {D_CAMERA}")
    assert state.where[D_CAMERA] == tokens.GONE


def test_tinkerer_discards_a_nearby_camera_or_alarm() -> None:
    """TI-18, TI-26: the Tinkerer's special action reaches brown traps nearby only."""
    state = position("drill", hands={0: HAND}, pos=[R4, R4], enemy_room=[-1, -1],
                     characters=("tinkerer", "sprinter"))
    do(state, "special", f"discard {card('circle-3')}", f"discard {card('square-5')}")
    assert legal_texts(state) == [f"disarm {D_CAMERA}"]  # R1 is nearby, R2 is not
    do(state, f"disarm {D_CAMERA}")
    assert state.where[D_CAMERA] == tokens.GONE
    assert "end" in kinds(state)


def test_ti27_a_trap_revealed_mid_action_lets_the_action_continue() -> None:
    state = position(hands={0: HAND}, reveals=(CAMERA, ALPHA))
    do(state, f"play intel {card('circle-3')}", f"room {R5}")
    assert legal_texts(state) == ["reveal", "stop"]
    do(state, "reveal")
    assert state.where[ALPHA] == R5 and state.where[CAMERA] == R5
