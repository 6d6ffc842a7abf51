"""The independent chip model (Malmuth-Harville) the ICM deal and ``tournament icm`` use."""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.tournament.icm import (
    MAX_SETS,
    ICMError,
    ICMSizeError,
    finish_chances,
    icm_values,
    placed_sets,
)


def harville_by_orders(stacks: Sequence[int], places: int) -> list[list[float]]:
    """The same chances the slow way: every order of the paid places' finishers, its
    chance the product of each next player's share of the chips not yet placed."""
    n = len(stacks)
    chances = [[0.0] * min(places, n) for _ in range(n)]
    for order in itertools.permutations(range(n), min(places, n)):
        p, left = 1.0, sum(stacks)
        for player in order:
            p *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order):
            chances[player][place] += p
    return chances


def test_malmuth_harville_three_players_known_values() -> None:
    # the textbook example: stacks 50/30/20 for prizes 50/30/20
    values = icm_values([5000, 3000, 2000], [50, 30, 20])
    assert values == pytest.approx([38.392857, 32.75, 28.857143], abs=1e-6)
    # by hand: the 30% stack is 2nd after 1st (0.5 x 3/5) or after 3rd (0.2 x 3/8)
    chances = finish_chances([5000, 3000, 2000], 3)
    assert chances[1][1] == pytest.approx(0.5 * 3 / 5 + 0.2 * 3 / 8)


def test_malmuth_harville_first_place_chance_is_the_share_of_the_chips() -> None:
    stacks = [7000, 2000, 900, 100]
    chances = finish_chances(stacks, 2)
    assert [row[0] for row in chances] == pytest.approx([s / 10_000 for s in stacks])


@settings(max_examples=60, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 10_000), min_size=1, max_size=6),
    places=st.integers(1, 6),
)
def test_malmuth_harville_matches_every_finishing_order(stacks: list[int], places: int) -> None:
    chances = finish_chances(stacks, places)
    expected = harville_by_orders(stacks, places)
    for row, want in zip(chances, expected, strict=True):
        assert row == pytest.approx(want, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 10_000), min_size=2, max_size=9),
    payouts=st.lists(st.integers(0, 1000), min_size=1, max_size=9),
)
def test_icm_values_sum_to_the_payouts_in_play_and_are_ordered_like_the_stacks(
    stacks: list[int], payouts: list[int]
) -> None:
    payouts.sort(reverse=True)
    values = icm_values(stacks, payouts)
    assert sum(values) == pytest.approx(sum(payouts[: len(stacks)]))
    for a, b in itertools.combinations(range(len(stacks)), 2):
        if stacks[a] > stacks[b]:
            assert values[a] >= values[b] - 1e-9
        if stacks[a] == stacks[b]:
            assert values[a] == pytest.approx(values[b])


@settings(max_examples=50, deadline=None)
@given(stacks=st.lists(st.integers(1, 10_000), min_size=2, max_size=8), data=st.data())
def test_icm_values_do_not_depend_on_the_seat_order(stacks: list[int], data: st.DataObject) -> None:
    payouts = [50, 30, 20]
    order = data.draw(st.permutations(range(len(stacks))))
    values = icm_values(stacks, payouts)
    moved = icm_values([stacks[i] for i in order], payouts)
    assert moved == pytest.approx([values[i] for i in order])


def test_every_place_and_every_player_is_certain_when_all_places_are_paid() -> None:
    chances = finish_chances([10, 20, 30, 40, 50], 5)
    for row in chances:
        assert sum(row) == pytest.approx(1)
    for place in range(5):
        assert sum(row[place] for row in chances) == pytest.approx(1)


def test_a_player_with_no_chips_takes_a_place_after_everyone_with_chips() -> None:
    chances = finish_chances([0, 300, 0, 100], 4)
    assert chances[0][:2] == chances[2][:2] == [0.0, 0.0]
    assert chances[0][2:] == pytest.approx([0.5, 0.5])
    assert icm_values([0, 0], [60, 40]) == pytest.approx([50, 50])


def test_ten_players_nine_places_are_fast() -> None:
    stacks = [1000 * (i + 1) for i in range(10)]
    start = time.perf_counter()
    values = icm_values(stacks, [30, 20, 14, 10, 8, 6, 5, 4, 3])
    assert time.perf_counter() - start < 1.0
    assert sum(values) == pytest.approx(100)


def test_the_largest_field_allowed_is_valued_and_a_larger_one_refused() -> None:
    assert placed_sets(16, 16) <= MAX_SETS < placed_sets(17, 17)
    values = icm_values([100 + i for i in range(16)], list(range(16, 0, -1)))
    assert sum(values) == pytest.approx(sum(range(1, 17)))
    with pytest.raises(ICMSizeError, match="17 players"):
        icm_values([100] * 17, list(range(17, 0, -1)))
    # fewer paid places let more players in
    assert len(icm_values([100 + i for i in range(20)], [50, 30, 20])) == 20


@pytest.mark.parametrize(
    ("stacks", "payouts"), [([], [1]), ([100, -1], [1]), ([100, 200], [5, -1])]
)
def test_stacks_and_payouts_the_model_cannot_take_are_refused(
    stacks: list[int], payouts: list[float]
) -> None:
    with pytest.raises(ICMError):
        icm_values(stacks, payouts)
