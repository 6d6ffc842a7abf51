"""Timing shared by the benchmark scripts."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Sequence
from typing import Any


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


def pokerkit_automations() -> tuple[Any, ...]:
    """Every PokerKit automation but the players' decisions (and draws), so PokerKit
    does the dealing, posting and collecting pokerbook's engine does by itself."""
    import pokerkit as pk

    return (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
