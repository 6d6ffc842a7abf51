"""Seating draws: 001 Tournaments r.2 (random draw, buttons by the high card) and 004
r.105 / E-12 (seat cards: A = button, 2 = small blind, 3 = big blind; two tables by
colour)."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.cards import HEARTS, SPADES, parse_card
from pokerbook.tournament.model import FloorTable
from pokerbook.tournament.seating_draw import (
    SeatingError,
    fresh_due_order,
    high_card_button,
    random_draw,
    seat_cards,
    shuffled_deck,
)


def names(count: int) -> list[str]:
    return [f"p{i:03d}" for i in range(count)]


def seated(tables: list[FloorTable]) -> list[str]:
    return [p for t in tables for p in t.players]


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(1, 400),
    table_size=st.integers(6, 10),
    seed=st.integers(0, 2**32),
)
def test_001_r2_random_draw_seats_everyone_at_as_few_tables_as_hold_them(
    players: int, table_size: int, seed: int
) -> None:
    field = names(players)
    draw = random_draw(field, table_size, random.Random(seed))
    assert len(draw.tables) == math.ceil(players / table_size)
    assert sorted(seated(draw.tables)) == field
    sizes = [t.size for t in draw.tables]
    assert max(sizes) - min(sizes) <= 1
    assert [t.number for t in draw.tables] == list(range(1, len(draw.tables) + 1))
    for table in draw.tables:
        assert len(table.seats) == table_size
        assert table.seats[draw.buttons[table.number]] is not None
        assert table.button == draw.buttons[table.number]
        assert sorted(table.due_order) == list(range(table_size))


def test_001_r2_random_draw_at_a_given_number_of_tables() -> None:
    draw = random_draw(names(20), 9, random.Random(4), tables=4)
    assert sorted(t.size for t in draw.tables) == [5, 5, 5, 5]
    draw = random_draw(names(22), 9, random.Random(4), tables=4, numbers=[1, 3, 5, 6])
    assert [t.number for t in draw.tables] == [1, 3, 5, 6]
    assert sorted(t.size for t in draw.tables) == [5, 5, 6, 6]


def test_001_r2_the_draw_is_random_every_player_gets_many_seats() -> None:
    places: Counter[int] = Counter()
    for seed in range(200):
        draw = random_draw(names(6), 6, random.Random(seed))
        places[draw.tables[0].seats.index("p000")] += 1
    assert set(places) == set(range(6))
    assert min(places.values()) > 15


def test_001_button_goes_to_the_high_card_suits_breaking_ties() -> None:
    seats: list[str | None] = ["a", None, "b", "c", None, "d"]
    for seed in range(50):
        deck = shuffled_deck(random.Random(seed))
        occupied = [0, 2, 3, 5]
        cards = dict(zip(occupied, deck, strict=False))
        best = max(occupied, key=lambda s: (cards[s].rank, cards[s].suit))
        assert high_card_button(seats, random.Random(seed)) == best


def test_001_first_big_blind_is_second_left_of_the_button_heads_up_the_other_player() -> None:
    seats: list[str | None] = ["a", None, "b", "c", None]
    assert fresh_due_order(seats, 0)[0] == 3
    assert fresh_due_order(seats, 3)[0] == 2
    assert fresh_due_order(seats, 3) == [2, 3, 4, 0, 1]
    heads_up: list[str | None] = [None, "a", None, "b"]
    assert fresh_due_order(heads_up, 1)[0] == 3
    assert fresh_due_order(heads_up, 3)[0] == 1


def test_004_r105_ace_is_the_button_deuce_small_blind_three_big_blind() -> None:
    for seed in range(20):
        draw = seat_cards(names(8), 10, random.Random(seed))
        (table,) = draw.tables
        assert draw.buttons == {1: 0}
        assert table.button == 0
        by_card = {parse_card(card).rank: player for player, card in draw.cards.items()}
        assert sorted(by_card) == [2, 3, 4, 5, 6, 7, 8, 14]
        assert table.seats[0] == by_card[14]
        assert table.seats[1] == by_card[2]
        assert table.seats[2] == by_card[3]
        assert table.seats[table.due_order[0]] == by_card[3]
        assert table.seats[8:] == [None, None]


def test_004_r105_cards_are_shuffled_before_they_are_dealt() -> None:
    aces: Counter[str | None] = Counter()
    for seed in range(120):
        draw = seat_cards(names(4), 10, random.Random(seed))
        aces[draw.tables[0].seats[0]] += 1
    assert set(aces) == set(names(4))


def test_e12_thirteen_players_red_and_black() -> None:
    for seed in range(20):
        draw = seat_cards(names(13), 10, random.Random(seed))
        red, black = draw.tables
        assert (red.size, black.size) == (7, 6)
        assert draw.buttons == {1: 0, 2: 0}
        for table, suit, size in ((red, HEARTS, 7), (black, SPADES, 6)):
            cards = [parse_card(draw.cards[p]) for p in table.players]
            assert {c.suit for c in cards} == {suit}
            assert sorted(c.rank for c in cards) == sorted([14, *range(2, size + 1)])
            for seat, player in enumerate(table.seats[:size]):
                assert player is not None
                rank = parse_card(draw.cards[player]).rank
                assert seat == (0 if rank == 14 else rank - 1)


def test_004_r105_one_colour_when_one_table_holds_the_field() -> None:
    draw = seat_cards(names(10), 10, random.Random(1))
    assert len(draw.tables) == 1
    assert draw.tables[0].size == 10


@pytest.mark.parametrize(
    ("players", "size", "tables", "message"),
    [
        (names(19), 9, 2, "do not fit"),
        (["a", "a"], 9, None, "twice"),
        (names(3), 1, None, "2 or more seats"),
    ],
)
def test_001_r2_draws_that_cannot_be_made_are_refused(
    players: list[str], size: int, tables: int | None, message: str
) -> None:
    with pytest.raises(SeatingError, match=message):
        random_draw(players, size, random.Random(0), tables)


def test_004_r105_seat_cards_seat_two_tables_at_most() -> None:
    with pytest.raises(SeatingError, match="do not fit"):
        seat_cards(names(21), 10, random.Random(0))
    with pytest.raises(SeatingError, match="one player or more"):
        seat_cards([], 10, random.Random(0))
