"""The lowball "Number #" tables (000 App.A rows 1-55; 002 App.A row 56), rules.md E-14.

``tests/data/lowball_numbers.csv`` is the table transcribed from the seeds.  The best 56
hands of each scale, in order, must be exactly the table.
"""

from __future__ import annotations

import csv
from itertools import combinations, combinations_with_replacement, pairwise
from pathlib import Path

import pytest

from pokerbook import HandValue, evaluate
from pokerbook.evaluation.categories import Category
from pokerbook.evaluation.qualifiers import qualifies

DATA = Path(__file__).resolve().parent.parent / "data" / "lowball_numbers.csv"
RANK_CHARS = "23456789TJQKA"
COLUMNS = {"a5-low": "ace_to_five", "27-low": "deuce_to_seven", "a6-low": "ace_to_six"}


def table() -> list[dict[str, str]]:
    with DATA.open(newline="") as f:
        return list(csv.DictReader(f))


def column(scale: str) -> list[str]:
    return [row[COLUMNS[scale]] for row in table()]


def offsuit(ranks: str) -> str:
    """Cards of these ranks, never five of one suit (ranks may repeat up to four times)."""
    cards: list[str] = []
    for i, r in enumerate(ranks):
        suit = i % 4
        while f"{r}{'cdhs'[suit]}" in cards:
            suit = (suit + 1) % 4
        cards.append(f"{r}{'cdhs'[suit]}")
    return " ".join(cards)


def canonical(ranks: str, *, ace_low: bool) -> str:
    """Ranks written as the seeds write them: highest first, a low ace last as 'A'."""
    order = ("A" + RANK_CHARS[:-1]) if ace_low else RANK_CHARS
    return "".join(sorted(ranks, key=order.index, reverse=True))


def all_multisets() -> list[str]:
    return [
        "".join(m)
        for m in combinations_with_replacement(RANK_CHARS, 5)
        if max(m.count(r) for r in m) <= 4
    ]


def best_hands(scale: str, count: int) -> list[tuple[str, HandValue]]:
    """The ``count`` best rank multisets of a scale, best first, dealt off-suit."""
    ace_low = scale != "27-low"
    values = [(canonical(m, ace_low=ace_low), evaluate(scale, offsuit(m))) for m in all_multisets()]
    values.sort(key=lambda mv: mv[1], reverse=True)
    return values[: count + 1]


# -- the data file against the seeds' own description ------------------------------------------


def test_table_has_56_rows_numbered_in_order() -> None:
    rows = table()
    assert len(rows) == 56
    assert [int(r["number"]) for r in rows] == list(range(1, 57))


def test_sample_rows_from_rules_e14() -> None:
    rows = {int(r["number"]): r for r in table()}
    samples = {
        1: ("5432A", "75432", "6432A"),
        4: ("6542A", "76542", "6543A"),
        6: ("65432", "86432", "7532A"),
        9: ("7542A", "86543", "75432"),
        21: ("76543", "96532", "8542A"),
        22: ("8432A", "96542", "8543A"),
        52: ("87643", "98764", "87653"),
        53: ("8765A", "T5432", "9432A"),
        55: ("87653", "T6532", "9542A"),
        56: ("87654", "T6542", "9543A"),
    }
    for number, (a5, d7, a6) in samples.items():
        row = rows[number]
        assert (row["ace_to_five"], row["deuce_to_seven"], row["ace_to_six"]) == (a5, d7, a6)


def test_a6_column_is_27_column_minus_one_000_app_a() -> None:
    # "the Ace-to-Six hands are obtained merely by subtracting one from each digit"
    down = {RANK_CHARS[i + 1]: RANK_CHARS[i] for i in range(12)} | {"2": "A"}
    for row in table():
        shifted = "".join(down[c] for c in row["deuce_to_seven"])
        assert shifted == row["ace_to_six"], row["number"]


def _independent_order(ace_low: bool, straights: bool) -> list[str]:
    """No-pair five-rank hands in low order, without the engine: compare digits high to low."""
    values = list(range(1, 14)) if ace_low else list(range(2, 15))
    hands = []
    for combo in combinations(values, 5):
        if straights and combo[4] - combo[0] == 4:
            continue
        hands.append(sorted(combo, reverse=True))
    hands.sort()

    def char(v: int) -> str:
        return "A" if v in (1, 14) else RANK_CHARS[v - 2]

    return ["".join(char(v) for v in h) for h in hands]


def test_table_matches_an_enumeration_independent_of_the_engine() -> None:
    assert column("a5-low") == _independent_order(ace_low=True, straights=False)[:56]
    assert column("27-low") == _independent_order(ace_low=False, straights=True)[:56]
    assert column("a6-low") == _independent_order(ace_low=True, straights=True)[:56]


# -- the engine against the table -------------------------------------------------------------


@pytest.mark.parametrize("scale", ["a5-low", "27-low", "a6-low"])
def test_best_56_hands_are_the_number_table_000_app_a(scale: str) -> None:
    ranked = best_hands(scale, 56)
    values = [v for _, v in ranked]
    assert all(a > b for a, b in pairwise(values)), "no ties in the top 57"
    assert [name for name, _ in ranked[:56]] == column(scale)


@pytest.mark.parametrize("scale", ["27-low", "a6-low"])
def test_number_table_hands_single_suited_are_flushes_not_numbers_000_app_a(scale: str) -> None:
    # "the hand cannot be single-suited (a flush) to qualify in Deuce-to-Seven or Ace-to-Six"
    number_56 = evaluate(scale, offsuit(column(scale)[55]))
    for ranks in column(scale):
        flush = evaluate(scale, " ".join(r + "h" for r in ranks))
        assert flush.scale.category(int(flush)) is Category.FLUSH, ranks
        assert flush < number_56, ranks


def test_a5_single_suited_number_hands_are_the_same_numbers_000_app_a() -> None:
    for ranks in column("a5-low"):
        assert evaluate("a5-low", " ".join(r + "s" for r in ranks)) == evaluate(
            "a5-low", offsuit(ranks)
        )


def test_number_4_is_6542a_and_76542_000_app_a() -> None:
    assert best_hands("a5-low", 4)[3][0] == "6542A"
    assert best_hands("27-low", 4)[3][0] == "76542"


def test_number_53_is_the_perfect_ten_000_app_a() -> None:
    assert best_hands("27-low", 53)[52][0] == "T5432"
    assert best_hands("a6-low", 53)[52][0] == "9432A"


# -- counts and qualifiers ----------------------------------------------------------------------


def _count_qualifying(scale: str, qualifier: str) -> list[str]:
    ace_low = scale != "27-low"
    return [
        canonical(m, ace_low=ace_low)
        for m in all_multisets()
        if qualifies(evaluate(scale, offsuit(m)), qualifier)
    ]


def test_a5_21_sevens_or_better_000_app_a() -> None:
    sevens = _count_qualifying("a5-low", "7-or-better")
    assert len(sevens) == 21
    assert set(sevens) == set(column("a5-low")[:21])


def test_a5_56_eights_or_better_000_app_a() -> None:
    eights = _count_qualifying("a5-low", "8-or-better")
    assert len(eights) == 56
    assert set(eights) == set(column("a5-low"))


def test_a5_counts_by_top_card_000_app_a() -> None:
    # "one five (the wheel or nuts), 5 sixes, and 15 sevens ... There are 35 eights"
    tops = [h[0] for h in column("a5-low")]
    assert (tops.count("5"), tops.count("6"), tops.count("7"), tops.count("8")) == (1, 5, 15, 35)


def test_27_52_nines_or_better_000_app_a() -> None:
    # "four sevens, 14 eights, and 34 nines, for a total of 52 hands that are nine-or-better"
    nines = _count_qualifying("27-low", "9-or-better")
    assert len(nines) == 52
    assert set(nines) == set(column("27-low")[:52])
    tops = [h[0] for h in nines]
    assert (tops.count("7"), tops.count("8"), tops.count("9")) == (4, 14, 34)


def test_a6_52_eights_or_better_000_app_a() -> None:
    # "The same is true in Ace-to-Six; again, merely subtract one": 6-high 4, 7s 14, 8s 34
    eights = _count_qualifying("a6-low", "8-or-better")
    assert len(eights) == 52
    assert set(eights) == set(column("a6-low")[:52])
    tops = [h[0] for h in eights]
    assert (tops.count("6"), tops.count("7"), tops.count("8")) == (4, 14, 34)
