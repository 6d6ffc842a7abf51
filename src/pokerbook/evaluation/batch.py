"""Evaluate many hands at once: ``evaluate_batch(scale, cards)``.

``cards`` is an ``(N, k)`` integer array of card indices (``4 * (rank - 2) +
suit``, see :mod:`pokerbook.cards.card`); row ``i`` of the result equals
``int(evaluate(scale, hole_i, board_i, hole_use=hole_use))`` where the first
``hole`` columns are the hole cards and the rest the board.

Plain table scales (:class:`TableScale`) run compiled kernels
(:mod:`pokerbook.evaluation.batch_kernels`): any five of 1-7 cards, or
exactly ``hole_use`` hole cards with the rest from the board (Omaha).  Their
multiset values are laid out in the slot order of the displacement hash of
:mod:`pokerbook.evaluation.multisets`, built per hand size.  Badugi scales look
4-card rows up in a table of every 4-card set.  Every other scale or shape
falls back to a loop over :func:`evaluate`.  Kernels compile once (numba's
disk cache) and tables are built once per machine
(:func:`~pokerbook.evaluation.table_cache.cached_array`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from typing import Final, TypeGuard

import numpy as np
import numpy.typing as npt

from pokerbook.cards.card import JOKER_INDEX, RANK_KEYS, STANDARD_CARDS, STANDARD_COUNT, Card
from pokerbook.evaluation import batch_kernels as kern
from pokerbook.evaluation.multisets import (
    MAX_CARDS,
)
from pokerbook.evaluation.scale import Scale, get_scale
from pokerbook.evaluation.scales.badugi import BadugiScale
from pokerbook.evaluation.table_cache import size_block, size_hash
from pokerbook.evaluation.table_scale import TableScale
from pokerbook.evaluation.usage import HoleUse, allowed_counts, evaluate

I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
#: card rows as the kernels read them
Rows = npt.NDArray[np.uint8] | npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
HAND: Final = 5
FOUR: Final = 4
INT32_RANGE: Final = (-(1 << 31), (1 << 31) - 1)


def evaluate_batch(
    scale: str | Scale,
    cards: npt.ArrayLike,
    *,
    hole: int | None = None,
    hole_use: HoleUse = None,
) -> I64:
    """The value of each row of ``cards`` on ``scale``, as an int64 array.

    ``hole`` is the number of leading columns that are hole cards (default:
    all of them); ``hole_use`` is as in :func:`~pokerbook.evaluate`.

    >>> rows = [[51, 47, 43, 39, 35, 0, 5], [48, 49, 50, 51, 44, 1, 2]]
    >>> [str(get_scale("high").describe(v)) for v in evaluate_batch("high", rows)]
    ['Royal flush', 'Four aces']
    """
    sc = get_scale(scale)
    rows = _as_rows(cards)
    n, k = rows.shape
    hole_count = _hole_count(hole, k)
    out = np.empty(n, dtype=np.int64)
    if _is_plain_table(sc) and hole_use is None and k <= MAX_CARDS:
        _raise_if_bad(sc, rows, _any_five(sc, rows, out))
    elif _is_plain_table(sc) and hole_use is not None:
        counts = _usable_counts(sc, hole_use, hole_count, k)
        bad = _exact_usage(sc, rows, hole_count, counts, out)
        _raise_if_bad(sc, rows, bad)
    elif isinstance(sc, BadugiScale) and hole_use is None and k == FOUR:
        ranks, values = _four_card_ranks(sc)
        _raise_if_bad(sc, rows, kern.four_card_table(rows, _colex(), ranks, values, out))
    else:
        _raise_if_bad(sc, rows, kern.check_rows(rows, _full_deck_bits()))
        _loop(sc, rows, hole_count, hole_use, out)
    return out


# -- input ----------------------------------------------------------------------


def _as_rows(cards: npt.ArrayLike) -> Rows:
    """The card rows as C-contiguous uint8 or int64, with the dtype and shape checked.

    ``uint8`` and ``int64`` rows go to the kernels as they are (the kernels read
    a value outside 0..255 as no card); any other integer type is range-checked
    and narrowed to ``uint8``.
    """
    arr = np.asarray(cards)
    if arr.ndim != 2:
        raise ValueError(f"cards must be a 2-D (N, k) array of card indices, not {arr.ndim}-D")
    if arr.dtype.kind not in "iu":
        raise ValueError(f"card indices must be integers, not {arr.dtype}")
    if arr.dtype in _NATIVE:
        return np.ascontiguousarray(arr)
    _check_range(arr)
    return np.ascontiguousarray(arr, dtype=np.uint8)


_NATIVE: Final = (np.dtype(np.uint8), np.dtype(np.int64))


def _check_range(arr: npt.NDArray[np.integer]) -> None:
    """Raise naming the first card index outside 0..52 (the joker is caught later);
    uint8 rows are left to the kernels, which find them."""
    if arr.dtype == np.uint8:
        return
    # Range-check before narrowing so that e.g. 256 cannot wrap to a valid card.
    _check_every_range(arr)


def _check_every_range(arr: npt.NDArray[np.integer]) -> None:
    """Raise naming the first card index outside 0..52, whatever the dtype."""
    if not arr.size:
        return
    outside = (arr < 0) | (arr > JOKER_INDEX)
    if outside.any():
        r, j = (int(x) for x in np.argwhere(outside)[0])
        raise ValueError(
            f"card indices must be 0..{STANDARD_COUNT - 1}: row {r}, column {j} "
            f"holds {int(arr[r, j])}"
        )


def _hole_count(hole: int | None, k: int) -> int:
    if hole is None:
        return k
    if not isinstance(hole, int | np.integer) or isinstance(hole, bool) or not 0 <= hole <= k:
        raise ValueError(f"hole must be a number of columns 0..{k}, not {hole!r}")
    return int(hole)


def _raise_if_bad(sc: Scale, rows: Rows, bad: int) -> None:
    """Raise a ValueError naming what is wrong with row ``bad`` (if it is not -1).

    An index out of range anywhere is named first, as it would be before the
    rows were read."""
    if bad < 0:
        return
    _check_every_range(rows)
    row = [int(c) for c in rows[bad]]
    for j, c in enumerate(row):
        if c == JOKER_INDEX:
            raise ValueError(
                f"row {bad}, column {j} holds the joker (index {JOKER_INDEX}): "
                "evaluate_batch does not take jokers; use evaluate"
            )
        if c > JOKER_INDEX:
            raise ValueError(
                f"card indices must be 0..{STANDARD_COUNT - 1}: row {bad}, column {j} holds {c}"
            )
    for j, c in enumerate(row):
        if c in row[:j]:
            raise ValueError(f"row {bad} holds {Card.of(c)} twice (columns {row.index(c)} and {j})")
    for c in row:
        if not _deck_bits(sc)[c]:
            raise ValueError(
                f"row {bad}: {Card.of(c)} is not in the deck the {sc.name!r} scale is played with"
            )
    raise ValueError(f"row {bad} is not a valid {sc.name} hand")  # pragma: no cover


# -- per-card tables --------------------------------------------------------------


def _card_bits(allowed_ranks: frozenset[int] | None) -> U64:
    """Suit-major bit of each card (0 for bytes that are not cards of the deck)."""
    bits = np.zeros(256, dtype=np.uint64)
    for c in STANDARD_CARDS:
        if allowed_ranks is None or c.rank in allowed_ranks:
            bits[c.index] = np.uint64(1) << np.uint64(16 * c.suit + c.rank - 2)
    return bits


@cache
def _full_deck_bits() -> U64:
    return _card_bits(None)


def _deck_bits(sc: Scale) -> U64:
    if isinstance(sc, TableScale):
        return _card_bits(sc.deck_ranks)
    return _full_deck_bits()


@cache
def _mask_keys() -> I64:
    """The rank key of each 13-bit rank mask (each rank once)."""
    bits = (np.arange(1 << 13)[:, None] >> np.arange(13)) & 1
    return np.asarray(bits @ np.array(RANK_KEYS, dtype=np.int64), dtype=np.int64)


@cache
def _card_keys() -> I64:
    keys = np.zeros(256, dtype=np.int64)
    keys[:STANDARD_COUNT] = [c.key for c in STANDARD_CARDS]
    return keys


# -- table scales -------------------------------------------------------------------


@dataclass(frozen=True)
class _Tables:
    """One table scale's per-card and flush arrays, laid out for the kernels."""

    card_key: I64
    card_bit: U64
    flush5: npt.NDArray[np.integer]  # value of each 5-card flush rank mask
    flush_best: npt.NDArray[np.integer]  # best flush within each rank mask
    flush_rank: npt.NDArray[np.integer]  # the same as a rank: values[flush_rank]
    values: npt.NDArray[np.integer]  # the scale's values in order
    flushes: bool
    flush_good: bool


@dataclass(frozen=True)
class _Lookup:
    """Values of the rank multisets of one size, in the slot order of their hash:
    as values (``multi``) and as ranks among the scale's values (``ords``)."""

    disp: npt.NDArray[np.integer]
    multi: npt.NDArray[np.integer]
    ords: npt.NDArray[np.integer]


def _is_plain_table(sc: Scale) -> TypeGuard[TableScale]:
    """A TableScale whose evaluation is the stock table algorithm."""
    cls = type(sc)
    return (
        isinstance(sc, TableScale) and cls.best is TableScale.best and cls.exact is TableScale.exact
    )


@cache
def _size_hash(size: int) -> tuple[npt.NDArray[np.integer], I64, slice]:
    """The displacement hash of the rank keys of ``size`` cards
    (:func:`~pokerbook.evaluation.table_cache.size_hash`).

    Returns (displacement per row, slot of each such multiset, where those
    multisets are).  A row of k cards only ever looks up k-card multisets, so
    hashing each size on its own keeps the value table small enough to stay in
    cache: 70,262 slots for 7 cards and 7,697 for 5, against 152,910 for all
    sizes together.
    """
    found = size_hash(size)
    if found is None:  # pragma: no cover - size_hash builds what it does not find
        raise RuntimeError(f"no hash of {size}-card rank keys")
    disp, slots = found
    small = disp.max() <= np.iinfo(np.uint16).max
    return disp.astype(np.uint16 if small else np.int32), slots, size_block(size)


def _narrow(values: I64) -> npt.NDArray[np.integer]:
    """int32 when every value fits (half the cache footprint), else int64."""
    lo, hi = INT32_RANGE
    if values.size == 0 or (values.min() >= lo and values.max() <= hi):
        return values.astype(np.int32)
    return values


@cache
def _values(sc: TableScale) -> I64:
    """Every value the scale's tables hold (0 for their empty entries), in order.

    On rows of six or seven cards the any-five kernels look up a value's rank
    in this list rather than the value itself: ranks fit in 16 bits where
    values take 32, which halves the tables such a row reads at random (70,262
    multiset slots for seven cards), so more of them stay in cache beside the
    rows streaming past (int64 rows most of all).  The order is kept, so the
    best of two ranks is the rank of the best of two values.  Five-card tables
    are small enough to stay in cache as values, which saves the extra lookup.
    """
    flush = sc.flush_values()
    return np.unique(np.concatenate([sc.multiset_values(), flush[0], flush[1], [0]]))


def _ranks_in(order: I64, values: I64) -> npt.NDArray[np.integer]:
    """The rank of each of ``values`` in the sorted ``order``: uint16 where they fit."""
    small = len(order) <= np.iinfo(np.uint16).max + 1
    return np.searchsorted(order, values).astype(np.uint16 if small else np.int32)


def _ranks(sc: TableScale, values: I64) -> npt.NDArray[np.integer]:
    """The rank of each of ``values`` among the scale's (:func:`_values`)."""
    return _ranks_in(_values(sc), values)


@cache
def _lookup(sc: TableScale, size: int) -> _Lookup:
    disp, slots, chosen = _size_hash(size)
    multi = np.zeros(int(slots.max()) + 1, dtype=np.int64)
    multi[slots] = sc.multiset_values()[chosen]
    return _Lookup(disp, _narrow(multi), _ranks(sc, multi))


@cache
def _tables(sc: TableScale) -> _Tables:
    flush = sc.flush_values()
    return _Tables(
        card_key=_card_keys(),
        card_bit=_card_bits(sc.deck_ranks),
        flush5=_narrow(flush[0]),
        flush_best=_narrow(flush[1]),
        flush_rank=_ranks(sc, flush[1]),
        values=_narrow(_values(sc)),
        flushes=bool(sc.flushes),
        flush_good=bool(sc.flush_good),
    )


def _column_sets(columns: range, size: int) -> U8:
    """Each ``size``-subset of ``columns`` as one column of a ``(size, n)`` array."""
    sets = list(combinations(columns, size))
    return np.ascontiguousarray(np.array(sets, dtype=np.uint8).reshape(len(sets), size).T)


def _any_five(sc: TableScale, rows: Rows, out: I64) -> int:
    t = _tables(sc)
    k = rows.shape[1]
    own = _lookup(sc, k)
    ranked = k > HAND  # see _values
    table = own.ords if ranked else own.multi
    flush_best = t.flush_rank if ranked else t.flush_best
    values = t.values if ranked else None
    can_flush = t.flushes and k >= HAND
    if not can_flush or t.flush_good:
        by_flush = flush_best if can_flush else None
        return int(
            kern.best_five(rows, t.card_key, t.card_bit, own.disp, table, by_flush, values, out)
        )
    five = _lookup(sc, HAND)
    drops = _column_sets(range(k), k - HAND)
    return int(
        kern.best_flush_bad(
            rows,
            t.card_key,
            t.card_bit,
            own.disp,
            table,
            five.disp,
            five.ords if ranked else five.multi,
            flush_best,
            _mask_keys(),
            drops,
            values,
            out,
        )
    )


def _usable_counts(sc: Scale, hole_use: HoleUse, hole_count: int, k: int) -> list[int]:
    """The hole-card counts that can make a five-card hand with this board."""
    counts = allowed_counts(hole_use, hole_count)
    board = k - hole_count
    usable = [u for u in counts if u <= hole_count and 0 <= HAND - u <= board]
    if not usable:
        raise ValueError(
            f"no legal {sc.name} hand: {hole_count} hole cards using {counts} of them and "
            f"a board of {board} cards cannot make {HAND} cards"
        )
    return usable


def _exact_usage(sc: TableScale, rows: Rows, hole_count: int, counts: list[int], out: I64) -> int:
    t = _tables(sc)
    five = _lookup(sc, HAND)
    out.fill(kern.SKIPPED)
    bad = -1
    k = rows.shape[1]
    for used in counts:
        bad = int(
            kern.exact_usage(
                rows,
                hole_count,
                _column_sets(range(hole_count), used),
                _column_sets(range(hole_count, k), HAND - used),
                t.card_key,
                t.card_bit,
                five.disp,
                five.multi,
                t.flush5,
                t.flushes,
                t.flush_good,
                five.multi.dtype.type(np.iinfo(five.multi.dtype).min),
                out,
            )
        )
        if bad >= 0:
            break
    return bad


# -- badugi -------------------------------------------------------------------------


@cache
def _colex() -> npt.NDArray[np.int32]:
    """``colex[j, c] = C(c, j + 1)``: the colex index of sorted a<b<c<d is a sum of four."""
    return np.array(
        [[comb(c, j + 1) if c < STANDARD_COUNT else 0 for c in range(256)] for j in range(FOUR)],
        dtype=np.int32,
    )


@cache
def _four_card_ranks(sc: BadugiScale) -> tuple[npt.NDArray[np.integer], npt.NDArray[np.integer]]:
    """The rank of the scale's value of every 4-card set, by colex index, and the
    values in order (about a thousand: 16-bit ranks halve the 270,725-entry table)."""
    table = sc.four_card_values()
    values = np.unique(table)
    return _ranks_in(values, table), _narrow(values)


# -- everything else ------------------------------------------------------------------


def _loop(sc: Scale, rows: Rows, hole_count: int, hole_use: HoleUse, out: I64) -> None:
    """The scalar evaluator, row by row: correct for every scale, and slow."""
    cards = [Card.of(i) for i in range(STANDARD_COUNT)]
    for i, row in enumerate(rows.tolist()):
        hand = tuple(cards[c] for c in row)
        out[i] = int(evaluate(sc, hand[:hole_count], hand[hole_count:], hole_use=hole_use))
