"""What a night's table agrees to play besides the games: bomb pots and running it twice.

* :class:`BombPots`: every player antes ``ante`` and the first betting round is
  skipped (000 §1.4: "Bomb pots are common in cash games, usually on a dealer
  change").  A night deals one every ``every`` hands (the ``every``-th, the
  ``2 * every``-th ...), or when the player on the button calls one (``button``:
  a bot calls one with chance ``button_chance``; a person is asked through a
  :data:`BombChooser`).  Only games with blinds can be bomb pots; a hand of another
  game is dealt as usual.
* Running it twice (001 Procedures r.14): a night's ``run_twice`` is the chance that
  the table agrees, drawn each hand, to deal the rest of the board twice if the pot
  is all in before the river; a person at the table agrees or not for themselves
  (the CLI's ``--run-twice``).  A house may forbid it (004 r.26j).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pokerbook.engine.setup import can_be_bomb_pot
from pokerbook.games.model import Game

__all__ = ["BombChooser", "BombPots", "bots_choice", "can_be_bomb_pot"]

#: the button's choice of a bomb pot: ``(button seat, game, rng) -> bool``
BombChooser = Callable[[int, Game, random.Random], bool]


@dataclass(frozen=True)
class BombPots:
    """Bomb pots of ``ante`` each: every ``every`` hands (0: none on a schedule) and,
    with ``button``, whenever the player on the button calls one."""

    ante: int
    every: int = 0
    button: bool = False
    #: the chance a bot on the button calls a bomb pot
    button_chance: float = 0.0

    def __post_init__(self) -> None:
        if self.ante <= 0:
            raise ValueError(f"a bomb pot's ante must be positive, not {self.ante}")
        if self.every < 0:
            raise ValueError(f"bomb pots every N hands needs N of 0 or more, not {self.every}")
        if not 0.0 <= self.button_chance <= 1.0:
            raise ValueError(f"button_chance is a chance from 0 to 1, not {self.button_chance}")
        if not self.every and not self.button:
            raise ValueError("bomb pots need every = N hands or the button's choice")

    def scheduled(self, number: int) -> bool:
        """Whether hand ``number`` (from 1) is a bomb pot by the schedule."""
        return self.every > 0 and number % self.every == 0

    def describe(self) -> str:
        """``bomb pots of 100 every 10 hands and on the button's choice``."""
        when = []
        if self.every:
            when.append(f"every {self.every} hands")
        if self.button:
            when.append("on the button's choice")
        return f"bomb pots of {self.ante} {' and '.join(when)}"


def bots_choice(chance: float) -> BombChooser:
    """A bot on the button calls a bomb pot with ``chance``."""

    def choose(button: int, game: Game, rng: random.Random) -> bool:
        return rng.random() < chance

    return choose
