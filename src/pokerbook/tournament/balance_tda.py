"""The ``tda`` profile: the Tournament Directors Association's way of balancing.

* In button games the player due the big blind moves to the worst position: the
  open seat due the big blind soonest (the first empty seat of the short table's
  ``due_order``), which may be the big blind itself but is never the small blind's
  seat (the last seat of ``due_order``: the seat that was due the big blind last
  posts the small blind next) unless no other seat is open.
* Stud games move by position, as in :mod:`balance_roberts` (the last seat to open at
  the short table is filled by the player in that seat at the big table, or the next
  occupied seat after it).
* Full tables halt: while a table is three or more players short of the table with
  the most players, the tables with the most players are listed in ``halt``.  The
  table between hands gives its players at once, so only tables still in a hand are
  ever listed: they must not deal again before their own decision.
* Tables break as in ``roberts`` (001 r.12, within one player at six tables or fewer,
  two above); the only redraw is the final table's, in events that started with
  three or more tables.
"""

from __future__ import annotations

from pokerbook.tournament.balance_roberts import RobertsProfile
from pokerbook.tournament.balancing_floor import Floor, FloorError, fewest_seats_needed
from pokerbook.tournament.model import FloorTable, ProfileName

#: the players a table must be short of the biggest before the biggest tables halt
HALT_SHORT_BY = 3


def worst_position(table: FloorTable) -> int:
    """The open seat due the big blind soonest that is not the small blind's seat."""
    empty = [seat for seat in table.due_order if table.seats[seat] is None]
    if not empty:
        raise FloorError(f"table {table.number} has no empty seat")
    small_blind = table.due_order[-1]
    usable = [seat for seat in empty if seat != small_blind]
    return usable[0] if usable else empty[0]


class TdaProfile(RobertsProfile):
    """The TDA's balancing (see the module's docstring)."""

    name: ProfileName = "tda"

    def redraw_to(self, floor: Floor, started_tables: int) -> int | None:
        """The final table only: a redraw when the field fits at one table."""
        if started_tables < 3 or len(floor.open_tables()) < 2:
            return None
        return 1 if fewest_seats_needed(floor.players(), floor.seats) == 1 else None

    def target_seat(self, table: FloorTable) -> int:
        return worst_position(table)

    def after_balance(self, floor: Floor, pending: tuple[int, ...]) -> None:
        """Halt the tables in a hand that have the most players while another table
        (not one waiting to break) is three or more players short of them."""
        open_tables = [t for t in floor.open_tables() if t.number not in pending]
        if len(open_tables) < 2:
            return
        most = max(t.size for t in open_tables)
        least = min(t.size for t in open_tables)
        if most - least >= HALT_SHORT_BY:
            floor.halt = tuple(
                t.number for t in open_tables if t.size == most and not floor.available(t)
            )
