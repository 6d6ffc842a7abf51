"""Exhaustive enumerations: every 5-card hand (scalar path), every 6- and 7-card hand (batch).

Expected counts are in ``tests/data/hand_frequencies.json``: the 5- and 6-card tables are
Oresteen's (004 FAQ; rules.md E-15, E-16), the 7-card table is standard combinatorics.
Low-scale counts are derived here from first principles (rank sets times suitings).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pokerbook import get_scale
from pokerbook.cards import STANDARD_CARDS
from pokerbook.evaluation.categories import Category

DATA = Path(__file__).resolve().parent.parent / "data" / "hand_frequencies.json"
C = Category
ALL_FIVE = comb(52, 5)

# independent counts for the standard deck
STRAIGHT_RANK_SETS = 10  # A-5 .. T-A
NO_PAIR_RANK_SETS = comb(13, 5)  # 1,287
SUITINGS = 4**5  # 1,024, of which 4 are one suit
PAIRED_COUNTS = {
    C.PAIR: 1_098_240,
    C.TWO_PAIR: 123_552,
    C.TRIPS: 54_912,
    C.FULL_HOUSE: 3_744,
    C.QUADS: 624,
}


def frequencies() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text())
    return data


def expected_counts(table: str) -> dict[Category, int]:
    return {Category.__members__[name]: n for name, n in frequencies()[table]["counts"].items()}


@cache
def scalar_values(scale: str) -> npt.NDArray[np.int64]:
    """The scale's value of every 5-card hand, in ``combinations`` order, via ``Scale.best``."""
    best = get_scale(scale).best
    return np.fromiter(
        (best(five) for five in combinations(STANDARD_CARDS, 5)), dtype=np.int64, count=ALL_FIVE
    )


def category_counts(scale: str, values: npt.NDArray[np.int64]) -> Counter[Category | None]:
    sc = get_scale(scale)
    distinct, counts = np.unique(values, return_counts=True)
    out: Counter[Category | None] = Counter()
    for v, n in zip(distinct.tolist(), counts.tolist(), strict=True):
        out[sc.category(v)] += n
    return out


def test_frequency_tables_add_up() -> None:
    data = frequencies()
    five = data["five_card"]
    assert sum(five["counts"].values()) == five["total"] == ALL_FIVE
    assert five["total"] - five["counts"]["HIGH_CARD"] == five["total_high_hands"]
    six = data["six_card"]
    assert sum(six["counts"].values()) + six["royal_flush"] == six["total"] == comb(52, 6)
    seven = data["seven_card"]
    assert sum(seven["counts"].values()) == seven["total"] == comb(52, 7)


# -- every five-card hand, scalar path ----------------------------------------------------------


@pytest.mark.slow
def test_all_2598960_five_card_hands_class_counts_004_faq_e15() -> None:
    counts = category_counts("high", scalar_values("high"))
    assert dict(counts) == expected_counts("five_card")


@pytest.mark.slow
def test_all_five_card_hands_7462_distinct_high_values() -> None:
    values = scalar_values("high")
    distinct = np.unique(values)
    assert len(distinct) == 7462
    # per category: 10 straight flushes, 156 quads, 156 full houses, 1,277 flushes,
    # 10 straights, 858 trips, 858 two pair, 2,860 pairs, 1,277 high cards
    per_category = Counter(get_scale("high").category(v) for v in distinct.tolist())
    assert dict(per_category) == {
        C.STRAIGHT_FLUSH: 10,
        C.QUADS: 156,
        C.FULL_HOUSE: 156,
        C.FLUSH: 1277,
        C.STRAIGHT: 10,
        C.TRIPS: 858,
        C.TWO_PAIR: 858,
        C.PAIR: 2860,
        C.HIGH_CARD: 1277,
    }


@pytest.mark.slow
def test_all_five_card_hands_a5_low() -> None:
    # straights and flushes ignored: every no-pair rank set in all 1,024 suitings is a no-pair
    # low, and each of the 6,175 rank multisets is a different value
    values = scalar_values("a5-low")
    assert len(np.unique(values)) == comb(13 + 4, 5) - 13
    counts = category_counts("a5-low", values)
    assert dict(counts) == {C.HIGH_CARD: NO_PAIR_RANK_SETS * SUITINGS, **PAIRED_COUNTS}
    # the best is the wheel, in all its 1,024 suitings
    assert int((values == values.max()).sum()) == SUITINGS


@pytest.mark.slow
def test_all_five_card_hands_27_low() -> None:
    # no wheel: 9 straights (6-2 .. A-T); A-5-4-3-2 is a no-pair ace-high hand
    straights = 9
    values = scalar_values("27-low")
    assert len(np.unique(values)) == 7462
    counts = category_counts("27-low", values)
    assert dict(counts) == {
        C.HIGH_CARD: (NO_PAIR_RANK_SETS - straights) * (SUITINGS - 4),
        C.STRAIGHT: straights * (SUITINGS - 4),
        C.FLUSH: (NO_PAIR_RANK_SETS - straights) * 4,
        C.STRAIGHT_FLUSH: straights * 4,
        **PAIRED_COUNTS,
    }
    # the best is 7-5-4-3-2 in the 1,020 suitings that are not a flush
    assert int((values == values.max()).sum()) == SUITINGS - 4


# -- every six- and seven-card hand, batch path -------------------------------------------------


def colex_table(n: int, k: int) -> npt.NDArray[np.uint8]:
    """All k-subsets of range(n), in colex order: those of range(m) are the first C(m, k)."""
    table = np.arange(n, dtype=np.uint8).reshape(-1, 1)
    for j in range(2, k + 1):
        parts = []
        for top in range(j - 1, n):
            m = comb(top, j - 1)
            block = np.empty((m, j), dtype=np.uint8)
            block[:, : j - 1] = table[:m]
            block[:, j - 1] = top
            parts.append(block)
        table = np.concatenate(parts)
    return table


def all_hands(size: int) -> Iterator[npt.NDArray[np.uint8]]:
    """Every ``size``-card hand of the 52-card deck, in chunks keyed by the two highest cards."""
    rest = colex_table(50, size - 2)
    for high in range(size - 1, 52):
        for second in range(size - 2, high):
            lower = rest[: comb(second, size - 2)]
            chunk = np.empty((len(lower), size), dtype=np.uint8)
            chunk[:, : size - 2] = lower
            chunk[:, size - 2] = second
            chunk[:, size - 1] = high
            yield chunk


def test_colex_chunks_cover_every_hand_once() -> None:
    hands = np.concatenate(list(all_hands(4)))
    assert len(hands) == comb(52, 4)
    as_sets = {tuple(sorted(row)) for row in hands.tolist()}
    assert len(as_sets) == comb(52, 4)
    assert all(len(set(s)) == 4 for s in as_sets)


def batch_counts(size: int) -> tuple[Counter[Category | None], int, int]:
    """(category counts, royal flushes, hands) of every ``size``-card hand on ``high``."""
    from pokerbook.evaluation import batch

    sc = get_scale("high")
    five = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    distinct = np.unique(batch.evaluate_batch("high", five))
    assert len(distinct) == 7462
    tally = np.zeros(len(distinct), dtype=np.int64)
    hands = 0
    for chunk in all_hands(size):
        values = batch.evaluate_batch("high", chunk)
        slot = np.searchsorted(distinct, values)
        # every best-five value is the value of some five-card hand
        assert np.array_equal(distinct[np.minimum(slot, len(distinct) - 1)], values)
        tally += np.bincount(slot, minlength=len(distinct))
        hands += len(chunk)
    counts: Counter[Category | None] = Counter()
    royals = 0
    for v, n in zip(distinct.tolist(), tally.tolist(), strict=True):
        category = sc.category(v)
        counts[category] += n
        if category is C.STRAIGHT_FLUSH and sc.ranks(v)[0] == 14:
            royals += n
    return counts, royals, hands


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_all_20358520_six_card_hands_oresteen_table_004_faq_e16() -> None:
    counts, royals, hands = batch_counts(6)
    table = frequencies()["six_card"]
    assert hands == table["total"]
    assert royals == table["royal_flush"]
    expected = expected_counts("six_card")
    expected[C.STRAIGHT_FLUSH] += table["royal_flush"]
    assert dict(counts) == expected


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_all_133784560_seven_card_hands_class_distribution() -> None:
    counts, royals, hands = batch_counts(7)
    assert hands == frequencies()["seven_card"]["total"]
    assert dict(counts) == expected_counts("seven_card")
    # royal flushes among seven cards: 4 suits x C(47, 2) other cards
    assert royals == 4 * comb(47, 2)


@pytest.mark.slow
def test_batch_equals_scalar_on_every_five_card_hand() -> None:
    from pokerbook.evaluation import batch

    five = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    for scale in ("high", "a5-low", "27-low"):
        assert np.array_equal(batch.evaluate_batch(scale, five), scalar_values(scale)), scale
