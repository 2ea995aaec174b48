"""The keyed generator's cost against splitmix64, in one run:
`python benchmarks/bench_rng.py [games] [seed]`.

Figures: nanoseconds per 64-bit draw, die roll, 40-card shuffle and clone for each
generator (the best of REPEATS runs, as timeit does); microseconds per decision of whole
random 1v1 games (setup shuffles, draws, dice, a state clone per decision) seeded with
each, games interleaved so both see the same machine load; the draws a decision makes;
the ratio keyed / splitmix of each; and `extra_us_per_decision`, the keyed generator's
added cost per decision from the draw and clone figures (steadier than the whole-game
ratio on a busy machine). Web table games use the keyed generator (docs/web.md,
"Threat model"); the lab, bots and tests keep splitmix64.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from initiative.engine.rng import KEYED, GameRng, KeyedStream, Seed, SplitMix64
from initiative.games.ib.match import fixture_match
from initiative.games.ib.setup import new_game

DRAWS = 100_000
SHUFFLES = 2_000
REPEATS = 5
KEY = bytes(range(32))


def _per_call_ns(rng: GameRng, call: Callable[[GameRng], object], count: int) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(count):
            call(rng)
        best = min(best, time.perf_counter() - start)
    return best / count * 1e9


def _shuffle40(rng: GameRng) -> None:
    rng.shuffle(list(range(40)))


def _game(seed: Seed, picker: SplitMix64) -> tuple[float, int, int]:
    """One random game from `seed` (setup included): seconds, decisions and draws. The
    state is cloned at every decision, as the web table does before it applies a turn."""
    match = fixture_match()
    start = time.perf_counter()
    state = new_game(match, seed)
    decisions = 0
    while state.result is None:
        legal = state.legal_actions()
        state = state.clone()
        state.apply(legal[picker.below(len(legal))])
        decisions += 1
    spent = time.perf_counter() - start
    return spent, decisions, state.rng.state if isinstance(state.rng, KeyedStream) else 0


def run(games: int, seed: int) -> dict[str, float]:
    """The figures by name (see the module docstring)."""
    fast, keyed = SplitMix64(seed), KeyedStream(KEY)
    figures: dict[str, float] = {}
    for name, rng in (("splitmix", fast), ("keyed", keyed)):
        figures[f"{name}_ns_per_draw"] = _per_call_ns(rng, lambda r: r.next64(), DRAWS)
        figures[f"{name}_ns_per_roll"] = _per_call_ns(rng, lambda r: r.roll(6), DRAWS)
        figures[f"{name}_ns_per_shuffle40"] = _per_call_ns(rng, _shuffle40, SHUFFLES)
        figures[f"{name}_ns_per_clone"] = _per_call_ns(rng, lambda r: r.clone(), DRAWS)
    times = {"splitmix": 0.0, "keyed": 0.0}
    counts = {"splitmix": 0, "keyed": 0}
    draws = 0
    for g in range(games):
        key_seed = f"{KEYED}:" + bytes((b + g) % 256 for b in KEY).hex()
        for name, game_seed in (("splitmix", seed + g), ("keyed", key_seed)):
            spent, decisions, drawn = _game(game_seed, SplitMix64(seed * 7919 + g))
            times[name] += spent
            counts[name] += decisions
            draws += drawn
    for name in times:
        figures[f"{name}_us_per_decision"] = times[name] / max(counts[name], 1) * 1e6
    for what in ("ns_per_draw", "ns_per_roll", "ns_per_shuffle40", "ns_per_clone",
                 "us_per_decision"):
        figures[f"ratio_{what}"] = figures[f"keyed_{what}"] / figures[f"splitmix_{what}"]
    figures["draws_per_decision"] = per_decision = draws / max(counts["keyed"], 1)
    figures["extra_us_per_decision"] = (
        per_decision * (figures["keyed_ns_per_draw"] - figures["splitmix_ns_per_draw"])
        + figures["keyed_ns_per_clone"] - figures["splitmix_ns_per_clone"]) / 1000
    return figures


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 40
    seed = int(argv[1]) if len(argv) > 1 else 1
    for name, value in run(games, seed).items():
        print(f"{name}: {value:.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
