"""Spread limit (004 r.7): "1-5 means a player can bet $1 or [$5] or any amount
in-between.  Any wager must be at least the size of the previous bet or raise in
that round, unless a player is going all-in."  Amounts in cents: Oresteen's
Limit 1-5 stakes (004 r.6c) are a 50¢ ante, blinds 50¢/$1, bets $1 to $5."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import HandConfigurationError, IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

SPREAD_1_5 = Stakes("spread-limit", blinds=(50, 100), ante=50, spread=(100, 500))


def test_spread_limit_raise_from_the_previous_raise_to_the_maximum_004_r7(table: Table) -> None:
    hand = table.hand("F01", SPREAD_1_5, [10_000] * 4)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 3
    # facing the $1 big blind: raise by $1 (the minimum) up to $5 more
    assert (legal.call, legal.min_to, legal.max_to) == (100, 200, 600)
    table.play(hand, "cbr 400")  # a $3 raise
    legal = hand.legal()
    assert legal is not None
    # "any wager must be at least the size of the previous bet or raise"
    assert (legal.call, legal.min_to, legal.max_to) == (400, 700, 900)
    with pytest.raises(IllegalActionError, match="spread-limit bet size"):
        hand.act("cbr 600")
    with pytest.raises(IllegalActionError, match="spread-limit bet size"):
        hand.act("cbr 1000")


def test_spread_limit_opening_bet_from_the_minimum_to_the_maximum_004_r7(table: Table) -> None:
    hand = table.hand("F01", SPREAD_1_5, [10_000] * 3)
    table.play(hand, "cc", "cc", "cc")  # pre-flop: everyone in for $1
    legal = hand.legal()
    assert legal is not None
    assert (legal.check, legal.min_to, legal.max_to) == (True, 100, 500)
    table.play(hand, "cbr 250")
    legal = hand.legal()
    assert legal is not None
    assert (legal.call, legal.min_to, legal.max_to) == (250, 500, 750)


def test_spread_limit_all_in_below_the_minimum_is_allowed_004_r7(table: Table) -> None:
    hand = table.hand("F01", SPREAD_1_5, [10_000, 10_000, 10_000, 220])
    legal = hand.legal()
    assert legal is not None
    assert (legal.min_to, legal.max_to) == (170, 170)  # all that is left after the ante
    table.play(hand, "cbr 170")  # a raise of 70, short of the $1 minimum: all in
    assert hand.stacks[3] == 0
    legal = hand.legal()
    assert legal is not None
    assert (legal.call, legal.min_to) == (170, 270)  # the last full raise was the $1 blind


def test_spread_limit_is_offered_for_every_limit_game_and_no_other() -> None:
    hand = Hand("S05", Stakes("spread-limit", ante=50, bring_in=100, spread=(100, 500)), [5000] * 3)
    assert hand.actor is not None
    big_bet_only = dataclasses.replace(find_game("F01"), formats=("pot-limit", "no-limit"))
    with pytest.raises(HandConfigurationError, match="not played spread-limit"):
        Hand(big_bet_only, SPREAD_1_5, [5000] * 3)
