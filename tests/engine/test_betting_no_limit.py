"""No-limit betting: rules.md §1.2 (000 §1.1.2; 001 No-Limit r.2-3, r.12), example E-3."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import IllegalActionError
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

# E-3: "No-Limit Hold'em ... at the 100/200 level ... the small blind is 100 and the
# large blind is 200"
NL_100_200 = Stakes(format="no-limit", blinds=(100, 200))
NL_50_100 = Stakes(format="no-limit", blinds=(50, 100))


def test_no_limit_e3_button_raise_sb_reraise_bb_options_000_1_1_2(table: Table) -> None:
    # four seats, button 0, SB 1, BB 2; seat 3 folds to the button
    hand = table.hand("F01", NL_100_200, [20000] * 4)
    hand.act("f")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    # "The minimum raise in this situation would be 200 more (making it 400 to go), and the
    # maximum raise is all chips the button has"
    assert (legal.call, legal.min_to, legal.max_to) == (200, 400, 20000)
    hand.act("cbr 500")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    # E-3 correction: the small blind (100 in) calls 400, not the printed "300"; the
    # minimum raise is 300 more, making it 800 to go
    assert (legal.call, legal.min_to, legal.max_to) == (400, 800, 20000)
    hand.act("cbr 1200")  # raises 700
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    # the big blind may fold, call 1000 (300 + 700) or raise at least 700 (1900 to go)
    assert legal.fold
    assert (legal.call, legal.min_to) == (1000, 1900)
    hand.act("f")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    # the button may fold, call 700 or raise at least 700
    assert (legal.call, legal.min_to) == (700, 1900)
    hand.act("cc")
    assert hand.pot == 2600  # 1200 + 1200 + the folded big blind's 200 (derived)
    assert hand.street == 2  # the flop is out
    assert len(hand.boards[0]) == 3


def test_no_limit_raise_below_the_last_full_raise_is_refused_000_1_1_2(table: Table) -> None:
    hand = table.hand("F01", NL_100_200, [20000] * 4)
    table.play(hand, "f", "cbr 500")
    with pytest.raises(IllegalActionError, match="no-limit bet size") as info:
        hand.act("cbr 700")  # a raise of 200 after a raise of 300
    assert "800-20000" in str(info.value)


def test_no_limit_minimum_bet_is_the_big_blind_000_1_1_2(table: Table) -> None:
    hand = table.hand("F01", NL_50_100, [5000] * 3)
    table.play(hand, "cc", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.check
    assert (legal.min_to, legal.max_to) == (100, 4900)
    with pytest.raises(IllegalActionError, match="100-4900"):
        hand.act("cbr 99")


def test_no_limit_all_in_below_the_minimum_bet_is_allowed_000_1_1_2(table: Table) -> None:
    hand = table.hand("F01", NL_50_100, [5000, 160, 5000])
    table.play(hand, "cc", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert (legal.min_to, legal.max_to) == (60, 60)  # all-in for less than the big blind
    hand.act("cbr 60")
    legal = hand.legal()
    assert legal is not None
    # a raise is at least a minimum bet (001 NL r.2-3): the short bet is no full bet
    assert (legal.call, legal.min_to) == (60, 160)


def test_no_limit_short_all_in_does_not_reopen_001_nl_r3_example(table: Table) -> None:
    # button 0, SB 1 (A), BB 2 (B); seat 0 (C) has 350 and is in for 100 pre-flop
    hand = table.hand("F01", NL_50_100, [350, 5000, 5000])
    table.play(hand, "cc", "cc", "cc")
    # flop: A bets 100, B raises to 200, C is all-in for 250 (less than 300)
    table.play(hand, "cbr 100", "cbr 200", "cbr 250")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    # "Player A could have raised, because Player B raised": A faces B's full raise
    assert legal.min_to is not None
    assert legal.min_to == 350  # 250 + the last full raise of 100
    hand.act("cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    # "Player B has no option to raise again, because he wasn't fully raised"
    assert legal.call == 50
    assert legal.min_to is None
    with pytest.raises(IllegalActionError, match="raising"):
        hand.act("cbr 1000")


def test_no_limit_full_all_in_raise_reopens_000_1_1_2(table: Table) -> None:
    hand = table.hand("F01", NL_50_100, [400, 5000, 5000])
    table.play(hand, "cc", "cc", "cc")
    table.play(hand, "cbr 100", "cc", "cbr 300")  # C all-in for a raise of 200: a full raise
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.call, legal.min_to) == (1, 200, 500)


def test_no_limit_unlimited_raises_001_nl_r1(table: Table) -> None:
    hand = table.hand("F01", NL_50_100, [100000] * 2)
    for to in (200, 300, 400, 500, 600, 700, 800):
        hand.act(f"cbr {to}")
    legal = hand.legal()
    assert legal is not None
    assert legal.min_to == 900


def test_straddle_sets_the_minimum_and_acts_last_001_nl_r2_r12_e31(table: Table) -> None:
    # blinds 1/2 and a live straddle of 4 (twice the big blind) left of the big blind
    hand = table.hand("F01", Stakes(format="no-limit", blinds=(1, 2, 4)), [500] * 5)
    assert [(e.seat, e.amount) for e in table.kinds(hand.events, "blind")] == [
        (1, 1),
        (2, 2),
        (3, 4),
    ]
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 4  # action begins left of the straddle
    # "A straddle bet sets a new minimum bring-in, and is not treated as a raise"
    assert (legal.call, legal.min_to) == (4, 8)
    table.play(hand, "cc", "cc", "cc", "cc")  # 4, button, SB and BB call
    legal = hand.legal()
    assert legal is not None
    # "The player who posts the straddle has last action for the first round of betting
    # and is allowed to raise"
    assert legal.seat == 3
    assert legal.check
    assert legal.min_to == 8
    hand.act("cc")
    assert hand.street == 2
    assert hand.pot == 20


def test_re_straddle_last_straddle_acts_last_004_r7e(table: Table) -> None:
    hand = table.hand("F01", Stakes(format="no-limit", blinds=(1, 2, 4, 8)), [500] * 6)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 5  # left of the last straddle
    assert (legal.call, legal.min_to) == (8, 16)
