"""PokerOrder: immutable rules, compared, hashed, written and pickled by their fields."""

from __future__ import annotations

import pickle

import pytest

from pokerbook.evaluation.poker_order import (
    PAIRS_ONLY,
    STANDARD_HIGH,
    STANDARD_STRAIGHTS,
    PokerOrder,
)


def test_it_is_written_field_by_field_in_order() -> None:
    order = PokerOrder(PAIRS_ONLY, flushes=False, low=True)
    assert repr(order) == (
        f"PokerOrder(categories={PAIRS_ONLY!r}, straights=(), flushes=False, ace_low=False, "
        "low=True, ignore_pairs=False, quick_quads=False)"
    )


def test_equal_fields_make_equal_orders_with_equal_hashes() -> None:
    a = PokerOrder(STANDARD_HIGH, STANDARD_STRAIGHTS)
    b = PokerOrder(STANDARD_HIGH, STANDARD_STRAIGHTS, flushes=True)
    c = PokerOrder(STANDARD_HIGH, STANDARD_STRAIGHTS, quick_quads=True)
    assert a == b
    assert hash(a) == hash(b)
    assert a != c
    assert a != "PokerOrder"
    assert len({a, b, c}) == 2


def test_it_cannot_be_changed() -> None:
    order = PokerOrder(STANDARD_HIGH)
    with pytest.raises(AttributeError, match="cannot be changed"):
        order.low = True
    with pytest.raises(AttributeError, match="cannot be changed"):
        del order.flushes
    assert order.low is False


def test_a_pickled_order_values_hands_alike() -> None:
    order = PokerOrder(STANDARD_HIGH, STANDARD_STRAIGHTS)
    copy = pickle.loads(pickle.dumps(order))
    assert copy == order
    assert copy.value([14, 13, 12, 11, 10], True) == order.value([14, 13, 12, 11, 10], True)
    assert copy.describe(copy.value([9, 9, 4, 4, 2])) == "Two pair, nines and fours"
