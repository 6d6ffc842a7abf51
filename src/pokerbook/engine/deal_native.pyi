"""Types of the dealer's C loop, deal_native.c (see pokerbook.native)."""

from pokerbook.cards.card import Card

def take(stub: list[Card], x: int, count: int) -> list[Card]:
    """:func:`pokerbook.engine.dealing.take_python`, in C."""
