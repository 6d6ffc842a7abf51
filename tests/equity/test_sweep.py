"""Equity sweeps: published preflop equities, the same numbers whatever the workers,
samples by place, split games, exact sweeps and refusals."""

from __future__ import annotations

import pytest

from pokerbook.equity.starting_hands import starting_classes
from pokerbook.equity.sweep import (
    SweepError,
    class_seed,
    plan_sweep,
    sweep,
    value_class,
)
from pokerbook.games.catalogue import find_game

#: heads-up hold'em preflop against one random hand, as published (PokerStove's
#: tables: AA 85.20%, 72o 34.58%); the kernels' exhaustive enumeration of all
#: 2,097,572,400 deals agrees (AA 0.852037, 72o 0.345836)
PUBLISHED = {"AA": 0.8520, "72o": 0.3458}


def test_holdem_classes_reproduce_published_preflop_equities() -> None:
    spec, _, _ = plan_sweep("holdem", trials=300_000, seed=7)
    by_name = {c.name: (i, c) for i, c in enumerate(starting_classes(find_game("F01")))}
    for name, published in PUBLISHED.items():
        index, hand_class = by_name[name]
        row = value_class(spec, index, hand_class)
        assert row.error is not None
        assert 0 < row.error < 0.002
        # published to 4 places: within 4 standard errors and their rounding
        assert abs(row.equity - published) <= 4 * row.error + 0.00005, name


def test_a_holdem_sweep_ranks_aces_first_and_small_offsuit_cards_last() -> None:
    done = sweep("holdem", trials=20_000, seed=1)
    names = [row.hand_class.name for row in done.rows]
    assert len(names) == len(set(names)) == done.total == 169
    assert names[0] == "AA"
    assert {"72o", "32o"} <= set(names[-8:])
    equities = [row.equity for row in done.rows]
    assert equities == sorted(equities, reverse=True)
    # each row's equity is its combos' share of the deck: they average one half
    combos = sum(row.hand_class.combos for row in done.rows)
    average = sum(row.equity * row.hand_class.combos for row in done.rows) / combos
    assert average == pytest.approx(0.5, abs=0.002)


def test_more_opponents_lower_every_equity() -> None:
    one = sweep("holdem", trials=4000, classes=6, seed=3)
    two = sweep("holdem", trials=4000, classes=6, seed=3, opponents=2)
    heads_up = {row.index: row.equity for row in one.rows}
    assert {row.index for row in two.rows} == set(heads_up)
    assert all(row.equity < heads_up[row.index] for row in two.rows)


def test_a_class_keeps_its_numbers_inside_a_sample_or_the_whole() -> None:
    sample = sweep("F01", trials=2000, classes=9, seed=11)
    whole = {row.index: row for row in sweep("F01", trials=2000, seed=11).rows}
    assert sample.total == 169
    assert len(sample.rows) == 9
    for row in sample.rows:
        assert row == whole[row.index]


def test_class_seeds_differ_by_place_and_fit_the_samplers() -> None:
    seeds = {class_seed(5, index) for index in range(500)}
    assert len(seeds) == 500
    assert all(0 <= seed < 2**32 for seed in seeds)


@pytest.mark.slow  # two spawned workers start in seconds
def test_two_workers_give_the_same_sweep_as_one() -> None:
    alone = sweep("razz", trials=1500, classes=20, seed=4)
    spread = sweep("razz", trials=1500, classes=20, seed=4, workers=2)
    assert spread.rows == alone.rows
    assert len(alone.rows) == 20


def test_a_split_game_reports_high_low_and_scoop() -> None:
    result = sweep("S02", trials=2000, classes=4, seed=2).as_dict()
    assert result["classes"] == 1_755
    assert result["trials"] == 2000
    for row in result["rows"]:
        assert {"class", "hand", "combos", "equity", "high", "low", "scoop", "error"} <= set(row)
        assert 0 <= row["scoop"] <= row["equity"] <= 1


def test_an_exact_sweep_agrees_with_a_sampled_one() -> None:
    # five-card draw standing pat against one random hand: 1,533,939 deals a class
    exact = sweep("D01", exact=True, classes=2, seed=6)
    sampled = {row.index: row for row in sweep("D01", trials=40_000, classes=2, seed=6).rows}
    for row in exact.rows:
        assert row.error is None
        assert row.deals == 1_533_939
        other = sampled[row.index]
        assert other.error is not None
        assert abs(row.equity - other.equity) <= 4 * other.error + 1e-9
    assert exact.as_dict()["exact"] is True
    assert "trials" not in exact.as_dict()


def test_a_game_with_too_many_classes_asks_for_a_sample() -> None:
    with pytest.raises(SweepError, match=r"134,459 classes .* --classes N"):
        plan_sweep("D01")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"opponents": 0}, "at least one opponent"),
        ({"trials": 0}, "trials must be at least 1"),
        ({"exact": True, "trials": 10}, "no trials"),
        ({"classes": 0}, "at least one class"),
    ],
)
def test_bad_counts_are_refused(options: dict[str, int], words: str) -> None:
    with pytest.raises(SweepError, match=words):
        plan_sweep("holdem", **options)  # type: ignore[arg-type]


def test_workers_below_one_are_refused() -> None:
    with pytest.raises(SweepError, match="workers"):
        sweep("holdem", workers=0)
