"""The policy protocol, draw helpers shared by the bots, and the policy registry."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from pokerbook.engine.actions import Action

if TYPE_CHECKING:
    from pokerbook.engine.betting import Legal
    from pokerbook.engine.hand import Hand

STAND_PAT = Action("draw")


class Policy(Protocol):
    """Chooses the action of the seat to act (``hand.legal().seat``)."""

    name: str

    def choose(self, hand: Hand, rng: random.Random) -> Action | str:
        """The action for the seat to act in ``hand``; ``rng`` is the only randomness."""
        ...


def random_draw(hand: Hand, legal: Legal, rng: random.Random) -> Action:
    """For a draw or discard round: throw a random legal number of random held cards."""
    held = hand.hole[legal.seat] if legal.throwable is None else list(legal.throwable)
    if legal.discard is not None:
        count = min(legal.discard, len(held))
        return Action("discard", None, tuple(rng.sample(held, count)))
    lo, hi = legal.draw if legal.draw is not None else (0, 0)
    count = rng.randint(lo, min(hi, len(held)))
    if count == 0:
        return STAND_PAT
    return Action("draw", None, tuple(rng.sample(held, count)))


def policy_names() -> tuple[str, ...]:
    """The names :func:`get_policy` knows."""
    return ("call", "random")


def get_policy(name: str) -> Policy:
    """A fresh policy by name: ``call`` or ``random``."""
    from pokerbook.bots.call import CallPolicy
    from pokerbook.bots.random_policy import RandomPolicy

    key = name.strip().lower()
    if key == "call":
        return CallPolicy()
    if key == "random":
        return RandomPolicy()
    raise ValueError(f"no policy named {name!r}; policies: {', '.join(policy_names())}")
