"""The dealer of an equity deal: each seat's known cards to that seat in order, each
board's known cards to that board in order, never a dead card, and every other card
from the unseen ones as a :class:`Picks` says (at random, along one path of an
enumeration, or from cards assigned in advance).

A card's destination is a seat (``0, 1, ...``) or a board (:func:`board_key`: ``-1``
for board 0, ``-2`` for board 1 ...).  Which board a board card goes to is read from
the step the hand is running (:meth:`EquityDealer.watch`); cards a rule deals to the
board outside a board step (stud's common card) go to board 0.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol

from pokerbook.cards.card import Card
from pokerbook.games.model import DealBoard

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState


def board_key(board: int) -> int:
    """The destination key of board ``board``."""
    return -1 - board


class Picks(Protocol):
    """Where the unknown cards and the dice come from."""

    def take(self, destination: int, count: int, pool: list[Card]) -> list[Card]:
        """``count`` cards of ``pool`` for ``destination``, removed from it."""
        ...

    def roll(self, sides: int) -> int:
        """One roll of a die (1..sides)."""
        ...


def take_at(pool: list[Card], index: int) -> Card:
    """Remove and return ``pool[index]`` (the last card fills its place)."""
    card = pool[index]
    pool[index] = pool[-1]
    pool.pop()
    return card


class RandomPicks:
    """Each unknown card uniformly from those left, each roll uniformly."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def take(self, destination: int, count: int, pool: list[Card]) -> list[Card]:
        below = self.rng.randrange
        return [take_at(pool, below(len(pool))) for _ in range(count)]

    def roll(self, sides: int) -> int:
        return 1 + self.rng.randrange(sides)


class ProbePicks(RandomPicks):
    """At random, noting how many unknown cards each destination gets, how many
    choices each card and roll had, and whether the hand rolled dice."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.counts: dict[int, int] = {}
        self.choices: list[int] = []
        self.rolls = 0

    def take(self, destination: int, count: int, pool: list[Card]) -> list[Card]:
        self.counts[destination] = self.counts.get(destination, 0) + count
        self.choices.extend(range(len(pool), len(pool) - count, -1))
        return super().take(destination, count, pool)

    def roll(self, sides: int) -> int:
        self.rolls += 1
        self.choices.append(sides)
        return super().roll(sides)


class AssignedPicks:
    """The cards of each destination chosen in advance (an enumeration of sets), handed
    out in order; the game rolls no dice."""

    def __init__(self, assigned: Mapping[int, Sequence[Card]]) -> None:
        self.assigned = assigned
        self.at: dict[int, int] = {}

    def take(self, destination: int, count: int, pool: list[Card]) -> list[Card]:
        start = self.at.get(destination, 0)
        cards = list(self.assigned.get(destination, ())[start : start + count])
        if len(cards) != count:
            raise RuntimeError("the deal asked for more cards than were assigned")
        self.at[destination] = start + count
        for card in cards:
            pool.remove(card)
        return cards

    def roll(self, sides: int) -> int:
        raise RuntimeError("a game enumerated by sets of cards rolls no dice")


class EquityDealer:
    """Deals the known cards where they belong and the rest by ``picks``."""

    #: every card held is a different card of the deck (the question's cards are
    #: checked, the rest come from the unseen ones): the showdown need not check
    UNIQUE_CARDS: ClassVar[bool] = True

    __slots__ = (
        "at_random",
        "board_at",
        "boards",
        "hand",
        "hole_at",
        "holes",
        "mucked",
        "picks",
        "pool",
    )

    def __init__(
        self,
        holes: Sequence[Sequence[Card]],
        boards: Sequence[Sequence[Card]],
        unseen: Sequence[Card],
        picks: Picks,
    ) -> None:
        self.holes = holes
        self.boards = boards
        self.hole_at = [0] * len(holes)
        self.board_at = [0] * len(boards)
        self.pool = list(unseen)
        self.picks = picks
        self.mucked: list[Card] = []
        self.hand: HandState | None = None
        #: the cards dealt at random so far, in the order dealt
        self.at_random: list[Card] = []

    def watch(self, hand: HandState) -> None:
        """Follow ``hand``'s steps to know which board a board card is for."""
        self.hand = hand

    def _board(self) -> int:
        hand = self.hand
        if hand is not None and hand.step < len(hand.game.steps):
            step = hand.game.steps[hand.step]
            if isinstance(step, DealBoard):
                return step.board
        return 0

    def deal(self, seat: int | None, count: int) -> list[Card]:
        if count <= 0:
            return []
        if seat is None:
            board = self._board()
            known, start = (
                (self.boards[board], self.board_at[board]) if board < len(self.boards) else ((), 0)
            )
            out = list(known[start : start + count])
            if known:
                self.board_at[board] = start + len(out)
            destination = board_key(board)
        else:
            start = self.hole_at[seat]
            out = list(self.holes[seat][start : start + count])
            self.hole_at[seat] = start + len(out)
            destination = seat
        short = count - len(out)
        if short:
            self._refill(short, seat)
            new = self.picks.take(destination, short, self.pool)
            self.at_random += new
            out += new
        return out

    def _refill(self, need: int, seat: int | None) -> None:
        """The unseen cards are out: the muck, less the cards the seat just threw, is
        shuffled back in (004 r.13.01), as a real dealer would."""
        if need <= len(self.pool):
            return
        if need > len(self.pool) + len(self.mucked):
            raise IndexError(f"the deck has {len(self.pool)} cards left, {need} needed")
        self.pool += self.mucked
        self.mucked = []

    def deal_each(self, seats: Sequence[int], count: int) -> list[tuple[Card, ...]]:
        return [tuple(self.deal(seat, count)) for seat in seats]

    def burn(self) -> None:
        """A burned card is one more unseen card: it changes no odds, so none is taken."""

    def replace(self, seat: int, discards: Sequence[Card]) -> list[Card]:
        new = self.deal(seat, len(discards))
        self.mucked.extend(discards)
        return new

    def muck(self, cards: Sequence[Card]) -> None:
        self.mucked.extend(cards)

    def remaining(self) -> int:
        known = sum(len(h) - at for h, at in zip(self.holes, self.hole_at, strict=True))
        known += sum(len(b) - at for b, at in zip(self.boards, self.board_at, strict=True))
        return len(self.pool) + known

    def roll(self, sides: int) -> int:
        return self.picks.roll(sides)
