"""The orders of a few cards as options (:mod:`pokerbook.engine.rules.orders`), written
only when asked for: the same options, in the same order, as listing every permutation,
and Pass the Trash's order step offering and refusing as before."""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.bots import CallPolicy, RandomPolicy
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.engine.rules.choices_split import CARD_TEXTS
from pokerbook.engine.rules.orders import Orders
from pokerbook.engine.views import view
from pokerbook.games.stakes import Stakes

ANTES = Stakes(format="limit", ante=1, small_bet=2, big_bet=4)

#: up to five different cards' texts
card_texts = st.lists(st.integers(0, len(CARD_TEXTS) - 1), unique=True, max_size=5).map(
    lambda indices: tuple(CARD_TEXTS[i] for i in indices)
)


def listed(texts: tuple[str, ...]) -> tuple[str, ...]:
    """Every order, written out."""
    return tuple("".join(order) for order in permutations(texts))


@settings(max_examples=60, deadline=None)
@given(card_texts)
def test_orders_are_every_permutation_in_the_order_permutations_gives(
    texts: tuple[str, ...],
) -> None:
    orders, every = Orders(texts), listed(texts)
    assert len(orders) == len(every)
    assert tuple(orders) == every
    assert [orders[i] for i in range(len(every))] == list(every)
    assert orders[-1] == every[-1]
    assert orders[1:4] == every[1:4]
    assert list(reversed(orders)) == list(reversed(every))
    assert orders == every
    assert all(option in orders for option in every)
    assert all(orders.index(option) == i for i, option in enumerate(every))


@settings(max_examples=200, deadline=None)
@given(card_texts, st.text(alphabet="AKQJT98765432shdcJo", max_size=12))
def test_an_option_is_in_the_orders_exactly_when_it_is_listed(
    texts: tuple[str, ...], option: str
) -> None:
    assert (option in Orders(texts)) == (option in listed(texts))


def test_near_misses_are_not_orders() -> None:
    orders = Orders(("As", "Kd", "2c"))
    assert "AsKd2c" in orders
    for option in ("AsKd", "AsKd2c2c", "AsAs2c", "asKd2c", "AsKd3c", "AsKd2", "", "A sKd2c"):
        assert option not in orders
    assert not orders.__contains__(3)  # (not a string)
    assert orders.count("2cAsKd") == 1
    assert orders.count("2cAsKs") == 0
    with pytest.raises(ValueError, match="not an order"):
        orders.index("AsAsKd")
    with pytest.raises(IndexError, match="order 6 of 6"):
        orders[6]


def test_a_card_text_of_another_width_is_refused() -> None:
    with pytest.raises(ValueError, match="2 characters"):
        Orders(("As", "10h"))


def at_the_order_step(seed: int) -> Hand:
    """Pass the Trash for four, everyone calling, up to the first seat's order."""
    hand = Hand("H09", ANTES, [100] * 4, seed=seed)
    policy, rng = CallPolicy(), random.Random(seed)
    while not (hand.decision == "choose" and hand.game.steps[hand.step].rule == "order"):  # type: ignore[union-attr]
        hand.act(policy.choose(hand, rng))
    return hand


def test_the_order_step_offers_every_order_of_the_face_down_cards() -> None:
    hand = at_the_order_step(3)
    legal = hand.legal()
    assert legal is not None
    assert legal.choose is not None
    held = tuple(str(card) for card in hand.hole[legal.seat])
    assert len(held) == 5
    assert tuple(legal.choose) == listed(held)
    assert view(hand, legal.seat)["legal"]["choose"] == list(listed(held))
    assert legal.describe() == f"choose one of {', '.join(listed(held))} (ch OPTION)"


def test_a_bad_order_is_refused_as_before_and_changes_nothing() -> None:
    hand = at_the_order_step(5)
    seat, before = hand.actor, list(hand.events)
    assert seat is not None
    held = [str(card) for card in hand.hole[seat]]
    for bad in (held[0] * 5, "".join(held[:4]), "".join(held).lower()):
        with pytest.raises(IllegalActionError, match="is not one of the options"):
            hand.act(f"ch {bad}")
        assert hand.events == before
    backwards = "".join(reversed(held))
    hand.act(f"ch {backwards}")
    assert hand.events[-1].kind == "choose"
    assert "".join(str(card) for card in hand.events[-1].cards) == backwards


def test_bots_pick_the_order_they_would_pick_from_the_listed_options() -> None:
    hand = at_the_order_step(7)
    legal = hand.legal()
    assert legal is not None
    assert legal.choose is not None
    every = tuple(legal.choose)
    for seed in range(20):
        picked = RandomPolicy().choose(hand, random.Random(seed)).option
        assert picked == random.Random(seed).choice(every)
    assert CallPolicy().choose(hand, random.Random(0)).option == every[0]
