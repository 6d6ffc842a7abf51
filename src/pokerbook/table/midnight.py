"""The Midnight Rule (004 r.6g): "After midnight, stakes automatically double and the
appropriate Double Stakes are in effect"; r.20: "Stakes DOUBLE after midnight".

A simulated night has no clock, so a night says when midnight falls: after a number
of hands (``after_hands``), or at a time of day (``at``) for a night played live,
counted from when it started.  004's Double Stakes (r.6c-6f) are every amount of the
stakes doubled (Limit 1-5: $1 ante, $2 minimum and $10 maximum bet, a $4 kill blind;
No Limit $1 Ante: $2 ante, $2 minimum bet, $1 and $2 blinds, a $4 kill blind), and so
is :func:`double_stakes`; a kill is worked out on the doubled stakes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta

from pokerbook.games.stakes import Stakes


@dataclass(frozen=True)
class Midnight:
    """When the stakes double: after ``after_hands`` hands, or at the time ``at`` (a
    night played live); either, whichever comes first."""

    after_hands: int | None = None
    at: time | None = None

    def struck(
        self, hands_played: int, now: datetime | None = None, started: datetime | None = None
    ) -> bool:
        """Whether midnight has passed once ``hands_played`` hands are over (and, for a
        night with a clock, at ``now`` for a night ``started`` then)."""
        if self.after_hands is not None and hands_played >= self.after_hands:
            return True
        if self.at is None or now is None or started is None:
            return False
        first = datetime.combine(started.date(), self.at, started.tzinfo)
        if first <= started:
            first += timedelta(days=1)
        return now >= first

    def describe(self) -> str:
        when = []
        if self.after_hands is not None:
            when.append(f"after {self.after_hands} hands")
        if self.at is not None:
            when.append(f"at {self.at:%H:%M}")
        return "stakes double " + " or ".join(when)


def double_stakes(stakes: Stakes) -> Stakes:
    """Every amount of ``stakes`` doubled (004 r.6c-6f's Double Stakes)."""
    return replace(
        stakes,
        blinds=tuple(2 * b for b in stakes.blinds),
        ante=2 * stakes.ante,
        bring_in=2 * stakes.bring_in,
        small_bet=2 * stakes.small_bet,
        big_bet=2 * stakes.big_bet,
        spread=None if stakes.spread is None else (2 * stakes.spread[0], 2 * stakes.spread[1]),
        min_bet=2 * stakes.min_bet,
    )
