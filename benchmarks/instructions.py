"""CPU instructions per decision, counted by valgrind's callgrind: a figure that does not
move with the machine's load (wall-clock figures here vary by half between runs).

`python benchmarks/instructions.py [games] [team] [opponent]` plays `games` random
Initiative Break games (default: the bench's teams, tideguard vs ashfall) twice under
callgrind, once only setting them up, and divides the difference by the number of
decisions. `--game NAME` measures another registered game with its default setup
(`python benchmarks/instructions.py --game hex_skirmish 30`; `--game the_initiative`).
`--no-log` turns the games' logs off first (as `initiative bench` does; the default
keeps them, as a played game does).
Needs `valgrind` (Debian package); never part of the test suite.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from initiative.cli.ib.options import BENCH_TEAMS

GAME = """
import json, sys
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
name, params, games, play = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), \\
    sys.argv[4] == "1"
game = load_game(name, **params)
states = [game.new_initial_state(seed) for seed in range(games)]
if sys.argv[5] == "0":
    for state in states:
        state.drop_log()
decisions = 0
for i, state in enumerate(states if play else ()):
    rng = SplitMix64(i + 999)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        decisions += 1
print(decisions)
"""

FLAGSHIP = "initiative_break"


def count(script: Path, args: list[str]) -> tuple[int, str]:
    """(instructions, stdout) of one run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
             sys.executable, str(script), *args],
            capture_output=True, text=True, check=True,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if not found:
        raise RuntimeError(f"callgrind printed no count:\n{done.stderr[-500:]}")
    return int(found.group(1)), done.stdout.strip()


def main(argv: list[str]) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    name = FLAGSHIP
    log = "0" if "--no-log" in argv else "1"
    argv = [a for a in argv if a != "--no-log"]
    if argv[:1] == ["--game"] and len(argv) > 1:
        name, argv = argv[1], argv[2:]
    games = argv[0] if argv else "30"
    params: dict[str, object] = {}
    if name == FLAGSHIP:  # the flagship's matchup, as `initiative bench`
        params["teams"] = [argv[1] if len(argv) > 1 else BENCH_TEAMS[0],
                           argv[2] if len(argv) > 2 else BENCH_TEAMS[1]]
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "game.py"
        script.write_text(GAME, encoding="utf-8")
        args = [name, json.dumps(params), games]
        played, decisions = count(script, [*args, "1", log])
        setup, _ = count(script, [*args, "0", log])
    per_decision = (played - setup) / max(int(decisions), 1)
    print(f"game: {name}")
    print(f"log: {'off' if log == '0' else 'kept'}")
    print(f"decisions: {decisions}")
    print(f"instructions_per_decision: {per_decision:.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
