"""The floor's working copy of the open tables, shared by every balancing profile.

A :class:`Floor` copies the tables a profile is asked about and applies each move as
the profile makes it, so every later choice (the next player due the big blind, the
next empty seat due it, the table with the fewest players) sees the seats as the
director will see them after applying the moves before it, in order.  It also holds
the steps the profiles share: closing tables, breaking the highest-numbered table
first (001 Tournaments r.12), redraws (001 r.17; 004 r.108) and the seat memory that
stud's "last seat to open" needs.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from pokerbook.tournament.model import FloorDecision, FloorTable, Move, MoveReason
from pokerbook.tournament.seating_draw import Draw


class FloorError(ValueError):
    """Tables the floor cannot work with (a seat twice taken, a missing table...)."""


def copy_table(table: FloorTable) -> FloorTable:
    """A copy whose seats and due order can change without touching the original."""
    return FloorTable(
        table.number,
        list(table.seats),
        list(table.due_order),
        button=table.button,
        stud=table.stud,
        busy=table.busy,
    )


def fewest_seats_needed(players: int, seats: int) -> int:
    """How many tables of ``seats`` hold ``players`` (one at least)."""
    return max(1, math.ceil(players / seats))


@dataclass
class SeatMemory:
    """When each seat last opened, for stud's move by position (TDA: "the last seat to
    open at the short table is filled").  A profile keeps one for its event: each
    decision first notes the seats that emptied since the last one (busts), then the
    seats its own moves emptied, in the order of the moves."""

    occupied: dict[int, list[bool]] = field(default_factory=dict)
    opened: dict[tuple[int, int], int] = field(default_factory=dict)
    clock: int = 0

    def observe(self, tables: Iterable[FloorTable]) -> None:
        """Note the seats that were taken last time and are empty now."""
        for table in tables:
            before = self.occupied.get(table.number)
            if before is None:
                continue
            for seat, player in enumerate(table.seats):
                if player is None and seat < len(before) and before[seat]:
                    self.clock += 1
                    self.opened[table.number, seat] = self.clock

    def remember(self, floor: Floor) -> None:
        """Note the seats the decision's moves emptied and the seats as they now are."""
        for move in floor.moves:
            table, seat = move.source
            self.clock += 1
            self.opened[table, seat - 1] = self.clock
        self.occupied = {t.number: [p is not None for p in t.seats] for t in floor.open_tables()}

    def last_opened(self, table: FloorTable) -> int:
        """The empty seat that opened last (a seat never seen taken counts as older
        than any other; between those, the highest seat)."""
        empty = table.empty_seats()
        if not empty:
            raise FloorError(f"table {table.number} has no empty seat")
        return max(empty, key=lambda s: (self.opened.get((table.number, s), 0), s))


class Floor:
    """The open tables with the decision's moves applied so far, in order."""

    def __init__(self, tables: Sequence[FloorTable], finished: int) -> None:
        numbers = [t.number for t in tables]
        if len(set(numbers)) != len(numbers):
            raise FloorError("a table number is given twice")
        if finished not in numbers:
            raise FloorError(f"table {finished} (the one between hands) is not open")
        self.tables: dict[int, FloorTable] = {t.number: copy_table(t) for t in tables}
        self.finished = finished
        self.tables[finished].busy = False
        self.moves: list[Move] = []
        self.broken: list[int] = []
        self.buttons: dict[int, int] = {}
        self.redraw = False
        self.halt: tuple[int, ...] = ()
        self._check_players()
        seats = {len(t.seats) for t in tables}
        if len(seats) != 1:
            raise FloorError(f"the open tables have different numbers of seats: {sorted(seats)}")
        self.seats = seats.pop()

    def _check_players(self) -> None:
        seen: set[str] = set()
        for table in self.tables.values():
            if sorted(table.due_order) != list(range(len(table.seats))):
                raise FloorError(f"table {table.number}'s due order is not every seat once")
            for player in table.players:
                if player in seen:
                    raise FloorError(f"{player} is seated twice")
                seen.add(player)

    # --- reading -----------------------------------------------------------------

    def open_tables(self) -> list[FloorTable]:
        """The tables still open, by number."""
        return [self.tables[n] for n in sorted(self.tables) if n not in self.broken]

    def players(self) -> int:
        """How many players are seated at the open tables."""
        return sum(t.size for t in self.open_tables())

    def available(self, table: FloorTable) -> bool:
        """Whether the table is between hands (the finished one, or one not busy)."""
        return not table.busy

    def decision(self) -> FloorDecision:
        """The decision made so far."""
        return FloorDecision(
            moves=tuple(self.moves),
            broken=tuple(self.broken),
            redraw=self.redraw,
            buttons=dict(self.buttons),
            halt=self.halt,
        )

    # --- changing ----------------------------------------------------------------

    def move(
        self, source: FloorTable, seat: int, target: FloorTable, to: int, why: MoveReason
    ) -> None:
        """Take the player in ``seat`` of ``source`` to the empty seat ``to`` of ``target``."""
        player = source.seats[seat]
        if player is None:
            raise FloorError(f"seat {seat + 1} of table {source.number} is empty")
        if target.seats[to] is not None:
            raise FloorError(f"seat {to + 1} of table {target.number} is taken")
        source.seats[seat] = None
        target.seats[to] = player
        self.moves.append(Move(player, (source.number, seat + 1), (target.number, to + 1), why))

    def close(self, table: FloorTable) -> None:
        """Mark a table broken (its players must have been moved already)."""
        if table.size:
            raise FloorError(f"table {table.number} still has players")
        self.broken.append(table.number)

    def fewest(self, exclude: Iterable[int] = ()) -> list[FloorTable]:
        """The open tables with an empty seat and the fewest players (not ``exclude``),
        by number; none when every other table is full."""
        skip = set(exclude)
        candidates = [t for t in self.open_tables() if t.number not in skip and t.empty_seats()]
        if not candidates:
            return []
        least = min(t.size for t in candidates)
        return [t for t in candidates if t.size == least]

    def apply_draw(self, draw: Draw) -> None:
        """A redraw of every remaining seat: each player gets a move (reason "redraw",
        even when the seat drawn is the one they had) from their old seat to the drawn
        one; the tables the draw does not use are broken.  The director lifts every
        player first, then seats them all (the moves are a permutation of seats)."""
        where = {
            player: (t.number, seat + 1)
            for t in self.open_tables()
            for seat, player in enumerate(t.seats)
            if player is not None
        }
        kept = {t.number for t in draw.tables}
        for table in draw.tables:
            for seat, player in enumerate(table.seats):
                if player is not None:
                    self.moves.append(
                        Move(player, where[player], (table.number, seat + 1), "redraw")
                    )
        self.broken.extend(n for n in sorted(self.tables) if n not in kept and n not in self.broken)
        for table in draw.tables:
            old = self.tables[table.number]
            self.tables[table.number] = FloorTable(
                table.number,
                list(table.seats),
                list(table.due_order),
                button=table.button,
                stud=old.stud,
                busy=False,
            )
        self.buttons = dict(draw.buttons)
        self.redraw = True


def redraw_or_wait(floor: Floor, tables: int, draw: Callable[[list[str], list[int]], Draw]) -> None:
    """Redraw the whole field to ``tables`` tables (the lowest-numbered open ones: the
    others break in the pre-set order), or, while any open table is still in a hand,
    halt the tables between hands so every table is between hands at once."""
    open_tables = floor.open_tables()
    busy = [t for t in open_tables if not floor.available(t)]
    if busy:
        floor.halt = tuple(t.number for t in open_tables if floor.available(t))
        return
    players = [p for t in open_tables for p in t.players]
    keep = [t.number for t in open_tables[:tables]]
    floor.apply_draw(draw(players, keep))


def close_empty(floor: Floor) -> None:
    """Close open tables nobody sits at any more (nobody to move), keeping one."""
    for table in floor.open_tables():
        if table.size == 0 and floor.available(table) and len(floor.open_tables()) > 1:
            floor.close(table)


def break_tables(
    floor: Floor,
    seat_players: Callable[[Floor, FloorTable, list[int]], None],
    *,
    keep_at_least: int = 1,
) -> tuple[int, ...]:
    """001 Tournaments r.12: as many tables as the players leave spare break, the
    highest-numbered open tables first (the pre-set order); each breaks as soon as it
    is between hands, ``seat_players`` moving its players (reason "break") to empty
    seats at the tables that stay (never at a table breaking now or waiting to).  The
    tables due to break that are still in a hand wait: their numbers are returned (a
    later decision breaks each when its hand is over)."""
    open_tables = floor.open_tables()
    stay = max(keep_at_least, fewest_seats_needed(floor.players(), floor.seats))
    due = list(reversed(open_tables))[: max(0, len(open_tables) - stay)]
    closing = [t.number for t in due]
    for table in due:
        if floor.available(table):
            seat_players(floor, table, closing)
            floor.close(table)
    return tuple(t.number for t in due if not floor.available(t))


def seat_at_random(
    floor: Floor, broken: FloorTable, closing: list[int], rng: random.Random
) -> None:
    """001 r.12: the broken table's players, in random order, each to a random empty
    seat at a table with the fewest players (ties between tables drawn at random), so
    the sizes stay as even as they can; ``closing``: the tables that take nobody."""
    seats = [s for s, p in enumerate(broken.seats) if p is not None]
    rng.shuffle(seats)
    for seat in seats:
        targets = floor.fewest(exclude=closing)
        if not targets:
            raise FloorError(f"no empty seat for the players of table {broken.number}")
        target = rng.choice(targets)
        floor.move(broken, seat, target, rng.choice(target.empty_seats()), "break")
