"""Colour-ups during an event: the chip race at every table at once (001 Tournaments r.8).

A level with ``colour_up`` takes that chip out of play at its start.  The first deal of
such a level (or a later one) at any table holds every table: each finishes the hand
it is playing and waits, as in the break before the level the rule puts the race in.
Once no table is in a hand the race is run at every table
(:func:`~pokerbook.tournament.chip_race.chip_race`: odd chips changed up, one card per
odd chip from seat 1, the leftover rule, nobody raced out), each race recorded, and play
goes on.  With levels counted in hands the first table to reach the level holds the
room: every table colours up together, even one still a few hands short of it.
"""

from __future__ import annotations

import random

from pokerbook.tournament.chip_race import chip_race
from pokerbook.tournament.event import EventFloor
from pokerbook.tournament.report import TournamentReport
from pokerbook.tournament.structure import Level, Structure


class ColourUps:
    """The colour-ups of one event: which are due, and their races."""

    def __init__(self, structure: Structure, report: TournamentReport, rng: random.Random) -> None:
        self.structure = structure
        self.report = report
        self.rng = rng
        self.levels = [lv for lv in structure.levels if lv.colour_up]
        self.done: set[int] = set()
        #: every table is held for a colour-up
        self.due = False
        #: the highest level whose colour-ups are due
        self.upto = 0

    def holds(self, level: Level) -> bool:
        """Whether a deal at ``level`` must wait for a colour-up (it then holds every
        table)."""
        if not self.levels:
            return False
        for colour in self.levels:
            if colour.number <= level.number and colour.number not in self.done:
                self.due = True
                self.upto = max(self.upto, level.number)
                return True
        return False

    def race(self, floor: EventFloor) -> int:
        """Every colour-up due, at every table; the chips the races added in all."""
        change = 0
        for level in self.levels:
            if level.number in self.done or level.number > self.upto:
                continue
            self.done.add(level.number)
            chips = self.structure.colour_up_at(level)
            if chips is None:
                continue
            for number in sorted(floor.tables):
                change += self._race(floor, number, level, *chips)
        self.due = False
        return change

    def _race(
        self, floor: EventFloor, number: int, level: Level, removed: int, denomination: int
    ) -> int:
        table = floor.tables[number]
        holders = [h for h in table.seats if h is not None]
        if not holders:
            return 0
        race = chip_race([h.stack for h in holders], removed, denomination, self.rng)
        for holder, after in zip(holders, race.after, strict=True):
            holder.stack = after
        floor.touch(number)
        self.report.chip_races.append(
            {
                "after_hand": floor.hands,
                "level": level.number,
                "table": number,
                "removed": removed,
                "denomination": denomination,
                "before": list(race.before),
                "after": list(race.after),
                "cards": [list(c) for c in race.cards],
                "change": race.change,
            }
        )
        return race.change
