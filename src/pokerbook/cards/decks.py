"""The decks the rulebooks use, registered by name."""

from __future__ import annotations

from typing import Any, Final, NoReturn

from pokerbook.cards.card import JOKER, STANDARD_CARDS, Card


class Deck:
    """A named deck: the cards in their unshuffled order.  Immutable; two decks are
    equal when their names, cards and descriptions are.  (A plain class, not a
    dataclass: importing :mod:`dataclasses` would cost ``import pokerbook`` a
    fifth of its time.)"""

    __slots__ = ("cards", "description", "name")

    name: str
    cards: tuple[Card, ...]
    description: str

    def __init__(self, name: str, cards: tuple[Card, ...], description: str) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "description", description)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a deck cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a deck cannot be changed (tried to delete {name!r})")

    def _fields(self) -> tuple[str, tuple[Card, ...], str]:
        return self.name, self.cards, self.description

    def __eq__(self, other: object) -> bool:
        if type(other) is not Deck:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Deck(name={self.name!r}, cards={self.cards!r}, description={self.description!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Deck, self._fields())

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def ranks(self) -> frozenset[int]:
        return frozenset(c.rank for c in self.cards if not c.is_joker)

    @property
    def has_joker(self) -> bool:
        return JOKER in self.cards


def _without_ranks(*ranks: int) -> tuple[Card, ...]:
    return tuple(c for c in STANDARD_CARDS if c.rank not in ranks)


STANDARD: Final = Deck("standard", STANDARD_CARDS, "52 cards")
SHORT: Final = Deck("short", _without_ranks(2, 3, 4, 5), "36 cards: 2s to 5s removed")
MEXICAN: Final = Deck(
    "mexican", (*_without_ranks(8, 9, 10), JOKER), "41 cards: 8s, 9s and 10s removed, one joker"
)
WITH_JOKER: Final = Deck("standard-joker", (*STANDARD_CARDS, JOKER), "52 cards and the joker")

DECKS: Final[dict[str, Deck]] = {d.name: d for d in (STANDARD, SHORT, MEXICAN, WITH_JOKER)}
DECK_ALIASES: Final = {
    "52": STANDARD,
    "36": SHORT,
    "short-deck": SHORT,
    "41": MEXICAN,
    "bug": WITH_JOKER,
}


def deck(name: str) -> Deck:
    """A deck by name (``standard``, ``short``, ``mexican``, ``standard-joker``) or alias."""
    found = DECKS.get(name) or DECK_ALIASES.get(name)
    if found is None:
        known = ", ".join(sorted(DECKS))
        raise KeyError(f"no deck named {name!r}; known decks: {known}")
    return found
