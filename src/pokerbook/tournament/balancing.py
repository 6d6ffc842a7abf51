"""Balancing and breaking tables, as house profiles (001 Tournaments r.12-17; 004
r.105-108; the TDA's way).

A profile is asked after every hand at any table: ``decide(tables, finished,
started_tables, rng)`` gets the open tables as the floor sees them (table
``finished`` has just ended a hand; the others may be ``busy`` in one), and returns a
:class:`~pokerbook.tournament.model.FloorDecision`:

* ``moves`` — apply them in order; each target seat is empty once the moves before it
  are applied.  A redraw (``redraw`` true) gives every remaining player a move with
  reason "redraw", even one drawn to the seat they had: lift every player first,
  then seat them all, and place each table's button at ``buttons[table]``.
* ``broken`` — the tables closed (their players are moved by ``moves``).
* ``halt`` — tables that must not start a new hand: each decision's list replaces
  the last one.  A table is only listed while some table is still in a hand.

Players leave only tables between hands (``finished``, or a table not ``busy``); a
busy table can take players into its empty seats.  A table due to break that is
in a hand waits for a later decision.  A profile instance keeps what it remembers
(when seats opened) for one event: use one per event.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pokerbook.tournament.balance_oresteen import OresteenProfile
from pokerbook.tournament.balance_roberts import RobertsProfile
from pokerbook.tournament.balance_tda import TdaProfile
from pokerbook.tournament.balancing_floor import FloorError
from pokerbook.tournament.model import FloorDecision, FloorTable, ProfileName

__all__ = ["PROFILES", "FloorError", "Profile", "ProfileError", "get_profile"]


class Profile(Protocol):
    """A house's way of breaking and balancing tables."""

    name: ProfileName

    def tolerance(self, tables: int) -> int:
        """The most players one open table may have over another, at ``tables`` open."""
        ...

    def decide(
        self,
        tables: Sequence[FloorTable],
        finished: int,
        started_tables: int,
        rng: random.Random,
    ) -> FloorDecision:
        """What the floor does after a hand at table ``finished``."""
        ...


class ProfileError(ValueError):
    """An unknown balancing profile."""


#: the profiles by name
PROFILES: dict[str, type[RobertsProfile] | type[OresteenProfile]] = {
    "roberts": RobertsProfile,
    "oresteen": OresteenProfile,
    "tda": TdaProfile,
}


def get_profile(name: str) -> Profile:
    """A new profile for one event: "roberts", "oresteen" or "tda"."""
    try:
        return PROFILES[name]()
    except KeyError:
        raise ProfileError(
            f"unknown balancing profile {name!r}; known: {', '.join(PROFILES)}"
        ) from None
