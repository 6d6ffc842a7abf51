"""Shootout table sizes (000 §1.3.3, E-36)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerbook.tournament.shootout import (
    ShootoutError,
    first_round_tables,
    full_table_counts,
    shootout_rounds,
    shootout_tables,
)


def test_e36_216_six_max() -> None:
    assert shootout_tables(216, 6) == [6] * 36
    assert shootout_rounds(216, 6, 1) == [[6] * 36, [6] * 6, [6]]


def test_e36_75_nine_max() -> None:
    tables = shootout_tables(75, 9)
    assert len(tables) == 9
    assert tables.count(8) == 6
    assert tables.count(9) == 3
    assert shootout_rounds(75, 9, 1) == [tables, [9]]


def test_e36_a_field_one_short_a_table_fills_the_full_count() -> None:
    # 700 nine-max: 78 tables would seat them, but 81 (9^2) tables one short at most
    # send 81 winners to 9 full tables and 9 to the final
    assert first_round_tables(700, 9) == 81
    rounds = shootout_rounds(700, 9, 1)
    assert sorted(set(rounds[0])) == [8, 9]
    assert rounds[1:] == [[9] * 9, [9]]


def test_000_1_3_3_a_field_far_from_a_full_count_uses_the_fewest_tables() -> None:
    assert shootout_rounds(100, 9, 1) == [[9] * 4 + [8] * 8, [6, 6], [2]]
    assert shootout_tables(5, 9) == [5]


def test_000_1_3_3_two_advance_from_each_table() -> None:
    assert full_table_counts(9, 2, 100) == [1, 4, 18, 81]
    assert shootout_rounds(36, 9, 2) == [[9] * 4, [8]]
    assert shootout_rounds(18, 6, 2) == [[6] * 3, [6]]
    assert shootout_rounds(70, 9, 2) == [[9] * 6 + [8] * 2, [8, 8], [4]]


def test_shootout_refuses_what_cannot_finish() -> None:
    with pytest.raises(ShootoutError, match="one or two"):
        shootout_tables(20, 9, 3)
    with pytest.raises(ShootoutError, match="too small"):
        shootout_tables(20, 3, 2)
    with pytest.raises(ShootoutError, match="two or more"):
        shootout_tables(1, 9)


@given(
    entrants=st.integers(2, 3000),
    table_size=st.integers(4, 10),
    advance=st.sampled_from([1, 2]),
)
def test_every_round_seats_its_players_evenly_and_ends_at_one_table(
    entrants: int, table_size: int, advance: int
) -> None:
    rounds = shootout_rounds(entrants, table_size, advance)
    assert sum(rounds[0]) == entrants
    assert len(rounds[-1]) == 1
    for before, after in itertools.pairwise(rounds):
        assert sum(after) == sum(min(advance, seated) for seated in before)
        assert sum(after) < sum(before)
    for tables in rounds:
        assert max(tables) <= table_size
        assert max(tables) - min(tables) <= 1
    first = rounds[0]
    fewest = -(-entrants // table_size)
    # never fewer tables than seat the field; more only to fill the later rounds, with
    # no table more than one short
    assert len(first) >= fewest
    if len(first) > fewest:
        assert min(first) >= table_size - 1
        assert len(first) in full_table_counts(table_size, advance, len(first))
