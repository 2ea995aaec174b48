"""Running out of cards: TI-47..TI-53, TI-A1, TI-A3, TI-A4, TI-A5, TI-A13, TI-A14,
TI-A21."""

from __future__ import annotations

import pytest

from initiative.games.ti import cards as deck_rules
from initiative.games.ti import events as ev
from tests.ti.build import card, cards, do, kinds, legal_texts, position
from tests.ti.sample import R4

HAND = ["circle-3", "square-5", "triangle-9", "circle-12"]
TIME = ["time-a", "time-b", "time-c", "time-x2"]
CAMERA, CAMERA_2 = 6, 7


def test_ti47_empty_deck_brings_in_peril_and_reshuffles_the_discard() -> None:
    """TI-47, TI-A1 deck_empty: the last card drawn flips the discard card to In Peril
    and the discard pile (time cards included) becomes the deck."""
    state = position(hands={0: HAND}, deck=["circle-1"])
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert state.peril and (ev.PERIL, 4) in state.events()
    assert sorted(state.deck) == cards(*TIME) and state.discard == []
    assert card("circle-1") in state.hands[0]
    assert state.view(1).to_dict()["peril"] is True


@pytest.mark.parametrize("trigger", ["deck_empty", "draw_from_empty"])
def test_tia1_peril_trigger(trigger: str) -> None:
    """TI-A1 `peril_trigger`: at once when the deck empties, or only at the next
    attempt to take a card."""
    state = position(hands={0: HAND}, deck=["circle-1"], rules={"peril_trigger": trigger})
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert state.peril is (trigger == "deck_empty")
    if trigger == "draw_from_empty":
        assert deck_rules.deck_count(state) == 0 and len(state.discard) == 4
        deck_rules.draw(state, 1)
        assert state.peril and len(state.discard) + len(state.deck) == 4


def test_ti48_ti52_a_reshuffle_mid_refill_makes_the_rest_optional() -> None:
    """TI-48: the refill goes on from the new deck if the player wishes; TI-52: In
    Peril draws are optional, one at a time."""
    state = position(hands={0: HAND}, deck=["circle-1"], discard=["square-1", "square-2"])
    do(state, f"play run {card('circle-3')}", "stop", "special",
       f"discard {card('square-5')}", f"discard {card('triangle-9')}", "stop", "end")
    assert state.peril and len(state.hands[0]) == 2
    assert legal_texts(state) == ["draw", "stop"] and state.phase == "end"
    do(state, "draw", "stop")
    assert len(state.hands[0]) == 3 and state.active == 1
    assert (ev.DRAW_STOP, 0, 3) in state.events()


def test_ti49_ti51_time_cards_are_discarded_at_once_and_the_double_counts_two() -> None:
    """TI-49: a drawn time card goes straight to the discard pile and the player may
    draw again; TI-51, TI-A3: the double time card counts 2."""
    state = position(hands={0: HAND}, peril=True, discard=[],
                     deck=["circle-1", "time-a", "circle-2", "time-x2"])
    do(state, f"play run {card('circle-3')}", "stop", "end", "draw")
    assert state.discard == [card("time-x2")] and len(state.hands[0]) == 3
    assert deck_rules.discard_time(state) == 2
    assert state.view(1).to_dict()["discard_time"] == 2
    assert legal_texts(state) == ["draw", "stop"]
    do(state, "draw")
    assert len(state.hands[0]) == 4 and state.active == 1


def test_ti50_three_time_while_in_peril_loses_at_once() -> None:
    """TI-50: three time in the discard pile while In Peril: lost, no answer guessed."""
    state = position(hands={0: HAND}, peril=True, discard=["time-a"],
                     deck=["circle-1", "time-x2"])
    do(state, f"play run {card('circle-3')}", "stop", "end", "draw")
    assert state.over and state.won is False and state.loss_reason == "time"
    assert state.legal_actions() == () and state.stack == []
    assert state.view(0).to_dict()["result"]["reason"] == "time"


def test_tia3_time_outside_peril_does_not_lose() -> None:
    state = position(hands={0: HAND})
    assert deck_rules.discard_time(state) == 5 and not state.over


def test_ti52_in_peril_a_player_may_stop_at_zero_cards() -> None:
    state = position(hands={0: ["circle-3", "square-5"]}, peril=True, discard=[])
    do(state, "special", f"discard {card('circle-3')}", f"discard {card('square-5')}",
       "stop", "end", "stop")
    assert state.hands[0] == [] and state.active == 1


def test_tia21_refill_never_goes_above_four() -> None:
    state = position(hands={0: HAND})
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert len(state.hands[0]) == 4


@pytest.mark.parametrize("go_on", [True, False])
def test_tia5_camera_discards_across_a_reshuffle(go_on: bool) -> None:
    """TI-A5 `camera_discards_continue_after_reshuffle`: two cameras, one card left:
    the first discard empties the deck (In Peril, reshuffle); the second comes from the
    new deck, or is skipped."""
    state = position(hands={0: HAND}, deck=["circle-1"], discard=["square-1", "square-2"],
                     face_up={CAMERA: R4, CAMERA_2: R4},
                     rules={"camera_discards_continue_after_reshuffle": go_on})
    do(state, f"play run {card('circle-3')}", "stop", "end")
    burned = [e for e in state.events() if e[0] == ev.BURNED]
    assert state.peril and len(burned) == (2 if go_on else 1)


@pytest.mark.parametrize("repeat", [True, False])
def test_tia13_running_out_again_in_peril(repeat: bool) -> None:
    """TI-A13 `repeat_reshuffle`: In Peril, an empty deck is reshuffled again (the card
    stays on In Peril), or stays empty."""
    state = position(hands={0: HAND}, peril=True, reshuffles=1, deck=["circle-1"],
                     discard=["square-1", "square-2"], rules={"repeat_reshuffle": repeat})
    do(state, f"play run {card('circle-3')}", "stop", "end", "draw")
    assert len(state.hands[0]) == 4
    assert (deck_rules.deck_count(state) == 2) is repeat
    assert state.peril


def test_tia13_the_first_reshuffle_happens_even_without_repeats() -> None:
    """TI-A13: `repeat_reshuffle: false` forbids only a second reshuffle: a deck that
    ran out while the discard pile was empty is refilled once cards were discarded."""
    state = position(hands={0: HAND}, peril=True, deck=[], discard=["square-1"],
                     rules={"repeat_reshuffle": False})
    do(state, f"play run {card('circle-3')}", "stop", "end", "draw")
    assert card("square-1") in state.hands[0] and state.reshuffles == 1


@pytest.mark.parametrize("outside", [True, False])
def test_tia4_forced_pass_outside_peril(outside: bool) -> None:
    """TI-A4 `forced_pass_outside_peril`: on, a player who cannot act passes even
    outside In Peril; off, the game is lost as a stall."""
    piles = {p: ["triangle-12"] for p in range(4)}
    state = position(hands={0: ["circle-4"]}, piles=piles,
                     rules={"forced_pass_outside_peril": outside})
    if outside:
        assert legal_texts(state) == ["pass", "solve"]
        do(state, "pass")
        assert len(state.hands[0]) == 4  # outside In Peril the refill is automatic
    else:
        assert state.over and state.loss_reason == "stall"


@pytest.mark.parametrize("stall", [True, False])
def test_tia14_every_seat_forced_to_pass_with_no_draw_is_a_stall(stall: bool) -> None:
    """TI-A14 `stall_is_loss`: nobody can act nor draw for a full rotation: lost."""
    state = position(hands={}, peril=True, deck=[], discard=[],
                     rules={"stall_is_loss": stall})
    do(state, "pass")
    assert not state.over and state.active == 1
    do(state, "pass")
    if stall:
        assert state.over and state.loss_reason == "stall"
        assert state.view(0).to_dict()["result"] == {
            "won": False, "reason": "stall", "answer": ["E", "Y", "E"], "entered": None,
            "story": "The alarm wails."}
    else:
        assert not state.over and kinds(state) == {"pass", "solve"}


def test_tia14_a_pass_with_a_draw_possible_is_no_stall() -> None:
    state = position(hands={}, peril=True, deck=["circle-1"], discard=[])
    do(state, "pass", "stop", "pass", "stop", "pass", "stop")
    assert not state.over
