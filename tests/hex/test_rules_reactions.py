"""Reactions (HX-30..HX-34), damage timing and Power tokens (HX-22, HX-A3, HX-A6,
HX-A13, HX-A15, HX-A19), dice forced through explicit chance. Red (seat 0, Brawler)
attacks Blue (seat 1) from (0,0) facing north."""

from __future__ import annotations

import pytest

from initiative.games.hex import events
from initiative.games.hex.frames import TurnFrame
from initiative.games.hex.geometry import Hex
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.state import HexState
from tests.hex.fixtures import legal_texts, make_setup, open_board, position, roll, run

RED = Hex(0, 0)
FRONT = Hex(0, -1)


def _attack(setup: HexSetup, hand: list[str], blue_hand: list[str], blue: Hex = FRONT,
            blue_facing: int = 3, green: Hex | None = None) -> HexState:
    hexes: list[Hex | None] = [RED, blue] + ([green] if green else [])
    hands = [hand, blue_hand] + ([["step", "sweep"]] if green else [])
    facing = [0, blue_facing] + ([3] if green else [])
    return position(setup, hexes=hexes, facing=facing, hands=hands, stack=[TurnFrame(0)])


def _codes(state: HexState) -> list[int]:
    return [e[0] for e in state.events()]


def test_hx30_a_target_may_react_or_decline_even_at_0_hits() -> None:
    state = _attack(make_setup(board=open_board()), ["step"], ["sweep", "step"])
    run(state, "attack 0", "target 1", roll(1))
    assert state.current_seat() == 1
    assert legal_texts(state) == ["react 0", "react 1", "decline"]
    run(state, "react 1")
    assert state.discards[1] == [0] and state.hands[1] == [2]


def test_hxa15_one_reaction_per_target_per_attack() -> None:
    state = _attack(make_setup(board=open_board()), ["step"], ["sweep", "step"])
    run(state, "attack 0", "target 1", roll(6), "react 0")
    assert state.current_seat() == 1  # Blue's own turn now, not a second reaction
    assert state.view(1).to_dict()["pending"]["kind"] == "turn"


def test_hx31_no_reaction_against_an_attack_from_directly_behind() -> None:
    state = _attack(make_setup(board=open_board()), ["step"], ["sweep"], blue_facing=0)
    run(state, "attack 0", "target 1", roll(6))
    assert events.BEHIND in _codes(state)
    assert state.health[1] == 4 and state.hands[1] == [2]  # no reaction was asked


@pytest.mark.parametrize("when", ["declaration", "reaction"])
def test_hxa13_behind_check_time(when: str) -> None:
    """Blue at (0,-1) faces NE: Red is not behind it. The push to (1,-1) puts Red on the
    hex behind it: that counts only when judged at the reaction."""
    setup = make_setup(board=open_board(), behind_check_time=when)
    state = _attack(setup, ["lunge"], ["sweep"], blue_facing=1)
    run(state, "attack 0", "target 1", roll(6), roll(6), "push SE")
    assert state.hexes[1] == Hex(1, -1)
    reacting = state.view(1).to_dict()["pending"]["kind"] == "react"
    assert reacting is (when == "declaration")


@pytest.mark.parametrize("when", ["declaration", "reaction"])
def test_hxa13_a_push_can_also_end_an_attack_from_behind(when: str) -> None:
    """Blue faces north with Red behind it; pushed to (-1,-1) it may react under the
    reaction-time check only."""
    setup = make_setup(board=open_board(), behind_check_time=when)
    state = _attack(setup, ["lunge"], ["sweep"], blue_facing=0)
    run(state, "attack 0", "target 1", roll(6), roll(6), "push NW")
    reacting = state.view(1).to_dict()["pending"]["kind"] == "react"
    assert reacting is (when == "reaction")


def test_hx33_shields_remove_hits_never_below_0() -> None:
    state = _attack(make_setup(board=open_board()), ["sweep"], ["sweep"])
    run(state, "attack 0", roll(6), roll(1), "react 0")  # 1 hit, 2 shields
    assert state.health[1] == 5
    shield = next(e for e in state.events() if e[0] == events.SHIELDED)
    assert shield == (events.SHIELDED, 1, 1, 0)
    two = _attack(make_setup(board=open_board()), ["rally"], ["step"])
    run(two, "attack 0", "target 1", roll(6), roll(6), roll(6), "react 0")  # 3 hits, 1 shield
    assert two.health[1] == 3


def test_hx34_a_reaction_move_follows_the_move_rules_and_dodges_nothing() -> None:
    state = _attack(make_setup(board=open_board()), ["sweep"], ["lunge"])
    run(state, "attack 0", roll(6), roll(6), "react 0")
    view = state.view(1).to_dict()
    assert view["pending"]["kind"] == "move" and view["pending"]["section"] == "reaction"
    assert "step S" not in legal_texts(state)  # Red's hex: no displace on this section
    run(state, "step N", "face S")
    assert state.hexes[1] == Hex(0, -2) and state.facing[1] == 3
    assert state.health[1] == 3  # out of range now, but both hits stand


@pytest.mark.parametrize("card", ["lunge", "dash"])
def test_hxa19_a_reaction_move_displaces_only_if_its_section_shows_it(card: str) -> None:
    state = _attack(make_setup(board=open_board()), ["sweep"], [card])
    run(state, "attack 0", roll(1), roll(1), "react 0")
    assert ("step S" in legal_texts(state)) is (card == "dash")


@pytest.mark.parametrize("timing", ["after_reactions", "after_each_reaction"])
def test_hxa6_damage_timing(timing: str) -> None:
    setup = make_setup(3, board=open_board(), damage_timing=timing)
    state = _attack(setup, ["sweep"], ["step"], green=Hex(-1, 0))
    run(state, "attack 0", "order 1", roll(6), roll(6), roll(6), roll(6), "decline")
    assert state.current_seat() == 2  # Green reacts second
    assert state.health[1] == (3 if timing == "after_each_reaction" else 5)
    run(state, "decline")
    assert state.health == [5, 3, 3]


def test_hx22_hxa3_power_up_gains_1() -> None:
    state = _attack(make_setup(board=open_board()), ["feint"], ["step"], blue=Hex(3, -3))
    run(state, "move 0", "step N", "face N")
    assert state.power[0] == 1


@pytest.mark.parametrize("effect", ["lose_1_floor_0", "cost_1_required"])
def test_hxa3_power_down(effect: str) -> None:
    setup = make_setup(board=open_board(), power_down_effect=effect)
    state = _attack(setup, ["drain", "rally"], ["step"])
    texts = legal_texts(state)
    if effect == "cost_1_required":  # no token: Drain's Move and Rally's Attack are out
        assert texts == ["move 1", "attack 0"]
        return
    assert texts == ["move 0", "move 1", "attack 0", "attack 1"]
    run(state, "move 0", "step SE", "face N")
    assert state.power[0] == 0  # never below 0


def test_hxa3_cost_1_required_spends_the_token() -> None:
    setup = make_setup(board=open_board(), power_down_effect="cost_1_required")
    state = _attack(setup, ["rally"], ["step"], blue=Hex(3, -3))
    state.power[0] = 1
    state.invalidate()
    assert legal_texts(state) == ["move 0"]  # no one in range for the Attack
    run(state, "move 0", "face N")  # Rally's Move: power up
    assert state.power[0] == 2


def test_a_reaction_power_icon_applies_to_the_reactor() -> None:
    state = _attack(make_setup(board=open_board()), ["step"], ["feint"])
    run(state, "attack 0", "target 1", roll(1), "react 0")
    assert state.power == [0, 1]


def test_a_reaction_whose_move_cannot_be_made_still_counts_its_other_icons() -> None:
    """Blue, walled in but for Red's hex, reacts with Whirl (1 shield, move 1): the
    shield counts, the move does nothing."""
    walls = frozenset({Hex(0, -2), Hex(1, -2), Hex(1, -1), Hex(-1, 0), Hex(-1, -1)})
    state = _attack(make_setup(board=open_board(walls)), ["sweep"], ["whirl"])
    run(state, "attack 0", roll(6), roll(6), "react 0")
    assert state.hexes[1] == FRONT and state.health[1] == 4
    assert state.view(1).to_dict()["pending"]["kind"] == "turn"


def test_a_target_with_an_empty_hand_is_not_asked() -> None:
    state = _attack(make_setup(board=open_board()), ["sweep", "step"], [])
    run(state, "attack 0", roll(6), roll(1))
    assert events.DECLINED not in _codes(state) and state.health[1] == 4
    assert (events.SKIP, 1, events.NO_PLAYABLE) in state.events()  # HX-13: no card
    assert state.current_seat() == 0
