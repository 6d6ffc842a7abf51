"""Compiled enumeration and sampling of deals (numba), parallel over fixed chunks.

The unseen cards are ``keys``/``bits`` (the additive key and suit-major bit of
each, indexed by position; five positions past the end hold no card).  A deal
gives ``b`` of them to the board and the missing cards of each hand; every
deal is valued and awarded by :mod:`pokerbook.equity.kernels` into the
accumulator row of its chunk.  A deal's chunk depends only on the deal, so the
sums are the same however many threads run them.

* :func:`enumerate_boards`: the hands are complete and only the board is dealt:
  five nested loops (levels past ``b`` take the no-card position once), the
  board's key summed level by level.
* :func:`enumerate_deals`: any missing cards, board first, then each hand's, in
  every combination (a depth-first walk over levels).
* :func:`sample_deals`: uniform random deals from a seeded generator.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pokerbook.equity.kernels import (
    CHUNKS,
    EQUITY,
    EQUITY_SQ,
    SUMS,
    THRESHOLD,
    award,
    pool_value,
    subset_sums,
    value_hands,
)
from pokerbook.evaluation.compiled import numba

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
F64 = npt.NDArray[np.float64]
Tables = tuple[Any, ...]

#: multiplier spreading (first, second) card pairs over the chunks
SPREAD = 53


@numba.njit(cache=True, inline="always")
def _settle(
    bk: int,
    bb: Any,
    bsum: I64,
    bbit: U64,
    hk: I64,
    hb: U64,
    hsum: I64,
    hbit: U64,
    tables: Tables,
    work: Tables,
    unqualified: int,
    acc: F64,
    wins: I64,
) -> None:
    """Value one deal and add its outcome to ``acc``, or with one share and no
    qualifier count it in ``wins`` (``wins[i, t]``: deals hand ``i`` won with ``t``
    others; :func:`add_wins` turns them into sums at the end).  Arrays are unpacked
    by the caller once per chunk: each unpacking costs reference counting."""
    info, pairs, disp, multi, disp5, multi5, flush5, flush_best = tables
    values, best, count = work
    value_hands(
        bk, bb, bsum, bbit, hk, hb, hsum, hbit, info, pairs, disp, multi, disp5, multi5,
        flush5, flush_best, values,
    )  # fmt: skip
    if wins.shape[1] == 0:
        award(values, info, unqualified, best, count, acc)
        return
    top = np.int64(-1)
    tied = 0
    for i in range(values.shape[1]):
        v = values[0, i]
        if v > top:
            top = v
            tied = 1
        elif v == top:
            tied += 1
    for i in range(values.shape[1]):
        if values[0, i] == top:
            wins[i, tied - 1] += 1


@numba.njit(cache=True, inline="always")
def _win_counts(tables: Tables, n_hands: int) -> I64:
    """Counters of wins by tie size, when the deal has one share and no qualifier
    (else an empty array: deals are awarded share by share)."""
    info = tables[0]
    single = info.shape[0] == 1 and info[0, THRESHOLD] == 0
    width = n_hands if single else 0
    return np.zeros((CHUNKS, n_hands, width), np.int64)


@numba.njit(cache=True, inline="always")
def add_wins(wins: I64, acc: F64) -> None:
    """Add the win counts to the sums: a win shared by ``t + 1`` hands is worth ``1 / (t + 1)``."""
    for c in range(wins.shape[0]):
        for i in range(wins.shape[1]):
            for t in range(wins.shape[2]):
                part = 1.0 / (t + 1)
                acc[c, i, EQUITY] += wins[c, i, t] * part
                acc[c, i, EQUITY_SQ] += wins[c, i, t] * part * part


@numba.njit(cache=True, inline="always")
def _work(n_shares: int, n_hands: int) -> Tables:
    return (
        np.zeros((n_shares, n_hands), np.int64),
        np.zeros(n_shares, np.int64),
        np.zeros(n_shares, np.int64),
    )


@numba.njit(cache=True)
def _boards_chunk(
    c: int,
    keys: Any,
    bits: Any,
    b: Any,
    lo: Any,
    base_k: Any,
    base_b: Any,
    board_keys: Any,
    board_bits: Any,
    n_known: Any,
    hk: Any,
    hb: Any,
    hsum: Any,
    hbit: Any,
    tables: Any,
    unqualified: Any,
    need_sets: Any,
    acc: Any,
    wins: Any,
) -> None:
    """One chunk of :func:`enumerate_boards` (compiled on its own: a parallel loop around a large
    body compiles many times slower)."""
    n = keys.shape[0] - 5
    n_hands = hk.shape[0]
    n_shares = tables[0].shape[0]
    work = _work(n_shares, n_hands)
    won = np.zeros_like(wins[c])  # its own: chunks side by side share cache lines
    own_keys = board_keys.copy()
    own_bits = board_bits.copy()
    bsum = np.zeros(32, np.int64)
    bbit = np.zeros(32, np.uint64)
    row = np.zeros_like(acc[c])
    for i0 in range(lo[0], n - b + 1):
        k0 = base_k + keys[i0]
        b0 = base_b | bits[i0]
        for i1 in range(max(i0 + 1, lo[1]), n - b + 2):
            if (i0 * SPREAD + i1) % CHUNKS != c:
                continue
            k1 = k0 + keys[i1]
            b1 = b0 | bits[i1]
            for i2 in range(max(i1 + 1, lo[2]), n - b + 3):
                k2 = k1 + keys[i2]
                b2 = b1 | bits[i2]
                for i3 in range(max(i2 + 1, lo[3]), n - b + 4):
                    k3 = k2 + keys[i3]
                    b3 = b2 | bits[i3]
                    for i4 in range(max(i3 + 1, lo[4]), n - b + 5):
                        if need_sets:
                            chosen = (i0, i1, i2, i3, i4)
                            for j in range(b):
                                own_keys[n_known + j] = keys[chosen[j]]
                                own_bits[n_known + j] = bits[chosen[j]]
                            subset_sums(own_keys, own_bits, n_known + b, bsum, bbit)
                        _settle(
                            k3 + keys[i4], b3 | bits[i4], bsum, bbit, hk, hb, hsum, hbit,
                            tables, work, unqualified, row, won,
                        )  # fmt: skip
    acc[c] += row
    wins[c] += won


@numba.njit(cache=True, parallel=True)
def enumerate_boards(
    keys: I64,
    bits: U64,
    b: int,
    board_keys: I64,
    board_bits: U64,
    n_known: int,
    hk: I64,
    hb: U64,
    hsum: I64,
    hbit: U64,
    tables: Tables,
    unqualified: int,
    need_sets: bool,
) -> F64:
    """Every board completion of ``b`` cards from the first ``len(keys) - 5`` positions;
    the board's first ``n_known`` cards are in ``board_keys``/``board_bits``."""
    n = keys.shape[0] - 5
    n_hands = hk.shape[0]
    acc = np.zeros((CHUNKS, n_hands, SUMS))
    base_k = np.int64(0)
    base_b = np.uint64(0)
    for j in range(n_known):
        base_k += board_keys[j]
        base_b |= board_bits[j]
    lo = np.zeros(5, np.int64)
    for j in range(b, 5):
        lo[j] = n + j - b
    wins = _win_counts(tables, n_hands)
    for c in numba.prange(CHUNKS):
        _boards_chunk(
            c,
            keys,
            bits,
            b,
            lo,
            base_k,
            base_b,
            board_keys,
            board_bits,
            n_known,
            hk,
            hb,
            hsum,
            hbit,
            tables,
            unqualified,
            need_sets,
            acc,
            wins,
        )
    add_wins(wins, acc)
    return acc


@numba.njit(cache=True, inline="always")
def _place(
    cards: I64,
    keys: I64,
    bits: U64,
    owner: I64,
    slot: I64,
    cards_of: Tables,
    sums: Tables,
    need_sets: bool,
) -> None:
    """Give position ``cards[j]`` to ``owner[j]`` (-1: the board, else a hand) at its
    card ``slot[j]``, then refill the sums: the board's (``board_sum[0]``), each
    hand's, and their subset sums when ``need_sets``."""
    board_keys, board_bits, n_board, hand_keys, hand_bits, hand_n = cards_of
    board_sum, board_or, bsum, bbit, hk, hb, hsum, hbit = sums
    for j in range(cards.shape[0]):
        p = cards[j]
        if owner[j] < 0:
            board_keys[slot[j]] = keys[p]
            board_bits[slot[j]] = bits[p]
        else:
            hand_keys[owner[j], slot[j]] = keys[p]
            hand_bits[owner[j], slot[j]] = bits[p]
    total = np.int64(0)
    ors = np.uint64(0)
    for j in range(n_board):
        total += board_keys[j]
        ors |= board_bits[j]
    board_sum[0] = total
    board_or[0] = ors
    if need_sets:
        subset_sums(board_keys, board_bits, n_board, bsum, bbit)
    for i in range(hk.shape[0]):
        total = np.int64(0)
        ors = np.uint64(0)
        for j in range(hand_n[i]):
            total += hand_keys[i, j]
            ors |= hand_bits[i, j]
        hk[i] = total
        hb[i] = ors
        if need_sets:
            subset_sums(hand_keys[i], hand_bits[i], hand_n[i], hsum[i], hbit[i])


@numba.njit(cache=True, inline="always")
def _own(state: Tables) -> tuple[Tables, Tables]:
    """A chunk's own copies of the known cards, and sums to fill."""
    board_keys, board_bits, n_board, hand_keys, hand_bits, hand_n, width = state
    n_hands = hand_n.shape[0]
    cards_of = (
        board_keys.copy(),
        board_bits.copy(),
        n_board,
        hand_keys.copy(),
        hand_bits.copy(),
        hand_n,
    )
    sums = (
        np.zeros(1, np.int64), np.zeros(1, np.uint64), np.zeros(32, np.int64),
        np.zeros(32, np.uint64), np.zeros(n_hands, np.int64), np.zeros(n_hands, np.uint64),
        np.zeros((n_hands, width), np.int64), np.zeros((n_hands, width), np.uint64),
    )  # fmt: skip
    return cards_of, sums


@numba.njit(cache=True)
def _deals_chunk(
    c: int,
    keys: Any,
    bits: Any,
    first: Any,
    owner: Any,
    slot: Any,
    who: Any,
    last: Any,
    known_key: Any,
    known_bit: Any,
    state: Any,
    tables: Any,
    unqualified: Any,
    need_sets: Any,
    acc: Any,
    wins: Any,
) -> None:
    """One chunk of :func:`enumerate_deals` (compiled on its own: a parallel loop around a large
    body compiles many times slower)."""
    n = keys.shape[0] - 5
    depth = owner.shape[0]
    n_hands = state[5].shape[0]
    n_shares = tables[0].shape[0]
    work = _work(n_shares, n_hands)
    won = np.zeros_like(wins[c])  # its own: chunks side by side share cache lines
    cards_of, sums = _own(state)
    board_sum, board_or, bsum, bbit, _, _, hsum, hbit = sums
    row = np.zeros_like(acc[c])
    hk = known_key[:n_hands].copy()
    hb = known_bit[:n_hands].copy()
    bk = known_key[n_hands]
    bb = known_bit[n_hands]
    run_key = np.zeros(depth, np.int64)
    run_bit = np.zeros(depth, np.uint64)
    idx = np.full(depth, -1, np.int64)
    held = np.zeros(depth, np.bool_)
    used = np.zeros(n, np.bool_)
    j = 0
    while j >= 0:
        if held[j]:
            used[idx[j]] = False
            held[j] = False
        if j == depth - 1 and not need_sets:
            # the last level: every card left, in one tight loop
            o = who[j]
            base_k = known_key[o] if first[j] else run_key[j - 1]
            base_b = known_bit[o] if first[j] else run_bit[j - 1]
            for p in range(idx[j] + 1, n):
                spread = p * SPREAD if j == 0 else idx[0] * SPREAD + p
                if used[p] or (j <= 1 and spread % CHUNKS != c):
                    continue
                if o == n_hands:
                    bk = base_k + keys[p]
                    bb = base_b | bits[p]
                else:
                    hk[o] = base_k + keys[p]
                    hb[o] = base_b | bits[p]
                _settle(
                    bk, bb, bsum, bbit, hk, hb, hsum, hbit, tables, work, unqualified, row,
                    won,
                )  # fmt: skip
            j -= 1
            continue
        p = idx[j] + 1
        while p < n and used[p]:
            p += 1
        if p >= n:
            j -= 1
            continue
        idx[j] = p
        if (j == 1 or depth == 1) and (idx[0] * SPREAD + p * (j == 1)) % CHUNKS != c:
            continue
        used[p] = True
        held[j] = True
        o = who[j]
        if first[j]:
            run_key[j] = known_key[o] + keys[p]
            run_bit[j] = known_bit[o] | bits[p]
        else:
            run_key[j] = run_key[j - 1] + keys[p]
            run_bit[j] = run_bit[j - 1] | bits[p]
        if last[j]:
            if o == n_hands:
                bk = run_key[j]
                bb = run_bit[j]
            else:
                hk[o] = run_key[j]
                hb[o] = run_bit[j]
        if j < depth - 1:
            j += 1
            idx[j] = -1 if first[j] else idx[j - 1]
            continue
        _place(idx, keys, bits, owner, slot, cards_of, sums, need_sets)
        _settle(
            board_sum[0], board_or[0], bsum, bbit, sums[4], sums[5], hsum, hbit, tables, work,
            unqualified, row, won,
        )  # fmt: skip
    acc[c] += row
    wins[c] += won


@numba.njit(cache=True, parallel=True)
def enumerate_deals(
    keys: I64,
    bits: U64,
    first: npt.NDArray[np.bool_],
    owner: I64,
    slot: I64,
    state: Tables,
    tables: Tables,
    unqualified: int,
    need_sets: bool,
) -> F64:
    """Every deal of ``len(owner)`` levels of cards: level ``j`` opens a new combination
    when ``first[j]`` (a new owner), else takes a later position than level ``j - 1``.

    ``state``: the known cards (board keys and bits, board size, hand keys and bits,
    hand sizes, subset-sum width).  Each level adds its card to its owner's running
    sums, so a deal's sums are ready when its last card is placed; shares valued
    from card subsets (``need_sets``) place the cards themselves."""
    depth = owner.shape[0]
    board_keys, board_bits, n_board, hand_keys, hand_bits, hand_n, _ = state
    n_hands = hand_n.shape[0]
    # each owner's known sums: the hands, then the board at index n_hands
    known_key = np.zeros(n_hands + 1, np.int64)
    known_bit = np.zeros(n_hands + 1, np.uint64)
    for j in range(n_board):
        known_key[n_hands] += board_keys[j]
        known_bit[n_hands] |= board_bits[j]
    for i in range(n_hands):
        for j in range(hand_n[i]):
            known_key[i] += hand_keys[i, j]
            known_bit[i] |= hand_bits[i, j]
    last = np.zeros(depth, np.bool_)
    who = np.zeros(depth, np.int64)
    for j in range(depth):
        last[j] = j == depth - 1 or first[j + 1]
        who[j] = owner[j] if owner[j] >= 0 else n_hands
    acc = np.zeros((CHUNKS, n_hands, SUMS))
    wins = _win_counts(tables, n_hands)
    for c in numba.prange(CHUNKS):
        _deals_chunk(
            c,
            keys,
            bits,
            first,
            owner,
            slot,
            who,
            last,
            known_key,
            known_bit,
            state,
            tables,
            unqualified,
            need_sets,
            acc,
            wins,
        )
    add_wins(wins, acc)
    return acc


@numba.njit(cache=True, inline="always")
def _next(state: npt.NDArray[np.uint64]) -> Any:
    """xorshift64*: the next 64 random bits."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return x * np.uint64(0x2545F4914F6CDD1D)


@numba.njit(cache=True, inline="always")
def _seed_state(seed: int, chunk: int) -> npt.NDArray[np.uint64]:
    """A chunk's generator state from the run's seed (splitmix64 of both)."""
    z = np.uint64(seed) + np.uint64(chunk + 1) * np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    out = np.zeros(1, np.uint64)
    out[0] = z if z != 0 else np.uint64(1)
    return out


@numba.njit(cache=True)
def _sample_chunk(
    c: int,
    keys: Any,
    bits: Any,
    owner: Any,
    slot: Any,
    state: Any,
    tables: Any,
    unqualified: Any,
    need_sets: Any,
    trials: Any,
    seed: Any,
    acc: Any,
    wins: Any,
) -> None:
    """One chunk of :func:`sample_deals` (compiled on its own: a parallel loop around a large
    body compiles many times slower)."""
    n = keys.shape[0] - 5
    depth = owner.shape[0]
    n_hands = state[5].shape[0]
    n_shares = tables[0].shape[0]
    work = _work(n_shares, n_hands)
    won = np.zeros_like(wins[c])  # its own: chunks side by side share cache lines
    cards_of, sums = _own(state)
    board_sum, board_or, bsum, bbit, hk, hb, hsum, hbit = sums
    row = np.zeros_like(acc[c])
    rng = _seed_state(seed, c)
    order = np.arange(n)
    chosen = np.zeros(depth, np.int64)
    count = trials // CHUNKS + (1 if c < trials % CHUNKS else 0)
    for _ in range(count):
        for j in range(depth):
            r = j + np.int64(((_next(rng) >> np.uint64(32)) * np.uint64(n - j)) >> np.uint64(32))
            order[j], order[r] = order[r], order[j]
            chosen[j] = order[j]
        _place(chosen, keys, bits, owner, slot, cards_of, sums, need_sets)
        _settle(
            board_sum[0], board_or[0], bsum, bbit, hk, hb, hsum, hbit, tables, work,
            unqualified, row, won,
        )  # fmt: skip
    acc[c] += row
    wins[c] += won


@numba.njit(cache=True, parallel=True)
def sample_deals(
    keys: I64,
    bits: U64,
    owner: I64,
    slot: I64,
    state: Tables,
    tables: Tables,
    unqualified: int,
    need_sets: bool,
    trials: int,
    seed: int,
) -> F64:
    """``trials`` uniform random deals (a partial shuffle of the unseen positions each),
    spread over the chunks; chunk ``c`` draws from its own generator."""
    n_hands = state[5].shape[0]
    acc = np.zeros((CHUNKS, n_hands, SUMS))
    wins = _win_counts(tables, n_hands)
    for c in numba.prange(CHUNKS):
        _sample_chunk(
            c,
            keys,
            bits,
            owner,
            slot,
            state,
            tables,
            unqualified,
            need_sets,
            trials,
            seed,
            acc,
            wins,
        )
    add_wins(wins, acc)
    return acc


@numba.njit(cache=True)
def _high_chunk(
    c: int,
    keys: Any,
    bits: Any,
    b: Any,
    lo: Any,
    base_k: Any,
    base_b: Any,
    hk: Any,
    hb: Any,
    flush: Any,
    disp: Any,
    multi: Any,
    flush_best: Any,
    wins: Any,
) -> None:
    """One chunk of :func:`enumerate_boards_high` (compiled on its own: a parallel loop
    around a large body compiles many times slower)."""
    n = keys.shape[0] - 5
    n_hands = hk.shape[0]
    vals = np.zeros(n_hands, np.int64)
    row = np.zeros_like(wins[c])  # its own: chunks side by side share cache lines
    for i0 in range(lo[0], n - b + 1):
        k0 = base_k + keys[i0]
        b0 = base_b | bits[i0]
        for i1 in range(max(i0 + 1, lo[1]), n - b + 2):
            if (i0 * SPREAD + i1) % CHUNKS != c:
                continue
            k1 = k0 + keys[i1]
            b1 = b0 | bits[i1]
            for i2 in range(max(i1 + 1, lo[2]), n - b + 3):
                k2 = k1 + keys[i2]
                b2 = b1 | bits[i2]
                for i3 in range(max(i2 + 1, lo[3]), n - b + 4):
                    k3 = k2 + keys[i3]
                    b3 = b2 | bits[i3]
                    for i4 in range(max(i3 + 1, lo[4]), n - b + 5):
                        bk = k3 + keys[i4]
                        bb = b3 | bits[i4]
                        top = np.int64(-1)
                        tied = 0
                        for i in range(n_hands):
                            v = np.int64(
                                pool_value(
                                    bk + hk[i], bb | hb[i], 0, flush, disp, multi,
                                    multi, flush_best,
                                )
                            )  # fmt: skip
                            vals[i] = v
                            if v > top:
                                top = v
                                tied = 1
                            elif v == top:
                                tied += 1
                        for i in range(n_hands):
                            if vals[i] == top:
                                row[i, tied - 1] += 1
    wins[c] += row


@numba.njit(cache=True, parallel=True)
def enumerate_boards_high(
    keys: I64,
    bits: U64,
    b: int,
    base_k: int,
    base_b: Any,
    hk: I64,
    hb: U64,
    flush: int,
    disp: Any,
    multi: Any,
    flush_best: Any,
) -> F64:
    """:func:`enumerate_boards` for the commonest showdown: one share of any five
    cards of at most seven, no qualifier (hold'em, short deck).  Ties are counted
    by their size (``wins[i, t]``: boards on which hand ``i`` tied with ``t`` others)
    and turned into sums at the end."""
    n = keys.shape[0] - 5
    n_hands = hk.shape[0]
    wins = np.zeros((CHUNKS, n_hands, n_hands), np.int64)
    lo = np.zeros(5, np.int64)
    for j in range(b, 5):
        lo[j] = n + j - b
    for c in numba.prange(CHUNKS):
        _high_chunk(
            c, keys, bits, b, lo, base_k, base_b, hk, hb, flush, disp, multi, flush_best, wins
        )
    out = np.zeros((CHUNKS, n_hands, SUMS))
    for c in range(CHUNKS):
        for i in range(n_hands):
            for t in range(n_hands):
                count = wins[c, i, t]
                part = 1.0 / (t + 1)
                out[c, i, 0] += count * part
                out[c, i, 1] += count * part * part
    return out
