"""The shuffled dealer: repeatable with a seed, every card equally likely anywhere."""

from __future__ import annotations

from collections import Counter

import pytest

from pokerbook.cards.decks import deck
from pokerbook.engine.dealing import ShuffledDealer

CARDS = deck("standard").cards
# chi-square, 51 degrees of freedom: exceeded by chance once in 10,000 runs
CHI2_51_LIMIT = 98.0


def _chi2(counts: Counter[object], cells: int, total: int) -> float:
    expected = total / cells
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


def test_a_seed_repeats_the_deal_and_another_seed_does_not() -> None:
    first = ShuffledDealer(CARDS, seed=7).deal(None, 24)
    assert ShuffledDealer(CARDS, seed=7).deal(None, 24) == first
    assert ShuffledDealer(CARDS, seed=8).deal(None, 24) != first


def test_dealing_the_whole_deck_gives_every_card_once() -> None:
    for seed in (None, 1, 2):
        dealer = ShuffledDealer(CARDS, seed=seed)
        dealt = dealer.deal(None, 20) + dealer.deal(None, 1) + dealer.deal(None, 31)
        assert sorted(dealt) == sorted(CARDS)
        assert dealer.remaining() == 0
        with pytest.raises(IndexError):
            dealer.deal(None, 1)


@pytest.mark.parametrize("position", [0, 1, 23])
def test_each_card_is_equally_likely_at_each_place_of_a_deal(position: int) -> None:
    counts: Counter[object] = Counter()
    hands = 26_000
    for seed in range(hands):
        counts[ShuffledDealer(CARDS, seed=seed).deal(None, 24)[position].index] += 1
    assert len(counts) == 52
    assert _chi2(counts, 52, hands) < CHI2_51_LIMIT


def test_the_card_after_a_burn_is_uniform_too() -> None:
    counts: Counter[object] = Counter()
    hands = 26_000
    for seed in range(hands):
        dealer = ShuffledDealer(CARDS, seed=seed)
        dealer.deal(None, 12)
        dealer.burn()
        counts[dealer.deal(None, 1)[0].index] += 1
    assert _chi2(counts, 52, hands) < CHI2_51_LIMIT


def test_an_empty_deal_takes_no_randomness() -> None:
    plain = ShuffledDealer(CARDS, seed=3)
    padded = ShuffledDealer(CARDS, seed=3)
    assert padded.deal(None, 0) == []
    assert padded.replace(0, ()) == []
    assert padded.deal(None, 5) == plain.deal(None, 5)


def test_dice_roll_every_face_equally_often() -> None:
    dealer = ShuffledDealer(CARDS, seed=11)
    rolls = Counter(dealer.roll(6) for _ in range(60_000))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    expected = 10_000
    chi2 = sum((n - expected) ** 2 / expected for n in rolls.values())
    assert chi2 < 25.7  # 5 degrees of freedom, once in 10,000


def test_random_bits_come_in_the_width_asked() -> None:
    dealer = ShuffledDealer(CARDS, seed=5)
    widths = [dealer.random_bits(700).bit_length() for _ in range(20)]
    assert max(widths) <= 700
    assert min(widths) > 680  # a leading run of 20 zero bits: about one in a million


def test_board_cards_with_the_stub_out_come_from_the_shuffled_discards() -> None:
    dealer = ShuffledDealer(CARDS, seed=4)
    dealt = dealer.deal(0, 50)
    dealer.muck(dealt[:3])
    board = dealer.deal(None, 4)  # two left in the stub, and the three mucked
    assert len(board) == 4
    assert set(board) <= set(CARDS) - set(dealt[3:])
    assert dealer.discards == []
    with pytest.raises(IndexError, match="1 cards left, 2 needed"):
        dealer.deal(None, 2)
    with pytest.raises(IndexError, match="1 cards left, 2 needed"):
        dealer.deal(0, 2)  # a seat's cards never come from the discards
