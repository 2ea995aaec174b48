"""The round (HX-1..HX-15) and its house rules (HX-A1, HX-A2, HX-A4, HX-A5, HX-A17,
HX-A20): draw phase, the stacked initiative decks, the special card, skipped turns,
and the end of the game."""

from __future__ import annotations

from collections import Counter

import pytest

from initiative.engine.chance import DRAW, Outcome
from initiative.engine.contract import CHANCE
from initiative.games.hex import events
from initiative.games.hex.frames import TurnFrame
from initiative.games.hex.game import HexGame
from initiative.games.hex.geometry import Hex
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.state import HexState
from initiative.timing.stacked_decks import SPECIAL
from tests.hex.fixtures import (
    draw,
    legal_texts,
    make_setup,
    open_board,
    position,
    run,
    seat_card,
)

FAR = [Hex(0, 2), Hex(0, -2), Hex(3, -3)]


def _between(setup: HexSetup, at: int, power: list[int] | None = None,
             alive: list[bool] | None = None, hands: list[list[str]] | None = None,
             **parts: object) -> HexState:
    """A state between two line cards: card `at` is next."""
    n = setup.num_seats
    hexes: list[Hex | None] = list(FAR[:n])
    if alive is not None:
        hexes = [h if up else None for h, up in zip(hexes, alive, strict=True)]
    return position(setup, hexes=hexes, facing=[0] * n,
                    hands=hands if hands is not None else [["step", "sweep"]] * n,
                    stack=[], at=at - 1, power=power or [0] * n,
                    alive=alive or [True] * n, **parts)


def _codes(state: HexState) -> list[tuple[int, ...]]:
    return list(state.events())


def test_hx2_hx3_hx4_the_draw_phase() -> None:
    setup = make_setup(board=open_board())
    state = _between(setup, 5, hands=[["step"], []], discards=[[1, 2], [3]])
    assert state.round == 2  # HX-15: after the last card, the next round's draw
    for seat in (0, 1):
        assert len(state.hands[seat]) == 4 and state.discards[seat] == []
        assert Counter(state.hands[seat] + state.decks[seat]) == \
            Counter(setup.deck_ids(seat)) + Counter([1, 2, 0] if seat == 0 else [3])


def test_hx4_a_short_deck_draws_what_it_has() -> None:
    setup = make_setup(board=open_board(), deck=("step", "lunge", "dash"))
    state = HexGame(setup).new_initial_state(3)
    assert [len(h) for h in state.hands] == [3, 3]


def test_hx5_to_hx9_the_deal_under_explicit_chance() -> None:
    """Draws first (each a chance node), then the first initiative deck dealt on top of
    the second (HX-A2), then the Special card."""
    game = HexGame(make_setup(board=open_board()), explicit_chance=True)
    state = game.new_initial_state(0)
    assert state.current_seat() == CHANCE and state.round == 1
    for _ in (0, 1):  # four cards for each seat
        run(state, draw("step"), draw("step"), draw("lunge"), draw("dash"))
    outcomes = state.chance_outcomes()  # the first initiative card: either seat, 1/2
    assert [(o, float(p)) for o, p in outcomes] == [(Outcome(DRAW, 0), 0.5),
                                                   (Outcome(DRAW, 1), 0.5)]
    run(state, seat_card(1), seat_card(0), seat_card(0), seat_card(1))
    assert state.line == [1, 0, 0, 1, SPECIAL]
    assert state.current_seat() == 1  # HX-11: the first card's player is active
    assert sorted(state.hands[0]) == sorted([0, 0, 1, 5])


def test_hx10_the_special_card_gives_a_turn_to_the_single_power_leader() -> None:
    state = _between(make_setup(board=open_board()), 4, power=[2, 1])
    assert state.current_seat() == 0
    assert (events.SPECIAL, 0) in _codes(state)
    assert state.stack == [TurnFrame(0, special=True)]


def test_hx10_a_tie_gives_nobody_a_turn() -> None:
    state = _between(make_setup(board=open_board()), 4, power=[1, 1])
    assert (events.SPECIAL, events.NOBODY) in _codes(state)
    assert state.round == 2


def test_hxa20_eliminated_players_do_not_count_for_the_special_card() -> None:
    setup = make_setup(3, board=open_board())
    state = _between(setup, 6, power=[0, 1, 3], alive=[True, True, False])
    assert (events.SPECIAL, 1) in _codes(state)
    assert state.current_seat() == 1


@pytest.mark.parametrize("cost", [0, 1, 3])
def test_hxa4_special_turn_cost(cost: int) -> None:
    state = _between(make_setup(board=open_board(), special_turn_cost=cost), 4,
                     power=[2, 1])
    if cost == 3:  # the leader cannot pay: nothing happens
        assert (events.SPECIAL, events.NOBODY) in _codes(state)
        return
    run(state, "move 1", "face N")  # Sweep: Move 0
    assert state.power[0] == 2 - cost


@pytest.mark.parametrize("reset", [False, True])
def test_hxa4_power_tokens_reset_each_round(reset: bool) -> None:
    state = _between(make_setup(board=open_board(), power_tokens_reset_each_round=reset),
                     5, power=[2, 1])
    assert state.round == 2
    assert state.power == ([0, 0] if reset else [2, 1])


def test_hx13_a_player_without_a_playable_card_is_skipped() -> None:
    state = _between(make_setup(board=open_board()), 0, hands=[[], ["step"]])
    assert (events.SKIP, 0, events.NO_PLAYABLE) in _codes(state)
    assert state.current_seat() == 1


def test_hxa5_an_eliminated_players_cards_are_skipped() -> None:
    setup = make_setup(3, board=open_board())
    state = _between(setup, 0, alive=[False, True, True])
    assert (events.SKIP, 0, events.OUT) in _codes(state)
    assert state.current_seat() == 1


@pytest.mark.parametrize("reveal", ["all_at_start", "one_per_turn"])
def test_hxa1_initiative_reveal(reveal: str) -> None:
    game = HexGame(make_setup(3, board=open_board(), initiative_reveal=reveal))
    state = game.new_initial_state(5)
    cards = state.view(1).to_dict()["line"]["cards"]
    assert len(cards) == 7
    if reveal == "all_at_start":
        assert None not in cards and cards[-1] == "special"
    else:
        assert cards[0] == state.line[0] and cards[1:] == [None] * 6
        assert state.view(1).to_dict()["line"]["at"] == 0


@pytest.mark.parametrize("allow", [False, True])
def test_hxa17_allow_voluntary_pass(allow: bool) -> None:
    state = _between(make_setup(board=open_board(), allow_voluntary_pass=allow), 0)
    assert ("pass" in legal_texts(state)) is allow
    if allow:
        run(state, "pass")
        assert (events.PASSED, 0) in _codes(state) and state.current_seat() == 1


def test_hxa5_the_round_limit_ends_the_game_most_health_wins() -> None:
    setup = make_setup(board=open_board(), round_limit=1)
    state = _between(setup, 5, health=[3, 4])
    assert state.over and state.winner == 1 and state.returns() == [-1.0, 1.0]


def test_hxa5_tied_leaders_at_the_round_limit_draw() -> None:
    setup = make_setup(3, board=open_board(), round_limit=1)
    state = _between(setup, 7, health=[4, 2, 4])
    assert state.over and state.winner is None and state.leaders == (0, 2)
    assert state.returns() == [0.0, -1.0, 0.0]


@pytest.mark.parametrize("victory", ["last_standing", "most_power_after_rounds"])
def test_hxa5_victory(victory: str) -> None:
    setup = make_setup(board=open_board(), victory=victory, round_limit=1)
    state = _between(setup, 5, health=[3, 4], power=[2, 0])
    assert state.winner == (0 if victory == "most_power_after_rounds" else 1)


def test_a_round_in_which_nobody_plays_ends_the_game() -> None:
    setup = make_setup(board=open_board(), deck=("step",))
    state = _between(setup, 0, hands=[[], []], decks=[[], []], health=[5, 4])
    assert state.over and state.winner == 0


def test_hx12_the_played_card_is_discarded() -> None:
    state = _between(make_setup(board=open_board()), 0)
    run(state, "move 1", "face S")
    assert state.hands[0] == [0] and state.discards[0] == [2]


@pytest.mark.parametrize("limit", [None, 2])
def test_hxa5_round_limit(limit: int | None) -> None:
    state = _between(make_setup(board=open_board(), round_limit=limit), 5, round=2)
    assert state.over is (limit == 2)
    assert state.round == (2 if limit == 2 else 3)
