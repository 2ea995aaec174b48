"""The defeated list names units out of the battle (IB 6.7.1, IB 3.6.5), never a
Challenge Card spawn that has not entered play yet."""

from __future__ import annotations

import random

from initiative.games.ib.content import core_content
from initiative.games.ib.modes import GameSetup, build_match
from initiative.games.ib.setup import IBGame
from initiative.games.ib.text.describe import defeated_units


def test_spawns_waiting_off_the_track_are_not_defeated() -> None:
    match = build_match(GameSetup(mode="solo", players=("tideguard",),
                                  encounter="heart_of_the_rift"), core_content())
    state = IBGame(match).new_initial_state(1)
    view = state.view(0)
    waiting = [u for u in view.units if not u.on_track and u.is_challenge]
    assert waiting, "the encounter keeps spawn slots off the track"
    assert defeated_units(view) == []


def test_every_unit_that_leaves_the_track_in_play_is_listed() -> None:
    """Over random games: a unit is listed once it was on the track and is now off it."""
    match = build_match(GameSetup(mode="solo", players=("tideguard",),
                                  encounter="heart_of_the_rift"), core_content())
    for seed in range(3):
        state = IBGame(match).new_initial_state(seed)
        rng = random.Random(seed)
        seen_on_track: set[int] = set()
        while state.current_seat() >= 0:
            view = state.view(0)
            seen_on_track |= {u.unit for u in view.units if u.on_track and not u.is_support}
            gone = {u.unit for u in view.units if not u.on_track and not u.is_support}
            assert {u.unit for u in defeated_units(view)} == gone & seen_on_track
            state.apply(rng.choice(state.legal_actions()))
