"""Who comes late in a simulated event: late registrations and absent entrants.

A simulated field is seeded with a few players who do not sit down at the start:

* where the structure has late registration (``late_until_level``, levels on the clock),
  ``LATE_SHARE`` of the field registers at a random minute before it closes and is
  seated at a random empty seat (001 Tournaments r.5);
* where the structure says how absent entrants are treated (``absent``), ``ABSENT_SHARE``
  of those registered at the start are absent: their chips are in play and they are
  dealt in and blinded (001 r.3, r.9; 004 r.110); half of them arrive at a random minute
  of the first hour, the rest never do and have their chips removed after a new level
  starts or half an hour passes (001 r.4; :meth:`~pokerbook.tournament.entries.Entries.
  remove_absent`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerbook.tournament.event_clock import LevelClock
from pokerbook.tournament.structure import Structure

#: the share of the field registering late, where late registration is open
LATE_SHARE = 0.1
#: the share of the players registered at the start who are absent
ABSENT_SHARE = 0.05
#: absent players who arrive do so within this many minutes
ABSENT_ARRIVE_WITHIN = 60.0


@dataclass
class Arrivals:
    """The late entrants (minute, player), earliest first, and the absent players'
    arrival minutes (None: they never come)."""

    late: list[tuple[float, str]] = field(default_factory=list)
    absent: dict[str, float | None] = field(default_factory=dict)

    def due(self, minutes: float) -> list[tuple[float, str]]:
        """The late entrants due by ``minutes`` (minute, player), taken off the list."""
        count = 0
        while count < len(self.late) and self.late[count][0] <= minutes:
            count += 1
        taken, self.late = self.late[:count], self.late[count:]
        return taken

    def next_minute(self) -> float | None:
        """When the next late entrant comes, or None."""
        return self.late[0][0] if self.late else None


def late_closes(structure: Structure, clock: LevelClock) -> float | None:
    """The minute late registration closes (the end of ``late_until_level``), or None
    when there is none or levels are counted in hands."""
    if structure.late_until_level <= 0 or clock.by_hands:
        return None
    for _start, end, level in clock.stretch:
        if level is not None and level.number == structure.late_until_level:
            return None if math.isinf(end) else end / 60
    return None


def plan_arrivals(
    structure: Structure, players: Sequence[str], clock: LevelClock, rng: random.Random
) -> Arrivals:
    """Choose the late entrants and the absent players of a field (seeded by ``rng``)."""
    arrivals = Arrivals()
    closes = late_closes(structure, clock)
    late: set[str] = set()
    if closes is not None and closes > 0:
        count = int(len(players) * LATE_SHARE)
        count = min(count, len(players) - structure.min_players)
        for player in rng.sample(list(players), max(count, 0)):
            arrivals.late.append((rng.uniform(0, closes * 0.999), player))
            late.add(player)
        arrivals.late.sort()
    if structure.absent is not None:
        present = [p for p in players if p not in late]
        count = min(int(len(present) * ABSENT_SHARE), len(present) - 2)
        for player in rng.sample(present, max(count, 0)):
            comes = rng.random() < 0.5
            arrivals.absent[player] = rng.uniform(1, ABSENT_ARRIVE_WITHIN) if comes else None
    return arrivals
