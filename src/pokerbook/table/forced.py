"""The forced money and stakes that change over a night: kills, straddles, midnight.

:class:`NightStakes` is the one thing :class:`~pokerbook.table.play.GameNight` asks
before each hand and tells after it.  Before: the stakes of the hand (the night's,
doubled after midnight: :mod:`~pokerbook.table.midnight`), then the extra forced money
(a kill, :mod:`~pokerbook.table.kills`; or straddles, :mod:`~pokerbook.table.straddles`)
as the blinds, dead blinds and ``Hand`` options that post it.  After: the kill books.
A night without kills, straddles or midnight plays exactly as it would without this.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from pokerbook.engine.hand import Hand
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.table.kills import Kill, KillButton
from pokerbook.table.midnight import double_stakes
from pokerbook.table.straddles import add_straddles, default_blinds, may_straddle

if TYPE_CHECKING:
    from pokerbook.table.night import Night


@dataclass(frozen=True)
class Forced:
    """One hand's stakes and forced money beyond the blinds the stakes name, in hand
    seats (``blinds`` and ``dead_blinds`` None: as the caller had them)."""

    stakes: Stakes
    blinds: list[int] | None
    dead_blinds: list[int] | None
    first_to_act: int | None = None
    last_to_act: int | None = None
    kill: Kill | None = None
    #: the straddles, as (hand seat, amount)
    straddles: tuple[tuple[int, int], ...] = ()


class NightStakes:
    """The stakes and forced money of a night's hands."""

    def __init__(self, night: Night) -> None:
        self.night = night
        self.kills = KillButton(night.kills) if night.kills is not None else None
        #: a live night's clock (None: midnight falls only after a number of hands)
        self.clock: Callable[[], datetime] | None = None
        self.started: datetime | None = None
        #: whether midnight has passed: the stakes are doubled from then on
        self.doubled = False

    def stakes_for(self, game: Game, hands_played: int) -> Stakes:
        """The stakes of the next hand of ``game``, after ``hands_played`` hands."""
        stakes = self.night.stakes.for_game(game)
        midnight = self.night.midnight
        if midnight is not None and not self.doubled:
            now = self.clock() if self.clock is not None else None
            if now is not None and self.started is None:
                self.started = now
            self.doubled = midnight.struck(hands_played, now, self.started)
        return double_stakes(stakes) if self.doubled else stakes

    def before_hand(
        self,
        game: Game,
        stakes: Stakes,
        names: Sequence[str],
        button: int,
        stacks: Sequence[int],
        blinds: Sequence[int] | None,
        rng: random.Random,
        dead_blinds: Sequence[int] | None = None,
        people: frozenset[str] = frozenset(),
    ) -> Forced:
        """The next hand's forced money, all per hand seat: ``names`` the players dealt
        in, ``button`` the button's seat, ``stacks`` their chips, ``blinds`` and
        ``dead_blinds`` what they post (None: the engine's own blinds, no dead ones);
        ``people`` the players a person plays, who never straddle by chance."""
        night = self.night
        house = night.house
        kills, straddles = self.kills, night.straddles
        wants_straddles = straddles is not None and may_straddle(game, stakes, house)
        if kills is None and not wants_straddles:
            return Forced(stakes, None, None)
        seats = len(names)
        forced_blinds = stakes.blinds if game.forced == "blinds" else ()
        posted = (
            list(blinds)
            if blinds is not None
            else default_blinds(seats, button, forced_blinds, house)
        )
        if kills is not None:
            declared = night.stakes.killed_for(game)
            if declared is not None and self.doubled:
                declared = double_stakes(declared)
            dead = list(dead_blinds) if dead_blinds is not None else [0] * seats
            kill = kills.kill_for(game, stakes, declared, names, button, stacks, posted, dead, rng)
            if kill is not None:
                return Forced(
                    kill.stakes,
                    kill.blinds,
                    kill.dead_blinds,
                    kill.first_to_act,
                    kill.last_to_act,
                    kill,
                )
        if straddles is None or not wants_straddles:
            return Forced(stakes, None, None)
        asked = {seat for seat, name in enumerate(names) if name in people}  # never by chance
        with_straddles, taken = add_straddles(posted, stacks, house, straddles, rng, asked)
        if not taken:
            return Forced(stakes, None, None)
        return Forced(stakes, with_straddles, None, straddles=tuple(taken))

    def after_hand(self, game: Game, hand: Hand, names: Sequence[str], forced: Forced) -> None:
        """Move the kill books after ``hand``, played by ``names`` (per hand seat)."""
        if self.kills is not None:
            self.kills.after_hand(game, hand, names, forced.kill)
