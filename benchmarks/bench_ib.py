"""Initiative Break engine benchmark: `python benchmarks/bench_ib.py [games] [seed]`.

The logic lives in `initiative.cli.bench` (also run by `initiative bench`).
"""

from __future__ import annotations

import sys

from initiative.cli.bench import format_figures
from initiative.cli.bench import run as _run


def run(games: int, seed: int) -> dict[str, float]:
    """Random-vs-random 1v1 games of the starter teams (tideguard vs ashfall); figures by
    name (see initiative.cli.bench)."""
    return _run(games, seed)


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    seed = int(argv[1]) if len(argv) > 1 else 1
    for line in format_figures(run(games, seed)):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
