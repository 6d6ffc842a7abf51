"""Omaha's fast path gives the general path's values and errors, flushes above all."""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import suppress
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook import evaluate, scale_names
from pokerbook.cards import STANDARD_CARDS, Card, format_cards, parse
from pokerbook.evaluation.multisets import rank_multisets
from pokerbook.evaluation.quick import FLUSH_GOOD, NO_FLUSH, QuickTables, quick_tables
from pokerbook.evaluation.quick_omaha import (
    BOARD_RANK_KEYS,
    HOLE_RANK_KEYS,
    best_flush,
    omaha_evaluator,
    omaha_table,
    other_sums,
)
from pokerbook.evaluation.usage import evaluate_general

sys.path.insert(0, str(Path(__file__).parent))  # the fast-path tests' helper, beside them
from fast_paths import both_fast_paths  # noqa: F401 (every test, natively and in Python)

#: every scale with fast tables, hence an Omaha fast path
OMAHA_SCALES = tuple(name for name in scale_names() if quick_tables(name) is not None)


def tables_of(scale: str) -> QuickTables:
    found = quick_tables(scale)
    assert found is not None
    return found


def outcome(work: Callable[[], object]) -> tuple[str, str]:
    """A call's value, or the type and text of the error it raised."""
    try:
        value = work()
    except Exception as error:  # any error: compared, not hidden
        return type(error).__name__, str(error)
    return type(value).__name__, f"{value!r} {int(value)} {value}"  # type: ignore[call-overload]


def forms(hole: tuple[Card, ...], board: tuple[Card, ...]) -> list[tuple[Any, Any]]:
    """The same hand as Card tuples, text, text with suit symbols, lists, and mixed."""
    return [
        (hole, board),
        (format_cards(hole), format_cards(board)),
        (format_cards(hole, symbols=True), format_cards(board, symbols=True)),
        (list(hole), list(board)),
        ([str(c) for c in hole], board),
        (hole, format_cards(board).lower()),
    ]


def deal_from(suits: list[int]) -> st.SearchStrategy[list[Card]]:
    """Nine distinct cards of the given suits only: flushes and near-flushes galore."""
    pool = [c for c in STANDARD_CARDS if c.suit in suits]
    return st.permutations(pool).map(lambda cards: list(cards[:9]))


any_deal = st.permutations(STANDARD_CARDS).map(lambda cards: list(cards[:9]))
suited_deal = st.one_of(
    st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True).flatmap(deal_from),
    st.integers(0, 3).flatmap(lambda suit: deal_from([suit])),
)


@pytest.mark.parametrize("scale", OMAHA_SCALES)
@settings(max_examples=60, deadline=None)
@given(cards=st.one_of(any_deal, suited_deal))
def test_every_form_equals_the_general_path(scale: str, cards: list[Card]) -> None:
    hole, board = tuple(cards[:4]), tuple(cards[4:])
    expected = evaluate_general(scale, hole, board, hole_use=2)
    evaluate(scale, hole, board, hole_use=2)
    omaha = tables_of(scale).omaha
    assert omaha is not None
    for h, b in forms(hole, board):
        found = evaluate(scale, h, b, hole_use=2)
        assert found == expected
        assert int(found) == int(expected)
        assert str(found) == str(expected)
        fast = omaha(h, b)  # the fast path itself answers, unless a flush hurts
        assert fast == expected or (fast is None and tables_of(scale).flush_rule != FLUSH_GOOD)


@pytest.mark.parametrize("scale", OMAHA_SCALES)
@settings(max_examples=100, deadline=None)
@given(cards=suited_deal)
def test_flush_heavy_hands_equal_the_general_path(scale: str, cards: list[Card]) -> None:
    hole, board = tuple(cards[:4]), tuple(cards[4:])
    assert evaluate(scale, hole, board, hole_use=2) == evaluate_general(
        scale, hole, board, hole_use=2
    )


def test_a_scale_where_a_flush_hurts_sends_flushes_the_general_way() -> None:
    for scale in OMAHA_SCALES:
        rule = tables_of(scale).flush_rule
        omaha = omaha_evaluator(tables_of(scale))
        flush = parse("Ah Kh 2c 3d"), parse("Qh Jh 9h 4s 5c")
        plain = parse("Ah Kd 2c 3d"), parse("Qh Jh 9h 4s 5c")
        assert (omaha(*flush) is None) == (rule not in (NO_FLUSH, FLUSH_GOOD))
        assert omaha(*plain) == evaluate_general(scale, *plain, hole_use=2)


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("Ah Kd 7c 7d", "Ah Jc 9s 2c 3d"),  # a card in the hand and on the board
        ("Ah Kd 7c 7c", "Qh Jc 9s 2c 3d"),  # twice in the hand
        ("Ah Kd 7c 6c", "Qh Jc 9s 9s 3d"),  # twice on the board
        ("Ah Ah Ah Ah", "Qh Qh Qh Qh Qh"),
        ("Ah Kh 7h 6h", "Qh Jh 9h 2h 6h"),  # a repeat among flush cards
        ("Ah Kd 7c", "Qh Jc 9s 2c 3d"),  # three hole cards
        ("Ah Kd 7c 6c 5c", "Qh Jc 9s 2c"),  # five and four
        ("Ah Kd 7c Jo", "Qh Jc 9s 2c 3d"),  # the joker
        ("Ah Kd 7c Xd", "Qh Jc 9s 2c 3d"),  # not a card
        ("AhKd7c6c", "Qh Jc 9s 2c 3d"),  # run together
    ],
)
@pytest.mark.parametrize("scale", ["high", "27-low", "a5-low"])
def test_wrong_hands_get_the_general_paths_answer(scale: str, hole: str, board: str) -> None:
    shapes: list[tuple[Any, Any]] = [(hole, board), (hole.split(), board.split())]
    with suppress(ValueError):
        shapes.append((parse(hole), parse(board)))
    for h, b in shapes:
        general = outcome(lambda: evaluate_general(scale, h, b, hole_use=2))  # noqa: B023
        assert outcome(lambda: evaluate(scale, h, b, hole_use=2)) == general  # noqa: B023


@settings(max_examples=200, deadline=None)
@given(
    ix=st.lists(st.integers(0, 52), min_size=9, max_size=9),
    form=st.sampled_from(["tuples", "text", "lists"]),
)
def test_repeats_and_jokers_get_the_general_paths_answer(ix: list[int], form: str) -> None:
    cards = [Card.of(i) for i in ix]
    hole, board = tuple(cards[:4]), tuple(cards[4:])
    h: Any
    b: Any
    h, b = {
        "tuples": (hole, board),
        "text": (format_cards(hole), format_cards(board)),
        "lists": (list(hole), list(board)),
    }[form]
    general = outcome(lambda: evaluate_general("high", h, b, hole_use=2))
    assert outcome(lambda: evaluate("high", h, b, hole_use=2)) == general


def test_other_shapes_are_summed_or_refused() -> None:
    hole, board = parse("Ah Kd 7c 6c"), parse("Qh Jc 9s 2c 3d")
    assert other_sums("Ah Kd 7c 6c", "Qh Jc 9s 2c 3d") == other_sums(list(hole), list(board))
    assert other_sums("Ah Kd 7c", "Qh Jc 9s 2c 3d") is None
    assert other_sums([0, 1, 2, 3], board) is None  # indices: the general path reads them
    assert other_sums(hole, [["Qh"], "Jc", "9s", "2c", "3d"]) is None


def test_rank_keys_tell_every_multiset_apart() -> None:
    holes = {sum(HOLE_RANK_KEYS[r] for r in m) for m in combinations_with_replacement(range(13), 4)}
    assert len(holes) == 1820
    boards = {
        sum(BOARD_RANK_KEYS[r] for r in m)
        for m in combinations_with_replacement(range(13), 5)
        if m[0] != m[4]
    }
    assert len(boards) == 6175


@settings(max_examples=200, deadline=None)
@given(
    ranks=st.lists(st.integers(0, 12), min_size=5, max_size=9, unique=True),
    cut=st.integers(2, 4),
)
def test_best_flush_is_the_best_two_plus_three(ranks: list[int], cut: int) -> None:
    mine, shared = ranks[:cut], ranks[cut:]
    if len(shared) < 3 or len(shared) > 5:
        return
    flush5 = tables_of("high").flush_tables()[0]
    brute = max(
        flush5[sum(1 << r for r in two) | sum(1 << r for r in three)]
        for two in combinations(mine, 2)
        for three in combinations(shared, 3)
    )
    assert best_flush(flush5, sum(1 << r for r in mine), sum(1 << r for r in shared)) == brute


def test_the_evaluator_is_made_once_and_kept() -> None:
    evaluate("high", "Ah Kd 7c 6c", "Qh Jc 9s 2c 3d", hole_use=2)
    tables = tables_of("high")
    kept = tables.omaha
    assert kept is not None
    evaluate("high", "Ah Kd 7c 6c", "Qh Jc 9s 2c 4d", hole_use=2)
    assert tables.omaha is kept


def test_rank_sums_find_the_tables_row_and_column() -> None:
    """Every hole and board rank multiset finds its place in the table's order."""
    tables = tables_of("high")
    cols, rows, _ = omaha_table(tables.scale, tables.ints)
    fours = [v for v in rank_multisets() if sum(v) == 4]
    fives = [v for v in rank_multisets() if sum(v) == 5]
    for at, counts in enumerate(fours):
        assert cols[sum(c * k for c, k in zip(counts, HOLE_RANK_KEYS, strict=True))] == at
    for at, counts in enumerate(fives):
        key = sum(c * k for c, k in zip(counts, BOARD_RANK_KEYS, strict=True))
        assert rows[key] == at * len(fours)
