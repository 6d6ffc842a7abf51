"""Compiled equity kernels (numba): value every hand of a deal and split the pot.

A deal is valued from additive card keys (see :mod:`pokerbook.cards.card`): a
key sum holds a rank key (low 32 bits, looked up in a rank-multiset table
through a displacement hash) and four 4-bit suit counts above bit 32.  Card bits
are suit-major (bit ``16 * suit + rank - 2``), so a suit's ranks are one 13-bit
lane.  Values are dense ranks within each share (``-1`` below every hand), so a
qualifier is one comparison with the share's threshold.

Each share is valued in one of two ways (``info[s, MODE]``):

* ``POOL``: any five of the hand and the board together (at most seven cards):
  one lookup in the table of that many cards, raised to the best flush
  (``FLUSH_GOOD``) or replaced by the flush of exactly five cards
  (``FLUSH_EXACT``);
* ``SPLIT``: the best of given (hole subset, board subset) pairs of five cards
  (Omaha: two of the hole cards and three of the board), from subset sums.

Every routine adds a deal's outcome to one row of an accumulator ``(H, 5)``:
pot share, its square, the first share's part, the second share's part, and
whole pots taken.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pokerbook.equity.kernels_layout import (
    CHUNKS,
    EQUITY,
    EQUITY_SQ,
    FIRST,
    FLUSH,
    FLUSH_EXACT,
    FLUSH_GOOD,
    INFO_COLUMNS,
    MODE,
    NO_CARD,
    NO_FLUSH,
    PAIR_END,
    PAIR_START,
    POOL,
    SCOOP,
    SECOND,
    SPLIT,
    SUMS,
    THRESHOLD,
    UNQUALIFIED_FIRST_SHARE,
    UNQUALIFIED_SPLIT,
)
from pokerbook.evaluation.compiled import numba

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]

RANK_MASK = np.int64(0xFFFFFFFF)
ROW_SHIFT = np.int64(10)
ROW_MASK = np.int64(1023)
SUIT_SHIFT = np.int64(32)
FLUSH_ADD = np.int64(0x3333)
FLUSH_TOP = np.int64(0x8888)
LANE = np.uint64(0x1FFF)


@numba.njit(cache=True, inline="always")
def _lane_shift(found: int) -> Any:
    """The bit offset of the flush suit's lane, from the flags of :func:`_flush_flags`."""
    if found & 0x8:
        return np.uint64(0)
    if found & 0x80:
        return np.uint64(16)
    if found & 0x800:
        return np.uint64(32)
    return np.uint64(48)


@numba.njit(cache=True, inline="always")
def _flush_flags(key: int) -> Any:
    """Flags (bits 3, 7, 11, 15) of the suits with five or more cards."""
    return ((key >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_TOP


@numba.njit(cache=True, inline="always")
def _rank_value(key: int, s: int, disp: I32, multi: I32) -> Any:
    rk = key & RANK_MASK
    return multi[s, np.int64(disp[rk >> ROW_SHIFT]) + (rk & ROW_MASK)]


@numba.njit(cache=True, inline="always")
def pool_value(
    key: int, bits: Any, s: int, flush: int, disp: I32, multi: I32, flush5: I32, flush_best: I32
) -> Any:
    """The value of the best five of all the cards summed in ``key`` and ``bits``."""
    v = _rank_value(key, s, disp, multi)
    if flush != NO_FLUSH:
        found = _flush_flags(key)
        if found:
            mask = (bits >> _lane_shift(found)) & LANE
            v = max(v, flush_best[s, mask]) if flush == FLUSH_GOOD else flush5[s, mask]
    return v


@numba.njit(cache=True, inline="always")
def five_value(key: int, bits: Any, s: int, disp5: I32, multi5: I32, flush5: I32) -> Any:
    """The value of exactly five cards (a flush when all five share a suit)."""
    if _flush_flags(key):
        folded = bits | (bits >> np.uint64(16)) | (bits >> np.uint64(32)) | (bits >> np.uint64(48))
        return flush5[s, folded & LANE]
    return _rank_value(key, s, disp5, multi5)


@numba.njit(cache=True, inline="always")
def subset_sums(keys: I64, bits: U64, n: int, out_key: I64, out_bit: U64) -> None:
    """``out_key[m]`` and ``out_bit[m]``: the sums of the cards in each subset mask ``m``
    of the first ``n`` cards (the masks with card ``j`` are those without it, plus it)."""
    out_key[0] = 0
    out_bit[0] = 0
    for j in range(n):
        high = 1 << j
        for m in range(high):
            out_key[high | m] = out_key[m] + keys[j]
            out_bit[high | m] = out_bit[m] | bits[j]


@numba.njit(cache=True, inline="always")
def value_hands(
    bk: int,
    bb: Any,
    bsum: I64,
    bbit: U64,
    hk: I64,
    hb: U64,
    hsum: I64,
    hbit: U64,
    info: I64,
    pairs: I64,
    disp: I32,
    multi: I32,
    disp5: I32,
    multi5: I32,
    flush5: I32,
    flush_best: I32,
    values: I64,
) -> None:
    """Fill ``values[s, i]``: hand ``i``'s value on share ``s`` (board sums ``bk``/``bb``
    and board subset sums, hand sums and hand subset sums given).  The lookups are
    written out here rather than called: a helper with a branch in it ran several
    times slower in this loop."""
    n_shares, n_hands = values.shape
    for s in range(n_shares):
        if info[s, MODE] == POOL:
            flush = info[s, FLUSH]
            for i in range(n_hands):
                values[s, i] = pool_value(
                    bk + hk[i], bb | hb[i], s, flush, disp, multi, flush5, flush_best
                )
            continue
        flushes = info[s, FLUSH] != NO_FLUSH
        for i in range(n_hands):
            best = np.int64(-1)
            for p in range(info[s, PAIR_START], info[s, PAIR_END]):
                hm = pairs[p, 0]
                bm = pairs[p, 1]
                key = hsum[i, hm] + bsum[bm]
                rk = key & RANK_MASK
                v = multi5[s, np.int64(disp5[rk >> ROW_SHIFT]) + (rk & ROW_MASK)]
                if flushes and ((key >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_TOP:
                    m = hbit[i, hm] | bbit[bm]
                    m |= m >> np.uint64(32)
                    m |= m >> np.uint64(16)
                    v = flush5[s, m & LANE]
                best = max(best, np.int64(v))
            values[s, i] = best


@numba.njit(cache=True, inline="always")
def _tops(values: I64, info: I64, best: I64, count: I64) -> int:
    """Each share's best qualifying value and how many hands have it; returns the
    number of shares with a qualifying hand."""
    n_shares, n_hands = values.shape
    live = 0
    for s in range(n_shares):
        threshold = info[s, THRESHOLD]
        top = np.int64(-1)
        for i in range(n_hands):
            v = values[s, i]
            if v >= threshold and v > top:
                top = v
        tied = 0
        if top >= 0:
            for i in range(n_hands):
                if values[s, i] == top:
                    tied += 1
        best[s] = top
        count[s] = tied
        if tied:
            live += 1
    return live


@numba.njit(cache=True, inline="always")
def _first_share_tops(values: I64, best: I64, count: I64) -> None:
    """The best hands on the first share, its qualifier waived."""
    top = np.int64(-1)
    for i in range(values.shape[1]):
        top = max(top, values[0, i])
    tied = 0
    for i in range(values.shape[1]):
        if values[0, i] == top:
            tied += 1
    best[0] = top
    count[0] = tied


@numba.njit(cache=True, inline="always")
def award(values: I64, info: I64, unqualified: int, best: I64, count: I64, acc: F64) -> None:
    """Split one deal's pot by ``values`` and add each hand's part to ``acc``.

    Each share with a qualifying hand takes an equal part of the pot, split
    evenly among its best hands; with none, the pot is split among every hand
    (``UNQUALIFIED_SPLIT``) or goes to the best hands on the first share, its
    qualifier waived (``UNQUALIFIED_FIRST_SHARE``).  ``best`` and ``count`` are
    work arrays of one slot per share."""
    n_shares, n_hands = values.shape
    live = _tops(values, info, best, count)
    if live == 0:
        if unqualified != UNQUALIFIED_FIRST_SHARE:
            _split_among_all(acc)
            return
        _first_share_tops(values, best, count)
        live = 1
    for i in range(n_hands):
        share = 0.0
        parts = (0.0, 0.0)
        whole = True
        for s in range(n_shares):
            tied = count[s]
            if tied == 0:
                continue
            won = values[s, i] == best[s]
            part = 1.0 / tied if won else 0.0
            share += part / live
            if s < 2:
                parts = (part, parts[1]) if s == 0 else (parts[0], part)
            whole = whole and won and tied == 1
        acc[i, EQUITY] += share
        acc[i, EQUITY_SQ] += share * share
        acc[i, FIRST] += parts[0]
        acc[i, SECOND] += parts[1]
        if whole:
            acc[i, SCOOP] += 1.0


@numba.njit(cache=True, inline="always")
def _split_among_all(acc: F64) -> None:
    """Nobody qualified on any share: the pot is split among every hand."""
    n_hands = acc.shape[0]
    part = 1.0 / n_hands
    for i in range(n_hands):
        acc[i, EQUITY] += part
        acc[i, EQUITY_SQ] += part * part
        if n_hands == 1:
            acc[i, SCOOP] += 1.0


__all__ = [
    "CHUNKS",
    "EQUITY",
    "EQUITY_SQ",
    "FIRST",
    "FLUSH",
    "FLUSH_EXACT",
    "FLUSH_GOOD",
    "INFO_COLUMNS",
    "MODE",
    "NO_CARD",
    "NO_FLUSH",
    "PAIR_END",
    "PAIR_START",
    "POOL",
    "SCOOP",
    "SECOND",
    "SPLIT",
    "SUMS",
    "THRESHOLD",
    "UNQUALIFIED_FIRST_SHARE",
    "UNQUALIFIED_SPLIT",
    "award",
    "five_value",
    "pool_value",
    "subset_sums",
    "value_hands",
]
