"""Running independent chunks of work on a Ray cluster.

A big sweep (millions of simulated hands, equity over many trials) is cut into
chunks that each carry their own seed, so the answer depends on the chunks and
never on where they ran: the chunks' results come back in the chunks' order, and a
run on a cluster gives what the same chunks give on one machine.

``address`` is ``"auto"`` (the Ray this machine is part of, or a new local one when
there is none) or a Ray client address, ``ray://HOST:PORT`` (a cluster's head, whose
nodes have this version of pokerbook installed).  Ray is an optional extra:
``pip install 'pokerbook[cluster]'``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

C = TypeVar("C")
R = TypeVar("R")


class ClusterError(ValueError):
    """The cluster cannot be reached or used (Ray missing, a bad address)."""


def check_address(address: str) -> str:
    """The address, if it is one Ray takes here: ``auto`` or ``ray://HOST:PORT``."""
    if address == "auto":
        return address
    head, _, port = address.removeprefix("ray://").rpartition(":")
    if not address.startswith("ray://") or not head or not port.isdigit():
        raise ClusterError(
            f"--cluster takes 'auto' or a Ray client address such as ray://10.0.0.5:10001, "
            f"not {address!r}"
        )
    return address


def _ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ClusterError(
            "running on a cluster needs Ray: pip install 'pokerbook[cluster]'"
        ) from None


def connect(address: str) -> Any:
    """Ray, connected to ``address`` (connecting once: a second call reuses the link)."""
    ray = _ray()
    check_address(address)
    if ray.is_initialized():
        return ray
    try:
        if address == "auto":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    except ConnectionError as error:
        raise ClusterError(f"cannot reach the Ray cluster at {address}: {error}") from None
    return ray


def ray_map(
    task: Callable[[C], R],
    chunks: Sequence[C],
    address: str,
    on_done: Callable[[int, R], None] | None = None,
) -> list[R]:
    """``task`` over every chunk on the cluster, results in the chunks' order.

    ``task`` must be a module-level function (the nodes import it by name);
    ``on_done(index, result)`` is told of each chunk as it finishes, in any order.
    """
    ray = connect(address)
    remote = ray.remote(task)
    pending = {remote.remote(chunk): i for i, chunk in enumerate(chunks)}
    results: dict[int, R] = {}
    waiting = list(pending)
    while waiting:
        done, waiting = ray.wait(waiting, num_returns=1)
        for ref in done:
            index = pending[ref]
            results[index] = ray.get(ref)
            if on_done is not None:
                on_done(index, results[index])
    return [results[i] for i in range(len(chunks))]


def workers(address: str) -> int:
    """How many CPUs the cluster offers (what a sweep can spread over)."""
    return int(connect(address).cluster_resources().get("CPU", 1))
