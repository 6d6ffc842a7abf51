"""The kernels' tables: the hash of each hand size's rank keys, read as one block of
the multisets, is the hash built from that size's keys picked out of the whole list."""

from __future__ import annotations

import numpy as np
import pytest

from pokerbook.equity.kernels_tables import size_hash
from pokerbook.evaluation.multisets import (
    ROW_SHIFT,
    build_displacement,
    multiset_keys,
    rank_multisets,
)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_a_size_s_hash_is_built_from_exactly_its_multisets(size: int) -> None:
    found = size_hash(size)
    sizes = np.array([sum(counts) for counts in rank_multisets()])
    chosen = np.flatnonzero(sizes == size)
    assert np.array_equal(np.arange(len(sizes))[found.chosen], chosen)
    keys = multiset_keys()[chosen]
    disp, slots, table = build_displacement(keys)
    assert len(found.disp) == int(keys.max() >> ROW_SHIFT) + 1
    assert np.array_equal(found.disp, disp)
    assert np.array_equal(found.slots, slots)
    assert found.size == table
    at = found.disp[keys >> ROW_SHIFT].astype(np.int64) + (keys & ((1 << ROW_SHIFT) - 1))
    assert np.array_equal(np.sort(at), np.sort(found.slots))
    assert len(set(at.tolist())) == len(keys)  # a perfect hash: no two keys share a slot
