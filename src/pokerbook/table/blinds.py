"""The button and the blinds over a night: who holds the button and who posts which blind.

Two methods, a house choice (001 Blinds r.1):

* **moving button** (r.1(a)): the button always moves to the next player in and the
  blinds follow it;
* **dead button** (r.1(b)): the big blind goes to the player due for it, the next
  player in after the last big blind, and the small blind and button take the seats
  the big and small blind had, even when nobody is in them: the small blind is not
  posted when its seat is empty, and an empty button seat is a dead button, which
  gives the last player before it the last action again.

Heads-up, the button posts the small blind and the other player the big blind
(001 Blinds r.3, 004 r.31, r.106).  The positions move in stud games too, where
nobody posts a blind and the button only marks the dealer (004: in stud the
"Dealer Button does NOT move" for the action, but the deal passes left).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Positions:
    """Where the button and blinds are for one hand, in table seats.

    ``button_seat`` and ``small_seat`` are the seats the button and the small blind are
    on, which with a dead button may be empty; ``button`` is the player the hand treats
    as the button (the last player in at or before the button seat) and
    ``small_blind`` the player who posts the small blind, None when its seat is empty.
    """

    button: int
    button_seat: int
    small_seat: int
    big_blind: int
    small_blind: int | None

    @property
    def dead_button(self) -> bool:
        """The button is on a seat nobody plays from."""
        return self.button != self.button_seat

    def blinds(self, seats: int, posts: Sequence[int]) -> list[int]:
        """Each table seat's live blind for the two ``posts`` (small, big)."""
        out = [0] * seats
        if self.small_blind is not None:
            out[self.small_blind] = posts[0]
        out[self.big_blind] = posts[1]
        return out


class ButtonState:
    """The button and blind positions of a table of ``seats`` seats, hand by hand."""

    def __init__(self, seats: int, *, dead_button: bool) -> None:
        self.seats = seats
        self.dead_button = dead_button
        self.last: Positions | None = None

    def _next(self, active: Sequence[int], after: int) -> int:
        """The first seat of ``active`` clockwise after seat ``after``."""
        return min(active, key=lambda s: (s - after - 1) % self.seats)

    def _before(self, active: Sequence[int], seat: int) -> int:
        """The last seat of ``active`` at or counter-clockwise before ``seat``."""
        return min(active, key=lambda s: (seat - s) % self.seats)

    def advance(
        self, active: Sequence[int], rng: random.Random, *, dead: bool | None = None
    ) -> Positions:
        """The positions for the next hand among the ``active`` seats (two or more, in
        seat order); the first hand's button is a seat drawn at random.  ``dead``
        overrides the table's method for this hand (004 r.106: after a bust)."""
        positions = self.following(active, rng, dead=dead)
        self.last = positions
        return positions

    def following(
        self, active: Sequence[int], rng: random.Random, *, dead: bool | None = None
    ) -> Positions:
        """The positions :meth:`advance` would give, without moving the button."""
        last = self.last
        if last is None:
            return self._around(active, active[rng.randrange(len(active))])
        if not (self.dead_button if dead is None else dead):
            return self._around(active, self._next(active, last.button))
        return self._dead(active, last)

    def _dead(self, active: Sequence[int], last: Positions) -> Positions:
        """Dead button: the big blind to the next player after the last big blind; the
        small blind and button on the seats the big and small blind had."""
        big = self._next(active, last.big_blind)
        if len(active) == 2:
            other = next(s for s in active if s != big)
            return Positions(other, other, other, big, other)
        small_seat, button_seat = last.big_blind, last.small_seat
        small = small_seat if small_seat in active else None
        button = self._before(active, button_seat)
        if big in (small_seat, button_seat) or button in (small, big):
            # seats came back into play inside the blinds: move the button instead
            return self._around(active, self._next(active, last.button))
        return Positions(button, button_seat, small_seat, big, small)

    def _around(self, active: Sequence[int], button: int) -> Positions:
        """The blinds left of a button on seat ``button`` (heads-up: it posts the small)."""
        if len(active) == 2:
            return Positions(button, button, button, self._next(active, button), button)
        small = self._next(active, button)
        return Positions(button, button, small, self._next(active, small), small)
