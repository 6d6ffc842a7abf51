"""The calling station: checks or calls every bet, never folds, never raises."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from pokerbook.bots.base import (
    STAND_PAT,
    DrawNow,
    apply_random_draw,
    random_draw,
    random_draw_now,
    stand_pat_now,
)
from pokerbook.engine.actions import Action

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand

CHECK_OR_CALL = Action("call")
BRING_IN = Action("bring-in")


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class CallPolicy:
    """Always checks or calls; posts the (minimum) bring-in rather than completing, and
    makes the smallest raise where calling is not allowed (no limping in no-limit 2-7).

    In draw rounds it throws a random number of random cards (``draws="random"``,
    the default) or stands pat (``draws="pat"``); discard rounds throw random cards.
    Asked to choose (a choice step), it takes the first option.
    """

    name = "call"
    #: every betting decision a check or call where one is simply legal (a
    #: :class:`~pokerbook.bots.base.Calling` policy: ``play_hand`` makes it itself)
    checks_or_calls = True

    def __init__(self, draws: str = "random") -> None:
        if draws not in ("random", "pat"):
            raise ValueError(f"draws must be 'random' or 'pat', not {draws!r}")
        self.draws = draws
        #: the draws :meth:`choose` would make, made by places (random), or standing pat
        self.draw_now: DrawNow | None = apply_random_draw if draws == "random" else stand_pat_now

    def choose(self, hand: Hand, rng: random.Random) -> Action:
        decision = hand.decision
        if decision == "bet":
            if self._may_call(hand):
                return CHECK_OR_CALL  # the commonest decision, known without legal()
        elif decision == "draw":  # worked out from the step, without legal()
            return STAND_PAT if self.draws == "pat" else random_draw_now(hand, rng)
        elif decision == "discard":
            return random_draw_now(hand, rng)
        legal = hand.legal()
        if legal is None:
            raise ValueError("nobody is to act")
        if legal.choose is not None:
            return Action("choose", option=legal.choose[0])
        if legal.draw is not None and self.draws == "pat":
            return STAND_PAT
        if legal.draw is not None or legal.discard is not None:
            return random_draw(hand, legal, rng)
        if legal.bring_in is not None:
            return BRING_IN
        if not legal.check and legal.call is None and legal.min_to is not None:
            return Action("bet", legal.min_to)  # may not just call: the smallest raise
        return CHECK_OR_CALL

    @staticmethod
    def _may_call(hand: Hand) -> bool:
        """Whether the seat to act, in a betting round, may check or call: always, but
        for a limp where the round allows none (no-limit 2-7's first round: only all in)."""
        rnd, seat = hand.round, hand.actor
        if rnd is None or seat is None:
            return False
        if rnd.no_limp != rnd.current:
            return True
        to_call = rnd.current - hand.committed[seat]
        return to_call <= 0 or to_call >= hand.stacks[seat]
