"""Hand categories and the packed integer form of poker-style hand values.

A poker-style value is ``position << 20`` plus up to five 4-bit rank fields,
most significant first.  ``position`` is the category's place in the scale's
order (so the same category can sit at different heights in different
scales), and rank fields hold comparison ranks (14 for a high ace, 1 for a low
ace).  Low scales store ``LOW_BASE - packed`` so that better is still larger.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from pokerbook.cards.card import RANK_NAMES, RANK_PLURALS

CATEGORY_SHIFT: Final = 20
LOW_BASE: Final = 1 << 25


class Category(IntEnum):
    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9
    FOUR_STRAIGHT = 10
    FOUR_FLUSH = 11


def pack(position: int, ranks: tuple[int, ...] | list[int]) -> int:
    """Pack a category position and up to five comparison ranks."""
    value = position
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def unpack(packed: int) -> tuple[int, tuple[int, ...]]:
    """Inverse of :func:`pack`: the position and the five rank fields."""
    ranks = tuple((packed >> (16 - 4 * i)) & 15 for i in range(5))
    return packed >> CATEGORY_SHIFT, ranks


def rank_name(rank: int) -> str:
    """``ace`` for 1 or 14, ``deuce`` for 2 ..."""
    return RANK_NAMES[12 if rank in (1, 14) else rank - 2]


def rank_plural(rank: int) -> str:
    return RANK_PLURALS[12 if rank in (1, 14) else rank - 2]


def describe_category(category: Category, ranks: tuple[int, ...], *, low: bool) -> str:
    """A readable name such as ``Aces full of kings`` or ``Seven-five low``."""
    r = [x for x in ranks if x]
    name = rank_name
    if category is Category.HIGH_CARD:
        if low and len(r) >= 2:
            return f"{name(r[0]).capitalize()}-{name(r[1])} low"
        return f"{name(r[0]).capitalize()} high" if r else "Nothing"
    if category is Category.PAIR:
        return f"Pair of {rank_plural(r[0])}"
    if category is Category.TWO_PAIR:
        return f"Two pair, {rank_plural(r[0])} and {rank_plural(r[1])}"
    if category is Category.TRIPS:
        return f"Three {rank_plural(r[0])}"
    if category is Category.STRAIGHT:
        return f"{name(r[0]).capitalize()}-high straight"
    if category is Category.FLUSH:
        return f"{name(r[0]).capitalize()}-high flush"
    if category is Category.FULL_HOUSE:
        return f"{rank_plural(r[0]).capitalize()} full of {rank_plural(r[1])}"
    if category is Category.QUADS:
        return f"Four {rank_plural(r[0])}"
    if category is Category.STRAIGHT_FLUSH:
        if r[0] == 14 and not low:
            return "Royal flush"
        return f"{name(r[0]).capitalize()}-high straight flush"
    if category is Category.FIVE_OF_A_KIND:
        return f"Five {rank_plural(r[0])}"
    if category is Category.FOUR_STRAIGHT:
        return f"Four to a {name(r[0])}-high straight"
    return f"Four to a {name(r[0])}-high flush"
