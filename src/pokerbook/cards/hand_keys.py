"""Hand keys: one integer per card whose sum over a hand tells everything a table needs.

A card's hand key is its additive :attr:`Card.key` (rank key in the low 32 bits,
a 4-bit count per suit above :data:`~pokerbook.cards.card.SUIT_SHIFT`, and the
joker flag) plus a count of one in the 8-bit field at :data:`COUNT_SHIFT` and
its own presence bit ``1 << (PRESENCE_SHIFT + index)``.  Summing the hand keys
of up to fifteen cards therefore gives, in one pass, the rank multiset, the
suit counts, the number of cards, whether a joker is among them, and whether a
card repeats: a sum of distinct powers of two has one bit set per term, and a
repeated card carries into the next bit, so the presence bits hold fewer ones
than the count says.

:data:`HAND_KEYS` maps each standard :class:`Card` and each one-card text
(``"Ah"``, ``"ah"``, ``"10h"``, ``"A♥"``) to its hand key, so that
``sum(map(HAND_KEYS.__getitem__, cards))`` values a tuple of cards or the
tokens of ``text.split()``; a ``KeyError`` means something else (a joker, a
run-together text such as ``"AsKd"``, an index) for the general path to read.
"""

from __future__ import annotations

from typing import Final

from pokerbook.cards.card import RANK_CHARS, STANDARD_CARDS, SUIT_CHARS, SUIT_SHIFT, Card

COUNT_SHIFT: Final = 48
COUNT_MASK: Final = 0xFF
PRESENCE_SHIFT: Final = 64
#: the four suit-count fields, each raised by 3: a field of 5 or more sets its top bit
FLUSH_ADD: Final = 0x3333 << SUIT_SHIFT
FLUSH_TOP: Final = 0x8888 << SUIT_SHIFT
#: any joker among the cards (the joker has no hand key; kept for callers that add one)
JOKER_BITS: Final = 0xF << 60


def hand_key(card: Card) -> int:
    """The hand key of one standard card."""
    return card.key | 1 << COUNT_SHIFT | 1 << (PRESENCE_SHIFT + card.index)


def _tokens(card: Card) -> list[str]:
    rank = RANK_CHARS[card.rank - 2]
    ranks = [rank, rank.lower()] + (["10"] if rank == "T" else [])
    suit = SUIT_CHARS[card.suit]
    suits = [suit, suit.upper(), "♣♦♥♠"[card.suit]]
    return [r + s for r in ranks for s in suits]


def _build() -> dict[Card | str, int]:
    keys: dict[Card | str, int] = {}
    for card in STANDARD_CARDS:
        key = hand_key(card)
        keys[card] = key
        for token in _tokens(card):
            keys[token] = key
    return keys


HAND_KEYS: Final = _build()


def count_of(total: int) -> int:
    """The number of cards summed into ``total``."""
    return total >> COUNT_SHIFT & COUNT_MASK


def has_repeat(total: int) -> bool:
    """Whether some card was summed into ``total`` more than once."""
    return (total >> PRESENCE_SHIFT).bit_count() != total >> COUNT_SHIFT & COUNT_MASK
