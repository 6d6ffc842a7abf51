"""The fast path of Omaha: exactly two of four hole cards and three of five board cards.

Each card has, by its index, one integer key for the hole and one for the board
(:data:`HOLE_CARD_KEYS`, :data:`BOARD_CARD_KEYS`), so that four hole keys or
five board keys sum without a loop to a number that holds

* the rank multiset, as a sum of :data:`HOLE_RANK_KEYS` (distinct for every
  multiset of four ranks, at most 54,652) or of :data:`BOARD_RANK_KEYS`
  (distinct for every multiset of five, at most 360,918), in the low
  :data:`SUIT_COUNT_SHIFT` bits;
* the count of each suit, in a 4-bit field per suit;
* the card itself, as one bit in a 13-bit field per suit (``1 << rank - 2`` in
  its suit's field, :attr:`Card.bit` for that suit), above :data:`CARD_SHIFT`.

Summed hole and board, nine distinct cards leave nine card bits (a card twice
carries, and leaves fewer).  The rank sums index two small arrays that give the
row and column of the scale's Omaha table (every pair of a hole and a board rank
multiset, 1,820 x 6,175 value indices, built once per machine and cached).  A
flush is possible only when some suit has five of the nine cards (one addition
to the nine cards' sum sets that suit field's top bit: 13% of deals; only one
suit can), and then only if the suit's 13-bit fields of hand and board, its
rank masks, hold two and three ranks or more; they are valued through the
index of each five-card flush among the scale's values.  A scale on which a
flush hurts (2-7, A-6) gives such hands to the general path.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from pokerbook.cards.card import RANK_KEYS, STANDARD_CARDS
from pokerbook.cards.hand_keys import HAND_KEYS

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pokerbook.evaluation.quick import QuickTables
    from pokerbook.evaluation.table_scale import TableScale
    from pokerbook.evaluation.value import HandValue

OMAHA_HOLE: Final = 4
OMAHA_BOARD: Final = 5
#: cards of a hand taken from the hole and from the board
HOLE_USE: Final = 2
BOARD_USE: Final = 3
HAND: Final = 5
RANKS: Final = 13

#: the smallest keys (found greedily) whose sums over any four ranks are distinct
HOLE_RANK_KEYS: Final = (0, 1, 5, 21, 55, 153, 368, 856, 1424, 2603, 4967, 8194, 13663)
#: the smallest keys (found greedily) whose sums over any five ranks, none more than
#: four times, are distinct
BOARD_RANK_KEYS: Final = (
    0,
    1,
    5,
    22,
    94,
    312,
    992,
    2422,
    5624,
    12522,
    19998,
    43258,
    79415,
)
SUIT_COUNT_SHIFT: Final = 20
RANK_SUM_MASK: Final = (1 << SUIT_COUNT_SHIFT) - 1
SUIT_COUNT_WIDTH: Final = 4
CARD_SHIFT: Final = SUIT_COUNT_SHIFT + 4 * SUIT_COUNT_WIDTH
SUIT_RANKS: Final = (1 << RANKS) - 1
#: added to the nine cards' suit counts (fields of four bits: they never carry out of
#: them): five or more of a suit sets its field's top bit
ANY_FIVE: Final = 0x3333 << SUIT_COUNT_SHIFT
SUIT_TOPS: Final = 0x8888 << SUIT_COUNT_SHIFT
#: the shift to a suit's card field, by the top bit that names the suit
FLUSH_SUIT_SHIFT: Final = {
    8 << SUIT_COUNT_SHIFT + SUIT_COUNT_WIDTH * suit: CARD_SHIFT + RANKS * suit for suit in range(4)
}

#: (column of each hole rank sum, row offset of each board rank sum, value index of
#: each pair of multisets)
OmahaTable: TypeAlias = tuple["array[int]", "array[int]", "array[int]"]
#: an Omaha evaluator: the value of a hole and a board, or None for the general path
OmahaFunction: TypeAlias = Callable[[Any, Any], "HandValue | None"]


def card_keys(rank_keys: tuple[int, ...]) -> tuple[int, ...]:
    """Each standard card's key (by index) for sums of the rank keys ``rank_keys``."""
    return tuple(
        rank_keys[c.rank - 2]
        | 1 << (SUIT_COUNT_SHIFT + SUIT_COUNT_WIDTH * c.suit)
        | c.bit << (CARD_SHIFT + RANKS * c.suit)
        for c in STANDARD_CARDS
    )


HOLE_CARD_KEYS: Final = card_keys(HOLE_RANK_KEYS)
BOARD_CARD_KEYS: Final = card_keys(BOARD_RANK_KEYS)


def _by_text(keys: tuple[int, ...]) -> dict[object, int]:
    """``keys`` by card and by each one-card text :data:`HAND_KEYS` reads."""
    index_of = {card.hand_key: card.index for card in STANDARD_CARDS}
    return {name: keys[index_of[hand_key]] for name, hand_key in HAND_KEYS.items()}


HOLE_KEYS_BY_NAME: Final = _by_text(HOLE_CARD_KEYS)
BOARD_KEYS_BY_NAME: Final = _by_text(BOARD_CARD_KEYS)


def other_sums(hole: Any, board: Any) -> tuple[int, int] | None:
    """The hole and board key sums of card text, lists of cards or of one-card texts,
    or None if they are not four and five standard cards written so."""
    hole_keys, board_keys = HOLE_KEYS_BY_NAME, BOARD_KEYS_BY_NAME
    try:
        h1, h2, h3, h4 = hole.split() if type(hole) is str else hole
        b1, b2, b3, b4, b5 = board.split() if type(board) is str else board
        return (
            hole_keys[h1] + hole_keys[h2] + hole_keys[h3] + hole_keys[h4],
            board_keys[b1] + board_keys[b2] + board_keys[b3] + board_keys[b4] + board_keys[b5],
        )
    except (KeyError, TypeError, ValueError):
        return None


def flush_codes(tables: QuickTables) -> array[int]:
    """The index in ``tables.ints`` (the scale's distinct values, ascending) of the value
    of each five-card flush, by its rank mask (0 where the mask has not five ranks)."""
    code_of = {value: code for code, value in enumerate(tables.ints)}
    flush5 = tables.flush_tables()[0]
    codes = array("H", bytes(2 * len(flush5)))
    for mask, value in enumerate(flush5):
        if mask.bit_count() == HAND:
            codes[mask] = code_of[value]
    return codes


def best_flush(flush5: Sequence[int], hole: int, board: int) -> int:
    """The best flush of two of the ranks in ``hole`` and three in ``board`` (rank masks
    of one suit, at least two and three ranks), ``flush5`` giving each five's value or
    its rank among the values."""
    if (hole | board).bit_count() == HAND:  # the usual case: one flush
        return flush5[hole | board]
    mine = [1 << r for r in range(RANKS) if hole >> r & 1]
    shared = [1 << r for r in range(RANKS) if board >> r & 1]
    return max(
        flush5[a | b | x | y | z]
        for a, b in combinations(mine, 2)
        for x, y, z in combinations(shared, 3)
    )


def omaha_evaluator(tables: QuickTables) -> OmahaFunction:
    """The Omaha evaluator of one scale's fast tables: ``(hole, board)`` to the best
    hand of two hole and three board cards, or None when the general path must answer
    (not four and five distinct standard cards, or a flush on a scale where it hurts)."""
    from pokerbook.evaluation.quick import FLUSH_GOOD as GOOD
    from pokerbook.evaluation.quick import NO_FLUSH as NONE

    cols, rows, codes = omaha_table(tables.scale, tables.ints)
    shared, value_at = tables.shared, tables.value_at
    hole_keys, board_keys = HOLE_CARD_KEYS, BOARD_CARD_KEYS
    flush_rule = tables.flush_rule
    tops = 0 if flush_rule == NONE else SUIT_TOPS  # flushes that do not count: never looked at
    flushes = flush_codes(tables) if flush_rule == GOOD else array("H")

    def omaha(hole: Any, board: Any) -> HandValue | None:
        try:
            h1, h2, h3, h4 = hole
            b1, b2, b3, b4, b5 = board
            h = (
                hole_keys[h1.index]
                + hole_keys[h2.index]
                + hole_keys[h3.index]
                + hole_keys[h4.index]
            )
            b = (
                board_keys[b1.index]
                + board_keys[b2.index]
                + board_keys[b3.index]
                + board_keys[b4.index]
                + board_keys[b5.index]
            )
        except (AttributeError, IndexError, TypeError, ValueError):  # text, or not cards
            sums = other_sums(hole, board)
            if sums is None:
                return None
            h, b = sums
        total = h + b
        if (total >> CARD_SHIFT).bit_count() != OMAHA_HOLE + OMAHA_BOARD:
            return None  # a card twice
        code = codes[rows[b & RANK_SUM_MASK] + cols[h & RANK_SUM_MASK]]
        value = shared[code] or value_at(code)
        five = total + ANY_FIVE & tops
        if not five:  # no five of a suit among the nine: no flush
            return value
        shift = FLUSH_SUIT_SHIFT[five]  # only one suit can have five of nine
        mine = h >> shift & SUIT_RANKS
        ranks = b >> shift & SUIT_RANKS
        if mine.bit_count() < HOLE_USE or ranks.bit_count() < BOARD_USE:
            return value
        if not flushes:
            return None  # a flush hurts: the general path's to weigh
        both = mine | ranks
        best = flushes[both] if both.bit_count() == HAND else best_flush(flushes, mine, ranks)
        return (shared[best] or value_at(best)) if best > code else value

    from pokerbook.native import native_module

    module = native_module()
    if module is None:
        return omaha
    native: OmahaFunction = module.OmahaReader(
        cols,
        rows,
        codes,
        flushes,
        shared,
        value_at,
        omaha,
        flush_rule,
        STANDARD_CARDS,
        HOLE_RANK_KEYS,
        BOARD_RANK_KEYS,
    )
    return native


def omaha_table(scale: TableScale, values: list[int]) -> OmahaTable:
    """The Omaha table of ``scale`` (:func:`omaha_codes`) indexed by this module's rank
    sums: ``codes[rows[board sum] + cols[hole sum]]``.  The table's rows and columns
    follow :func:`~pokerbook.evaluation.multisets.rank_multisets` (count vectors
    ascending, the ace's count last), which is the reverse of the order in which
    ``combinations_with_replacement`` gives the ranks."""
    codes = omaha_codes(scale, values)
    small_hole, small_board = HOLE_RANK_KEYS.__getitem__, BOARD_RANK_KEYS.__getitem__
    fours = list(combinations_with_replacement(range(RANKS), OMAHA_HOLE))
    cols = array("H", bytes(2 * (OMAHA_HOLE * HOLE_RANK_KEYS[-1] + 1)))
    for at, four in enumerate(reversed(fours)):
        cols[sum(map(small_hole, four))] = at
    fives = [f for f in combinations_with_replacement(range(RANKS), OMAHA_BOARD) if f[0] != f[-1]]
    rows = array("I", bytes(4 * (4 * BOARD_RANK_KEYS[-1] + BOARD_RANK_KEYS[-2] + 1)))
    width = len(fours)
    for at, five in enumerate(reversed(fives)):  # (five of a rank: no such board)
        rows[sum(map(small_board, five))] = at * width
    return cols, rows, codes


def omaha_codes(scale: TableScale, values: list[int]) -> array[int]:
    """The Omaha table of ``scale``: for each board rank multiset (row) and hole rank
    multiset (column), in :func:`~pokerbook.evaluation.multisets.rank_multisets` order,
    the index in ``values`` (the scale's distinct values, ascending) of the best
    unsuited two-plus-three hand.  Read from the disk without NumPy (into memory: a
    lookup there is quicker than in a mapped file), or built with NumPy and kept
    there."""
    from pokerbook.evaluation.table_cache import fingerprint, read_array

    tag = fingerprint("omaha", scale.name, len(values), RANK_KEYS, scale.table_tag())
    codes = read_array(f"{scale.name}-omaha", tag, "H")
    return _stored_omaha(scale, values, tag) if codes is None else codes


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
