"""Hex skirmish engine benchmark: `python benchmarks/bench_hex.py [games] [seed] [players]`.

The logic lives in `initiative.cli.bench` (also run by `initiative bench --game
hex_skirmish`): random-vs-random games of the default board and characters.
"""

from __future__ import annotations

import sys

from initiative.cli.bench import format_figures
from initiative.cli.bench import run as _run
from initiative.games import load_game


def run(games: int, seed: int, players: int = 2) -> dict[str, float]:
    """Random games of `players` on the default board; figures by name (see
    initiative.cli.bench)."""
    return _run(games, seed, load_game("hex_skirmish", players=players))


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    seed = int(argv[1]) if len(argv) > 1 else 1
    players = int(argv[2]) if len(argv) > 2 else 2
    for line in format_figures(run(games, seed, players)):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
