"""Compiled helpers (numba).  Imported lazily: ``import pokerbook`` stays fast."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerbook.evaluation.compiled import numba


@numba.njit(cache=True)
def first_fit_displacement(
    order: npt.NDArray[np.int64],
    row_start: npt.NDArray[np.int64],
    by_size: npt.NDArray[np.int64],
    cols: npt.NDArray[np.int64],
    displacement: npt.NDArray[np.int32],
    slots: npt.NDArray[np.int32],
) -> None:
    capacity = 4 * len(cols) + 4096
    used = np.zeros(capacity, dtype=np.bool_)
    first_free = 0
    for row in by_size:
        lo = row_start[row]
        hi = row_start[row + 1]
        if hi == lo:
            break
        min_col = cols[order[lo]]
        for i in range(lo, hi):
            min_col = min(min_col, cols[order[i]])
        d = max(0, first_free - min_col)
        while True:
            fits = True
            for i in range(lo, hi):
                if used[d + cols[order[i]]]:
                    fits = False
                    break
            if fits:
                break
            d += 1
        for i in range(lo, hi):
            slot = d + cols[order[i]]
            used[slot] = True
            slots[order[i]] = slot
        displacement[row] = d
        while used[first_free]:
            first_free += 1
