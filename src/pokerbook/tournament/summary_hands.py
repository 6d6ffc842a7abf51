"""An event's hands as PHH, written as they are dealt, with the fields the tracker
exports read for a tournament hand (``_tournament``, ``_buy_in``, ``_fee``, ``level``:
docs/phh.md, "Exports"), so ``pokerbook phh export --to pokerstars|ohh`` gives hands
whose tournament number is the event's Open Tournament Summary's.

:class:`HandWriter` is a :class:`~pokerbook.tournament.director.Director` that writes
each hand to a ``.phhs`` stream (``[1]``, ``[2]`` ... in the order dealt) as soon as
it is played (the director plays a hand whole as it deals it, and tells
``on_dealt`` of it): memory stays flat however long the event.
"""

from __future__ import annotations

from datetime import date, time, timedelta
from typing import TextIO

from pokerbook.history.phh import write_phh
from pokerbook.tournament.director import Director, Progress
from pokerbook.tournament.structure import Structure
from pokerbook.tournament.table_play import TableHand

#: the money the structures are priced in (their entries are dollars: 004 r.101's $25,
#: BARGE's $100); the hands' amounts are chips
CURRENCY = "USD"

#: the simulated clock's zero (the summaries' start)
_START = date(2000, 1, 1)


class HandWriter(Director):
    """A director that writes each hand it deals to ``out`` as a PHH table, with the
    players' names, their table seats, the table, the level, the time on the simulated
    clock and the tournament's ``number`` (set before :meth:`run`), ``_buy_in`` and
    ``_fee``."""

    def __init__(
        self,
        structure: Structure,
        players: int,
        seed: int,
        out: TextIO,
        *,
        policy: str = "random",
        check: bool = False,
        progress: Progress | None = None,
    ) -> None:
        super().__init__(structure, players, seed, policy=policy, check=check, progress=progress)
        self.hands_out = out
        #: the tournament number the hands are written under (set before the run)
        self.number = ""
        self.written = 0
        self.on_dealt = self.write_hand

    def write_hand(self, number: int, played: TableHand) -> None:
        """Write the hand table ``number`` has just played (the table's last hand)."""
        table = self.floor.tables[number]
        hand = table.last_hand
        assert hand is not None  # a table that has dealt keeps its last hand
        order = hand.order_from(hand.button + 1)  # PHH numbers players from the button's left
        names = [table.seats[played.seats[s]] for s in order]
        # the deal started when the director's clock says (a break over, if one was on)
        moment = timedelta(seconds=round(self.clock.start_time(self.now)))
        day = _START + timedelta(days=moment.days)
        fields = {
            "table": f"{self.number} {number}",
            "seat_count": table.size,
            "seats": [played.seats[s] + 1 for s in order],
            "players": [holder.player if holder is not None else "" for holder in names],
            "level": played.level,
            "year": day.year,
            "month": day.month,
            "day": day.day,
            "time": time(moment.seconds // 3600, moment.seconds // 60 % 60, moment.seconds % 60),
            "time_zone_abbreviation": "UTC",
            "event": self.structure.name,
            "currency": CURRENCY,
            "_tournament": self.number,
            "_buy_in": self.structure.buy_in,
            "_fee": self.structure.fee,
        }
        self.written += 1
        separator = "\n" if self.written > 1 else ""
        self.hands_out.write(f"{separator}[{self.written}]\n{write_phh(hand, fields=fields)}")
