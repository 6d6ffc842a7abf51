"""Helpers for the engine tests: a scripted dealer that stacks the deck, and shortcuts.

``ScriptedDealer`` implements the engine's ``Dealer`` protocol.  Each seat gets the
cards scripted for it, in the order it is dealt them; the board gets the scripted
board cards in order; burns and anything unscripted come from the rest of the deck
in a fixed order, so a test controls exactly who gets what.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.cards.notation import parse
from pokerbook.engine.events import Event
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import HandSetup
from pokerbook.engine.state import HandState
from pokerbook.games.house import BARGE, House
from pokerbook.games.stakes import Stakes


class ScriptedDealer:
    """A stacked deck: ``hands`` maps a seat to its cards in deal order (text such as
    ``"As Kd"``); ``board`` the community cards in order; ``draws`` maps a seat to the
    cards it receives when it draws, in order."""

    def __init__(
        self,
        hands: Mapping[int, str],
        board: str = "",
        draws: Mapping[int, str] | None = None,
        deck_name: str = "standard",
    ) -> None:
        self.hands = {seat: list(parse(text)) for seat, text in hands.items()}
        self.board = list(parse(board))
        self.draws = {seat: list(parse(text)) for seat, text in (draws or {}).items()}
        scripted = [
            c for cards in (*self.hands.values(), self.board, *self.draws.values()) for c in cards
        ]
        if len(set(scripted)) != len(scripted):
            raise ValueError(f"a card is scripted twice: {' '.join(map(str, scripted))}")
        taken = set(scripted)
        # dealt from the end: the lowest cards come first
        self.rest = [c for c in reversed(deck(deck_name).cards) if c not in taken]
        self.burned: list[Card] = []
        self.mucked: list[Card] = []

    def _take(self, queue: list[Card], count: int) -> list[Card]:
        out = queue[:count]
        del queue[:count]
        while len(out) < count:
            out.append(self.rest.pop())
        return out

    def deal(self, seat: int | None, count: int) -> list[Card]:
        if seat is None:
            return self._take(self.board, count)
        return self._take(self.hands.setdefault(seat, []), count)

    def deal_each(self, seats: Sequence[int], count: int) -> list[tuple[Card, ...]]:
        return [tuple(self.deal(seat, count)) for seat in seats]

    def burn(self) -> None:
        if self.rest:
            self.burned.append(self.rest.pop())

    def replace(self, seat: int, discards: Sequence[Card]) -> list[Card]:
        self.mucked.extend(discards)
        return self._take(self.draws.setdefault(seat, []), len(discards))

    def muck(self, cards: Sequence[Card]) -> None:
        self.mucked.extend(cards)

    def remaining(self) -> int:
        queued = sum(len(q) for q in (*self.hands.values(), self.board, *self.draws.values()))
        return len(self.rest) + queued

    def roll(self, sides: int) -> int:
        raise AssertionError("this stacked deck has no dice")


class Table:
    """The engine tests' toolkit, handed to tests by the ``table`` fixture."""

    Dealer = ScriptedDealer

    @staticmethod
    def hand(
        game: str,
        stakes: Stakes,
        stacks: Sequence[int],
        hands: Mapping[int, str] | None = None,
        board: str = "",
        *,
        draws: Mapping[int, str] | None = None,
        button: int = 0,
        house: House = BARGE,
        blinds: Sequence[int] | None = None,
        antes: Sequence[int] | None = None,
    ) -> Hand:
        """A hand of ``game`` dealt from a stacked deck."""
        return Hand(
            game,
            stakes,
            stacks,
            button=button,
            house=house,
            dealer=ScriptedDealer(hands or {}, board, draws),
            setup=HandSetup(
                blinds=None if blinds is None else tuple(blinds),
                antes=None if antes is None else tuple(antes),
            ),
        )

    @staticmethod
    def play(hand: Hand, *actions: str) -> list[Event]:
        """Apply ``actions`` in turn; returns the events they made."""
        return [hand.act(a) for a in actions]

    @staticmethod
    def kinds(events: Iterable[Event], kind: str) -> list[Event]:
        return [e for e in events if e.kind == kind]

    @staticmethod
    def awards(hand: Hand) -> dict[int, int]:
        """Chips awarded to each seat at the end of the hand, summed over the pots."""
        out: dict[int, int] = {}
        for e in hand.events:
            if e.kind == "award" and e.seat is not None:
                out[e.seat] = out.get(e.seat, 0) + e.amount
        return out

    @staticmethod
    def snapshot(hand: Hand) -> dict[str, Any]:
        """A deep copy of all of a hand's state, the dealer's included."""
        # the dealer is compared below; legal_cache is a cache of legal() (not state)
        # plan holds the game's constants (shared by every hand, never changed)
        skip = ("dealer", "legal_cache", "legal_at", "plan")
        state: dict[str, Any] = {
            k: copy.deepcopy(_fields(getattr(hand, k)))
            for k in _names(HandState) or ()
            if k not in skip
        }
        dealer = hand.dealer  # its stub and unused random bits
        names = _names(type(dealer))
        fields = vars(dealer) if names is None else {n: getattr(dealer, n) for n in names}
        state["dealer"] = copy.deepcopy(fields)
        return state


def _names(cls: type) -> tuple[str, ...] | None:
    """The attributes of a class with a fixed set: its ``__slots__``, or compiled,
    the list mypyc keeps (``__mypyc_attrs__``); None for a class with a ``__dict__``."""
    names = getattr(cls, "__mypyc_attrs__", None) or getattr(cls, "__slots__", None)
    return None if names is None else tuple(names)


def _fields(value: object) -> object:
    """An object with a fixed set of attributes (a betting round) as a dict of them."""
    names = _names(type(value))
    if names is None or isinstance(value, tuple):
        return value
    return {name: getattr(value, name) for name in names}


@pytest.fixture(scope="session")
def table() -> Table:
    return Table()
