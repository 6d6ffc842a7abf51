"""Cards: ranks, suits, jokers, and the additive key every evaluator sums.

A card is an immutable singleton: ``Card.of(index)`` always returns the same
object, so identity, equality and hashing are cheap.  Standard cards have
``index = 4 * (rank - 2) + suit`` (``2c`` is 0, ``As`` is 51), so a higher
index is a higher card by rank and then by the bring-in suit order
(spades > hearts > diamonds > clubs).  The joker has index 52.
"""

from __future__ import annotations

from typing import ClassVar, Final

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_NAMES: Final = (
    "deuce",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
RANK_PLURALS: Final = tuple("sixes" if n == "six" else n + "s" for n in RANK_NAMES)

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
JOKER_INDEX: Final = 52
STANDARD_COUNT: Final = 52

# Summing RANK_KEYS over any multiset of at most seven ranks (each rank at most
# four times) gives a different total for every multiset, so the sum of a
# hand's card keys identifies its ranks; suit counts sit in 4-bit fields above
# SUIT_SHIFT, and a joker sets JOKER_FLAG.  The keys are the greedy smallest
# such sequence (found by search, see pokerbook.evaluation.hashing).
RANK_KEYS: Final = (
    1,
    5,
    24,
    112,
    521,
    2247,
    9244,
    30823,
    103066,
    250154,
    667453,
    1526359,
    3453520,
)
SUIT_SHIFT: Final = 32
RANK_KEY_MASK: Final = (1 << SUIT_SHIFT) - 1
JOKER_FLAG: Final = 1 << 60
# A card's hand key (pokerbook.cards.hand_keys) adds to its key a count of one in the
# 32-bit field at COUNT_SHIFT and its own presence field of PRESENCE_WIDTH bits at
# PRESENCE_SHIFT + PRESENCE_WIDTH * index.  The joker's hand key reads as sixteen cards,
# more than any table holds, so a sum with a joker in it is never looked up.
COUNT_SHIFT: Final = 48
PRESENCE_SHIFT: Final = 80
PRESENCE_WIDTH: Final = 3
JOKER_HAND_KEY: Final = 16 << COUNT_SHIFT


class Card:
    """One playing card (or the joker).  Use :func:`parse` or :meth:`Card.of`."""

    __slots__ = ("bit", "hand_key", "index", "key", "rank", "suit")

    index: int
    rank: int  # 2..14 (ace = 14); 0 for the joker
    suit: int  # 0 clubs, 1 diamonds, 2 hearts, 3 spades; -1 for the joker
    key: int  # additive key (see RANK_KEYS)
    bit: int  # 1 << (rank - 2); 0 for the joker
    hand_key: int  # key, count and presence bit (see pokerbook.cards.hand_keys)

    _all: ClassVar[list[Card]] = []

    def __init__(self, index: int) -> None:
        if index == JOKER_INDEX:
            rank, suit, key, bit, hand_key = 0, -1, JOKER_FLAG, 0, JOKER_HAND_KEY
        else:
            rank, suit = index // 4 + 2, index % 4
            key = RANK_KEYS[rank - 2] + (1 << (SUIT_SHIFT + 4 * suit))
            bit = 1 << (rank - 2)
            hand_key = key | 1 << COUNT_SHIFT | 1 << (PRESENCE_SHIFT + PRESENCE_WIDTH * index)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "bit", bit)
        object.__setattr__(self, "hand_key", hand_key)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    @staticmethod
    def of(index: int) -> Card:
        """The card with this index (0..51 standard, 52 the joker)."""
        if not 0 <= index <= JOKER_INDEX:
            raise ValueError(f"card index must be 0..{JOKER_INDEX}, not {index}")
        return _CARDS[index]

    @staticmethod
    def from_rank_suit(rank: int, suit: int) -> Card:
        """The standard card of rank 2..14 and suit 0..3 (clubs..spades)."""
        if not (2 <= rank <= 14 and 0 <= suit <= 3):
            raise ValueError(f"no card with rank {rank} and suit {suit}")
        return _CARDS[4 * (rank - 2) + suit]

    @property
    def is_joker(self) -> bool:
        return self.index == JOKER_INDEX

    @property
    def rank_char(self) -> str:
        return "?" if self.is_joker else RANK_CHARS[self.rank - 2]

    @property
    def suit_char(self) -> str:
        return "" if self.is_joker else SUIT_CHARS[self.suit]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``A♠``."""
        return "Jo" if self.is_joker else self.rank_char + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return "Jo" if self.is_joker else self.rank_char + self.suit_char

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.of, (self.index,))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index


_CARDS: Final = tuple(Card(i) for i in range(JOKER_INDEX + 1))
JOKER: Final = _CARDS[JOKER_INDEX]
STANDARD_CARDS: Final = _CARDS[:STANDARD_COUNT]
