"""The fast path of :func:`pokerbook.evaluate`: a table scale's values by summed hand key.

A hand's cards are summed as hand keys (:mod:`pokerbook.cards.hand_keys`); the
hold'em shape (two cards and five) and seven cards alone are unpacked and
summed without a loop.  One addition and one ``&`` with a positive mask
(``total + PLAIN_ADD & tables.keep``) give the sum's rank key when it is of at
most seven distinct standard cards without five of a suit, and a number that is
no rank key otherwise, so a warm hand is one read of :attr:`QuickTables.exact`,
a dict from rank key to the shared :class:`HandValue`.  A key not yet there is
looked up in a displacement hash of every rank key of up to seven cards
(:func:`~pokerbook.evaluation.table_cache.rank_hash`), whose slot holds the
index of the hand's value among the scale's distinct values, and kept.  The
:class:`HandValue` of each distinct value is made the first time a hand has
it, and then shared.  Five cards of a suit take the flush table; a scale on
which a flush hurts (2-7, A-6) goes the general way.

The hash, the slots' value indices and the distinct values are kept on disk
and read without NumPy, so a process's first hand reads three small files.

Omaha (exactly two of four hole cards and three of five board cards) has its
own evaluator, :mod:`pokerbook.evaluation.quick_omaha`, made on the first Omaha hand.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Final, TypeAlias, TypeGuard

from pokerbook.cards.card import RANK_KEY_MASK, SUIT_SHIFT
from pokerbook.cards.hand_keys import (
    COUNT_MASK,
    COUNT_SHIFT,
    FLUSH_ADD,
    HAND_KEYS,
    PLAIN_ADD,
    PRESENCE_SHIFT,
    plain_keep,
    plain_mask,
    suit_mask,
)
from pokerbook.cards.notation import CardsLike
from pokerbook.evaluation.scale import Scale, get_scale
from pokerbook.evaluation.value import HandValue

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
    import numpy.typing as npt

    from pokerbook.evaluation.table_scale import TableScale
    from pokerbook.evaluation.usage import BoardLike, HoleUse
    from pokerbook.evaluation.wild import WildSpec

MAX_CARDS: Final = 7
#: the hash layout of :mod:`pokerbook.evaluation.multisets` (not imported: it needs NumPy)
ROW_SHIFT: Final = 10
ROW_MASK: Final = (1 << ROW_SHIFT) - 1
#: five cards alone, and the hold'em board and hand, summed without a loop
HAND: Final = 5
HOLDEM_BOARD: Final = 5
HOLDEM_CARDS: Final = 7
#: the top bit of each suit's count field
TOP_BITS: Final = 0x8888 << SUIT_SHIFT
NO_FLUSH, FLUSH_GOOD, FLUSH_BAD = 0, 1, 2
QUICK_FORMAT: Final = "1"
_key = HAND_KEYS.__getitem__

#: a reader of hands: ``(hole, board)`` to the value, or None for the general path
Reader: TypeAlias = "Callable[[Any, Any], HandValue | None]"
#: (displacement per row, value index per slot, the distinct values ascending)
Lookup: TypeAlias = tuple["array[int]", "array[int]", list[int]]


class ValuesByInt(dict[int, HandValue]):
    """A scale's :class:`HandValue` of each integer value, made when first asked for."""

    __slots__ = ("scale",)

    def __init__(self, scale: Scale) -> None:
        super().__init__()
        self.scale = scale

    def __missing__(self, value: int) -> HandValue:
        made = self[value] = HandValue(self.scale, value)
        return made


class QuickTables:
    """One table scale's values laid out for the fast path.

    ``disp`` and ``codes`` are the hash: a rank key's value index is
    ``codes[disp[key >> ROW_SHIFT] + (key & ROW_MASK)]``; ``ints`` holds the
    scale's distinct values ascending and ``shared`` their HandValues, None until
    a hand first has that value (:meth:`value_at` makes it).  ``slow`` is the
    :func:`~pokerbook.cards.hand_keys.plain_mask` of the scale: a sum of hand keys
    with none of its bits set after adding ``PLAIN_ADD`` is read from the hash.
    ``exact`` holds the value of each rank key a plain hand has had, read by
    ``total + PLAIN_ADD & keep`` (:func:`~pokerbook.cards.hand_keys.plain_keep`).
    """

    __slots__ = (
        "_flush",
        "by_value",
        "codes",
        "disp",
        "exact",
        "flush_rule",
        "ints",
        "keep",
        "omaha",
        "read",
        "scale",
        "shared",
        "slow",
    )

    def __init__(self, scale: TableScale) -> None:
        self.scale = scale
        self.flush_rule = (
            NO_FLUSH if not scale.flushes else FLUSH_GOOD if scale.flush_good else FLUSH_BAD
        )
        self.slow = plain_mask(flushes=bool(scale.flushes))
        self.keep = plain_keep(flushes=bool(scale.flushes))
        #: the shared HandValue of each rank key a plain hand has had so far
        self.exact: dict[int, HandValue] = {}
        #: ``read(hole, board)``: :meth:`read_plain`, or the C reader of :attr:`exact`
        #: (:mod:`pokerbook.native`) that calls it for any hand the dict
        #: does not hold
        self.read = plain_reader(self.exact, self.read_plain, flushes=bool(scale.flushes))
        #: the HandValue of each value, made on first use and then shared
        self.by_value = ValuesByInt(scale)
        self.disp, self.codes, self.ints = load_lookup(scale)
        self.shared: list[HandValue | None] = [None] * len(self.ints)
        self._flush: tuple[list[int], list[int]] | None = None
        #: the Omaha evaluator (:mod:`pokerbook.evaluation.quick_omaha`), made on first use
        self.omaha: Callable[[Any, Any], HandValue | None] | None = None

    def read_plain(self, hole: Any, board: Any) -> HandValue | None:
        """The value of ``hole`` and ``board`` (any cards, no hole-card rule) from the
        tables, or None for the general path: :attr:`read` in Python."""
        h1: Any  # the hold'em shape's cards (declared only: no work at run time)
        h2: Any
        b1: Any
        b2: Any
        b3: Any
        b4: Any
        b5: Any
        try:
            n = len(hole)
            if n == 2 and len(board) == HOLDEM_BOARD:
                h1, h2 = hole
                b1, b2, b3, b4, b5 = board
            elif n == HOLDEM_CARDS and not board:  # seven cards in one
                h1, h2, b1, b2, b3, b4, b5 = hole
            else:
                h1 = None
            if h1 is None:
                total = hand_total(hole, board)
            else:  # seven cards, summed without a loop
                total = (
                    h1.hand_key
                    + h2.hand_key
                    + b1.hand_key
                    + b2.hand_key
                    + b3.hand_key
                    + b4.hand_key
                    + b5.hand_key
                )
        except (AttributeError, TypeError, ValueError):  # not cards, or mixed kinds
            total = _mixed_total(hole, board)
        try:  # a plain hand's rank key; any other sum is no key (plain_keep)
            return self.exact[total + PLAIN_ADD & self.keep]
        except KeyError:
            return self.missed(total, hole, board)

    def value_at(self, code: int) -> HandValue:
        """The shared HandValue of the distinct value at ``code``."""
        made = self.shared[code] = self.by_value[self.ints[code]]
        return made

    def plain(self, total: int) -> HandValue:
        """The value of the ranks of a hand-key sum of up to seven distinct cards."""
        rank = total & RANK_KEY_MASK
        code = self.codes[self.disp[rank >> ROW_SHIFT] + (rank & ROW_MASK)]
        return self.shared[code] or self.value_at(code)

    def missed(self, total: int, hole: Any, board: Any) -> HandValue | None:
        """The value of a sum that :attr:`exact` does not hold: a plain hand's, read from
        the hash and kept in :attr:`exact`, or :meth:`checked`'s."""
        if total + PLAIN_ADD & self.slow:
            return self.checked(total, hole, board)
        rank = total & RANK_KEY_MASK
        found = self.exact[rank] = self.plain(rank)
        return found

    def values(self) -> list[HandValue]:
        """Every distinct value of the scale's tables, as a HandValue, worst first."""
        return [self.shared[i] or self.value_at(i) for i in range(len(self.ints))]

    def flush_tables(self) -> tuple[list[int], list[int]]:
        """(value of each five-card flush rank mask, best flush within each mask)."""
        if self._flush is None:
            self._flush = self.scale.flush_lists()
        return self._flush

    def checked(self, total: int, hole: Any, board: Any) -> HandValue | None:
        """The value of a sum that :attr:`slow` sent aside: a flush of at most seven
        distinct cards, or None (the general path's to value or refuse)."""
        n = total >> COUNT_SHIFT & COUNT_MASK
        if n > MAX_CARDS or (total >> PRESENCE_SHIFT).bit_count() != n:
            return None
        return self.flush(total, hole, board)

    def flush(self, total: int, hole: CardsLike, board: Any) -> HandValue | None:
        """The best hand of a pool of up to seven cards with five or more of one suit."""
        if self.flush_rule != FLUSH_GOOD:
            return None
        found = total + FLUSH_ADD & TOP_BITS
        suit = ((found & -found).bit_length() - SUIT_SHIFT) // 4 - 1  # top bit of s: 4s + 3
        if type(hole) is type(board) is tuple:
            mask = 0
            for c in hole + board:
                if c.suit == suit:
                    mask |= c.bit
        else:  # text, lists, mixed kinds: the cards are read from the sum
            mask = suit_mask(total, suit)
        best = self.flush_tables()[1][mask]
        plain = self.plain(total)
        return self.by_value[best] if best > plain.value else plain


def plain_reader(exact: dict[int, HandValue], fallback: Reader, *, flushes: bool) -> Reader:
    """The C reader of ``exact`` (:class:`~pokerbook.evaluation.quick_native.PlainReader`),
    which calls ``fallback`` for every hand it does not find there, or ``fallback``
    itself where it was not built."""
    from pokerbook.cards.card import RANK_KEYS, STANDARD_CARDS
    from pokerbook.native import native_module

    module = native_module()
    if module is None:
        return fallback
    reader: Reader = module.PlainReader(exact, flushes, STANDARD_CARDS, RANK_KEYS, fallback)
    return reader


def load_lookup(scale: TableScale) -> Lookup:
    """The hash of ``scale``'s values (:class:`QuickTables`), read from the disk without
    NumPy, or built (with NumPy) and kept there."""
    from pokerbook.evaluation.table_cache import read_array, read_ints

    tag = quick_tag(scale)
    disp = read_array("rank-hash-disp", rank_hash_tag(), "I")
    codes = read_array(f"{scale.name}-quick-codes", tag, "H")
    ints = read_ints(f"{scale.name}-quick-values", tag)
    if disp is None or codes is None or ints is None:
        return build_lookup(scale)
    return disp, codes, ints.tolist()


def rank_hash_tag() -> str:
    from pokerbook.evaluation.table_cache import rank_hash_tag as tag

    return tag()


def quick_tag(scale: TableScale) -> str:
    """The fingerprint of ``scale``'s fast tables: its rules' and the hash's."""
    from pokerbook.evaluation.table_cache import fingerprint

    return fingerprint("quick", QUICK_FORMAT, scale.name, scale.table_tag(), rank_hash_tag())


def build_lookup(scale: TableScale) -> Lookup:
    """:func:`load_lookup`'s tables, built from the scale's tables and kept on disk."""
    import numpy as np

    from pokerbook.evaluation.table_cache import cached_array, cached_typed, rank_hash

    disp, slots = rank_hash()
    values = scale.multiset_values()
    distinct = np.unique(np.concatenate([values, scale.flush_values()[1]]))
    tag = quick_tag(scale)

    def codes() -> npt.NDArray[np.uint16]:
        out = np.zeros(int(slots.max()) + 1, dtype=np.uint16)  # gaps: never read
        out[slots] = np.searchsorted(distinct, values)
        return out

    code_array = cached_typed(f"{scale.name}-quick-codes", tag, codes, np.uint16)
    ints = cached_array(f"{scale.name}-quick-values", tag, lambda: distinct)
    return array("I", disp.tobytes()), array("H", code_array.tobytes()), ints.tolist()


#: the fast tables by scale (name as given, or the scale object); None: no fast path
QUICK: dict[object, QuickTables | None] = {}


def quick_tables(scale: str | Scale) -> QuickTables | None:
    """The fast tables of ``scale`` (built on first use), or None if it has none."""
    sc = get_scale(scale)
    if sc in QUICK:
        found = QUICK[sc]
    else:
        found = QuickTables(sc) if _plain_table(sc) else None
        QUICK[sc] = found
    QUICK[scale] = found
    return found


#: a sum that reads as more cards than any hand (what cards that are not plain cards give)
NOT_CARDS: Final = 16 << COUNT_SHIFT


def evaluate(
    scale: str | Scale,
    hole: CardsLike,
    board: BoardLike = "",
    *,
    hole_use: HoleUse = None,
    wild: WildSpec = None,
    joker: str | None = None,
) -> HandValue:
    """The value of the best hand ``hole`` makes with ``board`` on ``scale``.

    ``wild`` names wild ranks or cards (``"2"`` for deuces, ``"Js Jh Kd"``, or a
    list such as ``["Q", "7"]`` for a rank chosen during the hand); wild cards
    play as any card.  ``joker`` says how a joker plays: ``"bug"`` (an ace, or
    to complete a straight, flush or straight flush), ``"wild"`` (any card; in
    lowball the lowest card that does not pair) or ``"ace"`` (an ace that may
    pair, 004's lowball bug); by default the scale's own rule.  ``hole_use`` and
    several boards: see :mod:`pokerbook.evaluation.usage`.

    The common shapes (one board of standard cards, no wild cards, a scale
    valued from its tables, any cards or Omaha's two plus three) are summed
    and looked up directly; any other shape, and any mistake in the cards, goes
    through :func:`~pokerbook.evaluation.usage.evaluate_general`, which gives
    the same values and raises the errors.

    >>> str(evaluate("high", "Ah Kh", "Qh Jh Th 2c 3d"))
    'Royal flush'
    >>> str(evaluate("a5-low", "7c 5d 4h 2s As"))
    'Seven-five low'
    """
    if wild is None and joker is None:
        try:
            tables = QUICK[scale]
        except KeyError:
            tables = quick_tables(scale)
        except TypeError:  # a scale object that cannot be hashed
            tables = None
        if tables is not None:
            if hole_use is None:
                found = tables.read(hole, board)
                if found is not None:
                    return found
            elif hole_use == 2 and type(hole_use) is int:
                omaha = tables.omaha
                if omaha is None:
                    from pokerbook.evaluation.quick_omaha import omaha_evaluator

                    omaha = tables.omaha = omaha_evaluator(tables)
                found = omaha(hole, board)
                if found is not None:
                    return found
    from pokerbook.evaluation.usage import evaluate_general

    return evaluate_general(scale, hole, board, hole_use=hole_use, wild=wild, joker=joker)


def hand_total(hole: Any, board: Any) -> int:
    """The summed hand keys (:mod:`pokerbook.cards.hand_keys`) of ``hole`` and ``board``:
    cards or card text, written as separate cards; :data:`NOT_CARDS` if they are not."""
    total = 0
    try:
        if type(board) is not str:
            for card in hole + board:
                total += card.hand_key
        elif type(hole) is str:
            words = (hole + " " + board).split()
            if len(words) == HOLDEM_CARDS:  # summed without a loop
                c1, c2, c3, c4, c5, c6, c7 = words
                keys = HAND_KEYS
                total = keys[c1] + keys[c2] + keys[c3] + keys[c4] + keys[c5] + keys[c6] + keys[c7]
            else:
                total = sum(map(_key, words))
        elif board:
            total = sum(map(_key, hole)) + sum(map(_key, board.split()))
        elif len(hole) == HAND:  # five cards alone, summed without a loop
            c1, c2, c3, c4, c5 = hole
            total = c1.hand_key + c2.hand_key + c3.hand_key + c4.hand_key + c5.hand_key
        else:
            for card in hole:
                total += card.hand_key
    except (AttributeError, KeyError, TypeError):  # mixed kinds, or not cards
        return _mixed_total(hole, board)
    return total


def _mixed_total(hole: object, board: object) -> int:
    """The summed hand keys of hole and board of different kinds (a list and a tuple,
    cards and text), or :data:`NOT_CARDS` if they are not plain cards."""
    try:
        cards = hole.split() if type(hole) is str else hole
        shared = board.split() if type(board) is str else board
        return sum(map(_key, cards)) + sum(map(_key, shared))  # type: ignore[call-overload]
    except (KeyError, TypeError, AttributeError):
        return NOT_CARDS


def _plain_table(sc: Scale) -> TypeGuard[TableScale]:
    """A table scale valued by the stock table algorithm, with the whole deck."""
    from pokerbook.evaluation.table_scale import TableScale

    if not isinstance(sc, TableScale):
        return False
    cls = type(sc)
    return (
        cls.best is TableScale.best
        and cls.exact is TableScale.exact
        and cls.best_split is TableScale.best_split
        and cls.multiset_values is TableScale.multiset_values
        and cls.flush_values is TableScale.flush_values
        and sc.deck_ranks is None
    )
