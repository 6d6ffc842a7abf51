"""evaluate_batch: every kernel against the scalar evaluate, row by row, and its input checks."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokerbook import evaluate, evaluate_batch, get_scale
from pokerbook.cards.card import STANDARD_CARDS, Card
from pokerbook.evaluation import batch_kernels as kern
from pokerbook.evaluation.batch import _any_five, _full_deck_bits
from pokerbook.evaluation.row_kernels import WIDE_BLOCK
from pokerbook.evaluation.scale import Scale
from pokerbook.evaluation.table_scale import TableScale
from pokerbook.evaluation.usage import HoleUse

Rows = npt.NDArray[np.uint8]
FULL_DECK = tuple(range(52))
SHORT_DECK = tuple(c.index for c in STANDARD_CARDS if c.rank >= 6)


def deal(rng: np.random.Generator, n: int, k: int, deck: Sequence[int] = FULL_DECK) -> Rows:
    """``n`` rows of ``k`` distinct cards drawn from ``deck``."""
    cards = np.array(deck, dtype=np.uint8)
    order = np.argsort(rng.random((n, len(cards))), axis=1)[:, :k]
    return cards[order]


def rows_for(seed: int, n: int, k: int, deck: Sequence[int] = FULL_DECK) -> Rows:
    """``n`` random rows, and half as many again dealt from one or two suits (flush-heavy)."""
    rng = np.random.default_rng(seed)
    parts = [deal(rng, n, k, deck)]
    for suits in [*combinations(range(4), 1), *combinations(range(4), 2)]:
        suited = [c for c in deck if c % 4 in suits]
        if len(suited) >= k:
            parts.append(deal(rng, n // (8 * len(suits) + 8), k, suited))
    return np.concatenate(parts)


def scalar(
    scale: str | Scale, rows: Rows, hole: int | None = None, hole_use: HoleUse = None
) -> list[int]:
    sc = get_scale(scale)
    h = rows.shape[1] if hole is None else hole
    out = []
    for row in rows.tolist():
        cards = tuple(Card.of(c) for c in row)
        out.append(int(evaluate(sc, cards[:h], cards[h:], hole_use=hole_use)))
    return out


def assert_matches(
    scale: str, rows: Rows, hole: int | None = None, hole_use: HoleUse = None
) -> None:
    got = evaluate_batch(scale, rows, hole=hole, hole_use=hole_use)
    assert got.dtype == np.int64
    assert got.shape == (len(rows),)
    expected = scalar(scale, rows, hole, hole_use)
    bad = [i for i, (g, e) in enumerate(zip(got.tolist(), expected, strict=True)) if g != e]
    assert not bad, f"{len(bad)} rows differ, first {rows[bad[0]].tolist()}"


ANY_FIVE = [
    ("high", 5),
    ("high", 6),
    ("high", 7),
    ("a5-low", 5),
    ("a5-low", 7),
    ("27-low", 5),
    ("27-low", 6),
    ("27-low", 7),
    ("a6-low", 5),
    ("a6-low", 7),
    ("26-low", 7),
    ("madison", 7),
    ("quick-quads-high", 7),
    ("high", 3),
    ("a5-low", 1),
]


@pytest.mark.parametrize(("scale", "k"), ANY_FIVE)
def test_any_five_matches_scalar(scale: str, k: int) -> None:
    assert_matches(scale, rows_for(k, 13_000, k))


def test_short_deck_from_its_36_cards() -> None:
    assert_matches("short-deck-high", rows_for(36, 13_000, 7, SHORT_DECK))


@pytest.mark.parametrize(
    ("scale", "hole", "board"),
    [("high", 4, 5), ("high", 5, 5), ("27-low", 4, 5), ("a5-low", 4, 5), ("high", 4, 3)],
)
def test_omaha_uses_exactly_two_hole_cards(scale: str, hole: int, board: int) -> None:
    rows = rows_for(hole * 10 + board, 2_000, hole + board)
    assert_matches(scale, rows, hole=hole, hole_use=2)


def test_omaha_flush_needs_two_suited_hole_cards() -> None:
    # Four hearts on the board: Ah Kc makes no flush in Omaha, Ah Kh does.
    rows = np.array([[50, 44, 1, 5], [50, 46, 1, 5]], dtype=np.uint8)
    board = np.array([[10, 14, 18, 22, 36]] * 2, dtype=np.uint8)
    values = evaluate_batch("high", np.hstack([rows, board]), hole=4, hole_use=2)
    assert get_scale("high").describe(int(values[0])) != "Ace-high flush"
    assert get_scale("high").describe(int(values[1])) == "Ace-high flush"


def test_holdem_any_count_of_hole_cards() -> None:
    assert_matches("high", rows_for(25, 2_000, 7), hole=2, hole_use=range(3))


def test_draw_hand_uses_every_hole_card() -> None:
    assert_matches("27-low", rows_for(5, 2_000, 5), hole_use=5)


@pytest.mark.parametrize("scale", ["badugi", "badugi-ace-high"])
def test_badugi_four_cards(scale: str) -> None:
    assert_matches(scale, rows_for(4, 13_000, 4))


def test_any_integer_dtype_and_layout() -> None:
    rows = rows_for(1, 200, 7)
    expected = evaluate_batch("high", rows)
    for dtype in (np.int64, np.int32, np.int16, np.uint16, np.int8):
        assert (evaluate_batch("high", rows.astype(dtype)) == expected).all()
    assert (evaluate_batch("high", rows.tolist()) == expected).all()
    wide = np.repeat(rows, 2, axis=1)[:, ::2]  # a strided, non-contiguous view
    assert (evaluate_batch("high", wide) == expected).all()
    assert evaluate_batch("high", np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([1, 2, 3, 4, 5], "2-D"),
        (np.zeros((2, 2, 5), dtype=np.uint8), "2-D"),
        (np.array([[0.0, 1.0, 2.0, 3.0, 4.0]]), "integers"),
        ([[0, 1, 2, 3, -4]], "0..51"),
        ([[0, 1, 2, 3, 300]], "0..51"),
        (np.array([[0, 1, 2, 3, 99]], dtype=np.uint8), "0..51"),
        ([[0, 1, 2, 3, 52]], "joker"),
        (np.array([[0, 1, 2, 52, 4]], dtype=np.uint8), "joker"),
        ([[0, 1, 2, 3, 4], [0, 1, 2, 3, 1]], "row 1 holds 2d twice"),
    ],
)
def test_bad_input_is_a_clear_error(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_batch("high", cards)


@pytest.mark.parametrize("scale", ["high", "badugi", "points-21"])
def test_duplicates_are_caught_on_every_path(scale: str) -> None:
    with pytest.raises(ValueError, match="twice"):
        evaluate_batch(scale, [[0, 5, 9, 5]])


def test_card_outside_the_scales_deck() -> None:
    with pytest.raises(ValueError, match="not in the deck"):
        evaluate_batch("short-deck-high", [[51, 47, 43, 39, 0]])


def test_bad_hole_arguments() -> None:
    rows = rows_for(2, 5, 7)
    with pytest.raises(ValueError, match="hole must be"):
        evaluate_batch("high", rows, hole=8)
    with pytest.raises(ValueError, match="no legal"):
        evaluate_batch("high", rows[:, :5], hole=3, hole_use=1)
    with pytest.raises(ValueError, match="hole_use"):
        evaluate_batch("high", rows, hole=2, hole_use=-1)


def test_python_fallback_for_other_scales() -> None:
    rows = rows_for(3, 300, 5)
    for name in ("points-21", "canadian-high", "spade-count"):
        assert not isinstance(get_scale(name), TableScale)
        assert_matches(name, rows)
    assert_matches("high", rows_for(8, 100, 8))  # more than seven cards: no kernel


def test_import_does_not_load_numba() -> None:
    code = "import sys, pokerbook; assert 'numba' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


Shape = tuple[str, int, int | None, int | None]
KERNEL_SHAPES: list[Shape] = [
    ("high", 7, None, None),
    ("high", 5, None, None),
    ("high", 9, 4, 2),
    ("27-low", 7, None, None),
    ("a5-low", 6, None, None),
    ("badugi", 4, None, None),
    ("points-21", 3, None, None),
]


@pytest.mark.parametrize(("scale", "k", "hole", "hole_use"), KERNEL_SHAPES)
def test_int64_rows_give_the_uint8_values_on_every_kernel(
    scale: str, k: int, hole: int | None, hole_use: int | None
) -> None:
    rows = rows_for(11, 400, k)
    expected = evaluate_batch(scale, rows, hole=hole, hole_use=hole_use)
    wide = rows.astype(np.int64)
    assert (evaluate_batch(scale, wide, hole=hole, hole_use=hole_use) == expected).all()


@pytest.mark.parametrize(("scale", "k", "hole", "hole_use"), KERNEL_SHAPES)
@pytest.mark.parametrize("bad", [-1, 256, 257, 511, 2**40, -(2**62)])
def test_int64_values_outside_the_deck_are_named_on_every_kernel(
    scale: str, k: int, hole: int | None, hole_use: int | None, bad: int
) -> None:
    # values that would wrap to a valid card if narrowed to a byte (256 -> 2c, 257 -> 2d ...)
    rows = rows_for(12, 50, k).astype(np.int64)
    rows[30, k - 1] = bad
    with pytest.raises(ValueError, match=f"row 30, column {k - 1} holds {bad}"):
        evaluate_batch(scale, rows, hole=hole, hole_use=hole_use)


BLOCK = WIDE_BLOCK  # int64 rows are read by their low byte and checked a block at a time


@pytest.mark.parametrize(("scale", "k", "hole", "hole_use"), KERNEL_SHAPES)
@pytest.mark.parametrize("row", [0, BLOCK - 1, BLOCK, BLOCK + BLOCK // 3, 2 * BLOCK + 9])
def test_an_int64_value_whose_low_byte_is_a_card_is_caught_in_any_block(
    scale: str, k: int, hole: int | None, hole_use: int | None, row: int
) -> None:
    # the first, last and a middle row of a block, and the short last block
    rows = rows_for(14, 2 * BLOCK + 10, k)[: 2 * BLOCK + 10].astype(np.int64)
    rows[row, 0] += 1 << 8  # the same card in its low byte
    with pytest.raises(ValueError, match=f"row {row}, column 0 holds {rows[row, 0]}"):
        evaluate_batch(scale, rows, hole=hole, hole_use=hole_use)


def test_the_first_bad_row_of_int64_rows_is_found_across_blocks() -> None:
    def firsts(rows: npt.NDArray[np.int64]) -> tuple[int, int]:
        out = np.empty(len(rows), np.int64)
        high = get_scale("high")
        assert isinstance(high, TableScale)
        return int(kern.check_rows(rows, _full_deck_bits())), _any_five(high, rows, out)

    rows = rows_for(15, 3 * BLOCK, 7)[: 3 * BLOCK].astype(np.int64)
    assert firsts(rows) == (-1, -1)
    late, wide, early, before = 2 * BLOCK + 20, 2 * BLOCK + 10, 2 * BLOCK + 2, BLOCK + 5
    rows[late, 3] = rows[late, 2]  # a repeated card after a wide value in its block
    rows[wide, 1] += 1 << 40
    assert firsts(rows) == (wide, wide)
    rows[early, 4] = rows[early, 0]  # and one before it
    assert firsts(rows) == (early, early)
    rows[before, 5] = -3  # a wide value in an earlier block
    assert firsts(rows) == (before, before)


def test_an_out_of_range_value_is_named_before_an_earlier_repeated_card() -> None:
    rows = rows_for(13, 20, 7).astype(np.int64)
    rows[2, 1] = rows[2, 0]
    rows[9, 3] = 300
    with pytest.raises(ValueError, match="row 9, column 3 holds 300"):
        evaluate_batch("high", rows)
    rows[9, 3] = 51 if 51 not in rows[9] else 50
    with pytest.raises(ValueError, match=r"row 2 holds \w\w twice"):
        evaluate_batch("high", rows)


Integer = type[np.integer[Any]]
DTYPES: list[Integer] = [
    np.int64,
    np.int32,
    np.int16,
    np.int8,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
]


def outcome(scale: str, cards: object, hole: int | None, hole_use: int | None) -> object:
    """The values of a batch as a list, or the message of the error it raises."""
    try:
        return evaluate_batch(scale, cards, hole=hole, hole_use=hole_use).tolist()
    except ValueError as error:
        return str(error)


@st.composite
def card_arrays(draw: st.DrawFn) -> tuple[Shape, Integer, list[list[int]]]:
    """A kernel shape, an integer dtype and rows of distinct cards, some holding a
    value outside the deck (any the dtype holds) or a repeated card."""
    shape = draw(st.sampled_from(KERNEL_SHAPES[:-1]))
    dtype = draw(st.sampled_from(DTYPES))
    low, high = max(int(np.iinfo(dtype).min), -(2**62)), min(int(np.iinfo(dtype).max), 2**62)
    k = shape[1]
    rows = draw(st.lists(st.permutations(range(52)).map(lambda p: p[:k]), min_size=1, max_size=30))
    for _ in range(draw(st.integers(0, 2))):
        r, j = draw(st.integers(0, len(rows) - 1)), draw(st.integers(0, k - 1))
        bad = st.integers(52, high) | st.sampled_from(rows[r])
        if low < 0:
            bad |= st.integers(low, -1)
        rows[r] = [*rows[r][:j], draw(bad), *rows[r][j + 1 :]]
    return shape, dtype, rows


@given(card_arrays())
# a joker before an index past it: every dtype names the index out of range first
@example((("high", 7, None, None), np.uint8, [[52, 53, 2, 3, 4, 5, 6]]))
@settings(max_examples=150, deadline=None)
def test_every_integer_dtype_gives_what_int64_gives(
    case: tuple[Shape, Integer, list[list[int]]],
) -> None:
    (scale, _, hole, hole_use), dtype, rows = case
    wide = outcome(scale, np.array(rows, dtype=np.int64), hole, hole_use)
    assert outcome(scale, np.array(rows, dtype=dtype), hole, hole_use) == wide
    if isinstance(wide, list):
        assert outcome(scale, np.array(rows, dtype=np.uint8), hole, hole_use) == wide
        assert wide == scalar(scale, np.array(rows, dtype=np.uint8), hole, hole_use)


@given(
    st.sampled_from(KERNEL_SHAPES),
    st.sampled_from(DTYPES),
    st.lists(st.permutations(range(52)), min_size=1, max_size=40),
    st.booleans(),
)
@settings(max_examples=120, deadline=None)
def test_valid_rows_of_every_dtype_and_layout_give_the_scalar_values(
    shape: Shape, dtype: Integer, decks: list[list[int]], fortran: bool
) -> None:
    scale, k, hole, hole_use = shape
    rows = np.array([deck[:k] for deck in decks], dtype=np.uint8)
    expected = scalar(scale, rows, hole, hole_use)
    cards = np.array(rows, dtype=dtype, order="F" if fortran else "C")  # F: not C-contiguous
    got = evaluate_batch(scale, cards, hole=hole, hole_use=hole_use)
    assert got.dtype == np.int64
    assert got.tolist() == expected
