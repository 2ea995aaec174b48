"""The bot strength ladder: head-to-head win rates in standard 1v1, Wilson 95% intervals.

    python benchmarks/ladder.py [GAMES] [A:B ...] [--workers W] [--game hex_skirmish]

Each pairing plays GAMES games on drafted teams (`Matchup(("random", "random"))`; with
`--game hex_skirmish`, two players with characters drawn per game,
`HexMatchup(characters=("random", "random"))`): game i's teams come from seed i, and A
takes seat 0 in the first half of the seeds' games and seat 1 in the second, over the
same seeds, so neither the draft nor the seat favours a bot. Draws count as games A did
not win. Default pairings: heuristic:random, ismcts:heuristic, 400 games each.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from initiative.cli.progress import Progress
from initiative.lab.adapter import LabMatchup
from initiative.lab.hex import HexMatchup
from initiative.lab.ib import Matchup
from initiative.lab.simulate import run
from initiative.lab.stats import Proportion

PAIRINGS = ("heuristic:random", "ismcts:heuristic")


def matchup(game: str, bots: tuple[str, str]) -> LabMatchup:
    """Drafted sides of `game` played by `bots`."""
    if game == "hex_skirmish":
        return HexMatchup(characters=("random", "random"), bots=bots)
    return Matchup(("random", "random"), bots=bots)


def pairing(first: str, second: str, games: int, workers: int,
            game: str = "initiative_break", progress: Callable[[int], None] | None = None
            ) -> tuple[Proportion, int, float]:
    """`first`'s wins over `second` in `games` games; the draws; the seconds taken
    (`progress(n)` as games finish)."""
    half = games // 2
    start = time.perf_counter()
    ahead = run(matchup(game, (first, second)), half, workers=workers, chunk=5,
                progress=progress)
    behind = run(matchup(game, (second, first)), half, workers=workers, chunk=5,
                 progress=progress)
    seconds = time.perf_counter() - start
    winner = "winner" if game == "hex_skirmish" else "winner_team"
    wins = sum(r[winner] == 0 for r in ahead) + sum(r[winner] == 1 for r in behind)
    draws = sum(r[winner] < 0 for r in ahead + behind)
    return Proportion(wins, 2 * half), draws, seconds


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    workers = 2
    if "--workers" in sys.argv:
        workers = int(sys.argv[sys.argv.index("--workers") + 1])
        args.remove(str(workers))
    game = "initiative_break"
    if "--game" in sys.argv:
        game = sys.argv[sys.argv.index("--game") + 1]
        args.remove(game)
    games = int(args[0]) if args and args[0].isdigit() else 400
    pairs = [a for a in args if ":" in a] or list(PAIRINGS)
    print("| bot | opponent | games | wins | draws | win rate | 95% interval | minutes |")
    print("|---|---|---|---|---|---|---|---|")
    with Progress() as shown:  # a bar on a terminal only
        for pair in pairs:
            first, second = pair.split(":")
            task = shown.task(f"{first} vs {second}", games // 2 * 2, "games")
            rate, draws, seconds = pairing(first, second, games, workers, game, task.advance)
            print(f"| {first} | {second} | {rate.n} | {rate.k} | {draws} | {rate.rate:.1%} "
                  f"| {rate.low:.1%} - {rate.high:.1%} | {seconds / 60:.1f} |", flush=True)


if __name__ == "__main__":
    main()
