"""The lab at scale: Parquet next to CSV (read back by pandas and polars too), and the
Ray backend, whose rows equal the local backend's. One local Ray serves the module."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pandas
import polars
import pytest
import ray
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.engine.errors import ConfigError
from initiative.lab.backends import ray_cluster
from initiative.lab.hex.matchup import HexMatchup
from initiative.lab.ib.matchup import Matchup
from initiative.lab.ib.rows import COLUMNS
from initiative.lab.results import read_rows, write_rows
from initiative.lab.simulate import RAY_LEAST, default_chunk, jobs, run

SEEDS = list(range(4, 12))


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    return run(Matchup(("tideguard", "ashfall")), len(SEEDS), first_seed=SEEDS[0])


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray of 2 CPUs started as the backend starts one, left up for the module's
    runs (a run leaves a Ray it did not start running)."""
    with ray_cluster(None, 2) as cluster:
        assert cluster.cpus == 2
        yield


@pytest.mark.parametrize("suffix", [".csv", ".parquet", ".PARQUET"])
def test_a_file_reads_back_as_the_rows(tmp_path: Path, rows: list[dict[str, Any]],
                                       suffix: str) -> None:
    assert read_rows(write_rows(rows, tmp_path / f"r{suffix}")) == rows
    assert read_rows(write_rows([], tmp_path / f"empty{suffix}")) == []


@pytest.mark.parametrize(("reader", "suffix"), [
    (pandas.read_parquet, ".parquet"), (pandas.read_csv, ".csv"),
    (polars.read_parquet, ".parquet"), (polars.read_csv, ".csv"),
])
def test_pandas_and_polars_read_the_files(tmp_path: Path, rows: list[dict[str, Any]],
                                          reader: Callable[[Path], Any], suffix: str) -> None:
    frame = reader(write_rows(rows, tmp_path / f"r{suffix}"))
    assert list(frame.columns) == list(COLUMNS) and len(frame) == len(SEEDS)
    assert frame["seed"].to_list() == SEEDS
    for name in ("winner_team", "time_collapse", "sides", "plays"):
        assert frame[name].to_list() == [r[name] for r in rows]


def test_file_errors_say_what_to_do(tmp_path: Path, rows: list[dict[str, Any]],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match=r"r\.json: a results file ends in \.csv or \.parquet"):
        write_rows(rows, tmp_path / "r.json")
    with pytest.raises(ConfigError, match=r"ends in \.csv or \.parquet"):
        read_rows(tmp_path / "r")
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ConfigError, match=r"pip install 'initiative\[lab\]'"):
        write_rows(rows, tmp_path / "r.parquet")
    write_rows(rows, tmp_path / "r.csv")  # CSV needs no pyarrow


class Ref:
    """A fake task's result."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows = rows


class FakeRay:
    """Enough of Ray to watch `run_ray`: tasks run at once but finish last first."""

    def __init__(self, up: bool) -> None:
        self.up = up
        self.init_args: dict[str, Any] = {}

    def is_initialized(self) -> bool:
        return self.up

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 3.0, "memory": 1e9}

    def init(self, **kwargs: Any) -> None:
        if kwargs["address"] == "nowhere:1":
            raise RuntimeError("Failed to connect to GCS.\nLast connection error: ...")
        self.up, self.init_args = True, kwargs

    def shutdown(self) -> None:
        self.up = False

    def remote(self, function: Callable[[Any], Any]) -> SimpleNamespace:
        return SimpleNamespace(remote=lambda job: Ref(function(job)))

    def wait(self, refs: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        return refs[-num_returns:], refs[:-num_returns]

    def get(self, ref: Ref) -> list[dict[str, Any]]:
        return ref.rows


def test_ray_rows_come_in_job_order_and_ray_stops_only_if_started_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay(up=False)
    monkeypatch.setitem(sys.modules, "ray", fake)
    done: list[int] = []
    matchup = Matchup()
    rows = run(matchup, 7, backend="ray", workers=2, chunk=3, progress=done.append)
    assert rows == run(matchup, 7) and done == [1, 3, 3]  # the last task finished first
    assert not fake.up and fake.init_args["num_cpus"] == 2
    assert fake.init_args["address"] == "local" and not fake.init_args["log_to_driver"]
    assert fake.init_args["_system_config"] == {"worker_niceness": 0}
    run(matchup, 2, backend="ray", address="head:6379")
    assert "num_cpus" not in fake.init_args and fake.init_args["address"] == "head:6379"
    assert "_system_config" not in fake.init_args  # a cluster's nodes set their own
    with pytest.raises(ConfigError, match=r"cannot join the Ray cluster at nowhere:1: "
                                          r"Failed to connect to GCS\.$"):
        run(matchup, 2, backend="ray", address="nowhere:1")
    fake.up = True
    run(matchup, 2, backend="ray")
    assert fake.up  # not started here: left running


def test_backend_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match="unknown backend 'dask': local or ray"):
        run(Matchup(), 2, backend="dask")
    with pytest.raises(ConfigError, match="address is for the ray backend"):
        run(Matchup(), 2, address="head:6379")
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ConfigError, match=r"needs Ray: pip install 'initiative\[lab\]'"):
        run(Matchup(), 2, backend="ray")


@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_local_rows(rows: list[dict[str, Any]]) -> None:
    matchup = Matchup(("tideguard", "ashfall"))
    assert run(matchup, len(SEEDS), SEEDS[0], workers=2, chunk=3, backend="ray") == rows
    sweep = ("character.hp", [6, 9])
    assert run(Matchup(), 4, workers=2, chunk=3, sweep=sweep, backend="ray") == run(
        Matchup(), 4, sweep=sweep)
    assert ray.is_initialized()  # the module's Ray, not stopped by a run


@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_local_hex_rows() -> None:
    """The hex skirmish game on Ray: the rows of the local backend (its adapter travels
    with the matchup)."""
    matchup = HexMatchup(characters=("random", "random"))
    assert run(matchup, 6, 3, workers=2, chunk=2, backend="ray") == run(matchup, 6, 3)


@pytest.mark.usefixtures("local_ray")
def test_the_command_on_ray_writes_parquet(tmp_path: Path) -> None:
    out = tmp_path / "x.parquet"
    result = CliRunner().invoke(app, ["simulate", "--games", "5", "--bot", "random",
                                      "--backend", "ray", "--workers", "2", "--chunk", "2",
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "5 games written to" in result.stdout
    assert read_rows(out) == run(Matchup(), 5)


@pytest.mark.parametrize(("args", "message"), [
    (["--out", "x.txt"], "x.txt: a results file ends in .csv or .parquet"),
    (["--backend", "dask"], "unknown backend 'dask': local or ray"),
    (["--backend", "local", "--address", "head:6379"], "address is for the ray backend"),
    (["--chunk", "0"], "--chunk"),
])
def test_command_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["simulate", "--games", "2", "--out",
                                      str(tmp_path / "r.csv"), *args])
    assert result.exit_code == 2 and message in result.stderr
    assert not (tmp_path / "r.csv").exists()


@pytest.mark.usefixtures("local_ray")
def test_a_local_rays_workers_run_at_normal_priority() -> None:
    """Ray's default niceness (15) let any other job slow a run; ours is 0, as the
    local processes'."""

    def niceness(_: int) -> int:
        return os.nice(0)

    assert set(ray.get([ray.remote(niceness).remote(i) for i in range(4)])) == {0}


@pytest.mark.parametrize(("games", "cpus", "chunk"), [
    (100_000, 2, 1000),  # many tasks of the most games a task
    (3000, 2, 375),      # 8 tasks, 4 a CPU: no CPU waits on another's last 1,000
    (3000, 16, 47),      # 64 tasks
    (1000, 16, RAY_LEAST),  # 40 tasks: a task plays at least RAY_LEAST games
    (40, 2, RAY_LEAST),
    (10, 4, 10),         # never more than the run
])
def test_ray_chunks_are_cut_for_the_clusters_cpus(games: int, cpus: int, chunk: int) -> None:
    assert default_chunk("ray", games, cpus) == chunk
    tasks = len(jobs(Matchup(), games, chunk=chunk))
    assert tasks >= min(4 * cpus, games // RAY_LEAST, games) or chunk == 1000


def test_a_ray_run_is_cut_for_the_cpus_ray_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay(up=False)  # reports 3 CPUs
    monkeypatch.setitem(sys.modules, "ray", fake)
    seen: list[int] = []
    original = FakeRay.remote

    def counting(self: FakeRay, function: Callable[[Any], Any]) -> SimpleNamespace:
        inner = original(self, function)
        return SimpleNamespace(remote=lambda job: (seen.append(len(job.seeds)),
                                                   inner.remote(job))[1])

    monkeypatch.setattr(FakeRay, "remote", counting)
    assert run(Matchup(), 300, backend="ray", address="head:6379") == run(Matchup(), 300)
    assert seen == [RAY_LEAST] * 12  # 300 games over 3 CPUs, 4 tasks a CPU
