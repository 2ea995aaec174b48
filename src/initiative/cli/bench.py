"""The engine benchmark: random-vs-random games of any registered game (GUIDE 7); by
default the flagship's standard 1v1.

A decision is one `legal_actions()` call plus one `apply()` at a point where a seat
must choose; the automatic steps between decisions run inside `apply()`. The timed
loop calls the state directly and picks with `SplitMix64.below`, so the figures
measure the engine, not a bot or the view. Clones are timed separately over
mid-game states collected (untimed) during play. Only the engine contract is used
(`is_terminal`, `legal_actions`, `apply`, `clone`), so every game is measured alike;
`us_per_activation` is the flagship's alone (its activations, IB 3).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeAlias

from initiative.engine.contract import Game, State
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.ib.state import IBState

AnyState: TypeAlias = State[Any, Any]
AnyGame: TypeAlias = Game[Any, Any]

FIGURES = (
    "us_per_decision",
    "us_per_activation",
    "decisions_per_s",
    "games_per_s",
    "clones_per_s",
    "decisions_per_game",
)
"""Every figure `run` reports, in print order."""

BENCH_TEAMS = ("tideguard", "ashfall")
"""The default matchup: the starter teams with their card kits."""
SNAPSHOT_EVERY = 16
"""Keep a mid-game state every this many decisions (untimed) for the clone timing."""
MAX_SNAPSHOTS = 500
MIN_CLONES = 20_000


@contextmanager
def _no_gc() -> Iterator[None]:
    """Collect first, then keep the collector out of the timed region (as timeit does)."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _play(state: AnyState, rng: SplitMix64) -> int:
    """Play `state` to the end with uniform random choices; the number of decisions."""
    decisions = 0
    legal_actions = state.legal_actions
    apply = state.apply
    is_terminal = state.is_terminal
    below = rng.below
    while not is_terminal():
        legal = legal_actions()
        apply(legal[below(len(legal))])
        decisions += 1
    return decisions


def _snapshots(game: AnyGame, seed: int, games: int) -> list[AnyState]:
    """Mid-game states from replaying (untimed) the first benchmark games."""
    rng = SplitMix64(seed)
    out: list[AnyState] = []
    for g in range(games):
        state = game.new_initial_state(seed + g)
        n = 0
        while not state.is_terminal() and len(out) < MAX_SNAPSHOTS:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            n += 1
            if n % SNAPSHOT_EVERY == 0 and not state.is_terminal():
                out.append(state.clone())
        if len(out) >= MAX_SNAPSHOTS:
            break
    return out


def _time_clones(states: list[AnyState]) -> float:
    """Clones per second over `states`, repeated to at least MIN_CLONES clones."""
    if not states:
        return 0.0
    rounds = max(1, -(-MIN_CLONES // len(states)))
    with _no_gc():
        start = time.perf_counter()
        for _ in range(rounds):
            for state in states:
                state.clone()
        elapsed = time.perf_counter() - start
    return rounds * len(states) / elapsed


def run(games: int, seed: int, game: AnyGame | None = None) -> dict[str, float]:
    """Play `games` random games of `game` (any registered game; default: the starter
    teams' 1v1; game g is seeded `seed + g`); the figures by name (no
    `us_per_activation` for a game without activations)."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    game = game or load_game("initiative_break", teams=BENCH_TEAMS)
    rng = SplitMix64(seed)
    decisions = activations = 0
    play_time = 0.0
    with _no_gc():
        total_start = time.perf_counter()
        for g in range(games):
            state = game.new_initial_state(seed + g)
            start = time.perf_counter()
            decisions += _play(state, rng)
            play_time += time.perf_counter() - start
            if isinstance(state, IBState):
                activations += state.activations
        total_time = time.perf_counter() - total_start
    clones_per_s = _time_clones(_snapshots(game, seed, games))
    per_activation = {"us_per_activation": play_time / max(activations, 1) * 1e6} \
        if activations else {}
    return {
        "us_per_decision": play_time / max(decisions, 1) * 1e6,
        **per_activation,
        "decisions_per_s": decisions / play_time if play_time else 0.0,
        "games_per_s": games / total_time,
        "clones_per_s": clones_per_s,
        "decisions_per_game": decisions / games,
    }


def format_figures(figures: dict[str, float]) -> list[str]:
    """One `name: value` line per figure."""
    return [f"{name}: {figures[name]:.2f}" for name in FIGURES if name in figures]
