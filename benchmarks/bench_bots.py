"""Bot speed: decision latency (mean, p50, p95) per bot and ISMCTS iterations per second.

    python benchmarks/bench_bots.py [GAMES] [BOT ...]

Each bot plays GAMES standard 1v1 games (drafted teams, seats alternating) against the
random bot; only its own decisions with a real choice (two or more legal actions) are
timed. Defaults: 4 games; random, heuristic, hard, ismcts (500 iterations).
"""

from __future__ import annotations

import statistics
import sys
import time

from initiative.bots import ISMCTSBot, make_bot
from initiative.engine.rng import SplitMix64
from initiative.games.ib.setup import IBGame, new_game
from initiative.lab.ib import Matchup


def latencies(name: str, games: int) -> tuple[list[float], int]:
    """Seconds per timed decision of bot `name`, and the ISMCTS iterations it ran."""
    seconds: list[float] = []
    iterations = 0
    matchup = Matchup(("random", "random"))
    for game in range(games):
        match = matchup.match(game)
        state = new_game(match, game)
        mine = game % 2
        rng = SplitMix64(game)
        public = IBGame(match)
        bots = {mine: make_bot(name, public, rng.next64()),
                1 - mine: make_bot("random", public, rng.next64())}
        while not state.is_terminal():
            seat = state.current_seat()
            view = state.view(seat)
            start = time.perf_counter()
            action = bots[seat].choose(view)
            spent = time.perf_counter() - start
            if seat == mine and len(view.legal) > 1:
                seconds.append(spent)
                bot = bots[seat]
                iterations += bot.last_iterations if isinstance(bot, ISMCTSBot) else 0
            state.apply(action)
    return seconds, iterations


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    names = sys.argv[2:] or ["random", "heuristic", "hard", "ismcts"]
    for name in names:
        seconds, iterations = latencies(name, games)
        p50, p95 = (statistics.quantiles(seconds, n=20)[i] for i in (9, 18))
        print(f"{name}: decisions {len(seconds)}, mean {statistics.fmean(seconds) * 1e3:.2f} ms,"
              f" p50 {p50 * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms")
        if iterations:
            print(f"{name}: iterations_per_s {iterations / sum(seconds):,.0f}")


if __name__ == "__main__":
    main()
