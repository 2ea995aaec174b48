"""The procedures the rules code reads into the register where it is silent
(docs/rules-interpretations.md section 5.5, "Procedures the engine adds"): one-option
steps, the forced pass and cameras (TI-28, TI-53), keypad and computer access without
a target (TI-32, TI-33, TI-35), camera and alarm features (TI-28, TI-34), the Tinkerer
and the Lookout (TI-13), enemies, their targets and doors (TI-40, TI-42, TI-43,
TI-A23), an empty deck over an empty discard pile (TI-47, TI-A1), camera discards under
`draw_from_empty` (TI-A5), the stall count (TI-A14), public events (TI-15, TI-54, TI-56)
and gas in seat order (TI-29, TI-A11).

Two rules bugs found in review are pinned at the end: answers of multi-character
symbols compared position by position (TI-A16), and cameras that discard even when the
deck was already empty before them (TI-A5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from initiative.engine.rng import SplitMix64
from initiative.games.ti import cards as deck_rules
from initiative.games.ti import events as ev
from initiative.games.ti import tokens
from initiative.games.ti.actions import tuck
from initiative.games.ti.flags import ti_rules
from initiative.games.ti.setup import SeatSetup, TISetup
from initiative.games.ti.specs import Enemy, EnemyAbility, Placement, Window
from initiative.games.ti.state import TIState
from tests.ti.build import card, cards, do, kinds, legal_texts, position
from tests.ti.sample import ALPHA_NUM, CHARACTERS, CONTENT, EYE, R1, R2, R3, R4, R5, R6

HAND = ["circle-3", "square-5", "triangle-9", "circle-12"]
BLOCKED = {p: ["triangle-12"] for p in range(4)}
"""Every action pile topped by a 12: a lone card below it cannot be played (TI-12)."""
# EYE tokens (tests/ti/sample.py): tan pool 0..12, then features
ALPHA, GAS, CAMERA, CAMERA_2, KEYPAD, COMPUTER = 0, 8, 6, 7, 11, 12
TRIPWIRE, SAFE = 14, 15
# DRILL tokens
D_ALPHA_CRESCENT, D_MASTER_CAMERA, D_MASTER_ALARM, D_COMPUTER = 1, 2, 3, 9
D_TRIPWIRE, D_SAFE, D_CAMERA, D_ALARM = 11, 12, 13, 14


def symbols(*text: str) -> list[str]:
    return [f"symbol {ALPHA_NUM.index(s)}" for s in text]


# --- one-option steps -------------------------------------------------------------


def test_one_option_intel_with_no_room_is_taken_at_once() -> None:
    """TI-A9, TI-A20: INTEL with no room it may reveal in (every stack empty) has only
    STOP: it is applied at once and not recorded; the action still counts (TI-11)."""
    state = position(hands={0: HAND}, tan_left=[0, 0, 0, 0, 0])
    do(state, f"play intel {card('circle-3')}")
    assert state.actions_taken == 1 and kinds(state) >= {"play", "end"}
    assert [str(a) for a in state.history] == [f"play intel {card('circle-3')}"]


def test_one_option_forced_pass_with_no_solve_left_is_taken_at_once() -> None:
    """TI-53, TI-A15: a refused solve used the turn's proposal (under
    `refused_proposal_counts: true`); a tuck (TI-44) then leaves no action, so the
    forced pass has only PASS: it happens at once, and the refill follows (outside In
    Peril, automatic)."""
    piles = {1: ["triangle-12"], 2: ["triangle-12"], 3: ["triangle-12"]}
    state = position("vault-2", hands={0: ["square-3"]}, piles=piles, pos=[R6, R6],
                     rules={"refused_proposal_counts": True})
    do(state, "solve", *symbols("4", "2", "7"), "announce", "no")
    assert state.proposals == 1 and "solve" not in kinds(state)
    state.apply(tuck(0, card("square-3")))
    assert (ev.FORCED_PASS, 0) in state.events()
    assert "pass" not in [str(a) for a in state.history]
    assert state.active == 1 and len(state.hands[0]) == 4


# --- the forced pass and cameras ----------------------------------------------------


def test_ti28_ti53_a_forced_pass_burns_no_card_under_a_camera() -> None:
    """TI-53: the skipped turn has only the draw step; the camera in the player's room
    (TI-28) discards nothing, though it does at the end of a played turn."""
    state = position(hands={0: ["circle-4"]}, piles=BLOCKED, face_up={CAMERA: R4})
    assert legal_texts(state) == ["pass", "solve"]
    do(state, "pass")
    assert not [e for e in state.events() if e[0] == ev.BURNED]
    assert len(state.hands[0]) == 4 and state.active == 1
    played = position(hands={0: HAND}, face_up={CAMERA: R4})
    do(played, f"play run {card('circle-3')}", "stop", "end")
    assert len([e for e in played.events() if e[0] == ev.BURNED]) == 1


# --- keypad, computer access, master tokens, features -------------------------------


def test_ti32_a_keypad_with_no_locked_door_does_nothing_more() -> None:
    """TI-32: the door choice is compulsory when a door is locked (test_ti32_keypad_
    unlocks_a_door); with none, collecting the keypad asks nothing."""
    state = position(hands={0: HAND}, pos=[R1, R1], face_up={KEYPAD: R1})
    state.locked[0] = False
    do(state, f"play gather {card('circle-3')}", f"collect {KEYPAD}")
    assert KEYPAD in state.collected and "door" not in kinds(state)
    assert legal_texts(state) == ["reveal", "stop"]  # the second GATHER attempt


def test_ti33_computer_access_with_no_target_does_nothing_more() -> None:
    """TI-33: with no tripwire, safe, camera, alarm or counter intel anywhere,
    collecting computer access asks nothing."""
    state = position(hands={0: HAND}, pos=[R1, R1], face_up={COMPUTER: R1},
                     gone=(TRIPWIRE, SAFE))
    do(state, f"play gather {card('circle-3')}", f"collect {COMPUTER}")
    assert COMPUTER in state.collected and "disarm" not in kinds(state)


def test_ti33_ti35_master_tokens_are_not_discard_targets() -> None:
    """TI-33, TI-35: computer access discards a tripwire, safe, camera or alarm (the
    camera and alarm features included); a face-up master camera or master alarm is
    collected, never discarded."""
    state = position("drill", hands={0: HAND}, pos=[R1, R1], enemy_room=[-1, -1],
                     face_up={D_COMPUTER: R1, D_MASTER_CAMERA: R2, D_MASTER_ALARM: R5})
    do(state, f"play gather {card('circle-3')}", f"collect {D_COMPUTER}")
    assert legal_texts(state) == [f"disarm {t}" for t in
                                  (D_TRIPWIRE, D_SAFE, D_CAMERA, D_ALARM)]


def test_ti28_ti34_camera_and_alarm_features_act_as_traps() -> None:
    """TI-28, TI-34: DRILL's camera feature (R1) burns a card at the end of a turn
    there, and its alarm feature (R2) forces the highest card on INTEL and GATHER."""
    state = position("drill", hands={0: HAND}, pos=[R1, R1], enemy_room=[-1, -1])
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert [e[2] for e in state.events() if e[0] == ev.BURNED] == [ev.BY_CAMERA]
    state = position("drill", hands={0: HAND}, pos=[R2, R2], enemy_room=[-1, -1])
    intel = {a.arg % 48 for a in state.legal_actions() if str(a).startswith("play intel")}
    assert intel == {card("circle-12")}


# --- the characters ------------------------------------------------------------------


def test_tinkerer_with_nothing_nearby_does_nothing() -> None:
    """TI-13, TI-18: the Tinkerer's disarm is compulsory when a camera or alarm lies
    nearby (test_tinkerer_discards_a_nearby_camera_or_alarm); with none, the special
    action is paid and does nothing."""
    state = position(hands={0: HAND}, characters=("tinkerer", "sprinter"),
                     face_up={CAMERA: R3})
    do(state, "special", f"discard {card('circle-3')}", f"discard {card('square-5')}")
    assert state.actions_taken == 1 and "disarm" not in kinds(state)
    assert state.where[CAMERA] == R3 and kinds(state) >= {"end", "play"}


def test_lookout_sees_a_time_card_and_puts_it_back_without_in_peril() -> None:
    """TI-13, TI-47, TI-49: looking is not drawing. The Lookout takes the last 3 cards
    off the deck without starting In Peril (TI-A1), and a time card seen goes back;
    it is discarded only when drawn, and In Peril starts with the draw that empties
    the deck."""
    state = position(hands={0: HAND}, characters=("lookout", "sprinter"),
                     deck=["circle-1", "time-a", "triangle-1"],
                     discard=["time-b", "time-c", "time-x2"])
    do(state, "special", f"discard {card('circle-3')}", f"discard {card('square-5')}")
    assert state.looked == cards("circle-1", "triangle-1", "time-a")
    assert not state.peril and deck_rules.deck_count(state) == 0
    do(state, f"arrange {card('time-a')}", f"arrange {card('triangle-1')}",
       f"arrange {card('circle-1')}")
    assert not state.peril and state.deck_top == cards("time-a", "triangle-1", "circle-1")
    do(state, "end")  # the refill draws them: the time card first, discarded at once
    log = list(state.events())
    drawn = log.index((ev.TIME_DRAWN, 0, card("time-a")))
    assert set(cards("triangle-1", "circle-1")) <= set(state.hands[0])
    peril = next(i for i, e in enumerate(log) if e[0] == ev.PERIL)
    assert state.peril and peril > drawn  # the refill's last draw emptied the deck
    assert card("time-a") in state.deck


# --- enemies and doors ---------------------------------------------------------------


@pytest.mark.parametrize("blocks", [True, False])
def test_ti43_tia23_enemies_never_pass_a_locked_door(blocks: bool) -> None:
    """TI-43, TI-A23: the Watchdog in R2 heads for the players in R3. With the door
    R2-R3 locked it goes round by R5, whatever `locked_door_blocks_adjacency` says;
    once the door is unlocked it goes through."""
    rules = {"locked_door_blocks_adjacency": blocks}
    state = position("vault-2", hands={0: HAND}, pos=[R3, R3], enemy_room=[R2],
                     reveals=(2,), rules=rules)
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert state.enemy_room == [R5]
    state = position("vault-2", hands={0: HAND}, pos=[R3, R3], enemy_room=[R2],
                     reveals=(2,), rules=rules, locked=[False])
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert state.enemy_room == [R3]


def test_ti42_an_enemy_heading_for_the_entrance() -> None:
    """TI-42, TI-43: a `move_toward` ability with target `entrance` walks toward the
    entrance room (R4): from R3 (the door to R2 locked) its one step goes to R6."""
    sentry = Enemy("sentry", "Sentry", ("circle",), 5, (
        EnemyAbility("spiral", "move_toward", "entrance", rooms=1, text="Heads out."),))
    content = replace(CONTENT, enemies={**CONTENT.enemies, "sentry": sentry})
    mission = replace(EYE, enemies=(Placement("sentry", R3),))
    setup = TISetup(content, mission, (SeatSetup("Ada", CHARACTERS["sprinter"]),
                                       SeatSetup("Bo", CHARACTERS["analyst"])))
    spiral = 1  # EYE's alpha glyph with a spiral
    pool = [t for t in range(setup.num_tan) if t != spiral] + [spiral]  # drawn first
    state = TIState(setup, SplitMix64(0), dealt=True, first=0, hands=[cards(*HAND), []],
                    tan_pool=pool, pos=[R1, R1])
    state.settle()
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert state.enemy_room == [R6]
    assert (ev.ENEMY_MOVED, 0, R6) in state.events()


def test_ti40_burn_deck_discards_from_the_top_of_the_deck() -> None:
    """TI-40: the Shade's crescent ability discards `count` (1) card from the top of
    the deck, face up, whoever is in its room."""
    deck = ["triangle-1", "triangle-2"]
    state = position("drill", hands={0: HAND}, enemy_room=[R3, -1], deck=deck,
                     reveals=(D_ALPHA_CRESCENT,))
    do(state, f"play intel {card('circle-3')}", f"room {R1}")
    assert (ev.BURNED, card("triangle-2"), ev.BY_ENEMY) in state.view(1).events
    assert state.discard[-1] == card("triangle-2") and state.hands[0] == sorted(cards(*HAND[1:]))


# --- the deck --------------------------------------------------------------------------


def test_tia1_an_empty_deck_over_an_empty_discard_flips_in_peril_without_a_reshuffle(
        ) -> None:
    """TI-47, TI-A1 deck_empty: the last card drawn while the discard pile is empty
    flips In Peril with nothing to shuffle; the deck is rebuilt the next time a card
    is needed and the discard pile has cards (TI-A13: that is the first reshuffle)."""
    state = position(hands={0: HAND}, deck=["circle-1"], discard=[])
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert state.peril and state.reshuffles == 0 and (ev.PERIL, 0) in state.events()
    assert deck_rules.deck_count(state) == 0 and state.discard == []
    do(state, "pass")  # seat 1 holds nothing: a forced pass, nothing to draw
    assert state.active == 0
    do(state, "special", f"discard {card('square-5')}", f"discard {card('triangle-9')}",
       "stop", "end", "draw")
    assert state.reshuffles == 1 and len(state.hands[0]) == 3


@pytest.mark.parametrize("go_on", [True, False])
def test_tia5_camera_discards_under_draw_from_empty(go_on: bool) -> None:
    """TI-A5 with TI-A1 draw_from_empty: the first camera takes the deck's last card;
    the second discards from the reshuffled deck (In Peril starts there), or (off) is
    skipped since the deck ran out during the discards, and In Peril waits for the
    refill's draw."""
    state = position(hands={0: HAND}, deck=["circle-1"], discard=["square-1", "square-2"],
                     face_up={CAMERA: R4, CAMERA_2: R4},
                     rules={"peril_trigger": "draw_from_empty",
                            "camera_discards_continue_after_reshuffle": go_on})
    do(state, f"play run {card('circle-3')}", "stop", "end")
    burned = [e for e in state.events() if e[0] == ev.BURNED]
    assert len(burned) == (2 if go_on else 1) and state.peril
    if go_on:  # In Peril began during the cameras: the refill is optional (TI-52)
        assert legal_texts(state) == ["draw", "stop"] and len(state.hands[0]) == 3
    else:  # the refill's first draw reshuffled, and it goes on (TI-48)
        assert len(state.hands[0]) == 4 and state.active == 1


def test_tia14_a_turn_with_an_action_resets_the_stall_count() -> None:
    """TI-A14: seat 0 passes with nothing to draw, seat 1 plays its last card (a turn
    with an action: the count starts over), seat 0 passes again: no stall yet; seat 1,
    now empty-handed, passes too: two passes in a row with no draw, a stall."""
    state = position(hands={1: ["circle-3"]}, peril=True, deck=[], discard=[])
    do(state, "pass")
    assert state.passes == 1 and state.active == 1
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert state.passes == 0 and not state.over
    do(state, "pass")
    assert not state.over and state.active == 1
    do(state, "pass")
    assert state.over and state.loss_reason == "stall"


# --- public events and seat order ---------------------------------------------------


def test_ti15_entered_symbols_votes_time_cards_burns_and_payments_are_public() -> None:
    """TI-54, TI-56: the symbols entered and the votes are public; TI-13, TI-28,
    TI-49: special-action discards, burned cards and time cards drawn are face up.
    Only the card a seat draws stays its own (TI-15)."""
    state = position(hands={0: HAND}, seats=3, face_up={CAMERA: R4},
                     deck=["circle-1", "time-a", "triangle-5"],
                     discard=["time-b", "time-c", "time-x2"])
    do(state, "special", f"discard {card('circle-3')}", f"discard {card('square-5')}",
       "stop", "solve", *symbols("E", "Y", "E"), "announce", "yes", "no",
       "end")
    seen = state.view(2).events
    for event in ((ev.PAID, 0, card("circle-3")), (ev.PAID, 0, card("square-5")),
                  (ev.ENTERED, 0, ALPHA_NUM.index("Y")), (ev.VOTED, 1, 1),
                  (ev.VOTED, 2, 0), (ev.BURNED, card("triangle-5"), ev.BY_CAMERA),
                  (ev.TIME_DRAWN, 0, card("time-a"))):
        assert event in seen, event
    assert (ev.GOT, 0, card("circle-1")) in state.view(0).events
    assert not [e for e in seen if e[0] == ev.GOT and e[1] == 0]


def test_ti29_tia11_gas_hits_players_in_seat_order_not_from_the_active_one() -> None:
    """TI-29, TI-A11: seat 1 is active; gas in the room of both seats takes a random
    card from seat 0 first, then from seat 1."""
    state = position(hands={0: ["square-1", "square-2"], 1: HAND}, pos=[R1, R1],
                     active=0, reveals=(GAS,))
    assert state.active == 1
    do(state, f"play gather {card('circle-3')}", "reveal")
    assert [e[1] for e in state.events() if e[0] == ev.LOST_CARD] == [0, 1]
    assert state.where[GAS] == tokens.GONE


# --- rules bugs found in review, fixed ---------------------------------------------------------


@pytest.mark.parametrize("match", ["exact_case_insensitive", "exact"])
def test_tia16_every_position_must_match_with_multi_character_symbols(match: str) -> None:
    """TI-A16: "every window (or Answer-area position) must match". With symbols of
    two letters (allowed: schema.py takes an alphabet list), AB / A / AB entered as
    A / BA / AB is wrong in every position but the first, so the solve loses."""
    windows = (Window("alpha", ("AB",)), Window("beta", ("A",)), Window("alpha", ("AB",)))
    mission = replace(EYE, windows=windows, alphabet=("A", "AB", "BA"))
    setup = TISetup(CONTENT, mission, (SeatSetup("Ada", CHARACTERS["sprinter"]),),
                    rules=ti_rules({"answer_match": match}))
    state = TIState(setup, SplitMix64(0), dealt=True, first=0,
                    hands=[cards(*HAND)], deck=[card("circle-1")])
    state.settle()
    do(state, "solve", "symbol 0", "symbol 2", "symbol 1", "announce")  # A BA AB
    assert state.over and state.won is False and state.loss_reason == "wrong_answer"


@pytest.mark.parametrize("trigger", ["deck_empty", "draw_from_empty"])
def test_tia5_a_camera_facing_a_deck_that_ran_out_earlier_still_discards(trigger: str
                                                                         ) -> None:
    """TI-A5 off skips the discards left once the cameras' own discards emptied the
    deck. A deck that was already empty when the cameras start (left empty by a draw
    under draw_from_empty, TI-A1; or run out over an empty discard pile under
    deck_empty, test_tia1_an_empty_deck_over_an_empty_discard_flips_in_peril_without_a_
    reshuffle) is rebuilt from the discard pile the moment a card is needed (TI-47), so the camera
    still discards its card (TI-28), as it does with the flag on."""
    state = position(hands={0: HAND}, deck=[], discard=["square-1", "square-2"],
                     face_up={CAMERA: R4}, peril=trigger == "deck_empty",
                     rules={"peril_trigger": trigger,
                            "camera_discards_continue_after_reshuffle": False})
    do(state, f"play run {card('circle-3')}", "stop", "end")
    assert state.peril and state.reshuffles == 1
    assert len([e for e in state.events() if e[0] == ev.BURNED]) == 1
