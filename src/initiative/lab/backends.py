"""The Ray backend of `simulate.run`: each chunk of seeds is a Ray task.

Without an address Ray starts locally on `workers` CPUs (its files go to Ray's own
temporary directory, never the working tree); with one it joins that cluster, whose
nodes need the `initiative` package installed (`pip install 'initiative[lab]'`; see
docs/lab.md). A local Ray runs its workers at normal priority (`WORKER_NICENESS`; Ray's
own default is 15, which lets any other job on the machine slow the run down); a
cluster's nodes set theirs when they start (`RAY_worker_niceness=0 ray start ...`).
The tasks call `simulate.play_chunk`, so each row depends only on its seed and the rows,
put back in job order, equal the local backend's. This module knows nothing of games:
`simulate` hands it the task and the work (and imports it, never the other way round).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from initiative.engine.errors import ConfigError

__all__ = ["NODE_NICENESS_VARIABLE", "WORKER_NICENESS", "RayCluster", "ray_cluster"]

Job = TypeVar("Job")
Result = TypeVar("Result")

WORKER_NICENESS = 0
"""The niceness of a local Ray's workers: normal priority, as local processes run."""
_AUTH_LOGGER = "ray._private.authentication.authentication_token_setup"
NODE_NICENESS_VARIABLE = "RAY_worker_niceness"
"""The environment variable a cluster node's `ray start` reads for its workers'
niceness (set it to `WORKER_NICENESS` on each node; docs/lab.md)."""


@dataclass(frozen=True)
class RayCluster:
    """A connected Ray: how many CPUs it has and how to run tasks on it."""

    ray: Any
    cpus: int
    """The cluster's CPUs (a local Ray's: `workers`), which the chunks are cut for."""

    def run(self, task: Callable[[Job], Result],
            work: Sequence[Job]) -> Iterator[tuple[int, Result]]:
        """`task` run on each job of `work` as a Ray task: (job index, result) pairs
        as each task finishes."""
        remote = self.ray.remote(task)
        index = {remote.remote(job): i for i, job in enumerate(work)}
        pending = list(index)
        while pending:
            done, pending = self.ray.wait(pending, num_returns=1)
            for ref in done:
                yield index[ref], self.ray.get(ref)


@contextmanager
def ray_cluster(address: str | None, workers: int) -> Iterator[RayCluster]:
    """Ray joined at `address`, or started locally on `workers` CPUs, unless this
    process is connected already; shut down on leaving only if started here."""
    ray = _ray()
    started = _connect(ray, address, workers)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 0)) or max(1, workers)
        yield RayCluster(ray, cpus)
    finally:
        if started:
            ray.shutdown()


def _connect(ray: Any, address: str | None, workers: int) -> bool:
    """Join the cluster at `address`, or start a local Ray of `workers` CPUs, unless
    this process is connected already; whether it connected now."""
    if ray.is_initialized():
        return False
    local: dict[str, Any] = {} if address else {
        "num_cpus": workers, "_system_config": {"worker_niceness": WORKER_NICENESS}}
    # Ray's note that token authentication is on (it is, for the Ray started here) is
    # no warning to a lab user: shown only on errors.
    logging.getLogger(_AUTH_LOGGER).setLevel(logging.ERROR)
    try:
        ray.init(address=address or "local", include_dashboard=False, log_to_driver=False,
                 ignore_reinit_error=True, logging_level=logging.WARNING, **local)
    except (ConnectionError, RuntimeError) as exc:
        what = f"join the Ray cluster at {address}" if address else "start a local Ray"
        raise ConfigError(f"cannot {what}: {str(exc).splitlines()[0]}") from None
    return True


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError("the ray backend needs Ray: pip install 'initiative[lab]'") from None
    return ray
