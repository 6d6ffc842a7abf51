"""A director's clock: the level in play, the time left in it, the next level and
break, the players left and the average stack (rules.md §7.1; 001 Tournaments r.6-7:
limits rise on a schedule, the new limits from the next deal; 004 r.103: 20-minute
levels).

Times are seconds on any steady clock the caller reads (``time.monotonic()``, or a
simulated one); the clock keeps no time of its own, so it is tested by passing times.
Paused time does not count; :meth:`Clock.next_level` skips to the next level's start
(a director ending a level early).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerbook.tournament.structure import Level, Structure, StructureError


@dataclass(frozen=True)
class ClockState:
    """What the clock shows at one moment.

    ``level`` is the level in play; on a break, the level that follows the break (the
    one the next deal is played at).  ``seconds_left`` is what is left of the level, or
    of the break when ``on_break``.  ``next_break_in``: seconds until the next break
    starts (0 on a break, None when no break is left).  ``minutes`` is the play time
    so far (pauses excluded)."""

    level: Level
    next_level: Level | None
    seconds_left: float
    on_break: bool
    players_left: int
    average_stack: int
    next_break_in: float | None
    minutes: float = 0.0
    paused: bool = False
    entrants: int = 0


class Clock:
    """The clock of a tournament with ``entrants`` started at ``started_at`` seconds."""

    def __init__(self, structure: Structure, started_at: float, entrants: int) -> None:
        if entrants < 1:
            raise StructureError(f"a clock needs at least one entrant, not {entrants}")
        self.structure = structure
        self.started_at = started_at
        self.entrants = entrants
        self.players_left = entrants
        self.chips = entrants * structure.starting_stack(entrants)
        self._stack = structure.starting_stack(entrants)
        self._paused_at: float | None = None
        self._paused_for = 0.0  # seconds paused before the current pause
        self._skipped = 0.0  # seconds added by skipping to later levels

    # -- time ---------------------------------------------------------------------------
    def elapsed(self, now: float) -> float:
        """Seconds of play at ``now``: since the start, less the pauses, plus skips."""
        stopped = self._paused_at if self._paused_at is not None else now
        return max(0.0, stopped - self.started_at - self._paused_for) + self._skipped

    @property
    def paused(self) -> bool:
        """Whether the clock is stopped."""
        return self._paused_at is not None

    def pause(self, now: float) -> None:
        """Stop the clock (nothing if it is stopped)."""
        if self._paused_at is None:
            self._paused_at = now

    def resume(self, now: float) -> None:
        """Start the clock again (nothing if it runs)."""
        if self._paused_at is not None:
            self._paused_for += now - self._paused_at
            self._paused_at = None

    def toggle(self, now: float) -> None:
        """Pause a running clock, resume a stopped one."""
        if self.paused:
            self.resume(now)
        else:
            self.pause(now)

    def next_level(self, now: float) -> None:
        """Skip to the start of the next level (past a break between them); nothing at
        the last level."""
        minutes = self.elapsed(now) / 60
        for start, _end, level in self.structure.schedule():
            if level is not None and start > minutes:
                self._skipped += (start - minutes) * 60
                return

    # -- the field ----------------------------------------------------------------------
    def bust(self, players: int = 1) -> None:
        """``players`` went out (their chips stay in play with the others)."""
        if players < 0 or self.players_left - players < 1:
            raise StructureError(
                f"{players} cannot bust: {self.players_left} players are left and one must stay"
            )
        self.players_left -= players

    def add_entrant(self, chips: int | None = None) -> None:
        """Another entry (late registration or a re-entry) with ``chips`` (default: the
        starting stack)."""
        self.entrants += 1
        self.players_left += 1
        self.chips += self._stack if chips is None else chips

    def add_chips(self, chips: int) -> None:
        """Chips put in play without a new player (a rebuy, an add-on, a lammer)."""
        self.chips += chips

    # -- the display --------------------------------------------------------------------
    def state(self, now: float) -> ClockState:
        """What the clock shows at ``now``."""
        minutes = self.elapsed(now) / 60
        slots = self.structure.schedule()
        index = next(i for i, (s, e, _) in enumerate(slots) if s <= minutes < e)
        _start, end, level = slots[index]
        on_break = level is None
        if level is None:
            level = slots[index + 1][2]
            assert level is not None  # a break always has a level after it
        later = [lv for _, _, lv in slots[index + 1 :] if lv is not None and lv is not level]
        breaks = [s for s, _, lv in slots[index + 1 :] if lv is None]
        return ClockState(
            level=level,
            next_level=later[0] if later else None,
            seconds_left=(end - minutes) * 60,
            on_break=on_break,
            players_left=self.players_left,
            average_stack=self.chips // max(1, self.players_left),
            next_break_in=0.0 if on_break else ((breaks[0] - minutes) * 60 if breaks else None),
            minutes=minutes,
            paused=self.paused,
            entrants=self.entrants,
        )

    # -- kept and read back -----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything the clock holds but its structure, as JSON-ready values (the
        times are on whatever clock the caller reads: a clock kept across restarts of a
        program must read the wall clock, ``time.time()``)."""
        return {
            "started_at": self.started_at,
            "paused_at": self._paused_at,
            "paused_for": self._paused_for,
            "skipped": self._skipped,
            "entrants": self.entrants,
            "players_left": self.players_left,
            "chips": self.chips,
            "stack": self._stack,
        }

    @classmethod
    def from_dict(cls, structure: Structure, data: dict[str, Any]) -> Clock:
        """The clock :meth:`to_dict` described, over ``structure``."""
        clock = cls.__new__(cls)
        clock.structure = structure
        clock.restore(data)
        return clock

    def restore(self, data: dict[str, Any]) -> None:
        """Take the times and counts :meth:`to_dict` wrote (a clock read back from a store)."""
        self.started_at = float(data["started_at"])
        self.entrants = int(data["entrants"])
        self.players_left = int(data["players_left"])
        self.chips = int(data["chips"])
        self._stack = int(data["stack"])
        paused_at = data.get("paused_at")
        self._paused_at = None if paused_at is None else float(paused_at)
        self._paused_for = float(data.get("paused_for", 0.0))
        self._skipped = float(data.get("skipped", 0.0))
