"""What the players at a night's table are told: notices, as data.

A :class:`Notice` is one thing the table announces: a player bought a Show 'Em chip,
took an Overs button, killed the pot (and at what limits), straddled; midnight struck,
a tournament level began, a player went out.  The night collects them hand by hand
(:attr:`pokerbook.table.play.HandResult.notices`, and
:attr:`~pokerbook.table.play.GameNight.notices` while a hand is dealt); the terminal
prints them (``pokerbook play --night``) and a server sends them as they are.

Seats are numbered as the table shows them, from 1 (the terminal's ``Seat`` column,
``Bot 3`` and ``show 3`` all mean the table's third seat, ``seat_number == 3``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerbook.games.stakes import Stakes

NoticeKind = Literal[
    "rebuy",
    "out",
    "overs-taken",
    "show-em-bought",
    "show-em-presented",
    "midnight",
    "level",
    "kill",
    "straddle",
    "place",
]

#: the kinds of notice that tell what a player did of their own accord between deals
#: (a person has been told already when they did it)
OWN_DOINGS: frozenset[NoticeKind] = frozenset({"overs-taken", "show-em-bought"})


@dataclass(frozen=True)
class Notice:
    """One announcement to the table: its ``kind``, the seat it is about as the table
    numbers it (1 to N; None: the whole table) and the ``text`` read out."""

    kind: NoticeKind
    seat_number: int | None
    text: str

    @property
    def seat(self) -> int | None:
        """The table seat index (from 0) the notice is about, or None."""
        return None if self.seat_number is None else self.seat_number - 1


def notice(kind: NoticeKind, seat: int | None, name: str | None, text: str) -> Notice:
    """A notice about table ``seat`` (from 0; None: the whole table), whose player is
    ``name``: ``text`` after the seat and name (``seat 3 (Bot 3) buys ...``)."""
    if seat is None:
        return Notice(kind, None, text)
    return Notice(kind, seat + 1, f"{who(seat, name)} {text}")


def who(seat: int, name: str | None) -> str:
    """``seat 3 (Bot 3)``: a table seat index (from 0) as the table shows it, with the
    player's name."""
    return f"seat {seat + 1}" + (f" ({name})" if name else "")


def verb(name: str, base: str) -> str:
    """The verb ``base`` ("show", "hold", "have") as it goes with the player ``name``:
    "You hold", "Bot 3 holds", "Bot 3 has"."""
    if name == "You":
        return base
    return "has" if base == "have" else base + "s"


def limits(stakes: Stakes) -> str:
    """The betting limits of ``stakes`` as the table names them: ``limits 200/400``
    (limit), ``spread limit 100-500``, ``no-limit, minimum bet 200``."""
    if stakes.format == "limit":
        return f"limits {stakes.bet_size('small')}/{stakes.bet_size('big')}"
    if stakes.format == "spread-limit" and stakes.spread is not None:
        return f"spread limit {stakes.spread[0]}-{stakes.spread[1]}"
    return f"{stakes.format}, minimum bet {stakes.minimum_bet()}"
