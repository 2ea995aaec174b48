"""`simulate`: many games of one matchup, one result row per game (issue 6, first step).

Game i is played with seed `first_seed + i` (bots seeded from it too), so a row depends
only on its seed: the results are the same whatever the number of worker processes.
Rows are plain dicts written as CSV (readable by pandas, polars and any spreadsheet).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from initiative.bots import make_bot
from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.content import core_content
from initiative.games.ib.match import Match, standard_match
from initiative.games.ib.modes import GameSetup, build_match
from initiative.games.ib.setup import new_game

COLUMNS = ("seed", "format", "sides", "winner", "rounds", "activations", "time_collapse",
           "collapse_activation", "damage_dealt", "damage_taken", "cards_played")
"""The columns of a result row; the per-unit figures are JSON objects by unit label."""


@dataclass(frozen=True)
class Matchup:
    """What to simulate: a 1v1 of two shipped teams, or any mode of `modes.GameSetup`
    (formats, solo and co-op against an encounter), with a bot name per seat."""

    teams: tuple[str, ...] = ("tideguard", "ashfall")
    mode: str | None = None
    encounter: str | None = None
    bots: tuple[str, ...] = ("random",)
    rules: dict[str, Any] = field(default_factory=dict)

    def match(self, seed: int) -> Match:
        from initiative.games.ib.config import RulesConfig

        config = RulesConfig().with_flags(self.rules, "rules")
        if self.mode is None and self.encounter is None:
            first, second = self.teams
            return standard_match(first, second, config=config)
        return build_match(GameSetup(self.mode or "solo", self.teams, self.encounter),
                           core_content(), config, seed)

    @property
    def name(self) -> str:
        return self.mode or ("solo" if self.encounter else "1v1")


def play_one(matchup: Matchup, seed: int) -> dict[str, Any]:
    """One game from `seed`; its result row."""
    match = matchup.match(seed)
    state = new_game(match, seed)
    rng = SplitMix64(seed ^ 0xB075)
    bots = [make_bot(matchup.bots[s % len(matchup.bots)], match, rng.next64())
            for s in range(match.num_seats)]
    while not state.is_terminal():
        seat = state.current_seat()
        state.apply(bots[seat].choose(state.view(seat)))
    return _row(matchup, seed, match, list(state.events()), state.result, state.activations,
                state.track.round)


def _row(matchup: Matchup, seed: int, match: Match, log: list[events.Event],
         result: int | None, activations: int, rounds: int) -> dict[str, Any]:
    dealt: dict[str, int] = {}
    taken: dict[str, int] = {}
    played = 0
    collapse = -1
    starts = 0
    for event in log:
        code = event[0]
        if code == events.DAMAGE:
            _, source, target, amount, _ = event
            if source >= 0:
                dealt[match.labels[source]] = dealt.get(match.labels[source], 0) + amount
            taken[match.labels[target]] = taken.get(match.labels[target], 0) + amount
        elif code == events.PLAY:
            played += 1
        elif code == events.ACT_START:
            starts += 1
        elif code == events.COLLAPSE and collapse < 0:
            collapse = starts
    sides = {s.team: s.name for s in match.seats}
    return {"seed": seed, "format": matchup.name,
            "sides": json.dumps(sides, sort_keys=True),
            "winner": "draw" if result is None or result < 0 else
            ("challenge_cards" if result == match.cc_team else sides[result]),
            "rounds": rounds, "activations": activations, "time_collapse": collapse >= 0,
            "collapse_activation": collapse, "damage_dealt": json.dumps(dealt, sort_keys=True),
            "damage_taken": json.dumps(taken, sort_keys=True), "cards_played": played}


def _chunk(args: tuple[Matchup, Sequence[int]]) -> list[dict[str, Any]]:
    matchup, seeds = args
    return [play_one(matchup, s) for s in seeds]


def run(matchup: Matchup, games: int, first_seed: int = 0, workers: int = 1,
        chunk: int = 25, progress: Callable[[int], None] | None = None
        ) -> list[dict[str, Any]]:
    """Play `games` games (seeds first_seed ...) on `workers` local processes; rows in
    seed order. `progress(n)` is called as each chunk of n games finishes."""
    seeds = list(range(first_seed, first_seed + games))
    chunks = [seeds[i:i + chunk] for i in range(0, len(seeds), chunk)]
    rows: list[dict[str, Any]] = []
    if workers <= 1:
        for part in chunks:
            rows += _chunk((matchup, part))
            if progress:
                progress(len(part))
        return rows
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part, result in zip(chunks, pool.map(_chunk, [(matchup, c) for c in chunks]),
                                strict=True):
            rows += result
            if progress:
                progress(len(part))
    return rows


def write_csv(rows: Sequence[dict[str, Any]], path: str | Path) -> Path:
    path = Path(path)
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    return path


def read_csv(path: str | Path) -> Iterator[dict[str, str]]:
    with Path(path).open(newline="", encoding="utf-8") as source:
        yield from csv.DictReader(source)
