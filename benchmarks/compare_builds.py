"""Per-decision wall time of two builds, interleaved in one run (issue 27):
`python benchmarks/compare_builds.py PURE_PYTHON COMPILED_PYTHON [rounds] [games]`.

Runs `initiative bench --game G --games N` with each interpreter in turn (pure, then
compiled, for every game, `rounds` times), so both builds see the same machine load, and
prints each game's median `us_per_decision` on both builds and their ratio.
"""

from __future__ import annotations

import statistics
import subprocess
import sys

GAMES = ("initiative_break", "hex_skirmish", "the_initiative")


def us_per_decision(python: str, game: str, games: int) -> tuple[str, float]:
    """The build `python` runs and its `us_per_decision` for `games` games of `game`."""
    out = subprocess.run([python, "-m", "initiative.cli.main", "bench", "--game", game,
                          "--games", str(games)], capture_output=True, text=True,
                         check=True).stdout
    lines = dict(line.split(": ", 1) for line in out.splitlines())
    return lines["build"], float(lines["us_per_decision"])


def main(argv: list[str]) -> None:
    pure, compiled = argv[0], argv[1]
    rounds = int(argv[2]) if len(argv) > 2 else 3
    games = int(argv[3]) if len(argv) > 3 else 100
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(rounds):
        for game in GAMES:
            for python in (pure, compiled):
                build, us = us_per_decision(python, game, games)
                times.setdefault((game, build), []).append(us)
    for game in GAMES:
        p = statistics.median(times[game, "pure"])
        c = statistics.median(times[game, "compiled"])
        print(f"{game}: pure {p:.2f} us, compiled {c:.2f} us per decision, "
              f"compiled/pure {c / p:.3f} (speed-up {p / c:.2f}x)")


if __name__ == "__main__":
    main(sys.argv[1:])
