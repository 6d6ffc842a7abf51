"""Chip size: bets in whole chips (004 r.7: "Bets will be made in the increments of whole
chips.  No "$3.85" bets"), odd chips in the smallest chip in play (000 §1.2.3)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

from pokerbook.bots import get_policy
from pokerbook.bots.simulation import play_hand
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

NL_CENTS = Stakes(format="no-limit", blinds=(50, 100), chip=50)
PL_CENTS = Stakes(format="pot-limit", blinds=(50, 100), chip=50)


def test_a_bet_that_is_not_whole_chips_is_refused_naming_the_rule_004_r7() -> None:
    hand = Hand("F01", NL_CENTS, [5000, 5000, 5000], seed=1)
    with pytest.raises(IllegalActionError, match=r"whole chips of 50 .*not 385 .*004 r\.7"):
        hand.act("cbr 385")
    assert hand.act("cbr 400").amount == 400


def test_an_all_in_for_an_odd_amount_is_allowed() -> None:
    hand = Hand("F01", NL_CENTS, [1075, 5000, 5000], seed=1)
    legal = hand.legal()
    assert legal is not None
    assert legal.max_to == 1075
    event = hand.act("cbr 1075")
    assert event.all_in


def test_the_minimum_rounds_up_and_the_pot_limit_maximum_down_to_whole_chips() -> None:
    # the button is all in for 130: not a full raise, so the next minimum is 230, and the
    # pot after the small blind's call is 50 + 100 + 130 + 80 = 360, a maximum of 490
    hand = Hand("F01", PL_CENTS, [130, 5000, 5000], seed=1)
    hand.act("cbr 130")
    legal = hand.legal()
    assert legal is not None
    assert (legal.min_to, legal.max_to) == (250, 450)
    plain = Hand("F01", Stakes(format="pot-limit", blinds=(50, 100)), [130, 5000, 5000], seed=1)
    plain.act("cbr 130")
    unrounded = plain.legal()
    assert unrounded is not None
    assert (unrounded.min_to, unrounded.max_to) == (230, 490)


def test_bots_bet_whole_chips() -> None:
    rng = random.Random(3)
    policy = get_policy("random")
    amounts: list[tuple[int, bool]] = []
    for number in range(60):
        stakes = PL_CENTS if number % 2 else NL_CENTS
        hand = Hand("F01", stakes, [5000] * 4, button=number % 4, seed=rng.getrandbits(32))
        play_hand(hand, [policy] * 4, rng)
        amounts += [(e.amount, e.all_in) for e in hand.events if e.kind in ("bet", "raise")]
    assert len(amounts) > 20
    assert all(amount % 50 == 0 for amount, all_in in amounts if not all_in)


def test_a_split_pot_is_divided_in_whole_chips_odd_chip_left_of_the_button_000_s1_2_3(
    table: Table,
) -> None:
    # the button calls, the small blind folds (50 dead), the big blind checks: 250 split
    # by two identical straights on the board
    hands = {0: "2c 3d", 1: "2h 3s", 2: "4c 2d"}
    plain = Stakes(format="no-limit", blinds=(50, 100))
    for stakes, split in ((NL_CENTS, {2: 150, 0: 100}), (plain, {2: 125, 0: 125})):
        dealer = table.Dealer(hands, "Ts Jh Qd Kc Ad")
        hand = Hand("F01", stakes, [5000] * 3, dealer=dealer)
        table.play(hand, "cc", "f", "cc", *["cc"] * 6)
        assert hand.done
        assert table.awards(hand) == split


def test_stakes_must_be_whole_chips() -> None:
    with pytest.raises(ValueError, match="whole chips of 50, not 25"):
        Stakes(format="no-limit", blinds=(25, 50), chip=50)
    with pytest.raises(ValueError, match="at least 1"):
        Stakes(format="no-limit", blinds=(1, 2), chip=0)
