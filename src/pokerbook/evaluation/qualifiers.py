"""Qualifiers: whether a hand value is good enough to win its share.

Names: ``8-or-better`` (any rank: ``9-or-better``, ``Q-or-better``,
``queen-or-better``) for low scales: no pair, straight or flush counted by the
scale, and the highest card at most that rank; ``pair-or-better``,
``pair-of-sixes-or-better`` (any rank), ``flush-or-better`` for high scales;
``no-pair`` (Korean's low); ``any`` (always qualifies).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from pokerbook.cards.card import RANK_CHARS
from pokerbook.evaluation.categories import Category, rank_plural
from pokerbook.evaluation.scale import Scale
from pokerbook.evaluation.value import HandValue

_RANK_WORDS = {
    "deuce": 2, "deuces": 2, "two": 2, "twos": 2, "three": 3, "threes": 3, "four": 4,
    "fours": 4, "five": 5, "fives": 5, "six": 6, "sixes": 6, "seven": 7, "sevens": 7,
    "eight": 8, "eights": 8, "nine": 9, "nines": 9, "ten": 10, "tens": 10, "jack": 11,
    "jacks": 11, "queen": 12, "queens": 12, "king": 13, "kings": 13, "ace": 14, "aces": 14,
}  # fmt: skip
_NO_PAIR = frozenset(
    {Category.HIGH_CARD, Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH}
)


class QualifierError(ValueError):
    """A qualifier name that cannot be read, or one that does not fit the scale."""


@dataclass(frozen=True)
class Qualifier:
    """A named test a hand value must pass to win its share of a pot."""

    name: str
    test: Callable[[HandValue], bool]

    def __call__(self, value: HandValue) -> bool:
        return self.test(value)


def _rank(word: str) -> int:
    w = word.lower()
    if w in _RANK_WORDS:
        return _RANK_WORDS[w]
    if w == "10":
        return 10
    if len(w) == 1 and w.upper() in RANK_CHARS:
        return RANK_CHARS.index(w.upper()) + 2
    raise QualifierError(f"{word!r} is not a rank")


def _low_top(scale: Scale, value: int) -> int:
    """The highest card of a low hand, with a low ace counting 1."""
    ranks = [r for r in scale.ranks(value) if r]
    return ranks[0] if ranks else 0


def _x_or_better(limit: int) -> Callable[[HandValue], bool]:
    def test(v: HandValue) -> bool:
        sc = v.scale
        if not sc.is_low:
            raise QualifierError(
                f"'X-or-better' qualifies low hands; {sc.name!r} is not a low scale"
            )
        top = _low_top(sc, v.value)
        compare_limit = 1 if limit == 14 and top == 1 else limit
        return sc.category(v.value) is Category.HIGH_CARD and top <= compare_limit

    return test


def _at_least_pair_of(rank: int) -> Callable[[HandValue], bool]:
    def test(v: HandValue) -> bool:
        sc = v.scale
        order = sc.category_order()
        category = sc.category(v.value)
        if sc.is_low or category is None or Category.PAIR not in order:
            raise QualifierError(f"'pair-or-better' needs a high poker scale, not {sc.name!r}")
        if category is Category.PAIR:
            return sc.ranks(v.value)[0] >= rank
        return order.index(category) > order.index(Category.PAIR)

    return test


def _flush_or_better(v: HandValue) -> bool:
    sc = v.scale
    order = sc.category_order()
    if sc.is_low or Category.FLUSH not in order:
        raise QualifierError(f"'flush-or-better' needs a high scale with flushes, not {sc.name!r}")
    category = sc.category(v.value)
    return category is not None and order.index(category) >= order.index(Category.FLUSH)


def _no_pair(v: HandValue) -> bool:
    return v.scale.category(v.value) in _NO_PAIR


@cache
def get_qualifier(name: str) -> Qualifier:
    """A qualifier by name, e.g. ``"8-or-better"`` or ``"pair-of-sixes-or-better"``."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key in ("any", "none"):
        return Qualifier(key, lambda v: True)
    if key == "no-pair":
        return Qualifier(key, _no_pair)
    if key == "present":
        # the scale found what it looks for (a spade in the hole ...): a value above zero
        return Qualifier(key, lambda v: v.value > 0)
    if key == "flush-or-better":
        return Qualifier(key, _flush_or_better)
    if key == "pair-or-better":
        return Qualifier(key, _at_least_pair_of(2))
    m = re.fullmatch(r"pair-of-([a-z0-9]+)-or-better", key)
    if m:
        rank = _rank(m.group(1))
        return Qualifier(f"pair-of-{rank_plural(rank)}-or-better", _at_least_pair_of(rank))
    m = re.fullmatch(r"([a-z0-9]+)-or-better", key)
    if m:
        rank = _rank(m.group(1))
        return Qualifier(f"{RANK_CHARS[rank - 2]}-or-better", _x_or_better(rank))
    raise QualifierError(
        f"no qualifier named {name!r}: use e.g. '8-or-better', 'pair-or-better', "
        "'pair-of-sixes-or-better', 'flush-or-better', 'no-pair', 'present' or 'any'"
    )


def qualifies(value: HandValue, qualifier: str | Qualifier) -> bool:
    """Whether ``value`` meets ``qualifier``."""
    q = get_qualifier(qualifier) if isinstance(qualifier, str) else qualifier
    return q(value)
