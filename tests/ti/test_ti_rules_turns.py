"""Setup and the turn: TI-1..TI-14, TI-16, TI-53 (forced pass) and TI-A7 (tuck windows
are in test_ti_rules_enemies.py)."""

from __future__ import annotations

import pytest

from initiative.engine.errors import IllegalActionError
from initiative.games.ti import events as ev
from initiative.games.ti import tokens
from initiative.games.ti.actions import Kind, act, play
from tests.ti.build import card, cards, do, kinds, legal_texts, position
from tests.ti.sample import R4, sample_game

HAND = ["circle-3", "square-5", "triangle-9", "circle-12"]


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_ti1_ti6_setup_deals_four_cards_to_each_of_one_to_four_seats(seats: int) -> None:
    """TI-1, TI-6: one character per seat, 4 cards each, the 4 time cards on the discard
    pile, 36 - 4n cards in the deck, every action pile empty."""
    state = sample_game("eye", seats).new_initial_state(7)
    assert [len(h) for h in state.hands] == [4] * seats
    assert len(state.deck) == 36 - 4 * seats
    assert sorted(state.discard) == cards("time-a", "time-b", "time-c", "time-x2")
    assert state.piles == [[], [], [], []]
    data = state.view(0).to_dict()
    assert len(data["characters"]) == seats
    assert len({c["key"] for c in data["characters"]}) == seats


def test_ti2_ti4_ti5_ti7_board_stacks_standees_windows_secrets() -> None:
    """TI-2 board side, TI-4 stacks face down and standees at the entrance, TI-5 every
    window closed, TI-7 no secret gained without a mission back's one."""
    state = sample_game("eye", 3).new_initial_state(1)
    data = state.view(0).to_dict()
    assert data["board"]["key"] == "office"
    assert [r["stack"] for r in data["rooms"]] == [3, 2, 3, 0, 2, 3]
    assert all(r["face_up"] == [] for r in data["rooms"])
    assert state.pos == [R4] * 3
    assert all(not w["open"] and w["symbols"] is None for w in data["console"]["windows"])
    assert data["secrets"] == []


def test_ti3_tan_tokens_are_mixed_per_game() -> None:
    """TI-3: what a stack turns up differs between seeds (the pool is shuffled)."""
    seen = set()
    for seed in range(12):
        state = position(seed=seed, hands={0: HAND})
        state.rng.shuffle(state.tan_pool)
        seen.add(tokens.reveal_top(state, 0))
    assert len(seen) > 3


def test_ti8_seat_zero_names_the_volunteer() -> None:
    """TI-8: seat 0 enters the group's volunteer; play then goes clockwise."""
    state = sample_game("eye", 3).new_initial_state(2)
    assert state.current_seat() == 0 and kinds(state) == {"first"}
    do(state, "first 2")
    assert state.first == 2 and state.active == 2 and state.current_seat() == 2
    state.apply(state.legal_actions()[0])
    while state.active == 2 and not state.over:
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.kind is Kind.END), legal[-1]
                         if legal[-1].kind is not Kind.SOLVE else legal[0]))
    assert state.active == 0


def test_ti8_solo_volunteer_is_automatic() -> None:
    state = sample_game("eye", 1).new_initial_state(0)
    assert state.first == 0 and kinds(state) >= {"play", "special"}


def test_ti9_ti10_one_or_two_actions_then_refill_to_four() -> None:
    """TI-9, TI-10: a card played goes face up on its pile and the pile's ability runs;
    after END the hand refills to 4 and the next seat plays."""
    state = position(hands={0: HAND, 1: HAND[:0]})
    do(state, f"play regroup {card('circle-3')}", "pile run")
    assert state.piles[3] == [card("circle-3")] and state.actions_taken == 1
    assert "end" in kinds(state) and "play" in kinds(state)
    do(state, f"play regroup {card('square-5')}", "pile run")
    assert "play" not in kinds(state) and "special" not in kinds(state)
    do(state, "end")
    assert len(state.hands[0]) == 4 and state.active == 1
    assert (ev.TURN_END, 0) in state.events()


def test_ti11_end_needs_an_action() -> None:
    """TI-11: END is not legal before the first action; TI-A9: an action with no
    effect counts (RUN 0 rooms)."""
    state = position(hands={0: HAND})
    assert "end" not in kinds(state)
    with pytest.raises(IllegalActionError):
        do(state, "end")
    do(state, f"play run {card('circle-3')}", "stop")
    assert "end" in kinds(state) and state.pos[0] == R4


def test_ti12_strictly_higher_than_the_top() -> None:
    """TI-12: only a higher value goes on a pile; an empty pile takes anything."""
    state = position(hands={0: ["circle-5", "square-5", "circle-6", "circle-1"]},
                     piles={0: ["triangle-5"]})
    run = {a.arg % 48 for a in state.legal_actions() if a.kind is Kind.PLAY and a.arg < 48}
    assert run == {card("circle-6")}
    intel = {a for a in state.legal_actions() if a.kind is Kind.PLAY and 48 <= a.arg < 96}
    assert len(intel) == 4
    with pytest.raises(IllegalActionError):
        state.apply(play(0, card("circle-5")))


def test_ti13_special_discards_two_then_resolves() -> None:
    """TI-13: the special action costs any 2 hand cards, face up on the discard pile,
    counts as an action, then the ability runs (Sprinter: move up to 2)."""
    state = position(hands={0: HAND})
    do(state, "special")
    assert state.actions_taken == 1 and kinds(state) == {"discard"}
    do(state, f"discard {card('circle-3')}", f"discard {card('circle-12')}")
    assert state.discard[-2:] == cards("circle-3", "circle-12")
    assert kinds(state) == {"move", "stop"}


def test_ti14_special_twice_discards_four() -> None:
    state = position(hands={0: HAND})
    do(state, "special", *(f"discard {c}" for c in cards(*HAND[:2])), "stop", "special",
       *(f"discard {c}" for c in cards(*HAND[2:])), "stop")
    assert state.hands[0] == [] and state.actions_taken == 2
    assert kinds(state) == {"end", "solve"}


def test_ti13_special_needs_two_cards() -> None:
    state = position(hands={0: ["circle-3"]})
    assert "special" not in kinds(state)


def test_ti16_story_hook_on_reveal() -> None:
    """TI-16: a token's story text is logged when it is revealed."""
    state = position(hands={0: HAND}, reveals=(3,))
    do(state, f"play intel {card('circle-3')}", "room 0")
    assert (ev.STORY, 3) in state.events()
    texts = [line["text"] for line in state.view(1).to_dict()["log"]]
    assert any(t.startswith("Story: A torn note") for t in texts)


def test_ti53_forced_pass_when_nothing_can_be_played() -> None:
    """TI-53: one card that fits no pile (and no special without 2 cards): the turn is
    skipped; PASS (a solve could be called instead), then the draw step."""
    state = position(hands={0: ["circle-4"]}, piles={p: ["triangle-12"] for p in range(4)},
                     peril=True, deck=["circle-1", "circle-2"], discard=[])
    assert state.phase == "end"
    assert legal_texts(state) == ["pass", "solve"]
    do(state, "pass")
    assert (ev.FORCED_PASS, 0) in state.events()
    assert legal_texts(state) == ["draw", "stop"]
    do(state, "draw", "draw")
    assert state.active == 1 and len(state.hands[0]) == 3


def test_ti53_a_tuck_that_empties_the_options_turns_into_a_forced_pass() -> None:
    """TI-53 with TI-44: tucking the only playable card before the first action leaves
    no action: the turn becomes a forced pass."""
    piles = {1: ["triangle-12"], 2: ["triangle-12"], 3: ["triangle-12"]}
    state = position("vault-2", hands={0: ["square-3"]}, piles=piles, pos=[5, 5])
    assert set(legal_texts(state)) == {f"play run {card('square-3')}",
                                       f"tuck 0 {card('square-3')}", "solve"}
    state.apply(act(Kind.TUCK, card("square-3")))
    assert legal_texts(state) == ["pass", "solve"]
