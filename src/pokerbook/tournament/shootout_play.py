"""A shootout in play (000 §1.3.3, E-36): no balancing; each table plays down to the
players who advance (``advance``: one or two), and when every table of a round is down
to them they are redrawn at random to the next round's tables
(:func:`~pokerbook.tournament.shootout.shootout_rounds`), keeping their chips (the
house's choice: the rulebooks do not say), until the final table plays to a winner.
Players out in a round all place below everyone who advanced from it.
"""

from __future__ import annotations

import random

from pokerbook.tournament.event import EventFloor
from pokerbook.tournament.report import TournamentReport
from pokerbook.tournament.seating_draw import Draw, random_draw
from pokerbook.tournament.shootout import shootout_rounds
from pokerbook.tournament.structure import Structure


class ShootoutPlay:
    """The rounds of one shootout and the one in play."""

    def __init__(self, structure: Structure, players: int) -> None:
        assert structure.shootout is not None
        self.advance = structure.shootout.advance
        self.size = structure.table_size
        self.rounds = shootout_rounds(players, self.size, self.advance)
        self.round = 0

    def first_draw(self, players: list[str], rng: random.Random) -> Draw:
        """The first round's seats: as many tables as E-36 gives, sizes within one."""
        return random_draw(players, self.size, rng, tables=len(self.rounds[0]))

    @property
    def target(self) -> int:
        """The players a table of this round plays down to (the final: one)."""
        return 1 if self.round == len(self.rounds) - 1 else self.advance

    def over(self, floor: EventFloor) -> bool:
        """Whether every table of the round is down to its advancing players."""
        target = self.target
        return all(floor.players(n) <= target for n in floor.tables)

    def next_round(self, floor: EventFloor, rng: random.Random, report: TournamentReport) -> None:
        """Redraw the advancing players to the next round's tables, recording a
        "redraw" move for each."""
        if self.round >= len(self.rounds) - 1:
            return
        self.round += 1
        lifted = floor.close_all()
        draw = random_draw(
            [player for player, _, _ in lifted], self.size, rng, tables=len(self.rounds[self.round])
        )
        stacks = {player: holder.stack for player, holder, _ in lifted}
        absent = {player for player, holder, _ in lifted if holder.absent}
        floor.seat_draw(draw, stacks, absent)
        places = {player: place for player, _, place in lifted}
        for view in draw.tables:
            for seat, player in enumerate(view.seats):
                if player is not None:
                    report.moves.append(
                        {
                            "hand": floor.hands,
                            "player": player,
                            "from": list(places[player]),
                            "to": [view.number, seat + 1],
                            "reason": "redraw",
                        }
                    )
