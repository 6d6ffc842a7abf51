"""Text notation: ``As Kd 7c Th``; ``T`` or ``10`` for tens; ``Jo`` for the joker.

Whitespace and commas between cards are optional (``"AsKd"`` works).  The joker
may also be written ``Joker``, ``JK`` or ``*``.  Suits may be the
letters ``cdhs`` (either case) or the symbols ``♣♦♥♠``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final, TypeAlias

from pokerbook.cards.card import _CARDS, JOKER, RANK_CHARS, SUIT_CHARS, Card

CardsLike: TypeAlias = str | Card | Iterable[Card | str | int]


class CardSyntaxError(ValueError):
    """Text that is not a card or a list of cards."""


#: one card of text, with what may come before it
TOKEN_PATTERN: Final = (
    r"\s*,?\s*(?:(?P<joker>joker|jo|jk|\*)|(?P<rank>10|[2-9tjqka])(?P<suit>[cdhs♣♦♥♠]))"
)


@cache
def token_pattern() -> re.Pattern[str]:
    """:data:`TOKEN_PATTERN` compiled, on first use: importing pokerbook need not pay for it."""
    return re.compile(TOKEN_PATTERN, re.IGNORECASE)


_SUIT_INDEX: Final = {c: i for i, c in enumerate(SUIT_CHARS)} | {s: i for i, s in enumerate("♣♦♥♠")}
_RANK_INDEX: Final = {c: i + 2 for i, c in enumerate(RANK_CHARS)} | {"10": 10}
_CACHE: dict[str, tuple[Card, ...]] = {}


def parse(text: str) -> tuple[Card, ...]:
    """Parse card text such as ``"As Kd 7c"`` or ``"AsKd7c"`` into cards.

    >>> parse("As Td Jo")
    (Card('As'), Card('Td'), Card('Jo'))
    """
    cached = _CACHE.get(text)
    if cached is not None:
        return cached
    token = token_pattern()
    cards: list[Card] = []
    pos, end = 0, len(text.rstrip())
    while pos < end:
        m = token.match(text, pos)
        if m is None:
            bad = text[pos:end].strip().split()[0] if text[pos:end].strip() else text[pos:]
            raise CardSyntaxError(
                f"cannot read {bad!r} in {text!r} as a card: write rank then suit, "
                "e.g. 'As', 'Td' or '10h', or 'Jo' for the joker"
            )
        if m.group("joker"):
            cards.append(JOKER)
        else:
            rank = _RANK_INDEX[m.group("rank").upper()]
            suit = _SUIT_INDEX[m.group("suit").lower()]
            cards.append(_CARDS[4 * (rank - 2) + suit])
        pos = m.end()
    result = tuple(cards)
    if len(_CACHE) < 4096:
        _CACHE[text] = result
    return result


def parse_card(text: str) -> Card:
    """Parse exactly one card."""
    cards = parse(text)
    if len(cards) != 1:
        raise CardSyntaxError(f"expected one card, got {len(cards)} in {text!r}")
    return cards[0]


def to_cards(value: CardsLike) -> tuple[Card, ...]:
    """Accept text, a card, or a sequence of cards, texts or indices."""
    if isinstance(value, str):
        return parse(value)
    if isinstance(value, Card):
        return (value,)
    out: list[Card] = []
    for item in value:
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            out.extend(parse(item))
        elif isinstance(item, int):
            out.append(Card.of(item))
        else:
            raise CardSyntaxError(f"not a card: {item!r}")
    return tuple(out)


def format_cards(cards: Sequence[Card], *, symbols: bool = False) -> str:
    """Cards as text, separated by spaces."""
    return " ".join(c.symbol if symbols else str(c) for c in cards)
