"""A simulation's running sums (:class:`pokerbook.bots.totals.Totals`)."""

from __future__ import annotations

import random

import pytest

from pokerbook.bots import CallPolicy, RandomPolicy
from pokerbook.bots.simulation import play_hand
from pokerbook.bots.totals import Totals
from pokerbook.engine.hand import Hand
from pokerbook.games.stakes import Stakes

BLINDS = Stakes(format="no-limit", blinds=(1, 2))


def played(seed: int, seats: int = 4) -> Hand:
    hand = Hand("F01", BLINDS, [100] * seats, button=seed % seats, seed=seed)
    policies = [RandomPolicy() if s % 2 else CallPolicy() for s in range(seats)]
    return play_hand(hand, policies, random.Random(seed), check=False)


def test_totals_sum_each_seats_net_and_its_square() -> None:
    hands = [played(seed) for seed in range(30)]
    totals = Totals(4)
    for hand in hands:
        totals.add(hand)
    nets = [[a - b for a, b in zip(h.stacks, h.starting_stacks, strict=True)] for h in hands]
    assert totals.hands == 30
    assert totals.net == [sum(n[s] for n in nets) for s in range(4)]
    assert totals.net_squares == [sum(n[s] ** 2 for n in nets) for s in range(4)]
    assert sum(totals.net) == 0
    assert totals.pot == sum(h.pot for h in hands)


def test_a_hand_of_another_table_size_is_refused() -> None:
    totals = Totals(3)
    with pytest.raises(ValueError, match="a hand of 4 seats does not add to 3"):
        totals.add(played(1))
    assert (totals.hands, totals.net) == (0, [0, 0, 0])
