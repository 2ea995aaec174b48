"""Tree-search speed: ISMCTS iterations per second on fixed positions of each game.

    python benchmarks/bench_search.py [--iterations N] [--game NAME]
    python benchmarks/bench_search.py --against OTHER_SRC [--rounds R] [--callgrind] ...

Positions come from seeded random games (a position every few decisions with a real
choice); at each the search (the game's `ismcts` bot, The Initiative's tree search
itself) runs N iterations (default 150) from the current seat's view. Prints each
game's iterations per second.

With `--against`, the same measurement runs R times (default 3) in fresh processes,
alternating between the source tree OTHER_SRC (e.g. an old commit's `src`, put first
on PYTHONPATH) and this one, and prints each game's best iterations per second on
both (the run least slowed by other work on the machine) and the ratio this / other: a
before/after figure measured in one run. `--callgrind` counts instead the CPU
instructions per iteration under valgrind's callgrind (the run minus one that only sets
up the positions and bots; string hashing fixed, PYTHONHASHSEED=0, whose seed alone
moves a count by a few percent): a figure that does not move with the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from initiative.bots.ismcts import ISMCTSBot
from initiative.bots.make import make_bot
from initiative.engine.rng import SplitMix64
from initiative.games import load_game

GAMES = ("initiative_break", "hex_skirmish", "the_initiative")
SEEDS = range(4)
EVERY = 7
PER_GAME = 5
HERE = Path(__file__).resolve().parents[1] / "src"


def views(game: Any) -> list[Any]:
    """Views of the seat to move at `PER_GAME` positions of each seeded random game."""
    out: list[Any] = []
    for seed in SEEDS:
        state, rng, choices = game.new_initial_state(seed), SplitMix64(seed + 100), 0
        taken = len(out)
        while not state.is_terminal() and len(out) - taken < PER_GAME:
            legal = state.legal_actions()
            if len(legal) > 1:
                choices += 1
                if choices % EVERY == 1:
                    out.append(state.view(state.current_seat()))
            state.apply(legal[rng.below(len(legal))])
    return out


def searched(name: str, iterations: int, search: bool = True) -> tuple[int, float]:
    """(iterations, seconds) of `name`'s tree search over its positions (none run
    unless `search`: the set-up alone, for callgrind's baseline)."""
    game = load_game(name)
    done, spent = 0, 0.0
    for i, view in enumerate(views(game)):
        bot: Any = make_bot(f"ismcts@{iterations}", game, i)
        tree = bot if isinstance(bot, ISMCTSBot) else bot.search  # TI: its tree search
        if not search:
            continue
        start = time.perf_counter()
        tree.search(view)
        spent += time.perf_counter() - start
        done += tree.last_iterations
    return done, spent


def run(src: str, games: list[str], iterations: int, callgrind: bool = False,
        search: bool = True) -> dict[str, tuple[int, float]]:
    """This script's measurement in a fresh process on the source tree `src` (under
    callgrind: its instruction count in place of the seconds)."""
    env = {**os.environ, "PYTHONPATH": src}
    args = [__file__, "--json", "--iterations", str(iterations)]
    args += [a for g in games for a in ("--game", g)] + ([] if search else ["--set-up-only"])
    if not callgrind:
        out = subprocess.run([sys.executable, *args], env=env, check=True,
                             capture_output=True, text=True)
        found: dict[str, tuple[int, float]] = json.loads(out.stdout)
        return found
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/o",
                              sys.executable, *args], env={**env, "PYTHONHASHSEED": "0"},
                              check=True,
                             capture_output=True, text=True)
    counted = re.search(r"Collected : (\d+)", out.stderr)
    if counted is None:
        raise RuntimeError(f"callgrind printed no count:\n{out.stderr[-500:]}")
    ((game, (done, _)),) = json.loads(out.stdout).items()
    return {game: (done, float(counted.group(1)))}


def compare(other: str, rounds: int, games: list[str], iterations: int,
            callgrind: bool) -> None:
    """Alternate runs on `other` and on this tree; per game the best rate (or the
    instructions per iteration) on both and the ratio this / other."""
    sides = {"other": other, "this": str(HERE)}
    if callgrind:
        for g in games:
            per: dict[str, float] = {}
            for side, src in sides.items():
                done, total = run(src, [g], iterations, True)[g]
                _, base = run(src, [g], iterations, True, search=False)[g]
                per[side] = (total - base) / done
            print(f"{g}: instructions_per_iteration other {per['other']:,.0f}, "
                  f"this {per['this']:,.0f}, ratio {per['this'] / per['other']:.3f}")
        return
    best: dict[str, dict[str, float]] = {"other": {}, "this": {}}
    for _ in range(rounds):
        for side, src in sides.items():
            for g, (done, spent) in run(src, games, iterations).items():
                best[side][g] = max(best[side].get(g, 0.0), done / spent)
    for g in games:
        before, after = best["other"][g], best["this"][g]
        print(f"{g}: iterations_per_s other {before:,.0f}, this {after:,.0f}, "
              f"ratio {after / before:.3f}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--against")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--set-up-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    if args.against:
        compare(args.against, args.rounds, games, args.iterations, args.callgrind)
        return
    found = {g: searched(g, args.iterations, not args.set_up_only) for g in games}
    if args.json:
        print(json.dumps(found))
        return
    for g, (done, spent) in found.items():
        print(f"{g}: iterations_per_s {done / spent:,.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
