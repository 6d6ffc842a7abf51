"""Decks: standard, short (000 §1.7), Mexican (000 §1.7, §2.37), standard with the joker."""

from __future__ import annotations

from collections import Counter

import pytest

from pokerbook.cards import (
    DECKS,
    JOKER,
    MEXICAN,
    SHORT,
    STANDARD,
    STANDARD_CARDS,
    WITH_JOKER,
    Deck,
    deck,
)


def _no_duplicates(d: Deck) -> bool:
    return len(set(d.cards)) == len(d.cards)


def test_standard_deck_is_52_cards() -> None:
    assert len(STANDARD) == 52
    assert set(STANDARD.cards) == set(STANDARD_CARDS)
    assert not STANDARD.has_joker
    assert STANDARD.ranks == frozenset(range(2, 15))
    assert Counter(c.suit for c in STANDARD.cards) == {0: 13, 1: 13, 2: 13, 3: 13}


def test_short_deck_is_36_cards_without_2_to_5_000_1_7() -> None:
    # 000 §1.7: "a deck of 36 cards ... all of the deuces, treys, fours, and fives removed"
    assert len(SHORT) == 36
    assert _no_duplicates(SHORT)
    assert SHORT.ranks == frozenset(range(6, 15))
    assert not SHORT.has_joker
    assert Counter(c.rank for c in SHORT.cards) == dict.fromkeys(range(6, 15), 4)


def test_mexican_deck_is_41_cards_without_8_9_10_plus_joker_000_2_37() -> None:
    # 000 §2.37: "all of the eights, nines, and tens have been removed and a single Joker added"
    assert len(MEXICAN) == 41
    assert _no_duplicates(MEXICAN)
    assert MEXICAN.has_joker
    assert sum(c.is_joker for c in MEXICAN.cards) == 1
    assert MEXICAN.ranks == frozenset({2, 3, 4, 5, 6, 7, 11, 12, 13, 14})
    naturals = [c for c in MEXICAN.cards if not c.is_joker]
    assert Counter(c.rank for c in naturals) == dict.fromkeys(MEXICAN.ranks, 4)


def test_standard_with_joker_is_53_cards() -> None:
    assert len(WITH_JOKER) == 53
    assert _no_duplicates(WITH_JOKER)
    assert WITH_JOKER.has_joker
    assert set(WITH_JOKER.cards) == {*STANDARD_CARDS, JOKER}


def test_decks_are_registered_by_name() -> None:
    assert deck("standard") is STANDARD
    assert deck("short") is SHORT
    assert deck("mexican") is MEXICAN
    assert deck("standard-joker") is WITH_JOKER
    assert set(DECKS) == {"standard", "short", "mexican", "standard-joker"}
    for name, d in DECKS.items():
        assert d.name == name


@pytest.mark.parametrize(
    ("alias", "size"), [("52", 52), ("36", 36), ("short-deck", 36), ("41", 41), ("bug", 53)]
)
def test_deck_aliases(alias: str, size: int) -> None:
    assert len(deck(alias)) == size


def test_unknown_deck_lists_known_decks() -> None:
    with pytest.raises(KeyError, match="standard"):
        deck("pinochle")


def test_unshuffled_order_is_index_order() -> None:
    for d in DECKS.values():
        indices = [c.index for c in d.cards]
        assert indices == sorted(indices)


def test_a_deck_is_a_value_that_cannot_change() -> None:
    import copy
    import pickle

    again = Deck("short", SHORT.cards, SHORT.description)
    assert again == SHORT
    assert hash(again) == hash(SHORT)
    assert Deck("short", SHORT.cards, "other") != SHORT
    assert SHORT != "short"
    assert pickle.loads(pickle.dumps(SHORT)) == SHORT
    assert copy.deepcopy(SHORT) == SHORT
    assert repr(SHORT).startswith("Deck(name='short', cards=(Card('6c'),")
    with pytest.raises(AttributeError, match="cannot be changed"):
        SHORT.name = "long"
    with pytest.raises(AttributeError, match="cannot be changed"):
        del SHORT.cards
