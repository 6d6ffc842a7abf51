"""Blinds, antes and the order of action: rules.md §2 (001 "Button and Blind Use",
004 r.4, r.31), §1.7 (big blind ante, E-33) and §5.5 (short blinds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

NL_100_200 = Stakes(format="no-limit", blinds=(100, 200))
LHE_100_200 = Stakes(format="limit", blinds=(50, 100), small_bet=100, big_bet=200)


def test_heads_up_button_posts_small_blind_and_acts_first_pre_flop_001_blinds_r3_004_r31(
    table: Table,
) -> None:
    hand = table.hand("F01", NL_100_200, [5000, 5000], button=1)
    blinds = {e.seat: e.amount for e in table.kinds(hand.events, "blind")}
    assert blinds == {1: 100, 0: 200}  # the button is the small blind
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1  # "The small blind is first to act in the first round"
    table.play(hand, "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    # "In the second round of betting and later, the big blind acts first"
    assert legal.seat == 0
    hand.act("cc")
    assert hand.actor == 1  # the button acts last after the flop


def test_heads_up_big_blind_gets_the_first_card_004_r31(table: Table) -> None:
    hand = table.hand("F01", NL_100_200, [5000, 5000], button=1)
    dealt = [e.seat for e in table.kinds(hand.events, "deal-hole")]
    assert dealt == [0, 1]


def test_first_to_act_pre_flop_is_left_of_the_big_blind_001_blinds(table: Table) -> None:
    hand = table.hand("F01", NL_100_200, [5000] * 6, button=2)
    blinds = {e.seat: e.amount for e in table.kinds(hand.events, "blind")}
    assert blinds == {3: 100, 4: 200}
    assert hand.actor == 5


def test_later_rounds_start_with_first_active_player_left_of_the_button_001_blinds(
    table: Table,
) -> None:
    hand = table.hand("F01", NL_100_200, [5000] * 5, button=2)
    # 0, 1, 2 call, the small blind (3) folds, the big blind (4) checks
    table.play(hand, "cc", "cc", "cc", "f", "cc")
    assert hand.street == 2
    assert hand.actor == 4


def test_big_blind_has_the_option_to_raise_when_limped_to_001_blinds_r2(table: Table) -> None:
    hand = table.hand("F01", LHE_100_200, [5000] * 3)
    table.play(hand, "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 2
    assert legal.check
    assert (legal.min_to, legal.max_to) == (200, 200)


def test_big_blind_ante_posted_by_the_big_blind_for_the_table_e33_000_1_2_1(
    table: Table,
) -> None:
    stakes = Stakes(format="no-limit", blinds=(100, 200), ante=200, big_blind_ante=True)
    hand = table.hand("F01", stakes, [10000] * 6)
    antes = [(e.seat, e.amount) for e in table.kinds(hand.events, "ante")]
    assert antes == [(2, 200)]  # one ante, the size of the big blind, from the big blind
    assert hand.stacks[2] == 10000 - 400
    assert hand.pot == 500
    legal = hand.legal()
    assert legal is not None
    assert legal.call == 200  # the ante is dead: it does not count toward the bet


def test_per_seat_antes_phh_style_e33(table: Table) -> None:
    # a record that lists each seat's ante, as PHH does: the big blind antes 200
    hand = table.hand(
        "F01",
        NL_100_200,
        [10000] * 4,
        blinds=[0, 100, 200, 0],
        antes=[0, 0, 200, 0],
    )
    assert [(e.seat, e.amount) for e in table.kinds(hand.events, "ante")] == [(2, 200)]
    assert hand.pot == 500
    table.play(hand, "cc", "cc", "cc", "cc")
    assert hand.pot == 1000  # four players in for 200, plus the dead ante


def test_dealer_antes_for_every_player_004_r4(table: Table) -> None:
    # "the House may require the dealer to ante for each active player"
    stakes = Stakes(format="no-limit", blinds=(25, 50), ante=10, dealer_ante=True)
    hand = table.hand("F01", stakes, [1000] * 4, button=3)
    assert [(e.seat, e.amount) for e in table.kinds(hand.events, "ante")] == [(3, 40)]
    assert hand.pot == 40 + 25 + 50
    table.play(hand, "f", "f", "f")  # seat 2, the button (3), then the small blind (0) fold
    # the big blind (seat 1) wins the blinds and the dealer's ante: dead money in the pot
    assert hand.done
    assert hand.stacks[0] == 1000 - 25
    assert hand.stacks[3] == 1000 - 40
    assert hand.stacks[1] == 1000 - 50 + 40 + 25 + 50
    assert sum(hand.stacks) == 4000


def test_antes_with_blinds_every_player_antes_004_r4(table: Table) -> None:
    stakes = Stakes(format="no-limit", blinds=(25, 50), ante=10)
    hand = table.hand("F01", stakes, [1000] * 4)
    assert [e.amount for e in table.kinds(hand.events, "ante")] == [10] * 4
    assert hand.pot == 40 + 75
    legal = hand.legal()
    assert legal is not None
    # "Any ante does not impact the minimum or maximum bet" (000 §1.1.2)
    assert (legal.call, legal.min_to) == (50, 100)


def test_short_big_blind_all_in_others_still_call_the_full_blind_001_tourn_r19(
    table: Table,
) -> None:
    hands = {0: "7c 2d", 1: "8c 3d", 2: "As Ah"}
    board = "Kd 9s 5c 4h Jc"
    hand = table.hand("F01", NL_100_200, [5000, 5000, 50], hands, board)
    blind = table.kinds(hand.events, "blind")[-1]
    assert (blind.seat, blind.amount, blind.all_in) == (2, 50, True)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 0
    assert (legal.call, legal.min_to) == (200, 400)
    table.play(hand, "cc", "cc")  # the button calls 200, the small blind completes
    assert hand.pot == 450
    table.play(hand, "cc", "cc", "cc", "cc", "cc", "cc")  # checked down
    assert hand.done
    # "A player who posts a short blind and wins does not need to make up the blind":
    # the big blind wins the main pot of 3 x 50; the side pot of 300 goes between the others
    got = table.awards(hand)
    assert got[2] == 150
    assert sum(got.values()) == 450


def test_short_big_blind_heads_up_small_blind_does_not_act(table: Table) -> None:
    hands = {0: "7c 2d", 1: "As Ah"}
    hand = table.hand("F01", NL_100_200, [5000, 50], hands, "Kd 9s 5c 4h Jc")
    # the button's small blind covers the all-in big blind: nothing is left to decide
    assert hand.done
    assert [(e.seat, e.amount) for e in table.kinds(hand.events, "return")] == [(0, 50)]
    assert hand.stacks == [4950, 100]


def test_short_small_blind_all_in_001_tourn_r19(table: Table) -> None:
    hand = table.hand("F01", NL_100_200, [5000, 60, 5000, 5000])
    blinds = [(e.seat, e.amount, e.all_in) for e in table.kinds(hand.events, "blind")]
    assert blinds == [(1, 60, True), (2, 200, False)]
    legal = hand.legal()
    assert legal is not None
    assert (legal.seat, legal.call) == (3, 200)
    table.play(hand, "cc", "cc")
    assert hand.actor == 2  # the small blind is all-in: the big blind's option comes next
