"""Timing shared by the benchmark scripts."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


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
