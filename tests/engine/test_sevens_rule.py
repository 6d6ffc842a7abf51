"""The Sevens Rule of limit California lowball (000 App.B, rules.md §1.9 and E-7) and no
limping in no-limit 2-7 (000 App.A)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import check_invariants
from pokerbook.engine.sevens_rule import DETAIL
from pokerbook.games.house import BARGE, ROBERTS, House
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

#: "The limit is $20" (E-7): one bet size before and after the draw
LIMIT_20 = Stakes(format="limit", blinds=(10, 20), small_bet=20, big_bet=20)
LIMIT_1_2 = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)

# E-7's table: John (small blind, 35 chips), You (big blind), Cindy, Henry (button).
E7_HANDS = {
    0: "8c 4c 3d 2h Kd",  # John draws one to 8-4-3-2-A
    1: "5d 4d Qc Qs Ac",  # You draw two to the wheel
    2: "6s 4s 3s 2s Ah",  # Cindy is pat: 6-4-3-2-A
    3: "6c 5h 4h 3h Jc",  # Henry draws one to 6-5-4-3-2
}
E7_DRAWS = {0: "As", 1: "3c 2c", 3: "2d"}


def play_e7(table: Table, house: House) -> Hand:
    """E-7: four players in for 20, then John's all-in 15 after the draw, called by the
    wheel; Cindy raises, Henry raises, Cindy re-raises, and everyone calls.  (In E-7
    Cindy "completes" to 20; under the half-bet rule, 000 §1.1.1 and 001 Betting r.5,
    15 of 20 counts as a full bet, so her raise is to 35, and the others follow.)"""
    hand = table.hand(
        "D05", LIMIT_20, [35, 100, 100, 100], E7_HANDS, draws=E7_DRAWS, button=3, house=house
    )
    table.play(hand, "cc", "cc", "cc", "cc")  # Cindy, Henry, John complete, You check
    table.play(hand, "sd Kd", "sd Qc Qs", "sd", "sd Jc")
    for action in ("cbr 15", "cc", "cbr 35", "cbr 55", "cc", "cbr 75", "cc", "cc"):
        hand.act(action)
        check_invariants(hand)
    assert hand.done
    return hand


def test_e7_calling_a_short_all_in_with_a_wheel_wins_only_that_bet_000_app_b(
    table: Table,
) -> None:
    hand = play_e7(table, BARGE)
    refunds = {e.seat: e.amount for e in hand.events if e.detail == DETAIL}
    # all of Cindy's and Henry's post-draw chips go back, and the wheel's own after its call
    assert refunds == {1: 60, 2: 75, 3: 75}
    # the wheel takes "that initial $80, plus the $30" of John's bet and its call
    assert hand.payouts == [0, 110, 0, 0]
    assert hand.stacks == [0, 175, 80, 80]


def test_sevens_rule_short_bet_half_a_bet_lets_the_wheel_call_fifteen_of_twenty_001(
    table: Table,
) -> None:
    # 001 Ace-to-Five r.4: only an all-in of less than half a bet may be just called;
    # 15 of 20 is not, so calling it breaks no rule and the wheel wins everything
    hand = play_e7(table, ROBERTS)
    assert not [e for e in hand.events if e.detail == DETAIL]
    assert hand.payouts == [0, 140 + 3 * 60, 0, 0]
    assert hand.stacks == [0, 325, 5, 5]


def test_checking_a_seven_or_better_voids_the_action_after_the_draw_000_app_b(
    table: Table,
) -> None:
    hands = {0: "7c 5c 4d 3h Ah", 1: "8s 6s 4s 3s 2d", 2: "9d 8d 6h 5h 4c"}
    hand = table.hand("D05", LIMIT_1_2, [100] * 3, hands, button=2)
    table.play(hand, "cc", "cc", "cc")  # 2 each before the draw: a pot of 6
    table.play(hand, "sd", "sd", "sd")
    table.play(hand, "cc", "cbr 4", "cc", "cc")  # the seven checks, then calls
    assert hand.done
    # the 7-5-4-3-A is best: the post-draw 4 of each goes back; it wins the 6
    assert [e.amount for e in hand.events if e.detail == DETAIL] == [4, 4, 4]
    assert hand.stacks == [104, 98, 98]


def test_a_checked_seven_that_is_beaten_loses_as_usual_001(table: Table) -> None:
    hands = {0: "7c 5c 4d 3h Ah", 1: "6s 4s 3s 2s Ad", 2: "9d 8d 6h 5h 4c"}
    hand = table.hand("D05", LIMIT_1_2, [100] * 3, hands, button=2)
    table.play(hand, "cc", "cc", "cc", "sd", "sd", "sd")
    table.play(hand, "cc", "cbr 4", "cc", "cc")
    assert not [e for e in hand.events if e.detail == DETAIL]
    assert hand.stacks == [94, 112, 94]


def test_betting_a_seven_or_better_keeps_all_the_action(table: Table) -> None:
    hands = {0: "7c 5c 4d 3h Ah", 1: "8s 6s 4s 3s 2d", 2: "9d 8d 6h 5h 4c"}
    hand = table.hand("D05", LIMIT_1_2, [100] * 3, hands, button=2)
    table.play(hand, "cc", "cc", "cc", "sd", "sd", "sd")
    table.play(hand, "cbr 4", "cc", "cc")
    assert hand.stacks == [112, 94, 94]


def test_no_sevens_rule_in_no_limit_lowball_001_nl_lowball_r4(table: Table) -> None:
    stakes = Stakes(format="no-limit", blinds=(1, 2))
    hands = {0: "7c 5c 4d 3h Ah", 1: "8s 6s 4s 3s 2d", 2: "9d 8d 6h 5h 4c"}
    hand = table.hand("D05", stakes, [100] * 3, hands, button=2)
    table.play(hand, "cc", "cc", "cc", "sd", "sd", "sd")
    table.play(hand, "cc", "cbr 4", "cc", "cc")
    assert hand.stacks == [112, 94, 94]


def test_limit_california_lowball_forbids_check_raise_000_2_11(table: Table) -> None:
    hands = {0: "7c 5c 4d 3h Ah", 1: "8s 6s 4s 3s 2d", 2: "9d 8d 6h 5h 4c"}
    hand = table.hand("D05", LIMIT_1_2, [100] * 3, hands, button=2)
    table.play(hand, "cc", "cc", "cc", "sd", "sd", "sd", "cc", "cbr 4", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    assert legal.min_to is None  # checked: may call or fold, not raise


# -- no limping in no-limit 2-7 ------------------------------------------------------

NL_1_2 = Stakes(format="no-limit", blinds=(1, 2))


def test_no_limit_2_7_refuses_a_limp_000_app_a(table: Table) -> None:
    hand = table.hand("D07", NL_1_2, [100] * 4)
    legal = hand.legal()
    assert legal is not None
    assert legal.call is None
    assert legal.min_to == 4
    with pytest.raises(IllegalActionError, match="no limping"):
        hand.act("cc")
    assert hand.actor == 3  # nothing changed
    hand.act("cbr 4")
    hand.act("cc")  # the button calls a raise: no limp
    assert hand.contributed == [4, 1, 2, 4]


def test_no_limit_2_7_small_blind_may_not_just_complete(table: Table) -> None:
    hand = table.hand("D07", NL_1_2, [100] * 3)
    hand.act("f")  # the button
    with pytest.raises(IllegalActionError, match="no limping"):
        hand.act("cc")  # the small blind
    hand.act("cbr 6")
    hand.act("cc")  # the big blind calls the raise
    assert hand.contributed == [0, 6, 6]


def test_no_limit_2_7_a_short_stack_may_call_all_in(table: Table) -> None:
    hand = table.hand("D07", NL_1_2, [100, 100, 100, 2])
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 3
    assert legal.call == 2  # all in: no chips to raise with
    hand.act("cc")
    assert hand.stacks[3] == 0


def test_limping_is_allowed_in_limit_2_7(table: Table) -> None:
    hand = table.hand("D07", LIMIT_1_2, [100] * 4)
    hand.act("cc")
    assert hand.committed[3] == 2
