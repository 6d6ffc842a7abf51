"""The Overs button (004 r.8; rules.md §1.4).

"At the start of the game or between deals, players may choose to play with an
"Overs Button".  Any pot that is contested only by players with Overs Buttons, the
maximum bet automatically changes to No Limit.  Once a player declares he/she is
playing Overs, the button sticks and the player remains as an Overs player for the
rest of the game.  The only way to get rid of the Overs Button is to cash out and
leave the game.  Should an Overs player cash out and leave, and then later return,
the player will automatically receive an Overs Button."

004 names it for a "Limit Stake 1-10 game only"; a night that enables it
(:class:`OversRule`) applies it to its limit and spread-limit games but those it
``exclude``\\ s.  The engine does the betting (``HandSetup(overs=...)``: while every seat
not folded holds a button, the bets are no limit); :class:`OversButtons` keeps who
holds one over the night, by name: a player who leaves takes theirs away from the
table, and one who comes back has it again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokerbook.games.bug import base_id
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes


@dataclass(frozen=True)
class OversRule:
    """A night's Overs buttons: bots take one when they first sit down with chance
    ``chance``, and before each deal, without one, with chance ``between_deals``;
    the games in ``exclude`` (catalogue IDs) keep their limits (004 r.13.04: Chicago
    Triple Draw "is ALWAYS played limited")."""

    chance: float = 0.0
    between_deals: float = 0.0
    exclude: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("chance", "between_deals"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"overs {name} is a chance from 0 to 1, not {value}")

    def applies(self, game: Game, stakes: Stakes) -> bool:
        """Whether the buttons count in a hand of ``game`` at ``stakes``: a limit to
        lift, and a game not excluded (with the Bug added too: 004 r.3 changes the deck,
        not the limits)."""
        excluded = base_id(game.id) in self.exclude
        return stakes.format in ("limit", "spread-limit") and not excluded


class OversButtons:
    """The players holding an Overs button, by name; bots' draws come from their own
    generator so a night without buttons plays as before."""

    def __init__(self, rule: OversRule, seed: int) -> None:
        self.rule = rule
        self.rng = random.Random(f"overs-{seed}")
        #: every player who declared Overs this night (it sticks: 004 r.8)
        self.holders: set[str] = set()
        self._seen: set[str] = set()

    def take(self, name: str) -> None:
        """``name`` declares Overs (between deals)."""
        self.holders.add(name)

    def bots_take(self, names: Sequence[str | None]) -> None:
        """Before a deal: each player in ``names`` (None: an empty seat) takes a button
        with the rule's chance: ``chance`` when they first sit down, else
        ``between_deals``."""
        for name in names:
            if name is None or name in self.holders:
                continue
            first = name not in self._seen
            self._seen.add(name)
            if self.rng.random() < (self.rule.chance if first else self.rule.between_deals):
                self.holders.add(name)

    def seats(self, game: Game, stakes: Stakes, names: Sequence[str]) -> frozenset[int]:
        """The seats of a hand (``names`` in its seat order) holding a button, empty
        when the rule does not apply to the hand."""
        if not self.holders or not self.rule.applies(game, stakes):
            return frozenset()
        return frozenset(i for i, name in enumerate(names) if name in self.holders)
