"""004 r.111's bust-out side game: "After 3 players have busted out of the tournament,
a side game will played. Stakes will be No Limit 25¢ Ante", funded by the $10 each
entrant paid for it.

The director notes when ``after_busts`` players are out; those players sit down to the
side game then, each buying in for the structure's ``buy_in`` (whole dollars, played in
cents), and play it, with bots, for the hands that fit in the time the tournament goes
on (a hand every ``seconds_per_hand``, at most ``MOST_HANDS``).  The hands are dealt by
the project's game-night table (:func:`pokerbook.table.play.run_night`), every hand
checked; a player who loses their buy-in is out of it (no rebuys).  Players who bust
from the tournament after it starts are listed as ``joined_later`` but not seated: the
night's table plays the players it starts with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pokerbook.bots.base import get_policy
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import find_house
from pokerbook.games.stakes import Stakes
from pokerbook.table.night import Night, Seat, StakesTable
from pokerbook.table.play import run_night
from pokerbook.table.selection import Rotation
from pokerbook.tournament.places import Bust
from pokerbook.tournament.structure import SideGame, Structure

#: the most side-game hands simulated
MOST_HANDS = 2000
#: cents in a money unit (r.111's ante is 25 cents, its buy-in $10)
CENTS = 100


class SideGameRecord:
    """The side game of one event: when it starts, who plays, and its hands."""

    def __init__(self, rule: SideGame | None, names: Sequence[str]) -> None:
        self.rule = rule
        self.out: list[str] = []
        self.start: tuple[float, int, list[str]] | None = None

    def busted(self, busts: Sequence[Bust], left: int, hands: int, minute: float) -> None:
        """Players went out of the tournament at ``minute`` after ``hands`` hands."""
        if self.rule is None:
            return
        self.out.extend(b.player for b in busts)
        if self.start is None and len(self.out) >= self.rule.after_busts:
            self.start = (minute, hands, list(self.out))

    def finish(
        self, minute: float, structure: Structure, rng: random.Random
    ) -> dict[str, Any] | None:
        """Play the side game for the time from its start to ``minute`` (the
        tournament's end); its record, or None when it never started."""
        if self.rule is None or self.start is None:
            return None
        began, after_hand, players = self.start
        game = find_game(self.rule.game)
        seats = players[: game.max_players]
        hands = min(MOST_HANDS, int((minute - began) * 60 / structure.seconds_per_hand))
        record: dict[str, Any] = {
            "minute": round(began, 3),
            "after_hand": after_hand,
            "game": game.id,
            "ante": self.rule.ante,
            "buy_in": self.rule.buy_in * CENTS,
            "players": seats,
            "joined_later": [p for p in self.out if p not in seats],
            "hands": 0,
            "nets": dict.fromkeys(seats, 0),
        }
        if hands <= 0 or len(seats) < 2:
            return record
        night = Night(
            key="side-game",
            name="bust-out side game (004 r.111)",
            house=find_house(structure.house),
            selection=Rotation((game.id,)),
            stakes=StakesTable(
                (
                    (
                        "default",
                        Stakes(format="no-limit", ante=self.rule.ante, min_bet=self.rule.ante),
                    ),
                )
            ),
            buy_in=self.rule.buy_in * CENTS,
        )
        policy = get_policy("random")
        results, ledger = run_night(
            night,
            [policy] * len(seats),
            hands,
            rng.getrandbits(32),
            seats=[Seat(p, self.rule.buy_in * CENTS) for p in seats],
        )
        record["hands"] = len(results)
        record["nets"] = {p: ledger.net(p) for p in seats}
        return record
