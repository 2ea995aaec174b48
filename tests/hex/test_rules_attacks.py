"""Attacks (HX-23..HX-29) and their house rules (HX-A8, HX-A10, HX-A11, HX-A12,
HX-A16), dice forced through explicit chance. Red (seat 0, Brawler: front 3+,
front-right 4+, front-left 4+) attacks from (0,0) facing north unless said otherwise."""

from __future__ import annotations

import pytest

from initiative.engine.contract import CHANCE
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.hex import reach
from initiative.games.hex.frames import TurnFrame
from initiative.games.hex.geometry import Hex
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.state import HexState
from tests.hex.fixtures import (
    BRAWLER,
    LANCER,
    legal_texts,
    make_setup,
    open_board,
    position,
    roll,
    run,
)

RED = Hex(0, 0)


def _attack(setup: HexSetup, hand: list[str], blue: Hex, green: Hex | None = None,
            facing: tuple[int, ...] = (0, 3, 3), blue_hand: list[str] | None = None
            ) -> HexState:
    hexes: list[Hex | None] = [RED, blue] + ([green] if green else [])
    hands = [hand, blue_hand if blue_hand is not None else ["step"]] \
        + ([["step"]] if green else [])
    return position(setup, hexes=hexes, facing=list(facing[:len(hexes)]), hands=hands,
                    stack=[TurnFrame(0)])


def test_hx23_targets_are_only_units_on_the_projected_style_hexes() -> None:
    setup = make_setup(3, board=open_board())
    state = _attack(setup, ["step"], Hex(0, -2), green=Hex(1, -1))  # Blue two ahead
    run(state, "attack 0")
    assert legal_texts(state) == ["target 2"]
    turned = _attack(setup, ["step"], Hex(0, -2), green=Hex(0, 1), facing=(3, 3, 3))
    run(turned, "attack 0")  # facing south, the Style card points at (0,1)
    assert legal_texts(turned) == ["target 2"]


def test_hx24_no_attack_when_no_unit_is_in_range() -> None:
    state = _attack(make_setup(board=open_board()), ["step"], Hex(0, -2))
    assert legal_texts(state) == ["move 0"]


def test_hx25_hx26_one_die_per_icon_and_hits_at_the_hex_number() -> None:
    state = _attack(make_setup(board=open_board()), ["step", "sweep"], Hex(1, -1))
    run(state, "attack 1")  # Sweep: 2 dice, barrage (a lone target needs no order)
    assert state.current_seat() == CHANCE
    assert [o.value for o, _ in state.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
    run(state, roll(3), roll(4))  # the front-right hex hits on 4+: one hit
    assert state.view(0).to_dict()["pending"]["hits"] == {"1": 1}
    run(state, "decline")
    assert state.health[1] == 4
    front = _attack(make_setup(board=open_board()), ["sweep"], Hex(0, -1))
    run(front, "attack 0", roll(3), roll(2), "decline")  # the front hex: 3+
    assert front.health[1] == 4


def test_hx27_barrage_attacks_everyone_in_range_and_the_attacker_orders_reactions() -> None:
    setup = make_setup(3, board=open_board())
    state = _attack(setup, ["sweep"], Hex(0, -1), green=Hex(-1, 0))
    run(state, "attack 0")
    assert state.current_seat() == 0
    assert legal_texts(state) == ["order 1", "order 2"]
    run(state, "order 2", roll(6), roll(6), roll(1), roll(1))  # Green: 2 hits; Blue: 0
    assert state.view(0).to_dict()["pending"]["targets"] == [2, 1]
    assert state.current_seat() == 2  # Green reacts first
    run(state, "decline")
    assert state.current_seat() == 1
    run(state, "decline")
    assert state.health == [5, 5, 3]


@pytest.mark.parametrize("dice", ["per_target", "shared_roll"])
def test_hxa12_barrage_dice(dice: str) -> None:
    setup = make_setup(3, board=open_board(), barrage_dice=dice)
    state = _attack(setup, ["sweep"], Hex(0, -1), green=Hex(-1, 0))
    run(state, "attack 0", "order 1", roll(4), roll(3))
    if dice == "shared_roll":  # one roll of 2 dice for both, each read at its own hex
        assert state.current_seat() != CHANCE
        assert state.view(0).to_dict()["pending"]["hits"] == {"1": 2, "2": 1}
    else:
        assert state.current_seat() == CHANCE
        run(state, roll(4), roll(4))
        assert state.view(0).to_dict()["pending"]["hits"] == {"1": 2, "2": 2}


def test_hx29_push_is_the_attackers_choice_of_an_open_hex_and_keeps_facing() -> None:
    walls = frozenset({Hex(0, -2)})
    state = _attack(make_setup(board=open_board(walls)), ["lunge"], Hex(0, -1),
                    facing=(0, 5))
    run(state, "attack 0", "target 1", roll(1), roll(1))
    assert state.current_seat() == 0  # HX-A10: mandatory, at 0 hits too
    options = legal_texts(state)
    assert "push N" not in options  # a wall
    assert "push S" not in options  # Red's hex
    assert options == ["push NE", "push SE", "push SW", "push NW"]
    run(state, "push NE")
    assert state.hexes[1] == Hex(1, -2) and state.facing[1] == 5


def test_hxa10_no_open_hex_means_no_push() -> None:
    walls = frozenset({Hex(0, -2), Hex(1, -2), Hex(1, -1), Hex(-1, 0), Hex(-1, -1)})
    state = _attack(make_setup(board=open_board(walls)), ["lunge"], Hex(0, -1))
    run(state, "attack 0", "target 1", roll(6), roll(6))
    assert state.current_seat() == 1  # straight on to Blue's reaction
    assert state.hexes[1] == Hex(0, -1)


@pytest.mark.parametrize("requires", [False, True])
def test_hxa10_push_requires_hit(requires: bool) -> None:
    state = _attack(make_setup(board=open_board(), push_requires_hit=requires), ["lunge"],
                    Hex(0, -1))
    run(state, "attack 0", "target 1", roll(2), roll(1))  # 0 hits
    assert (state.current_seat() == 0) is not requires


@pytest.mark.parametrize("direction", ["any_adjacent", "away_from_attacker"])
def test_hxa10_push_direction(direction: str) -> None:
    state = _attack(make_setup(board=open_board(), push_direction=direction), ["lunge"],
                    Hex(0, -1))
    run(state, "attack 0", "target 1", roll(6), roll(6))
    if direction == "away_from_attacker":
        assert legal_texts(state) == ["push N", "push NE", "push NW"]
    else:
        assert legal_texts(state) == ["push N", "push NE", "push SE", "push SW", "push NW"]


@pytest.mark.parametrize("edge_is_wall", [True, False])
def test_hxa8_a_push_off_the_board_eliminates_only_without_edge_walls(
        edge_is_wall: bool) -> None:
    setup = make_setup(board=open_board(), board_edge_is_wall=edge_is_wall)
    state = position(setup, hexes=[Hex(0, -2), Hex(0, -3)], facing=[0, 3],
                     hands=[["lunge"], ["step"]], stack=[TurnFrame(0)])
    run(state, "attack 0", "target 1", roll(1), roll(1))
    assert ("push N" in legal_texts(state)) is not edge_is_wall
    if not edge_is_wall:
        run(state, "push N")
        assert not state.alive[1] and state.winner == 0


def test_hx28_fumble_the_target_turns_the_attacker() -> None:
    state = _attack(make_setup(board=open_board()), ["feint"], Hex(0, -1))
    run(state, "attack 0", "target 1", roll(1))
    view = state.view(1).to_dict()
    assert state.current_seat() == 1 and view["pending"]["kind"] == "fumble"
    assert view["pending"]["unit"] == 0
    run(state, "face SW")
    assert state.facing[0] == 4


@pytest.mark.parametrize("requires", [False, True])
def test_hxa11_fumble_requires_hit(requires: bool) -> None:
    state = _attack(make_setup(board=open_board(), fumble_requires_hit=requires),
                    ["feint"], Hex(0, -1))
    run(state, "attack 0", "target 1", roll(1))  # 0 hits
    pending = state.view(1).to_dict()["pending"]
    assert (pending["kind"] == "fumble") is not requires


def test_hxa11_barrage_fumbles_go_in_reaction_order_and_the_last_decides() -> None:
    """Whirl: barrage, fumble and push; the push comes first, then the fumbles."""
    setup = make_setup(3, board=open_board())
    state = _attack(setup, ["whirl"], Hex(0, -1), green=Hex(-1, 0))
    run(state, "attack 0", "order 2", roll(1), roll(1))
    run(state, "push NW", "push N")  # Green, then Blue
    assert state.current_seat() == 2
    run(state, "face S")
    assert state.current_seat() == 1 and state.facing[0] == 3
    run(state, "face SE")
    assert state.facing[0] == 2  # the last one decides
    assert state.view(2).to_dict()["pending"]["kind"] == "react"


@pytest.mark.parametrize("blocks", [False, True])
def test_hxa16_walls_block_attacks(blocks: bool) -> None:
    """A Lancer reaches two hexes ahead (3+); a wall between cuts that only under the
    house rule."""
    setup = make_setup(board=open_board(frozenset({Hex(0, -1)})), walls_block_attacks=blocks,
                       styles=(LANCER, BRAWLER))
    state = _attack(setup, ["step", "sweep"], Hex(0, -2))
    assert ("attack 0" in legal_texts(state)) is not blocks


def test_damage_eliminates_at_0_health_hxa5() -> None:
    setup = make_setup(3, board=open_board(), starting_health=2)
    state = _attack(setup, ["sweep"], Hex(0, -1), green=Hex(-1, 0))
    run(state, "attack 0", "order 1", roll(6), roll(6), roll(6), roll(1))
    run(state, "decline", "decline")
    assert state.alive == [True, False, True] and state.hexes[1] is None
    assert state.health == [2, 0, 1]
    assert not state.over


@pytest.mark.parametrize("per_hit", [1, 2])
def test_hxa5_damage_per_hit(per_hit: int) -> None:
    state = _attack(make_setup(board=open_board(), damage_per_hit=per_hit), ["lunge"],
                    Hex(0, -1), blue_hand=[])
    run(state, "attack 0", "target 1", roll(6), roll(6), "push N")
    assert state.health[1] == 5 - 2 * per_hit


@pytest.mark.parametrize("health", [5, 2])
def test_hxa5_starting_health(health: int) -> None:
    state = _attack(make_setup(board=open_board(), starting_health=health), ["lunge"],
                    Hex(0, -1), blue_hand=[])
    assert state.view(0).to_dict()["units"][1]["max_health"] == health
    run(state, "attack 0", "target 1", roll(6), roll(6), "push N")
    assert state.alive[1] is (health > 2)


@pytest.mark.parametrize("sides", [6, 8])
def test_hxa18_die_sides(sides: int) -> None:
    state = _attack(make_setup(board=open_board(), die_sides=sides), ["step"], Hex(0, -1))
    run(state, "attack 0", "target 1")
    assert [o.value for o, _ in state.chance_outcomes()] == list(range(1, sides + 1))


@pytest.mark.parametrize("rules", [{}, {"walls_block_attacks": True}])
def test_hx24_the_look_ahead_sees_a_unit_in_range_as_in_range_does(
        rules: dict[str, object]) -> None:
    """HX-24: `reach.Moves.reaches` (a turn's answer to whether an Attack section can be
    used, read from the look-ahead's cells) agrees with `reach.in_range` for every
    living unit of random games."""
    loaded = load_game("hex_skirmish", players=4, rules=rules)
    seen = {True: 0, False: 0}
    for seed in range(3):
        state, rng = loaded.new_initial_state(seed), SplitMix64(seed)
        while not state.is_terminal():
            for unit, pos in enumerate(state.hexes):
                if pos is not None:
                    reaches = reach.Moves(state, unit).reaches
                    assert reaches == bool(reach.in_range(state, unit))
                    seen[reaches] += 1
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert min(seen.values()) > 50
