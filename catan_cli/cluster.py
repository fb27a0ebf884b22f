"""Seeded tasks on one process, a process pool, or a Ray cluster, gathered in task order.

The bulk commands (``catan simulate``, ``catan soak``, the tournament, ``fit_standing``) cut
their work into tasks that depend only on their own arguments (a game and its seed, or a
block of seeds), and :func:`run_tasks` runs them:

* ``jobs == 1`` and no cluster: one after the other, in this process;
* ``jobs > 1``: over a pool of that many processes on this machine;
* ``cluster="ray"``: on a Ray started here for this run (``jobs`` CPUs if more than one,
  else all of them); ``cluster="auto"``, ``"ray://HOST:PORT"`` or ``"HOST:PORT"``: on an
  existing Ray cluster, exactly as ``ray.init(address=...)`` takes the address.

Whichever runs them, the results come back in task order, so a report and its fingerprint
are those of ``jobs == 1``.  Ray is an optional extra (``pip install ".[cluster]"``), imported
only when a cluster is asked for; every Ray worker imports this package from its own install
(the same install on every node: see the README's "Many machines").  Ctrl-C stops the run:
tasks not yet finished are cancelled (``ray.cancel`` on a cluster, the pool terminated
locally) and the :class:`Outcome` says which finished.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Sequence, TypeVar

from .errors import CatanError

T = TypeVar("T")
R = TypeVar("R")

#: how to get Ray, for the error that says it is missing
INSTALL_HINT = 'pip install ".[cluster]"'
#: ``--cluster`` values that name no address: a Ray started on this machine for the run
LOCAL = "ray"
#: tasks kept in flight per cluster CPU: enough to keep every worker busy, few enough that
#: Ctrl-C has little to cancel and waiting on them stays cheap
IN_FLIGHT_PER_CPU = 4

#: how long one wait for a finished task lasts before Ctrl-C is looked for again
WAIT_SECONDS = 0.25

Progress = Callable[[int, int], None]


@dataclass
class Outcome(Generic[R]):
    """The tasks' results in task order (``None`` for a task that did not finish), and
    whether the run was cancelled (Ctrl-C) before every task finished."""
    results: list[R | None]
    cancelled: bool = False
    where: str = "1 process"
    finished: list[R] = field(init=False)

    def __post_init__(self) -> None:
        self.finished = [r for r in self.results if r is not None]


def check_cluster(spec: str | None) -> str | None:
    """``spec`` as given to ``--cluster`` (``None``: no cluster), or CatanError if it is none
    of ``ray``, ``auto``, ``ray://HOST:PORT`` or ``HOST:PORT``."""
    if spec is None:
        return None
    spec = spec.strip()
    if spec in (LOCAL, "auto") or spec.startswith("ray://") and len(spec) > len("ray://"):
        return spec
    host, sep, port = spec.rpartition(":")
    if sep and host and port.isdigit():
        return spec
    raise CatanError(f"--cluster takes 'ray' (a Ray on this machine), 'auto', 'ray://HOST:PORT' or "
                     f"HOST:PORT (an existing cluster), not {spec!r}")


def _import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise CatanError(f"--cluster needs Ray, which is not installed here: {INSTALL_HINT}") from None


def connect(spec: str, jobs: int = 1) -> Any:
    """The ``ray`` module, connected: to a Ray already started in this process (a test's, or
    an earlier run's), else to a new local one (``spec == "ray"``, ``jobs`` CPUs when more
    than one) or to the cluster at ``spec``."""
    ray = _import_ray()
    if ray.is_initialized():
        return ray
    try:
        if spec == LOCAL:
            ray.init(num_cpus=jobs if jobs > 1 else None, include_dashboard=False,
                     logging_level=logging.WARNING)
        else:
            ray.init(address=spec, logging_level=logging.WARNING)
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        raise CatanError(f"cannot start or reach Ray at {spec!r}: {exc}") from None
    return ray


def _call(fn: Callable[[T], R], task: T) -> R:
    """The Ray task: ``fn`` travels by reference (module and name), so each worker runs
    its own install's code."""
    return fn(task)


def _indexed(job: tuple[Callable[[Any], Any], int, Any]) -> tuple[int, Any]:
    fn, index, task = job
    return index, fn(task)


def run_tasks(fn: Callable[[T], R], tasks: Sequence[T], *, jobs: int = 1, cluster: str | None = None,
              progress: Progress | None = None, weights: Sequence[int] | None = None) -> Outcome[R]:
    """Run ``fn(task)`` for every task (``fn`` a module-level function, the tasks plain
    data) and return the results in task order.  ``progress(done, total)`` is called after
    each finished task, counting each task as its weight (default 1: a block of 50 seeds
    may weigh 50)."""
    if jobs < 1:
        raise CatanError("--jobs must be at least 1")
    spec = check_cluster(cluster)
    units = list(weights) if weights is not None else [1] * len(tasks)
    if len(units) != len(tasks):
        raise ValueError("one weight per task")
    tally = _Tally(progress, sum(units), units)
    if spec is not None:
        return _on_ray(fn, tasks, spec, jobs, tally)
    if jobs == 1 or len(tasks) <= 1:
        return _in_process(fn, tasks, tally)
    return _on_pool(fn, tasks, jobs, tally)


class _Tally:
    """Counts finished work and tells ``progress``."""

    def __init__(self, progress: Progress | None, total: int, units: list[int]) -> None:
        self.progress, self.total, self.units, self.done = progress, total, units, 0

    def finished(self, index: int) -> None:
        self.done += self.units[index]
        if self.progress is not None:
            self.progress(self.done, self.total)


def _in_process(fn: Callable[[T], R], tasks: Sequence[T], tally: _Tally) -> Outcome[R]:
    results: list[R | None] = [None] * len(tasks)
    try:
        for i, task in enumerate(tasks):
            results[i] = fn(task)
            tally.finished(i)
    except KeyboardInterrupt:
        return Outcome(results, cancelled=True)
    return Outcome(results)


def _on_pool(fn: Callable[[T], R], tasks: Sequence[T], jobs: int, tally: _Tally) -> Outcome[R]:
    results: list[R | None] = [None] * len(tasks)
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = ctx.Pool(min(jobs, len(tasks)))
    where = f"{min(jobs, len(tasks))} processes"
    try:
        for i, res in pool.imap_unordered(_indexed, [(fn, i, t) for i, t in enumerate(tasks)], chunksize=1):
            results[i] = res
            tally.finished(i)
    except KeyboardInterrupt:
        pool.terminate()
        pool.join()
        return Outcome(results, cancelled=True, where=where)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
    return Outcome(results, where=where)


_REMOTE: dict[str, Any] = {}


def _on_ray(fn: Callable[[T], R], tasks: Sequence[T], spec: str, jobs: int, tally: _Tally) -> Outcome[R]:
    ray = connect(spec, jobs)
    if "call" not in _REMOTE:
        _REMOTE["call"] = ray.remote(_call)
    remote = _REMOTE["call"]
    cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
    where = f"Ray ({cpus} CPUs)"
    window = max(8, IN_FLIGHT_PER_CPU * cpus)
    results: list[R | None] = [None] * len(tasks)
    pending: dict[Any, int] = {}
    queue = iter(range(len(tasks)))
    try:
        for i in queue:
            pending[remote.remote(fn, tasks[i])] = i
            if len(pending) >= window:
                break
        while pending:
            # a short timeout: Python hears Ctrl-C only between calls, and a wait without
            # one sits in Ray's C++ until a task finishes (minutes, for a long game)
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=WAIT_SECONDS)
            for ref in ready:
                i = pending.pop(ref)
                results[i] = ray.get(ref)
                tally.finished(i)
                nxt = next(queue, None)
                if nxt is not None:
                    pending[remote.remote(fn, tasks[nxt])] = nxt
    except KeyboardInterrupt:
        for ref in pending:
            try:
                ray.cancel(ref)
            except Exception:   # a task that finished meanwhile: nothing to cancel
                pass
        return Outcome(results, cancelled=True, where=where)
    except Exception as exc:
        if exc.__class__.__module__.startswith("ray"):
            for ref in pending:
                ray.cancel(ref, force=True)
            raise CatanError(f"the Ray cluster failed: {exc.__class__.__name__}: "
                             f"{str(exc).strip().splitlines()[-1] if str(exc).strip() else ''}") from None
        raise
    return Outcome(results, where=where)


__all__ = ["Outcome", "run_tasks", "check_cluster", "connect", "INSTALL_HINT"]
