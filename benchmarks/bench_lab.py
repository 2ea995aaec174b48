"""Balance-lab throughput: `python benchmarks/bench_lab.py [N] [GAME] [--local]` or
`[--callgrind]` (default 2000 games of initiative_break; GAME hex_skirmish plays
`HexMatchup()` instead, GAME the_initiative `TIMatchup()`: the first mission, heuristic
bots).

First, on 1 local process, the games with their whole event log and without it (the
lab's way: only the events the rows and bots read are kept; the same rows), alternated
3 times, the best of each: games per second both ways and the ratio. `--local` stops
there. `--callgrind` counts instead the CPU instructions per game both ways under
valgrind's callgrind (each run minus one that only sets the matchup up; string hashing
fixed, PYTHONHASHSEED=0, whose seed alone moves a count by a few percent): figures that
do not move with the machine's load.

Plays N games of the matchup on 1 local process, then on 2 local processes (chunks of
100) and as Ray tasks on a local Ray of 2 CPUs started as the lab starts one (workers at
normal priority, the default chunks cut for 2 CPUs), the two alternated `ROUNDS` times,
the median kept. Prints games per second and the ratios (targets: speedup_2proc >= 1.8,
ray_vs_2proc >= 0.90). Ray's start-up is timed on its own and left out of its
throughput; scheduling is counted.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack

from initiative.lab.adapter import LabMatchup
from initiative.lab.backends import ray_cluster
from initiative.lab.hex import HexMatchup
from initiative.lab.ib import Matchup
from initiative.lab.simulate import default_chunk, run
from initiative.lab.ti import TIMatchup

ROUNDS = 3
"""Runs of each of the 2-process and Ray backends, alternated."""
MATCHUPS: dict[str, Callable[[], LabMatchup]] = {
    "initiative_break": Matchup, "hex_skirmish": HexMatchup, "the_initiative": TIMatchup}


def seconds(work: Callable[[], object]) -> float:
    """Wall-clock seconds `work()` takes."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def instructions(games: int, game: str, how: str) -> int:
    """Instructions callgrind counts for this script playing `games` games of `game`
    `how` ("log", "no_log", or "none": the set-up alone)."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/o",
                               sys.executable, __file__, str(games), game, f"--play={how}"],
                              env={**os.environ, "PYTHONHASHSEED": "0"},
                              check=True, capture_output=True, text=True)
    counted = re.search(r"Collected : (\d+)", done.stderr)
    if counted is None:
        raise RuntimeError(f"callgrind printed no count:\n{done.stderr[-500:]}")
    return int(counted.group(1))


def main(argv: list[str]) -> None:
    local = "--local" in argv
    play = next((a.split("=", 1)[1] for a in argv if a.startswith("--play=")), None)
    callgrind = "--callgrind" in argv
    argv = [a for a in argv if not a.startswith("--")]
    games = int(argv[0]) if argv else 2000
    name = argv[1] if len(argv) > 1 else "initiative_break"
    matchup = MATCHUPS[name]()
    if play is not None:  # one measured run (under callgrind)
        matchup.game(0)
        if play != "none":
            run(matchup, games, log=play == "log")
        return
    if callgrind:
        base = instructions(games, name, "none")
        per = {how: (instructions(games, name, how) - base) / games
               for how in ("log", "no_log")}
        print(f"instructions_per_game_log: {per['log']:,.0f}")
        print(f"instructions_per_game_no_log: {per['no_log']:,.0f}")
        print(f"no_log_vs_log: {per['no_log'] / per['log']:.3f}")
        return
    kept = dropped = 0.0
    for _ in range(3):
        kept = max(kept, games / seconds(lambda: run(matchup, games, log=True)))
        dropped = max(dropped, games / seconds(lambda: run(matchup, games)))
    print(f"games_per_s_1proc_log: {kept:.1f}")
    print(f"games_per_s_1proc_no_log: {dropped:.1f}")
    print(f"no_log_vs_log: {dropped / kept:.3f}")
    if local:
        return
    one = games / seconds(lambda: run(matchup, games, workers=1))
    chunk = default_chunk("ray", games, 2)
    with ExitStack() as stack:
        startup = seconds(lambda: stack.enter_context(ray_cluster(None, 2)))
        two_runs, ray_runs = [], []
        for _ in range(ROUNDS):  # alternated, so both see the same machine load
            two_runs.append(games / seconds(
                lambda: run(matchup, games, workers=2, chunk=100)))
            ray_runs.append(games / seconds(
                lambda: run(matchup, games, workers=2, backend="ray")))
    two, on_ray = statistics.median(two_runs), statistics.median(ray_runs)
    print(f"games: {games} (ray: {-(-games // chunk)} tasks of {chunk}; "
          f"median of {ROUNDS} alternated rounds)")
    print(f"games_per_s_1proc: {one:.1f}")
    print(f"games_per_s_2proc: {two:.1f}")
    print(f"speedup_2proc: {two / one:.2f}")
    print(f"ray_startup_s: {startup:.2f}")
    print(f"games_per_s_ray: {on_ray:.1f}")
    print(f"ray_vs_2proc: {on_ray / two:.2f}")

if __name__ == "__main__":
    main(sys.argv[1:])
