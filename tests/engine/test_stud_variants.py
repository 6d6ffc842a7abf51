"""Stud games beyond seven-card stud: Super Stud's discards from the down cards
(000 §2.57) and Mississippi's blinds and face-up seventh street (000 §2.38)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.cards.notation import parse
from pokerbook.engine.errors import IllegalActionError
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

STUD = Stakes("limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
PL = Stakes("pot-limit", blinds=(1, 2))


def test_super_stud_discards_come_from_the_down_cards_000_2_57(table: Table) -> None:
    hands = {0: "As Ad 9c 8d 2c", 1: "Kh Kd 7s 3h Qd", 2: "Qc Jc 6h 5s Tc"}
    hand = table.hand("S11", STUD, [100] * 3, hands)
    table.play(hand, "pb", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert legal.discard == 2
    assert legal.throwable == tuple(parse("Kh Kd 7s 3h"))
    before = list(hand.hole[1])
    with pytest.raises(IllegalActionError, match="face-down cards"):
        hand.act("dc QdKh")  # the Qd is the up card
    assert hand.hole[1] == before
    hand.act("dc 7s3h")
    assert hand.hole[1] == list(parse("Kh Kd Qd"))
    assert hand.up_cards(1) == list(parse("Qd"))


def test_mississippi_first_round_left_of_the_big_blind_then_best_showing_000_2_38(
    table: Table,
) -> None:
    hands = {0: "Ah Kh 2c 7d 7s", 1: "Qs Qd 5h Ac Kc", 2: "8h 8c Th 6d 2d"}
    hand = table.hand("S12", PL, [100] * 3, hands)
    assert hand.actor == 0  # left of the big blind (seat 2), three-handed: the button
    table.play(hand, "cc", "cc", "cc")
    # fourth and fifth street together: two up cards each
    assert [len(hand.up_cards(s)) for s in range(3)] == [3, 3, 3]
    assert hand.actor == 0  # p1's pair of sevens showing


def test_mississippi_seventh_street_is_dealt_face_up_000_2_38(table: Table) -> None:
    hand = table.hand("S12", PL, [100] * 2)
    while not hand.done:
        hand.act("cc")
    assert all(len(hand.up_cards(s)) == 5 for s in range(2))  # two down, five up


def test_mississippi_short_stub_deals_one_community_card_000_2_38(table: Table) -> None:
    # eight players need 56 cards: the last street is one community card
    hand = table.hand("S12", PL, [100] * 8)
    while not hand.done:
        hand.act("cc")
    assert len(hand.boards[0]) == 1
    assert all(len(hand.hole[s]) == 6 for s in range(8))
