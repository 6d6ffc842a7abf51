"""The tables the equity kernels read, built from a table scale's own tables.

A share's values become dense ranks (0 for its worst hand, order kept), so the
tables are 32-bit and a qualifier is a threshold: the least rank that
qualifies.  That needs a qualifier that never passes a hand and fails a better
one; one that does (none of the catalogue's) leaves the share uncovered.
Rank-multiset values are laid out by the displacement hash of the rank keys of
one hand size (:mod:`pokerbook.evaluation.multisets`), kept between runs with
:func:`~pokerbook.evaluation.table_cache.cached_array`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from pokerbook.cards.card import RANK_KEYS
from pokerbook.evaluation.multisets import ROW_SHIFT, build_displacement
from pokerbook.evaluation.qualifiers import get_qualifier
from pokerbook.evaluation.table_cache import (
    cached_array,
    fingerprint,
    multiset_key_array,
    size_block,
)
from pokerbook.evaluation.table_scale import TableScale
from pokerbook.evaluation.value import HandValue

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
FIVE = 5
MASKS = 1 << 13


@dataclass(frozen=True)
class SizeHash:
    """The displacement hash of the rank keys of one hand size."""

    disp: I32
    slots: I64  # slot of each multiset of this size, in ``chosen`` order
    chosen: slice  # where the multisets of this size sit in ``rank_multisets()``
    size: int  # slots in the table


@cache
def size_hash(size: int) -> SizeHash:
    """The hash of the rank keys of ``size`` cards (built once, then read from disk;
    the multisets of a size are one block of the list, so reading it needs neither
    the list nor the keys)."""
    chosen = size_block(size)
    count = chosen.stop - chosen.start

    def build() -> I64:
        disp, slots, _ = build_displacement(multiset_key_array()[chosen])
        return np.concatenate([disp, slots]).astype(np.int64)

    tag = fingerprint("equity-hash", size, RANK_KEYS, ROW_SHIFT, chosen.start, chosen.stop)
    both = cached_array(f"equity-hash-{size}", tag, build)
    slots = both[len(both) - count :]
    disp = both[: len(both) - count].astype(np.int32)
    return SizeHash(disp, slots, chosen, int(slots.max()) + 1)


@dataclass(frozen=True)
class ShareRanks:
    """One share's tables as dense ranks (-1 where no hand reads them)."""

    multi: dict[int, I32]  # hand size -> values in that size's slot order
    flush5: I32  # each 5-card flush rank mask
    flush_best: I32  # the best flush within each rank mask of five or more
    threshold: int  # the least rank that qualifies


@cache
def share_ranks(
    scale: TableScale, qualifier: str | None, sizes: tuple[int, ...]
) -> ShareRanks | None:
    """The share's tables for hands of ``sizes`` cards (5 always included); None
    when the qualifier cannot be a threshold on this scale."""
    values = scale.multiset_values()
    flush = scale.flush_values()
    bit_count = np.array([bin(m).count("1") for m in range(MASKS)])
    five_masks = bit_count == FIVE
    big_masks = bit_count >= FIVE
    wanted = sorted({FIVE, *sizes})
    reached = [values[size_hash(n).chosen] for n in wanted]
    if scale.flushes:
        reached += [flush[0][five_masks], flush[1][big_masks]]
    order = np.unique(np.concatenate(reached))
    threshold = _threshold(scale, qualifier, order)
    if threshold is None:
        return None

    def dense(raw: I64) -> I32:
        return np.searchsorted(order, raw).astype(np.int32)

    multi: dict[int, I32] = {}
    for n in wanted:
        h = size_hash(n)
        table = np.full(h.size, -1, dtype=np.int32)
        table[h.slots] = dense(values[h.chosen])
        multi[n] = table
    flush5 = np.full(MASKS, -1, dtype=np.int32)
    flush_best = np.full(MASKS, -1, dtype=np.int32)
    if scale.flushes:
        flush5[five_masks] = dense(flush[0][five_masks])
        flush_best[big_masks] = dense(flush[1][big_masks])
    return ShareRanks(multi, flush5, flush_best, threshold)


def _threshold(scale: TableScale, qualifier: str | None, order: I64) -> int | None:
    """The least dense rank whose value qualifies (0 without a qualifier), or None if
    the qualifying values are not all above the others."""
    if qualifier is None:
        return 0
    test = get_qualifier(qualifier)
    try:
        passes = [test(HandValue(scale, int(v))) for v in order]
    except ValueError:  # the qualifier does not apply to this scale
        return None
    threshold = len(passes)
    for i, ok in enumerate(passes):
        if ok:
            threshold = i
            break
    if not all(passes[threshold:]):
        return None
    return threshold
