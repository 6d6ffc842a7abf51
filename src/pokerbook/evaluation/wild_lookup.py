"""Reading the wild-card tables (:mod:`pokerbook.evaluation.wild_tables` builds them),
without NumPy: a table on disk is read as flat int64 items, so a wild-card game's
first hand costs the read, not NumPy's import."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Final

from pokerbook.cards.card import RANK_KEY_MASK, Card
from pokerbook.evaluation.multisets import MAX_CARDS
from pokerbook.evaluation.table_cache import multiset_key_list

#: wild cards beyond five play like five (a hand has five cards)
MAX_WILD: Final = 5
#: the version of the tables' layout, part of their cache fingerprint
WILD_FORMAT: Final = "1"
#: the 13-bit rank masks of one suit
MASKS: Final = 1 << 13


@cache
def multiset_index() -> dict[int, int]:
    """The position of each rank key in :func:`~pokerbook.evaluation.multisets.rank_multisets`."""
    keys = multiset_key_list()
    return dict(zip(keys, range(len(keys)), strict=True))


def row_width() -> int:
    """The items of one row of a wild table: one a rank multiset, then one a mask."""
    return len(multiset_index()) + MASKS


class WildTable:
    """One scale's best values with wild cards playing one way: a row for each count
    of wild cards from 1 to :data:`MAX_WILD`, each the best value by the naturals'
    rank multiset, then the best flush by one suit's rank mask (``-1``: none)."""

    __slots__ = ("_flush", "_flushes", "_index", "_ranks")

    def __init__(self, items: array[int], flushes: bool) -> None:
        """``items``: the table's rows one after another (int64, as stored)."""
        width = row_width()
        if len(items) != MAX_WILD * width:
            raise ValueError(f"a wild table holds {MAX_WILD} x {width} items, not {len(items)}")
        count = width - MASKS
        starts = range(0, MAX_WILD * width, width)
        self._ranks: list[array[int]] = [items[at : at + count] for at in starts]
        self._flush: list[array[int]] = [items[at + count : at + width] for at in starts]
        self._flushes = flushes
        self._index = multiset_index()

    def value(self, naturals: Sequence[Card], wild_count: int) -> int:
        """The best value of the natural cards with ``wild_count`` (>= 1) wild cards;
        ``-1`` if no hand can be made."""
        if len(naturals) > MAX_CARDS:
            return max(self.value(seven, wild_count) for seven in combinations(naturals, 7))
        row = min(wild_count, MAX_WILD) - 1
        key = 0
        masks = [0, 0, 0, 0]
        for c in naturals:
            key += c.key
            masks[c.suit] |= c.bit
        best: int = self._ranks[row][self._index[key & RANK_KEY_MASK]]
        if self._flushes:
            flush = self._flush[row]
            best = max(best, flush[masks[0]], flush[masks[1]], flush[masks[2]], flush[masks[3]])
        return best
