"""Properties under any mix of house rules (hypothesis): random games keep every
invariant of `fixtures.check_invariants` at every decision and end; views never depend
on deck order or on another seat's hand."""

from __future__ import annotations

import random
from typing import Any, get_args

from hypothesis import given
from hypothesis import strategies as st

from initiative.engine.contract import GAME_MASTER, SPECTATOR
from initiative.games.hex import flags
from initiative.games.hex.game import HexGame
from initiative.games.hex.state import HexState
from tests.hex.fixtures import check_invariants, make_setup

FLAGS: dict[str, st.SearchStrategy[Any]] = {
    "initiative_reveal": st.sampled_from(get_args(flags.InitiativeReveal)),
    "power_down_effect": st.sampled_from(get_args(flags.PowerDown)),
    "special_turn_cost": st.integers(0, 2),
    "power_tokens_reset_each_round": st.booleans(),
    "starting_health": st.integers(1, 6),
    "damage_per_hit": st.integers(0, 2),
    "victory": st.sampled_from(get_args(flags.Victory)),
    "damage_timing": st.sampled_from(get_args(flags.DamageTiming)),
    "move_exact": st.booleans(),
    "move_any_direction": st.booleans(),
    "board_edge_is_wall": st.booleans(),
    "displace_limit_per_move": st.sampled_from(get_args(flags.DisplaceLimit)),
    "push_direction": st.sampled_from(get_args(flags.PushDirection)),
    "push_requires_hit": st.booleans(),
    "fumble_requires_hit": st.booleans(),
    "barrage_dice": st.sampled_from(get_args(flags.BarrageDice)),
    "behind_check_time": st.sampled_from(get_args(flags.BehindCheck)),
    "walls_block_attacks": st.booleans(),
    "allow_voluntary_pass": st.booleans(),
    "stall_end": st.sampled_from(get_args(flags.StallEnd)),
    "die_sides": st.integers(4, 8),
}
RULES = st.fixed_dictionaries(FLAGS)


def _leaks(state: HexState, rng: random.Random) -> None:
    """Reorder every deck and swap a hand card of the deciding seat with a deck card:
    no other seat, spectator or game master (hands aside) may see a difference."""
    decider = state.current_seat()
    other = state.clone()
    for deck in other.decks:
        rng.shuffle(deck)
    if other.hands[decider] and other.decks[decider]:
        hand, deck = other.hands[decider], other.decks[decider]
        hand[0], deck[0] = deck[0], hand[0]
    other.invalidate()
    for seat in [*range(state.setup.num_seats), SPECTATOR, GAME_MASTER]:
        if seat == decider:
            continue
        a, b = state.view(seat).to_dict(), other.view(seat).to_dict()
        a.pop("hands", None), b.pop("hands", None)
        assert a == b


@given(RULES, st.integers(2, 4), st.integers(0, 2**32))
def test_any_rules_keep_the_invariants_and_end(rules: dict[str, Any], players: int,
                                               seed: int) -> None:
    game = HexGame(make_setup(players, round_limit=3, **rules))
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        check_invariants(state)
        if rng.random() < 0.05:
            _leaks(state, rng)
        legal = state.legal_actions()
        assert legal
        state.apply(rng.choice(legal))
    check_invariants(state)
    assert state.round <= 3
