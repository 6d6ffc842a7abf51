"""A night that waits for its players: :class:`GameNight` run one request at a time.

:class:`GameNight` plays a night by calling its seats' policies, its dealer's-choice
chooser, its bomb-pot caller and its shuffle, and returns when the hand is over.  A
server cannot wait inside those calls: its players answer over the network.  The
:class:`NightDriver` runs each hand in a greenlet, and every one of those calls
becomes a *request* (:class:`ActionRequest`, :class:`GameRequest`,
:class:`BombRequest`, :class:`SeedRequest`) that the greenlet hands back to the
driver's owner; the owner answers it with :meth:`NightDriver.answer` when the
player (or a bot, or the log being replayed) has, and the hand goes on to the next
request or its end.  The rules run exactly as in the terminal: the server adds no
rule of its own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from greenlet import greenlet

from pokerbook.bots.base import Policy
from pokerbook.engine.actions import Action
from pokerbook.engine.invariants import check_invariants
from pokerbook.games.model import Game
from pokerbook.table.agreements import bots_choice
from pokerbook.table.night import Night, Seat
from pokerbook.table.play import GameNight, HandResult

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand


@dataclass(frozen=True)
class ActionRequest:
    """The player in table seat ``seat`` is to act in ``hand``."""

    seat: int
    hand: Hand


@dataclass(frozen=True)
class GameRequest:
    """The dealer in table seat ``seat`` chooses the game from ``menu``."""

    seat: int
    menu: tuple[Game, ...]


@dataclass(frozen=True)
class BombRequest:
    """The player on the button (table seat ``seat``) may call a bomb pot of ``game``."""

    seat: int
    game: Game


@dataclass(frozen=True)
class SeedRequest:
    """Hand ``number`` needs its deal's seed."""

    number: int


Request = ActionRequest | GameRequest | BombRequest | SeedRequest
#: the requests a player (or a bot, or the clock) answers
SeatRequest = ActionRequest | GameRequest | BombRequest
Answer = Game | bool | int | None


@dataclass(frozen=True)
class HandOver:
    """The hand is over (``result``), or none could be dealt (``result`` is None)."""

    result: HandResult | None


class _Asks:
    """Every seat's policy, the chooser, the bomb caller and the shuffle of a driven
    night: each hands a request to the driver and returns its answer."""

    name = "player"

    def __init__(self, driver: NightDriver) -> None:
        self.driver = driver

    def choose(self, hand: Hand, rng: random.Random) -> Action:
        raise AssertionError("a driven night's hands are played by NightDriver.play_hand")

    def choose_game(self, dealer: int, menu: tuple[Game, ...], rng: random.Random) -> Game:
        answer = self.driver.ask(GameRequest(dealer, menu))
        assert isinstance(answer, Game)
        return answer

    def call_bomb(self, button: int, game: Game, rng: random.Random) -> bool:
        answer = self.driver.ask(BombRequest(button, game))
        assert isinstance(answer, bool)
        return answer

    def shuffle(self, number: int) -> int:
        answer = self.driver.ask(SeedRequest(number))
        assert isinstance(answer, int)
        assert not isinstance(answer, bool)
        return answer


class NightDriver:
    """A :class:`GameNight` whose every decision is asked of the driver's owner.

    ``seats`` are the players seated when the night starts (the table has
    ``table_seats`` seats).  :meth:`deal` starts the next hand and returns its first
    request (or :class:`HandOver`); :meth:`answer` answers the pending request and
    returns the next.  Between hands the owner may change the table (joins, leaves,
    stacks) through :attr:`table`.
    """

    def __init__(self, night: Night, seats: Sequence[Seat], seed: int, *, table_seats: int) -> None:
        self.asks = _Asks(self)
        self.table = GameNight(
            night,
            [self.asks] * len(seats),
            seed,
            seats=seats,
            chooser=self.asks.choose_game,
            bomb_chooser=self.asks.call_bomb,
            table_seats=table_seats,
        )
        self.table.shuffle = self.asks.shuffle
        bombs = night.bomb_pots
        #: a bot's call of a bomb pot on its button, at the night's chance
        self.bots_bomb = bots_choice(bombs.button_chance if bombs else 0.0)
        self.table.hand_player = self.play_hand
        self.pending: Request | None = None
        self.hand: Hand | None = None
        self._runner: greenlet | None = None

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being dealt (a request is pending)."""
        return self._runner is not None

    def ask(self, request: Request) -> Answer:
        """Inside the hand's greenlet: hand ``request`` out and wait for its answer."""
        if isinstance(request, ActionRequest):
            self.hand = request.hand
        runner = self._runner
        assert runner is not None
        assert runner.parent is not None
        answer: Answer = runner.parent.switch(request)
        return answer

    def play_hand(
        self, hand: Hand, policies: Sequence[Policy], rng: random.Random, check: bool
    ) -> Hand:
        """Inside the hand's greenlet: each decision is asked of the owner, who makes it
        with :meth:`act` (the engine refusing an illegal one, the hand unchanged)."""
        if check:
            check_invariants(hand)
        while not hand.done:
            seat = hand.actor
            assert seat is not None
            self.ask(ActionRequest(self.table.dealt[seat], hand))
            if check:
                check_invariants(hand)
        return hand

    def act(self, action: Action | str) -> Request | HandOver:
        """The seat to act does ``action`` (:class:`IllegalActionError` if it may not,
        nothing changed); returns the next request, or :class:`HandOver`."""
        request = self.pending
        if not isinstance(request, ActionRequest):
            raise RuntimeError("nobody is to act")
        request.hand.act(action)
        assert self._runner is not None
        return self._step(self._runner.switch(None))

    def deal(self) -> Request | HandOver:
        """Start the next hand: its first request, or :class:`HandOver`."""
        if self._runner is not None:
            raise RuntimeError("a hand is already being dealt")
        self._runner = greenlet(self._play_one)
        return self._step(self._runner.switch())

    def answer(self, answer: Answer) -> Request | HandOver:
        """Answer the pending game, bomb-pot or seed request: the next request, or
        :class:`HandOver` (an action is made with :meth:`act`)."""
        if self._runner is None or self.pending is None:
            raise RuntimeError("no request is waiting for an answer")
        if isinstance(self.pending, ActionRequest):
            raise RuntimeError("an action is made with act()")
        return self._step(self._runner.switch(answer))

    def _play_one(self) -> HandOver:
        return HandOver(next(iter(self.table.play(1)), None))

    def _step(self, out: Request | HandOver) -> Request | HandOver:
        if isinstance(out, HandOver):
            self._runner = None
            self.pending = None
            if out.result is not None:
                self.hand = out.result.hand
            return out
        self.pending = out
        return out

    def abandon(self) -> None:
        """Drop a hand in the middle (the night is being closed for good)."""
        if self._runner is not None:
            self._runner.throw(GreenletExit())
        self._runner = None
        self.pending = None


class GreenletExit(BaseException):
    """Ends an abandoned hand's greenlet."""
