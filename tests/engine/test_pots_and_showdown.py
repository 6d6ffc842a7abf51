"""Pots and showdown: rules.md §5.1 (showdown order, 001 Showdown r.7, Tournaments r.34),
§5.4 (ties and odd chips: 000 §1.2.3, 001 Ties r.3-5, Stud H-L r.9-10) and §5.5 (side
pots: 004 r.9, 001 Ties r.5)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pytest

from pokerbook.games.house import BARGE, ROBERTS, House
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

NL_50_100 = Stakes(format="no-limit", blinds=(50, 100))
NL_5_10 = Stakes(format="no-limit", blinds=(5, 10))
LIMIT_1_2 = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
STUD_5_10 = Stakes(format="limit", ante=5, bring_in=10, small_bet=20, big_bet=40)


def test_three_all_ins_make_a_main_pot_and_two_side_pots_each_won_alone_004_r9(
    table: Table,
) -> None:
    # seat 1 (100) holds aces, seat 2 (300) kings, seat 3 (600) queens, seat 0 (1000) junk
    hands = {0: "5c 4d", 1: "As Ah", 2: "Ks Kh", 3: "Qs Qh"}
    hand = table.hand("F01", NL_50_100, [1000, 100, 300, 600], hands, "2c 7d 9h Js 8c")
    table.play(hand, "cbr 600", "cbr 1000", "cc", "cc")
    assert hand.done
    returned = table.kinds(hand.events, "return")
    assert [(e.seat, e.amount) for e in returned] == [(0, 400)]  # uncalled: nobody matched
    pots = {e.pot: (e.seat, e.amount) for e in table.kinds(hand.events, "award")}
    assert pots == {0: (1, 400), 1: (2, 600), 2: (3, 600)}
    assert hand.stacks == [400, 400, 600, 600]


def test_each_pot_split_on_its_own_with_its_own_odd_chip_001_ties_r5(table: Table) -> None:
    # seats 0 and 1 tie with A-K; seat 1 is all-in for 35, seat 2 loses
    hands = {0: "Ac Kd", 1: "Ad Kc", 2: "7h 6h"}
    hand = table.hand("F01", NL_5_10, [1000, 35, 1000], hands, "2c 9d Jh Qs 3c")
    table.play(hand, "cbr 100", "cc", "cc")  # seat 1 calls all-in for 35
    table.play(hand, *["cc"] * 6)
    assert hand.done
    by_pot = [(e.pot, e.seat, e.amount) for e in table.kinds(hand.events, "award")]
    # main pot 3 x 35 = 105 split 53/52, the odd chip to the first seat left of the
    # button (seat 1); the side pot of 2 x 65 = 130 goes to seat 0 alone
    assert sorted(by_pot) == [(0, 0, 52), (0, 1, 53), (1, 0, 130)]


def test_uncalled_bet_is_returned_004_r9(table: Table) -> None:
    hand = table.hand("F01", NL_50_100, [5000, 5000], {0: "2c 7d", 1: "As Ah"})
    table.play(hand, "cc", "cc")  # heads-up: button completes, big blind checks
    table.play(hand, "cbr 500", "f")
    assert hand.done
    returned = table.kinds(hand.events, "return")
    assert [(e.seat, e.amount) for e in returned] == [(1, 500)]
    assert hand.stacks == [4900, 5100]
    assert not table.kinds(hand.events, "show")  # an uncalled bettor need not show


def test_hi_lo_split_between_high_and_qualifying_low_001_ties(table: Table) -> None:
    hands = {0: "Kh Kd 9s 9c", 1: "Tc Td 6s 6d", 2: "Ac 3d Jh Jd"}
    hand = table.hand("F17", LIMIT_1_2, [100] * 3, hands, "2c 5d 8h Kc Qd")
    table.play(hand, "cc", "f", "cc")  # the small blind folds: pot 5
    table.play(hand, *["cc"] * 6)
    assert hand.done
    awards = [(e.seat, e.amount, e.detail) for e in table.kinds(hand.events, "award")]
    # the odd chip goes to the high half (000 §1.2.3 c, 001 Ties)
    assert sorted(awards) == [(0, 3, "high"), (2, 2, "low")]


def test_hi_lo_without_a_qualifying_low_the_high_scoops_000_2_42(table: Table) -> None:
    hands = {0: "Kh Kd 8s 8c", 1: "Tc Td 6s 6d", 2: "Ac 3d Js Jd"}
    hand = table.hand("F17", LIMIT_1_2, [100] * 3, hands, "9c 9d Jh Kc 2h")
    table.play(hand, "cc", "f", "cc")
    table.play(hand, *["cc"] * 6)
    assert hand.done
    assert table.awards(hand) == {0: 5}


def test_button_game_odd_chips_go_to_first_seats_left_of_the_button_000_1_2_3(
    table: Table,
) -> None:
    # the board plays for everyone: a three-way tie for a pot of 35
    hands = {0: "2c 3d", 1: "2d 4c", 2: "3c 4d", 3: "2h 3h"}
    hand = table.hand("F01", NL_5_10, [1000] * 4, hands, "As Kd Qh Jc Ts", button=3)
    # button 3: SB 0, BB 1, first to act 2
    table.play(hand, "cc", "cc", "f", "cc")  # 2 and 3 call, the small blind folds
    table.play(hand, *["cc"] * 9)
    assert hand.done
    # 35 / 3 = 11 r 2: one chip each to the first two winners left of the button (1, 2)
    assert table.awards(hand) == {1: 12, 2: 12, 3: 11}


def _stud_tie(table: Table, house: House) -> dict[int, int]:
    # seats 0 and 1 both make a nine-high straight; seat 1 holds the Ks, seat 0 the Kc
    hands = {
        0: "5c 6d 7c 8d 9c Kc 2h",
        1: "5h 6s 7h 8s 9h Ks 2d",
        2: "Qh Qd 2s 3c 4d Jc Th",
    }
    hand = table.hand("S01", STUD_5_10, [1000] * 3, hands, button=2, house=house)
    table.play(hand, "pb", "cc", "cc")  # seat 2 brings in with the 2s
    while not hand.done:
        hand.act("cc")
    return table.awards(hand)


@pytest.mark.parametrize("house", [BARGE, ROBERTS], ids=["barge", "roberts"])
def test_stud_odd_chip_to_highest_card_by_suit_000_1_2_3_001_ties(
    table: Table, house: House
) -> None:
    # pot: 3 x 5 ante + 3 x 10 = 45: 23 to the Ks, 22 to the Kc
    assert _stud_tie(table, house) == {0: 22, 1: 23}


def _razz_tie(table: Table, house: House) -> dict[int, int]:
    # seats 0 and 1 both make 5-4-3-2-A; seat 0 holds the Ac, seat 1 the 2c
    hands = {
        0: "Ac 2d 3d 4d 5d Kh Kd",
        1: "As 2c 3h 4h 5h Qh Qd",
        2: "9c 9d Ks Jc Tc Js Ts",
    }
    hand = table.hand("S05", STUD_5_10, [1000] * 3, hands, button=2, house=house)
    table.play(hand, "pb", "cc", "cc")  # seat 2 brings in with the Ks
    while not hand.done:
        hand.act("cc")
    return table.awards(hand)


def test_roberts_low_share_odd_chip_to_lowest_card_by_suit_aces_low_001_ties_r4(
    table: Table,
) -> None:
    # in razz the ace is the lowest card: the Ac is lower than the 2c
    assert _razz_tie(table, ROBERTS) == {0: 23, 1: 22}


def test_barge_stud_low_odd_chip_still_to_highest_card_by_suit_000_1_2_3(
    table: Table,
) -> None:
    # BARGE: "In stud games, the odd chip will be given to the hand with the highest card
    # by suit" (the Kh beats the Qh)
    assert _razz_tie(table, BARGE) == {0: 23, 1: 22}


def _showdown(table: Table, river: list[str]) -> list[tuple[str, int | None]]:
    hands = {0: "Ac Kd", 1: "7h 6h", 2: "Qc Qd"}
    hand = table.hand("F01", NL_50_100, [5000] * 3, hands, "2c 9d Jh 4s 3c")
    table.play(hand, "cc", "cc", "cc")
    table.play(hand, *["cc"] * 6)
    table.play(hand, *river)
    assert hand.done
    return [(e.kind, e.seat) for e in hand.events if e.kind in ("show", "muck")]


def test_showdown_last_aggressor_shows_first_001_showdown_r7(table: Table) -> None:
    # river: 1 checks, 2 bets, 0 calls, 1 calls: seat 2 shows first
    order = _showdown(table, ["cc", "cbr 100", "cc", "cc"])
    # the called queens show; the ace-king and the seven high cannot beat them and muck
    assert order == [("show", 2), ("muck", 0), ("muck", 1)]


def test_showdown_everyone_checks_first_to_act_shows_first_001_showdown_r7(
    table: Table,
) -> None:
    order = _showdown(table, ["cc", "cc", "cc"])
    # seat 1 acted first and shows first; the queens beat it; the ace-king mucks
    assert order == [("show", 1), ("show", 2), ("muck", 0)]


def test_side_pot_players_show_before_the_main_pot_all_in_001_showdown_r7(
    table: Table,
) -> None:
    hands = {0: "Ac Kd", 1: "Qc Qd", 2: "7h 6h"}
    hand = table.hand("F01", NL_50_100, [5000, 200, 5000], hands, "2c 9d Jh 4s 3c")
    table.play(hand, "cbr 300", "cc", "cc")  # seat 1 calls all-in for 200
    table.play(hand, *["cc"] * 4)
    table.play(hand, "cbr 500", "cc")  # river: seat 2 bets, seat 0 calls
    assert hand.done
    shown = [e.seat for e in hand.events if e.kind in ("show", "muck")]
    assert shown == [2, 0, 1]


def test_all_in_hands_are_shown_001_tournaments_r34(table: Table) -> None:
    # seat 1 is all-in and loses to the hand shown before it: it is shown all the same
    hands = {0: "Ac Ad", 1: "Qc Qd", 2: "Ah Kd"}
    hand = table.hand("F01", NL_50_100, [5000, 200, 5000], hands, "2c 9d Jh 4s 3c")
    table.play(hand, "cbr 300", "cc", "cc")
    table.play(hand, *["cc"] * 4)
    table.play(hand, "cbr 500", "cc")
    shows = [(e.kind, e.seat) for e in hand.events if e.kind in ("show", "muck")]
    assert ("show", 1) in shows
    assert 1 in hand.shown


def test_all_hands_turn_face_up_with_an_all_in_in_a_tournament_001_tournaments_r34(
    table: Table,
) -> None:
    hands = {0: "Ac Ad", 1: "Qc Qd", 2: "7h 6h"}
    house = dataclasses.replace(BARGE, tournament=True)
    hand = table.hand("F01", NL_50_100, [5000, 200, 5000], hands, "2c 9d Jh 4s 3c", house=house)
    table.play(hand, "cbr 300", "cc", "cc")
    table.play(hand, *["cc"] * 4)
    table.play(hand, "cbr 500", "cc")
    assert hand.shown == {0, 1, 2}


def test_chips_are_conserved_and_winner_takes_all_when_everyone_folds(table: Table) -> None:
    hand = table.hand("F01", NL_50_100, [1000] * 3)
    table.play(hand, "f", "f")
    assert hand.done
    assert hand.stacks == [1000, 950, 1050]


def test_big_blind_ante_does_not_change_the_showdown_order_001_showdown_r7(
    table: Table,
) -> None:
    # the big blind's ante is dead money for the table, not a deeper stake: with the river
    # checked, the first to act (the small blind) still shows first
    stakes = Stakes(format="no-limit", blinds=(50, 100), ante=100, big_blind_ante=True)
    hands = {0: "Ac Kd", 1: "7h 6h", 2: "Qc Qd"}
    hand = table.hand("F01", stakes, [5000] * 3, hands, "2c 9d Jh 4s 3c")
    table.play(hand, "cc", "cc", "cc")
    table.play(hand, *["cc"] * 9)
    assert hand.done
    order = [(e.kind, e.seat) for e in hand.events if e.kind in ("show", "muck")]
    assert order == [("show", 1), ("show", 2), ("muck", 0)]
