"""The simulated event clock: how long a hand takes, which level a deal is played at,
and when a break holds the tables.

A simulated event keeps time in seconds from its start.  A hand takes

    seconds_per_hand x (1/2 + actions / (2 x TYPICAL_ACTIONS x players dealt in))

of the structure's ``seconds_per_hand``: half of it fixed (shuffle, deal, pushing the
pot), half in proportion to the actions, so a hand with the typical
``TYPICAL_ACTIONS`` actions a player takes ``seconds_per_hand`` exactly, a walk about
half of it and a hand with raising wars longer.

Levels last minutes on the event clock (the structure's schedule, breaks included) or
hands dealt at each table (each table counts its own).  The level of a deal is the one
in force when the deal starts: a level that begins during a hand applies from that
table's next deal (001 Tournaments r.7; 004 r.104).  A deal that would start in a break
starts when the break ends: a break pauses every table (hands in play finish first).
"""

from __future__ import annotations

import bisect
import math

from pokerbook.tournament.structure import Level, Structure

#: actions a player takes in a typical hand (a hand of this many a player takes the
#: structure's ``seconds_per_hand``)
TYPICAL_ACTIONS = 2


def hand_seconds(seconds_per_hand: float, actions: int, players: int) -> float:
    """The simulated seconds a hand of ``actions`` actions among ``players`` takes."""
    return seconds_per_hand * (0.5 + actions / (2 * TYPICAL_ACTIONS * max(players, 1)))


class LevelClock:
    """Which level a deal is played at, and when a deal may start (breaks)."""

    def __init__(self, structure: Structure) -> None:
        self.levels = structure.levels
        self.by_hands = all(level.hands is not None for level in structure.levels)
        #: hand-counted levels: the table hands by which each level has ended
        self.ends: list[int] = []
        total = 0
        for level in structure.levels:
            total += level.hands or 0
            self.ends.append(total)
        #: minute-counted levels: each stretch of the schedule in seconds
        self.starts: list[float] = []
        self.stretch: list[tuple[float, float, Level | None]] = []
        if not self.by_hands:
            for start, end, slot in structure.schedule():
                self.starts.append(start * 60)
                self.stretch.append((start * 60, end * 60, slot))

    def start_time(self, seconds: float) -> float:
        """When a deal wanted at ``seconds`` starts: at once, or when a break ends."""
        if self.by_hands:
            return seconds
        _start, end, level = self.stretch[self._index(seconds)]
        while level is None and not math.isinf(end):
            seconds = end
            _start, end, level = self.stretch[self._index(seconds)]
        return seconds

    def _index(self, seconds: float) -> int:
        return max(0, bisect.bisect_right(self.starts, seconds) - 1)

    def level(self, seconds: float, table_hands: int) -> Level:
        """The level of a deal starting at ``seconds`` (not in a break) at a table that
        has dealt ``table_hands`` hands before it."""
        if self.by_hands:
            index = bisect.bisect_right(self.ends, table_hands)
            return self.levels[min(index, len(self.levels) - 1)]
        index = self._index(seconds)
        while self.stretch[index][2] is None and index > 0:
            index -= 1
        found = self.stretch[index][2]
        return found if found is not None else self.levels[0]

    def minute(self, level: Level, seconds: float) -> float:
        """The scheduled minute ``level`` starts (hand-counted levels: the minute of
        the event clock when a table first dealt it, ``seconds``)."""
        if not self.by_hands:
            for start, _end, found in self.stretch:
                if found is not None and found.number == level.number:
                    return start / 60
        return seconds / 60
