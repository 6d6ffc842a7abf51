"""Badugi scales: the most cards with no repeated rank or suit, then the lowest.

A hand is a set of ranks matched to distinct suits, so the playable rank sets
form a transversal matroid.  Taking ranks lowest first and keeping each one
that can still be matched gives the best hand (the matroid greedy basis is
smallest in every position), with the most cards possible.  Matching is
tracked as a 16-bit set of the suit sets a matching of the kept ranks can
use, so each rank costs a few integer operations.

Value: ``count << 16 | (0xFFFF - ranks)``, ranks packed in 4-bit fields
highest first, so more cards beat fewer and lower beats higher within a count;
cards beyond the hand's count are not packed (equal 3-card hands tie).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Final

from pokerbook.cards.card import Card
from pokerbook.evaluation.scale import Scale, WildCardError, register_scale
from pokerbook.evaluation.table_cache import cached_array, cached_ints, fingerprint

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

HAND_SIZE: Final = 4
_LOW_MASK: Final = 0xFFFF

# Suit sets are 4-bit masks 0..15; bit S of a state says "suit set S is usable".
# LACK[s]: the states whose suit set does not hold suit s yet.
_LACK: Final = tuple(sum(1 << m for m in range(16) if not m >> s & 1) for s in range(4))
# For each suit mask of one rank: (LACK[s], 1 << s) for each suit s it is held in.
_MOVES: Final = tuple(tuple((_LACK[s], 1 << s) for s in range(4) if m >> s & 1) for m in range(16))


# The colex index of four card indices a < b < c < d is a + C(b,2) + C(c,3) + C(d,4).
_DECK: Final = 52
_C2: Final = tuple(comb(i, 2) for i in range(_DECK))
_C3: Final = tuple(comb(i, 3) for i in range(_DECK))
_C4: Final = tuple(comb(i, 4) for i in range(_DECK))
FOUR_CARD_SETS: Final = comb(_DECK, HAND_SIZE)


def colex_index(a: int, b: int, c: int, d: int) -> int:
    """The position of the card set {a < b < c < d} among all 4-card sets."""
    return a + _C2[b] + _C3[c] + _C4[d]


def _short(rank: int) -> str:
    return "A" if rank in (1, 14) else "23456789TJQK"[rank - 2]


class BadugiScale(Scale):
    """Badugi with aces low (``ace_low``) or aces high (Badeucy)."""

    hand_size = HAND_SIZE
    is_low = True
    default_joker = "wild"

    def __init__(
        self, name: str, description: str, *, ace_low: bool, aliases: tuple[str, ...] = ()
    ) -> None:
        self.name = name
        self.description = description
        self.aliases = aliases
        self.ace_low = ace_low
        # Comparison rank base: nibble i of a hand word holds the suits of rank i + base.
        self._base = 1 if ace_low else 2
        self._ace = 1 if ace_low else 14
        # Each card's bit in the hand word: 4 bits per comparison rank, one per suit.
        self._bit = tuple(
            1 << (4 * (self._compare(Card.of(i).rank) - self._base) + i % 4) for i in range(52)
        )
        #: four_card_values(), once loaded (flat int64 items, read without NumPy)
        self._four: array[int] | None = None

    def four_card_values(self) -> npt.NDArray[np.int64]:
        """The value of every 4-card set, by colex index (built once, kept on disk)."""
        return cached_array(f"{self.name}-four-cards", self._four_card_tag(), self._build_four)

    def _build_four(self) -> npt.NDArray[np.int64]:
        import numpy as np

        table = np.zeros(FOUR_CARD_SETS, dtype=np.int64)
        bits = self._bit
        for a, b, c, d in combinations(range(_DECK), HAND_SIZE):
            word = bits[a] | bits[b] | bits[c] | bits[d]
            table[colex_index(a, b, c, d)] = self._greedy(word)
        return table

    def _four_card_tag(self) -> str:
        """The fingerprint of :meth:`four_card_values`' table on disk."""
        probes = [self._greedy(self._bit[i] | self._bit[(i * 7 + 3) % 52]) for i in range(52)]
        return fingerprint(self.name, type(self).__qualname__, probes)

    def _compare(self, rank: int) -> int:
        return 1 if rank == 14 and self.ace_low else rank

    # -- evaluation -----------------------------------------------------------
    def best(self, cards: Sequence[Card]) -> int:
        if len(cards) == HAND_SIZE:
            a, b, c, d = cards
            w, x, y, z = sorted((a.index, b.index, c.index, d.index))
            if z < _DECK and w < x < y < z:  # four distinct cards, no joker
                four = self._four
                if four is None:
                    name, tag = f"{self.name}-four-cards", self._four_card_tag()
                    four = self._four = cached_ints(name, tag, self._build_four)
                return four[w + _C2[x] + _C3[y] + _C4[z]]
        word = 0
        bits = self._bit
        try:
            for c in cards:
                word |= bits[c.index]
        except IndexError:  # the joker (index 52) has no bit
            return self._with_jokers(cards, exact=False)
        return self._greedy(word)

    def exact(self, cards: Sequence[Card]) -> int:
        if len(cards) > HAND_SIZE:
            raise ValueError(f"a {self.name} hand has at most 4 cards, not {len(cards)}")
        return self.best(cards)

    def _greedy(self, word: int) -> int:
        states = 1  # only the empty suit set is usable before any rank is kept
        count = packed = 0
        base = self._base
        while word and count < HAND_SIZE:
            low = (word & -word).bit_length() - 1
            shift = low & ~3
            mask = word >> shift & 15
            word ^= mask << shift
            new = 0
            for lack, step in _MOVES[mask]:
                new |= (states & lack) << step
            if new:
                states = new
                # Ranks arrive lowest first; each new one is the highest so far.
                packed = packed >> 4 | (shift // 4 + base) << 12
                count += 1
        return self._value(count, packed)

    @staticmethod
    def _value(count: int, packed: int) -> int:
        return count << 16 | (_LOW_MASK - packed) if count else 0

    def _from_ranks(self, ranks: Sequence[int]) -> int:
        """The value of distinct comparison ranks (any order)."""
        packed = 0
        for i, r in enumerate(sorted(ranks, reverse=True)):
            packed |= r << (12 - 4 * i)
        return self._value(len(ranks), packed)

    # -- wild cards -----------------------------------------------------------
    def _with_jokers(self, cards: Sequence[Card], *, exact: bool) -> int:
        naturals = [c for c in cards if not c.is_joker]
        jokers = len(cards) - len(naturals)
        return self.wild_value(naturals, jokers, self.default_joker, exact=exact)

    def wild_value(
        self, naturals: Sequence[Card], wild_count: int, mode: str, *, exact: bool
    ) -> int:
        """Best value with ``wild_count`` wild cards.

        ``wild``: each plays as any card, so it takes the lowest rank and a suit
        the rest of the hand does not hold.  ``ace`` or ``bug``: each plays as
        an ace of any suit (004's bug is an ace in low hands).
        """
        if mode not in ("wild", "bug", "ace"):
            raise WildCardError(f"unknown joker mode {mode!r}: use 'wild', 'bug' or 'ace'")
        if exact and len(naturals) + wild_count > HAND_SIZE:
            raise ValueError(
                f"a {self.name} hand has at most 4 cards, not {len(naturals) + wild_count}"
            )
        if any(c.is_joker for c in naturals):
            raise ValueError("naturals must not contain a joker")
        if wild_count == 0:
            return self.best(naturals)
        fills = (
            [self._ace]
            if mode != "wild"
            else list(range(self._base, self._base + 13))  # every rank, lowest first
        )
        best = 0
        for size in range(min(HAND_SIZE, len(naturals)) + 1):
            for kept in combinations(naturals, size):
                ranks = {self._compare(c.rank) for c in kept}
                if len(ranks) < size or len({c.suit for c in kept}) < size:
                    continue
                room = min(wild_count, HAND_SIZE - size)
                extra = [r for r in fills if r not in ranks][:room]
                best = max(best, self._from_ranks([*ranks, *extra]))
        return best

    # -- description ------------------------------------------------------------
    def ranks(self, value: int) -> tuple[int, ...]:
        """The hand's comparison ranks, highest first (a badugi ace is 1)."""
        count = value >> 16
        packed = _LOW_MASK - (value & _LOW_MASK)
        return tuple(packed >> (12 - 4 * i) & 15 for i in range(count))

    def describe(self, value: int) -> str:
        ranks = self.ranks(value)
        if not ranks:
            return "No cards"
        shown = "-".join(_short(r) for r in ranks)
        if len(ranks) == HAND_SIZE:
            return f"4-card badugi {shown}"
        return f"{len(ranks)}-card {shown}"


register_scale(
    BadugiScale(
        "badugi",
        "Badugi (000 §2.7, App.A; 002 ch.5): the most cards with no repeated rank or suit, "
        "then the lowest, highest card first, aces low; 432A rainbow is best, KQJT rainbow "
        "beats any 3-card hand, and equal hands of fewer cards tie (the 4th card is not used). "
        "Best of any number of cards (Badacey's five, Razzdugi's seven).",
        ace_low=True,
        aliases=("badugi-ace-low", "badacey-badugi", "razzdugi-badugi"),
    )
)
register_scale(
    BadugiScale(
        "badugi-ace-high",
        "Badeucy's badugi (000 §2.6, §2.30; 002 ch.20): badugi with aces high, so 5432 "
        "rainbow is best and AKQJ rainbow beats any 3-card hand; 743 beats 752.",
        ace_low=False,
        aliases=("badeucy-badugi", "baducey-badugi", "badugi-aces-high"),
    )
)
