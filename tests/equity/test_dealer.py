"""The equity dealer: known cards to their seats and boards in order, the rest from
the unseen cards as its picks say."""

from __future__ import annotations

import random

from pokerbook.cards.notation import parse
from pokerbook.equity.dealer import AssignedPicks, EquityDealer, RandomPicks, board_key


def test_the_dealer_never_deals_a_known_or_dead_card_at_random() -> None:
    known = parse("Ah Kh Qd Qc 2s")
    dealer = EquityDealer(
        [parse("Ah Kh"), parse("Qd Qc")],
        [],
        parse("3s 4s 5s"),
        RandomPicks(random.Random(3)),
    )
    assert dealer.deal(0, 3)[:2] == list(parse("Ah Kh"))
    assert dealer.remaining() == 2 + 2
    rest = dealer.deal(None, 2) + dealer.deal(1, 2)
    assert not set(rest[:2]) & set(known)
    assert dealer.at_random[0] not in known


def test_assigned_cards_are_handed_out_in_order() -> None:
    picks = AssignedPicks({0: parse("2c 3c"), board_key(0): parse("4c 5c 6c")})
    dealer = EquityDealer([(), ()], [], parse("2c 3c 4c 5c 6c 7c"), picks)
    assert dealer.deal(0, 1) + dealer.deal(0, 1) == list(parse("2c 3c"))
    assert dealer.deal(None, 3) == list(parse("4c 5c 6c"))
    assert dealer.pool == list(parse("7c"))
