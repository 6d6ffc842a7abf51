"""The ``roberts`` profile: 001 Tournaments r.12-17.

* r.12: tables break in a pre-set order — the highest-numbered open tables first — as
  soon as the remaining players fit at fewer tables; the broken table's players go
  to empty seats at the other tables (at random, each to a table with the fewest
  players).  A table in a hand breaks when its hand is over.
* r.14: to balance, the player due the big blind (the first occupied seat of the
  table's ``due_order``) moves, to the earliest seat due the big blind (the first
  empty seat of the short table's ``due_order``).  Stud games have no big blind: the
  player moves by position (the last seat to open at the short table is filled by
  the player in that seat at the big table, or the next occupied seat after it).
* r.16: table sizes within one player at six tables or fewer, within two above.  The
  table between hands gives players while it has more than that over the table with
  the fewest players; each goes to the table with the fewest (the lowest-numbered of
  those).
* r.17: in events that started with three or more tables, every remaining seat is
  redrawn when the field goes down to two tables and again at one (random seats,
  buttons by a draw for the high card).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerbook.tournament.balancing_floor import (
    Floor,
    FloorError,
    SeatMemory,
    break_tables,
    close_empty,
    fewest_seats_needed,
    redraw_or_wait,
    seat_at_random,
)
from pokerbook.tournament.model import FloorDecision, FloorTable, ProfileName
from pokerbook.tournament.seating_draw import Draw, random_draw


def player_due_big_blind(table: FloorTable) -> int:
    """001 r.14: the occupied seat due the big blind soonest."""
    for seat in table.due_order:
        if table.seats[seat] is not None:
            return seat
    raise FloorError(f"table {table.number} has nobody to move")


def earliest_seat_due(table: FloorTable) -> int:
    """001 r.14: the empty seat due the big blind soonest."""
    for seat in table.due_order:
        if table.seats[seat] is None:
            return seat
    raise FloorError(f"table {table.number} has no empty seat")


def player_by_position(table: FloorTable, seat: int) -> int:
    """Stud: the player in ``seat`` of the big table, or the next occupied seat after it."""
    size = len(table.seats)
    for step in range(size):
        candidate = (seat + step) % size
        if table.seats[candidate] is not None:
            return candidate
    raise FloorError(f"table {table.number} has nobody to move")


class RobertsProfile:
    """001 Tournaments r.12-17 (see the module's docstring).  One instance per event:
    it remembers when seats opened, for stud's move by position."""

    name: ProfileName = "roberts"

    def __init__(self) -> None:
        self.memory = SeatMemory()

    def tolerance(self, tables: int) -> int:
        """001 r.16: within one player at six tables or fewer, within two above."""
        return 1 if tables <= 6 else 2

    def redraw_to(self, floor: Floor, started_tables: int) -> int | None:
        """001 r.17: the tables to redraw to (2 or 1) when the field has just gone down
        to them in an event that started with three or more; None: no redraw."""
        if started_tables < 3:
            return None
        need = fewest_seats_needed(floor.players(), floor.seats)
        open_tables = len(floor.open_tables())
        return need if need <= 2 < open_tables or need < open_tables <= 2 else None

    def target_seat(self, table: FloorTable) -> int:
        """The seat a balancing move fills at a button game's short table."""
        return earliest_seat_due(table)

    def pick(self, source: FloorTable, target: FloorTable) -> tuple[int, int]:
        """The seat that gives a player at ``source`` and the seat it fills at ``target``."""
        if source.stud or target.stud:
            seat = self.memory.last_opened(target)
            return player_by_position(source, seat), seat
        return player_due_big_blind(source), self.target_seat(target)

    def decide(
        self,
        tables: Sequence[FloorTable],
        finished: int,
        started_tables: int,
        rng: random.Random,
    ) -> FloorDecision:
        """What the floor does after a hand at table ``finished``."""
        floor = Floor(tables, finished)
        self.memory.observe(tables)
        redraw = self.redraw_to(floor, started_tables)
        if redraw is not None:

            def draw(players: list[str], keep: list[int]) -> Draw:
                return random_draw(players, floor.seats, rng, len(keep), numbers=keep)

            redraw_or_wait(floor, redraw, draw)
        else:
            close_empty(floor)
            pending = break_tables(floor, lambda f, t, c: seat_at_random(f, t, c, rng))
            self.balance(floor, pending)
            self.after_balance(floor, pending)
        self.memory.remember(floor)
        return floor.decision()

    def balance(self, floor: Floor, pending: tuple[int, ...]) -> None:
        """001 r.14/r.16: the finished table gives its players one at a time while it
        has more than the tolerance over the table with the fewest players (a table
        waiting to break takes nobody)."""
        source = floor.tables[floor.finished]
        if source.number in floor.broken:
            return
        tolerance = self.tolerance(len(floor.open_tables()))
        skip = [source.number, *pending]
        while targets := floor.fewest(exclude=skip):
            target = targets[0]
            if source.size <= target.size + tolerance:
                return
            seat, to = self.pick(source, target)
            floor.move(source, seat, target, to, "balance")

    def after_balance(self, floor: Floor, pending: tuple[int, ...]) -> None:
        """Anything the profile adds once the moves are made (TDA's halts)."""
