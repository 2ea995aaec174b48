"""`simulate`: many games of one matchup, one result row per game, for any game.

A matchup (`adapter.LabMatchup`: the flagship's `lab.ib.Matchup`, the hex game's
`lab.hex.HexMatchup`, ...) names its game; the game's lab part, found by that name
(`parts.lab_game`), plays a seed and makes its row. Game i is played with seed
`first_seed + i` (bots seeded from it too), so a row depends only on its seed: the
results are the same whatever the number of workers or the backend. A run is cut into
`Job`s of a few seeds each, which worker processes and Ray tasks receive pickled: a job
carries the matchup, hence its game's name, and the worker finds the game's part by it.
Nothing here imports a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from initiative.engine.errors import ConfigError
from initiative.lab.adapter import LabAdapter, LabMatchup, Row
from initiative.lab.backends import ray_cluster
from initiative.lab.parts import lab_game

__all__ = ["CHUNK", "RAY_LEAST", "RAY_WAVES", "STEPS", "Job", "adapter_of", "default_chunk",
           "gather", "jobs", "play_chunk", "run"]

CHUNK = {"local": 25, "ray": 1000}
"""The backends and their most games per chunk by default: small for local processes
(steady progress; fewer still in a short run), at most 1,000 a Ray task, fewer where
that would leave CPUs idle (`default_chunk`)."""
RAY_WAVES = 4
"""A Ray run is cut into at least this many tasks per CPU (when it has the games): a
CPU that finishes early takes more, so no CPU waits on another's last big task."""
RAY_LEAST = 25
"""The fewest games a Ray task gets by default (its scheduling costs about a game)."""
STEPS = 100
"""A local run is cut into about this many chunks when it is short (its progress then
moves every 1%; a chunk's rows do not depend on its size)."""


@dataclass(frozen=True)
class Job:
    """A chunk of work: the matchup (with a sweep's value among its overrides), the
    seeds, and the swept parameter and value ("" without a sweep)."""

    matchup: LabMatchup
    seeds: tuple[int, ...]
    param: str = ""
    value: Any = ""
    log: bool = False
    """Whether each game keeps its whole event log (the rows are the same without)."""


def adapter_of(matchup: LabMatchup) -> LabAdapter:
    """The adapter of the game `matchup` plays (its lab part's, by the game's name)."""
    return lab_game(matchup.game_name).adapter


def play_chunk(job: Job, progress: Callable[[int], None] | None = None) -> list[Row]:
    """Rows of one chunk of seeds (what a worker process or Ray task runs);
    `progress(1)` after each game."""
    play = adapter_of(job.matchup).play_one
    rows = []
    for seed in job.seeds:
        rows.append(play(job.matchup, seed, job.param, job.value, log=job.log))
        if progress:
            progress(1)
    return rows


def default_chunk(backend: str, games: int, cpus: int = 1) -> int:
    """The games per chunk of a run of `games` games in all (every sweep value's) on
    `backend`: locally `CHUNK["local"]`, fewer for a short run (`STEPS`); on Ray with
    `cpus` CPUs, balanced: `RAY_WAVES` tasks a CPU or more, each of `RAY_LEAST` to
    `CHUNK["ray"]` games."""
    if backend == "local":
        return max(1, min(CHUNK["local"], games // STEPS))
    balanced = -(-games // (RAY_WAVES * max(1, cpus)))
    return max(1, min(CHUNK["ray"], max(RAY_LEAST, balanced), games))


def jobs(matchup: LabMatchup, games: int, first_seed: int = 0, chunk: int = CHUNK["local"],
         sweep: tuple[str, Sequence[Any]] | None = None, log: bool = False) -> list[Job]:
    """The run cut into chunks of `chunk` seeds; a sweep repeats the same seeds for each
    value (common random numbers: value-to-value differences are not seed noise)."""
    seeds = range(first_seed, first_seed + games)
    parts = [tuple(seeds[i:i + chunk]) for i in range(0, len(seeds), chunk)]
    if sweep is None:
        return [Job(matchup, part, log=log) for part in parts]
    path, values = sweep
    return [Job(with_override(matchup, path, v), part, path, v, log)
            for v in values for part in parts]


def with_override(matchup: LabMatchup, path: str, value: Any) -> LabMatchup:
    """`matchup` with one more value changed for the whole run."""
    changed: LabMatchup = replace(matchup, overrides=(*matchup.overrides, (path, value)))
    return changed


def run(matchup: LabMatchup, games: int, first_seed: int = 0, workers: int = 1,
        chunk: int | None = None, progress: Callable[[int], None] | None = None,
        sweep: tuple[str, Sequence[Any]] | None = None, *, backend: str = "local",
        address: str | None = None, log: bool = False) -> list[Row]:
    """Play `games` games (seeds first_seed ...) per sweep value in chunks of `chunk`
    (default: `default_chunk`), on `workers` local processes or, with backend "ray", as
    Ray tasks (see `backends.ray_tasks`); rows in job order, the same on every backend.
    `progress(n)` is called as each chunk of n finishes (in this process, as each game
    does). The games keep only the events their rows and bots read unless `log`
    (the same rows)."""
    if backend not in CHUNK:
        raise ConfigError(f"unknown backend {backend!r}: {' or '.join(CHUNK)}")
    if address and backend != "ray":
        raise ConfigError("a cluster address is for the ray backend")
    adapter_of(matchup)  # an unknown game, or one the lab does not play, fails here
    total = games * (len(sweep[1]) if sweep else 1)
    work = jobs(matchup, games, first_seed, chunk or default_chunk(backend, total), sweep,
                log)
    for job in work[:1]:  # fail fast, in this process, on a bad matchup or override
        job.matchup.game(job.seeds[0])
    if backend == "ray":
        with ray_cluster(address, workers) as cluster:
            if chunk is None:  # cut for the cluster's CPUs
                work = jobs(matchup, games, first_seed,
                            default_chunk(backend, total, cluster.cpus), sweep, log)
            return gather(work, cluster.run(play_chunk, work), progress)
    if workers <= 1:
        return [row for job in work for row in play_chunk(job, progress)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return gather(work, enumerate(pool.map(play_chunk, work)), progress)


def gather(work: Sequence[Job], parts: Iterable[tuple[int, list[Row]]],
           progress: Callable[[int], None] | None = None) -> list[Row]:
    """The rows of `work` in job order from (job index, rows) pairs that come in any
    order; `progress(n)` as each chunk of n comes."""
    found: list[list[Row]] = [[] for _ in work]
    for index, rows in parts:
        found[index] = rows
        if progress:
            progress(len(work[index].seeds))
    return [row for rows in found for row in rows]
