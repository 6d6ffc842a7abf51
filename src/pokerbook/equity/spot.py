"""What an equity question is about (:class:`Spot`) and the sums its answer is made
of (:class:`Tally`): the meeting point of the general engine-driven path and the
compiled kernels."""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerbook.cards.card import Card
from pokerbook.games.model import Game


@dataclass(frozen=True)
class Spot:
    """The cards known when the question is asked.

    ``hands``: each hand's known cards (a stud hand in the order dealt; a hand with
    fewer cards than the game deals is dealt out from the unseen cards, which is how
    a draw to come is asked: the thrown cards go to ``dead``).  ``boards``: the known
    cards of each board, board 0 first (fewer boards than the game lays out means the
    others are unknown).  ``dead``: cards seen and out of play.
    """

    game: Game
    hands: tuple[tuple[Card, ...], ...]
    boards: tuple[tuple[Card, ...], ...] = ()
    dead: tuple[Card, ...] = ()
    #: stud: which of each hand's cards are face up (empty: not said)
    face_up: tuple[tuple[bool, ...], ...] = ()


@dataclass
class Tally:
    """Sums over deals, each hand's: its share of the pot (``equity``; a scoop is 1),
    of the high and low shares (split games; a share counts 1 when taken whole) and
    how often it scooped; ``equity_sq`` sums the squared pot share for the standard
    error.  ``weight`` is the total weight of the deals (their number, unless deals
    are weighted, as dice rolls are by their chance); ``deals`` counts them."""

    hands: int
    deals: int = 0
    weight: float = 0.0
    equity: list[float] = field(default_factory=list)
    equity_sq: list[float] = field(default_factory=list)
    high: list[float] = field(default_factory=list)
    low: list[float] = field(default_factory=list)
    scoop: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name in ("equity", "equity_sq", "high", "low", "scoop"):
            sums: list[float] = getattr(self, name)
            if not sums:
                sums.extend([0.0] * self.hands)
            elif len(sums) != self.hands:
                raise ValueError(f"{name} has {len(sums)} sums for {self.hands} hands")

    def merge(self, other: Tally) -> None:
        """Add another tally's sums (of the same hands) to this one."""
        if other.hands != self.hands:
            raise ValueError(f"cannot merge a tally of {other.hands} hands into {self.hands}")
        self.deals += other.deals
        self.weight += other.weight
        for name in ("equity", "equity_sq", "high", "low", "scoop"):
            mine: list[float] = getattr(self, name)
            theirs: list[float] = getattr(other, name)
            for i, value in enumerate(theirs):
                mine[i] += value
