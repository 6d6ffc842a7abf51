"""Scales whose value depends only on the ranks and on whether five cards share a suit.

Their tables are built once from the scale's rules: the best value of every
rank multiset of up to seven cards (flushes aside), and the best flush of every
13-bit rank mask.  A hand of up to seven cards is then one sum of card keys
and one or two lookups.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final, Protocol, TypeAlias

from pokerbook.cards.card import RANK_KEY_MASK, RANK_KEYS, SUIT_SHIFT, Card
from pokerbook.evaluation.categories import Category
from pokerbook.evaluation.scale import Scale, WildCardError
from pokerbook.evaluation.table_cache import (
    cached_array,
    cached_ints,
    fingerprint,
    multiset_key_array,
    multiset_key_list,
    read_ints,
    remembered,
    size_block,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pokerbook.evaluation.wild_lookup import WildTable

#: the joker modes of :mod:`pokerbook.evaluation.wild_tables` (not imported: it needs NumPy)
JOKER_MODES: Final = ("wild", "bug", "ace")

NO_SUIT: Final = 255


class RankRules(Protocol):
    """What a table scale needs from its rules (see :class:`PokerOrder`)."""

    @property
    def flushes(self) -> bool: ...

    def value(self, ranks: Sequence[int], flush: bool = False) -> int: ...

    def describe(self, value: int) -> str: ...

    def category(self, value: int) -> Category: ...

    def ranks(self, value: int) -> tuple[int, ...]: ...


def _flush_suit_table() -> bytes:
    """For each packed suit-count field: the suit with five or more cards, else NO_SUIT
    (the lowest such suit).  Each suit's counts of five to fifteen are runs of the
    table, written from the highest suit down so that a lower suit overwrites."""
    out = bytearray([NO_SUIT]) * (1 << 16)
    for suit in range(3, -1, -1):
        block = 1 << (4 * suit)  # the run of packed values with one count of this suit
        run = bytes([suit]) * (11 * block)  # its counts 5..15
        for start in range(5 * block, 1 << 16, 16 * block):
            out[start : start + 11 * block] = run
    return bytes(out)


_flush_suit: bytes | None = None


def flush_suit_table() -> bytes:
    global _flush_suit  # noqa: PLW0603 - built once on first use
    if _flush_suit is None:
        _flush_suit = _flush_suit_table()
    return _flush_suit


#: some cards of a hand: (rank key, common suit or -1 if mixed or -2 if none, rank bits)
Part: TypeAlias = tuple[int, int, int]


def _part(cards: Sequence[Card]) -> Part:
    """The :data:`Part` of some natural cards (the rank key without the suit counts)."""
    key = bits = 0
    suit = -2
    for c in cards:
        key += c.key
        bits |= c.bit
        suit = c.suit if suit in (-2, c.suit) else -1
    return key & RANK_KEY_MASK, suit, bits


def _bits(cards: Sequence[Card]) -> int:
    """The rank bits of some cards."""
    bits = 0
    for c in cards:
        bits |= c.bit
    return bits


def _mask_ranks(mask: int) -> list[int]:
    return [r + 2 for r in range(12, -1, -1) if mask >> r & 1]


class TableScale(Scale):
    """A scale evaluated from rank-multiset and flush tables built from its rules."""

    def __init__(
        self,
        name: str,
        description: str,
        rules: RankRules,
        *,
        aliases: tuple[str, ...] = (),
        default_joker: str = "wild",
        is_low: bool = False,
        deck_ranks: frozenset[int] | None = None,
        flush_beats_its_ranks: bool | None = None,
    ) -> None:
        self.name = name
        self.description = description
        self.rules = rules
        self.aliases = aliases
        self.default_joker = default_joker
        self.is_low = is_low
        self.deck_ranks = deck_ranks
        self.flushes = rules.flushes
        # A flush is worth more than the same five ranks unsuited (high scales),
        # so the best hand is the better of the best flush and the best of the
        # ranks; otherwise (lows) a flush is a hand to avoid.
        self.flush_good = rules.flushes and (
            not is_low if flush_beats_its_ranks is None else flush_beats_its_ranks
        )
        self._allowed_bits = (
            sum(1 << (r - 2) for r in deck_ranks) if deck_ranks is not None else None
        )
        self._multi: dict[int, int] | None = None
        #: the values of the five-card rank keys alone: a table small enough to stay in
        #: the processor's cache, for the many lookups of hands made of parts
        self._multi5: dict[int, int] = {}
        self._flush5: list[int] = []
        self._flush_best: list[int] = []
        self._suit_of: bytes = b""
        self._wild: dict[str, WildTable] = {}
        self._tag_value: str | None = None

    # -- tables -------------------------------------------------------------
    def table_tag(self) -> str:
        """The fingerprint of the scale's rules that its tables are kept under."""
        return self._tag()

    def _tag(self) -> str:
        """The fingerprint of the scale's rules its tables are stored under: worked out
        once per machine (it values a few hundred hands) and remembered on disk while
        the sources of the rules are unchanged (:func:`remembered`)."""
        if self._tag_value is None:
            self._tag_value = remembered(
                f"{self.name}-tag", (self.name, repr(self.rules)), type(self.rules), self._probe_tag
            )
        return self._tag_value

    def _probe_tag(self) -> str:
        probes = [
            self.rules.value(list(r), f)
            for r in combinations(range(2, 15), 5)
            for f in (False, True)
            if sum(r) % 7 == 0
        ]
        return fingerprint(self.name, repr(self.rules), probes)

    def multiset_values(self) -> npt.NDArray[np.int64]:
        """The best value of each rank multiset, in ``rank_multisets()`` order."""
        return cached_array(f"{self.name}-multi", self._tag(), self._build_multi)

    def flush_values(self) -> npt.NDArray[np.int64]:
        """Row 0: value of each 5-card flush mask; row 1: best flush within each mask."""
        return cached_array(f"{self.name}-flush", self._tag(), self._build_flush)

    def _build_multi(self) -> npt.NDArray[np.int64]:
        import numpy as np

        from pokerbook.evaluation.multisets import rank_multisets, ranks_of

        keys = multiset_key_array().tolist()
        index_of = {k: i for i, k in enumerate(keys)}
        values = np.zeros(len(keys), dtype=np.int64)
        for i, counts in enumerate(rank_multisets()):
            size = sum(counts)
            if size <= 5:
                values[i] = self.rules.value(ranks_of(counts), False)
            else:
                values[i] = max(
                    values[index_of[keys[i] - RANK_KEYS[r]]] for r in range(13) if counts[r]
                )
        return values

    def _build_flush(self) -> npt.NDArray[np.int64]:
        import numpy as np

        out = np.zeros((2, 1 << 13), dtype=np.int64)
        for mask in sorted(range(1 << 13), key=int.bit_count):
            bits = mask.bit_count()
            if bits == 5:
                out[0, mask] = out[1, mask] = self.rules.value(_mask_ranks(mask), True)
            elif bits > 5:
                out[1, mask] = max(out[1, mask & ~(1 << b)] for b in range(13) if mask >> b & 1)
        return out

    def load(self) -> dict[int, int]:
        """Build or load the tables (done once, on first use)."""
        if self._multi is None:
            value_list, self._flush5, self._flush_best = self.value_lists()
            self._suit_of = flush_suit_table()
            keys = multiset_key_list()
            five = size_block(5)
            self._multi5 = dict(zip(keys[five], value_list[five], strict=True))
            self._multi = dict(zip(keys, value_list, strict=True))
        return self._multi

    def value_lists(self) -> tuple[list[int], list[int], list[int]]:
        """The multiset values, the five-card flush values and the best flush of each
        mask: read from the tables on disk without NumPy where the stock tables are
        there, else as :meth:`multiset_values` and :meth:`flush_values` give them."""
        multi = self._stock_ints("multi") if self._stock_tables() else None
        if multi is None:
            return (self.multiset_values().tolist(), *self.flush_lists())
        return (multi.tolist(), *self.flush_lists())

    def flush_lists(self) -> tuple[list[int], list[int]]:
        """The value of each five-card flush rank mask and the best flush within each
        mask (as :meth:`flush_values` gives them), read without NumPy where they are
        on disk."""
        flush = self._stock_ints("flush") if self._stock_tables() else None
        if flush is not None and len(flush) == 2 << 13:
            both = flush.tolist()
            return both[: 1 << 13], both[1 << 13 :]
        flushes = self.flush_values()
        return flushes[0].tolist(), flushes[1].tolist()

    def _stock_tables(self) -> bool:
        """Whether the tables are the stock ones (not a subclass's own)."""
        cls = type(self)
        return (
            cls.multiset_values is TableScale.multiset_values
            and cls.flush_values is TableScale.flush_values
        )

    def _stock_ints(self, table: str) -> array[int] | None:
        return read_ints(f"{self.name}-{table}", self._tag())

    # -- evaluation -----------------------------------------------------------
    def best(self, cards: Sequence[Card]) -> int:
        multi = self._multi or self.load()
        key = 0
        for c in cards:
            key += c.key
        if self._allowed_bits is not None:
            self._check_deck(cards)
        n = len(cards)
        if n > 7 or key >> 60:
            return self._best_general(cards)
        if n >= 5 and self.flushes:
            suit = self._suit_of[key >> SUIT_SHIFT]
            if suit != NO_SUIT:
                if self.flush_good:
                    mask = 0
                    for c in cards:
                        if c.suit == suit:
                            mask |= c.bit
                    return max(self._flush_best[mask], multi[key & RANK_KEY_MASK])
                return max(self.exact(five) for five in combinations(cards, 5))
        return multi[key & RANK_KEY_MASK]

    def exact(self, cards: Sequence[Card]) -> int:
        multi = self._multi or self.load()
        if len(cards) > 5:
            raise ValueError(f"a {self.name} hand has at most 5 cards, not {len(cards)}")
        key = 0
        for c in cards:
            key += c.key
        if key >> 60:
            return self.wild_value(
                [c for c in cards if not c.is_joker],
                sum(c.is_joker for c in cards),
                self.default_joker,
                exact=True,
            )
        if self._allowed_bits is not None:
            self._check_deck(cards)
        if len(cards) == 5 and self.flushes and self._suit_of[key >> SUIT_SHIFT] != NO_SUIT:
            mask = 0
            for c in cards:
                mask |= c.bit
            return self._flush5[mask]
        return multi[key & RANK_KEY_MASK]

    def best_split(self, hole: Sequence[Card], board: Sequence[Card], used: int) -> int:
        """The best hand of exactly ``used`` hole cards and ``5 - used`` board cards.

        Natural cards only.  Partial key sums of the hole and board combinations
        are added pairwise, so each of Omaha's 60 hands is one addition and one
        lookup.
        """
        if self._multi is None:
            self.load()
        multi = self._multi5
        if self._allowed_bits is not None:
            self._check_deck([*hole, *board])
        need = 5 - used
        suits = self._flush_suits(hole, board, used) if self.flushes else ()
        if suits and not self.flush_good:
            # a flush is worth less than its ranks: each suited hand must be a flush
            return self.best_of_parts(self.parts(hole, used), self.parts(board, need))
        # the rank parts of the sums (the suit counts sit above them, so no carry crosses)
        mask = RANK_KEY_MASK
        hole_keys = [sum(keys) for keys in combinations([c.key & mask for c in hole], used)]
        board_keys = [sum(keys) for keys in combinations([c.key & mask for c in board], need)]
        best = max([multi[h + b] for h in hole_keys for b in board_keys], default=-1)
        flush5 = self._flush5
        for suit in suits:
            hole_bits = [
                _bits(cs) for cs in combinations([c for c in hole if c.suit == suit], used)
            ]
            for cs in combinations([c for c in board if c.suit == suit], need):
                b_bits = _bits(cs)
                best = max(best, *[flush5[h | b_bits] for h in hole_bits])
        return best

    @staticmethod
    def _flush_suits(hole: Sequence[Card], board: Sequence[Card], used: int) -> list[int]:
        """The suits of which the hole holds ``used`` cards and the board the rest
        (read from the suit counts the cards' keys carry)."""
        need = 5 - used
        board_suits = sum([c.key for c in board]) >> SUIT_SHIFT
        hole_suits = sum([c.key for c in hole]) >> SUIT_SHIFT
        return [
            suit
            for suit in range(4)
            if (board_suits >> 4 * suit) & 15 >= need and (hole_suits >> 4 * suit) & 15 >= used
        ]

    @staticmethod
    def parts(cards: Sequence[Card], count: int) -> list[Part]:
        """Each ``count``-card combination of natural ``cards`` as a :data:`Part`
        (rank key, common suit or -1 if mixed or -2 if empty, rank bits), in
        ``itertools.combinations`` order."""
        return [_part(combo) for combo in combinations(cards, count)]

    def best_of_parts(self, holes: Sequence[Part], boards: Sequence[Part]) -> int:
        """The best value of one part of ``holes`` joined to one part of ``boards``
        (five natural cards in all), or -1 if either is empty."""
        if self._multi is None:
            self.load()
        multi = self._multi5  # five cards in all
        if not self.flushes or self.flush_good:
            # a flush is worth more than its ranks: the best of every hand's ranks
            # and of the flushes each suit makes
            best = max(
                (multi[h[0] + b[0]] for h in holes for b in boards),
                default=-1,
            )
            if self.flushes:
                best = max(best, self._best_flush(holes, boards))
            return best
        best = -1
        for h in holes:
            best = max(best, max((self.join(h, b) for b in boards), default=-1))
        return best

    def _best_flush(self, holes: Sequence[Part], boards: Sequence[Part]) -> int:
        """The best flush of a hole part and a board part of one suit, or -1."""
        flush5 = self._flush5
        suited = [(suit, bits) for _, suit, bits in boards if suit != -1]
        best = -1
        for _, h_suit, h_bits in holes:
            if h_suit == -1:
                continue
            for b_suit, b_bits in suited:
                if h_suit == b_suit or -2 in (h_suit, b_suit):
                    best = max(best, flush5[h_bits | b_bits])
        return best

    def best_board(self, holes: Sequence[Part], boards: Sequence[Part]) -> tuple[int, int]:
        """The best value of a hole part joined to a board part (five natural cards),
        and the position in ``boards`` of the part that makes it: the first found
        trying the hole parts in order, each with every board part in order.
        ``(-1, -1)`` if either is empty."""
        if self._multi is None:
            self.load()
        multi = self._multi5  # five cards in all
        flush5 = self._flush5
        keys = [key for key, _, _ in boards]
        width = len(keys)
        if not width or not holes:
            return -1, -1
        # every hand at once, hole part by hole part: the first best is the first found
        values = [multi[h_key + key] for h_key, _, _ in holes for key in keys]
        if self.flushes:
            suited = [(i, suit, bits) for i, (_, suit, bits) in enumerate(boards) if suit != -1]
            for row, (_, h_suit, h_bits) in enumerate(holes):
                if h_suit == -1:
                    continue
                for i, suit, bits in suited:
                    if suit == h_suit or -2 in (suit, h_suit):
                        values[row * width + i] = flush5[h_bits | bits]
        best = max(values)
        return best, values.index(best) % width

    def join(self, hole: Part, board: Part) -> int:
        """The value of the five natural cards that two parts make together."""
        if self._multi is None:
            self.load()
        multi = self._multi5  # five cards in all
        h_key, h_suit, h_bits = hole
        b_key, b_suit, b_bits = board
        # -2 marks an empty part, which matches any suit
        if self.flushes and -1 not in (h_suit, b_suit) and (h_suit in (b_suit, -2) or b_suit == -2):
            return self._flush5[h_bits | b_bits]
        return multi[h_key + b_key]

    def _best_general(self, cards: Sequence[Card]) -> int:
        jokers = sum(c.is_joker for c in cards)
        if jokers:
            naturals = [c for c in cards if not c.is_joker]
            return self.wild_value(naturals, jokers, self.default_joker, exact=False)
        return max(self.best(seven) for seven in combinations(cards, 7))

    def _check_deck(self, cards: Sequence[Card]) -> None:
        allowed = self._allowed_bits or 0
        for c in cards:
            if not c.is_joker and not c.bit & allowed:
                raise ValueError(f"{c} is not in the deck the {self.name!r} scale is played with")

    # -- wild cards ---------------------------------------------------------------
    def wild_value(
        self, naturals: Sequence[Card], wild_count: int, mode: str, *, exact: bool
    ) -> int:
        """Best value when ``wild_count`` cards play as ``mode``.

        ``wild``: any card, duplicates allowed (five of a kind), and every wild card
        plays.  ``bug``: an ace, or any card that completes a straight, flush or
        straight flush.  ``ace``: an ace of any suit, which may pair another ace.
        ``exact`` takes the cards as one hand of at most five; otherwise the best
        five.  Read from tables built once per scale and mode (:mod:`wild_tables
        <pokerbook.evaluation.wild_tables>`).
        """
        if mode not in JOKER_MODES:
            raise WildCardError(f"unknown joker mode {mode!r}: use 'wild', 'bug' or 'ace'")
        if wild_count == 0:
            return self.exact(naturals) if exact else self.best(naturals)
        total = len(naturals) + wild_count
        if exact and total > 5:
            raise ValueError(f"a {self.name} hand has at most 5 cards, not {total}")
        best = (self._wild.get(mode) or self.wild_table(mode)).value(naturals, wild_count)
        if best < 0:
            raise ValueError("no hand can be made from these cards")
        return best

    def wild_table(self, mode: str) -> WildTable:
        """The table of best values with wild cards playing as ``mode`` (built or
        loaded once; read without NumPy where it is on disk)."""
        from pokerbook.evaluation.wild_lookup import WILD_FORMAT, WildTable

        table = self._wild.get(mode)
        if table is None:
            self.load()
            deck = sorted(self.deck_ranks) if self.deck_ranks is not None else list(range(2, 15))
            tag = fingerprint(self._tag(), WILD_FORMAT, mode, deck)
            build = self._wild_builder(mode, deck)
            items = cached_ints(f"{self.name}-wild-{mode}", tag, build)
            table = self._wild[mode] = WildTable(items, self.flushes)
        return table

    def _wild_builder(self, mode: str, deck: list[int]) -> Callable[[], npt.NDArray[np.int64]]:
        """What builds the wild table of ``mode`` for a deck of ``deck`` ranks (with
        NumPy)."""

        def build() -> npt.NDArray[np.int64]:
            from pokerbook.evaluation.wild_tables import build_wild_array

            return build_wild_array(
                self.multiset_values(),
                self.flush_values()[0],
                self.rules.value,
                self.rules.category,
                deck,
                mode,
                self.flushes,
            )

        return build

    # -- description -----------------------------------------------------------
    def describe(self, value: int) -> str:
        return self.rules.describe(value)

    def category(self, value: int) -> Category | None:
        return self.rules.category(value)

    def category_order(self) -> tuple[Category, ...]:
        return tuple(getattr(self.rules, "categories", ()))

    def ranks(self, value: int) -> tuple[int, ...]:
        return self.rules.ranks(value)
