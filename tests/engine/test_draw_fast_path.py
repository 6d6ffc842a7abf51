"""Draws and discards applied without ``legal()``: the same limits, the same refusals
(nothing changed), and ``draw_limit`` agreeing with ``legal()``."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.bots.base import random_draw, random_throw
from pokerbook.engine.actions import Action
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.games.stakes import Stakes

LIMIT = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)


def _at_draw(game: str, seed: int) -> Hand:
    hand = Hand(game, LIMIT, [100] * 4, seed=seed)
    while hand.decision != "draw":
        hand.act("cc")
    return hand


@pytest.mark.parametrize("game", ["D11", "D01"])
def test_draw_limit_is_the_most_legal_allows(game: str) -> None:
    hand = _at_draw(game, 3)
    legal = hand.legal()
    assert legal is not None
    assert legal.draw is not None
    assert hand.draw_limit() == legal.draw[1]
    hand.act("sd")
    assert hand.draw_limit() == legal.draw[1]  # the next seat holds as many


def test_no_draw_limit_outside_a_draw() -> None:
    hand = Hand("D11", LIMIT, [100] * 4, seed=3)
    assert hand.decision == "bet"
    assert hand.draw_limit() == 0


@pytest.mark.parametrize("bad", ["twice", "not held", "too many"])
def test_a_refused_draw_changes_nothing(bad: str) -> None:
    hand = _at_draw("D11", 5)
    seat = hand.actor
    assert seat is not None
    held = list(hand.hole[seat])
    other = next(c for c in hand.hole[(seat + 1) % 4] if c not in held)
    cards = {
        "twice": (held[0], held[0]),
        "not held": (held[0], other),
        "too many": (*held, held[0]),
    }[bad]
    events = len(hand.events)
    with pytest.raises(IllegalActionError):
        hand.act(Action("draw", None, cards))
    assert hand.hole[seat] == held
    assert len(hand.events) == events
    assert hand.actor == seat


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), throw=st.integers(0, 4))
def test_a_legal_draw_keeps_the_rest_in_order_and_deals_as_many(seed: int, throw: int) -> None:
    hand = _at_draw("D11", seed)
    seat = hand.actor
    assert seat is not None
    held = list(hand.hole[seat])
    thrown = tuple(held[:throw])
    event = hand.act(Action("draw", None, thrown))
    assert hand.hole[seat][: 4 - throw] == held[throw:]
    assert len(hand.hole[seat]) == 4
    assert event.discarded == thrown
    assert len(event.cards) == throw
    assert not set(event.cards) & set(held)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_random_throw_draws_as_random_draw_does(seed: int) -> None:
    hand = _at_draw("D11", seed)
    legal = hand.legal()
    assert legal is not None
    assert legal.draw is not None
    seat = legal.seat
    one, two = random.Random(seed), random.Random(seed)
    assert random_throw(hand.hole[seat], 0, hand.draw_limit(), one) == random_draw(hand, legal, two)
    assert one.random() == two.random()  # as many random numbers taken


def test_a_discard_from_a_hand_all_face_down_is_checked_as_legal_would() -> None:
    hand = Hand("H09", Stakes(format="limit", ante=1, small_bet=2, big_bet=4), [100] * 4, seed=2)
    assert hand.decision == "discard"
    seat = hand.actor
    assert seat is not None
    held = list(hand.hole[seat])
    with pytest.raises(IllegalActionError):
        hand.act(Action("discard", None, (held[0], held[1])))  # three are due
    with pytest.raises(IllegalActionError):
        hand.act(Action("discard", None, (held[0], held[0], held[1])))
    assert hand.hole[seat] == held
    hand.act(Action("discard", None, (held[0], held[2], held[4])))
    assert hand.hole[seat] == [held[1], held[3], held[5], held[6]]
    assert hand.face_up[seat] == [False] * 4


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), count=st.integers(0, 4), which=st.integers(0, 5))
def test_a_draw_by_places_is_the_draw_of_those_cards(seed: int, count: int, which: int) -> None:
    by_places, by_cards = _at_draw("D11", seed), _at_draw("D11", seed)
    seat = by_places.actor
    assert seat is not None
    sets = list(combinations(by_places.hole[seat], count))
    which %= len(sets)
    by_places.draw_set(count, which)
    by_cards.act(Action("draw", None, sets[which]))
    assert by_places.events == by_cards.events
    assert by_places.hole == by_cards.hole
    assert by_places.face_up == by_cards.face_up
    assert (by_places.actor, by_places.decision) == (by_cards.actor, by_cards.decision)


@pytest.mark.parametrize(("count", "which"), [(5, 0), (4, 1), (2, 6), (1, -1)])
def test_a_draw_by_places_the_round_does_not_allow_changes_nothing(count: int, which: int) -> None:
    hand = _at_draw("D11", 5)
    seat = hand.actor
    held, events = list(hand.hole[seat or 0]), len(hand.events)
    with pytest.raises(IllegalActionError, match="draw"):
        hand.draw_set(count, which)
    assert (hand.hole[seat or 0], len(hand.events), hand.actor) == (held, events, seat)


def test_a_draw_by_places_outside_a_draw_round_is_refused() -> None:
    hand = Hand("D11", LIMIT, [100] * 4, seed=3)
    with pytest.raises(IllegalActionError, match="draw"):
        hand.draw_set(1, 0)
    hand = Hand("D11", LIMIT, [100, 100], seed=3)
    while not hand.done:
        hand.act("f" if hand.decision == "bet" else "sd")
    with pytest.raises(IllegalActionError, match="nobody is to act"):
        hand.draw_set(1, 0)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.tuples(st.integers(0, 4), st.integers())))
def test_draws_by_places_for_several_seats_are_those_draws_one_by_one(
    seed: int, picks: list[tuple[int, int]]
) -> None:
    together, one_by_one = _at_draw("D11", seed), _at_draw("D11", seed)
    choices = []
    for count, which in picks[:5]:  # (more choices than seats to draw: the rest unmade)
        sets = len(list(combinations(range(4), count)))
        choices.append((count, which % sets if count else -1))
    last = together.draw_sets(choices)
    made = None
    for count, which in choices[:4]:
        made = one_by_one.draw_set(count, which)
    assert last == made
    assert together.events == one_by_one.events
    assert together.hole == one_by_one.hole
    assert together.face_up == one_by_one.face_up
    assert (together.actor, together.decision) == (one_by_one.actor, one_by_one.decision)


def test_draws_by_places_stop_at_a_refused_choice_the_earlier_ones_made() -> None:
    hand, twin = _at_draw("D11", 8), _at_draw("D11", 8)
    twin.draw_set(2, 1)
    seat = twin.actor
    assert seat is not None
    held, events = list(twin.hole[seat]), len(twin.events)
    with pytest.raises(IllegalActionError, match="no draw of set 9 of 2 cards"):
        hand.draw_sets([(2, 1), (2, 9), (1, 0)])  # four cards hold six sets of two
    assert (hand.actor, hand.hole[seat], len(hand.events)) == (seat, held, events)
    assert hand.events == twin.events


def test_no_choices_make_no_draw() -> None:
    hand = _at_draw("D11", 4)
    events, actor = len(hand.events), hand.actor
    assert hand.draw_sets([]) is None
    assert (len(hand.events), hand.actor) == (events, actor)
