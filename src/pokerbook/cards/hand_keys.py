"""Hand keys: one integer per card whose sum over a hand tells everything a table needs.

A card's hand key (:attr:`Card.hand_key`) is its additive :attr:`Card.key` (rank
key in the low 32 bits, a 4-bit count per suit above
:data:`~pokerbook.cards.card.SUIT_SHIFT`) plus a
count of one in the 32-bit field at :data:`COUNT_SHIFT` and its own presence
bit ``1 << (PRESENCE_SHIFT + 3 * index)``.  Summing the hand keys of up to
fifteen cards therefore gives, in one pass, the rank multiset, the suit counts,
the number of cards, and whether a card repeats: each card has a field of
three bits, so a card summed ``k`` times (up to seven) leaves ``k`` in its own
field, which sets one bit if ``k`` is 1 and sets a bit other than the field's
lowest otherwise.  With distinct cards the presence bits hold one bit per
card; with a repeat, fewer ones than the count says, and for a hand of at most
seven cards one of the two upper bits of some field is set (:data:`PLAIN_ADD`
and :func:`plain_mask` test all of this at once).  The joker's hand key reads as
sixteen cards, so any sum with it is too many cards for a table.

:data:`HAND_KEYS` maps each standard :class:`Card` and each one-card text
(``"Ah"``, ``"ah"``, ``"10h"``, ``"A♥"``) to its hand key, so that
``sum(map(HAND_KEYS.__getitem__, cards))`` values a tuple of cards or the
tokens of ``text.split()``; a ``KeyError`` means something else (a joker, a
run-together text such as ``"AsKd"``, an index) for the general path to read.
"""

from __future__ import annotations

from typing import Final

from pokerbook.cards.card import (
    COUNT_SHIFT,
    PRESENCE_SHIFT,
    PRESENCE_WIDTH,
    RANK_CHARS,
    RANK_KEY_MASK,
    STANDARD_CARDS,
    SUIT_CHARS,
    SUIT_SHIFT,
    Card,
)

COUNT_MASK: Final = 0xFFFFFFFF
#: the four suit-count fields, each raised by 3: a field of 5 or more sets its top bit
FLUSH_ADD: Final = 0x3333 << SUIT_SHIFT
FLUSH_TOP: Final = 0x8888 << SUIT_SHIFT


#: added to a sum of hand keys before :func:`plain_mask`: 3 to each suit's count (so five
#: or more of a suit sets the field's top bit) and 8 to the card count (so eight or more
#: cards set a bit above the count's lowest four)
PLAIN_ADD: Final = FLUSH_ADD | 8 << COUNT_SHIFT


def hand_key(card: Card) -> int:
    """The hand key of one standard card (its :attr:`Card.hand_key`)."""
    return card.hand_key


def plain_mask(*, flushes: bool) -> int:
    """The bits that ``total + PLAIN_ADD`` leaves clear when ``total`` sums the hand keys
    of at most seven distinct standard cards, and (``flushes``) no five of one suit.

    A negative number: every bit above the presence fields is in it, so no
    count of cards, however large, carries out of it unseen.
    """
    allowed = RANK_KEY_MASK | (0x7777 if flushes else 0xFFFF) << SUIT_SHIFT | 0xF << COUNT_SHIFT
    for index in range(len(STANDARD_CARDS)):
        allowed |= 1 << (PRESENCE_SHIFT + PRESENCE_WIDTH * index)
    return ~allowed


#: the bits a sum of hand keys can reach: every hand key is below ``2**236`` (the end of
#: the presence fields), so a sum reaching ``2**320`` would take ``2**84`` cards
SUM_BITS: Final = 320


def plain_keep(*, flushes: bool) -> int:
    """The bits of ``total + PLAIN_ADD`` that make a table key: the rank key of ``total``
    when it is plain (:func:`plain_mask` clear), and a number of more than 32 bits, which
    is no rank key, when it is not.

    So one ``&`` both finds the rank key and sends any other sum aside: a lookup
    keyed by rank keys alone misses it.  A positive mask (unlike
    :func:`plain_mask`), so the ``&`` makes no two's-complement copy.
    """
    return (plain_mask(flushes=flushes) | RANK_KEY_MASK) & ((1 << SUM_BITS) - 1)


def suit_mask(total: int, suit: int) -> int:
    """The rank mask (bit ``rank - 2``) of the cards of ``suit`` summed into ``total``,
    read from their presence fields: for a sum of distinct standard cards, whatever
    they were written as."""
    present = total >> (PRESENCE_SHIFT + PRESENCE_WIDTH * suit)
    step = PRESENCE_WIDTH * len(SUIT_CHARS)
    mask = 0
    for rank in range(len(RANK_CHARS)):
        if present >> (step * rank) & 1:
            mask |= 1 << rank
    return mask


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
    return (total >> PRESENCE_SHIFT).bit_count() != count_of(total)


__all__ = [
    "COUNT_MASK",
    "COUNT_SHIFT",
    "FLUSH_ADD",
    "FLUSH_TOP",
    "HAND_KEYS",
    "PLAIN_ADD",
    "PRESENCE_SHIFT",
    "PRESENCE_WIDTH",
    "SUM_BITS",
    "count_of",
    "hand_key",
    "has_repeat",
    "plain_keep",
    "plain_mask",
    "suit_mask",
]
