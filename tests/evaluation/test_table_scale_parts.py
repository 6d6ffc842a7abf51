"""Hands joined from hole and board parts equal the same five cards evaluated whole."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pokerbook.cards.card import Card
from pokerbook.evaluation.scale import all_scales
from pokerbook.evaluation.table_scale import NO_SUIT, TableScale, flush_suit_table

TABLE_SCALES = [sc for sc in all_scales() if isinstance(sc, TableScale)]


def _deal(rng: random.Random, scale: TableScale, count: int) -> list[Card]:
    deck = [Card(i) for i in range(52)]
    if scale.deck_ranks is not None:
        deck = [c for c in deck if c.rank in scale.deck_ranks]
    if rng.random() < 0.5:  # two suits: flushes and straight flushes are common
        suits = rng.sample(range(4), 2)
        deck = [c for c in deck if c.suit in suits]
    return rng.sample(deck, count)


@pytest.mark.parametrize("scale", TABLE_SCALES, ids=lambda sc: sc.name)
def test_best_split_is_the_best_of_every_five_card_hand(scale: TableScale) -> None:
    rng = random.Random(scale.name)
    for _ in range(60):
        holes, used = rng.choice([(4, 2), (5, 2), (2, 1), (3, 3), (2, 0)])
        cards = _deal(rng, scale, holes + 5)
        hole, board = cards[:holes], cards[holes:]
        expected = max(
            scale.exact(held + shared)
            for held in combinations(hole, used)
            for shared in combinations(board, 5 - used)
        )
        assert scale.best_split(hole, board, used) == expected, (hole, board, used)


@pytest.mark.parametrize("scale", TABLE_SCALES, ids=lambda sc: sc.name)
def test_joined_parts_are_the_five_cards_value(scale: TableScale) -> None:
    rng = random.Random(f"join-{scale.name}")
    for _ in range(200):
        five = _deal(rng, scale, 5)
        used = rng.randint(0, 5)
        (held,) = scale.parts(five[:used], used)
        (shared,) = scale.parts(five[used:], 5 - used)
        assert scale.join(held, shared) == scale.exact(five)
        assert scale.best_of_parts([held], [shared]) == scale.exact(five)


def test_no_parts_make_no_hand() -> None:
    scale = TABLE_SCALES[0]
    assert scale.best_of_parts([], scale.parts([Card(0)], 1)) == -1


def test_best_board_is_the_first_board_part_of_the_best_hand() -> None:
    scale = TABLE_SCALES[0]
    holes = TableScale.parts([Card(48), Card(44)], 2)  # Ac Kc: with 2c 3c 4c a flush
    boards = TableScale.parts([Card(0), Card(4), Card(8)], 3) * 2  # the same part twice
    value, at = scale.best_board(holes, boards)
    assert at == 0
    assert value == scale.exact([Card(48), Card(44), Card(0), Card(4), Card(8)])
    assert scale.best_board([], boards) == (-1, -1)


@pytest.mark.parametrize("scale", TABLE_SCALES, ids=lambda sc: sc.name)
def test_best_board_finds_the_first_of_the_best_hands_on_overlapping_boards(
    scale: TableScale,
) -> None:
    # boards that share cards, as a layout's do: many board parts are the same
    rng = random.Random(f"boards {scale.name}")
    for _ in range(40):
        cards = _deal(rng, scale, 9)
        hole, grid = cards[:3], cards[3:]
        used = rng.choice((1, 2))
        holes = TableScale.parts(hole, used)
        boards = [
            part
            for _ in range(rng.randint(1, 6))
            for part in TableScale.parts(rng.sample(grid, 4), 5 - used)
        ]
        value, at = scale.best_board(holes, boards)
        # every hand valued whole, hole part by hole part, each with every board part
        whole = [
            (scale.exact([*h_cards, *b_cards]), i)
            for h_cards in combinations(hole, used)
            for i, b_cards in enumerate(_cards_of(grid, boards))
        ]
        best = max(v for v, _ in whole)
        assert value == best
        assert at == next(i for v, i in whole if v == best)


def _cards_of(grid: list[Card], boards: list[tuple[int, int, int]]) -> list[list[Card]]:
    """The cards of each board part (found again among ``grid`` by their part)."""
    out = []
    for part in boards:
        found = [
            list(combo)
            for n in range(1, 5)
            for combo in combinations(grid, n)
            if TableScale.parts(list(combo), n)[0] == part
        ]
        out.append(found[0])
    return out


def test_flush_suit_table_names_the_first_suit_with_five_cards() -> None:
    table = flush_suit_table()
    assert len(table) == 1 << 16
    for packed in range(1 << 16):
        counts = [(packed >> (4 * suit)) & 15 for suit in range(4)]
        suits = [suit for suit, count in enumerate(counts) if count >= 5]
        assert table[packed] == (suits[0] if suits else NO_SUIT), counts


@pytest.mark.parametrize("scale", TABLE_SCALES, ids=lambda sc: sc.name)
def test_value_lists_are_the_tables_numpy_reads(scale: TableScale) -> None:
    multi, flush5, flush_best = scale.value_lists()
    assert multi == scale.multiset_values().tolist()
    assert [flush5, flush_best] == scale.flush_values().tolist()


@pytest.mark.parametrize("scale", TABLE_SCALES, ids=lambda sc: sc.name)
def test_flush_lists_are_the_flush_tables_numpy_reads(scale: TableScale) -> None:
    assert list(scale.flush_lists()) == scale.flush_values().tolist()
