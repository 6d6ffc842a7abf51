"""Split tables: hands of exact hole-card counts on several boards, read from dense rank
tables, equal the table scale's own split of every board and a hand-by-hand search."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.cards.card import JOKER, STANDARD_CARDS, Card
from pokerbook.cards.notation import parse
from pokerbook.evaluation.scale import get_scale
from pokerbook.evaluation.table_scale import TableScale
from pokerbook.evaluation.usage_boards import (
    BoardParts,
    PartReader,
    columns,
    first_best,
    key_sums,
    parts_of,
    rank_key,
    split_parts,
    split_table,
)

#: the table scales a split table serves: a high with flushes, lows without them
SERVED = ("high", "a5-low", "26-low", "lowest-straight", "madison", "quick-quads-high")
#: a low that avoids flushes, and scales of a short deck: their own split instead
REFUSED = ("27-low", "a6-low", "short-deck-high", "mexican-high")


def _table_scale(name: str) -> TableScale:
    scale = get_scale(name)
    assert isinstance(scale, TableScale)
    return scale


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Card], list[list[Card]], tuple[int, ...]]:
    """Hole cards, one to four boards of three to five cards, and hole-card counts."""
    cards = draw(st.permutations(STANDARD_CARDS))
    holes = draw(st.integers(2, 6))
    sizes = draw(st.lists(st.integers(3, 5), min_size=1, max_size=4))
    counts = tuple(sorted(draw(st.sets(st.integers(0, 5), min_size=1, max_size=3))))
    hole, at, boards = list(cards[:holes]), holes, []
    for size in sizes:
        boards.append(list(cards[at : at + size]))
        at += size
    return hole, boards, counts


def _by_board(
    scale: TableScale, hole: list[Card], boards: list[list[Card]], counts: tuple[int, ...]
) -> int | None:
    """The best of the scale's own split, board by board (None: no count fits)."""
    found = [
        scale.best_split(hole, board, used)
        for board in boards
        for used in counts
        if used <= len(hole) and 5 - used <= len(board)
    ]
    return max(found) if found else None


def _hand_by_hand(
    scale: TableScale, hole: list[Card], boards: list[list[Card]], counts: tuple[int, ...]
) -> int | None:
    """Every five-card hand of the allowed counts, valued one by one."""
    found = [
        scale.exact(held + shared)
        for board in boards
        for used in counts
        for held in combinations(hole, used)
        for shared in combinations(board, 5 - used)
    ]
    return max(found) if found else None


@pytest.mark.parametrize("name", SERVED)
@settings(max_examples=40, deadline=None)
@given(deal=deals())
def test_best_equals_the_scale_split_board_by_board(
    name: str, deal: tuple[list[Card], list[list[Card]], tuple[int, ...]]
) -> None:
    scale = _table_scale(name)
    table = split_table(scale)
    assert table is not None
    hole, boards, counts = deal
    parts = BoardParts(boards)
    assert parts.best(table, hole, counts) == _by_board(scale, hole, boards, counts)
    # asked again (the boards' parts kept) and for another seat's cards: the same
    assert parts.best(table, hole, counts) == _by_board(scale, hole, boards, counts)
    other = list(reversed(hole))
    assert parts.best(table, other, counts) == _by_board(scale, other, boards, counts)


@pytest.mark.parametrize("name", ["high", "a5-low"])
@settings(max_examples=25, deadline=None)
@given(deal=deals())
def test_best_equals_every_hand_valued_alone(
    name: str, deal: tuple[list[Card], list[list[Card]], tuple[int, ...]]
) -> None:
    scale = _table_scale(name)
    table = split_table(scale)
    assert table is not None
    hole, boards, counts = deal
    assert BoardParts(boards).best(table, hole, counts) == _hand_by_hand(
        scale, hole, boards, counts
    )


def test_flushes_on_two_boards_are_found_board_by_board() -> None:
    # four hearts across the two boards, but no board holds three: no flush
    hole = list(parse("Ah Kh 2c 3d"))
    first = list(parse("Qh Jh 4s 5s 9c"))
    second = list(parse("Th 8h 6d 7d 2s"))
    table = split_table(get_scale("high"))
    assert table is not None
    value = BoardParts([first, second]).best(table, hole, (2,))
    assert "flush" not in get_scale("high").describe(value or 0).lower()
    # the third heart on the first board makes one
    first[2] = parse("9h")[0]
    value = BoardParts([first, second]).best(table, hole, (2,))
    assert value == _by_board(_table_scale("high"), hole, [first, second], (2,))
    assert "flush" in get_scale("high").describe(value or 0).lower()


def test_nothing_fits_and_jokers_are_left_to_evaluate() -> None:
    table = split_table(get_scale("high"))
    assert table is not None
    hole = list(STANDARD_CARDS[:4])
    board = list(STANDARD_CARDS[10:13])
    assert BoardParts([board]).best(table, hole, (1,)) is None  # needs four board cards
    assert BoardParts([board]).best(table, [*hole[:3], JOKER], (2,)) is None
    assert BoardParts([[*board[:2], JOKER]]).best(table, hole, (2,)) is None


@pytest.mark.parametrize("name", REFUSED)
def test_scales_with_their_own_split_have_no_table(name: str) -> None:
    assert split_table(get_scale(name)) is None


def test_a_scale_without_five_card_hands_has_no_table() -> None:
    assert split_table(get_scale("badugi")) is None


@pytest.mark.parametrize("count", range(4))
def test_columns_number_every_rank_multiset_of_real_cards(count: int) -> None:
    index = columns(count)
    keys = {rank_key(cards) for cards in combinations(STANDARD_CARDS, count)}
    assert set(index) == keys
    assert sorted(index.values()) == list(range(len(keys)))


@pytest.mark.parametrize(("count", "multisets"), [(4, 1820), (5, 6188 - 13)])
@settings(max_examples=60, deadline=None)
@given(cards=st.permutations(STANDARD_CARDS))
def test_columns_hold_every_hand_of_four_and_five(
    count: int, multisets: int, cards: list[Card]
) -> None:
    index = columns(count)
    assert len(index) == multisets  # five of a rank is no hand
    assert sorted(index.values()) == list(range(multisets))
    assert rank_key(cards[:count]) in index


def test_key_sums_are_the_rank_keys_of_the_parts() -> None:
    cards = list(STANDARD_CARDS[::7])
    assert list(key_sums(cards, 3)) == [rank_key(p) for p in combinations(cards, 3)]


@pytest.mark.parametrize("name", ["high", "a5-low", "lowest-straight"])
@settings(max_examples=40, deadline=None)
@given(cards=st.permutations(STANDARD_CARDS), boards=st.integers(1, 64), used=st.integers(0, 4))
def test_first_best_is_the_scale_best_board(
    name: str, cards: list[Card], boards: int, used: int
) -> None:
    scale = _table_scale(name)
    table = split_table(scale)
    assert table is not None
    hole = cards[:4]
    rest = cards[4:]
    board_parts = [
        TableScale.parts(rest[(i * 3) % 40 : (i * 3) % 40 + 6], 5 - used)[i % 3]
        for i in range(boards)
    ]
    holes = TableScale.parts(hole, used)
    assert first_best(table, holes, board_parts, used) == scale.best_board(holes, board_parts)
    reader = PartReader(table, parts_of(board_parts, used))
    assert reader.first_best(holes) == scale.best_board(holes, board_parts)
    assert reader.first_best([]) == (-1, -1)


@settings(max_examples=60, deadline=None)
@given(
    cards=st.permutations(STANDARD_CARDS),
    sizes=st.lists(st.integers(0, 5), min_size=1, max_size=5),
    used=st.integers(0, 5),
)
def test_split_parts_are_the_scale_parts_board_after_board(
    cards: list[Card], sizes: list[int], used: int
) -> None:
    boards, at = [], 0
    for size in sizes:
        boards.append(cards[at : at + size])
        at += size
    parts = [part for board in boards for part in TableScale.parts(board, 5 - used)]
    owners = [i for i, board in enumerate(boards) for _ in TableScale.parts(board, 5 - used)]
    expected = parts_of(parts, used)
    found = split_parts(boards, used)
    assert found == expected._replace(owners=owners)


@pytest.mark.parametrize("name", ["high", "a5-low"])
@settings(max_examples=60, deadline=None)
@given(cards=st.permutations(STANDARD_CARDS), used=st.integers(0, 5))
def test_a_row_holds_the_values_of_its_hands(name: str, cards: list[Card], used: int) -> None:
    scale = _table_scale(name)
    table = split_table(scale)
    assert table is not None
    five = cards[:5]
    if len({c.suit for c in five}) == 1:  # no flush: a row holds the ranks' value
        five = [*cards[:4], next(c for c in cards[5:] if c.suit != cards[0].suit)]
    hole, board = five[:used], five[used:]
    row = table.rows(used)[rank_key(hole)]
    assert row[columns(5 - used)[rank_key(board)]] == scale.exact(hole + board)


@settings(max_examples=30, deadline=None)
@given(cards=st.permutations(STANDARD_CARDS), used=st.integers(0, 4))
def test_split_parts_of_boards_that_are_one_part_each(cards: list[Card], used: int) -> None:
    # Murder's 64 boards of three, or any boards exactly as big as the part
    size = 5 - used
    boards = [cards[i : i + size] for i in range(0, 48 - size, 3)]
    parts = [part for board in boards for part in TableScale.parts(board, size)]
    assert split_parts(boards, used) == parts_of(parts, used)
