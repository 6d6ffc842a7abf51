"""Hand keys: one sum tells the ranks, suits, count and repeats of a hand."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pokerbook.cards import JOKER, STANDARD_CARDS, parse
from pokerbook.cards.card import RANK_KEY_MASK, SUIT_SHIFT
from pokerbook.cards.hand_keys import (
    HAND_KEYS,
    PLAIN_ADD,
    count_of,
    hand_key,
    has_repeat,
    plain_keep,
    plain_mask,
    suit_mask,
)

indices = st.lists(st.integers(0, 51), min_size=0, max_size=15)


@given(indices)
def test_a_sum_holds_the_count_the_ranks_the_suits_and_whether_a_card_repeats(
    ix: list[int],
) -> None:
    cards = [STANDARD_CARDS[i] for i in ix]
    total = sum(hand_key(c) for c in cards)
    assert count_of(total) == len(cards)
    assert has_repeat(total) == (len(set(ix)) != len(ix))
    if not has_repeat(total):
        assert total & RANK_KEY_MASK == sum(c.key for c in cards) & RANK_KEY_MASK
        for suit in range(4):
            field = total >> (SUIT_SHIFT + 4 * suit) & 15
            assert field == sum(c.suit == suit for c in cards)


def test_every_way_of_writing_one_card_has_its_key() -> None:
    for card in STANDARD_CARDS:
        texts = {str(card), str(card).lower(), str(card).upper(), card.symbol}
        if card.rank == 10:
            texts.add("10" + str(card)[1])
        for text in texts:
            assert parse(text) == (card,)
            assert HAND_KEYS[text] == HAND_KEYS[card] == hand_key(card)


def test_the_joker_and_run_together_text_have_no_key() -> None:
    for text in ("Jo", "*", "AsKd", "As,"):
        assert text not in HAND_KEYS


@given(indices)
def test_one_mask_tells_seven_distinct_cards_without_five_of_a_suit(ix: list[int]) -> None:
    cards = [STANDARD_CARDS[i] for i in ix]
    total = sum(c.hand_key for c in cards)
    distinct = len(set(ix)) == len(ix) <= 7
    five_of_a_suit = any(sum(c.suit == s for c in cards) >= 5 for s in range(4))
    assert (not total + PLAIN_ADD & plain_mask(flushes=False)) == distinct
    assert (not total + PLAIN_ADD & plain_mask(flushes=True)) == (distinct and not five_of_a_suit)


def test_many_copies_of_a_card_never_pass_the_mask() -> None:
    for card in (STANDARD_CARDS[0], STANDARD_CARDS[51]):
        for copies in (2, 7, 8, 9, 16, 255, 256, 1 << 16, 1 << 33):
            assert card.hand_key * copies + PLAIN_ADD & plain_mask(flushes=False)


def test_the_jokers_hand_key_reads_as_more_cards_than_a_table_holds() -> None:
    total = JOKER.hand_key + sum(c.hand_key for c in STANDARD_CARDS[:4])
    assert count_of(total) > 7
    assert total + PLAIN_ADD & plain_mask(flushes=False)
    assert all(hand_key(c) == c.hand_key for c in STANDARD_CARDS)


@given(
    st.lists(st.integers(0, 52), min_size=0, max_size=15),
    st.sampled_from([1, 2, 8, 1 << 33]),
    st.booleans(),
)
def test_one_and_makes_the_rank_key_of_a_plain_sum_and_no_rank_key_of_any_other(
    ix: list[int], copies: int, flushes: bool
) -> None:
    cards = [JOKER if i == 52 else STANDARD_CARDS[i] for i in ix]
    total = sum(c.hand_key for c in cards) + (cards[0].hand_key * (copies - 1) if cards else 0)
    key = total + PLAIN_ADD & plain_keep(flushes=flushes)
    plain = not total + PLAIN_ADD & plain_mask(flushes=flushes)
    assert plain_keep(flushes=flushes) > 0
    assert (key < 1 << SUIT_SHIFT) == plain
    if plain:
        assert key == total & RANK_KEY_MASK


@given(st.lists(st.integers(0, 51), min_size=0, max_size=15, unique=True))
def test_the_presence_fields_give_each_suits_rank_mask(ix: list[int]) -> None:
    cards = [STANDARD_CARDS[i] for i in ix]
    total = sum(c.hand_key for c in cards)
    for suit in range(4):
        expected = 0
        for c in cards:
            if c.suit == suit:
                expected |= 1 << (c.rank - 2)
        assert suit_mask(total, suit) == expected
