"""The Ray backend of `simulate.run`: each chunk of seeds is a Ray task.

Without an address Ray starts locally on `workers` CPUs (its files go to Ray's own
temporary directory, never the working tree); with one it joins that cluster, whose
nodes need the `initiative` package installed (`pip install 'initiative[lab]'`). The
tasks call `simulate.play_chunk`, so each row depends only on its seed and the rows,
put back in job order, equal the local backend's. This module knows nothing of games:
`simulate` hands it the task and the work (and imports it, never the other way round).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from initiative.engine.errors import ConfigError

__all__ = ["ray_tasks"]

Job = TypeVar("Job")
Result = TypeVar("Result")


@contextmanager
def ray_tasks(task: Callable[[Job], Result], work: Sequence[Job], address: str | None,
              workers: int) -> Iterator[Iterator[tuple[int, Result]]]:
    """`task` run on each job of `work` as a Ray task: (job index, result) pairs as each
    task finishes. Shuts Ray down on leaving only if this call started it."""
    ray = _ray()
    started = _connect(ray, address, workers)
    try:
        remote = ray.remote(task)
        index = {remote.remote(job): i for i, job in enumerate(work)}
        yield _as_finished(ray, index)
    finally:
        if started:
            ray.shutdown()


def _connect(ray: Any, address: str | None, workers: int) -> bool:
    """Join the cluster at `address`, or start a local Ray of `workers` CPUs, unless
    this process is connected already; whether it connected now."""
    if ray.is_initialized():
        return False
    local = {} if address else {"num_cpus": workers}
    try:
        ray.init(address=address or "local", include_dashboard=False, log_to_driver=False,
                 ignore_reinit_error=True, logging_level=logging.WARNING, **local)
    except (ConnectionError, RuntimeError) as exc:
        what = f"join the Ray cluster at {address}" if address else "start a local Ray"
        raise ConfigError(f"cannot {what}: {str(exc).splitlines()[0]}") from None
    return True


def _as_finished(ray: Any, index: dict[Any, int]) -> Iterator[tuple[int, Any]]:
    """(job index, rows) of each task as it finishes."""
    pending = list(index)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield index[ref], ray.get(ref)


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError("the ray backend needs Ray: pip install 'initiative[lab]'") from None
    return ray
