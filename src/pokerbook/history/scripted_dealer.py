"""A dealer that deals the cards a hand history says were dealt.

Each seat has a queue of the cards it receives, in order (hole cards, later
street cards, draw replacements), and the board has one queue; the engine
takes from them as it deals.  The queues are read in place (the dealer keeps
its place in each and never changes them), so they must not change while the
hand is dealt.  Cards the history does not know (``??``) were
filled in before the hand starts (see :mod:`pokerbook.history.phh`), and the
dealer remembers which ones so a writer can print them as unknown again.
If the engine asks for more cards than the history gave (a history that stops
early), the dealer hands out spare cards of ``deck`` that the script does not
use, and counts them in ``overdealt``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pokerbook.cards.card import STANDARD_CARDS, Card


class ScriptedRollError(ValueError):
    """A scripted roll a die cannot make; ``roll`` is its place among the script's
    rolls (0 for the first), so a replay can name the line that records it."""

    def __init__(self, roll: int, message: str) -> None:
        super().__init__(message)
        self.roll = roll


class ScriptedDealer:
    """Deals from per-seat and board scripts; spare cards come from ``deck``."""

    __slots__ = (
        "at",
        "board",
        "board_at",
        "deck",
        "dice",
        "filler",
        "holes",
        "mucked",
        "overdealt",
        "rolled",
        "script",
        "taken",
        "unknown",
    )

    def __init__(
        self,
        holes: Sequence[Sequence[Card]],
        board: Sequence[Card],
        *,
        deck: Sequence[Card] = STANDARD_CARDS,
        unknown: Iterable[Card] = (),
        dice: Sequence[int] = (),
    ) -> None:
        self.script = (holes, board)  # kept to know which cards are spare
        self.dice = list(dice)  # the rolls of the dice still to come, in order
        self.rolled = 0  # rolls made so far
        # the scripts are read in place, never changed: ``at`` is where each
        # seat's next card is, ``board_at`` the board's
        self.holes = holes
        self.board = board
        self.at = [0] * len(holes)
        self.board_at = 0
        self.deck = deck
        self.filler: list[Card] | None = None  # made when first needed
        self.unknown = frozenset(unknown)
        self.taken = 0
        self.overdealt = 0
        self.mucked: list[Card] = []

    def _fill(self, out: list[Card], short: int) -> list[Card]:
        """``out`` and ``short`` spare cards after it (the script ran out)."""
        if self.filler is None:
            holes, board = self.script
            scripted = {c for cards in holes for c in cards} | set(board)
            self.filler = [c for c in reversed(self.deck) if c not in scripted]
        if short > len(self.filler):
            raise IndexError(f"no cards left to deal ({short} more needed)")
        self.overdealt += short
        for _ in range(short):
            out.append(self.filler.pop())
        return out

    def roll(self, sides: int) -> int:
        """The next scripted roll of a die."""
        if not self.dice:
            raise IndexError("the script gives no more rolls of the dice")
        value = self.dice.pop(0)
        if not 1 <= value <= sides:
            raise ScriptedRollError(self.rolled, f"a {sides}-sided die cannot roll {value}")
        self.rolled += 1
        return value

    def deal(self, seat: int | None, count: int) -> list[Card]:
        """The next ``count`` scripted cards for ``seat`` (None: the board)."""
        self.taken += count
        if seat is None:
            start = self.board_at
            out = list(self.board[start : start + count])
            self.board_at = start + len(out)
        else:
            start = self.at[seat]
            out = list(self.holes[seat][start : start + count])
            self.at[seat] = start + len(out)
        return out if len(out) == count else self._fill(out, count - len(out))

    def deal_each(self, seats: Sequence[int], count: int) -> list[tuple[Card, ...]]:
        """The next ``count`` scripted cards for each of ``seats``, in turn."""
        holes, at = self.holes, self.at
        out: list[tuple[Card, ...]] = []
        taken = 0
        for seat in seats:
            start = at[seat]
            mine = tuple(holes[seat][start : start + count])
            if len(mine) == count:
                at[seat] = start + count
                taken += count
            else:
                mine = tuple(self.deal(seat, count))  # the script ran out (deal counts it)
            out.append(mine)
        self.taken += taken
        return out

    def burn(self) -> None:
        self.taken += 1

    def replace(self, seat: int, discards: Sequence[Card]) -> list[Card]:
        """The seat's next scripted cards, one for each discard."""
        self.mucked.extend(discards)
        return self.deal(seat, len(discards))

    def muck(self, cards: Sequence[Card]) -> None:
        self.mucked.extend(cards)

    def remaining(self) -> int:
        """Cards left in a physical deck (the engine asks before stud's last card)."""
        return max(0, len(self.deck) - self.taken)

    def unused(self) -> int:
        """Scripted cards the engine never asked for."""
        left = sum(map(len, self.holes)) - sum(self.at)
        return left + len(self.board) - self.board_at
