"""The lab on a Ray cluster of several nodes (docs/lab.md, "A Ray cluster"): two nodes
started on this machine as separate raylets, joined by address as a remote cluster is;
the rows equal the local backend's, and the tasks ran on both nodes."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray
from ray.cluster_utils import Cluster

from initiative.lab.backends import NODE_NICENESS_VARIABLE, WORKER_NICENESS
from initiative.lab.hex.matchup import HexMatchup
from initiative.lab.ib.matchup import Matchup
from initiative.lab.simulate import run


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A head and one more node, one CPU each, workers at normal priority (as
    `RAY_worker_niceness=0 ray start ...` on a real node)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(NODE_NICENESS_VARIABLE, str(WORKER_NICENESS))
        nodes = Cluster(initialize_head=True,
                        head_node_args={"num_cpus": 1, "include_dashboard": False})
        nodes.add_node(num_cpus=1)
        nodes.wait_for_nodes()
        yield nodes
        ray.shutdown()
        nodes.shutdown()


def test_a_two_node_cluster_gives_the_local_rows(cluster: Any) -> None:
    ib = Matchup(("tideguard", "ashfall"))
    assert run(ib, 12, 40, backend="ray", address=cluster.address) == run(ib, 12, 40)
    assert not ray.is_initialized()  # the run joined, then left; the cluster runs on
    hexes = HexMatchup(characters=("random", "random"))
    assert run(hexes, 6, 3, backend="ray", address=cluster.address) == run(hexes, 6, 3)
    ray.init(address=cluster.address)
    alive = [node for node in ray.nodes() if node["Alive"]]
    assert len(alive) == 2 and sum(n["Resources"].get("CPU", 0) for n in alive) == 2


def test_tasks_spread_over_both_nodes_at_normal_priority(cluster: Any) -> None:
    def where(_: int) -> tuple[str, int]:
        import time
        time.sleep(0.2)  # both CPUs busy at once
        return ray.get_runtime_context().get_node_id(), os.nice(0)

    if not ray.is_initialized():
        ray.init(address=cluster.address)
    placed = ray.get([ray.remote(where).remote(i) for i in range(8)])
    assert len({node for node, _ in placed}) == 2
    assert {nice for _, nice in placed} == {0}


def test_the_command_starts_a_quiet_local_ray(tmp_path: Path) -> None:
    """`initiative simulate --backend ray` as a newcomer runs it, in a process of its
    own: the games written, and no Ray warning on the way (its note that token
    authentication is on is for the Ray started here)."""
    done = subprocess.run(
        [sys.executable, "-m", "initiative.cli.main", "simulate", "--games", "4", "--bot",
         "random", "--backend", "ray", "--workers", "1", "--out", str(tmp_path / "r.csv")],
        capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "4 games written to" in done.stdout
    assert "WARNING" not in done.stderr + done.stdout, done.stderr
