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

Omaha (exactly two of four hole cards and three of five board cards) looks the
hole's and the board's rank multisets up in one table of every pair of them
(1,820 x 6,175 entries, built once per machine from the scale's values and
cached); a flush is possible only when some suit has three or more cards on
the board and two or more in the hand, and only then are the suited
combinations valued one by one.
"""

from __future__ import annotations

from array import array
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, TypeAlias, TypeGuard

from pokerbook.cards.card import RANK_KEY_MASK, RANK_KEYS, SUIT_SHIFT, Card
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
from pokerbook.cards.notation import CardsLike, to_cards
from pokerbook.evaluation.scale import Scale, get_scale
from pokerbook.evaluation.value import HandValue

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pokerbook.evaluation.table_scale import TableScale
    from pokerbook.evaluation.usage import BoardLike, HoleUse
    from pokerbook.evaluation.wild import WildSpec

MAX_CARDS: Final = 7
#: the hash layout of :mod:`pokerbook.evaluation.multisets` (not imported: it needs NumPy)
ROW_SHIFT: Final = 10
ROW_MASK: Final = (1 << ROW_SHIFT) - 1
OMAHA_CARDS: Final = 9
OMAHA_HOLE: Final = 4
OMAHA_BOARD: Final = 5
HAND: Final = 5
#: the hold'em board and hand, summed without a loop
HOLDEM_BOARD: Final = 5
HOLDEM_CARDS: Final = 7
#: suit fields raised so that 3 or more board cards, or 2 or more hole cards, set the top bit
BOARD_THREE: Final = 0x5555 << SUIT_SHIFT
HOLE_TWO: Final = 0x6666 << SUIT_SHIFT
TOP_BITS: Final = 0x8888 << SUIT_SHIFT
NO_FLUSH, FLUSH_GOOD, FLUSH_BAD = 0, 1, 2
QUICK_FORMAT: Final = "1"
_key = HAND_KEYS.__getitem__

#: (hole rank key -> column, board rank key -> row offset, value index of each pair)
OmahaTable: TypeAlias = tuple[dict[int, int], dict[int, int], "array[int]"]
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
        "_omaha",
        "by_value",
        "codes",
        "disp",
        "exact",
        "flush_rule",
        "ints",
        "keep",
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
        #: the HandValue of each value, made on first use and then shared
        self.by_value = ValuesByInt(scale)
        self.disp, self.codes, self.ints = load_lookup(scale)
        self.shared: list[HandValue | None] = [None] * len(self.ints)
        self._flush: tuple[list[int], list[int]] | None = None
        self._omaha: OmahaTable | None = None

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

    def omaha(self, hole: Any, board: Any) -> HandValue | None:
        """The best hand of exactly two of four hole cards and three of five board cards
        (None: not such a hand, or one the general path must value)."""
        try:
            if type(hole) is type(board) is tuple and len(hole) == OMAHA_HOLE:
                h1, h2, h3, h4 = hole
                h = h1.hand_key + h2.hand_key + h3.hand_key + h4.hand_key
                b = 0
                for card in board:
                    b += card.hand_key
            elif type(hole) is type(board) is str:
                h = sum(map(_key, hole.split()))
                b = sum(map(_key, board.split()))
            else:
                h, b = hand_total(hole, ""), hand_total(board, "")
        except (AttributeError, KeyError, TypeError):
            return None
        total = h + b
        if (
            total >> COUNT_SHIFT & COUNT_MASK != OMAHA_CARDS
            or (total >> PRESENCE_SHIFT).bit_count() != OMAHA_CARDS
        ):
            return None
        holes, boards, codes = self._omaha or self._load_omaha()
        try:
            # Rank keys are distinct for up to seven cards, so with nine in all only
            # four hole cards and five board cards find both keys.
            code = codes[boards[b & RANK_KEY_MASK] + holes[h & RANK_KEY_MASK]]
        except KeyError:
            return None
        plain = self.shared[code] or self.value_at(code)
        suits = b + BOARD_THREE & h + HOLE_TWO & TOP_BITS
        if suits and self.flush_rule:
            if self.flush_rule != FLUSH_GOOD:
                return None
            if type(hole) is not tuple or type(board) is not tuple:
                hole, board = to_cards(hole), to_cards(board)
            best = _omaha_flush(self.flush_tables()[0], hole, board, suits)
            if best > plain.value:
                return self.by_value[best]
        return plain

    def _load_omaha(self) -> OmahaTable:
        self._omaha = omaha_codes(self.scale, self.ints)
        return self._omaha


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


def _omaha_flush(
    flush5: list[int], hole: tuple[Card, ...], board: tuple[Card, ...], suits: int
) -> int:
    """The best flush of two hole and three board cards of the ``suits`` flagged (top bit
    of each suit's field), -1 if none."""
    best = -1
    for suit in range(4):
        if not suits >> (SUIT_SHIFT + 4 * suit + 3) & 1:
            continue
        mine = [c.bit for c in hole if c.suit == suit]
        shared = [c.bit for c in board if c.suit == suit]
        if len(mine) == 2 and len(shared) == 3:  # the usual case: one flush
            best = max(best, flush5[mine[0] | mine[1] | shared[0] | shared[1] | shared[2]])
            continue
        for a, b in combinations(mine, 2):
            for x, y, z in combinations(shared, 3):
                best = max(best, flush5[a | b | x | y | z])
    return best


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
    h1: Any  # the hold'em shape's cards (declared only: no work at run time)
    h2: Any
    b1: Any
    b2: Any
    b3: Any
    b4: Any
    b5: Any
    if wild is None and joker is None:
        try:
            tables = QUICK[scale]
        except KeyError:
            tables = quick_tables(scale)
        except TypeError:  # a scale object that cannot be hashed
            tables = None
        if tables is not None:
            if hole_use is None:
                try:
                    n = len(hole)  # type: ignore[arg-type]
                    if n == 2 and len(board) == HOLDEM_BOARD:  # type: ignore[arg-type]
                        h1, h2 = hole  # type: ignore[misc,str-unpack]
                        b1, b2, b3, b4, b5 = board  # type: ignore[misc,str-unpack]
                    elif n == HOLDEM_CARDS and not board:  # seven cards in one
                        h1, h2, b1, b2, b3, b4, b5 = hole  # type: ignore[misc,str-unpack]
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
                    return tables.exact[total + PLAIN_ADD & tables.keep]
                except KeyError:
                    found = tables.missed(total, hole, board)
                if found is not None:
                    return found
            elif hole_use == 2 and type(hole_use) is int:
                found = tables.omaha(hole, board)
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


def omaha_codes(scale: TableScale, values: list[int]) -> OmahaTable:
    """The Omaha table of ``scale``: (hole rank key -> column, board rank key -> row
    offset, codes), where ``codes[row offset + column]`` is the index in ``values``
    (the scale's distinct values, ascending) of the best unsuited two-plus-three hand.
    Read from the disk without NumPy (into memory: a lookup there is quicker than in
    a mapped file), or built with NumPy and kept there."""
    from pokerbook.evaluation.table_cache import (
        fingerprint,
        multiset_key_list,
        read_array,
        size_block,
    )

    keys = multiset_key_list()
    hole_keys, board_keys = keys[size_block(OMAHA_HOLE)], keys[size_block(OMAHA_BOARD)]
    tag = fingerprint("omaha", scale.name, len(values), RANK_KEYS, scale.table_tag())
    codes = read_array(f"{scale.name}-omaha", tag, "H")
    if codes is None:
        codes = _stored_omaha(scale, values, tag)
    holes = {k: i for i, k in enumerate(hole_keys)}
    width = len(hole_keys)
    boards = {k: j * width for j, k in enumerate(board_keys)}
    return holes, boards, codes


def _stored_omaha(scale: TableScale, values: list[int], tag: str) -> array[int]:
    """:func:`omaha_codes`'s codes, built with NumPy and kept on disk."""
    import numpy as np

    from pokerbook.evaluation.multisets import multiset_keys, rank_multisets
    from pokerbook.evaluation.table_cache import cached_typed

    def build() -> npt.NDArray[np.uint16]:
        return _build_omaha(
            scale.multiset_values(), np.array(values), rank_multisets(), multiset_keys()
        )

    built = cached_typed(f"{scale.name}-omaha", tag, build, np.uint16)
    return array("H", built.tobytes())


def _build_omaha(
    all_values: npt.NDArray[np.int64],
    values: npt.NDArray[np.int64],
    multisets: tuple[tuple[int, ...], ...],
    keys: npt.NDArray[np.int64],
) -> npt.NDArray[np.uint16]:
    """Every (board multiset, hole multiset) pair's best unsuited two-plus-three hand, as
    its index in ``values``: the best of 10 board triples with each hole pair first, then
    the best of the hand's six pairs."""
    import numpy as np

    from pokerbook.evaluation.table_cache import size_block as block

    rank_key = np.array(RANK_KEYS, dtype=np.int64)

    def ranks(size: int) -> npt.NDArray[np.int64]:
        rows = multisets[block(size)]
        return np.array([np.repeat(np.arange(13), row) for row in rows], dtype=np.int64)

    five_keys, five_values = keys[block(HAND)], all_values[block(HAND)]
    order = np.argsort(five_keys)
    five_keys, five_values = five_keys[order], five_values[order]

    def value_of(k: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        at = np.minimum(np.searchsorted(five_keys, k), len(five_keys) - 1)
        return np.where(five_keys[at] == k, five_values[at], -1)  # -1: five of a rank

    board = ranks(OMAHA_BOARD)
    triples = rank_key[board[:, list(combinations(range(OMAHA_BOARD), 3))]].sum(axis=2)
    pair_keys = keys[block(2)]
    by_pair = np.full((len(board), len(pair_keys)), -1, dtype=np.int64)
    for t in range(triples.shape[1]):
        np.maximum(by_pair, value_of(triples[:, t, None] + pair_keys[None, :]), out=by_pair)
    hole = ranks(OMAHA_HOLE)
    hole_pairs = rank_key[hole[:, list(combinations(range(OMAHA_HOLE), 2))]].sum(axis=2)
    pair_order = np.argsort(pair_keys)
    pair_at = pair_order[np.searchsorted(pair_keys[pair_order], hole_pairs)]
    best = by_pair[:, pair_at[:, 0]]
    for q in range(1, pair_at.shape[1]):
        np.maximum(best, by_pair[:, pair_at[:, q]], out=best)
    codes = np.clip(np.searchsorted(values, best), 0, len(values) - 1)
    return codes.astype(np.uint16)
