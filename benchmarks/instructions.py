"""CPU instructions per decision, counted by valgrind's callgrind: a figure that does not
move with the machine's load (wall-clock figures here vary by half between runs).

`python benchmarks/instructions.py [games] [team] [opponent]` plays `games` random games
twice under callgrind, once only setting them up, and divides the difference by the
number of decisions. Needs `valgrind` (Debian package); never part of the test suite.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from initiative.cli.ib.options import BENCH_TEAMS

GAME = """
import sys
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
games, team, opponent, play = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4] == "1"
game = load_game("initiative_break", teams=[team, opponent])
states = [game.new_initial_state(seed) for seed in range(games)]
decisions = 0
for i, state in enumerate(states if play else ()):
    rng = SplitMix64(i + 999)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        decisions += 1
print(decisions)
"""


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
    games = argv[0] if argv else "30"
    team = argv[1] if len(argv) > 1 else BENCH_TEAMS[0]  # as `initiative bench`
    opponent = argv[2] if len(argv) > 2 else BENCH_TEAMS[1]
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "game.py"
        script.write_text(GAME, encoding="utf-8")
        played, decisions = count(script, [games, team, opponent, "1"])
        setup, _ = count(script, [games, team, opponent, "0"])
    per_decision = (played - setup) / max(int(decisions), 1)
    print(f"decisions: {decisions}")
    print(f"instructions_per_decision: {per_decision:.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
