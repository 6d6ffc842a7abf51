"""004 r.111's bust-out side game: "After 3 players have busted out of the tournament,
a side game will played. Stakes will be No Limit 25¢ Ante", funded by the $10 each
entrant paid for it.

When ``after_busts`` players are out of the tournament they sit down to the side game,
each buying in for the structure's ``buy_in`` (whole dollars, played in cents), with
bots.  It is dealt on a game night's table (:class:`pokerbook.table.play.GameNight`,
every hand checked) in step with the tournament's clock: a hand every
``seconds_per_hand`` of the event (at most ``MOST_HANDS`` in all), played up to each
moment a player goes out of the tournament and to its end.  Players out later join at
an empty seat as they go out (a seat is freed when its player has lost their buy-in:
no rebuys), or wait for one (``waiting``).
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
from pokerbook.table.play import GameNight
from pokerbook.table.selection import Rotation
from pokerbook.tournament.places import Bust
from pokerbook.tournament.structure import SideGame, Structure

#: the most side-game hands simulated
MOST_HANDS = 2000
#: cents in a money unit (r.111's ante is 25 cents, its buy-in $10)
CENTS = 100


class SideGameRecord:
    """The side game of one event: when it starts, who plays, and its hands."""

    def __init__(self, rule: SideGame | None, structure: Structure, rng: random.Random) -> None:
        self.rule = rule
        self.structure = structure
        self.rng = rng
        self.out: list[str] = []
        self.table: GameNight | None = None
        self.began = 0.0
        self.record: dict[str, Any] | None = None
        self.waiting: list[str] = []

    def busted(self, busts: Sequence[Bust], hands: int, minute: float) -> None:
        """Players went out of the tournament at ``minute``, ``hands`` hands into it."""
        if self.rule is None:
            return
        self.out.extend(b.player for b in busts)
        if self.table is None:
            if len(self.out) >= self.rule.after_busts:
                self._start(self.rule, hands, minute)
            return
        self._play_to(minute)
        self.waiting.extend(b.player for b in busts)
        self._seat_waiting()

    def _start(self, rule: SideGame, hands: int, minute: float) -> None:
        game = find_game(rule.game)
        seats = self.out[: game.max_players]
        self.waiting = self.out[game.max_players :]
        night = Night(
            key="side-game",
            name="bust-out side game (004 r.111)",
            house=find_house(self.structure.house),
            selection=Rotation((game.id,)),
            stakes=StakesTable(
                (("default", Stakes(format="no-limit", ante=rule.ante, min_bet=rule.ante)),)
            ),
            buy_in=rule.buy_in * CENTS,
            table_seats=game.max_players,
        )
        self.table = GameNight(
            night,
            [get_policy("random")] * len(seats),
            self.rng.getrandbits(32),
            seats=[Seat(p, rule.buy_in * CENTS) for p in seats],
            table_seats=game.max_players,
        )
        self.began = minute
        self.record = {
            "minute": round(minute, 3),
            "after_hand": hands,
            "game": game.id,
            "ante": rule.ante,
            "buy_in": rule.buy_in * CENTS,
            "players": list(seats),
            "joined": [],
            "waiting": [],
            "hands": 0,
            "nets": {},
        }

    def _play_to(self, minute: float) -> None:
        """Deal the side game's hands due by ``minute`` of the event."""
        table = self.table
        assert table is not None
        due = int((minute - self.began) * 60 / self.structure.seconds_per_hand)
        wanted = min(MOST_HANDS, due) - table.hands_played
        if wanted > 0:
            for _ in table.play(wanted):
                pass

    def _seat_waiting(self) -> None:
        """Free the seats of players who lost their buy-in; seat who is waiting."""
        table = self.table
        assert table is not None
        assert self.record is not None
        for seat, name in enumerate(table.seating.names()):
            if name is not None and table.out[seat]:
                table.leave(seat)
        for seat, name in enumerate(table.seating.names()):
            if name is None and self.waiting:
                player = self.waiting.pop(0)
                table.join(seat, player, self.rule.buy_in * CENTS if self.rule else 0)
                self.record["joined"].append(
                    {"player": player, "after_side_hand": table.hands_played}
                )

    def finish(self, minute: float) -> dict[str, Any] | None:
        """Deal the side game to the tournament's end (``minute``); its record, or
        None when it never started."""
        if self.table is None or self.record is None:
            return None
        self._play_to(minute)
        ledger = self.table.finish()
        self.record["hands"] = self.table.hands_played
        self.record["waiting"] = list(self.waiting)
        self.record["nets"] = ledger.nets()
        return self.record
