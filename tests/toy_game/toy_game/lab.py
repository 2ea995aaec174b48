"""Lantern race in the balance lab: its `lab` part (initiative.lab.parts `LabGame`) for
`initiative simulate --game toy` and `initiative report`.

A matchup (`ToyMatchup`) names the bots, who goes first (`--first 0`, `1`, or
`alternate`: by the seed's parity), house rules and a run's overrides (`rules.FLAG`,
what `--sweep` and `--set` change). Game i is played from seed `first_seed + i`, its
bots seeded from it, so a row depends on its seed alone. The report: win rates per
seat and per first player (with 95% intervals), how games end, their length and what
the seats chose.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Final

import click
from toy_game.actions import Kind
from toy_game.flags import toy_rules
from toy_game.game import NAME, ToyGame
from toy_game.state import ToyState

from initiative.bots.play import ask
from initiative.games import load_game_as
from initiative.lab import svg
from initiative.lab.adapter import GAME_COLUMN, LabAdapter, Row, json_text, seat_players
from initiative.lab.matchup_rules import checked_rules, rules_with_overrides
from initiative.lab.pages import (
    DRAWS_NOTE,
    RATE_HEADERS,
    SPREAD_HEADERS,
    Section,
    counts_text,
    rate_cells,
    spread_cells,
    tally,
)
from initiative.lab.parts import LabGame, LabReport, RunSettings
from initiative.lab.row_fields import by_seat, reading_row
from initiative.lab.stats import describe, proportion

ALTERNATE: Final = "alternate"
KINDS = tuple(kind.value for kind in Kind)


@dataclass(frozen=True)
class ToyMatchup:
    """What to simulate: a bot per seat (cycled), who goes first (0, 1 or ALTERNATE),
    rule flags, and `overrides` (`rules.FLAG` values a sweep changes)."""

    game_name: ClassVar[str] = NAME
    bots: tuple[str, ...] = ("random",)
    first: str = "0"
    rules: dict[str, Any] = field(default_factory=dict)
    overrides: tuple[tuple[str, Any], ...] = ()

    def game(self, seed: int) -> ToyGame:
        first = seed % 2 if self.first == ALTERNATE else int(self.first)
        return _game(first, rules_with_overrides(NAME, self.rules, self.overrides))


@lru_cache(maxsize=64)
def _game(first: int, rules: tuple[tuple[str, Any], ...]) -> ToyGame:
    """The game of these parameters, built once per process."""
    return load_game_as(ToyGame, NAME, first=first, rules=dict(rules))


COLUMNS = (GAME_COLUMN, "seed", "param", "value", "bots", "first", "winner", "ended",
           "rounds", "decisions", "positions", "choices")
"""A row: game ("toy"), seed, param/value (a sweep's, "" without), bots {seat: bot},
first (the seat that went first), winner (a seat, -1 for a draw), ended ("goal" or
"round_limit"), rounds, decisions, positions {seat: final step}, choices {kind: times
chosen}."""
INTS = ("seed", "first", "winner", "rounds", "decisions")


def play_toy(matchup: ToyMatchup, seed: int, param: str = "", value: Any = "", *,
             log: bool = False) -> Row:
    """One game from `seed`, played by the matchup's bots; its result row (the toy
    keeps no event log, so `log` changes nothing)."""
    game = matchup.game(seed)
    state: ToyState = game.new_initial_state(seed)
    names, bots = seat_players(matchup.bots, game, seed)
    choices = Counter[str]()
    while not state.is_terminal():
        seat = state.current_seat()
        action = ask(bots[seat], state, seat)
        choices[action.kind.value] += 1
        state.apply(action)
    goal = game.setup.rules.goal
    return {GAME_COLUMN: NAME, "seed": seed, "param": param, "value": str(value),
            "bots": json_text(dict(enumerate(names))), "first": game.setup.first,
            "winner": -1 if state.winner is None else state.winner,
            "ended": "goal" if goal in state.positions else "round_limit",
            "rounds": state.round, "decisions": len(state.history),
            "positions": json_text(dict(enumerate(state.positions))),
            "choices": json_text({kind: choices[kind] for kind in KINDS})}


def outcome(row: Row) -> str:
    """`seat N` for a won game, `draw` for a drawn one."""
    return "draw" if int(row["winner"]) < 0 else f"seat {row['winner']}"


ADAPTER = LabAdapter(NAME, COLUMNS, INTS, (), play_toy, outcome)

OPTIONS: tuple[click.Parameter, ...] = (
    click.Option(["--first"], type=click.Choice(["0", "1", ALTERNATE]), default="0",
                 show_default=True,
                 help="The seat that goes first, or alternate by the seed's parity."),
)


def matchup_of(shared: RunSettings, own: Mapping[str, Any]) -> ToyMatchup:
    """The matchup of the options; ConfigError names a bad rule."""
    return ToyMatchup(shared.bots, str(own["first"]), checked_rules(toy_rules, shared.rules),
                      shared.overrides)


# --- the report ----------------------------------------------------------------------


@dataclass(frozen=True)
class ToyResult:
    """One row, parsed."""

    seed: int
    param: str
    value: str
    bots: dict[int, str]
    first: int
    winner: int
    ended: str
    rounds: int
    decisions: int
    choices: dict[str, int]


def parse_row(row: Mapping[str, Any]) -> ToyResult:
    """A row as `simulate` writes it; ValueError names the seed and the column."""
    with reading_row(row):
        choices = json.loads(row["choices"])
        if not isinstance(choices, dict):
            raise ValueError("column 'choices' is not a JSON object by kind")
        return ToyResult(int(row["seed"]), str(row["param"] or ""), str(row["value"] or ""),
                         by_seat(row, "bots"), int(row["first"]),
                         int(row["winner"]), str(row["ended"]), int(row["rounds"]),
                         int(row["decisions"]),
                         {str(kind): int(times) for kind, times in choices.items()})


def sections(results: Sequence[ToyResult]) -> list[Section]:
    """Overview, win rates by seat and by first player, length, choices and, for a
    sweep, each value's figures."""
    games = len(results)
    seats = {f"seat {s}": proportion(r.winner == s for r in results) for s in (0, 1)}
    first = proportion(r.winner == r.first for r in results)
    draws = proportion(r.winner < 0 for r in results)
    totals = Counter[str]()
    for r in results:
        totals.update(r.choices)
    decisions = sum(totals.values()) or 1
    overview = Section("Overview", [DRAWS_NOTE] if games else ["No games."],
                       ["figure", "value"],
                       [["games", str(games)],
                        ["bots", counts_text(tally(b for r in results
                                                   for b in set(r.bots.values())))],
                        ["draws", str(draws.k)],
                        ["ended", counts_text(tally(r.ended for r in results))]])
    return [
        overview,
        Section("Win rate by seat", [], ["seat", *RATE_HEADERS],
                [[name, *rate_cells(p)] for name, p in seats.items()],
                [svg.bar_chart(list(seats.items()), "Win rate by seat")] if games else []),
        Section("First-player advantage",
                ["The first player takes the first turn of every round (TOY-5); a fair "
                 "game gives it 50%."], ["who", *RATE_HEADERS],
                [["first player", *rate_cells(first)]]),
        Section("Game length", [], SPREAD_HEADERS,
                [spread_cells(name, describe([getattr(r, name) for r in results]))
                 for name in ("rounds", "decisions")]),
        Section("Choices", ["Share of all decisions of the run."], ["choice", "times",
                                                                    "share"],
                [[kind, str(totals[kind]), f"{totals[kind] / decisions:.1%}"]
                 for kind in KINDS]),
        *swept(results),
    ]


def swept(results: Sequence[ToyResult]) -> list[Section]:
    """Per swept parameter and value (in order of appearance): the first player's win
    rate and the mean rounds; nothing without a sweep."""
    groups: dict[tuple[str, str], list[ToyResult]] = {}
    for r in results:
        if r.param:
            groups.setdefault((r.param, r.value), []).append(r)
    if not groups:
        return []
    return [Section("By swept value", [], ["param", "value", "first player's win rate",
                                           "mean rounds"],
                    [[param, value, rate_cells(proportion(r.winner == r.first
                                                          for r in group))[2],
                      f"{sum(r.rounds for r in group) / len(group):.1f}"]
                     for (param, value), group in groups.items()])]


REPORT = LabReport("Lantern race balance report", parse_row, sections)
LAB = LabGame(ADAPTER, OPTIONS, matchup_of, REPORT)
"""Lantern race's part of the lab."""
