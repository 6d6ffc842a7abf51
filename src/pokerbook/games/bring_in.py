"""Which up card brings in at stud: the orders a game may declare.

The seat whose last up card has the greatest :func:`bring_in_key` brings in.  The
suit breaks ties of rank (001 Stud r.2: clubs lowest, then diamonds, hearts, spades).

* ``low``: the lowest card (2♣ lowest, aces high);
* ``high``: the highest card, aces low (razz: K♠ highest);
* ``high-ace-high``: the highest card, aces high (2-7 razz, a house where the high
  card opens: A♠ highest);
* ``low-deuces-high``: the lowest card with the deuces, wild for high, counted above
  the aces: the lowest three brings in when one shows (003 Suffecool: "the lowest
  Three must bring in ... because the Deuce is a good card to have");
* ``lowest-red``: the red card of the fewest points (red 2-10 face value, J/Q/K 10,
  A 11; equal points: the lower rank, then suit) brings in: 003 Red/Black Push, "the
  lowest red card dealt".  With no red card showing, the lowest card does.
"""

from __future__ import annotations

from typing import Literal

from pokerbook.cards.card import Card

BringIn = Literal["low", "high", "high-ace-high", "low-deuces-high", "lowest-red"]

#: each order in words, for rules pages
DESCRIPTIONS: dict[str, str] = {
    "low": "the lowest up card brings in (by rank, then suit: 2♣ lowest)",
    "high": "the highest up card brings in (aces low; by rank, then suit: K♠ highest)",
    "high-ace-high": "the highest up card brings in (aces high; A♠ highest)",
    "low-deuces-high": (
        "the lowest up card brings in, deuces counting above aces: the lowest three "
        "when one shows (3♣ lowest)"
    ),
    "lowest-red": (
        "the lowest red up card brings in (red cards by points: 2-10 face value, J/Q/K "
        "10, A 11; then rank and suit); with no red card showing, the lowest card"
    ),
}

_RED_SUITS = (1, 2)  # diamonds, hearts
_ACE_OF_SPADES = Card.from_rank_suit(14, 3)


def _points(card: Card) -> int:
    return 11 if card.rank == 14 else min(card.rank, 10)


def bring_in_key(kind: BringIn, card: Card) -> tuple[int, int, int]:
    """How likely ``card`` is to bring in under ``kind``: the greatest key brings in.
    A joker showing is an ace (004 r.3: "By itself the Bug is an ace")."""
    if card.is_joker:
        card = _ACE_OF_SPADES
    if kind == "low":
        return (0, -card.rank, -card.suit)
    if kind == "high":
        return (0, 1 if card.rank == 14 else card.rank, card.suit)
    if kind == "high-ace-high":
        return (0, card.rank, card.suit)
    if kind == "low-deuces-high":
        return (0, -(15 if card.rank == 2 else card.rank), -card.suit)
    if card.suit in _RED_SUITS:  # lowest-red
        return (1, -_points(card) * 16 - card.rank, -card.suit)
    return (0, -card.rank, -card.suit)
