"""The shapes the tournament modules pass between them: tables as the floor sees them,
moves of players, and the floor's decisions.

Tables are numbered from 1 and seats from 1 in everything a person reads (reports,
notices); inside the code a table's ``seats`` list is indexed from 0, so seat ``i`` of
the list is seat ``i + 1`` on the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

#: why a player changed seats: to balance the tables, because their table broke, or a
#: redraw of every remaining seat (001 r.17; 004 r.108's fresh final table)
MoveReason = Literal["balance", "break", "redraw"]

#: the house profiles for balancing and breaking tables
ProfileName = Literal["roberts", "oresteen", "tda"]

#: a place on the floor: (table number from 1, seat number from 1)
Place = tuple[int, int]


@dataclass
class FloorTable:
    """One open table as the director sees it between hands.

    ``seats[i]`` is the player in seat ``i + 1`` (None: empty).  ``due_order`` lists
    every seat index (occupied or empty), the one due the big blind next first, then
    the one due it after that, and so on round the table; ``button`` is the seat index
    of the button (it may be empty: a dead button).  ``stud`` says the next game dealt
    at the table is a stud game (players then move by position, not by the blinds).
    ``busy`` says the table is in a hand: players may be seated in its empty seats (they
    play from its next hand) but nobody leaves it and it is not broken until the hand
    ends.
    """

    number: int
    seats: list[str | None]
    due_order: list[int]
    button: int | None = None
    stud: bool = False
    busy: bool = False

    @property
    def players(self) -> list[str]:
        """The players seated, in seat order."""
        return [p for p in self.seats if p is not None]

    @property
    def size(self) -> int:
        """How many players are seated."""
        return sum(p is not None for p in self.seats)

    def empty_seats(self) -> list[int]:
        """The empty seat indexes, in seat order."""
        return [i for i, p in enumerate(self.seats) if p is None]


@dataclass(frozen=True)
class Move:
    """A player taken from one seat to another: ``source`` and ``target`` are
    (table, seat) numbered from 1."""

    player: str
    source: Place
    target: Place
    reason: MoveReason


@dataclass(frozen=True)
class FloorDecision:
    """What the floor does after a hand at one table: the ``moves`` in order, the
    tables ``broken`` (closed once their players are moved), whether the moves are a
    ``redraw`` of every seat (then each moved player's new table has its button placed
    by ``buttons``: table number -> seat index), and the tables that must ``halt``
    (not deal) until another table's hand ends and balancing is done (TDA)."""

    moves: tuple[Move, ...] = ()
    broken: tuple[int, ...] = ()
    redraw: bool = False
    buttons: dict[int, int] = field(default_factory=dict)
    halt: tuple[int, ...] = ()

    @property
    def nothing(self) -> bool:
        """No move, no break, nobody halts."""
        return not (self.moves or self.broken or self.halt)
