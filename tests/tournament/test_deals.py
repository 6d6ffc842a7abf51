"""Deals the players still in agree to (004 r.109; 001 r.36-38): even split, chip chop
and ICM, each in whole money units summing exactly to the prizes left."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.tournament.deals import DealError, chip_chop, even_split, icm_deal
from pokerbook.tournament.icm import icm_values

Deal = Callable[[Sequence[int], Sequence[int]], list[int]]
DEALS: list[Deal] = [even_split, chip_chop, icm_deal]


def test_004_r109_even_split_odd_units_to_the_bigger_stacks() -> None:
    assert even_split([100, 500, 300], [700, 250, 51]) == [333, 334, 334]
    assert even_split([200, 200], [101]) == [51, 50]  # equal stacks: the earlier player


def test_004_r109_chip_chop_last_prize_to_everyone_and_the_rest_by_chips() -> None:
    # 100 each for sure, then 200 by chips 3:1
    assert chip_chop([3000, 1000], [300, 100]) == [250, 150]
    # fewer prizes than players: the last place still open pays nothing
    assert chip_chop([600, 300, 100], [700, 300]) == [600, 300, 100]


def test_004_r109_chip_chop_odd_units_to_the_largest_fractions() -> None:
    # 1000 by chips 1:1:1 is 333.33 each; equal fractions: the bigger stack, then earlier
    assert chip_chop([100, 100, 100], [1000, 0, 0]) == [334, 333, 333]
    # 100 each for sure, the other 600 by chips 4:1:1
    shares = chip_chop([4000, 1000, 1000], [500, 300, 100])
    assert sum(shares) == 900
    assert shares == [100 + 400, 100 + 100, 100 + 100]


def test_004_r109_icm_deal_is_the_icm_values_in_whole_units() -> None:
    stacks, prizes = [5000, 3000, 2000], [500, 300, 201]
    values = icm_values(stacks, prizes)
    deal = icm_deal(stacks, prizes)
    assert sum(deal) == 1001
    assert all(abs(d - v) < 1 for d, v in zip(deal, values, strict=True))
    assert deal == [384, 328, 289]  # 383.93, 327.75, 289.32: the unit to the .93


@settings(max_examples=150, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 100_000), min_size=1, max_size=8),
    prizes=st.lists(st.integers(0, 100_000), min_size=1, max_size=8),
)
def test_004_r109_every_deal_pays_whole_units_summing_exactly_to_the_prizes(
    stacks: list[int], prizes: list[int]
) -> None:
    prizes = sorted(prizes, reverse=True)[: len(stacks)]
    for deal in DEALS:
        shares = deal(stacks, prizes)
        assert len(shares) == len(stacks)
        assert sum(shares) == sum(prizes)
        assert all(isinstance(s, int) and s >= 0 for s in shares)
        for a, b in itertools.combinations(range(len(stacks)), 2):
            if stacks[a] >= stacks[b]:
                assert shares[a] >= shares[b], deal.__name__
    exact = [Fraction(sum(prizes), len(stacks))] * len(stacks)
    assert all(abs(s - e) < 1 for s, e in zip(even_split(stacks, prizes), exact, strict=True))
    last = ([*prizes, *[0] * len(stacks)])[len(stacks) - 1]
    rest = sum(prizes) - last * len(stacks)
    chop = chip_chop(stacks, prizes)
    for share, stack in zip(chop, stacks, strict=True):
        assert abs(share - last - Fraction(rest * stack, sum(stacks))) < 1
    values = icm_values(stacks, prizes)
    assert all(abs(d - v) < 1 for d, v in zip(icm_deal(stacks, prizes), values, strict=True))


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize(
    ("stacks", "prizes"),
    [([], []), ([100, 200], [300, 200, 100]), ([100, 200], [100, 200]), ([-5, 10], [1])],
)
def test_deals_that_do_not_fit_are_refused(
    deal: Deal, stacks: list[int], prizes: list[int]
) -> None:
    with pytest.raises(DealError):
        deal(stacks, prizes)


def test_chip_chop_needs_chips() -> None:
    with pytest.raises(DealError, match="chips"):
        chip_chop([0, 0], [10, 5])
