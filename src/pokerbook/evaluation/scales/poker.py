"""High and low poker scales built from :class:`PokerOrder` rules."""

from __future__ import annotations

from pokerbook.evaluation.poker_order import (
    ACE_LOW_STRAIGHTS,
    FLUSH_OVER_FULL_HOUSE,
    FLUSH_OVER_FULL_HOUSE_TRIPS_OVER_STRAIGHT,
    MEXICAN_STRAIGHTS,
    NO_WHEEL_STRAIGHTS,
    PAIRS_ONLY,
    SHORT_DECK_STRAIGHTS,
    STANDARD_HIGH,
    STANDARD_STRAIGHTS,
    PokerOrder,
)
from pokerbook.evaluation.scale import register_scale
from pokerbook.evaluation.table_scale import TableScale

SHORT_DECK_RANKS = frozenset(range(6, 15))
MEXICAN_RANKS = frozenset({2, 3, 4, 5, 6, 7, 11, 12, 13, 14})

HIGH = register_scale(
    TableScale(
        "high",
        "Standard high hands (000 App.C); five of a kind tops the list when a joker "
        "or wild card makes it possible (004 r.1).",
        PokerOrder(STANDARD_HIGH, STANDARD_STRAIGHTS),
        aliases=("hi", "standard-high"),
        default_joker="bug",
    )
)
register_scale(
    TableScale(
        "short-deck-high",
        "Short deck (36 cards): a flush beats a full house; A-6-7-8-9 is the lowest straight.",
        PokerOrder(FLUSH_OVER_FULL_HOUSE, SHORT_DECK_STRAIGHTS),
        aliases=("six-plus-high", "short-deck"),
        default_joker="bug",
        deck_ranks=SHORT_DECK_RANKS,
    )
)
register_scale(
    TableScale(
        "short-deck-high-trips",
        "Short deck with the house option of 000 §2.52: three of a kind beats a straight "
        "(and a flush beats a full house).",
        PokerOrder(FLUSH_OVER_FULL_HOUSE_TRIPS_OVER_STRAIGHT, SHORT_DECK_STRAIGHTS),
        aliases=("six-plus-high-trips",),
        default_joker="bug",
        deck_ranks=SHORT_DECK_RANKS,
    )
)
register_scale(
    TableScale(
        "mexican-high",
        "Mexican Poker (41 cards, 000 §2.37): a flush beats a full house; straights skip "
        "the missing 8, 9 and 10, so 5-6-7-J-Q is a straight.",
        PokerOrder(FLUSH_OVER_FULL_HOUSE, MEXICAN_STRAIGHTS),
        aliases=("mexican",),
        default_joker="bug",
        deck_ranks=MEXICAN_RANKS,
    )
)
register_scale(
    TableScale(
        "quick-quads-high",
        "Quick Quads (000 §2.45): standard high, and three of a kind in 2s-10s with two "
        "other cards adding up to the trips' rank (ace = 1) is four of a kind of that rank, "
        "ranked just below natural quads of the same rank.",
        PokerOrder(STANDARD_HIGH, STANDARD_STRAIGHTS, quick_quads=True),
        aliases=("quick-quads",),
        default_joker="bug",
    )
)
register_scale(
    TableScale(
        "a5-low",
        "Ace-to-five (California) low: aces low, straights and flushes ignored; 5-4-3-2-A "
        "is best; the lowest pair wins among paired hands.",
        PokerOrder(PAIRS_ONLY, ace_low=True, flushes=False, low=True),
        aliases=("ace-to-five", "california", "razz", "a-5"),
        is_low=True,
    )
)
register_scale(
    TableScale(
        "27-low",
        "Deuce-to-seven (Kansas City) low: aces high only, straights and flushes count "
        "against you; 7-5-4-3-2 of two or more suits is best; A-5-4-3-2 is ace high.",
        PokerOrder(STANDARD_HIGH, NO_WHEEL_STRAIGHTS, low=True),
        aliases=("deuce-to-seven", "kansas-city", "2-7"),
        is_low=True,
    )
)
register_scale(
    TableScale(
        "a6-low",
        "Ace-to-six (London/Chicago) low: aces always low, straights and flushes count "
        "against you; 6-4-3-2-A of two or more suits is best.  A joker plays as an ace "
        "(004 r.3) unless the caller says otherwise.",
        PokerOrder(STANDARD_HIGH, ACE_LOW_STRAIGHTS, ace_low=True, low=True),
        aliases=("ace-to-six", "london", "chicago-low", "a-6"),
        default_joker="ace",
        is_low=True,
    )
)
register_scale(
    TableScale(
        "26-low",
        "Deuce-to-six low (004 FAQ): aces high only, straights and flushes ignored.",
        PokerOrder(PAIRS_ONLY, flushes=False, low=True),
        aliases=("deuce-to-six", "2-6"),
        is_low=True,
    )
)
register_scale(
    TableScale(
        "madison",
        "Madison (000 §2.36): the lowest hand wins, pairs, straights and flushes ignored; "
        "compared as a five-digit number, highest card first, aces = 1 (2AAAA best, KKKKQ worst).",
        PokerOrder(PAIRS_ONLY, ace_low=True, flushes=False, low=True, ignore_pairs=True),
        is_low=True,
    )
)
