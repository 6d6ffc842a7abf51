"""Cards, decks and card text."""

from pokerbook.cards.card import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    JOKER,
    SPADES,
    STANDARD_CARDS,
    Card,
)
from pokerbook.cards.decks import DECKS, MEXICAN, SHORT, STANDARD, WITH_JOKER, Deck, deck
from pokerbook.cards.notation import (
    CardsLike,
    CardSyntaxError,
    format_cards,
    parse,
    parse_card,
    to_cards,
)

__all__ = [
    "CLUBS",
    "DECKS",
    "DIAMONDS",
    "HEARTS",
    "JOKER",
    "MEXICAN",
    "SHORT",
    "SPADES",
    "STANDARD",
    "STANDARD_CARDS",
    "WITH_JOKER",
    "Card",
    "CardSyntaxError",
    "CardsLike",
    "Deck",
    "deck",
    "format_cards",
    "parse",
    "parse_card",
    "to_cards",
]
