"""Places and prizes of players going out in the same hand (001 Tournaments r.35;
004 r.109)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.tournament.places import Bust, Placing, PlacingError, place_busts

PRIZES = (500, 300, 200, 120, 80, 50, 30)


def test_001_r35_the_bigger_starting_stack_finishes_higher() -> None:
    busts = [Bust("small", 400, 9), Bust("big", 900, 1)]
    assert place_busts(busts, 7, PRIZES) == [
        Placing("small", 7, 30),
        Placing("big", 6, 50),
    ]


def test_001_r35_one_bust_takes_the_place_open() -> None:
    assert place_busts([Bust("alone", 100, 0)], 3, PRIZES) == [Placing("alone", 3, 200)]


def test_004_r109_equal_stacks_tie_and_split_the_award_odd_part_to_the_best_hand() -> None:
    busts = [Bust("a", 500, 2), Bust("b", 500, 7)]
    placings = place_busts(busts, 4, PRIZES)
    # places 4 and 3 pay 120 + 200 = 320: 160 each
    assert {p.player: p.prize for p in placings} == {"a": 160, "b": 160}
    busts = [Bust("a", 500, 2), Bust("b", 500, 7), Bust("c", 500, 4)]
    placings = place_busts(busts, 5, PRIZES)
    # places 5, 4, 3 pay 80 + 120 + 200 = 400: 133 each, the odd unit to b's best hand
    assert {p.player: p.prize for p in placings} == {"a": 133, "b": 134, "c": 133}
    # every place still taken once: the best hand the better place
    assert {p.player: p.place for p in placings} == {"b": 3, "c": 4, "a": 5}


def test_004_r109_equal_best_hands_share_the_odd_part_in_the_order_given() -> None:
    busts = [Bust("a", 500, 7), Bust("b", 500, 1), Bust("c", 500, 7)]
    placings = place_busts(busts, 3, (101, 0, 0))
    assert {p.player: p.prize for p in placings} == {"a": 34, "b": 33, "c": 34}
    placings = place_busts(busts, 3, (100, 0, 0))
    assert {p.player: p.prize for p in placings} == {"a": 34, "b": 33, "c": 33}


def test_001_r35_004_r109_stacks_order_the_groups_ties_split_within_theirs() -> None:
    busts = [Bust("a", 200, 5), Bust("b", 800, 0), Bust("c", 200, 9)]
    placings = place_busts(busts, 6, PRIZES)
    # b started biggest: place 4; a and c share places 6 and 5 (50 + 80), c's hand better
    assert placings == [Placing("a", 6, 65), Placing("c", 5, 65), Placing("b", 4, 120)]


def test_004_r109_a_tie_across_the_money_splits_the_last_paid_place() -> None:
    prizes = (700, 300)
    placings = place_busts([Bust("a", 50, 3), Bust("b", 50, 2)], 3, prizes)
    assert sorted(p.place for p in placings) == [2, 3]
    assert {p.player: p.prize for p in placings} == {"a": 150, "b": 150}


def test_places_beyond_the_prizes_pay_nothing() -> None:
    placings = place_busts([Bust("a", 5, 0), Bust("b", 9, 0)], 12, PRIZES)
    assert [(p.place, p.prize) for p in placings] == [(12, 0), (11, 0)]


@pytest.mark.parametrize(
    ("busts", "next_place"),
    [([Bust("a", 5, 0), Bust("a", 6, 0)], 5), ([Bust("a", 5, 0), Bust("b", 6, 0)], 1)],
)
def test_busts_that_cannot_be_placed_are_refused(busts: list[Bust], next_place: int) -> None:
    with pytest.raises(PlacingError):
        place_busts(busts, next_place, PRIZES)


BUSTS = st.lists(st.tuples(st.integers(1, 5), st.integers(0, 3)), min_size=1, max_size=7).map(
    lambda rows: [Bust(f"p{i}", stack * 100, rank) for i, (stack, rank) in enumerate(rows)]
)


@settings(max_examples=200, deadline=None)
@given(busts=BUSTS, extra=st.integers(0, 5), prizes=st.lists(st.integers(0, 1000), max_size=12))
def test_001_r35_004_r109_property_places_once_each_prizes_conserved_stacks_ordered(
    busts: list[Bust], extra: int, prizes: list[int]
) -> None:
    prizes.sort(reverse=True)
    next_place = len(busts) + extra
    placings = place_busts(busts, next_place, prizes)
    places = [p.place for p in placings]
    assert sorted(places) == list(range(next_place - len(busts) + 1, next_place + 1))
    assert {p.player for p in placings} == {b.player for b in busts}
    paid = [prizes[place - 1] if place <= len(prizes) else 0 for place in places]
    assert sum(p.prize for p in placings) == sum(paid)
    stack = {b.player: b.start_stack for b in busts}
    rank = {b.player: b.hand_rank for b in busts}
    for a in placings:
        for b in placings:
            if stack[a.player] > stack[b.player]:
                assert a.place < b.place
                assert a.prize >= b.prize
            if stack[a.player] == stack[b.player] and rank[a.player] > rank[b.player]:
                assert a.place < b.place
                assert a.prize >= b.prize
    for start in set(stack.values()):
        tied = [p for p in placings if stack[p.player] == start]
        award = sum(prizes[p.place - 1] if p.place <= len(prizes) else 0 for p in tied)
        top = max(rank[p.player] for p in tied)
        assert sum(p.prize for p in tied) == award
        for p in tied:
            if rank[p.player] < top:
                assert p.prize == award // len(tied)
