"""The lab plays its games without the event log (issue 27): a game keeps only the
events its row counts and its bots read (`state.drop_log(keep=...)`), and every row is
the same as with the whole log, in every game, with bots that read views (the
heuristics) and deal worlds from them (the tree search)."""

from __future__ import annotations

from typing import Any

import pytest

from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.lab.hex import HexMatchup
from initiative.lab.ib import Matchup
from initiative.lab.simulate import run
from initiative.lab.ti import TIMatchup

CASES: dict[str, tuple[Any, int]] = {
    "ib random": (Matchup(), 16),
    "ib solo": (Matchup(("tideguard",), encounter="heart_of_the_rift"), 6),
    "ib search, a window after each step": (
        Matchup(bots=("heuristic", "ismcts@6"), rules={"ib_windows": "every_step"}), 2),
    "hex random": (HexMatchup(), 6),
    "hex search, 3 players": (HexMatchup(players=3, bots=("heuristic", "ismcts@6")), 2),
    "ti heuristic": (TIMatchup(), 10),
    "ti search": (TIMatchup(bots=("ismcts@6", "heuristic")), 3),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_rows_without_the_log_are_the_rows_with_it(case: str) -> None:
    matchup, games = CASES[case]
    kept = run(matchup, games, first_seed=3, log=True)
    assert run(matchup, games, first_seed=3) == kept
    assert len(kept) == games


@pytest.mark.parametrize(("game", "keep"), [("initiative_break", 4), ("hex_skirmish", 2),
                                             ("the_initiative", 5)])
def test_a_state_keeps_the_events_of_the_kinds_asked_for(game: str, keep: int) -> None:
    """`drop_log(keep)`: the log holds the events of those kinds alone (those before
    too), in order, the same as the whole log's; clones keep on alike."""
    loaded = load_game(game)
    whole, kept = loaded.new_initial_state(1), loaded.new_initial_state(1)
    kinds = frozenset(range(keep))
    kept.drop_log(keep=kinds)
    rng, twin, at_clone = SplitMix64(2), None, None
    for step in range(400):
        if whole.is_terminal():
            break
        legal = whole.legal_actions()
        action = legal[rng.below(len(legal))]
        whole.apply(action)
        kept.apply(action)
        if step == 10:
            twin, at_clone = kept.clone(), list(kept.events())
    expected = [e for e in whole.events() if e[0] in kinds]
    assert expected and list(kept.events()) == expected
    assert not kept.log_kept
    assert twin is not None and list(twin.events()) == at_clone  # its own list
    assert at_clone == expected[:len(at_clone)]
