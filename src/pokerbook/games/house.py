"""House profiles: the choices the rulebooks disagree on, made explicit.

Every rule the engine reads from a house is a field here with its default and
the rulebook it follows.  ``barge`` and ``roberts`` are built in; a host can
make their own with ``dataclasses.replace(BARGE, ...)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

OddChip = Literal["barge", "roberts", "oresteen"]


@dataclass(frozen=True)
class House:
    """The rule choices of one house (a rulebook, a card room, a home game)."""

    name: str
    description: str
    #: raises allowed after the opening bet in limit play (a bet and three raises)
    raise_cap: int | None = 3
    #: the cap is lifted when two players are left (cash games, 001 r.4)
    heads_up_uncapped: bool = True
    #: a tournament: the cap stays heads-up (001 r.4, 000 §1.1.1)
    tournament: bool = False
    #: limit: an all-in of at least half a bet reopens the betting (000 §1.1.1, 001 r.5)
    half_bet_rule: bool = True
    #: pot limit: count the small blind as a big blind when sizing the pot (001 PL r.6)
    pot_limit_small_blind_as_big: bool = False
    #: limit stud: bet the big bet on 4th street with an open pair (001 Stud r.4)
    open_pair_double: bool = True
    #: who gets an odd chip (000 §1.2.3, 001 Ties, 004 r.1)
    odd_chip: OddChip = "barge"
    #: in a heads-up blind game the button posts the small blind and acts first pre-flop
    heads_up_button_small_blind: bool = True

    def capped(self, players_in_pot: int) -> int | None:
        """The raise cap for a round with this many players not folded."""
        if self.raise_cap is None:
            return None
        if players_in_pot <= 2 and self.heads_up_uncapped and not self.tournament:
            return None
        return self.raise_cap


BARGE = House(
    "barge",
    "BARGE rulebook (000): a bet and three raises, uncapped heads-up in cash games but "
    "not tournaments; the half-bet rule; no fourth-street double bet in stud (current TDA "
    "practice, 000 §2.54 notes); odd chips by TDA (first seat left of the button; stud: "
    "the highest card by suit; high/low: the high hand).",
    open_pair_double=False,
)
ROBERTS = House(
    "roberts",
    "Robert's Rules of Poker for home games (001): a bet and three raises with three or "
    "more players, unlimited heads-up in money games; the half-bet rule; the open-pair "
    "double bet on fourth street in stud; odd chips: button games first seat left of the "
    "button, stud the highest card by suit (lowest in low games), high/low to the high hand.",
    odd_chip="roberts",
)

HOUSES: dict[str, House] = {h.name: h for h in (BARGE, ROBERTS)}


def find_house(name: str) -> House:
    found = HOUSES.get(name.lower())
    if found is None:
        raise KeyError(f"no house named {name!r}; known houses: {', '.join(HOUSES)}")
    return found
