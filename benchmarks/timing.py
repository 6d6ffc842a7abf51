"""Timing shared by the benchmark scripts."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence


def best_seconds(run: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds, with the garbage collector off
    (as timeit does)."""
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - start)
    finally:
        if enabled:
            gc.enable()
    return best


def best_seconds_each(runs: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """The fastest of ``repeat`` runs of each, taken in turn (a, b, a, b, ...), so
    that a slow spell of a shared machine falls on all of them alike; the garbage
    collector off."""
    best = [float("inf")] * len(runs)
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            for i, run in enumerate(runs):
                start = time.perf_counter()
                run()
                best[i] = min(best[i], time.perf_counter() - start)
    finally:
        if enabled:
            gc.enable()
    return best
