"""Hands of exactly so many hole cards on several boards, valued from dense tables.

A hand that must use exactly ``used`` hole cards and ``5 - used`` board cards
(Omaha's two and three) on any of several boards (Chowaha's paths, Oklahoma's
rows, Murder's choices, a double board) is the best of every pair of a hole part
and a board part.  Its value, flushes aside, depends only on the two parts' rank
multisets, so a :class:`SplitTable` holds, for each rank multiset of ``used``
cards, a row with the value of every rank multiset of ``5 - used`` cards beside
it.  The boards' parts are found once a hand (:class:`BoardParts`, shared by
every seat and share), each seat's once, and each hole part is one row read at
the boards' columns in C (``map``), instead of one dictionary lookup per pair.

Flushes are added as :meth:`TableScale.best_split <pokerbook.evaluation.table_scale.
TableScale.best_split>` adds them, board by board: the answers are that method's,
the best over the boards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from operator import attrgetter, itemgetter
from typing import Final, NamedTuple

from pokerbook.cards.card import JOKER_INDEX, RANK_KEY_MASK, RANK_KEYS, Card
from pokerbook.evaluation.scale import Scale
from pokerbook.evaluation.table_scale import Part, TableScale

#: the cards of a poker hand
HAND: Final = 5
#: a rank appears at most this often in a deck
SUITS: Final = 4
_KEY: Final = attrgetter("key")
_SUIT: Final = attrgetter("suit")
#: where a row has no hand (more than four cards of a rank): never the best
NO_HAND: Final = -1


def _multiset_keys(count: int) -> list[int]:
    """The rank key of every multiset of ``count`` ranks (each at most four times)."""
    return [
        sum(RANK_KEYS[r] for r in ranks)
        for ranks in combinations_with_replacement(range(len(RANK_KEYS)), count)
        if all(ranks[i] != ranks[i + SUITS] for i in range(count - SUITS))  # sorted ranks
    ]


_COLUMNS: dict[int, dict[int, int]] = {}


def columns(count: int) -> dict[int, int]:
    """The column of each rank key of ``count`` cards in a :class:`SplitTable` row."""
    found = _COLUMNS.get(count)
    if found is None:
        found = _COLUMNS[count] = {key: i for i, key in enumerate(_multiset_keys(count))}
    return found


def rank_key(cards: Sequence[Card]) -> int:
    """The rank key of some natural cards (their suits aside)."""
    return sum([c.key for c in cards]) & RANK_KEY_MASK


class Rows(dict[int, list[int]]):
    """A split table's rows for one count of hole cards, each made the first time a
    hole part of its ranks is read."""

    def __init__(self, multi: dict[int, int], used: int) -> None:
        super().__init__()
        self.multi = multi
        self.board_keys = list(columns(HAND - used))

    def __missing__(self, key: int) -> list[int]:
        multi = self.multi
        row = self[key] = [multi.get(key + b, NO_HAND) for b in self.board_keys]
        return row


class SplitTable:
    """One scale's five-card values by hole part and board part (see the module)."""

    def __init__(self, scale: TableScale) -> None:
        self.scale = scale
        self.flushes = scale.flushes
        self._multi = scale.load()
        self._join = scale.join
        self._rows: dict[int, Rows] = {}

    def rows(self, used: int) -> Rows:
        """For each rank key of ``used`` hole cards, the value of the hand it makes with
        each rank key of ``5 - used`` board cards, in :func:`columns` order (a row is
        made when first read)."""
        found = self._rows.get(used)
        if found is None:
            found = self._rows[used] = Rows(self._multi, used)
        return found

    def value(self, key: int) -> int:
        """The value of five cards of a rank key, flushes aside."""
        return self._multi.get(key, NO_HAND)

    def flush(self, suit: int, hole_bits: int, board_bits: int) -> int:
        """The value of the flush of ``suit`` that a hole part and a board part of
        those rank bits make (five cards in all; -2: a part of no cards)."""
        return self._join((0, suit, hole_bits), (0, suit, board_bits))


_TABLES: dict[Scale, SplitTable | None] = {}


def split_table(scale: Scale) -> SplitTable | None:
    """The scale's :class:`SplitTable`, or None where it does not apply: not a table
    scale of five-card hands from the full deck, a flush worth less than its ranks
    (a low that avoids flushes), or a scale with its own way of splitting."""
    if scale in _TABLES:
        return _TABLES[scale]
    table = None
    if (
        isinstance(scale, TableScale)
        and scale.hand_size == HAND
        and scale.deck_ranks is None
        and (scale.flush_good or not scale.flushes)
        and type(scale).best_split is TableScale.best_split
    ):
        table = SplitTable(scale)
    _TABLES[scale] = table
    return table


class BoardParts:
    """The parts of a hand's boards (found once, for every seat and share) and of the
    hole cards last asked about."""

    def __init__(self, boards: Sequence[Sequence[Card]]) -> None:
        self.boards = [tuple(b) for b in boards]
        self._columns: dict[int, Callable[[list[int]], tuple[int, ...]] | None] = {}
        self._flushes: dict[tuple[int, int], list[int]] = {}
        self._holes: dict[tuple[tuple[Card, ...], int], set[int]] = {}
        cards = [c.index for b in self.boards for c in b]
        self.natural = JOKER_INDEX not in cards

    def board_columns(self, need: int) -> Callable[[list[int]], tuple[int, ...]] | None:
        """What reads a table row at the columns of every ``need``-card part of every
        board with so many cards (each once); None when no board has so many."""
        if need in self._columns:
            return self._columns[need]
        index = columns(need)
        keys: set[int] = set()
        for board in self.boards:
            if len(board) >= need:
                keys.update(key_sums(board, need))
        found = None
        if keys:
            at = sorted(index[k] for k in keys)
            found = itemgetter(*at, *at) if len(at) == 1 else itemgetter(*at)
        self._columns[need] = found
        return found

    def flush_bits(self, suit: int, need: int) -> list[int]:
        """The rank bits of every ``need``-card part of one suit of any board."""
        found = self._flushes.get((suit, need))
        if found is None:
            bits: set[int] = set()
            for board in self.boards:
                suited = [c for c in board if c.suit == suit]
                if len(suited) >= need:
                    bits.update(_bits(cs) for cs in combinations(suited, need))
            found = self._flushes[suit, need] = list(bits)
        return found

    def hole_keys(self, hole: tuple[Card, ...], used: int) -> set[int]:
        """The rank keys of the ``used``-card parts of ``hole``, each once."""
        found = self._holes.get((hole, used))
        if found is None:
            found = self._holes[hole, used] = set(key_sums(hole, used))
        return found

    def best(self, table: SplitTable, hole: Sequence[Card], counts: Sequence[int]) -> int | None:
        """The best hand of exactly one of ``counts`` hole cards and the rest from one
        board, as the best of :meth:`TableScale.best_split` over the boards; None when
        no count fits any board (or a card is a joker)."""
        held = tuple(hole)
        if not self.natural or JOKER_INDEX in [c.index for c in held]:
            return None
        best = NO_HAND
        fitted = False
        for used in counts:
            if used > len(held) or used > HAND:
                continue
            read = self.board_columns(HAND - used)
            if read is None:
                continue
            fitted = True
            keys = self.hole_keys(held, used)
            if used == HAND:  # the hole cards alone: one value each, no row to read
                best = max(best, *map(table.value, keys))
            else:
                rows = table.rows(used)
                best = max(best, *[max(read(rows[key])) for key in keys])
            if table.flushes:
                best = max(best, self._best_flush(table, held, used))
        return best if fitted else None

    def _best_flush(self, table: SplitTable, hole: tuple[Card, ...], used: int) -> int:
        """The best flush of ``used`` hole cards and ``5 - used`` cards of one board."""
        best = NO_HAND
        for suit in range(SUITS):
            suited = [c for c in hole if c.suit == suit]
            if len(suited) < used:
                continue
            board_bits = self.flush_bits(suit, HAND - used)
            if board_bits:
                for cs in combinations(suited, used):
                    h = _bits(cs)
                    best = max(best, *[table.flush(suit, h, b) for b in board_bits])
        return best


def key_sums(cards: Sequence[Card], count: int) -> Iterable[int]:
    """The rank key of each ``count``-card part of ``cards``."""
    return map(sum, combinations([c.key & RANK_KEY_MASK for c in cards], count))


class SplitParts(NamedTuple):
    """Board parts of ``5 - used`` cards as a split table reads them: each part's
    column, the parts all of one suit or empty (position, suit or -2, rank bits), and
    the board each came from."""

    used: int
    at: list[int]
    suited: list[tuple[int, int, int]]
    owners: list[int]


def split_parts(boards: Sequence[Sequence[Card]], used: int) -> SplitParts:
    """Every ``5 - used``-card part of each board, in order (as
    :meth:`TableScale.parts <pokerbook.evaluation.table_scale.TableScale.parts>` gives
    them, board after board)."""
    need = HAND - used
    index = columns(need)
    at: list[int] = []
    suited: list[tuple[int, int, int]] = []
    owners: list[int] = []
    if need and all(len(board) == need for board in boards):  # each board its one part
        at = [index[sum(map(_KEY, board)) & RANK_KEY_MASK] for board in boards]
        suited = [
            (number, board[0].suit, _bits(board))
            for number, board in enumerate(boards)
            if len(set(map(_SUIT, board))) == 1
        ]
        return SplitParts(used, at, suited, list(range(len(boards))))
    for number, board in enumerate(boards):
        start = len(at)
        at += [index[key] for key in key_sums(board, need)]
        owners += [number] * (len(at) - start)
        if need == 0:
            suited += [(start, -2, 0)] * (len(at) - start)
            continue
        suits = [c.suit for c in board]
        if len(at) > start and max(map(suits.count, suits)) >= need:
            for pos, combo in enumerate(combinations(board, need)):
                if len({c.suit for c in combo}) == 1:
                    suited.append((start + pos, combo[0].suit, _bits(combo)))
    return SplitParts(used, at, suited, owners)


def parts_of(boards: Sequence[Part], used: int) -> SplitParts:
    """Board parts given as :data:`~pokerbook.evaluation.table_scale.Part` tuples."""
    index = columns(HAND - used)
    return SplitParts(
        used,
        [index[key] for key, _, _ in boards],
        [(i, suit, bits) for i, (_, suit, bits) in enumerate(boards) if suit != -1],
        list(range(len(boards))),
    )


class PartReader:
    """Board parts read from one :class:`SplitTable`'s rows: built once a hand, asked
    for each seat (:meth:`first_best`)."""

    def __init__(self, table: SplitTable, parts: SplitParts) -> None:
        self.table = table
        self.parts = parts
        at = parts.at
        self._read = itemgetter(*at, *at) if len(at) == 1 else itemgetter(*at) if at else None
        self._suited = parts.suited if table.flushes else []

    def first_best(self, holes: Sequence[Part]) -> tuple[int, int]:
        """:meth:`TableScale.best_board <pokerbook.evaluation.table_scale.TableScale.
        best_board>` read from the table: the best value of a hole part (of ``used``
        cards) joined to a board part, and the position among the board parts of the
        one that makes it, the first found trying the hole parts in order, each with
        every board part in order.  ``(-1, -1)`` if either is empty."""
        read = self._read
        if not holes or read is None:
            return NO_HAND, NO_HAND
        rows = self.table.rows(self.parts.used)
        suited, flush = self._suited, self.table.flush
        best, at = NO_HAND, NO_HAND
        for h_key, h_suit, h_bits in holes:
            values: Sequence[int] = read(rows[h_key])
            if suited and h_suit != -1:
                patched = list(values)
                for i, suit, bits in suited:
                    if suit == h_suit or -2 in (suit, h_suit):
                        patched[i] = flush(suit if suit != -2 else h_suit, h_bits, bits)
                values = patched
            top = max(values)
            if top > best:
                best, at = top, values.index(top)
        return best, at


def first_best(
    table: SplitTable, holes: Sequence[Part], boards: Sequence[Part], used: int
) -> tuple[int, int]:
    """:meth:`PartReader.first_best` of ``holes`` (of ``used`` cards) on ``boards``."""
    return PartReader(table, parts_of(boards, used)).first_best(holes)


def _bits(cards: Sequence[Card]) -> int:
    bits = 0
    for c in cards:
        bits |= c.bit
    return bits


__all__ = [
    "BoardParts",
    "PartReader",
    "Rows",
    "SplitParts",
    "SplitTable",
    "columns",
    "first_best",
    "key_sums",
    "parts_of",
    "rank_key",
    "split_parts",
    "split_table",
]
