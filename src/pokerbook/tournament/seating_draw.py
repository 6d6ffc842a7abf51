"""The first seating of a tournament, and every redraw of seats.

* :func:`random_draw` — 001 Tournaments r.2: seats by random draw, as few tables as
  hold the field, table sizes within one player; each table's button goes to the
  player drawing the high card (001 Tournaments: "the starting position of the button
  is determined by the players drawing for the high card"; suits break ties, 001
  Ties r.1).
* :func:`seat_cards` — 004 r.105 and E-12: one card per player, A up to the number of
  players; the card is the seat counted from the button (A = the button, 2 = the small
  blind, 3 = the big blind ...). Two tables: red cards for one, black for the other,
  shuffled together.

Seat indexes count from 0 (``seats[i]`` is seat ``i + 1``), tables from 1.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerbook.cards import HEARTS, SPADES, STANDARD, Card
from pokerbook.tournament.model import FloorTable

#: card ranks in seat-card order: the Ace is card 1 (the button), then 2, 3 ... K
SEAT_CARD_RANKS = (14, *range(2, 14))


class SeatingError(ValueError):
    """A field that cannot be seated as asked (too many players, no tables...)."""


@dataclass(frozen=True)
class Draw:
    """A seating of the whole field: the ``tables`` (numbered from 1), each table's
    ``buttons`` seat index, and for seat cards the card each player drew."""

    tables: list[FloorTable]
    buttons: dict[int, int]
    cards: dict[str, str] = field(default_factory=dict)


def fresh_due_order(seats: Sequence[str | None], button: int) -> list[int]:
    """Every seat index in the order the big blind is due, for a table whose first hand
    is dealt with the button at ``button``: the big blind of the first hand is the
    second player clockwise from the button (heads-up: the player who is not on the
    button, 001 Tournaments "In heads-up play with two blinds, the small blind is on
    the button")."""
    size = len(seats)
    clockwise = [(button + k) % size for k in range(1, size + 1)]
    occupied = [i for i in clockwise if seats[i] is not None]
    if not occupied:
        return clockwise
    big_blind = occupied[0] if len(occupied) <= 2 else occupied[1]
    return [(big_blind + k) % size for k in range(size)]


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A standard 52-card deck shuffled with ``rng``."""
    cards = list(STANDARD.cards)
    rng.shuffle(cards)
    return cards


def high_card_button(seats: Sequence[str | None], rng: random.Random) -> int:
    """The seat index of the player who draws the high card (rank, then suit: spades,
    hearts, diamonds, clubs — 001 Ties r.1); one card to each player in seat order."""
    occupied = [i for i, p in enumerate(seats) if p is not None]
    if not occupied:
        raise SeatingError("a table with nobody seated has no button to draw")
    deck = shuffled_deck(rng)
    drawn = dict(zip(occupied, deck, strict=False))
    return max(occupied, key=lambda i: drawn[i])


def table_sizes(players: int, tables: int) -> list[int]:
    """Sizes within one player for ``players`` at ``tables``, bigger tables first."""
    base, extra = divmod(players, tables)
    return [base + 1 if t < extra else base for t in range(tables)]


def random_draw(
    players: Sequence[str],
    table_size: int,
    rng: random.Random,
    tables: int | None = None,
    *,
    numbers: Sequence[int] | None = None,
) -> Draw:
    """001 r.2: every player drawn to a random seat; as few tables as hold the field
    (or ``tables`` of them), sizes within one; a player's seat is random among all the
    table's seats; each button by a draw for the high card.  ``numbers`` names the
    tables (default 1, 2, ...), e.g. the tables left open by a redraw."""
    count = tables if tables is not None else max(1, math.ceil(len(players) / table_size))
    if numbers is not None and len(numbers) != count:
        raise SeatingError(f"{len(numbers)} table numbers given for {count} tables")
    _check_field(players, table_size, count)
    field_order = list(players)
    rng.shuffle(field_order)
    draw_tables: list[FloorTable] = []
    buttons: dict[int, int] = {}
    start = 0
    for t, size in enumerate(table_sizes(len(field_order), count)):
        number = numbers[t] if numbers is not None else t + 1
        seats: list[str | None] = [None] * table_size
        for player, seat in zip(
            field_order[start : start + size], rng.sample(range(table_size), size), strict=True
        ):
            seats[seat] = player
        start += size
        button = high_card_button(seats, rng) if size else 0
        buttons[number] = button
        draw_tables.append(FloorTable(number, seats, fresh_due_order(seats, button), button=button))
    return Draw(draw_tables, buttons)


def _check_field(players: Sequence[str], table_size: int, tables: int) -> None:
    if table_size < 2:
        raise SeatingError(f"a table needs 2 or more seats, not {table_size}")
    if tables < 1:
        raise SeatingError(f"the field needs 1 or more tables, not {tables}")
    if len(set(players)) != len(players):
        raise SeatingError("a player is named twice in the field")
    if len(players) > tables * table_size:
        raise SeatingError(
            f"{len(players)} players do not fit at {tables} tables of {table_size} seats"
        )


def seat_cards(
    players: Sequence[str],
    table_size: int,
    rng: random.Random,
    *,
    numbers: Sequence[int] = (1, 2),
) -> Draw:
    """004 r.105 / E-12: the seat cards A, 2, 3 ... (one per player) are shuffled and
    dealt, one to each player in the order given.  A card's value is the seat counted
    from the button: the Ace sits in seat 1 and has the button ("first to deal"), the
    2 in seat 2 is the small blind, the 3 the big blind, and so on.

    When the field does not fit at one table, two tables: red cards (hearts) A up to
    the larger half for table ``numbers[0]``, black cards (spades) A up to the rest for
    table ``numbers[1]``, all shuffled together (13 players: red A-7 and black A-6)."""
    if not players:
        raise SeatingError("seat cards need one player or more")
    count = 1 if len(players) <= table_size else 2
    _check_field(players, table_size, count)
    if len(players) > len(SEAT_CARD_RANKS) * count:
        raise SeatingError(f"seat cards seat at most {13 * count} players")
    sizes = table_sizes(len(players), count)
    suits = (SPADES,) if count == 1 else (HEARTS, SPADES)
    cards = [
        Card.from_rank_suit(SEAT_CARD_RANKS[value], suit)
        for suit, size in zip(suits, sizes, strict=True)
        for value in range(size)
    ]
    rng.shuffle(cards)
    by_suit = {suit: numbers[t] for t, suit in enumerate(suits)}
    seats_of: dict[int, list[str | None]] = {by_suit[s]: [None] * table_size for s in suits}
    drawn: dict[str, str] = {}
    for player, card in zip(players, cards, strict=True):
        seats_of[by_suit[card.suit]][SEAT_CARD_RANKS.index(card.rank)] = player
        drawn[player] = str(card)
    draw_tables = [
        FloorTable(number, seats, fresh_due_order(seats, 0), button=0)
        for number, seats in seats_of.items()
    ]
    return Draw(draw_tables, {t.number: 0 for t in draw_tables}, drawn)
