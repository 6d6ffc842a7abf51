"""Pot-limit betting: rules.md §1.3 (000 §1.1.3; 001 Pot-Limit r.4, r.6), example E-4."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import IllegalActionError
from pokerbook.games.house import BARGE, ROBERTS
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

# E-4: "a pot-limit Omaha tournament at the 100/200 level ... the small blind is 100 and
# the big blind is 200"
PL_100_200 = Stakes(format="pot-limit", blinds=(100, 200))
PL_50_100 = Stakes(format="pot-limit", blinds=(50, 100))


def test_pot_limit_button_raise_max_is_700_to_go_000_1_1_3(table: Table) -> None:
    hand = table.hand("F16", PL_100_200, [50000] * 4)
    hand.act("f")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    # minimum 400 to go; maximum: call 200, then 200 + 100 + 200 in the pot: 700 to go
    assert (legal.call, legal.min_to, legal.max_to) == (200, 400, 700)
    with pytest.raises(IllegalActionError, match="pot-limit bet size"):
        hand.act("cbr 701")


def test_pot_limit_pot_bet_then_pot_raise_is_6000_to_go_000_1_1_3(table: Table) -> None:
    hand = table.hand("F16", PL_100_200, [50000] * 4)
    table.play(hand, "f", "cbr 700", "f", "cc")  # the small blind folds, the big blind calls
    assert hand.pot == 1500  # 100 small blind + 700 big blind + 700 button
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    assert legal.max_to == 1500  # a bet with no action before it: the pot
    hand.act("cbr 1500")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    # "1500 pot + 1500 bet + 1500 call = 4500 raise": 6000 to go, four times the pot bet
    assert legal.max_to == 6000
    assert legal.min_to == 3000


def test_pot_limit_three_times_the_bet_plus_money_behind_pot_600_e4_000_1_1_3(
    table: Table,
) -> None:
    # E-4 correction: the printed example says "The pot is 600" but then counts a pot of
    # 400.  With the pot at a consistent 600: 3 x 200 + 600 = 1400 to go.
    hand = table.hand("F16", PL_100_200, [50000] * 3)
    table.play(hand, "cc", "cc", "cc")  # the button limps, the SB completes, the BB checks
    assert hand.pot == 600
    table.play(hand, "cbr 200", "cc")  # the SB bets 200 on the flop, the BB calls
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    assert legal.max_to == 1400


def test_pot_limit_three_times_the_bet_plus_money_behind_pot_400_e4_000_1_1_3(
    table: Table,
) -> None:
    # the seed's own arithmetic, with a pot that really is 400 (four limpers at 50/100):
    # 3 x 200 + 200 (caller) + 400 (pot) = 1200 to go
    hand = table.hand("F16", PL_50_100, [50000] * 4)
    table.play(hand, "cc", "cc", "cc", "cc")
    assert hand.pot == 400
    table.play(hand, "cbr 200", "cc", "f")  # SB bets, BB calls, seat 3 folds
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    assert legal.max_to == 1200


def test_pot_limit_pot_100_bet_50_raise_to_250_001_pl_r4(table: Table) -> None:
    hand = table.hand("F16", Stakes(format="pot-limit", blinds=(25, 50)), [5000] * 2)
    table.play(hand, "cc", "cc")  # heads-up: the button completes, the big blind checks
    assert hand.pot == 100
    hand.act("cbr 50")
    legal = hand.legal()
    assert legal is not None
    assert (legal.call, legal.max_to) == (50, 250)


def test_pot_limit_london_lowball_stud_example_e4_000_1_1_3(table: Table) -> None:
    # ante 100 x 8 players = 800, bring-in 150 by the highest up card (aces low); the
    # minimum bet in stud pot limit is the bring-in.  Razz plays the London Lowball
    # betting: the highest card brings in.
    dealt = {
        0: "As Ah 3c",
        1: "2s 2h Kd",
        2: "3s 3h 5h",
        3: "4s 4h 6s",
        4: "5s 5d 7c",
        5: "6c 6h 8d",
        6: "7s 7h 9h",
        7: "8s 8h Ts",
    }
    hand = table.hand(
        "S05",
        Stakes(format="pot-limit", ante=100, bring_in=150),
        [20000] * 8,
        dealt,
        button=7,
    )
    assert hand.pot == 800
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1  # the king brings it in
    assert legal.bring_in == 150
    hand.act("pb")  # Player A
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2  # Player B
    # minimum raise 150 (the bring-in) to 300; maximum 800 + 150 + 150 = 1100, to 1250
    assert (legal.call, legal.min_to, legal.max_to) == (150, 300, 1250)
    hand.act("cbr 650")
    legal = hand.legal()
    assert legal is not None
    # Player C: 3 x 650 + 950 = 2900 to go, a raise of 2250
    assert legal.max_to == 2900


def test_pot_limit_small_blind_counted_as_big_opens_to_40_001_pl_r6(table: Table) -> None:
    house = dataclasses.replace(ROBERTS, pot_limit_small_blind_as_big=True)
    stakes = Stakes(format="pot-limit", blinds=(5, 10))
    hand = table.hand("F16", stakes, [1000] * 4, house=house)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 3
    # "a player may open with a raise to $40 ... any amount from $20 to $40"
    assert (legal.call, legal.min_to, legal.max_to) == (10, 20, 40)
    hand.act("cbr 40")
    legal = hand.legal()
    assert legal is not None
    # "Subsequent players also treat the $5 as if it were $10": 10 + 10 + 40 + 40 = 100
    assert legal.max_to == 140


def test_pot_limit_small_blind_counted_only_until_the_big_blind_acts_001_pl_r6(
    table: Table,
) -> None:
    house = dataclasses.replace(ROBERTS, pot_limit_small_blind_as_big=True)
    stakes = Stakes(format="pot-limit", blinds=(5, 10))
    hand = table.hand("F16", stakes, [1000] * 3, house=house)
    table.play(hand, "cc", "cc")  # the button and the small blind call
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    assert legal.max_to == 40  # 30 in the pot, the big blind not yet through acting: 10 + 30
    hand.act("cbr 20")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    # the big blind has acted: the pot is counted as it is, 10 + 10 + 20 + 10 call = 50
    assert legal.max_to == 70


def test_pot_limit_without_the_house_option_opens_to_35(table: Table) -> None:
    stakes = Stakes(format="pot-limit", blinds=(5, 10))
    hand = table.hand("F16", stakes, [1000] * 4, house=BARGE)
    legal = hand.legal()
    assert legal is not None
    assert (legal.min_to, legal.max_to) == (20, 35)


def test_pot_limit_all_in_short_raise_does_not_reopen_000_1_1_3(table: Table) -> None:
    hand = table.hand("F16", PL_50_100, [5000, 5000, 5000, 420])
    table.play(hand, "cc", "cc", "cc", "cc")  # 100 each: seat 3 has 320 left
    table.play(hand, "cbr 200", "cc", "cbr 320", "cc")  # seat 3 all-in, a raise of 120
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert legal.call == 120
    assert legal.min_to is None  # "the half bet size rule does not apply to pot-limit"


def test_pot_limit_bet_into_an_empty_pot_is_the_minimum_bet_000_1_1_3(table: Table) -> None:
    # Jacks-or-Better with no antes: nothing in the pot when the betting opens.  "From
    # the minimum bet to the size of the pot" cannot mean a bet of nothing: the minimum
    # bet (the big blind of the stakes, 2) stands alone.
    hand = table.hand("D02", Stakes(format="pot-limit", blinds=(1, 2)), [150] * 3)
    assert hand.pot == 0
    while (legal := hand.legal()) is not None and legal.min_to is None:
        hand.act("cc")  # those without openers check
    assert legal is not None
    assert (legal.min_to, legal.max_to) == (2, 2)
    with pytest.raises(IllegalActionError, match="pot-limit bet size"):
        hand.act("cbr 0")
    hand.act("cbr 2")
    assert hand.pot == 2
    legal = hand.legal()
    assert legal is not None
    # the next raise: at least 2 more, at most the pot after the call (2 + 2 = 4 more)
    assert (legal.call, legal.min_to, legal.max_to) == (2, 4, 6)


def test_a_spread_starts_at_one_chip_or_more() -> None:
    with pytest.raises(ValueError, match="a spread runs from 1 chip"):
        Stakes(format="spread-limit", spread=(0, 5))
    with pytest.raises(ValueError, match="a spread runs from 1 chip"):
        Stakes(format="spread-limit", spread=(5, 2))
