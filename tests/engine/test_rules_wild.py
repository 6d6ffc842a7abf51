"""Wild cards decided during the hand and cards bought (003's stud games)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerbook.engine.invariants import check_invariants
from pokerbook.engine.situation import SeatShare
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

    from pokerbook.engine.hand import Hand

STUD = Stakes("limit", ante=1, bring_in=1, small_bet=2, big_bet=4)


def play_out(hand: Hand) -> None:
    while not hand.done:
        check_invariants(hand)
        if hand.decision == "bring-in":
            hand.act("pb")
        elif hand.decision == "choose":
            legal = hand.legal()
            assert legal is not None
            assert legal.choose
            hand.act(f"ch {legal.choose[-1]}")
        else:
            hand.act("cc")
    check_invariants(hand)


def test_follow_the_queen_card_after_a_face_up_queen_is_wild_003(table: Table) -> None:
    # deal order from the button's left: seat 1, seat 0; seat 1's door card is a queen,
    # seat 0's door card (the next card dealt up) makes fives wild
    hands = {1: "Ah Kd Qc 9s 8d 7c 2d", 0: "3h 3d 5s Tc Jd 6s 2s"}
    hand = table.hand("S26", STUD, [100, 100], hands, button=0)
    play_out(hand)
    assert hand.situation.wild == ["Q", "5"]


def test_follow_the_queen_a_queen_last_up_keeps_the_old_wild_rank_003(table: Table) -> None:
    # the last card dealt face up (seat 0's sixth street) is a queen: fives stay wild
    hands = {1: "Ah Kd Qc 9s 8d 7c 2d", 0: "3h 3d 5s Tc Jd Qs 2s"}
    hand = table.hand("S26", STUD, [100, 100], hands, button=0)
    play_out(hand)
    assert hand.situation.wild == ["Q", "5"]


def test_follow_the_queen_no_face_up_queen_only_queens_are_wild_003(table: Table) -> None:
    hands = {1: "Qh Kd 4c 9s 8d 7c 2d", 0: "3h 3d 5s Tc Jd 6s Qs"}
    hand = table.hand("S26", STUD, [100, 100], hands, button=0)
    play_out(hand)
    assert hand.situation.wild == ["Q"]  # both queens were dealt face down


def test_seven_with_a_twist_only_a_player_dealt_a_four_up_may_buy_003(table: Table) -> None:
    hands = {0: "Ac Ad 4c", 1: "Kh Ks 9d", 2: "Th Td 5h"}
    hand = table.hand("S24", STUD, [100] * 3, hands)
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.choose) == (0, ("buy", "pass"))
    hand.act("ch buy")
    assert len(hand.up_cards(0)) == 2
    assert hand.stacks[0] == 96  # the ante and 3 for the card
    assert hand.dead[0] == 3  # the price is dead money for the main pot
    assert hand.decision == "bring-in"


def test_low_hole_wild_each_players_lowest_hole_rank_is_wild_003(table: Table) -> None:
    hands = {0: "5c Ah 9s 5d Qh 2c Kd", 1: "8h 8d 3s 9c 4d Jc 7c"}
    hand = table.hand("S25", STUD, [100, 100], hands)
    play_out(hand)  # the last choice is "down": nobody buys the last card up
    overrides = hand.situation.overrides
    assert overrides[(0, "high")] == SeatShare(wild=["5"])
    assert overrides[(1, "high")] == SeatShare(wild=["7"])
