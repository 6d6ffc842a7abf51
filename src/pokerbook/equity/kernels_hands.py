"""Compiled enumeration of deals with the board known (numba): each hand valued once
per set of cards it can be dealt.

With every board card known (stud, draw games, a flop game on the river), a hand's
value on each share depends only on its own cards.  :func:`hand_table` values
every completion of one hand (the positions it takes as a bit mask, and its value
on each share); :func:`enumerate_hands` then walks every tuple of completions
that share no card, one hand per level, and settles each from the values alone.
With one share and no qualifier, the last level only counts the completions that
beat, tie and lose to the best of the others (``wins[i, t]``: deals hand ``i``
won with ``t`` others, as :mod:`pokerbook.equity.kernels_deal` counts them).
Deals go to an accumulator row by the first level's completion, so the sums are
the same however many threads run them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pokerbook.equity.kernels import CHUNKS, SUMS, THRESHOLD, award, subset_sums, value_hands
from pokerbook.equity.kernels_deal import add_wins
from pokerbook.evaluation.compiled import numba

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]
Tables = tuple[Any, ...]


@numba.njit(cache=True)
def hand_table(
    keys: I64,
    bits: U64,
    n: int,
    missing: int,
    count: int,
    hand_keys: I64,
    hand_bits: U64,
    board: Tables,
    tables: Tables,
    need_sets: bool,
) -> tuple[U64, I64]:
    """Every way to give one hand its ``missing`` cards from the first ``n`` positions
    (``count`` of them, in combination order): the positions taken, as a bit mask,
    and the hand's value on each share.  ``hand_keys``/``hand_bits``: the hand's
    cards, the known ones first; ``board``: the board's sums and subset sums."""
    info, pairs, disp, multi, disp5, multi5, flush5, flush_best = tables
    bk, bb, bsum, bbit = board
    n_shares = info.shape[0]
    known = hand_keys.shape[0] - missing
    own_keys = hand_keys.copy()
    own_bits = hand_bits.copy()
    width = 1 << own_keys.shape[0] if need_sets else 1
    hk = np.zeros(1, np.int64)
    hb = np.zeros(1, np.uint64)
    hsum = np.zeros((1, width), np.int64)
    hbit = np.zeros((1, width), np.uint64)
    values = np.zeros((n_shares, 1), np.int64)
    masks = np.zeros(count, np.uint64)
    out = np.zeros((count, n_shares), np.int64)
    idx = np.arange(missing)
    for r in range(count):
        mask = np.uint64(0)
        for t in range(missing):
            own_keys[known + t] = keys[idx[t]]
            own_bits[known + t] = bits[idx[t]]
            mask |= np.uint64(1) << np.uint64(idx[t])
        total = np.int64(0)
        ors = np.uint64(0)
        for j in range(own_keys.shape[0]):
            total += own_keys[j]
            ors |= own_bits[j]
        hk[0] = total
        hb[0] = ors
        if need_sets:
            subset_sums(own_keys, own_bits, own_keys.shape[0], hsum[0], hbit[0])
        value_hands(
            bk, bb, bsum, bbit, hk, hb, hsum, hbit, info, pairs, disp, multi, disp5, multi5,
            flush5, flush_best, values,
        )  # fmt: skip
        masks[r] = mask
        for s in range(n_shares):
            out[r, s] = values[s, 0]
        t = missing - 1  # the next combination
        while t >= 0 and idx[t] == n - missing + t:
            t -= 1
        if t < 0:
            break
        idx[t] += 1
        for u in range(t + 1, missing):
            idx[u] = idx[u - 1] + 1
    return masks, out


@numba.njit(cache=True, inline="always")
def _count_last(
    masks: U64,
    first: Any,
    stop: Any,
    step: Any,
    below: Any,
    value0: I64,
    top: Any,
) -> tuple[int, int, int]:
    """The completions of the last level that take no card below: how many beat,
    tie and lose to ``top``."""
    win = 0
    tie = 0
    lose = 0
    for r in range(first, stop, step):
        if masks[r] & below:
            continue
        v = value0[r]
        if v > top:
            win += 1
        elif v == top:
            tie += 1
        else:
            lose += 1
    return win, tie, lose


@numba.njit(cache=True)
def _hands_chunk(
    c: int,
    masks: Any,
    values: Any,
    value0: Any,
    start: Any,
    end: Any,
    hand_of: Any,
    info: Any,
    unqualified: Any,
    single: Any,
    acc: Any,
    wins: Any,
) -> None:
    """One chunk of :func:`enumerate_hands`: the first level's completions ``c``,
    ``c + CHUNKS``, ... (compiled on its own, as the deal kernels' chunks are)."""
    depth = start.shape[0]
    n_shares = values.shape[1]
    row = np.zeros_like(acc[c])
    won = np.zeros_like(wins[c])  # its own: chunks side by side share cache lines
    work = np.zeros((n_shares, depth), np.int64)
    best = np.zeros(n_shares, np.int64)
    count = np.zeros(n_shares, np.int64)
    idx = np.zeros(depth, np.int64)
    used = np.zeros(depth + 1, np.uint64)  # used[l + 1]: the positions of levels 0..l
    top = np.full(depth + 1, -1, np.int64)  # top[l + 1]: the best value of levels 0..l
    tied = np.zeros(depth + 1, np.int64)
    level = 0
    idx[0] = start[0] + c - CHUNKS
    while level >= 0:
        step = CHUNKS if level == 0 else 1
        below = used[level]
        if level == depth - 1:
            first = idx[level] + step
            if single:
                win, tie, lose = _count_last(
                    masks, first, end[level], step, below, value0, top[level]
                )
                t = tied[level]
                for h in range(level):
                    if value0[idx[h]] == top[level]:
                        won[hand_of[h], t - 1] += lose
                        won[hand_of[h], t] += tie
                won[hand_of[level], t] += tie
                won[hand_of[level], 0] += win
            else:
                for r in range(first, end[level], step):
                    if masks[r] & below:
                        continue
                    for s in range(n_shares):
                        work[s, hand_of[level]] = values[r, s]
                    award(work, info, unqualified, best, count, row)
            level -= 1
            continue
        r = idx[level] + step
        while r < end[level] and masks[r] & below:
            r += step
        if r >= end[level]:
            level -= 1
            continue
        idx[level] = r
        used[level + 1] = below | masks[r]
        if single:
            v = value0[r]
            if v > top[level]:
                top[level + 1] = v
                tied[level + 1] = 1
            else:
                top[level + 1] = top[level]
                tied[level + 1] = tied[level] + (v == top[level])
        else:
            for s in range(n_shares):
                work[s, hand_of[level]] = values[r, s]
        level += 1
        idx[level] = start[level] - 1
    acc[c] += row
    wins[c] += won


@numba.njit(cache=True, parallel=True)
def enumerate_hands(
    masks: U64,
    values: I64,
    start: I64,
    end: I64,
    hand_of: I64,
    info: I64,
    unqualified: int,
) -> F64:
    """Every deal of the hands' completions: level ``l`` is hand ``hand_of[l]``, whose
    completions are rows ``start[l]:end[l]`` of ``masks`` (the positions taken) and
    ``values`` (the value on each share); a deal takes one row of each level, no two
    sharing a position.  Returns the accumulator rows, by hand."""
    n_hands = start.shape[0]
    single = info.shape[0] == 1 and info[0, THRESHOLD] == 0
    acc = np.zeros((CHUNKS, n_hands, SUMS))
    wins = np.zeros((CHUNKS, n_hands, n_hands if single else 0), np.int64)
    value0 = values[:, 0].copy()
    for c in numba.prange(CHUNKS):
        _hands_chunk(
            c, masks, values, value0, start, end, hand_of, info, unqualified, single, acc, wins
        )
    add_wins(wins, acc)
    return acc
