"""Cards: the index layout, attributes, identity and the bring-in suit order."""

from __future__ import annotations

import pickle

import pytest

from pokerbook.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER,
    SPADES,
    STANDARD_CARDS,
    Card,
    parse,
    parse_card,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def test_index_layout_is_four_times_rank_plus_suit() -> None:
    for rank_pos, rank_char in enumerate(RANKS):
        for suit, suit_char in enumerate(SUITS):
            card = Card.of(4 * rank_pos + suit)
            assert str(card) == rank_char + suit_char
            assert card.rank == rank_pos + 2
            assert card.suit == suit
            assert card.index == 4 * rank_pos + suit


def test_index_end_points() -> None:
    assert str(Card.of(0)) == "2c"
    assert str(Card.of(1)) == "2d"
    assert str(Card.of(2)) == "2h"
    assert str(Card.of(3)) == "2s"
    assert str(Card.of(51)) == "As"
    assert Card.of(52) is JOKER
    assert JOKER.is_joker
    assert JOKER.rank == 0
    assert JOKER.suit == -1
    assert str(JOKER) == "Jo"


def test_suit_constants() -> None:
    assert (CLUBS, DIAMONDS, HEARTS, SPADES) == (0, 1, 2, 3)


def test_standard_cards_are_52_distinct_non_jokers() -> None:
    assert len(STANDARD_CARDS) == 52
    assert len(set(STANDARD_CARDS)) == 52
    assert not any(c.is_joker for c in STANDARD_CARDS)
    assert [c.index for c in STANDARD_CARDS] == list(range(52))


@pytest.mark.parametrize("index", [-1, 53, 100])
def test_card_of_rejects_out_of_range_index(index: int) -> None:
    with pytest.raises(ValueError, match=str(index)):
        Card.of(index)


def test_from_rank_suit() -> None:
    assert Card.from_rank_suit(14, SPADES) == parse_card("As")
    assert Card.from_rank_suit(2, CLUBS) == parse_card("2c")
    assert Card.from_rank_suit(10, HEARTS) == parse_card("Th")
    with pytest.raises(ValueError, match="rank 1"):
        Card.from_rank_suit(1, CLUBS)
    with pytest.raises(ValueError, match="suit 4"):
        Card.from_rank_suit(5, 4)


def test_cards_are_singletons() -> None:
    for i in range(53):
        assert Card.of(i) is Card.of(i)
        assert parse(str(Card.of(i)))[0] is Card.of(i)


def test_cards_are_immutable() -> None:
    card = parse_card("As")
    with pytest.raises(AttributeError):
        card.rank = 2
    assert card.rank == 14


def test_pickle_keeps_identity() -> None:
    for card in (*STANDARD_CARDS, JOKER):
        assert pickle.loads(pickle.dumps(card)) is card


def test_symbols() -> None:
    assert parse_card("As").symbol == "A♠"
    assert parse_card("Kh").symbol == "K♥"
    assert parse_card("Td").symbol == "T♦"
    assert parse_card("2c").symbol == "2♣"
    assert JOKER.symbol == "Jo"


def test_repr() -> None:
    assert repr(parse_card("Qd")) == "Card('Qd')"


def test_bit_and_key_are_rank_based() -> None:
    for card in STANDARD_CARDS:
        assert card.bit == 1 << (card.rank - 2)
    # same rank, different suits: same rank bit, different keys (suits differ)
    a, b = parse("7c 7s")
    assert a.bit == b.bit
    assert a.key != b.key


def test_bring_in_suit_order_spades_hearts_diamonds_clubs_000_razz() -> None:
    # 000 §2.46 Razz: "The K♠ is the highest possible card followed by the K♥, K♦, K♣"
    ks, kh, kd, kc = parse("Ks Kh Kd Kc")
    assert ks > kh > kd > kc
    assert sorted([kd, ks, kc, kh]) == [kc, kd, kh, ks]
    assert max([kd, ks, kc, kh]) is ks


def test_rank_before_suit_in_card_order() -> None:
    # a higher rank is a higher card whatever the suits
    assert parse_card("3c") > parse_card("2s")
    assert parse_card("Ac") > parse_card("Ks")
    assert parse_card("2c") <= parse_card("2c")
    assert parse_card("2c") >= parse_card("2c")
    assert parse_card("2c") < parse_card("2d")
