"""What a simulation keeps of its hands: running sums, never the hands themselves.

:class:`Totals` adds each finished hand's pot, whether it went to a showdown, and
each seat's net (its stack after the hand less its stack before: stacks are reset
every hand), with the sum of the nets' squares for a standard error.  Every sum is
an integer, so totals merged from chunks played anywhere, in any order, are exactly
the totals of one run over the same hands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from operator import add, mul, sub
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand


@dataclass
class Totals:
    """Running sums over the hands of a simulation at a table of ``seats`` seats."""

    seats: int
    hands: int = 0
    showdowns: int = 0
    pot: int = 0
    #: each seat's summed net, and summed squared net, in chips
    net: list[int] = field(default_factory=list)
    net_squares: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.net:
            self.net = [0] * self.seats
            self.net_squares = [0] * self.seats

    def add(self, hand: Hand) -> None:
        """Count one finished hand."""
        won = list(map(sub, hand.stacks, hand.starting_stacks))  # each seat's net
        if len(won) != self.seats:
            raise ValueError(f"a hand of {len(won)} seats does not add to {self.seats}")
        self.hands += 1
        self.showdowns += bool(hand.shown)
        self.pot += hand.pot
        self.net[:] = map(add, self.net, won)
        self.net_squares[:] = map(add, self.net_squares, map(mul, won, won))

    def merge(self, other: Totals) -> None:
        """Add another run's totals (the same table) to these."""
        if other.seats != self.seats:
            raise ValueError(f"totals of {other.seats} seats do not add to {self.seats}")
        self.hands += other.hands
        self.showdowns += other.showdowns
        self.pot += other.pot
        for seat in range(self.seats):
            self.net[seat] += other.net[seat]
            self.net_squares[seat] += other.net_squares[seat]

    @property
    def showdown_share(self) -> float:
        """The share of hands that went to a showdown (0 with no hands)."""
        return self.showdowns / self.hands if self.hands else 0.0

    @property
    def average_pot(self) -> float:
        return self.pot / self.hands if self.hands else 0.0

    def standard_error(self, seat: int) -> float:
        """The standard error of ``seat``'s summed net: the hands' sample standard
        deviation times the square root of their number (0 with fewer than 2 hands)."""
        n = self.hands
        if n < 2:
            return 0.0
        total = self.net[seat]
        variance = (self.net_squares[seat] - total * total / n) / (n - 1)
        return math.sqrt(max(variance, 0.0) * n)
