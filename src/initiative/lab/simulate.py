"""`simulate`: many games of one matchup, one result row per game.

A matchup is the flagship's `Matchup` or another game's (`hex_lab.HexMatchup`,
`ti_lab.TIMatchup`); its
game's `LabAdapter` (`ADAPTERS`) plays a seed and makes its row. Game i is played with
seed `first_seed + i` (bots seeded from it too), so a row depends only on its seed:
the results are the same whatever the number of workers or the backend. A flagship row
is a flat dict of the columns in `COLUMNS`; the per-side figures are JSON objects keyed
by team number, so CSV and Parquet hold the same values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from initiative.bots import make_bot, play_out
from initiative.engine.errors import ConfigError
from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.match import Match
from initiative.games.ib.state import IBState
from initiative.lab.adapter import GAME_COLUMN, LabAdapter, json_text
from initiative.lab.backends import ray_tasks
from initiative.lab.hex_lab import HEX_LAB, HexMatchup
from initiative.lab.matchup import Matchup
from initiative.lab.ti_lab import TI_LAB, TIMatchup

__all__ = ["ADAPTERS", "CHUNK", "COLUMNS", "AnyMatchup", "Matchup", "adapter_of",
           "adapter_of_columns", "play_one", "run"]

COLUMNS = ("seed", "format", "param", "value", "sides", "bots", "winner", "winner_team",
           "first_team", "rounds", "activations", "time_collapse", "collapse_round",
           "collapse_activation", "characters", "decks", "damage_dealt", "damage_taken",
           "cards_played", "plays")
"""The columns of a result row:
- seed, format (1v1, a format, solo, coop); param/value: the swept parameter ("" if none)
- sides {team: name}, bots {team: bot names}; winner: a side's name, "challenge_cards"
  or "draw"; winner_team (-1 on a draw); first_team: the team of the first activation
- rounds, activations; time_collapse (bool), collapse_round and collapse_activation
  (-1 without one): when the Round Marker left the track (IB 3.8)
- characters {team: [character keys]}, decks {team: [distinct card keys]}
- damage_dealt / damage_taken {team: {unit key: amount}}
- cards_played (all sides), plays {team: {card key: times played}}; installing a
  Sigil (IB 4.5) counts as playing it"""
INTS = ("seed", "winner_team", "first_team", "rounds", "activations", "collapse_round",
        "collapse_activation", "cards_played")
BOOLS = ("time_collapse",)


def play_one(matchup: Matchup, seed: int, param: str = "", value: Any = "") -> dict[str, Any]:
    """One game from `seed`; its result row."""
    game = matchup.game(seed)
    match = game.match
    state = game.new_initial_state(seed)
    rng = SplitMix64(seed ^ 0xB075)
    names = [matchup.bots[s % len(matchup.bots)] for s in range(match.num_seats)]
    play_out(state, [make_bot(name, game, rng.next64()) for name in names])
    return result_row(matchup, seed, match, state, names, param, value)


def result_row(matchup: Matchup, seed: int, match: Match, state: IBState,
               bot_names: Sequence[str], param: str = "", value: Any = "") -> dict[str, Any]:
    """The row of a finished game (see `COLUMNS`)."""
    team_of = match.unit_team
    key = [match.units[u].key if u < len(match.units) else match.labels[u]
           for u in range(len(match.labels))]
    dealt: dict[int, dict[str, int]] = {}
    taken: dict[int, dict[str, int]] = {}
    plays: dict[int, dict[str, int]] = {}
    played = 0
    collapse_round = collapse = first_team = -1
    starts = 0
    round_now = 1
    for event in state.events():
        code = event[0]
        if code == events.DAMAGE:
            source, target, amount = event[1], event[2], event[3]  # then how it was summed
            if source >= 0:
                _add(dealt, team_of[source], key[source], amount)
            _add(taken, team_of[target], key[target], amount)
        elif code in (events.PLAY, events.INSTALL):  # a Sigil is played by installing it
            played += 1
            _add(plays, team_of[event[1]], match.content.cards[event[2]].key, 1)
        elif code == events.ACT_START:
            if first_team < 0:
                first_team = team_of[event[1]]
            starts += 1
        elif code == events.ROUND:
            round_now = event[1]
        elif code == events.COLLAPSE and collapse < 0:
            collapse, collapse_round = starts, round_now
    result = state.result
    sides = {s.team: s.name for s in match.seats}
    if match.challengers:
        sides[match.cc_team] = "challenge_cards"
    characters: dict[int, list[str]] = {}
    decks: dict[int, set[str]] = {}
    bots: dict[int, list[str]] = {}
    for s, seat in enumerate(match.seats):
        characters.setdefault(seat.team, []).extend(seat.characters)
        decks.setdefault(seat.team, set()).update(seat.deck)
        bots.setdefault(seat.team, []).append(bot_names[s])
    return {
        "seed": seed, "format": matchup.name, "param": param, "value": str(value),
        "sides": json_text(sides), "bots": json_text(bots),
        "winner": "draw" if result is None or result < 0 else sides.get(result, str(result)),
        "winner_team": -1 if result is None or result < 0 else result,
        "first_team": first_team, "rounds": state.track.round,
        "activations": state.activations, "time_collapse": collapse >= 0,
        "collapse_round": collapse_round, "collapse_activation": collapse,
        "characters": json_text(characters),
        "decks": json_text({t: sorted(d) for t, d in decks.items()}),
        "damage_dealt": json_text(dealt), "damage_taken": json_text(taken),
        "cards_played": played, "plays": json_text(plays),
    }


def _add(table: dict[int, dict[str, int]], team: int, key: str, amount: int) -> None:
    side = table.setdefault(team, {})
    side[key] = side.get(key, 0) + amount


IB_LAB = LabAdapter("initiative_break", COLUMNS, INTS, BOOLS, play_one)
"""The lab adapter of the flagship (its rows have no `game` column)."""
ADAPTERS: dict[str, LabAdapter] = {a.game: a for a in (IB_LAB, HEX_LAB, TI_LAB)}
"""Every game the lab plays, by registry name."""
AnyMatchup = Matchup | HexMatchup | TIMatchup
"""A matchup of any game the lab plays."""


def adapter_of(matchup: AnyMatchup) -> LabAdapter:
    """The adapter of the game `matchup` plays."""
    if isinstance(matchup, HexMatchup):
        return HEX_LAB
    return TI_LAB if isinstance(matchup, TIMatchup) else IB_LAB


def adapter_of_columns(names: Sequence[str], game: str | None = None) -> LabAdapter:
    """The adapter of a results file with columns `names` whose rows name `game` in their
    `game` column (the flagship's rows have none; a file without rows is known by its
    columns); ConfigError for an unknown game."""
    if GAME_COLUMN not in names:
        return IB_LAB
    if game is None:  # the game whose columns the file has most of
        named = [a for a in ADAPTERS.values() if GAME_COLUMN in a.columns]
        return max(named, key=lambda a: len(set(a.columns) & set(names)))
    if game not in ADAPTERS:
        raise ConfigError(f"results of an unknown game {game!r} (known: "
                          f"{', '.join(sorted(ADAPTERS))})")
    return ADAPTERS[game]


Job = tuple[AnyMatchup, Sequence[int], str, Any]
"""A chunk of work: the matchup, the seeds, and the swept parameter and value."""

CHUNK = {"local": 25, "ray": 1000}
"""The backends and their default games per chunk: small for local processes (steady
progress), at least 1,000 per Ray task so scheduling costs little next to the games."""


def play_chunk(job: Job) -> list[dict[str, Any]]:
    """Rows of one chunk of seeds (what a worker process or Ray task runs)."""
    matchup, seeds, param, value = job
    play = adapter_of(matchup).play_one
    return [play(matchup, s, param, value) for s in seeds]


def jobs(matchup: AnyMatchup, games: int, first_seed: int = 0, chunk: int = CHUNK["local"],
         sweep: tuple[str, Sequence[Any]] | None = None) -> list[Job]:
    """The run cut into chunks of `chunk` seeds; a sweep repeats the same seeds for each
    value (common random numbers: value-to-value differences are not seed noise)."""
    seeds = list(range(first_seed, first_seed + games))
    parts = [seeds[i:i + chunk] for i in range(0, len(seeds), chunk)]
    if sweep is None:
        return [(matchup, part, "", "") for part in parts]
    path, values = sweep
    return [(_with_override(matchup, path, v), part, path, v) for v in values for part in parts]


def _with_override(matchup: AnyMatchup, path: str, value: Any) -> AnyMatchup:
    from dataclasses import replace

    return replace(matchup, overrides=(*matchup.overrides, (path, value)))


def run(matchup: AnyMatchup, games: int, first_seed: int = 0, workers: int = 1,
        chunk: int | None = None, progress: Callable[[int], None] | None = None,
        sweep: tuple[str, Sequence[Any]] | None = None, *, backend: str = "local",
        address: str | None = None) -> list[dict[str, Any]]:
    """Play `games` games (seeds first_seed ...) per sweep value in chunks of `chunk`
    (default: `CHUNK[backend]`), on `workers` local processes or, with backend "ray", as
    Ray tasks (see `backends.ray_tasks`); rows in job order, the same on every backend.
    `progress(n)` is called as each chunk of n finishes."""
    if backend not in CHUNK:
        raise ConfigError(f"unknown backend {backend!r}: {' or '.join(CHUNK)}")
    if address and backend != "ray":
        raise ConfigError("a cluster address is for the ray backend")
    work = jobs(matchup, games, first_seed, chunk or CHUNK[backend], sweep)
    for job in work[:1]:  # fail fast, in this process, on a bad matchup or override
        job[0].game(job[1][0])
    if backend == "ray":
        with ray_tasks(play_chunk, work, address, workers) as parts:
            return gather(work, parts, progress)
    if workers <= 1:
        return gather(work, enumerate(map(play_chunk, work)), progress)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return gather(work, enumerate(pool.map(play_chunk, work)), progress)


def gather(work: Sequence[Job], parts: Iterable[tuple[int, list[dict[str, Any]]]],
           progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """The rows of `work` in job order from (job index, rows) pairs that come in any
    order; `progress(n)` as each chunk of n comes."""
    found: list[list[dict[str, Any]]] = [[] for _ in work]
    for index, rows in parts:
        found[index] = rows
        if progress:
            progress(len(work[index][1]))
    return [row for rows in found for row in rows]
