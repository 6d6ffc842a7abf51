"""Hand keys: one sum tells the ranks, suits, count and repeats of a hand."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pokerbook.cards import STANDARD_CARDS, parse
from pokerbook.cards.card import RANK_KEY_MASK, SUIT_SHIFT
from pokerbook.cards.hand_keys import HAND_KEYS, count_of, hand_key, has_repeat

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
