"""Poker-style orders: how five (or fewer) ranks and a flush flag become a value.

One :class:`PokerOrder` describes a scale as data: which categories exist and
in what order, whether aces are low, which rank sets are straights, whether
flushes count, whether pairs count, and whether lower hands win.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pokerbook.evaluation.categories import LOW_BASE, Category, describe_category, pack, unpack

C = Category

STANDARD_HIGH = (
    C.HIGH_CARD,
    C.PAIR,
    C.TWO_PAIR,
    C.TRIPS,
    C.STRAIGHT,
    C.FLUSH,
    C.FULL_HOUSE,
    C.QUADS,
    C.STRAIGHT_FLUSH,
    C.FIVE_OF_A_KIND,
)
FLUSH_OVER_FULL_HOUSE = (
    C.HIGH_CARD,
    C.PAIR,
    C.TWO_PAIR,
    C.TRIPS,
    C.STRAIGHT,
    C.FULL_HOUSE,
    C.FLUSH,
    C.QUADS,
    C.STRAIGHT_FLUSH,
    C.FIVE_OF_A_KIND,
)
FLUSH_OVER_FULL_HOUSE_TRIPS_OVER_STRAIGHT = (
    C.HIGH_CARD,
    C.PAIR,
    C.TWO_PAIR,
    C.STRAIGHT,
    C.TRIPS,
    C.FULL_HOUSE,
    C.FLUSH,
    C.QUADS,
    C.STRAIGHT_FLUSH,
    C.FIVE_OF_A_KIND,
)
PAIRS_ONLY = (C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.TRIPS, C.FULL_HOUSE, C.QUADS, C.FIVE_OF_A_KIND)


def runs(sequence: Sequence[int], length: int = 5) -> tuple[tuple[frozenset[int], int], ...]:
    """Every window of ``length`` consecutive ranks in ``sequence`` (low to high), with
    the window's top card (so the ace of A-2-3-4-5 or A-6-7-8-9 plays low)."""
    return tuple(
        (frozenset(sequence[i : i + length]), sequence[i + length - 1])
        for i in range(len(sequence) - length + 1)
    )


STANDARD_STRAIGHTS = runs([14, *range(2, 15)])
NO_WHEEL_STRAIGHTS = runs(list(range(2, 15)))
ACE_LOW_STRAIGHTS = runs([14, *range(2, 14)])
SHORT_DECK_STRAIGHTS = runs([14, *range(6, 15)])
MEXICAN_STRAIGHTS = runs([14, 2, 3, 4, 5, 6, 7, 11, 12, 13, 14])


#: PokerOrder's fields, in the order it is built, compared and written
_FIELDS = ("categories", "straights", "flushes", "ace_low", "low", "ignore_pairs", "quick_quads")


class PokerOrder:
    """The rules that turn up to five ranks (and a flush flag) into a value.

    Immutable, compared and hashed by its fields, written as
    ``PokerOrder(categories=..., straights=..., ...)`` (that text is part of the
    fingerprint its scale's tables are kept under).  A plain class rather than a
    dataclass: :mod:`dataclasses` costs a first hand more time to import than the
    tables take to read.
    """

    __slots__ = (*_FIELDS, "_position")

    categories: tuple[Category, ...]
    straights: tuple[tuple[frozenset[int], int], ...]
    flushes: bool
    ace_low: bool
    low: bool
    ignore_pairs: bool
    #: 004's Quick Quads: trips of 2-10 plus two cards adding up to that rank
    quick_quads: bool
    _position: dict[Category, int]

    def __init__(
        self,
        categories: tuple[Category, ...],
        straights: tuple[tuple[frozenset[int], int], ...] = (),
        flushes: bool = True,
        ace_low: bool = False,
        low: bool = False,
        ignore_pairs: bool = False,
        quick_quads: bool = False,
    ) -> None:
        values = (categories, straights, flushes, ace_low, low, ignore_pairs, quick_quads)
        for name, value in zip(_FIELDS, values, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_position", {c: i for i, c in enumerate(categories)})

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a poker order cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a poker order cannot be changed (tried to delete {name!r})")

    def __eq__(self, other: object) -> bool:
        if type(other) is not PokerOrder:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"PokerOrder({shown})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (PokerOrder, self._fields())

    def straight_top(self, ranks: Sequence[int]) -> int:
        """The top card of the straight these five distinct ranks make, or 0."""
        rank_set = frozenset(ranks)
        for run, top in self.straights:
            if rank_set == run:
                return top
        return 0

    def value(self, ranks: Sequence[int], flush: bool = False) -> int:
        """The value of these ranks (2..14, one to five of them)."""
        packed = self.packed(ranks, flush)
        return LOW_BASE - packed if self.low else packed

    def packed(self, ranks: Sequence[int], flush: bool) -> int:
        compare = [1 if (r == 14 and self.ace_low) else r for r in ranks]
        if self.ignore_pairs:
            return pack(0, sorted(compare, reverse=True))
        counts = Counter(compare)
        groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
        shape = [c for _, c in groups]
        ordered = [r for r, _ in groups]
        category = _category_of(shape)
        five_distinct = len(ranks) == 5 and shape[0] == 1
        top = self.straight_top(ranks) if five_distinct and self.straights else 0
        flush = flush and self.flushes and five_distinct
        if top and flush:
            category, ordered = C.STRAIGHT_FLUSH, [top]
        elif flush:
            category = C.FLUSH
        elif top:
            category, ordered = C.STRAIGHT, [top]
        elif self.quick_quads and shape in ([3, 1, 1], [3, 2]):
            trips = ordered[0]
            if 2 <= trips <= 10 and _sum_low(ordered[1:], counts) == trips:
                category, ordered = C.QUADS, [trips, 0]
        return pack(self._position[category], ordered)

    def category(self, value: int) -> Category:
        packed = LOW_BASE - value if self.low else value
        return self.categories[unpack(packed)[0]]

    def ranks(self, value: int) -> tuple[int, ...]:
        packed = LOW_BASE - value if self.low else value
        return unpack(packed)[1]

    def describe(self, value: int) -> str:
        packed = LOW_BASE - value if self.low else value
        position, ranks = unpack(packed)
        if self.ignore_pairs:
            shown = [r for r in ranks if r]
            return "-".join(str(_short(r)) for r in shown) + " low" if shown else "Nothing"
        return describe_category(self.categories[position], ranks, low=self.low)


def _short(rank: int) -> str:
    return "A" if rank in (1, 14) else "23456789TJQK"[rank - 2]


def _sum_low(others: list[int], counts: Counter[int]) -> int:
    """The sum of the non-trips cards, aces counting one."""
    return sum((1 if r == 14 else r) * counts[r] for r in others)


def _category_of(shape: list[int]) -> Category:
    if not shape:
        return C.HIGH_CARD
    if shape[0] >= 5:
        return C.FIVE_OF_A_KIND
    if shape[0] == 4:
        return C.QUADS
    if shape[0] == 3:
        return C.FULL_HOUSE if len(shape) > 1 and shape[1] >= 2 else C.TRIPS
    if shape[0] == 2:
        return C.TWO_PAIR if len(shape) > 1 and shape[1] == 2 else C.PAIR
    return C.HIGH_CARD
