"""The floor of an event in play: its open tables, what the floor sees of them, the
director's moves and the record of every table's size and the chips in play.

Tables are numbered from 1 and seats from 1 in the records; a table's ``seats`` list is
indexed from 0 (:mod:`pokerbook.tournament.model`).  Views of the tables (the
:class:`~pokerbook.tournament.model.FloorTable` the house profile decides on) are made
again only for the tables that changed since they were last made.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pokerbook.games.house import House
from pokerbook.tournament.model import FloorDecision, FloorTable, Move
from pokerbook.tournament.report import MoveRecord, TournamentReport
from pokerbook.tournament.seating_draw import Draw
from pokerbook.tournament.table_play import SeatHolder, TournamentTable


class DirectorError(ValueError):
    """An event that cannot be run as asked, or a floor decision that cannot be
    carried out; the message says which."""


class EventFloor:
    """The open tables of an event and the record of their changes."""

    def __init__(
        self,
        size: int,
        house: House,
        rng: random.Random,
        report: TournamentReport,
        stud: Callable[[int], bool],
    ) -> None:
        self.size = size
        self.house = house
        self.rng = rng
        self.report = report
        #: whether the next game at a table is a stud game (players move by position)
        self.stud = stud
        self.tables: dict[int, TournamentTable] = {}
        #: tables in a hand
        self.busy: set[int] = set()
        self._views: dict[int, FloorTable] = {}
        self._dirty: set[int] = set()
        #: hands finished at all tables (the records' ``after_hand``)
        self.hands = 0
        self._sizes: dict[int, int] = {}
        self._chips: dict[int, int] = {}
        self._changed: set[int] = set()
        self._closed = False
        #: the open tables' numbers in order, for the views (None: to be sorted again)
        self._order: list[int] | None = None
        #: the most hands any table has dealt, counting from its ``base``: a table
        #: opened during the event counts on from there (levels counted in hands)
        self.most_hands = 0
        self.base: dict[int, int] = {}

    # --- tables ------------------------------------------------------------------

    def open_table(self, number: int) -> TournamentTable:
        """A new empty table numbered ``number``."""
        if number in self.tables:
            raise DirectorError(f"table {number} is already open")
        table = TournamentTable(number, self.size, self.house, self.rng)
        self.tables[number] = table
        self.base[number] = self.most_hands
        self._order = None
        self.touch(number)
        return table

    def seat_draw(self, draw: Draw, stacks: dict[str, int], absent: set[str]) -> None:
        """Open the draw's tables and seat everyone with their chips; the draw's
        buttons are placed (001 r.2; 004 r.105)."""
        for view in draw.tables:
            table = self.tables.get(view.number) or self.open_table(view.number)
            for seat, player in enumerate(view.seats):
                if player is not None:
                    table.sit(seat, player, stacks[player], absent=player in absent)
            self.touch(view.number)
        for number, seat in draw.buttons.items():
            self.tables[number].place_button(seat)

    def close_all(self) -> list[tuple[str, SeatHolder, tuple[int, int]]]:
        """Take every player from every table and close them all (a shootout's next
        round): each player, their seat holder and the place they left."""
        lifted = []
        for number in sorted(self.tables):
            table = self.tables[number]
            for seat, holder in enumerate(table.seats):
                if holder is not None:
                    lifted.append((holder.player, table.leave(seat), (number, seat + 1)))
        for number in list(self.tables):
            self.close(number)
        return lifted

    def close(self, number: int) -> None:
        """Close an empty table."""
        table = self.tables.pop(number)
        if any(s is not None for s in table.seats):
            raise DirectorError(f"table {number} is broken with players still seated")
        self._views.pop(number, None)
        self._dirty.discard(number)
        self._sizes.pop(number, None)
        self._chips.pop(number, None)
        self.base.pop(number, None)
        self._order = None
        self._closed = True

    def stale(self, number: int) -> None:
        """Table ``number``'s view must be made again (a hand began or ended there)."""
        self._dirty.add(number)

    def touch(self, number: int) -> None:
        """Table ``number`` changed: its view and its counts are made again."""
        self._dirty.add(number)
        self._changed.add(number)

    def table_hands(self, number: int) -> int:
        """The hands table ``number`` has dealt, counted on from its base."""
        return self.base.get(number, 0) + self.tables[number].hands

    def players(self, number: int) -> int:
        """The players seated at table ``number``."""
        return sum(s is not None for s in self.tables[number].seats)

    def views(self) -> list[FloorTable]:
        """Every open table as the floor sees it, in table-number order."""
        for number in self._dirty:
            table = self.tables.get(number)
            if table is not None:
                self._views[number] = table.floor_view(
                    busy=number in self.busy, stud=self.stud(number)
                )
        self._dirty.clear()
        if self._order is None:
            self._order = sorted(self._views)
        views = self._views
        return [views[n] for n in self._order]

    def seat_newcomer(self, player: str, stack: int, *, absent: bool = False) -> tuple[int, int]:
        """Seat a late entrant or a re-entry at a random empty seat (a new table when
        every seat is taken); their (table, seat) from 1."""
        empty = [
            (number, seat)
            for number in sorted(self.tables)
            for seat, holder in enumerate(self.tables[number].seats)
            if holder is None
        ]
        if empty:
            number, seat = empty[self.rng.randrange(len(empty))]
        else:
            number, seat = max(self.tables, default=0) + 1, 0
            self.open_table(number)
        self.tables[number].sit(seat, player, stack, absent=absent)
        self.touch(number)
        return number, seat + 1

    # --- the floor's decisions ---------------------------------------------------

    def apply(self, decision: FloorDecision) -> None:
        """Carry out the floor's moves in order (a redraw's: every mover lifted first,
        then all seated, as they may take each other's seats), close the broken tables
        and place the redraw's buttons; every move is recorded."""
        if not decision.moves and not decision.broken:
            return
        if decision.redraw:
            lifted = [(move, self._lift(move)) for move in decision.moves]
            for move, holder in lifted:
                self._seat(move, holder)
        else:
            for move in decision.moves:
                self._seat(move, self._lift(move))
        for number in decision.broken:
            self.close(number)
        if decision.redraw:
            for number, seat in decision.buttons.items():
                self.tables[number].place_button(seat)
                self.touch(number)

    def _lift(self, move: Move) -> SeatHolder:
        number, seat = move.source
        if number in self.busy:
            raise DirectorError(
                f"the floor moved {move.player} from table {number}, which is in a hand"
            )
        table = self.tables[number]
        holder = table.seats[seat - 1]
        if holder is None or holder.player != move.player:
            raise DirectorError(
                f"the floor moved {move.player} from table {number} seat {seat}, "
                "where they do not sit"
            )
        self.touch(number)
        return table.leave(seat - 1)

    def _seat(self, move: Move, holder: SeatHolder) -> None:
        number, seat = move.target
        table = self.tables.get(number) or self.open_table(number)
        if table.seats[seat - 1] is not None:
            raise DirectorError(
                f"the floor moved {move.player} to table {number} seat {seat}, which is taken"
            )
        table.sit(seat - 1, holder.player, holder.stack, absent=holder.absent)
        self.touch(number)
        record: MoveRecord = {
            "hand": self.hands,
            "player": move.player,
            "from": list(move.source),
            "to": list(move.target),
            "reason": move.reason,
        }
        self.report.moves.append(record)

    # --- the records ---------------------------------------------------------------

    def snapshot(self) -> None:
        """Record the tables' sizes and the chips in play if any table changed since
        the last record (one record for each count of hands finished)."""
        if not self._changed and not self._closed:
            return
        for number in self._changed:
            table = self.tables.get(number)
            if table is None:
                continue
            self._sizes[number] = sum(s is not None for s in table.seats)
            self._chips[number] = sum(s.stack for s in table.seats if s is not None)
        self._changed.clear()
        self._closed = False
        sizes = [self._sizes[n] for n in sorted(self._sizes)]
        total = sum(self._chips.values())
        report = self.report
        if report.table_sizes and report.table_sizes[-1]["after_hand"] == self.hands:
            report.table_sizes[-1]["sizes"] = sizes
            report.chips[-1]["total"] = total
            return
        report.table_sizes.append({"after_hand": self.hands, "sizes": sizes})
        report.chips.append({"after_hand": self.hands, "total": total})

    def holders(self) -> list[SeatHolder]:
        """Every player seated, table by table in seat order."""
        return [s for table in self.tables.values() for s in table.seats if s is not None]

    def chips_in_play(self) -> int:
        """Every stack at every table, counted afresh."""
        return sum(s.stack for table in self.tables.values() for s in table.seats if s is not None)
