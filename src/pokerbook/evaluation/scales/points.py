"""Point scales: every card given counts, and the hand is a number of points.

High scales store the total itself (Red/Black's Equal Opportunity high can be
negative); low scales store ``LOW_BASE - total`` like the poker lows, so a
higher value is always the better hand.  None of these games uses a joker or
wild cards, so the base ``wild_value`` (which refuses them) stands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from pokerbook.cards.card import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_CHARS, Card
from pokerbook.evaluation.categories import LOW_BASE
from pokerbook.evaluation.scale import Scale, WildCardError, register_scale

_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
_TWENTY_ONE: Final = 21


def _table(points: Callable[[Card], int]) -> tuple[int, ...]:
    return tuple(points(Card.of(i)) for i in range(52))


def dramaha_points(card: Card) -> int:
    """000 §2.21-2.23: ace 1, 2-10 face value, J/Q/K 0."""
    if card.rank == 14:
        return 1
    return card.rank if card.rank <= 10 else 0


def _red_black(card: Card, equal_opportunity: bool) -> int:
    # 003: red face cards are worth 10 and red aces 11; black cards are 0, or
    # in the Equal Opportunity version the same amount negative.
    worth = 11 if card.rank == 14 else min(card.rank, 10)
    if card.suit in (DIAMONDS, HEARTS):
        return worth
    return -worth if equal_opportunity else 0


_RED_BLACK: Final = _table(lambda c: _red_black(c, False))
_RED_BLACK_EO: Final = _table(lambda c: _red_black(c, True))


def _jokers_refused(name: str) -> WildCardError:
    return WildCardError(f"the {name!r} scale does not play wild cards or jokers")


def red_black_points(cards: Sequence[Card], equal_opportunity: bool = False) -> int:
    """Red/Black Push points of all the cards (003); EO scores black cards negative.

    In the Equal Opportunity version a total of exactly 0 scoops the pot.
    """
    table = _RED_BLACK_EO if equal_opportunity else _RED_BLACK
    try:
        return sum(table[c.index] for c in cards)
    except IndexError:
        raise _jokers_refused("red-black") from None


def _suit_index(suit: int | str) -> int:
    if isinstance(suit, int):
        if not CLUBS <= suit <= SPADES:
            raise ValueError(f"a suit is 0..3 (clubs, diamonds, hearts, spades), not {suit}")
        return suit
    text = suit.strip().lower()
    for i, (char, symbol, name) in enumerate(zip(SUIT_CHARS, "♣♦♥♠", _SUIT_NAMES, strict=True)):
        if text in (char, symbol, name, name[:-1]):
            return i
    raise ValueError(f"unknown suit {suit!r}: use c, d, h, s, a symbol or a suit name")


def suit_count(cards: Sequence[Card], suit: int | str) -> int:
    """003 Count Your Diamonds points in one suit: 2-10 face value, J 11, Q 12, K 13, A 14.

    ``suit`` is 0..3, a letter (``"d"``), a symbol or a name; Count Your Own
    Suit scores each player with the suit the player chose.
    """
    wanted = _suit_index(suit)
    total = 0
    for c in cards:
        if c.is_joker:
            raise _jokers_refused("suit-count")
        if c.suit == wanted:
            total += c.rank
    return total


class PointScale(Scale):
    """The sum of per-card points over every card given."""

    hand_size = None

    def __init__(
        self,
        name: str,
        description: str,
        points: tuple[int, ...],
        *,
        low: bool = False,
        noun: tuple[str, str] = ("point", "points"),
        suffix: str = "",
        aliases: tuple[str, ...] = (),
    ) -> None:
        self.name = name
        self.description = description
        self.points = points
        self.is_low = low
        self.noun = noun
        self.suffix = suffix
        self.aliases = aliases

    def total(self, value: int) -> int:
        """The points a value stands for."""
        return LOW_BASE - value if self.is_low else value

    def best(self, cards: Sequence[Card]) -> int:
        points = self.points
        try:
            total = sum(points[c.index] for c in cards)
        except IndexError:  # the joker (index 52) scores nothing here
            raise _jokers_refused(self.name) from None
        return LOW_BASE - total if self.is_low else total

    def describe(self, value: int) -> str:
        total = self.total(value)
        text = f"{total} {self.noun[0] if abs(total) == 1 else self.noun[1]}"
        return f"{text} {self.suffix}" if self.suffix else text


class TwentyOneScale(Scale):
    """Dramaha 21: the best total up to 21 from any of the cards, then the most cards.

    Value: ``total << 8 | cards``.  J/Q/K are worth 0 so they always play.
    """

    hand_size = None

    def __init__(self, name: str, description: str, aliases: tuple[str, ...] = ()) -> None:
        self.name = name
        self.description = description
        self.aliases = aliases

    def best(self, cards: Sequence[Card]) -> int:
        # most[t]: the most cards of a subset totalling t, or -1 if none does.
        most = [0] + [-1] * _TWENTY_ONE
        zeros = 0
        for c in cards:
            if c.is_joker:
                raise _jokers_refused(self.name)
            p = dramaha_points(c)
            if p == 0:
                zeros += 1
                continue
            for t in range(_TWENTY_ONE, p - 1, -1):
                if most[t - p] >= 0 and most[t - p] + 1 > most[t]:
                    most[t] = most[t - p] + 1
        total = max(t for t in range(_TWENTY_ONE + 1) if most[t] >= 0)
        return total << 8 | min(most[total] + zeros, 255)

    def ranks(self, value: int) -> tuple[int, ...]:
        """(total, number of cards)."""
        return (value >> 8, value & 255)

    def describe(self, value: int) -> str:
        total, count = self.ranks(value)
        return f"{count}-card {total}"


_DRAMAHA: Final = _table(dramaha_points)

register_scale(
    PointScale(
        "points-zero",
        "Dramaha Zero (000 §2.21): the lowest points total of all the cards wins; ace 1, "
        "2-10 face value, J/Q/K 0.  Five face cards (0) are the nuts, TTTT9 (49) the worst.",
        _DRAMAHA,
        low=True,
        aliases=("dramaha-zero", "drawmaha-zero"),
    )
)
register_scale(
    PointScale(
        "points-49",
        "Dramaha 49 (000 §2.23): the highest points total of all the cards wins; ace 1, "
        "2-10 face value, J/Q/K 0.  TTTT9 (49) is the nuts.",
        _DRAMAHA,
        aliases=("dramaha-49", "drawmaha-49"),
    )
)
register_scale(
    TwentyOneScale(
        "points-21",
        "Dramaha 21 (000 §2.22): the best total of at most 21 from any of the cards (cards "
        "that would bust are ignored), then the most cards; ace 1, 2-10 face value, J/Q/K "
        "0 but counting as cards.  AKQTT is a 5-card 21, KTT86 a 3-card 20.",
        aliases=("dramaha-21", "drawmaha-21"),
    )
)
register_scale(
    PointScale(
        "red-black-high",
        "Red/Black Push high (003): all the cards; black cards 0, red cards face value, "
        "red J/Q/K 10, red ace 11.  The highest total wins; 72 is perfect.",
        _RED_BLACK,
        aliases=("red-black-push-high",),
    )
)
register_scale(
    PointScale(
        "red-black-low",
        "Red/Black Push low (003): all the cards, scored as red-black-high; the lowest "
        "total wins and seven black cards (0) are perfect.",
        _RED_BLACK,
        low=True,
        aliases=("red-black-push-low",),
    )
)
register_scale(
    PointScale(
        "red-black-eo-high",
        "Red/Black Push, Equal Opportunity version, high (003): black cards score their "
        "value negative (black J/Q/K -10, black ace -11).  The highest total wins; 72 is "
        "perfect.  A total of exactly 0 scoops: see red_black_points.",
        _RED_BLACK_EO,
        aliases=("red-black-push-eo-high", "equal-opportunity-high"),
    )
)
register_scale(
    PointScale(
        "red-black-eo-low",
        "Red/Black Push, Equal Opportunity version, low (003): scored as red-black-eo-high; "
        "the lowest total wins and -72 is perfect.  A total of exactly 0 scoops: see "
        "red_black_points.",
        _RED_BLACK_EO,
        low=True,
        aliases=("red-black-push-eo-low", "equal-opportunity-low"),
    )
)


def _suit_table(suit: int) -> tuple[int, ...]:
    return _table(lambda c: c.rank if c.suit == suit else 0)


_SUIT_GAMES: Final = {
    DIAMONDS: ("diamond-count", "Count Your Diamonds", ("count-your-diamonds",)),
    CLUBS: ("club-count", "Clubbed to Death", ("clubbed-to-death",)),
    HEARTS: ("heart-count", "Heart Attack", ("heart-attack",)),
    SPADES: ("spade-count", "Dig Your Grave", ("dig-your-grave",)),
}
for _suit, (_name, _game, _aliases) in _SUIT_GAMES.items():
    register_scale(
        PointScale(
            _name,
            f"{_game} (003): the sum of all the cards in {_SUIT_NAMES[_suit]}, 2-10 face "
            "value, J 11, Q 12, K 13, A 14; the highest count wins.  Count Your Own Suit: "
            "see suit_count.",
            _suit_table(_suit),
            suffix=f"in {_SUIT_NAMES[_suit]}",
            aliases=_aliases,
        )
    )

register_scale(
    PointScale(
        "deuce-count",
        "Terrible Twos (003): the number of deuces among all the cards; the most wins.",
        _table(lambda c: int(c.rank == 2)),
        noun=("deuce", "deuces"),
        aliases=("terrible-twos", "dos-terribles"),
    )
)
