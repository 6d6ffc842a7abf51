"""Every rank multiset a hand of up to seven cards can hold, and a perfect hash of their keys.

A hand's rank key is the sum of its cards' ``RANK_KEYS`` (see
:mod:`pokerbook.cards.card`), and it is different for every multiset of at most
seven ranks with each rank at most four times: 76,155 multisets in all.
Scalar code looks values up in a dict keyed by the rank key; batch kernels
use the displacement table built here: ``slot = DISPLACEMENT[key >> ROW_SHIFT]
+ (key & ROW_MASK)``.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

from pokerbook.cards.card import RANK_KEYS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MAX_CARDS: Final = 7
ROW_SHIFT: Final = 10
ROW_MASK: Final = (1 << ROW_SHIFT) - 1


@cache
def rank_multisets() -> tuple[tuple[int, ...], ...]:
    """All count vectors (13 counts, ace last) with each count <= 4 and total <= 7, by size."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == 13:
            out.append(prefix)
            return
        for c in range(min(4, left) + 1):
            extend((*prefix, c), left - c)

    extend((), MAX_CARDS)
    out.sort(key=lambda v: (sum(v), v))
    return tuple(out)


@cache
def multiset_keys() -> npt.NDArray[np.int64]:
    """The rank key of each multiset, in :func:`rank_multisets` order."""
    import numpy as np

    weights = np.array(RANK_KEYS, dtype=np.int64)
    return np.array(rank_multisets(), dtype=np.int64) @ weights


def ranks_of(counts: tuple[int, ...]) -> list[int]:
    """The ranks (2..14) of a count vector, highest first."""
    return [r + 2 for r in range(12, -1, -1) for _ in range(counts[r])]


def build_displacement(
    keys: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], int]:
    """A first-fit displacement hash: (displacement per row, slot per key, table size)."""
    import numpy as np

    from pokerbook.evaluation.kernels import first_fit_displacement

    rows = keys >> ROW_SHIFT
    cols = (keys & ROW_MASK).astype(np.int64)
    n_rows = int(rows.max()) + 1
    order = np.argsort(rows, kind="stable").astype(np.int64)
    row_start = np.searchsorted(rows[order], np.arange(n_rows + 1)).astype(np.int64)
    sizes = np.diff(row_start)
    by_size = np.argsort(-sizes, kind="stable").astype(np.int64)
    displacement = np.zeros(n_rows, dtype=np.int32)
    slots = np.zeros(len(keys), dtype=np.int32)
    first_fit_displacement(order, row_start, by_size, cols, displacement, slots)
    return displacement, slots, int(slots.max()) + 1


def first_fit_numpy(
    keys: npt.NDArray[np.int64], window: int = 16384
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """:func:`build_displacement`'s hash (displacement per row, slot per key: the same
    numbers) worked out with NumPy alone, a window of candidate displacements at a
    time: no compiler to wait for on a scale's first hand on a new machine."""
    import numpy as np

    rows = keys >> ROW_SHIFT
    cols = (keys & ROW_MASK).astype(np.int64)
    n_rows = int(rows.max()) + 1
    order = np.argsort(rows, kind="stable")
    row_start = np.searchsorted(rows[order], np.arange(n_rows + 1))
    sizes = np.diff(row_start)
    displacement = np.zeros(n_rows, dtype=np.int32)
    slots = np.zeros(len(keys), dtype=np.int32)
    used = np.zeros(4 * len(keys) + 4096 + 2 * window + ROW_MASK, dtype=np.bool_)
    first_free = 0
    for row in np.argsort(-sizes, kind="stable").tolist():
        members = order[row_start[row] : row_start[row + 1]]
        if not len(members):
            break
        row_cols = cols[members]
        d = max(0, first_free - int(row_cols.min()))
        while True:
            taken = np.zeros(window, dtype=np.bool_)
            for c in row_cols.tolist():
                taken |= used[d + c : d + c + window]
            free = np.flatnonzero(~taken)
            if len(free):
                d += int(free[0])
                break
            d += window
        used[d + row_cols] = True
        slots[members] = d + row_cols
        displacement[row] = d
        while used[first_free]:
            first_free += 1
    return displacement, slots
