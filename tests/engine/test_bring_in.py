"""Stud: the bring-in, completion and the order of action.  rules.md §1.8 (000 §1.1.1,
§2.46, §2.54; 001 Seven-Card Stud r.2-4), §1.1 (open pair), examples E-1 and E-5."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import IllegalActionError
from pokerbook.games.house import BARGE, ROBERTS, House
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

# E-5: "In $15-$30 stud, the lowcard opens for $5"
STUD_15_30 = Stakes(format="limit", ante=2, bring_in=5, small_bet=15, big_bet=30)
# E-1: "razz in a tournament at the 200/400 level with a 50 ante and a 75 bring-in"
RAZZ_200_400 = Stakes(format="limit", ante=50, bring_in=75, small_bet=200, big_bet=400)
# 001 Stud r.4: "In a $5-$10 game"
STUD_5_10 = Stakes(format="limit", ante=1, bring_in=2, small_bet=5, big_bet=10)


def test_stud_lowest_up_card_brings_in_clubs_lowest_000_2_54(table: Table) -> None:
    # three deuces showing: 2c is the lowest card (2c < 2d < 2h < 2s)
    hands = {0: "Ah Ad 2d", 1: "Kh Kd 2h", 2: "Qh Qd 2c", 3: "Jh Jd 3c"}
    hand = table.hand("S01", STUD_15_30, [1000] * 4, hands)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    assert legal.bring_in == 5
    assert not legal.fold  # the bring-in is a forced bet


def test_razz_highest_up_card_brings_in_aces_low_king_of_spades_highest_000_2_46(
    table: Table,
) -> None:
    hands = {0: "2h 3d Kh", 1: "2d 3h As", 2: "4h 5d Ks", 3: "4d 5h Qs"}
    hand = table.hand("S05", RAZZ_200_400, [5000] * 4, hands)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2  # Ks > Kh; the ace is low


def test_bring_in_may_post_or_complete_e1_razz_75_or_200_000_1_1_1(table: Table) -> None:
    hands = {0: "2h 3d 4c", 1: "2d 3h 5c", 2: "4h 5d Ks"}
    hand = table.hand("S05", RAZZ_200_400, [5000] * 3, hands)
    assert hand.pot == 150  # 3 x 50 ante
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    assert legal.bring_in == 75
    assert (legal.min_to, legal.max_to) == (200, 200)  # "an option to instead complete to 200"
    event = hand.act("cbr 200")
    assert event.kind == "complete"
    assert event.amount == 200


def test_razz_e1_small_bet_on_3rd_and_4th_big_bet_on_5th_6th_7th_000_1_1_1(
    table: Table,
) -> None:
    hands = {0: "2h 3d 4c 6c 7c 8c 9c", 1: "2d 3h 5c 6d 7d 8d 9d", 2: "4h 5d Ks Kh Qh Jh Th"}
    hand = table.hand("S05", RAZZ_200_400, [5000] * 3, hands)
    table.play(hand, "pb", "cc", "cc")
    assert hand.street == 2  # calling the bring-in closes 3rd street: no option for it
    sizes = []
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        assert legal.check
        sizes.append(legal.min_to)
        table.play(hand, "cc", "cc", "cc")
    assert sizes == [200, 400, 400, 400]


def test_completion_is_not_a_raise_three_raises_follow_e5_001_stud_r3(table: Table) -> None:
    hands = {0: "Ah Ad 9c", 1: "Kh Kd 2c", 2: "Qh Qd Tc", 3: "Jh Jd Jc"}
    hand = table.hand("S01", STUD_15_30, [1000] * 4, hands)
    bring = hand.act("pb")
    assert (bring.seat, bring.kind, bring.amount) == (1, "bring-in", 5)
    legal = hand.legal()
    assert legal is not None
    assert (legal.call, legal.min_to, legal.max_to) == (5, 15, 15)
    assert hand.act("cbr 15").kind == "complete"
    # "up to three raises are then allowed when using a three-raise limit"
    for to in (30, 45, 60):
        assert hand.act(f"cbr {to}").kind == "raise"
    legal = hand.legal()
    assert legal is not None
    assert legal.min_to is None
    with pytest.raises(IllegalActionError, match="capped"):
        hand.act("cbr 75")


def test_bring_in_cannot_check_or_fold(table: Table) -> None:
    hands = {0: "Ah Ad 9c", 1: "Kh Kd 2c"}
    hand = table.hand("S01", STUD_15_30, [1000] * 2, hands)
    with pytest.raises(IllegalActionError, match="bring-in"):
        hand.act("f")
    with pytest.raises(IllegalActionError, match="bring-in"):
        hand.act("cc")


@pytest.mark.parametrize(("button", "first"), [(0, 1), (1, 2)], ids=["dealer-0", "dealer-1"])
def test_stud_fourth_street_best_high_hand_showing_acts_ties_clockwise_from_dealer_001(
    table: Table, button: int, first: int
) -> None:
    # seats 1 and 2 show A-7 (a tie; suits do not count); seat 0 shows 2c-3d and brings in
    hands = {0: "Kh Kd 2c 3d", 1: "4c 4h Ah 7c", 2: "5c 5h As 7d", 3: "6c 6h 9s 8d"}
    hand = table.hand("S01", STUD_15_30, [1000] * 4, hands, button=button, house=BARGE)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    for _ in range(4):
        hand.act("pb" if hand.actor == 0 else "cc")
    assert hand.street == 2
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == first


def test_stud_fourth_street_pair_showing_acts_before_ace_high_001_stud(table: Table) -> None:
    hands = {0: "Kh Kd 2c 3d", 1: "4c 4h Ah Kc", 2: "5c 5h 9s 9d"}
    hand = table.hand("S01", STUD_15_30, [1000] * 3, hands, house=BARGE)
    table.play(hand, "pb", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2


def test_razz_fourth_street_lowest_hand_showing_acts_first_000_2_46(table: Table) -> None:
    hands = {0: "Kh Kd Qc Jd", 1: "4c 4h As 2c", 2: "5c 5h 3s 4d", 3: "6c 6h 7s 5d"}
    hand = table.hand("S05", RAZZ_200_400, [5000] * 4, hands, button=3)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0  # Qc brings in
    table.play(hand, "pb", "cc", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1  # A-2 showing is the best low


def test_open_pair_on_fourth_street_bet_small_or_big_under_roberts_e5_001_stud_r4(
    table: Table,
) -> None:
    hands = {0: "Kh Kd 2c 3d", 1: "4c 4h 9h 9c", 2: "5c 5h As 7d"}
    hand = table.hand("S01", STUD_5_10, [1000] * 3, hands, house=ROBERTS)
    table.play(hand, "pb", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1  # the open pair of nines is high
    assert legal.sizes == (5, 10)  # "you may bet either $5 or $10"
    hand.act("cbr 5")
    legal = hand.legal()
    assert legal is not None
    # "any player then has the option to call $5, raise $5, or raise $10"
    assert (legal.call, legal.sizes) == (5, (10, 15))
    with pytest.raises(IllegalActionError, match="limit bet size"):
        hand.act("cbr 12")
    hand.act("cbr 15")  # a $10 raise
    legal = hand.legal()
    assert legal is not None
    # "If a $10 raise is made, then all other raises must be in increments of $10"
    assert legal.sizes == ()
    assert (legal.min_to, legal.max_to) == (25, 25)


def test_open_pair_high_hand_checks_later_players_have_the_same_options_001_stud_r4(
    table: Table,
) -> None:
    hands = {0: "Kh Kd 2c 3d", 1: "4c 4h 9h 9c", 2: "5c 5h As 7d"}
    hand = table.hand("S01", STUD_5_10, [1000] * 3, hands, house=ROBERTS)
    table.play(hand, "pb", "cc", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    assert legal.sizes == (5, 10)


@pytest.mark.parametrize(
    ("game", "house"),
    [("S01", BARGE), ("S02", ROBERTS), ("S05", ROBERTS)],
    ids=["stud-barge", "stud8-roberts", "razz-roberts"],
)
def test_no_open_pair_double_under_barge_or_in_stud8_and_razz_000_2_54_2_55(
    table: Table, game: str, house: House
) -> None:
    hands = {0: "Kh Kd 2c 3d", 1: "4c 4h 9h 9c", 2: "5c 5h As 7d"}
    if game == "S05":
        hands = {0: "Kh Kd Qc 3d", 1: "4c 4h 2h 2c", 2: "5c 5h As 7d"}
    hand = table.hand(game, STUD_5_10, [1000] * 3, hands, house=house)
    table.play(hand, "pb", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.sizes == ()
    assert (legal.min_to, legal.max_to) == (5, 5)
