"""The Initiative's speed: `python benchmarks/bench_ti.py [games] [seed] [players] [mission]`.

Two measures, each beside a reference timed in the same run, so that a busy machine
shows in both and the ratios stay comparable from run to run:
- the engine: random play through the engine contract (`initiative.cli.bench.run`,
  also `initiative bench --game the_initiative`): microseconds a decision and games a
  second, and the flagship's standard 1v1 as the reference (`engine_ratio_*`);
- the bot: whole games with the heuristic bot in every seat, each decision given its
  seat's view (`bots.play.ask`): microseconds a decision of the bot (the view built
  included) and games a second, against the same games' engine time
  (`heuristic_share_of_game`: the share of a game's time spent deciding), and the
  bot's time a decision over the engine's (`heuristic_ratio_to_engine`).
Defaults: 50 games, seed 1, 2 players, the campaign's first mission.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from initiative.bots import make_bot
from initiative.bots.play import ask
from initiative.cli.bench import run as engine_run
from initiative.engine.rng import SplitMix64
from initiative.games import load_game


def ti_game(players: int, mission: str | None) -> Any:
    params: dict[str, Any] = {"players": players}
    if mission:
        params["mission"] = mission
    return load_game("the_initiative", **params)


def engine(games: int, seed: int, players: int, mission: str | None) -> dict[str, float]:
    """Random play of The Initiative and of the flagship's 1v1, and their ratios."""
    ti = engine_run(games, seed, ti_game(players, mission))
    flagship = engine_run(games, seed)
    return {"engine_us_per_decision": ti["us_per_decision"],
            "engine_games_per_s": ti["games_per_s"],
            "flagship_us_per_decision": flagship["us_per_decision"],
            "engine_ratio_us_per_decision": ti["us_per_decision"]
            / flagship["us_per_decision"],
            "decisions_per_game": ti["decisions_per_game"]}


def bot(games: int, seed: int, players: int, mission: str | None,
        name: str = "heuristic") -> dict[str, float]:
    """Games played by `name` in every seat: its time a decision and games a second."""
    game = ti_game(players, mission)
    deciding = total = 0.0
    decisions = won = 0
    for g in range(games):
        rng = SplitMix64(seed + g)
        bots = [make_bot(name, game, rng.next64()) for _ in range(game.num_seats)]
        state = game.new_initial_state(seed + g)
        start = time.perf_counter()
        while not state.is_terminal():
            seat = state.current_seat()
            before = time.perf_counter()
            action = ask(bots[seat], state, seat)
            deciding += time.perf_counter() - before
            decisions += 1
            state.apply(action)
        total += time.perf_counter() - start
        won += bool(state.won)
    return {f"{name}_us_per_decision": deciding / max(decisions, 1) * 1e6,
            f"{name}_games_per_s": games / total if total else 0.0,
            f"{name}_share_of_game": deciding / total if total else 0.0,
            f"{name}_win_rate": won / games}


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 50
    seed = int(argv[1]) if len(argv) > 1 else 1
    players = int(argv[2]) if len(argv) > 2 else 2
    mission = argv[3] if len(argv) > 3 else None
    figures = {**engine(games, seed, players, mission), **bot(games, seed, players, mission)}
    figures["heuristic_ratio_to_engine"] = figures["heuristic_us_per_decision"] \
        / figures["engine_us_per_decision"]
    for key, value in figures.items():
        print(f"{key}: {value:.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
