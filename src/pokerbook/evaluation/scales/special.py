"""One-game scales: the Chicago spades, Reno's lowest straight, Canadian Stud, Action Razz."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Final

from pokerbook.cards.card import SPADES, Card
from pokerbook.evaluation.categories import CATEGORY_SHIFT, Category, pack, rank_name
from pokerbook.evaluation.poker_order import STANDARD_HIGH, STANDARD_STRAIGHTS, PokerOrder
from pokerbook.evaluation.scale import Scale, WildCardError, get_scale, register_scale
from pokerbook.evaluation.scales.poker import HIGH
from pokerbook.evaluation.table_scale import TableScale

C = Category


def _refuse_jokers(scale: Scale, cards: Sequence[Card]) -> None:
    for c in cards:
        if c.is_joker:
            raise WildCardError(f"the {scale.name!r} scale does not play wild cards or jokers")


# -- High / Low Chicago ---------------------------------------------------------------


class SpadeScale(Scale):
    """The highest (or lowest) spade among the cards given; no spade is the worst value, 0.

    The caller passes the cards that count (High/Low Chicago: the hole cards).
    Aces are high, so A♠ is the best high spade and the worst low one.
    """

    hand_size = None

    def __init__(self, name: str, description: str, *, low: bool, aliases: tuple[str, ...]) -> None:
        self.name = name
        self.description = description
        self.is_low = low
        self.aliases = aliases

    def best(self, cards: Sequence[Card]) -> int:
        _refuse_jokers(self, cards)
        spades = [c.rank for c in cards if c.suit == SPADES]
        if not spades:
            return 0
        return 15 - min(spades) if self.is_low else max(spades)

    def ranks(self, value: int) -> tuple[int, ...]:
        if not value:
            return ()
        return (15 - value if self.is_low else value,)

    def describe(self, value: int) -> str:
        ranks = self.ranks(value)
        return f"{rank_name(ranks[0]).capitalize()} of spades" if ranks else "No spade"


register_scale(
    SpadeScale(
        "high-spade",
        "High Chicago (003): the highest spade among the cards given (the hole cards); "
        "A♠ is highest; a hand with no spade gets the lowest value.",
        low=False,
        aliases=("highest-spade", "high-chicago-spade"),
    )
)
register_scale(
    SpadeScale(
        "low-spade",
        "Low Chicago (003): the lowest spade among the cards given (the hole cards); "
        "2♠ is lowest and A♠ highest; a hand with no spade gets the lowest value.",
        low=True,
        aliases=("lowest-spade", "low-chicago-spade"),
    )
)


# -- Reno Straight ------------------------------------------------------------------

_STRAIGHTS: Final = PokerOrder(STANDARD_HIGH, STANDARD_STRAIGHTS)


@dataclass(frozen=True)
class LowestStraightRules:
    """Five ranks that make a straight score ``15 - top`` (A-2-3-4-5 is 10); anything else 0."""

    flushes: bool = False  # a straight flush is just a straight here

    def value(self, ranks: Sequence[int], flush: bool = False) -> int:
        if len(ranks) != 5 or len(set(ranks)) != 5:
            return 0
        top = _STRAIGHTS.straight_top(ranks)
        return 15 - top if top else 0

    def describe(self, value: int) -> str:
        if not value:
            return "No straight"
        return f"{rank_name(15 - value).capitalize()}-high straight"

    def category(self, value: int) -> Category:
        return C.STRAIGHT if value else C.HIGH_CARD

    def ranks(self, value: int) -> tuple[int, ...]:
        return (15 - value,) if value else ()


register_scale(
    TableScale(
        "lowest-straight",
        "Reno Straight's second half (000 §2.48): the lowest straight wins; A-2-3-4-5 is "
        "the lowest and A-K-Q-J-T the highest, a straight flush counts as a plain straight "
        "(the rulebook is silent on both), and a hand with no straight has the worst value.",
        LowestStraightRules(),
        aliases=("reno-straight-low", "reno-low"),
        is_low=True,
    )
)


# -- Canadian Stud ----------------------------------------------------------------

CANADIAN_ORDER: Final = (
    C.HIGH_CARD,
    C.PAIR,
    C.FOUR_STRAIGHT,
    C.FOUR_FLUSH,
    C.TWO_PAIR,
    C.TRIPS,
    C.STRAIGHT,
    C.FLUSH,
    C.FULL_HOUSE,
    C.QUADS,
    C.STRAIGHT_FLUSH,
    C.FIVE_OF_A_KIND,
)
_CANADIAN: Final = PokerOrder(CANADIAN_ORDER, STANDARD_STRAIGHTS)
# How far each standard-high category moves up in the Canadian order.
_LIFT: Final = tuple(
    (CANADIAN_ORDER.index(c) - i) << CATEGORY_SHIFT for i, c in enumerate(STANDARD_HIGH)
)
_FOUR_STRAIGHT: Final = CANADIAN_ORDER.index(C.FOUR_STRAIGHT)
_FOUR_FLUSH: Final = CANADIAN_ORDER.index(C.FOUR_FLUSH)
_FOUR_RUNS: Final = tuple((top, 15 << (top - 3)) for top in range(14, 3, -1))


class CanadianScale(Scale):
    """Standard high with four-straights and four-flushes between one pair and two pair."""

    def __init__(self, name: str, description: str, aliases: tuple[str, ...]) -> None:
        self.name = name
        self.description = description
        self.aliases = aliases

    def best(self, cards: Sequence[Card]) -> int:
        if len(cards) <= 5:
            return self.exact(cards)
        return max(self.exact(five) for five in combinations(cards, 5))

    def exact(self, cards: Sequence[Card]) -> int:
        if len(cards) > 5:
            raise ValueError(f"a {self.name} hand has at most 5 cards, not {len(cards)}")
        _refuse_jokers(self, cards)
        standard = HIGH.exact(cards)
        position = standard >> CATEGORY_SHIFT
        if STANDARD_HIGH[position] in (C.HIGH_CARD, C.PAIR):
            four = self._four_card_hand(cards)
            if four:
                return four
        return standard + _LIFT[position]

    @staticmethod
    def _four_card_hand(cards: Sequence[Card]) -> int:
        """A four-flush or four-straight value, or 0 (no five-card straight or flush here)."""
        for suit in range(4):
            suited = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
            if len(suited) == 4:
                odd = [c.rank for c in cards if c.suit != suit]
                return pack(_FOUR_FLUSH, suited + odd)
        mask = 0
        for c in cards:
            mask |= 1 << c.rank | (2 if c.rank == 14 else 0)  # an ace also plays as 1
        for top, run in _FOUR_RUNS:
            if mask & run == run:
                needed = set(range(top - 3, top + 1))
                odd = []
                for c in cards:  # one card of each run rank plays; the rest is the odd card
                    r = 1 if c.rank == 14 and top == 4 else c.rank
                    if r in needed:
                        needed.discard(r)
                    else:
                        odd.append(c.rank)
                return pack(_FOUR_STRAIGHT, [top, *odd])
        return 0

    def describe(self, value: int) -> str:
        category = _CANADIAN.category(value)
        if category in (C.FOUR_STRAIGHT, C.FOUR_FLUSH):
            top = rank_name(_CANADIAN.ranks(value)[0])
            article = "an" if top in ("eight", "ace") else "a"
            kind = "straight" if category is C.FOUR_STRAIGHT else "flush"
            return f"Four to {article} {top}-high {kind}"
        return _CANADIAN.describe(value)

    def category(self, value: int) -> Category:
        return _CANADIAN.category(value)

    def category_order(self) -> tuple[Category, ...]:
        return CANADIAN_ORDER

    def ranks(self, value: int) -> tuple[int, ...]:
        return _CANADIAN.ranks(value)


register_scale(
    CanadianScale(
        "canadian-high",
        "Canadian Stud (003): standard high with two extra hands between one pair and two "
        "pair: one pair < four to a straight (four consecutive ranks, no gaps; A-2-3-4 and "
        "J-Q-K-A count) < four to a flush < two pair.  The rulebook gives no tie-breaks; "
        "here four-straights compare by the run's top card (A-2-3-4 is four high), then the "
        "odd card, and four-flushes by the four suited cards high to low, then the odd card.",
        aliases=("canadian-stud", "canadian"),
    )
)


# -- Action Razz --------------------------------------------------------------------

_FACE: Final = 1 << 26  # above every A-5 low value (those are at most LOW_BASE = 1 << 25)


class ActionRazzScale(Scale):
    """A-5 low, but any hand holding a J, Q or K ("Face") beats every hand without ("Butt")."""

    is_low = True

    def __init__(self, name: str, description: str, aliases: tuple[str, ...]) -> None:
        self.name = name
        self.description = description
        self.aliases = aliases

    @cached_property
    def low(self) -> Scale:
        return get_scale("a5-low")

    @staticmethod
    def _face(cards: Sequence[Card]) -> int:
        return _FACE if any(11 <= c.rank <= 13 for c in cards) else 0

    def best(self, cards: Sequence[Card]) -> int:
        _refuse_jokers(self, cards)
        # The face card may be any of the cards, not only one of the five played.
        return self._face(cards) + self.low.best(cards)

    def exact(self, cards: Sequence[Card]) -> int:
        _refuse_jokers(self, cards)
        return self._face(cards) + self.low.exact(cards)

    def category(self, value: int) -> Category | None:
        return self.low.category(value & ~_FACE)

    def ranks(self, value: int) -> tuple[int, ...]:
        return self.low.ranks(value & ~_FACE)

    def describe(self, value: int) -> str:
        low = self.low.describe(value & ~_FACE)
        return f"{'Face' if value & _FACE else 'Butt'}: {low[:1].lower()}{low[1:]}"


register_scale(
    ActionRazzScale(
        "action-razz",
        "Action Razz (000 §2.2): A-5 low, but a hand with at least one J, Q or K among all "
        'its cards ("Face") beats any hand without one ("Butt"); the face card need not '
        "play in the best five.  With no face cards it is plain razz.",
        aliases=("action-razz-low", "face-razz"),
    )
)
