"""Draw rounds: rules.md §3.3 (draw sizes; 004 "Draw Games" and r.13.01: the stub running
out; 001 Lowball r.9-10, Draw High r.4-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.cards.card import Card
from pokerbook.cards.notation import format_cards, parse
from pokerbook.engine.actions import Action
from pokerbook.engine.dealing import ShuffledDealer
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

LIMIT_1_2 = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)


def _to_draw(hand: Hand) -> None:
    legal = hand.legal()
    while legal is not None and legal.draw is None:
        hand.act("cc")
        legal = hand.legal()


def test_five_card_draw_stand_pat_or_draw_zero_to_five_000_2_25(table: Table) -> None:
    hands = {0: "As Ks Qs Js 9s", 1: "2c 2d 7h 8h 9d", 2: "3c 4c 5d 6d Kh"}
    draws = {1: "2h 2s 4s", 2: "Ac"}
    hand = table.hand("D01", LIMIT_1_2, [100] * 3, hands, draws=draws)
    _to_draw(hand)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1  # draws start left of the button
    assert legal.draw == (0, 5)
    assert not legal.fold
    event = hand.act("sd 7h8h9d")
    assert event.kind == "draw"
    assert event.discarded == parse("7h 8h 9d")
    assert event.cards == parse("2h 2s 4s")
    assert hand.hole[1] == list(parse("2c 2d 2h 2s 4s"))
    event = hand.act("sd Kh")
    assert event.cards == parse("Ac")
    event = hand.act("sd")  # the button stands pat
    assert (event.kind, event.amount, event.cards) == ("draw", 0, ())
    assert hand.hole[0] == list(parse("As Ks Qs Js 9s"))
    assert hand.street == 2  # the betting after the draw has begun
    legal = hand.legal()
    assert legal is not None
    assert legal.min_to == 4  # the big bet after the draw (001 Draw High)


def test_badugi_draws_zero_to_four_000_2_7(table: Table) -> None:
    hand = table.hand("D11", LIMIT_1_2, [100] * 2, {0: "Ac 2d 3h 4s", 1: "Kc Kd Qh Js"})
    _to_draw(hand)
    legal = hand.legal()
    assert legal is not None
    assert legal.draw == (0, 4)


def test_draw_must_throw_cards_held(table: Table) -> None:
    hand = table.hand("D01", LIMIT_1_2, [100] * 2, {0: "As Ks Qs Js 9s", 1: "2c 2d 7h 8h 9d"})
    _to_draw(hand)
    assert hand.actor == 1
    with pytest.raises(IllegalActionError, match="draw") as info:
        hand.act("sd As")
    assert "can only throw cards held (2c 2d 7h 8h 9d)" in str(info.value)
    with pytest.raises(IllegalActionError, match="draw"):
        hand.act("sd 7h7h")  # the same card twice
    with pytest.raises(IllegalActionError, match="draw round"):
        hand.act("cbr 4")
    assert hand.actor == 1
    assert hand.hole[1] == list(parse("2c 2d 7h 8h 9d"))


def _held(hand: Hand) -> list[Card]:
    return [c for seat in range(hand.seats) for c in hand.hole[seat]]


@pytest.mark.parametrize("seed", range(6))
def test_stub_running_out_reshuffles_previous_discards_not_the_drawers_own_004_draw(
    seed: int,
) -> None:
    # six players draw five cards each time at deuce-to-seven triple draw: 30 cards dealt,
    # 22 in the stub, so the stub runs out in the first draw
    hand = Hand("D09", LIMIT_1_2, [1000] * 6, seed=seed)
    dealer = hand.dealer
    assert isinstance(dealer, ShuffledDealer)
    reshuffles = 0
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        if legal.draw is None:
            hand.act("cc")
            continue
        seat = legal.seat
        thrown = list(hand.hole[seat])
        before = dealer.remaining()
        event = hand.act(f"sd {format_cards(thrown).replace(' ', '')}")
        if before < len(thrown):
            reshuffles += 1
        # "discards from players who are waiting for cards are not included"
        assert not set(event.cards) & set(thrown)
        assert len(event.cards) == 5
        held = _held(hand)
        assert len(held) == len(set(held)) == 30  # no card is in two hands
    assert reshuffles >= 3


def test_stub_reshuffle_deals_the_last_stub_card_then_earlier_discards_004_r13_01() -> None:
    deck = parse("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d")
    dealer = ShuffledDealer(deck, seed=3)
    first, second = dealer.deal(0, 5), dealer.deal(1, 5)
    stub = list(dealer.stub)
    assert len(stub) == 4
    thrown0 = first[:3]
    dealer.replace(0, thrown0)  # takes three of the four stub cards
    (last,) = dealer.stub
    thrown1 = second[:3]
    new = dealer.replace(1, thrown1)  # one stub card left for a three-card draw
    # "previous discards are reshuffled & cut for the remaining players' draw"
    assert new[0] == last
    assert set(new[1:]) <= set(thrown0)
    assert not set(new) & set(thrown1)


def test_board_card_with_the_stub_out_comes_from_the_reshuffled_discards() -> None:
    deck = parse("2c 3c 4c 5c 6c 7c")
    dealer = ShuffledDealer(deck, seed=5)
    held = dealer.deal(0, 4)
    dealer.burn()
    (last,) = dealer.deal(None, 1)
    assert dealer.remaining() == 0
    dealer.muck(held[:2])
    (turn,) = dealer.deal(None, 1)  # the discards (and burn) make a new stub
    assert turn not in (*held[2:], last)
    assert dealer.remaining() == 2


def test_dramaha_eight_players_drawing_five_each_still_get_a_turn_and_river() -> None:
    # 40 hole cards, a burn and the flop leave 8 cards: the draws use up the stub and the
    # discards, and the turn and river come from the discards shuffled again
    hand = Hand("H01", Stakes("limit", blinds=(1, 2)), [500] * 8, seed=11)
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        if legal.draw is not None:
            hand.act(Action("draw", cards=tuple(hand.hole[legal.seat][: legal.draw[1]])))
        else:
            hand.act("cc")
    assert len(hand.boards[0]) == 5
    assert sum(hand.payouts) == hand.pot
