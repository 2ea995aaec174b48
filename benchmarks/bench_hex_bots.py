"""Skirmish bots: one bot against another, its win rate (Wilson 95%) and its time a
decision (mean, 95th percentile and longest, with a real choice only).

    python benchmarks/bench_hex_bots.py BOT OPPONENT [GAMES] [PLAYERS]

BOT takes one seat (turn about over the games), OPPONENT every other; default content
and board, seeds 0..GAMES-1. Defaults: 40 games, 2 players. The figures in docs/bots.md
came from here, e.g. `heuristic random 200` and `ismcts@100 heuristic 200`.
"""

from __future__ import annotations

import statistics
import sys
import time

from initiative.bots import make_bot
from initiative.bots.play import ask
from initiative.games import load_game_as
from initiative.games.hex.game import HexGame
from initiative.lab.stats import wilson


def main() -> None:
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    name, opponent = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    players = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    game = load_game_as(HexGame, "hex_skirmish", players=players)
    wins = 0
    spent: list[float] = []
    for n in range(games):
        mine = n % players
        bots = [make_bot(name if s == mine else opponent, game, 1000 * n + s)
                for s in range(players)]
        state = game.new_initial_state(n)
        while not state.is_terminal():
            seat = state.current_seat()
            choice = len(state.legal_actions()) > 1
            start = time.perf_counter()
            action = ask(bots[seat], state, seat)
            if seat == mine and choice:
                spent.append(time.perf_counter() - start)
            state.apply(action)
        wins += state.winner == mine
    low, high = wilson(wins, games)
    print(f"{name} vs {opponent} on {players} seats: won {wins} of {games} "
          f"({wins / games:.0%}, Wilson 95% {low:.0%} to {high:.0%})")
    spent.sort()
    p95 = spent[min(len(spent) - 1, int(0.95 * len(spent)))] if spent else 0.0
    print(f"{name}: {len(spent)} decisions, ms each: mean "
          f"{statistics.fmean(spent or [0.0]) * 1e3:,.1f}, p95 {p95 * 1e3:,.1f}, longest "
          f"{max(spent or [0.0]) * 1e3:,.1f}")


if __name__ == "__main__":
    main()
