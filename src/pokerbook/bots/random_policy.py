"""A seeded random player: folds sometimes, calls, bets and raises random legal amounts."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pokerbook.bots.base import apply_random_draw, random_draw, random_draw_now
from pokerbook.engine.actions import Action

if TYPE_CHECKING:
    from pokerbook.engine.betting import Legal
    from pokerbook.engine.hand import Hand

FOLD = Action("fold")
CHECK = Action("check")
CALL = Action("call")
BRING_IN = Action("bring-in")


class RandomPolicy:
    """Plays every legal kind of action with fixed odds.

    Facing a bet it folds with ``fold`` odds, raises with ``raise_`` odds and calls
    otherwise; unopposed it bets with ``bet`` odds and checks otherwise.  Bet sizes
    are drawn from the legal range: the minimum half the time, the maximum (all in,
    or the pot in pot limit) a tenth of the time, any amount in between otherwise,
    in whole chips when the stakes name a chip bigger than 1 (004 r.7).
    Draws and discards throw random cards; a choice takes a random option.
    """

    name = "random"
    #: the draws :meth:`choose` would make, made by places
    draw_now = staticmethod(apply_random_draw)

    def __init__(self, fold: float = 0.3, raise_: float = 0.15, bet: float = 0.3) -> None:
        self.fold = fold
        self.raise_ = raise_
        self.bet = bet

    def choose(self, hand: Hand, rng: random.Random) -> Action:
        decision = hand.decision
        if decision in ("draw", "discard"):
            return random_draw_now(hand, rng)  # (what random_draw does, without legal())
        legal = hand.legal()
        if legal is None:
            raise ValueError("nobody is to act")
        if legal.choose is not None:
            return Action("choose", option=rng.choice(legal.choose))
        if legal.draw is not None or legal.discard is not None:
            return random_draw(hand, legal, rng)
        can_raise = legal.min_to is not None and legal.max_to is not None
        if legal.bring_in is not None:
            if can_raise and rng.random() < self.raise_:
                return self._size(legal, rng, hand.stakes.chip)
            return BRING_IN
        roll = rng.random()
        if legal.call is not None:
            if legal.fold and roll < self.fold:
                return FOLD
            if can_raise and roll > 1 - self.raise_:
                return self._size(legal, rng, hand.stakes.chip)
            return CALL
        if not legal.check and can_raise:  # may not just call (no limping): fold or raise
            if legal.fold and roll < self.fold:
                return FOLD
            return self._size(legal, rng, hand.stakes.chip)
        if can_raise and roll < self.bet:
            return self._size(legal, rng, hand.stakes.chip)
        return CHECK

    @staticmethod
    def _size(legal: Legal, rng: random.Random, chip: int = 1) -> Action:
        lo, hi = legal.min_to, legal.max_to
        assert lo is not None
        assert hi is not None
        if legal.sizes:
            return Action("bet", rng.choice(legal.sizes))
        roll = rng.random()
        if roll < 0.5 or lo == hi:
            return Action("bet", lo)
        if roll < 0.6:
            return Action("bet", hi)
        if chip > 1:
            low, high = -(-lo // chip), hi // chip  # whole chips within the bounds
            if low <= high:
                return Action("bet", rng.randint(low, high) * chip)
            return Action("bet", lo)
        return Action("bet", rng.randint(lo, hi))
