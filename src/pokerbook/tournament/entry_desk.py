"""The entries desk of a simulated event: players registered and seated, chips bought
between hands, absent entrants, and the record of every chip put into play or taken
out of it (:class:`~pokerbook.tournament.entries.Entries` keeps the entrants, the
money and the rules; the desk carries its decisions to the tables and the report).

* Before every deal each player at the table may add chips
  (:meth:`~pokerbook.tournament.entries.Entries.before_hand`): lammers turned in
  (000 §1.3.2), a rebuy announced before the deal, playing behind (001 r.33), the
  add-on.  A rebuy made on a bust goes on the stack at once.
* Absent entrants are dealt in and blinded (001 r.3, r.9; 004 r.110) until they
  arrive; one who has not come has their chips taken out of play after a new level
  has started since they entered or half an hour (001 r.4), and is out.
* Every chip change the entries record is copied into the report's ``chip_changes``
  with the hands finished at all tables, and counted for the chip check.
"""

from __future__ import annotations

import random

from pokerbook.tournament.arrivals import Arrivals
from pokerbook.tournament.entries import Entries
from pokerbook.tournament.event import EventFloor
from pokerbook.tournament.places import Bust
from pokerbook.tournament.report import TournamentReport
from pokerbook.tournament.structure import Level
from pokerbook.tournament.table_play import SeatHolder, TournamentTable


class EntryDesk:
    """Registrations, chips bought and absent entrants of one event."""

    def __init__(
        self,
        entries: Entries,
        floor: EventFloor,
        report: TournamentReport,
        arrivals: Arrivals,
        rng: random.Random,
    ) -> None:
        self.entries = entries
        self.floor = floor
        self.report = report
        self.arrivals = arrivals
        self.rng = rng
        #: the chips that should be in play: every recorded change and race
        self.chips_expected = 0
        #: the level in play when each player (last) entered
        self.entered_at: dict[str, int] = {}
        self._seen = 0

    def register(
        self, player: str, minutes: float, level: int, *, absent_until: float | None = None
    ) -> int:
        """Enter (or re-enter) ``player`` at ``minutes``; their chips."""
        chips = self.entries.register(player, minutes, absent_until=absent_until)
        self.entered_at[player] = level
        self.sync()
        return chips

    def seat(self, player: str, minutes: float, level: int) -> None:
        """Enter a late entrant or a re-entry and seat them at a random empty seat."""
        self.floor.seat_newcomer(player, self.register(player, minutes, level))

    def rebuy_on_bust(self, number: int, holder: SeatHolder) -> None:
        """The chips of a rebuy made on a bust go on the stack at once."""
        entrant = self.entries.people[holder.player]
        holder.stack += entrant.owed
        entrant.owed = 0
        self.floor.touch(number)

    def before_hand(self, number: int, table: TournamentTable, level: Level, start: float) -> None:
        """Chips each player adds before the deal: lammers, rebuys, add-ons."""
        minutes = start / 60
        added = False
        for holder in table.seats:
            if holder is None:
                continue
            chips = self.entries.before_hand(
                holder.player, holder.stack, level.number, self.rng, minutes=minutes
            )
            if chips:
                holder.stack += chips
                added = True
        if added:
            self.floor.touch(number)
            self.sync()

    def absentees(
        self, number: int, table: TournamentTable, level: Level, start: float
    ) -> list[Bust]:
        """Absent players who have come sit down; those whose chips are taken out of
        play (001 r.4) leave the table: they are returned, to be placed."""
        minutes = start / 60
        removed: list[Bust] = []
        for seat, holder in enumerate(table.seats):
            if holder is None or not holder.absent:
                continue
            due = self.arrivals.absent.get(holder.player)
            if due is not None and due <= minutes:
                holder.absent = False
                continue
            since = self.entered_at.get(holder.player, 1)
            if self.entries.remove_absent(
                holder.player, minutes, level.number > since, stack=holder.stack
            ):
                table.leave(seat)
                self.floor.touch(number)
                self.sync()
                removed.append(Bust(holder.player, holder.stack, 0))
        return removed

    def sync(self) -> None:
        """Copy the entries' new chip records into the report."""
        records = self.entries.records
        changes = self.report.chip_changes
        hands = self.floor.hands
        for record in records[self._seen :]:
            changes.append(
                {
                    "after_hand": hands,
                    "player": record.player,
                    "kind": record.kind,
                    "chips": record.chips,
                }
            )
            self.chips_expected += record.chips
        self._seen = len(records)
