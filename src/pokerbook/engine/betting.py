"""One betting round: who may do what, for how much, under each betting format.

Rules (000 §1.1, 001 "Betting and Raising", "No-Limit", "Pot-Limit"):
* limit: bets and raises are the round's fixed size; a bet and three raises by
  default (the house may lift the cap heads-up); completing a bring-in is the bet,
  not a raise; an all-in of half a bet or more counts as a full bet (the half-bet
  rule), less does not reopen the betting; a house without the half-bet rule
  (004 r.7g, r.9) treats every all-in as a full bet: it reopens the betting and
  a raise is a full bet over it;
* no limit: the minimum raise is the last full bet or raise; an all-in short of it
  does not reopen the betting for players who already acted;
* pot limit: as no limit, at most the pot after the call;
* spread limit: any amount between the spread's minimum and maximum, a raise at
  least the previous bet or raise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from pokerbook.cards.card import Card
from pokerbook.games.model import Format


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
@dataclass(slots=True)
class Legal:
    """What the player to act may do now."""

    seat: int
    fold: bool = True
    check: bool = False
    call: int | None = None  # chips to call (possibly all-in for less)
    min_to: int | None = None  # smallest bet/raise, as the seat's total in the round
    max_to: int | None = None  # largest
    bring_in: int | None = None  # stud: post the bring-in for this much
    draw: tuple[int, int] | None = None  # discard between these many cards (draw round)
    discard: int | None = None  # discard exactly this many (discard round)
    throwable: tuple[Card, ...] | None = None  # the cards it may throw, when not all it holds
    sizes: tuple[int, ...] = ()  # limit: the only totals allowed when there is a choice
    # a choice step: the options (a tuple, or a sequence that writes each option only
    # when asked for: ``option in choose`` reads the option, ``choose[i]`` writes one)
    choose: Sequence[str] | None = None

    def describe(self) -> str:
        parts: list[str] = []
        if self.draw is not None:
            lo, hi = self.draw
            return f"draw {lo}-{hi} cards (sd CARDS, or sd to stand pat)"
        if self.discard is not None:
            return f"discard {self.discard} card(s) (dc CARDS)"
        if self.choose is not None:
            return f"choose one of {', '.join(self.choose)} (ch OPTION)"
        if self.bring_in is not None:
            parts.append(f"bring-in {self.bring_in} (pb)")
        if self.check:
            parts.append("check (cc)")
        if self.call is not None:
            parts.append(f"call {self.call} (cc)")
        if self.min_to is not None and self.max_to is not None:
            if self.min_to == self.max_to:
                parts.append(f"bet/raise to {self.min_to} (cbr {self.min_to})")
            else:
                parts.append(f"bet/raise to {self.min_to}-{self.max_to} (cbr N)")
        if self.fold:
            parts.append("fold (f)")
        return ", ".join(parts)


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class Round:
    """The state of one betting round (``seats`` seats at the table)."""

    __slots__ = (
        "acted",
        "aggressor",
        "bring_in_seat",
        "capped",
        "current",
        "double",
        "first",
        "format",
        "full_level",
        "half_bet",
        "last_raise",
        "no_limp",
        "owing",
        "raise_id",
        "raises",
        "size",
        "spread",
    )

    def __init__(
        self,
        format: Format,
        size: int,
        seats: int,
        spread: tuple[int, int] | None = None,
        half_bet: bool = True,
    ) -> None:
        self.format = format
        self.size = size  # limit: the fixed bet; big-bet: the minimum bet
        self.current = 0  # the most any seat has in this round
        self.full_level = 0  # limit: the last level reached by a full bet or raise
        self.last_raise = 0  # no/pot limit: the last full raise (or the minimum bet)
        self.raises = 0  # bets and raises made (for the cap)
        # counts full bets/raises; a seat may raise if one came since it acted
        self.raise_id = 0
        self.capped = False
        self.aggressor: int | None = None
        self.first: int | None = None  # who acted first in the round
        self.bring_in_seat: int | None = None  # stud: the seat that must bring in
        # per seat: the raise_id when it last acted, -1 before it has acted
        self.acted = [-1] * seats
        # how many seats still owe a decision: those in with chips behind that have not
        # acted since the last full bet, or have less in than the top bet (they follow
        # the last to act, in turn, so the next seat able to act is one of them)
        self.owing = 0
        self.spread = spread
        # limit stud 4th street with an open pair: the big bet is allowed too
        self.double = 0
        # limit: only an all-in of half a bet or more counts as a full bet (the half-bet
        # rule); without it any all-in bet or raise reopens the betting (004 r.7g, r.9)
        self.half_bet = half_bet
        # no-limit 2-7's first round: the blind level nobody may just call (0: none)
        self.no_limp = 0

    def may_raise(self, seat: int) -> bool:
        return self.acted[seat] < self.raise_id

    def is_capped(self, cap: int | None) -> bool:
        return self.capped or (cap is not None and self.raises >= cap + 1)

    def raise_bounds(
        self, committed: int, stack: int, pot_after_call: int, min_bet: int
    ) -> tuple[int, int] | None:
        """The (min, max) total a seat may bet or raise to, or None."""
        all_in = committed + stack
        to_call = self.current - committed
        if stack <= to_call:
            return None
        if self.format == "limit":
            target = min(self.full_level + self.size, all_in)
            if self.double > self.size:
                return (target, min(self.full_level + self.double, all_in))
            return (target, target)
        if self.format == "spread-limit" and self.spread is not None:
            low, high = self.spread
            step = max(self.last_raise, low) if self.current else low
            lo, hi = self.current + step, self.current + high
            return (min(lo, all_in), min(hi, all_in))
        lo = self.current + max(self.last_raise, min_bet) if self.current else min_bet
        if self.format == "no-limit":
            hi = all_in
        else:
            # pot limit: "from the minimum bet to the size of the pot" (000 §1.1); a pot
            # smaller than the minimum bet (no blinds or antes yet) allows the minimum
            hi = min(all_in, max(self.current + pot_after_call, lo))
        return (min(lo, hi), hi)

    def record_bet(self, seat: int, to: int, all_in: bool) -> str:
        """Apply a bet or raise to ``to``; returns the event kind (bet/raise/complete)."""
        increase = to - self.current
        kind = "raise" if self.current else "bet"
        if self.format == "limit":
            gained = to - self.full_level
            if self.double > self.size and gained >= self.double:
                self.size = self.double  # once the big bet is made, all raises are big
            full = gained >= self.size or (
                all_in and gained > 0 and (2 * gained >= self.size or not self.half_bet)
            )
            if full:
                if self.bring_in_seat is not None and self.raises == 0:
                    kind = "complete"
                self.full_level = to
                self.raises += 1
                self.raise_id += 1
                self.aggressor = seat
        elif increase >= max(self.last_raise, self.size if not self.current else 0):
            self.last_raise = increase
            self.raises += 1
            self.raise_id += 1
            self.aggressor = seat
        elif not self.current:
            # an all-in below the minimum bet opens the betting without reopening it
            self.aggressor = seat
        self.current = to
        self.acted[seat] = self.raise_id
        return kind
