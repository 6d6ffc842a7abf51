"""What a hand's own events decide for its showdown.

Most games' showdowns are fixed by their declaration.  Some are decided during
the hand: dice set a qualifier or the split (Omaha X or Better, Binglaha), the
dealer removes a board (Oklahoma) or turns cards down (Crayfish), a card makes
a rank wild (Follow the Queen), players declare high or low.  The rules that do
this (:mod:`pokerbook.engine.rules`) write it here, and the showdown reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerbook.cards.card import Card


@dataclass(frozen=True)
class SeatShare:
    """How one seat plays one share when the hand's rules changed it (Sohe's split,
    Scrotum's kept cards, a suit chosen, its own wild cards or joker ...)."""

    #: the hole cards the share is made from (None: all the seat's hole cards)
    hole: tuple[Card, ...] | None = None
    #: how many of them it must use (None: as the share declares; () : any number)
    hole_use: tuple[int, ...] | None = None
    #: the scale it is valued on (None: the share's own)
    scale: str | None = None
    #: the wild ranks or cards for this seat, in place of the hand's (Low-Hole-Wild)
    wild: list[str] | None = None
    #: how the seat's joker plays, in place of the scale's own way: "wild", "bug" or
    #: "ace" (Mexican Poker: a joker dealt face down is fully wild)
    joker: str | None = None


@dataclass(init=False, slots=True)
class Situation:
    """The parts of a hand's showdown that its events decided (empty: as declared)."""

    #: every roll of the dice, in order
    dice: list[int]
    #: the boards a hand may be made from, when not simply the hand's boards
    #: (Chowaha paths, Oklahoma rows left, Crayfish cards turned down ...)
    boards: list[tuple[Card, ...]] | None
    #: a share's qualifier, by share name, in place of the declared one
    qualifiers: dict[str, str | None]
    #: the shares the pot is divided into, when not all of them (names)
    shares: tuple[str, ...] | None
    #: wild ranks or cards decided during the hand (see ``pokerbook.evaluate``)
    wild: list[str]
    #: declares: the shares each seat plays for (seats absent contest every share)
    declared: dict[int, frozenset[str]]
    #: per seat and share name: how the seat plays that share, when not as declared
    overrides: dict[tuple[int, str], SeatShare]
    #: the seat that acts first in the next betting round, when a rule decides it
    first_to_act: int | None
    #: anything else a rule keeps for later steps (rule name -> value); a step
    #: declared ``"... if NOTE"`` runs only when ``notes[NOTE]`` is set
    notes: dict[str, object]

    def __init__(self) -> None:
        # every hand makes one: plain assignments, not the dataclass default factories
        self.dice = []
        self.boards = None
        self.qualifiers = {}
        self.shares = None
        self.wild = []
        self.declared = {}
        self.overrides = {}
        self.first_to_act = None
        self.notes = {}

    @property
    def plain(self) -> bool:
        """Whether nothing here changes the showdown the game declares."""
        return (
            self.boards is None
            and not self.qualifiers
            and self.shares is None
            and not self.wild
            and not self.declared
            and not self.overrides
        )
