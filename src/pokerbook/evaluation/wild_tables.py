"""Wild cards on table scales, evaluated directly: one lookup for the ranks, four for flushes.

The best hand that natural cards make with ``w`` wild cards depends only on the
naturals' rank multiset, on which ranks each suit holds (for flushes), and on
``w``.  For a scale and a way of playing wild cards (:data:`JOKER_MODES`) two
tables are built once from the scale's own values:

* for each rank multiset of up to seven naturals and each ``w`` from 1 to 5 (more
  play as five): the best value of any choice of naturals completed by the wild
  cards, flushes aside;
* for each 13-bit rank mask of one suit and each ``w``: the best flush (or straight
  flush) those ranks complete with the wild cards, ``-1`` if none.

Both come from a completion table: the best value of a multiset ``S`` with ``u``
wild cards is the best over the rank ``r`` the first of them plays of ``S + r``
with ``u - 1`` wild cards, down to the scale's value of five cards (five of a kind
included).  The bug (an ace, or a card that makes a straight, flush or straight
flush) is the better of two completions: with aces only, and with any rank where
the hand made is one of those.  The tables give exactly what trying every
substitution gives (:mod:`pokerbook.evaluation.wild_reference`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerbook.cards.card import RANK_KEYS
from pokerbook.evaluation.categories import Category
from pokerbook.evaluation.multisets import MAX_CARDS, multiset_keys, rank_multisets
from pokerbook.evaluation.wild_lookup import MASKS, MAX_WILD

I64 = npt.NDArray[np.int64]

#: how a wild card may play: any card, the bug (an ace or a straight/flush maker), an ace
JOKER_MODES: Final = ("wild", "bug", "ace")
#: the hand categories the bug may make as something other than an ace
MADE_BY_BUG: Final = frozenset({Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH})
HAND: Final = 5
NOTHING: Final = -1

_ACE = 14
#: base-6 place of each rank (2..14 at 0..12) in a multiset code: counts up to five
_PLACE: Final = tuple(6**i for i in range(13))


@cache
def _structure() -> tuple[I64, I64, npt.NDArray[np.int32]]:
    """(size of each multiset, its base-6 code, the position of it less one card of
    each rank, or the sentinel past the end where it holds none)."""
    counts = np.array(rank_multisets(), dtype=np.int64)
    keys = multiset_keys()
    order = np.argsort(keys, kind="stable")
    child_keys = keys[:, None] - np.array(RANK_KEYS, dtype=np.int64)[None, :]
    found = np.searchsorted(keys[order], child_keys).clip(0, len(keys) - 1)
    children = np.where(counts > 0, order[found], len(keys)).astype(np.int32)
    codes = counts @ np.array(_PLACE, dtype=np.int64)
    return counts.sum(axis=1), codes, children


def _popcounts() -> I64:
    return np.array([m.bit_count() for m in range(MASKS)], dtype=np.int64)


# -- completions of rank multisets ------------------------------------------------------


def _base_values(multi: I64, five_of_a_kind: Callable[[int], int]) -> dict[int, int]:
    """The scale's value of every multiset of at most five ranks (counts up to five), by code."""
    sizes, codes, _ = _structure()
    small = np.flatnonzero(sizes <= HAND)
    base = dict(zip(codes[small].tolist(), multi[small].tolist(), strict=True))
    for rank in range(2, 15):
        base[HAND * _PLACE[rank - 2]] = five_of_a_kind(rank)
    return base


def _codes_by_size() -> list[list[int]]:
    """Every multiset of at most five ranks (counts up to five) as codes, by size."""
    return [
        [sum(_PLACE[i] for i in combo) for combo in combinations_with_replacement(range(13), s)]
        for s in range(HAND + 1)
    ]


def _complete(base: dict[int, int], candidates: Sequence[int]) -> list[dict[int, int]]:
    """``out[u][code]``: the best value of the multiset ``code`` with ``u`` wild cards,
    each playing one of the ``candidates`` ranks (``u`` up to five, sizes up to 5 - u)."""
    by_size = _codes_by_size()
    places = [_PLACE[r - 2] for r in candidates]
    out = [base]
    for u in range(1, MAX_WILD + 1):
        before = out[-1]
        out.append(
            {
                code: max(before[code + p] for p in places)
                for s in range(HAND - u + 1)
                for code in by_size[s]
            }
        )
    return out


def _rank_completions(
    base: dict[int, int], made: dict[int, int], mode: str, deck: Sequence[int]
) -> list[dict[int, int]]:
    """The completion tables of ``mode``: any deck rank, an ace, or the bug (the better
    of aces only and of any rank making a straight or flush)."""
    if mode == "wild":
        return _complete(base, deck)
    aces = _complete(base, [_ACE])
    if mode == "ace":
        return aces
    makers = _complete(made, deck)
    return [{code: max(v, makers[u][code]) for code, v in aces[u].items()} for u in range(6)]


def _best_of_subsets(completed: list[dict[int, int]]) -> list[I64]:
    """``out[u][i]``: the best value of multiset ``i`` (up to seven naturals) with ``u``
    wild cards: of the naturals themselves when they are at most 5 - u, else of the
    best 5 - u of them."""
    sizes, codes, children = _structure()
    out = []
    for u in range(MAX_WILD + 1):
        values = np.full(len(codes) + 1, NOTHING, dtype=np.int64)
        small = np.flatnonzero(sizes <= HAND - u)
        values[small] = [completed[u][c] for c in codes[small].tolist()]
        for s in range(HAND - u + 1, MAX_CARDS + 1):
            rows = np.flatnonzero(sizes == s)
            values[rows] = values[children[rows]].max(axis=1)
        out.append(values[:-1])
    return out


def _rank_rows(best: list[I64], mode: str) -> list[I64]:
    """Row ``w - 1``: the best value of each multiset with ``w`` wild cards, over the
    numbers of them that may play (all of them when wild; any number for the bug or
    an ace), never fewer than five cards when there are five."""
    sizes = _structure()[0]
    rows = []
    for w in range(1, MAX_WILD + 1):
        row = np.full(len(sizes), NOTHING, dtype=np.int64)
        for n in range(MAX_CARDS + 1):
            at = sizes == n
            size = min(HAND, n + w)
            uses: Iterable[int] = (
                [min(w, size)] if mode == "wild" else range(max(0, size - n), min(w, size) + 1)
            )
            for u in uses:
                row[at] = np.maximum(row[at], best[u][at])
        rows.append(row)
    return rows


# -- flushes ----------------------------------------------------------------------------------


def _flush_complete(base: I64, candidates: Sequence[int]) -> list[I64]:
    """``out[u][mask]``: the best flush of the ranks in ``mask`` (5 - u of them) with
    ``u`` wild cards each playing a candidate rank the mask lacks; ``-1`` elsewhere."""
    masks = np.arange(MASKS, dtype=np.int64)
    bits = _popcounts()
    out = [np.where(bits == HAND, base, NOTHING)]
    for u in range(1, MAX_WILD + 1):
        values = np.full(MASKS, NOTHING, dtype=np.int64)
        for r in candidates:
            bit = 1 << (r - 2)
            at = (bits == HAND - u) & (masks & bit == 0)
            values[at] = np.maximum(values[at], out[-1][masks[at] | bit])
        out.append(values)
    return out


def _flush_rows(completed: list[I64], mode: str) -> list[I64]:
    """Row ``w - 1``: the best flush of each suit's rank mask with ``w`` wild cards,
    from the best 5 - u of its ranks, over the numbers ``u`` that may play."""
    masks = np.arange(MASKS, dtype=np.int64)
    bits = _popcounts()
    best = []
    for u in range(MAX_WILD + 1):
        values = np.where(bits == HAND - u, completed[u], NOTHING)
        for p in range(HAND - u + 1, 14):
            at = bits == p
            for b in range(13):
                holds = at & (masks >> b & 1 == 1)
                values[holds] = np.maximum(values[holds], values[masks[holds] ^ (1 << b)])
        best.append(values)
    rows = []
    for w in range(1, MAX_WILD + 1):
        uses = [w] if mode == "wild" else range(w + 1)
        rows.append(np.maximum.reduce([best[u] for u in uses]))
    return rows


def build_wild_array(
    multi: I64,
    flush5: I64,
    value: Callable[[Sequence[int], bool], int],
    category: Callable[[int], Category],
    deck: Sequence[int],
    mode: str,
    flushes: bool,
) -> I64:
    """The tables of one scale and joker mode, as rows ``w = 1..5`` of the multiset
    values (in ``rank_multisets()`` order) followed by the 8,192 flush-mask values.

    ``multi`` is the scale's value of each rank multiset (flushes aside), ``flush5``
    its value of each five-rank flush mask, ``value`` and ``category`` its rules,
    ``deck`` the ranks its deck holds."""
    base = _base_values(multi, lambda r: value([r] * HAND, False))
    made = {code: v if category(v) in MADE_BY_BUG else NOTHING for code, v in base.items()}
    ranks = _rank_rows(_best_of_subsets(_rank_completions(base, made, mode, deck)), mode)
    if flushes:
        bits = _popcounts()
        fives = np.where(bits == HAND, flush5, NOTHING)
        if mode == "wild":
            completed = _flush_complete(fives, deck)
        else:
            completed = _flush_complete(fives, [_ACE])
            if mode == "bug":
                made_flush = np.array(
                    [
                        v if v >= 0 and category(v) in MADE_BY_BUG else NOTHING
                        for v in fives.tolist()
                    ]
                )
                makers = _flush_complete(made_flush, deck)
                completed = [np.maximum(a, m) for a, m in zip(completed, makers, strict=True)]
        flush_rows = _flush_rows(completed, mode)
    else:
        flush_rows = [np.full(MASKS, NOTHING, dtype=np.int64)] * MAX_WILD
    return np.concatenate([np.stack(ranks), np.stack(flush_rows)], axis=1)
