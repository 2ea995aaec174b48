"""Issue 26 item 5: the table companion and the full engine agree on every track rule.

Random games of the engine (`load_game("initiative_break")`, random legal play, several
modes and random house rules) are replayed through the companion's operations, entered
as a table would enter them (tests/ib/companion_replay.py); after every engine decision
both have the same track order, Round Marker position (IB 3.5), round number (IB 3.5.4),
Time Collapse (IB 3.6.1), HP (IB 5.2) and Charge (IB 3.7.1).
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import fields

from hypothesis import given, settings
from hypothesis import strategies as hs

from initiative.games import load_game
from initiative.games.ib import events
from initiative.games.ib.companion import Companion
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.setup import IBGame
from tests.ib.companion_replay import Replay, Unsupported, companion_for, snapshot
from tests.ib.test_properties import _flag_values

UNMODELLED = {"ib_windows": "every_step", "time_collapse_population": "track_units_and_supports",
              "setup_final_tiebreak": "agreement_required"}
"""House-rule values the companion refuses (it opens Break windows when the table calls
them; it has no Support Characters on the table)."""
TRACK_FLAGS = {f.name: [v for v in _flag_values(f.name) if UNMODELLED.get(f.name) != v]
               for f in fields(RulesConfig)}
configs = hs.fixed_dictionaries({k: hs.sampled_from(v) for k, v in TRACK_FLAGS.items()})
MODES = ("1v1", "2v2", "ffa", "1v3")
MAX_DECISIONS = 500


def replay_game(game: IBGame, seed: int) -> tuple[Replay, int]:
    """Play `game` at random and replay it; returns the replay and how many decisions
    were compared. AssertionError names the first decision where they differ."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    replay = Replay(game.match, companion_for(game.match))
    replay.feed(state)
    decisions = 0
    while not state.is_terminal() and decisions < MAX_DECISIONS:
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
        replay.feed(state)
        mine = replay.companion.state
        assert mine is not None
        assert snapshot(mine) == snapshot(state), (
            f"decision {decisions}: companion {snapshot(mine)} engine {snapshot(state)}; "
            f"last entries {replay.ops[-6:]}")
    return replay, decisions


def test_a_default_game_agrees_through_collapse_and_victory() -> None:
    """IB 3.5-3.6: a whole 1v1 game agrees step by step, rounds, Time Collapse and the
    result included, and the companion's log tells each rule it applied."""
    seen_collapse = finished = 0
    for seed in range(6):
        game = load_game("initiative_break")
        assert isinstance(game, IBGame)
        replay, decisions = replay_game(game, seed)
        assert decisions > 20
        mine = replay.companion.state
        assert mine is not None
        codes = {e[0] for e in mine.events()}
        seen_collapse += events.COLLAPSE in codes
        finished += mine.result is not None
        assert events.ROUND in codes  # IB 3.5.4: rounds ended on the companion's own rules
        assert any("[IB 3.5.2]" in line for line in replay.companion.lines)
    assert seen_collapse  # IB 3.6.1 was reached in at least one game
    assert finished  # IB 3.6.5: and a side won on the companion as in the engine


@settings(max_examples=12, deadline=None)
@given(mode=hs.sampled_from(MODES), flags=configs, seed=hs.integers(0, 2**31))
def test_random_games_agree_under_any_house_rules(mode: str, flags: dict[str, object],
                                                   seed: int) -> None:
    """Several modes (IB 8.2 formats) and random house rules (the AMB flags of the
    track, Breaks, statuses and damage): same track, RM, round, collapse, HP, Charge."""
    game = load_game("initiative_break", mode=mode, rules=flags)
    assert isinstance(game, IBGame)
    with contextlib.suppress(Unsupported):  # a Support's static: no Supports on the table
        replay_game(game, seed)


def test_a_replayed_companion_saves_and_loads_to_the_same_state() -> None:
    """The companion's save is its entries; loading replays them to the same state."""
    game = load_game("initiative_break", mode="2v2")
    assert isinstance(game, IBGame)
    replay, _ = replay_game(game, 3)
    again = Companion.from_dict(replay.companion.to_dict())
    assert again.state is not None and replay.companion.state is not None
    assert snapshot(again.state) == snapshot(replay.companion.state)
    assert again.lines == replay.companion.lines
