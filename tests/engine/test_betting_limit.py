"""Fixed-limit betting: rules.md §1.1 (000 §1.1.1; 001 "Betting and Raising" r.3-5),
worked examples E-1 and E-2."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import IllegalActionError
from pokerbook.games.house import BARGE, ROBERTS, House
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

# E-1: "limit holdem ... at the 100/200 level ... the small blind is 50, the large blind
# is 100, the small bet is also 100, and the large bet is 200"
LHE_100_200 = Stakes(format="limit", blinds=(50, 100), small_bet=100, big_bet=200)
LHE_200_400 = Stakes(format="limit", blinds=(100, 200), small_bet=200, big_bet=400)
LHE_10_20 = Stakes(format="limit", blinds=(5, 10), small_bet=10, big_bet=20)


def test_limit_holdem_100_200_blinds_and_bet_sizes_per_street_e1_000_1_1_1(table: Table) -> None:
    # four seats, button 0: small blind 1, big blind 2, first to act 3
    hand = table.hand("F01", LHE_100_200, [5000] * 4)
    assert [e.amount for e in table.kinds(hand.events, "blind")] == [50, 100]
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.call, legal.min_to, legal.max_to) == (3, 100, 200, 200)
    table.play(hand, "cc", "cc", "cc", "cc")  # 3, 0, 1 call; the big blind checks
    sizes = []
    for _street in ("flop", "turn", "river"):
        legal = hand.legal()
        assert legal is not None
        assert legal.seat == 1  # later rounds start left of the button
        assert legal.check
        assert legal.min_to == legal.max_to
        sizes.append(legal.min_to)
        table.play(hand, "cc", "cc", "cc", "cc")
    # small bet pre-flop and on the flop, big bet on the turn and river
    assert sizes == [100, 200, 200]
    assert hand.done


def test_limit_raise_on_the_flop_is_one_small_bet_e1_000_1_1_1(table: Table) -> None:
    hand = table.hand("F01", LHE_100_200, [5000] * 4)
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cbr 100")
    legal = hand.legal()
    assert legal is not None
    assert (legal.call, legal.min_to, legal.max_to) == (100, 200, 200)
    with pytest.raises(IllegalActionError, match="limit bet size"):
        hand.act("cbr 300")


def test_limit_bet_and_three_raises_cap_000_1_1_1_001_r3(table: Table) -> None:
    hand = table.hand("F01", LHE_100_200, [5000] * 4)
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cbr 100", "cbr 200", "cbr 300", "cbr 400")  # a bet and three raises
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert legal.call == 300
    assert legal.min_to is None
    with pytest.raises(IllegalActionError, match="capped"):
        hand.act("cbr 500")


def test_limit_big_blind_counts_as_the_bet_for_the_cap_000_1_1_1(table: Table) -> None:
    hand = table.hand("F01", LHE_100_200, [5000] * 4)
    table.play(hand, "cbr 200", "cbr 300", "cbr 400")  # the blind and three raises
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    assert legal.min_to is None
    assert legal.call == 300


@pytest.mark.parametrize("house", [BARGE, ROBERTS], ids=["barge", "roberts"])
def test_limit_heads_up_cash_game_is_uncapped_001_r4_000_1_1_1(table: Table, house: House) -> None:
    hand = table.hand("F01", LHE_100_200, [5000] * 2, house=house)
    table.play(hand, "cbr 200", "cbr 300", "cbr 400", "cbr 500", "cbr 600", "cbr 700")
    legal = hand.legal()
    assert legal is not None
    assert (legal.min_to, legal.max_to) == (800, 800)


@pytest.mark.parametrize("house", [BARGE, ROBERTS], ids=["barge", "roberts"])
def test_limit_heads_up_tournament_stays_capped_001_r4_000_1_1_1(
    table: Table, house: House
) -> None:
    hand = table.hand(
        "F01", LHE_100_200, [5000] * 2, house=dataclasses.replace(house, tournament=True)
    )
    table.play(hand, "cbr 200", "cbr 300", "cbr 400")
    legal = hand.legal()
    assert legal is not None
    assert legal.min_to is None
    assert legal.call == 100


def test_limit_once_capped_a_fold_to_heads_up_does_not_uncap_001_r4(table: Table) -> None:
    # three-handed, button 0 acts first pre-flop: raise, re-raise, cap
    hand = table.hand("F01", LHE_100_200, [5000] * 3, house=ROBERTS)
    table.play(hand, "cbr 200", "cbr 300", "cbr 400", "f")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert legal.call == 100
    assert legal.min_to is None  # still capped with two players left


def test_limit_heads_up_before_the_cap_is_uncapped_001_r4(table: Table) -> None:
    hand = table.hand("F01", LHE_100_200, [5000] * 3, house=ROBERTS)
    table.play(hand, "cbr 200", "f", "cbr 300", "cbr 400", "cbr 500", "cbr 600")
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.min_to) == (2, 700)


def test_limit_cap_counts_only_players_not_all_in_001_r3(table: Table) -> None:
    # "for a pot involving three or more players who are not all-in, there is a maximum of
    # a bet and three raises": with one of three all-in, the other two are heads-up
    hand = table.hand("F01", LHE_100_200, [5000, 5000, 100])
    table.play(hand, "cbr 200", "cbr 300", "cbr 400")  # the big blind (seat 2) is all-in
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert (legal.min_to, legal.max_to) == (500, 500)


def test_half_bet_rule_all_in_100_of_400_next_may_fold_call_or_complete_e2_000_1_1_1(
    table: Table,
) -> None:
    # 200/400 limit; seat 1 has 100 left on the turn and bets it all
    hand = table.hand("F01", LHE_200_400, [5000, 300, 5000, 5000])
    table.play(hand, "cc", "cc", "cc", "cc")  # pre-flop: everyone in for 200
    table.play(hand, "cc", "cc", "cc", "cc")  # flop checked
    table.play(hand, "cbr 100")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    assert legal.fold
    assert legal.call == 100
    assert (legal.min_to, legal.max_to) == (400, 400)  # complete to 400


def test_half_bet_rule_complete_after_short_all_in_reopens_for_the_checkers_e2(
    table: Table,
) -> None:
    hand = table.hand("F01", LHE_200_400, [5000, 5000, 300, 5000])
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cc", "cbr 100", "cbr 400", "cc")  # 1 checks, 2 all-in 100, 3 completes
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert (legal.call, legal.min_to) == (400, 800)


def test_half_bet_rule_all_in_300_of_400_is_a_full_bet_raise_makes_700_e2_000_1_1_1(
    table: Table,
) -> None:
    hand = table.hand("F01", LHE_200_400, [5000, 500, 5000, 5000])
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cbr 300")
    legal = hand.legal()
    assert legal is not None
    assert (legal.call, legal.min_to, legal.max_to) == (300, 700, 700)


def test_half_bet_rule_20_round_15_all_in_raise_to_35_001_betting_r5(table: Table) -> None:
    hand = table.hand("F01", LHE_10_20, [500, 25, 500])
    table.play(hand, "cc", "cc", "cc")  # pre-flop: 10 each
    table.play(hand, "cc", "cc", "cc")  # flop checked
    table.play(hand, "cbr 15")  # seat 1 is all-in for 15 on the $20 turn
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    assert (legal.min_to, legal.max_to) == (35, 35)


def test_short_all_in_raise_below_half_does_not_reopen_for_players_who_acted_e2(
    table: Table,
) -> None:
    hand = table.hand("F01", LHE_200_400, [5000, 5000, 5000, 750])
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cc", "cc", "cc", "cc")
    # turn: 1 bets 400, 2 calls, 3 is all-in for 550 (150 more: less than half a bet)
    table.play(hand, "cbr 400", "cc", "cbr 550")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0  # has not acted: may fold, call 550 or raise a full bet
    assert (legal.call, legal.min_to) == (550, 800)
    table.play(hand, "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert legal.call == 150
    assert legal.min_to is None  # already acted and not facing a full raise
    with pytest.raises(IllegalActionError, match="raising"):
        hand.act("cbr 950")


def test_all_in_raise_of_half_a_bet_reopens_for_players_who_acted_e2(table: Table) -> None:
    hand = table.hand("F01", LHE_200_400, [5000, 5000, 5000, 800])
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cc", "cc", "cc", "cc")
    # turn: 1 bets 400, 2 calls, 3 is all-in for 600: 200 more, half a bet, is a full raise
    table.play(hand, "cbr 400", "cc", "cbr 600", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert (legal.call, legal.min_to) == (200, 1000)


def test_limit_bet_must_be_the_fixed_size_unless_all_in_001_betting_r6(table: Table) -> None:
    hand = table.hand("F01", LHE_100_200, [5000] * 3)
    table.play(hand, "cc", "cc", "cc")
    with pytest.raises(IllegalActionError) as info:
        hand.act("cbr 150")
    assert "100" in str(info.value)


def test_no_half_bet_rule_any_all_in_reopens_and_a_raise_is_a_bet_over_it_004_r7g_r9(
    table: Table,
) -> None:
    # Oresteen (004 r.9): "An all-in bet constitutes an active bet and all players
    # following may raise"; 200/400 limit, seat 3 all in for 150 more than the 400 bet
    house = dataclasses.replace(BARGE, half_bet_rule=False)
    hand = table.hand("F01", LHE_200_400, [5000, 5000, 5000, 750], house=house)
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cbr 400", "cc", "cbr 550", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1  # already acted, and may raise again: the all-in reopened it
    assert (legal.call, legal.min_to, legal.max_to) == (150, 950, 950)


def test_no_half_bet_rule_all_in_below_half_a_bet_is_raised_by_a_full_bet_004_r9(
    table: Table,
) -> None:
    house = dataclasses.replace(BARGE, half_bet_rule=False)
    hand = table.hand("F01", LHE_200_400, [5000, 300, 5000, 5000], house=house)
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cc", "cc", "cc", "cc")
    table.play(hand, "cbr 100")  # all in for 100 on the turn
    legal = hand.legal()
    assert legal is not None
    assert (legal.call, legal.min_to, legal.max_to) == (100, 500, 500)
