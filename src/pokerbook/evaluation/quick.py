"""The fast path of :func:`pokerbook.evaluate`: a table scale's values by summed hand key.

A hand's cards are summed as hand keys (:mod:`pokerbook.cards.hand_keys`); the
rank part of the sum indexes :attr:`QuickTables.multi`, which holds the
:class:`HandValue` itself (one shared object per distinct value), so a hand of
up to seven cards is one sum and one lookup.  Five cards of a suit take the
flush table; a scale on which a flush hurts (2-7, A-6) goes the general way.

Omaha (exactly two of four hole cards and three of five board cards) looks the
hole's and the board's rank multisets up in one table of every pair of them
(1,820 x 6,175 entries, built once per machine from the scale's values and
cached); a flush is possible only when some suit has three or more cards on
the board and two or more in the hand, and only then are the suited
combinations valued one by one.
"""

from __future__ import annotations

import hashlib
from array import array
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, TypeAlias, TypeGuard

from pokerbook.cards.card import RANK_KEY_MASK, RANK_KEYS, SUIT_SHIFT, Card
from pokerbook.cards.hand_keys import (
    COUNT_MASK,
    COUNT_SHIFT,
    FLUSH_ADD,
    HAND_KEYS,
    PRESENCE_SHIFT,
)
from pokerbook.cards.notation import CardsLike, to_cards
from pokerbook.evaluation.scale import Scale, get_scale
from pokerbook.evaluation.value import HandValue

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pokerbook.evaluation.table_scale import TableScale

MAX_CARDS: Final = 7
#: the hash layout of :mod:`pokerbook.evaluation.multisets` (not imported: it needs NumPy)
ROW_SHIFT: Final = 10
ROW_MASK: Final = (1 << ROW_SHIFT) - 1
OMAHA_CARDS: Final = 9
OMAHA_HOLE: Final = 4
OMAHA_BOARD: Final = 5
HAND: Final = 5
#: suit fields raised so that 3 or more board cards, or 2 or more hole cards, set the top bit
BOARD_THREE: Final = 0x5555 << SUIT_SHIFT
HOLE_TWO: Final = 0x6666 << SUIT_SHIFT
TOP_BITS: Final = 0x8888 << SUIT_SHIFT
NO_FLUSH, FLUSH_GOOD, FLUSH_BAD = 0, 1, 2
_key = HAND_KEYS.__getitem__

#: (hole rank key -> column, board rank key -> row offset, value index of each pair)
OmahaTable: TypeAlias = tuple[dict[int, int], dict[int, int], memoryview]


class QuickTables:
    """One table scale's values laid out for the fast path."""

    __slots__ = (
        "_omaha",
        "by_size",
        "by_value",
        "flush5",
        "flush_best",
        "flush_rule",
        "scale",
        "small",
        "values",
    )

    def __init__(self, scale: TableScale) -> None:
        from pokerbook.evaluation.table_cache import multiset_key_array, size_block

        self.scale = scale
        table = scale.multiset_values()
        values = table.tolist()
        flush = scale.flush_values()
        distinct = sorted(set(values) | set(flush[1].tolist()))
        by_value = {v: HandValue(scale, v) for v in distinct}
        #: the HandValue of each value in the tables
        self.by_value = by_value
        #: every distinct value of the scale's tables, as a HandValue, worst first
        self.values: list[HandValue] = [by_value[v] for v in distinct]
        keys = multiset_key_array().tolist()
        #: for five, six and seven cards, where the batch kernels' hash of their rank keys
        #: is on disk: (displacement of each ``key >> ROW_SHIFT``, the HandValue in each
        #: slot); a lookup there touches less memory than one in a dict of every key
        self.by_size: list[tuple[array[int], list[HandValue]] | None] = [
            _hashed(size, table, self.values) if size >= HAND else None
            for size in range(MAX_CARDS + 1)
        ]
        #: the HandValue of every other rank key
        self.small: dict[int, HandValue] = {}
        for size in range(MAX_CARDS + 1):
            if self.by_size[size] is None:
                block = size_block(size)
                self.small.update(
                    zip(keys[block], map(by_value.__getitem__, values[block]), strict=True)
                )
        #: the best flush within each 13-bit rank mask (None below five ranks)
        self.flush_best: list[HandValue | None] = [
            by_value[v] if m.bit_count() >= HAND else None for m, v in enumerate(flush[1].tolist())
        ]
        #: the value of each five-card flush rank mask
        self.flush5: list[int] = flush[0].tolist()
        self.flush_rule = (
            NO_FLUSH if not scale.flushes else FLUSH_GOOD if scale.flush_good else FLUSH_BAD
        )
        self._omaha: OmahaTable | None = None

    def plain(self, total: int) -> HandValue:
        """The value of the ranks of a hand-key sum of up to seven distinct cards."""
        rank = total & RANK_KEY_MASK
        hashed = self.by_size[total >> COUNT_SHIFT & COUNT_MASK]
        if hashed is None:
            return self.small[rank]
        disp, slots = hashed
        return slots[disp[rank >> ROW_SHIFT] + (rank & ROW_MASK)]

    def flush(self, total: int, hole: CardsLike, board: Any) -> HandValue | None:
        """The best hand of a pool of up to seven cards with five or more of one suit."""
        if self.flush_rule != FLUSH_GOOD:
            return None
        found = total + FLUSH_ADD & TOP_BITS
        suit = ((found & -found).bit_length() - SUIT_SHIFT) // 4 - 1  # top bit of s: 4s + 3
        mask = 0
        for c in (*to_cards(hole), *to_cards(board)):
            if c.suit == suit:
                mask |= c.bit
        best = self.flush_best[mask]
        plain = self.plain(total)
        return best if best is not None and best.value > plain.value else plain

    def omaha(self, hole: Any, board: Any) -> HandValue | None:
        """The best hand of exactly two of four hole cards and three of five board cards
        (None: not such a hand, or one the general path must value)."""
        try:
            h = sum(map(_key, hole.split() if type(hole) is str else hole))
            b = sum(map(_key, board.split() if type(board) is str else board))
        except (KeyError, TypeError):
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
            plain = self.values[codes[boards[b & RANK_KEY_MASK] + holes[h & RANK_KEY_MASK]]]
        except KeyError:
            return None
        suits = b + BOARD_THREE & h + HOLE_TWO & TOP_BITS
        if suits and self.flush_rule:
            if self.flush_rule != FLUSH_GOOD:
                return None
            best = _omaha_flush(self.flush5, to_cards(hole), to_cards(board), suits)
            if best > plain.value:
                return self.by_value[best]
        return plain

    def _load_omaha(self) -> OmahaTable:
        self._omaha = omaha_codes(self.scale, [v.value for v in self.values])
        return self._omaha


def _hashed(
    size: int, values: npt.NDArray[np.int64], ordered: list[HandValue]
) -> tuple[array[int], list[HandValue]] | None:
    """The HandValues of the multisets of ``size`` cards in the slots of their hash, if
    the hash is on disk (building it needs numba, which a first evaluation should not
    wait for).  ``ordered``: the scale's distinct values, ascending."""
    import numpy as np

    from pokerbook.evaluation.table_cache import size_block, size_hash

    found = size_hash(size, build=False)
    if found is None:
        return None
    disp, slots = found
    distinct = np.fromiter((v.value for v in ordered), dtype=np.int64, count=len(ordered))
    codes = np.zeros(int(slots.max()) + 1, dtype=np.int64)  # gaps: never read
    codes[slots] = np.searchsorted(distinct, values[size_block(size)])
    return array("I", disp.astype(np.uint32).tobytes()), list(
        map(ordered.__getitem__, codes.tolist())
    )


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
    (the scale's distinct values, ascending) of the best unsuited two-plus-three hand."""
    import numpy as np

    from pokerbook.evaluation.multisets import multiset_keys, rank_multisets
    from pokerbook.evaluation.table_cache import cached_typed, fingerprint

    all_values = scale.multiset_values()
    keys = multiset_keys_of(OMAHA_HOLE), multiset_keys_of(OMAHA_BOARD)
    digest = hashlib.sha256(all_values.tobytes()).hexdigest()
    tag = fingerprint("omaha", scale.name, len(values), RANK_KEYS, digest)

    def build() -> npt.NDArray[np.uint16]:
        return _build_omaha(all_values, np.array(values), rank_multisets(), multiset_keys())

    codes = cached_typed(f"{scale.name}-omaha", tag, build, np.uint16, mmap=True)
    holes = {k: i for i, k in enumerate(keys[0])}
    width = len(keys[0])
    boards = {k: j * width for j, k in enumerate(keys[1])}
    return holes, boards, codes.reshape(-1).data


def _size_start(size: int) -> int:
    """Where the multisets of ``size`` cards begin in ``rank_multisets()`` order (by size)."""
    ways = [1] + [0] * MAX_CARDS  # multisets of each size over the ranks so far
    for _ in range(13):
        ways = [sum(ways[n - c] for c in range(min(4, n) + 1)) for n in range(MAX_CARDS + 1)]
    return sum(ways[:size])


def multiset_keys_of(size: int) -> list[int]:
    """The rank keys of the multisets of ``size`` cards, in ``rank_multisets()`` order."""
    from pokerbook.evaluation.table_cache import multiset_key_array

    return multiset_key_array()[_size_start(size) : _size_start(size + 1)].tolist()  # type: ignore[no-any-return]


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

    rank_key = np.array(RANK_KEYS, dtype=np.int64)

    def block(size: int) -> slice:
        return slice(_size_start(size), _size_start(size + 1))

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
