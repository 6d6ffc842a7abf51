"""Compiled batch kernels (numba) behind :func:`pokerbook.evaluation.batch.evaluate_batch`.

Every kernel reads ``(N, k)`` C-contiguous card rows, ``uint8`` or ``int64``
(NumPy's default, read as it is rather than copied), and writes one int64 value
per row.  The per-card tables have 256 entries, so any byte is a safe index.
Rows are read in blocks through :mod:`pokerbook.evaluation.row_kernels`, which
reads an int64 card by its low byte and counts a row holding a value outside
0..255 as invalid once its block is read.  Each row is indexed by its number as
``uint64`` (``u``): numba fixes up a signed index that might be negative on
every access, and without that the ``uint8`` kernels run 5-15% faster.
``card_key`` holds the additive card keys; ``card_bit`` holds one bit per card
in suit-major order (bit ``16 * suit + rank - 2``, so a suit's ranks are one
13-bit lane), or 0 for a byte that is not a card of the scale's deck.  A row
is valid exactly when the popcount of its OR-ed bits equals its length, which
checks range, deck and duplicates at once.  Invalid rows are skipped, and each
kernel returns the first invalid row (or -1) so that the caller can raise.

Table-scale values come from the displacement hash of the rank key (see
:mod:`pokerbook.evaluation.multisets`), built for the multisets of one hand
size: ``multi[disp[rk >> ROW_SHIFT] + (rk & ROW_MASK)]``.  On rows of six or
seven cards, whose tables are large, the any-five kernels read the rank of the
value there instead (16 bits, in the order of the values, so the best rank is
the rank of the best value) and look the value up once, at the end:
``values[rank]`` (:func:`value_of`); so does the badugi kernel.  A suit-count field
(4 bits per suit above bit 32 of the key) reaches 5 exactly when adding 3 sets
its top bit, so ``((key >> 32) + 0x3333) & 0x8888`` finds a flush without a
table lookup.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]
from numba.extending import intrinsic, overload

from pokerbook.evaluation import multisets
from pokerbook.evaluation.compiled import numba
from pokerbook.evaluation.row_kernels import ask_ahead, card_at, row_block, with_wide_rows

U8 = npt.NDArray[np.uint8]
#: card rows: bytes, or NumPy's default int64
Rows = npt.NDArray[np.uint8] | npt.NDArray[np.int64]
I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

ROW_SHIFT = np.uint64(multisets.ROW_SHIFT)
ROW_MASK = np.uint64(multisets.ROW_MASK)
ROW_SHIFT32 = np.uint32(multisets.ROW_SHIFT)
ROW_MASK32 = np.uint32(multisets.ROW_MASK)
RANK_MASK = np.int64(0xFFFFFFFF)
SUIT_SHIFT = np.int64(32)
FLUSH_ADD = np.int64(0x3333)
FLUSH_TOP = np.int64(0x8888)
LANE_MASK = np.uint64(0x1FFF)
SKIPPED = np.int64(-(1 << 62))  # the value left in an invalid row


def _popcount(typingctx: Any, src: Any) -> Any:
    sig = numba.types.int64(numba.types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


def _lowest_bit(typingctx: Any, src: Any) -> Any:
    sig = numba.types.int64(numba.types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


# Single instructions; typed ``Any`` because they are only called from compiled code.
#: Number of set bits of a uint64, as int64 (comparing it with a length stays integer).
popcount: Any = intrinsic(_popcount)
#: Index of the lowest set bit of a nonzero int64.
lowest_bit: Any = intrinsic(_lowest_bit)


def value_of(values: Any, rank: Any) -> Any:
    """``values[rank]``, or ``rank`` itself when ``values`` is None (tables of values)."""
    return rank if values is None else values[rank]


@overload(value_of, inline="always")
def _value_of(values: Any, rank: Any) -> Any:
    # Chosen when the kernel is compiled, so the kernels on tables of values pay nothing.
    if isinstance(values, numba.types.NoneType):

        def itself(values: Any, rank: Any) -> Any:
            return rank

        return itself

    def looked_up(values: Any, rank: Any) -> Any:
        return values[rank]

    return looked_up


@numba.njit(cache=True, boundscheck=False, inline="always")
def _skipped(out: I64, u: Any, i: int, bad: int) -> int:
    """Mark row ``i`` (``u`` as uint64) bad in ``out``; the first bad row so far."""
    out[u] = SKIPPED
    return i if bad < 0 else bad


@numba.njit(cache=True, boundscheck=False)
def check_rows(cards: Rows, card_bit: U64) -> int:
    """The first row with a bad or repeated card, or -1."""
    n, m = cards.shape
    block = row_block(cards)
    for first in range(0, n, block):
        end = min(n, first + block)
        wide = with_wide_rows(cards, first, end, -1)
        for i in range(first, end if wide < 0 else wide):
            u = np.uint64(i)
            seen = np.uint64(0)
            for j in range(m):
                seen |= card_bit[card_at(cards, u, j)]
            if popcount(seen) != m:
                return i
        if wide >= 0:
            return wide
    return -1


@numba.njit(cache=True, boundscheck=False, inline="always")
def _row_key(cards: Rows, i: Any, m: int, card_key: I64, card_bit: U64) -> Any:
    """The summed key and the OR-ed card bits of row ``i``."""
    if m == 7:
        # Unrolled and summed as a tree: the common 7-card case runs ~10% faster.
        c0, c1 = card_at(cards, i, 0), card_at(cards, i, 1)
        c2, c3 = card_at(cards, i, 2), card_at(cards, i, 3)
        c4, c5, c6 = card_at(cards, i, 4), card_at(cards, i, 5), card_at(cards, i, 6)
        key = ((card_key[c0] + card_key[c1]) + (card_key[c2] + card_key[c3])) + (
            (card_key[c4] + card_key[c5]) + card_key[c6]
        )
        seen = ((card_bit[c0] | card_bit[c1]) | (card_bit[c2] | card_bit[c3])) | (
            (card_bit[c4] | card_bit[c5]) | card_bit[c6]
        )
        return key, seen
    key = np.int64(0)
    seen = np.uint64(0)
    for j in range(m):
        c = card_at(cards, i, j)
        key += card_key[c]
        seen |= card_bit[c]
    return key, seen


@numba.njit(cache=True, boundscheck=False, inline="always")
def _slot(disp: Any, rk: Any) -> Any:
    """The hash slot of a rank key (unsigned, so indexing skips the negative-index fix-up)."""
    return np.uint64(disp[rk >> ROW_SHIFT]) + (rk & ROW_MASK)


@numba.njit(cache=True, boundscheck=False, inline="always")
def _slot32(disp: Any, rk: Any) -> Any:
    """:func:`_slot` in 32-bit arithmetic, for the many lookups of exact usage."""
    return np.uint32(disp[rk >> ROW_SHIFT32]) + (rk & ROW_MASK32)


@numba.njit(cache=True, boundscheck=False, inline="always")
def _flush_mask(key: int, seen: Any) -> Any:
    """The rank mask of the suit with five or more cards (0 if none)."""
    found = ((key >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_TOP
    if found == 0:
        return np.uint64(0)
    suit = lowest_bit(found) >> 2
    return (seen >> np.uint64(16 * suit)) & LANE_MASK


def with_flush(rank: Any, key: Any, seen: Any, flush_best: Any) -> Any:
    """``rank`` raised to the row's flush, where ``flush_best`` holds the best
    flush of each rank mask; ``rank`` itself when ``flush_best`` is None (the
    scale ignores suits).  Compiled only."""
    raise NotImplementedError  # pragma: no cover - replaced by the overload when compiled


@overload(with_flush, inline="always")
def _with_flush(rank: Any, key: Any, seen: Any, flush_best: Any) -> Any:
    # Chosen when the kernel is compiled, as value_of is.
    if isinstance(flush_best, numba.types.NoneType):

        def ranks_only(rank: Any, key: Any, seen: Any, flush_best: Any) -> Any:
            return rank

        return ranks_only

    def raised(rank: Any, key: Any, seen: Any, flush_best: Any) -> Any:
        mask = _flush_mask(key, seen)
        if mask:
            return max(rank, flush_best[mask])
        return rank

    return raised


@numba.njit(cache=True, boundscheck=False)
def best_five(
    cards: Rows,
    card_key: I64,
    card_bit: U64,
    disp: Any,
    ords: Any,
    flush_best: Any,
    values: Any,
    out: I64,
) -> int:
    """Any five of each row: by its ranks, raised to its flush where a flush beats
    its own ranks (high scales), or by its ranks alone (``flush_best`` None)."""
    n, m = cards.shape
    bad = -1
    block = row_block(cards)
    for first in range(0, n, block):
        end = min(n, first + block)
        for i in range(first, end):
            ask_ahead(cards, i)
            u = np.uint64(i)
            key, seen = _row_key(cards, u, m, card_key, card_bit)
            if popcount(seen) != m:
                bad = _skipped(out, u, i, bad)
                continue
            rank = ords[_slot(disp, np.uint64(key & RANK_MASK))]
            out[u] = value_of(values, with_flush(rank, key, seen, flush_best))
        bad = with_wide_rows(cards, first, end, bad)
    return bad


@numba.njit(cache=True, boundscheck=False)
def best_flush_bad(
    cards: Rows,
    card_key: I64,
    card_bit: U64,
    disp: Any,
    ords: Any,
    disp5: Any,
    ords5: Any,
    flush_best: Any,
    mask_key: I64,
    drops: U8,
    values: Any,
    out: I64,
) -> int:
    """Any five of 5 to 7 cards, where a flush counts against the hand (lows).

    A row with five or more cards of a suit is worth the best of its flushes
    (the best 5-rank submask of the suit's mask: one lookup) and of its other
    five-card subsets, valued by their ranks.  The best ranks of the whole row
    (one lookup) are the best of those unless only flushes reach them, which
    the rank values of the row's few all-suited subsets tell (``mask_key``:
    the rank key of each 13-bit rank mask).  Only then are the subsets
    enumerated: the row minus the columns of each column of ``drops``, a
    ``(k - 5, n)`` array.
    """
    n, m = cards.shape
    n_drop = drops.shape[0]
    bad = -1
    block = row_block(cards)
    for first in range(0, n, block):
        end = min(n, first + block)
        for i in range(first, end):
            ask_ahead(cards, i)
            u = np.uint64(i)
            key, seen = _row_key(cards, u, m, card_key, card_bit)
            if popcount(seen) != m:
                bad = _skipped(out, u, i, bad)
                continue
            ranks = ords[_slot(disp, np.uint64(key & RANK_MASK))]
            suited = _flush_mask(key, seen)
            if not suited:
                out[u] = value_of(values, ranks)
                continue
            best = np.int64(flush_best[suited])
            n_suited = popcount(suited)
            if n_suited == m:  # every subset is a flush
                out[u] = value_of(values, best)
                continue
            suited_key = mask_key[suited]
            only_flushes = False
            if n_suited == 5:
                only_flushes = ords5[_slot(disp5, np.uint64(suited_key))] == ranks
            else:
                rest = np.int64(suited)
                while rest:
                    r = lowest_bit(rest)
                    rest &= rest - 1
                    sub_key = np.uint64(suited_key - mask_key[np.int64(1) << r])
                    only_flushes |= ords5[_slot(disp5, sub_key)] == ranks
            if not only_flushes:
                out[u] = value_of(values, max(best, np.int64(ranks)))
                continue
            # Rare: enumerate, skipping the flushes by a select, not a branch.
            for f in range(drops.shape[1]):
                sub_key = key
                if n_drop >= 1:
                    sub_key -= card_key[card_at(cards, u, drops[0, f])]
                if n_drop >= 2:
                    sub_key -= card_key[card_at(cards, u, drops[1, f])]
                v = np.int64(ords5[_slot(disp5, np.uint64(sub_key & RANK_MASK))])
                flush = ((sub_key >> SUIT_SHIFT) + FLUSH_ADD) & FLUSH_TOP
                best = max(best, SKIPPED if flush else v)
            out[u] = value_of(values, best)
        bad = with_wide_rows(cards, first, end, bad)
    return bad


@numba.njit(cache=True, boundscheck=False, inline="always")
def _suits_with(suit_counts: Any, size: int) -> Any:
    """The suits with at least ``size`` cards, as flags at bits 3, 7, 11 and 15.

    Adding ``8 - size`` to each 4-bit count sets its top bit exactly when the
    count is at least ``size``; counts stay below 8, so no field carries.
    """
    return (suit_counts + (8 - size) * 0x1111) & FLUSH_TOP


@numba.njit(cache=True, boundscheck=False, inline="always")
def _subset_sums(row_key: I64, sets: U8, rank: npt.NDArray[np.uint32], suit: I64) -> None:
    """Fill the rank key and the packed suit counts of each column set.

    ``sets`` is ``(size, n)``: the column indices of each set.  The common
    sizes (Omaha's pairs and triples, hold'em's singles) get loops of their
    own with a fixed-length sum: a loop of one to three steps inside is far
    slower, and this runs for every row.
    """
    size = sets.shape[0]
    n = sets.shape[1]
    if size == 1:
        for s in range(n):
            key = row_key[sets[0, s]]
            rank[s] = np.uint32(key & RANK_MASK)
            suit[s] = key >> SUIT_SHIFT
    elif size == 2:
        for s in range(n):
            key = row_key[sets[0, s]] + row_key[sets[1, s]]
            rank[s] = np.uint32(key & RANK_MASK)
            suit[s] = key >> SUIT_SHIFT
    elif size == 3:
        for s in range(n):
            key = row_key[sets[0, s]] + row_key[sets[1, s]] + row_key[sets[2, s]]
            rank[s] = np.uint32(key & RANK_MASK)
            suit[s] = key >> SUIT_SHIFT
    else:
        for s in range(n):
            key = np.int64(0)
            for t in range(size):
                key += row_key[sets[t, s]]
            rank[s] = np.uint32(key & RANK_MASK)
            suit[s] = key >> SUIT_SHIFT


@numba.njit(cache=True, boundscheck=False, inline="always")
def _set_bits(row_bit: U64, sets: U8, s: int) -> Any:
    """The OR of the card bits of column set ``s`` (needed only for flushes, so rarely)."""
    bits = np.uint64(0)
    for t in range(sets.shape[0]):
        bits |= row_bit[sets[t, s]]
    return bits


@numba.njit(cache=True, boundscheck=False)
def _flush_value(
    row_bit: U64,
    hole_sets: U8,
    h: int,
    board_sets: U8,
    b: int,
    suits: Any,
    flush5: Any,
) -> Any:
    """The flush value of hole set ``h`` with board set ``b``, both of a suit in ``suits``."""
    bits = _set_bits(row_bit, hole_sets, h) | _set_bits(row_bit, board_sets, b)
    lane = np.uint64(16 * (lowest_bit(suits) >> 2))
    return flush5[(bits >> lane) & LANE_MASK]


@numba.njit(cache=True, boundscheck=False, inline="always")
def _load_row(cards: Rows, i: Any, card_key: I64, card_bit: U64, row_key: I64, row_bit: U64) -> Any:
    """Copy row ``i``'s card keys and bits out; returns the OR of its bits."""
    seen = np.uint64(0)
    for j in range(cards.shape[1]):
        c = card_at(cards, i, j)
        row_key[j] = card_key[c]
        row_bit[j] = card_bit[c]
        seen |= card_bit[c]
    return seen


@numba.njit(cache=True, boundscheck=False, inline="always")
def _suits_to_flush(row_key: I64, holes: int, hole_size: int, board_size: int) -> Any:
    """The suits of which the hole cards and the board both hold enough for a flush."""
    hole_key = np.int64(0)
    for j in range(holes):
        hole_key += row_key[j]
    board_key = np.int64(0)
    for j in range(holes, row_key.shape[0]):
        board_key += row_key[j]
    return _suits_with(hole_key >> SUIT_SHIFT, hole_size) & _suits_with(
        board_key >> SUIT_SHIFT, board_size
    )


@numba.njit(cache=True, boundscheck=False, inline="always")
def _best_flush_bad(
    can_flush: Any,
    row_bit: U64,
    hole_sets: U8,
    hole_rank: Any,
    hole_suit: Any,
    board_sets: U8,
    board_rank: Any,
    board_suit: Any,
    disp: Any,
    multi: Any,
    flush5: Any,
    lowest: Any,
) -> Any:
    """The best hand where a flush is worse than its ranks (its ranks must not count)."""
    hole_size, board_size = hole_sets.shape[0], board_sets.shape[0]
    best = lowest
    other = lowest
    for h in range(hole_sets.shape[1]):
        h_rank = hole_rank[h]
        h_flush = can_flush & _suits_with(hole_suit[h], hole_size)
        for b in range(board_sets.shape[1]):
            common = h_flush & _suits_with(board_suit[b], board_size)
            if common:
                other = max(
                    other, _flush_value(row_bit, hole_sets, h, board_sets, b, common, flush5)
                )
            else:
                best = max(best, multi[_slot32(disp, h_rank + board_rank[b])])
    return max(best, other)


@numba.njit(cache=True, boundscheck=False, inline="always")
def _best_ranks(hole_rank: Any, board_rank: Any, disp: Any, multi: Any, lowest: Any) -> Any:
    """The best hand by ranks alone.  Flush logic stays out of this loop: even
    untaken, it slowed the loop down.  Two running maxima: one would chain every
    hand through one register."""
    n_board = board_rank.shape[0]
    best = lowest
    other = lowest
    for h in range(hole_rank.shape[0]):
        h_rank = hole_rank[h]
        b = 0
        while b + 1 < n_board:
            best = max(best, multi[_slot32(disp, h_rank + board_rank[b])])
            other = max(other, multi[_slot32(disp, h_rank + board_rank[b + 1])])
            b += 2
        if b < n_board:
            best = max(best, multi[_slot32(disp, h_rank + board_rank[b])])
    return max(best, other)


@numba.njit(cache=True, boundscheck=False, inline="always")
def _best_flush(
    can_flush: Any,
    row_bit: U64,
    hole_sets: U8,
    hole_suit: Any,
    board_sets: U8,
    board_suit: Any,
    flush5: Any,
    best: Any,
) -> Any:
    """``best`` raised to the best flush (a flush beats its own ranks)."""
    hole_size, board_size = hole_sets.shape[0], board_sets.shape[0]
    for h in range(hole_sets.shape[1]):
        h_flush = can_flush & _suits_with(hole_suit[h], hole_size)
        if h_flush:
            for b in range(board_sets.shape[1]):
                common = h_flush & _suits_with(board_suit[b], board_size)
                if common:
                    best = max(
                        best, _flush_value(row_bit, hole_sets, h, board_sets, b, common, flush5)
                    )
    return best


@numba.njit(cache=True, boundscheck=False)
def exact_usage(
    cards: Rows,
    holes: int,
    hole_sets: U8,
    board_sets: U8,
    card_key: I64,
    card_bit: U64,
    disp: Any,
    multi: Any,
    flush5: Any,
    flushes: bool,
    flush_good: bool,
    lowest: Any,
    out: I64,
) -> int:
    """Raise ``out[i]`` to the best five-card hand of one hole set plus one board set.

    The first ``holes`` columns are hole cards; ``hole_sets`` and
    ``board_sets`` are ``(size, n)`` column indices of the hole and board sets
    (Omaha 4+5: 6 hole pairs and 10 board triples).  Their rank keys are
    summed once per row, so each of the ``6 * 10`` hands is one add and one
    lookup; ``lowest`` is the least value of ``multi``'s dtype.  A hand is a
    flush only when its hole set and board set are all of one suit, so a row
    needs flush tests only if its hole cards and its board both hold enough of
    some suit, and then only for the suited hole sets.
    """
    n, m = cards.shape
    n_hole, hole_size = hole_sets.shape[1], hole_sets.shape[0]
    n_board, board_size = board_sets.shape[1], board_sets.shape[0]
    hole_rank = np.zeros(n_hole, np.uint32)
    hole_suit = np.zeros(n_hole, np.int64)
    board_rank = np.zeros(n_board, np.uint32)
    board_suit = np.zeros(n_board, np.int64)
    row_key = np.zeros(m, np.int64)
    row_bit = np.zeros(m, np.uint64)
    bad = -1
    block = row_block(cards)
    for first in range(0, n, block):
        end = min(n, first + block)
        for i in range(first, end):
            ask_ahead(cards, i)
            u = np.uint64(i)
            if popcount(_load_row(cards, u, card_key, card_bit, row_key, row_bit)) != m:
                bad = _skipped(out, u, i, bad)
                continue
            _subset_sums(row_key, hole_sets, hole_rank, hole_suit)
            _subset_sums(row_key, board_sets, board_rank, board_suit)
            can_flush = np.int64(0)
            if flushes:
                can_flush = _suits_to_flush(row_key, holes, hole_size, board_size)
            # Values stay in the table's own type, keys in 32 bits: measurably faster.
            if can_flush and not flush_good:
                best = _best_flush_bad(
                    can_flush,
                    row_bit,
                    hole_sets,
                    hole_rank,
                    hole_suit,
                    board_sets,
                    board_rank,
                    board_suit,
                    disp,
                    multi,
                    flush5,
                    lowest,
                )
            else:
                best = _best_ranks(hole_rank, board_rank, disp, multi, lowest)
                if can_flush:
                    best = _best_flush(
                        can_flush,
                        row_bit,
                        hole_sets,
                        hole_suit,
                        board_sets,
                        board_suit,
                        flush5,
                        best,
                    )
            out[u] = max(out[u], np.int64(best))
        bad = with_wide_rows(cards, first, end, bad)
    return bad


@numba.njit(cache=True, boundscheck=False)
def four_card_table(
    cards: Rows, colex: npt.NDArray[np.int32], table: Any, values: Any, out: I64
) -> int:
    """Look each 4-card row up by the colex index of its sorted cards: ``table``
    holds the rank of its value in ``values``.

    ``colex[j, c]`` is C(c, j + 1); sorting with a min/max network makes a
    valid row strictly increasing, which checks duplicates for free.
    """
    n = cards.shape[0]
    bad = -1
    block = row_block(cards)
    for first in range(0, n, block):
        end = min(n, first + block)
        for i in range(first, end):
            ask_ahead(cards, i)
            u = np.uint64(i)
            a, b = card_at(cards, u, 0), card_at(cards, u, 1)
            c, d = card_at(cards, u, 2), card_at(cards, u, 3)
            a, b = min(a, b), max(a, b)
            c, d = min(c, d), max(c, d)
            a, c = min(a, c), max(a, c)
            b, d = min(b, d), max(b, d)
            b, c = min(b, c), max(b, c)
            if not (a < b < c < d <= np.uint64(51)):
                bad = _skipped(out, u, i, bad)
                continue
            out[u] = values[table[colex[0, a] + colex[1, b] + colex[2, c] + colex[3, d]]]
        bad = with_wide_rows(cards, first, end, bad)
    return bad
