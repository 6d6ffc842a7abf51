"""Compiled enumeration of the last one or two board cards for shares valued from card
subsets (numba): Omaha and its kin on the flop or the turn.

A hand's value on a ``SPLIT`` share is the best of its (hole subset, board subset)
pairs (:mod:`pokerbook.equity.kernels`).  With the hands known and the board short
of one or two cards, the pairs fall in four groups by the new board slots they
use: none (one value per hand, :func:`board_parts` finds it once), the first only
or the second only (one value per hand and unseen card, found once for all
deals), and both: no flush can use two new cards of different suits, so those pairs
are then valued by the two cards' ranks, from a table made once per hand
(``ranked[s, i, r1, r2]``); two suited new cards on a share with flushes value the
pairs deal by deal, from their known part's sums plus the two cards.  A deal's
value is the best of its groups'.

Deals go to the same accumulator rows, in the same order, as
:func:`~pokerbook.equity.kernels_deal.enumerate_boards` sends them, so the sums
are the same as the general walk's.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pokerbook.equity.kernels import (
    CHUNKS,
    FLUSH,
    FLUSH_ADD,
    FLUSH_TOP,
    LANE,
    NO_FLUSH,
    PAIR_END,
    PAIR_START,
    RANK_MASK,
    ROW_MASK,
    ROW_SHIFT,
    SUIT_SHIFT,
    SUMS,
    THRESHOLD,
    award,
    subset_sums,
)
from pokerbook.equity.kernels_deal import SPREAD, add_wins
from pokerbook.evaluation.compiled import numba

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]
Tables = tuple[Any, ...]

BOARD_SLOTS = 5
RANKS = 13


@numba.njit(cache=True, inline="always")
def _five(key: Any, bits: Any, s: int, flushes: bool, disp5: Any, multi5: Any, flush5: Any) -> Any:
    """The value of exactly five cards summed in ``key``/``bits`` on share ``s``
    (one lookup whatever the branch: a helper that returns from a branch slows the
    loops that call it several times over)."""
    rk = key & RANK_MASK
    w = multi5[s, np.int64(disp5[rk >> ROW_SHIFT]) + (rk & ROW_MASK)]
    if flushes and ((key >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_TOP:
        m = bits | (bits >> np.uint64(32))
        m |= m >> np.uint64(16)
        w = flush5[s, m & LANE]
    return np.int64(w)


@numba.njit(cache=True)
def board_parts(
    keys: I64,
    bits: U64,
    n: int,
    known: int,
    board_keys: I64,
    board_bits: U64,
    hand_keys: I64,
    hand_bits: U64,
    tables: Tables,
) -> Tables:
    """Each hand's values that do not wait for the deal: ``fixed[s, i]`` (pairs of
    known board cards only), ``one[s, i, x]`` and ``two[s, i, x]`` (pairs using only
    the first, only the second new slot, holding unseen position ``x``), and the
    known sums of the pairs using both new slots (``both_key``/``both_bit``,
    ``both_count`` of them per share and hand), their best value by the ranks of the
    two new cards leaving suits aside (``ranked[s, i, r1, r2]``), and each unseen
    position's rank and suit."""
    info, pairs, _, _, disp5, multi5, flush5, _ = tables
    n_shares = info.shape[0]
    n_hands, hole = hand_keys.shape
    hsum = np.zeros((n_hands, 1 << hole), np.int64)
    hbit = np.zeros((n_hands, 1 << hole), np.uint64)
    for i in range(n_hands):
        subset_sums(hand_keys[i], hand_bits[i], hole, hsum[i], hbit[i])
    bsum = np.zeros(1 << BOARD_SLOTS, np.int64)
    bbit = np.zeros(1 << BOARD_SLOTS, np.uint64)
    own_keys = np.zeros(BOARD_SLOTS, np.int64)
    own_bits = np.zeros(BOARD_SLOTS, np.uint64)
    own_keys[:known] = board_keys[:known]  # the new slots sum as no card
    own_bits[:known] = board_bits[:known]
    subset_sums(own_keys, own_bits, BOARD_SLOTS, bsum, bbit)
    first = 1 << known
    second = 1 << (known + 1)
    fixed = np.full((n_shares, n_hands), -1, np.int64)
    one = np.full((n_shares, n_hands, n + 1), -1, np.int64)
    two = np.full((n_shares, n_hands, n + 1), -1, np.int64)
    most = pairs.shape[0]
    both_key = np.zeros((n_shares, n_hands, most), np.int64)
    both_bit = np.zeros((n_shares, n_hands, most), np.uint64)
    both_count = np.zeros((n_shares, n_hands), np.int64)
    for s in range(n_shares):
        flushes = info[s, FLUSH] != NO_FLUSH
        for p in range(info[s, PAIR_START], info[s, PAIR_END]):
            hm = pairs[p, 0]
            bm = pairs[p, 1]
            new = bm & (first | second)
            for i in range(n_hands):
                key = hsum[i, hm] + bsum[bm]
                bit = hbit[i, hm] | bbit[bm]
                if new == 0:
                    v = _five(key, bit, s, flushes, disp5, multi5, flush5)
                    fixed[s, i] = max(fixed[s, i], v)
                elif new == first | second:
                    c = both_count[s, i]
                    both_key[s, i, c] = key
                    both_bit[s, i, c] = bit
                    both_count[s, i] = c + 1
                else:
                    lane = one if new == first else two
                    for x in range(n):  # written out, as in enumerate_last_cards
                        kx = key + keys[x]
                        rk = kx & RANK_MASK
                        w = multi5[s, np.int64(disp5[rk >> ROW_SHIFT]) + (rk & ROW_MASK)]
                        if flushes and ((kx >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_TOP:
                            m = bit | bits[x]
                            m |= m >> np.uint64(32)
                            m |= m >> np.uint64(16)
                            w = flush5[s, m & LANE]
                        lane[s, i, x] = max(lane[s, i, x], np.int64(w))
    rank_of, suit_of = _ranks_and_suits(bits, n)
    ranked = np.full((n_shares, n_hands, RANKS, RANKS), -1, np.int64)
    for r1 in range(RANKS):
        for r2 in range(RANKS):
            pair_key = _pair_key(keys, rank_of, n, r1, r2)
            if pair_key < 0:
                continue
            for s in range(n_shares):
                for i in range(n_hands):
                    best = np.int64(-1)
                    for q in range(both_count[s, i]):
                        rk = (both_key[s, i, q] & RANK_MASK) + pair_key
                        w = multi5[s, np.int64(disp5[rk >> ROW_SHIFT]) + (rk & ROW_MASK)]
                        best = max(best, np.int64(w))
                    ranked[s, i, r1, r2] = best
    return fixed, one, two, both_key, both_bit, both_count, ranked, rank_of, suit_of


@numba.njit(cache=True)
def _ranks_and_suits(bits: U64, n: int) -> tuple[I64, I64]:
    """Each unseen position's rank (0 for a deuce) and suit, from its bit."""
    rank_of = np.zeros(n + 1, np.int64)
    suit_of = np.full(n + 1, -1, np.int64)
    for x in range(n):
        at = 0
        while not (bits[x] >> np.uint64(at)) & np.uint64(1):
            at += 1
        rank_of[x] = at % 16
        suit_of[x] = at // 16
    return rank_of, suit_of


@numba.njit(cache=True)
def _pair_key(keys: I64, rank_of: I64, n: int, r1: int, r2: int) -> Any:
    """The rank part of the keys of two unseen cards of ranks ``r1`` and ``r2``, or -1 if
    no two such cards are unseen (a pair of one rank needs two of it: with one, the
    key could hold five of a rank, which no hash slot answers)."""
    first = -1
    for x in range(n):
        if rank_of[x] == r1:
            first = x
            break
    if first >= 0:
        for x in range(n):
            if x != first and rank_of[x] == r2:
                return (keys[first] & RANK_MASK) + (keys[x] & RANK_MASK)
    return np.int64(-1)


@numba.njit(cache=True)
def enumerate_last_cards(
    keys: I64,
    bits: U64,
    b: int,
    parts: Tables,
    tables: Tables,
    unqualified: int,
) -> F64:
    """Every completion of a board short of ``b`` (1 or 2) cards, from the first
    ``len(keys) - 5`` positions, the hands' values from :func:`board_parts`.  The
    lookup of the pairs valued deal by deal is written out in the loop: through
    :func:`_five` (a helper with a branch) the loop ran seven times slower."""
    info, _, _, _, _, multi5, flush5, _ = tables
    disp5 = tables[4]
    fixed, one, two, both_key, both_bit, both_count, ranked, rank_of, suit_of = parts
    n = keys.shape[0] - 5
    n_shares, n_hands = fixed.shape
    single = n_shares == 1 and info[0, THRESHOLD] == 0
    acc = np.zeros((CHUNKS, n_hands, SUMS))
    wins = np.zeros((CHUNKS, n_hands, n_hands if single else 0), np.int64)
    values = np.zeros((n_shares, n_hands), np.int64)
    best = np.zeros(n_shares, np.int64)
    count = np.zeros(n_shares, np.int64)
    for i0 in range(n - b + 1):
        for i1 in range(i0 + 1 if b == 2 else n, n if b == 2 else n + 1):
            c = (i0 * SPREAD + i1) % CHUNKS
            dk = keys[i0] + keys[i1]
            db = bits[i0] | bits[i1]
            suited = b == 2 and suit_of[i0] == suit_of[i1]
            for s in range(n_shares):
                flushes = info[s, FLUSH] != NO_FLUSH
                for i in range(n_hands):
                    v = max(fixed[s, i], one[s, i, i0], two[s, i, i1])
                    if b == 2 and not (flushes and suited):
                        # no flush uses both new cards: the values of their ranks
                        values[s, i] = max(v, ranked[s, i, rank_of[i0], rank_of[i1]])
                        continue
                    for q in range(both_count[s, i]):  # written out: see the docstring
                        key = both_key[s, i, q] + dk
                        rk = key & RANK_MASK
                        w = multi5[s, np.int64(disp5[rk >> ROW_SHIFT]) + (rk & ROW_MASK)]
                        if flushes and ((key >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_TOP:
                            m = both_bit[s, i, q] | db
                            m |= m >> np.uint64(32)
                            m |= m >> np.uint64(16)
                            w = flush5[s, m & LANE]
                        v = max(v, np.int64(w))
                    values[s, i] = v
            if not single:
                award(values, info, unqualified, best, count, acc[c])
                continue
            top = np.int64(-1)
            tied = 0
            for i in range(n_hands):
                v = values[0, i]
                if v > top:
                    top = v
                    tied = 1
                elif v == top:
                    tied += 1
            for i in range(n_hands):
                if values[0, i] == top:
                    wins[c, i, tied - 1] += 1
    add_wins(wins, acc)
    return acc


@numba.njit(cache=True)
def last_cards(
    board_keys: I64,
    board_bits: U64,
    hand_keys: I64,
    hand_bits: U64,
    keys: I64,
    bits: U64,
    known: int,
    b: int,
    tables: Tables,
    unqualified: int,
) -> F64:
    """:func:`board_parts`, then :func:`enumerate_last_cards` over them, in one call
    (the parts stay compiled arrays: handing them back to Python and in again costs
    more than the walk of a small spot): every completion of a board of ``known``
    cards short of ``b``, the hands known."""
    n = keys.shape[0] - 5
    parts = board_parts(keys, bits, n, known, board_keys, board_bits, hand_keys, hand_bits, tables)
    return enumerate_last_cards(keys, bits, b, parts, tables, unqualified)
