"""Sampled equity through the engine: deals at random, in batches, until a number of
trials is reached or the largest standard error of a hand's equity is down to a
target."""

from __future__ import annotations

import random
from collections.abc import Callable
from math import sqrt

from pokerbook.equity.dealer import RandomPicks
from pokerbook.equity.engine_path import EquityTable, play_deal
from pokerbook.equity.enumerate import set_counts
from pokerbook.equity.pot_shares import PotShares
from pokerbook.equity.request import EquityError
from pokerbook.equity.resettle import Resettler, random_sets
from pokerbook.equity.spot import Tally
from pokerbook.equity.tally_deal import add_deal

#: deals between two looks at the standard error
BATCH = 1_000
#: the most deals a run stopping at a standard error goes through
MAX_TRIALS = 10_000_000

Progress = Callable[[int, int], None]


def standard_errors(tally: Tally) -> list[float]:
    """Each hand's standard error of its mean pot share (0 before two deals)."""
    n = tally.weight
    if tally.deals < 2 or n <= 0:
        return [0.0] * tally.hands
    out = []
    for total, squares in zip(tally.equity, tally.equity_sq, strict=True):
        mean = total / n
        variance = max(0.0, squares / n - mean * mean) * n / (n - 1)
        out.append(sqrt(variance / n))
    return out


def _needed(tally: Tally, error: float) -> int:
    """About how many deals bring the largest standard error down to ``error``."""
    worst = max(standard_errors(tally), default=0.0)
    return min(MAX_TRIALS, max(tally.deals, int(tally.deals * (worst / error) ** 2) + 1))


def sample_tally(
    table: EquityTable,
    *,
    trials: int | None = None,
    error: float | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
) -> Tally:
    """``trials`` deals at random (a deal nobody could open is dealt again), or as many
    as bring every hand's standard error to ``error`` or below (checked every
    :data:`BATCH` deals; with both, whichever comes first)."""
    if trials is None and error is None:
        raise ValueError("give trials or error")
    rng = random.Random(seed)
    picks = RandomPicks(rng)
    counts = set_counts(table, seed)
    deal = _by_engine(table, picks, rng)
    if counts is not None:
        deal = _by_sets(table, counts, rng)
    tally = Tally(table.question.players)
    report: Progress = progress or (lambda done, total: None)
    cap = trials if trials is not None else MAX_TRIALS
    target = cap
    tries = 0
    while tally.deals < cap:
        batch_end = min(cap, tally.deals + BATCH)
        while tally.deals < batch_end:
            shares = deal()
            tries += 1
            if shares is not None:
                add_deal(tally, shares)
            elif tries >= BATCH and not tally.deals:
                raise EquityError(f"no deal of {BATCH} came to a showdown (nobody could open)")
        if error is not None:
            if max(standard_errors(tally)) <= error:
                break
            target = min(cap, _needed(tally, error))
        report(tally.deals, max(target, tally.deals))
    return tally


def _by_engine(
    table: EquityTable, picks: RandomPicks, rng: random.Random
) -> Callable[[], PotShares | None]:
    return lambda: play_deal(table, picks, rng)


def _by_sets(
    table: EquityTable, counts: tuple[tuple[int, int], ...], rng: random.Random
) -> Callable[[], PotShares | None]:
    template = Resettler(table, counts)
    unseen = table.unseen
    return lambda: template.shares(random_sets(unseen, counts, rng))
