"""Hand-for-hand play at the bubble.

When the players left are one more than the places paid, and the event still has two
or more tables, every table deals together and waits until every other table has
finished its hand before the next deal; players who go out in the same round are
placed together, by the chips they started the hand with (001 Tournaments r.35; ties
as 004 r.109).  Hands already in play when the bubble is reached count as the first
round.  Play goes back to normal once a player goes out (the bubble bursts) or the
field is down to one table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerbook.tournament.places import Bust


@dataclass
class HandForHand:
    """Whether hand-for-hand play is on, and the busts of the round in play."""

    enabled: bool
    #: players paid
    paid: int
    active: bool = False
    busts: list[Bust] = field(default_factory=list)
    #: each round as it was dealt: hands finished before it, tables, players left
    rounds: list[dict[str, int]] = field(default_factory=list)

    def reached(self, left: int, tables: int) -> bool:
        """Start hand-for-hand play if the bubble is reached (``left`` players still
        in at ``tables`` tables); whether it is on."""
        if self.enabled and not self.active and tables > 1 and left == self.paid + 1:
            self.active = True
        return self.active

    def round_over(self, left: int, tables: int) -> list[Bust]:
        """The round's busts, to place together; hand-for-hand play stops once the
        bubble has burst (``left`` counts them still in) or one table is left."""
        busts, self.busts = self.busts, []
        if left - len(busts) <= self.paid or tables <= 1:
            self.active = False
        return busts
