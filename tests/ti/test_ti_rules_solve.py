"""Solving and the campaign hooks: TI-25, TI-54..TI-57, TI-A15, TI-A16, TI-A17."""

from __future__ import annotations

from dataclasses import replace

import pytest

from initiative.engine.rng import SplitMix64
from initiative.games.ti import events as ev
from initiative.games.ti.flags import ti_rules
from initiative.games.ti.setup import SeatSetup, TISetup
from initiative.games.ti.state import TIState
from tests.ti.build import card, cards, do, kinds, legal_texts, position
from tests.ti.sample import ALPHA_NUM, CHARACTERS, CONTENT, EYE, sample_game

HAND = ["circle-3", "square-5", "triangle-9", "circle-12"]


def symbols(*text: str) -> list[str]:
    return [f"symbol {ALPHA_NUM.index(s)}" for s in text]


def answer(*text: str) -> list[str]:
    """Enter the symbols, then announce the answer (TI-54)."""
    return [*symbols(*text), "announce"]


def test_ti54_the_right_answer_wins_for_everyone() -> None:
    state = position(hands={0: HAND}, seats=1)
    do(state, "solve")
    assert state.phase == "solve" and len(legal_texts(state)) == len(ALPHA_NUM)
    do(state, *symbols("E", "Y"))
    assert state.view(0).to_dict()["pending"]["answer"] == ["E", "Y"]
    do(state, *symbols("E"))
    assert not state.over, "the answer counts once announced"
    do(state, "announce")
    assert state.over and state.won is True and state.returns() == [1.0]
    result = state.view(0).to_dict()["result"]
    assert result == {"won": True, "reason": "solved", "answer": ["E", "Y", "E"],
                      "entered": ["E", "Y", "E"], "story": "The vault swings open."}


def test_ti54_a_symbol_is_taken_back_and_corrected_before_the_answer_is_announced(
        ) -> None:
    """TI-54: the answer counts once announced; until then the proposer takes the last
    symbol back (`erase`, again and again), the last one included, and the vote is on
    the corrected answer (TI-56)."""
    state = position(hands={0: HAND}, seats=2)
    do(state, "solve")
    assert "erase" not in legal_texts(state), "nothing to take back yet"
    do(state, *symbols("E", "X"))
    assert legal_texts(state)[-1] == "erase"
    assert state.view(0).to_dict()["legal"][-1]["label"] == "Take back X"
    do(state, "erase")
    assert state.view(0).to_dict()["pending"]["answer"] == ["E"]
    assert (ev.ERASED, 0, ALPHA_NUM.index("X")) in state.events()
    do(state, *symbols("Y", "F"))
    assert legal_texts(state) == ["announce", "erase"], "complete: announce or take back"
    assert state.view(0).to_dict()["legal"][0]["label"] == "Announce the answer E Y F"
    do(state, "erase", "erase", *symbols("Y", "E"), "announce")
    assert state.view(1).to_dict()["pending"]["answer"] == ["E", "Y", "E"]
    do(state, "yes")
    assert state.won is True and state.view(0).to_dict()["result"]["entered"] == ["E", "Y", "E"]


def test_ti54_one_wrong_symbol_loses_for_everyone() -> None:
    state = position(hands={0: HAND}, seats=2)
    do(state, "solve", *answer("E", "Y", "F"), "yes")
    assert state.over and state.won is False and state.loss_reason == "wrong_answer"
    assert state.returns() == [-1.0, -1.0]


def test_ti55_only_the_answer_area_is_guessed_and_a_window_may_hide_several() -> None:
    """TI-55: VAULT-2's Answer area covers windows 2-3, the last hiding two symbols:
    the answer is 4, 2, 7 (the first window's X is not asked)."""
    state = position("vault-2", hands={0: HAND}, seats=1)
    data = state.view(0).to_dict()["mission"]
    assert data["answer_positions"] == 3 and data["answer_area"] == [1, 2]
    do(state, "solve", *answer("4", "2", "7"))
    assert state.won is True


def test_ti56_every_other_seat_votes_and_one_no_blocks() -> None:
    """TI-56: after the answer the other seats vote in seat order from the proposer;
    the first no ends it and play resumes where it was."""
    state = position(hands={0: HAND}, seats=3)
    do(state, f"play run {card('circle-3')}", "stop", "solve", *answer("E", "Y", "E"))
    pending = state.view(1).to_dict()["pending"]
    assert pending["kind"] == "vote" and pending["seat"] == 1
    labels = [e["label"] for e in state.view(1).to_dict()["legal"]]
    assert labels == ["Vote yes on the proposal to solve with E Y E",
                      "Vote no on the proposal to solve with E Y E"]
    do(state, "yes")
    assert state.view(2).to_dict()["pending"]["votes"] == {"1": True}
    do(state, "no")
    assert not state.over and state.current_seat() == 0 and state.actions_taken == 1
    assert (ev.BLOCKED, 2) in state.events()
    assert state.proposals == 1


def test_ti56_votes_start_after_the_proposer() -> None:
    state = position(hands={0: HAND, 2: HAND}, seats=3, active=1)
    assert state.active == 2
    do(state, "solve", *answer("E", "Y", "E"))
    assert state.current_seat() == 0
    do(state, "yes", "yes")
    assert state.won is True


@pytest.mark.parametrize("counts", [False, True])
def test_ti56_tia15_a_refused_proposal_uses_up_the_solve_only_when_it_counts(
        counts: bool) -> None:
    """TI-56, TI-A15 `refused_proposal_counts`: off (the default), a proposal one no
    stopped was no attempt, so when the objector agrees right after, the group solves
    in the same turn; on, it used up the turn's proposal (`solve_proposals_per_turn`
    1) and the next turn's player calls the solve."""
    state = position(hands={0: HAND, 1: HAND}, seats=2,
                     rules={"refused_proposal_counts": counts})
    do(state, f"play run {card('circle-3')}", "stop", "solve", *answer("E", "Y", "E"), "no")
    assert (ev.BLOCKED, 1) in state.events() and not state.over
    assert ("solve" in kinds(state)) is not counts
    if counts:
        do(state, "end")
        assert state.active == 1 and "solve" in kinds(state)
    do(state, "solve", *answer("E", "Y", "E"), "yes")
    assert state.won is True and state.turn == (2 if counts else 1)


@pytest.mark.parametrize("per_turn", [1, 2])
def test_tia15_solve_proposals_per_turn(per_turn: int) -> None:
    """TI-A15 reading: the active player calls a solve at a main step, never
    mid-action; with refused proposals counted (`refused_proposal_counts`), at most
    `solve_proposals_per_turn` times a turn."""
    state = position(hands={0: HAND}, rules={"solve_proposals_per_turn": per_turn,
                                             "refused_proposal_counts": True})
    do(state, f"play run {card('circle-3')}")
    assert "solve" not in kinds(state)
    do(state, "stop", "solve", *answer("E", "Y", "E"), "no")
    assert ("solve" in kinds(state)) is (per_turn == 2)
    do(state, "end")
    assert "solve" in kinds(state)  # a new turn, a new count


def _lower_case_state(match: str) -> TIState:
    mission = replace(EYE, alphabet=("e", "E", "y", "Y"))
    setup = TISetup(CONTENT, mission, (SeatSetup("Ada", CHARACTERS["sprinter"]),),
                    rules=ti_rules({"answer_match": match}))
    state = TIState(setup, SplitMix64(0), dealt=True, first=0,
                    hands=[cards(*HAND)], deck=[card("circle-1")])
    state.settle()
    return state


@pytest.mark.parametrize("match", ["exact_case_insensitive", "exact"])
def test_tia16_answer_match(match: str) -> None:
    """TI-A16 `answer_match`: letters compared ignoring case (default), or exactly."""
    state = _lower_case_state(match)
    do(state, "solve", "symbol 0", "symbol 3", "symbol 0", "announce")  # e Y e
    assert state.won is (match == "exact_case_insensitive")
    state = _lower_case_state(match)
    do(state, "solve", "symbol 1", "symbol 3", "symbol 1", "announce")  # E Y E
    assert state.won is True


@pytest.mark.parametrize("per_player", [1, 2])
def test_tia17_a_lone_player_does_not_vote(per_player: int) -> None:
    """TI-A17 `characters_per_solo_player`: one person running two characters solves
    without a vote; two people vote."""
    players = 1 if per_player == 2 else 0
    state = position(hands={0: HAND}, seats=2, players=players,
                     rules={"characters_per_solo_player": per_player})
    do(state, "solve", *answer("E", "Y", "E"))
    assert state.over is (per_player == 2)


def test_ti25_back_secret_at_setup_face_secret_after_the_game() -> None:
    """TI-25: VAULT-2's back secret is held from setup; its face secret is gained once
    the game ends, win or lose."""
    for answer, won in ((("4", "2", "7"), True), (("4", "2", "8"), False)):
        state = position("vault-2", hands={0: HAND}, seats=1)
        state.secrets.append("secret-a")  # the loader passes the back secret in setup
        assert [s["key"] for s in state.view(0).to_dict()["secrets"]] == ["secret-a"]
        do(state, "solve", *symbols(*answer), "announce")
        assert state.won is won
        assert [s["key"] for s in state.view(0).to_dict()["secrets"]] == ["secret-a",
                                                                           "secret-b"]
        assert (ev.SECRET, 1, ev.AFTER_GAME) in state.events()


def test_ti25_the_deal_takes_the_back_secret() -> None:
    state = sample_game("vault-2", 2).new_initial_state(0)
    assert state.secrets == ["secret-a"] and (ev.SECRET, 0, ev.AT_SETUP) in state.events()


def test_ti57_the_result_names_mission_outcome_and_secrets() -> None:
    """TI-57: what a campaign log records is in the final view: the mission, the
    result and the secrets gained."""
    state = position("vault-2", hands={0: HAND}, seats=1)
    do(state, "solve", *answer("4", "2", "7"))
    data = state.view(0).to_dict()
    assert data["mission"]["key"] == "vault-2" and data["result"]["won"] is True
    assert data["over"] is True and data["phase"] == "over" and data["pending"] is None
