"""Players out of the event: their places, prizes and the bounties on them.

* Players who go out in the same hand at one table (in hand-for-hand play: in the same
  round at every table) are placed together: the bigger stack at the start of the hand
  finishes higher (001 Tournaments r.35); equal stacks tie and share the prizes of the
  places they take, the part that does not divide going to the best hand (004 r.109;
  :func:`~pokerbook.tournament.places.place_busts`).
* Places are fixed when players go out; the prize money is settled when the event
  ends, from the final prize pool (rebuys, add-ons and re-entries may still be adding
  to it while the first players go out).
* A bounty (000 §1.3.1) is on every entry: it goes to the player who took the entry's
  last chips (the table's ``eliminator``: a split pot's high or five-card half, a
  chopped pot's winner in the worst position).  The winner keeps their own, and an
  absent entrant whose chips are taken out of play (001 r.4) is refunded theirs: nobody
  eliminated them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from pokerbook.tournament.places import Bust, place_busts
from pokerbook.tournament.report import PlaceRecord


@dataclass
class Eliminations:
    """The places given so far and the bounties won."""

    entrants: int
    bounty: int
    #: players still in (not placed)
    left: int = 0
    #: each group of players placed together, and the best place among them
    groups: list[tuple[list[Bust], int]] = field(default_factory=list)
    bounties: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))
    order: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.left = self.entrants

    def place(self, busts: list[Bust]) -> None:
        """Place ``busts``, players out together, below everyone still in."""
        if not busts:
            return
        self.groups.append((busts, self.left))
        self.left -= len(busts)
        self.order.extend(b.player for b in busts)

    def eliminated(self, player: str, by: str | None) -> None:
        """An entry of ``player`` ended: its bounty goes to ``by`` (None: back to them)."""
        if self.bounty:
            self.bounties[by if by is not None else player] += self.bounty

    def records(self, winner: str, prizes: tuple[int, ...]) -> list[PlaceRecord]:
        """Every entrant's place, prize and bounties, first place first; ``prizes``
        from first place (fewer than the entrants: the rest win nothing)."""
        table = list(prizes) + [0] * max(0, self.entrants - len(prizes))
        placed: list[PlaceRecord] = [
            {"player": winner, "place": 1, "prize": table[0], "bounties": 0}
        ]
        for busts, best in self.groups:
            for placing in place_busts(busts, best, table):
                placed.append(
                    {
                        "player": placing.player,
                        "place": placing.place,
                        "prize": placing.prize,
                        "bounties": 0,
                    }
                )
        for record in placed:
            record["bounties"] = self.bounties.get(record["player"], 0)
        placed.sort(key=lambda r: (r["place"], r["player"]))
        return placed
