"""Each game's cost per decision as a ratio to OpenSpiel's C++ hearts, measured in one
run (issue 27): instructions (valgrind's callgrind) and wall time, on every build given.

    python benchmarks/versus_hearts.py --hearts HEARTS_PYTHON [--build NAME=PYTHON ...]
        [--games N] [--rounds R] [--no-callgrind]

HEARTS_PYTHON is an interpreter with OpenSpiel's Python package (`pip install
open_spiel` in a virtual environment of its own; it is not a dependency of this
project). Each `--build` is an interpreter with this project installed, named in the
table (default: `pure=` this interpreter; add `compiled=.venv-compiled/bin/python`, or an
older checkout's interpreter as `before=...`).

Every game is played the same way: random legal play, the pick made by one pure-Python
SplitMix64 (this project's `engine/rng.py`, loaded from its source so that every
interpreter runs the same pick code), the states made before the clock or count starts,
the games' logs off (as `initiative bench`). A decision is one `legal_actions()` call
plus one `apply()` where a seat must choose; hearts' chance nodes (the deal) are played
too, with the same pick, and counted in its cost but not as decisions, as this project's
games deal inside `apply()`.

Instructions: each script runs twice under callgrind, once only setting up, and the
difference is divided by the decisions. Wall time: every (build, game) and hearts run in
turn, `rounds` times, the median kept, so all see the same machine load. Every run has
PYTHONHASHSEED=0 (the hash seed alone moves a count by a few percent).
Never part of the test suite.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

RNG_SOURCE = Path(__file__).resolve().parent.parent / "src" / "initiative" / "engine" / "rng.py"

PICK = """
import importlib.util, sys, time
spec = importlib.util.spec_from_file_location("harness_rng", sys.argv[1])
harness_rng = importlib.util.module_from_spec(spec)
spec.loader.exec_module(harness_rng)
Pick = harness_rng.SplitMix64
games, mode = int(sys.argv[2]), sys.argv[3]   # mode: setup | count | time
"""

OURS = PICK + """
import json
from initiative.games import load_game
game = load_game(sys.argv[4], **json.loads(sys.argv[5]))
states = [game.new_initial_state(seed) for seed in range(games)]
for state in states:
    if hasattr(state, "drop_log"):  # an older checkout measured as `before` may lack it
        state.drop_log()
decisions = 0
start = time.perf_counter()
for i, state in enumerate(states if mode != "setup" else ()):
    rng = Pick(i + 999)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        decisions += 1
print(decisions, time.perf_counter() - start)
"""

HEARTS = PICK + """
import pyspiel
game = pyspiel.load_game("hearts")
states = [game.new_initial_state() for _ in range(games)]
decisions = 0
start = time.perf_counter()
for i, state in enumerate(states if mode != "setup" else ()):
    rng = Pick(i + 999)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.below(len(outcomes))][0])
            continue
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        decisions += 1
print(decisions, time.perf_counter() - start)
"""


@dataclass(frozen=True)
class Subject:
    """One thing measured: a game (with its parameters) on a build, or hearts."""

    label: str
    python: str
    script: str
    args: tuple[str, ...] = ()


GAMES: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("IB card kits", "initiative_break", {"teams": ["tideguard", "ashfall"]}),
    ("IB with Supports", "initiative_break", {"teams": ["lanternwatch", "ashfall"]}),
    ("hex skirmish", "hex_skirmish", {}),
    ("The Initiative", "the_initiative", {}),
)


def run(subject: Subject, games: int, mode: str, tmp: Path,
        callgrind: bool = False) -> tuple[int, float, int]:
    """(decisions, seconds, instructions or 0) of one run of `subject`."""
    script = tmp / f"{hashlib.sha1(subject.script.encode()).hexdigest()[:12]}.py"
    script.write_text(subject.script, encoding="utf-8")
    command = [subject.python, str(script), str(RNG_SOURCE), str(games), mode, *subject.args]
    if callgrind:
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                   *command]
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the hash seed alone moves a count by ~4%
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode:
        raise SystemExit(f"{subject.label}: the run failed:\n{done.stderr[-800:]}")
    decisions, seconds = done.stdout.split()
    instructions = 0
    if callgrind:
        found = re.search(r"Collected : (\d+)", done.stderr)
        if not found:
            raise SystemExit(f"{subject.label}: callgrind printed no count")
        instructions = int(found.group(1))
    return int(decisions), float(seconds), instructions


def instructions_per_decision(subject: Subject, games: int, tmp: Path) -> float:
    decisions, _, played = run(subject, games, "count", tmp, callgrind=True)
    _, _, setup = run(subject, games, "setup", tmp, callgrind=True)
    return (played - setup) / max(decisions, 1)


def subjects(builds: list[tuple[str, str]], hearts: str) -> list[Subject]:
    out = [Subject("OpenSpiel C++ hearts", hearts, HEARTS)]
    for label, name, params in GAMES:
        for build, python in builds:
            out.append(Subject(f"{label} [{build}]", python, OURS,
                               (name, json.dumps(params))))
    return out


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hearts", required=True, help="a Python with OpenSpiel")
    parser.add_argument("--build", action="append", default=[],
                        help="NAME=PYTHON, a build to measure (repeatable)")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-callgrind", action="store_true")
    args = parser.parse_args(argv)
    builds = [tuple(b.split("=", 1)) for b in args.build] or [("pure", sys.executable)]
    callgrind = not args.no_callgrind and shutil.which("valgrind") is not None
    measured = subjects([(b[0], b[1]) for b in builds], args.hearts)
    with tempfile.TemporaryDirectory() as where:
        tmp = Path(where)
        counts = {s.label: instructions_per_decision(s, args.games, tmp)
                  for s in measured} if callgrind else {}
        times: dict[str, list[float]] = {s.label: [] for s in measured}
        for _ in range(args.rounds):
            for s in measured:
                decisions, seconds, _ = run(s, args.games, "time", tmp)
                times[s.label].append(seconds / max(decisions, 1) * 1e6)
    hearts_label = measured[0].label
    wall = {label: statistics.median(values) for label, values in times.items()}
    print(f"{'subject':34} {'instr/decision':>15} {'x hearts':>9} {'us/decision':>12} "
          f"{'x hearts':>9}")
    for s in measured:
        count = counts.get(s.label)
        count_text = (f"{count:15,.0f} {count / counts[hearts_label]:9.2f}"
                      if count is not None else f"{'-':>15} {'-':>9}")
        print(f"{s.label:34} {count_text} {wall[s.label]:12.2f} "
              f"{wall[s.label] / wall[hearts_label]:9.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
