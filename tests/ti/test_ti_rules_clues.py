"""INTEL and GATHER: TI-19..TI-24, TI-31, TI-37, TI-A9, TI-A10, TI-A20."""

from __future__ import annotations

import pytest

from initiative.games.ti import events as ev
from initiative.games.ti import tokens
from tests.ti.build import card, do, kinds, legal_texts, position
from tests.ti.sample import R1, R2, R3, R4, R5, R6

HAND = ["circle-3", "square-5", "triangle-9", "circle-12"]
ALPHA, ALPHA_SPIRAL, BETA, BETA_CRESCENT, GAMMA = 0, 1, 2, 3, 4
CAMERA, GAS, COUNTER, ALARM, KEYPAD, COMPUTER = 6, 8, 9, 10, 11, 12


def test_ti19_intel_reveals_two_in_any_room_one_at_a_time() -> None:
    """TI-19: INTEL picks a room anywhere (no need to be there) and reveals up to 2
    tokens there, one at a time; TI-A20: a room with a safe is refused."""
    state = position(hands={0: HAND}, reveals=(ALPHA, GAMMA))
    do(state, f"play intel {card('circle-3')}")
    assert legal_texts(state) == [f"room {R1}", f"room {R2}", f"room {R3}", f"room {R5}",
                                  "stop"]
    do(state, f"room {R3}")
    assert state.where[ALPHA] == R3 and tokens.stack_size(state, R3) == 2
    assert legal_texts(state) == ["reveal", "stop"]
    do(state, "reveal")
    assert state.where[GAMMA] == R3  # gamma is not on EYE: it may be removed (TI-20)
    assert legal_texts(state) == [f"remove {GAMMA}", "stop"]
    do(state, "stop")
    assert state.actions_taken == 1 and "end" in kinds(state)


def test_tia20_a_room_with_fewer_tokens_reveals_what_it_has() -> None:
    state = position(hands={0: HAND}, reveals=(ALPHA,), tan_left=[0, 1, 0, 0, 0])
    do(state, f"play intel {card('circle-3')}", f"room {R2}")
    assert tokens.stack_size(state, R2) == 0 and "reveal" not in kinds(state)


def test_tia9_intel_may_reveal_nothing() -> None:
    state = position(hands={0: HAND})
    do(state, f"play intel {card('circle-3')}", "stop")
    assert state.actions_taken == 1 and state.where[:13] == [tokens.DOWN] * 13


@pytest.mark.parametrize("remove", [True, False])
def test_ti20_a_glyph_not_on_the_mission_may_be_removed(remove: bool) -> None:
    state = position(hands={0: HAND}, reveals=(GAMMA,))
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert legal_texts(state) == [f"remove {GAMMA}", "stop"]
    do(state, f"remove {GAMMA}" if remove else "stop")
    assert state.where[GAMMA] == (tokens.GONE if remove else R1)


def test_ti20_mission_glyphs_cannot_be_removed() -> None:
    state = position(hands={0: HAND}, reveals=(ALPHA,))
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert legal_texts(state) == ["reveal", "stop"]


def test_ti21_ti22_gather_collects_face_up_or_reveals_and_collects() -> None:
    """TI-21: GATHER in your room: collect a face-up glyph, or reveal the top token and
    collect it at once; TI-22: collecting opens the windows showing the glyph; TI-23:
    both alpha windows open together."""
    state = position(hands={0: HAND}, pos=[R1, R4], face_up={BETA: R1}, reveals=(ALPHA,))
    do(state, f"play gather {card('circle-3')}")
    assert legal_texts(state) == [f"collect {BETA}", "reveal", "stop"]
    do(state, f"collect {BETA}")
    assert state.opened == [False, True, False]
    do(state, "reveal")
    assert legal_texts(state) == [f"collect {ALPHA}", "stop"]
    do(state, f"collect {ALPHA}")
    assert state.opened == [True, True, True]
    windows = state.view(1).to_dict()["console"]["windows"]
    assert [w["symbols"] for w in windows] == [["E"], ["Y"], ["E"]]
    assert state.actions_taken == 1 and "end" in kinds(state)


def test_ti21_gather_only_in_your_room_and_not_traps() -> None:
    """TI-21, TI-27: traps are not collectable; GATHER works in your own room only."""
    state = position(hands={0: HAND}, pos=[R4, R4], face_up={CAMERA: R4, ALPHA: R1})
    do(state, f"play gather {card('circle-3')}")
    assert state.stack[-1].tag == 1  # nothing to do in R4: GATHER ends at once


@pytest.mark.parametrize("uses", [True, False])
def test_tia10_gather_reveal_uses_an_attempt(uses: bool) -> None:
    """TI-A10 `gather_reveal_uses_attempt`: on, a reveal that turns up a trap still
    uses one of the 2 attempts; off, only a collection does."""
    state = position(hands={0: HAND}, pos=[R1, R4], reveals=(CAMERA, GAS, ALPHA),
                     rules={"gather_reveal_uses_attempt": uses})
    do(state, f"play gather {card('circle-3')}", "reveal", "reveal")
    if uses:
        assert state.stack[-1].tag == 1  # both attempts used
    else:
        assert legal_texts(state) == ["reveal", "stop"]
        do(state, "reveal")
        assert state.stack[-2].left == 2  # three reveals, no attempt used yet
        do(state, f"collect {ALPHA}")
        assert ALPHA in state.collected


def test_tia10_collecting_a_glyph_not_on_the_mission_opens_nothing() -> None:
    state = position(hands={0: HAND}, pos=[R1, R4], face_up={GAMMA: R1})
    do(state, f"play gather {card('circle-3')}", f"collect {GAMMA}")
    assert state.opened == [False, False, False] and GAMMA in state.collected


def test_ti24_icons_do_nothing_without_an_enemy() -> None:
    """TI-24: EYE has no enemy; a spiral glyph is an ordinary glyph."""
    state = position(hands={0: HAND}, reveals=(ALPHA_SPIRAL,))
    before = list(state.pos)
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert state.pos == before and state.where[ALPHA_SPIRAL] == R1


def test_ti31_bonus_glyph_on_the_blue_token() -> None:
    """TI-31: VAULT-2's omega is only on the blue token of the R3 stack; it behaves
    as any glyph (collecting it opens its window)."""
    state = position("vault-2", hands={0: HAND}, pos=[R3, R4], tan_left=[2, 3, 0, 2, 3])
    assert tokens.stack_size(state, R3) == 1
    do(state, f"play gather {card('circle-3')}", "reveal")
    omega = state.setup.extra_tokens(2)[0]
    assert state.where[omega] == R3
    assert state.view(0).to_dict()["rooms"][R3]["face_up"][0]["blue"] is True
    do(state, f"collect {omega}")
    assert state.opened == [False, False, True]


def test_ti37_safe_refuses_intel_but_not_gather_or_the_analyst() -> None:
    """TI-37: no INTEL in a room with a safe (R6); GATHER and the Analyst's special
    action reveal there."""
    state = position(hands={0: HAND, 1: HAND}, pos=[R6, R6], reveals=(ALPHA, BETA),
                     characters=("analyst", "sprinter"))
    do(state, f"play intel {card('circle-3')}")
    assert f"room {R6}" not in legal_texts(state)
    do(state, "stop", "special", f"discard {card('square-5')}", f"discard {card('triangle-9')}")
    assert state.where[ALPHA] == R6
    state = position(hands={0: HAND}, pos=[R6, R6], reveals=(ALPHA,))
    do(state, f"play gather {card('circle-3')}", "reveal")
    assert state.where[ALPHA] == R6


def test_ti19_reveal_events_are_public() -> None:
    state = position(hands={0: HAND}, reveals=(ALPHA,))
    do(state, f"play intel {card('circle-3')}", f"room {R5}")
    assert (ev.REVEALED, ALPHA, R5) in state.view(1).events
