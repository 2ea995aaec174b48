"""The bot strength ladder: head-to-head win rates in standard 1v1, Wilson 95% intervals.

    python benchmarks/ladder.py [GAMES] [A:B ...] [--workers W] [--game hex_skirmish]
    python benchmarks/ladder.py [GAMES] [A:B ...] --game the_initiative [--players 2,4]
        [--missions KEY,KEY] [--first-seed N] [--time-moves N]

Each pairing plays GAMES games on drafted teams (`Matchup(("random", "random"))`; with
`--game hex_skirmish`, two players with characters drawn per game,
`HexMatchup(characters=("random", "random"))`): game i's teams come from seed i, and A
takes seat 0 in the first half of the seeds' games and seat 1 in the second, over the
same seeds, so neither the draft nor the seat favours a bot. Draws count as games A did
not win. Default pairings: heuristic:random, ismcts:heuristic, 400 games each.

The Initiative is co-operative: A:B plays every shipped mission with a team of A in
every seat and again with a team of B, over the same seeds, for each seat count of
`--players` (default 2 and 4) and each mission of `--missions` (default all), and reports
each team's win rate (Wilson) and A's margin over B with its 95% interval (paired by
seed); seeds start at `--first-seed` (default 0). With `--time-moves N` it also plays N
games a cell with A's team alone, timing each decision of A's bots (the choice from a
view, in this process): the mean, the 95th percentile and the longest, over all
decisions and over the main steps (The Initiative's search decides only those).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from initiative.bots.play import ask
from initiative.cli.progress import Progress
from initiative.lab.adapter import LabMatchup, seat_players
from initiative.lab.hex import HexMatchup
from initiative.lab.ib import Matchup
from initiative.lab.simulate import run
from initiative.lab.stats import PairedDifference, Proportion, paired_difference
from initiative.lab.ti import TIMatchup

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


def missions() -> tuple[str, ...]:
    """The Initiative's shipped missions, in campaign order."""
    return TIMatchup().game(0).setup.content.campaign


def teams(first: str, second: str, games: int, workers: int, mission: str, players: int,
          progress: Callable[[int], None] | None = None, first_seed: int = 0
          ) -> tuple[Proportion, Proportion, PairedDifference, float]:
    """A team of `first` and one of `second` on `mission` with `players` seats, the same
    `games` seeds each (from `first_seed`): their win rates, `first`'s margin, the
    seconds taken."""
    start = time.perf_counter()
    won = [[bool(row["won"]) for row in run(
        TIMatchup(players=players, mission=mission, bots=(bot,)), games, workers=workers,
        chunk=5, progress=progress, first_seed=first_seed)] for bot in (first, second)]
    seconds = time.perf_counter() - start
    return (Proportion(sum(won[0]), games), Proportion(sum(won[1]), games),
            paired_difference(won[0], won[1]), seconds)


def move_times(bot: str, games: int, mission: str, players: int, first_seed: int = 0
               ) -> tuple[list[float], list[float]]:
    """Seconds `bot`'s team takes a decision over `games` games of `mission` (seeds from
    `first_seed`, bots seeded as the lab seeds them): every decision, the main steps."""
    every: list[float] = []
    main: list[float] = []
    for seed in range(first_seed, first_seed + games):
        game = TIMatchup(players=players, mission=mission, bots=(bot,)).game(seed)
        state = game.new_initial_state(seed)
        bots = seat_players((bot,), game, seed).bots
        while not state.is_terminal():
            seat = state.current_seat()
            pending = state.view(seat).to_dict().get("pending")
            main_step = pending is not None and pending.get("kind") == "turn"
            start = time.perf_counter()
            action = ask(bots[seat], state, seat)
            every.append(time.perf_counter() - start)
            if main_step:
                main.append(every[-1])
            state.apply(action)
    return every, main


def spread(seconds: list[float]) -> str:
    """mean / p95 / max of some decision times, in milliseconds."""
    if not seconds:
        return "-"
    p95 = sorted(seconds)[min(len(seconds) - 1, int(0.95 * len(seconds)))]
    return " / ".join(f"{1000 * x:.1f}" for x in (statistics.fmean(seconds), p95, max(seconds)))


def co_op_times(bots: list[str], games: int, players: list[int], keys: list[str] | None,
                first_seed: int) -> None:
    """The seconds a decision of each bot's team, each mission and seat count."""
    print("\n| team | mission | seats | games | decisions | ms a decision: mean / p95 / max "
          "| main steps | ms a main step: mean / p95 / max |")
    print("|---|---|---|---|---|---|---|---|")
    for bot in bots:
        for mission in keys or missions():
            for seats in players:
                every, main = move_times(bot, games, mission, seats, first_seed)
                print(f"| {bot} | {mission} | {seats} | {games} | {len(every)} "
                      f"| {spread(every)} | {len(main)} | {spread(main)} |", flush=True)


def co_op_ladder(pairs: list[str], games: int, workers: int, players: list[int],
                 keys: list[str] | None = None, first_seed: int = 0) -> None:
    """The Initiative's table: each pairing, mission (`keys`, default all) and seat
    count."""
    print("| team | against team | mission | seats | games | team won | 95% interval "
          "| other won | 95% interval | margin | 95% interval | minutes |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with Progress() as shown:
        for pair in pairs:
            first, second = pair.split(":")
            for mission in keys or missions():
                for seats in players:
                    task = shown.task(f"{first} vs {second}, {mission}, {seats} seats",
                                      2 * games, "games")
                    a, b, margin, seconds = teams(first, second, games, workers, mission,
                                                  seats, task.advance, first_seed)
                    print(f"| {first} | {second} | {mission} | {seats} | {games} "
                          f"| {a.rate:.1%} | {a.low:.1%} - {a.high:.1%} "
                          f"| {b.rate:.1%} | {b.low:.1%} - {b.high:.1%} "
                          f"| {margin.mean:+.1%} | {margin.low:+.1%} - {margin.high:+.1%} "
                          f"| {seconds / 60:.1f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("what", nargs="*", metavar="GAMES | A:B",
                        help="games a pairing (default 400), then pairings (default "
                             f"{' '.join(PAIRINGS)})")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", default="initiative_break")
    parser.add_argument("--players", default="2,4",
                        help="The Initiative's seat counts, e.g. 2,4")
    parser.add_argument("--missions", default="",
                        help="The Initiative's missions, e.g. observatory_vault (default: all)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="The Initiative: the first seed of each cell")
    parser.add_argument("--time-moves", type=int, default=0, metavar="N",
                        help="The Initiative: also time each decision of N games a cell")
    args = parser.parse_args()
    counts = [int(w) for w in args.what if w.isdigit()]
    games = counts[0] if counts else 400
    pairs = [w for w in args.what if ":" in w] or list(PAIRINGS)
    workers, game = args.workers, args.game
    if game == "the_initiative":
        players = [int(p) for p in args.players.split(",")]
        keys = [m for m in args.missions.split(",") if m]
        if games:
            co_op_ladder(pairs, games, workers, players, keys, args.first_seed)
        if args.time_moves:
            co_op_times(list(dict.fromkeys(p.split(":")[0] for p in pairs)), args.time_moves,
                        players, keys, args.first_seed)
        return
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
