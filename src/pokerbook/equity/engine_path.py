"""One equity deal through the real engine: a :class:`~pokerbook.engine.hand.Hand` of
the game for one seat per hand, dealt by an :class:`EquityDealer`, every seat checking
or calling to the showdown, and each seat's share of the pot read from how it was
settled (:mod:`pokerbook.equity.pot_shares`).  Every rule of the game applies: dice,
wild cards, the Bug, boards and their paths, draws, discards and choices.

How the players decide (:class:`EquityPolicy`): bets are checked or called (the
``call`` bot's way: it never folds); in a game with openers a seat opens when it may,
so a deal nobody can open carries its pot to the next deal (:func:`play_deal` gives
None: it is no deal of the question); choices take the ``call`` bot's option; draw
and discard rounds throw the cards the question declared for them, else a draw
stands pat (or follows the named draw policy) and a discard throws the cards dealt at
random first (the latest first), then the hand's last known cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from pokerbook.bots.base import STAND_PAT
from pokerbook.bots.call import CHECK_OR_CALL, CallPolicy
from pokerbook.cards.card import Card
from pokerbook.cards.notation import format_cards
from pokerbook.engine.actions import Action
from pokerbook.engine.betting import Legal
from pokerbook.engine.hand import Hand
from pokerbook.engine.plan import plan_of
from pokerbook.equity.dealer import EquityDealer, Picks
from pokerbook.equity.pot_shares import PotShares, pot_shares
from pokerbook.equity.request import EquityError, Question
from pokerbook.games.model import Format, Game
from pokerbook.games.stakes import Stakes, posts_blinds_later

#: every seat's stack: deep enough that nobody is ever all in (one pot, no side pots)
STACK = 10**9


def equity_stakes(game: Game) -> Stakes:
    """Limit stakes of the game's forced money (limit where the game is played so; the
    amounts change no share of the pot: everyone puts in the same)."""
    fmt: Format = "limit" if "limit" in game.formats else game.formats[0]
    if game.is_stud:
        return Stakes(format=fmt, ante=1, bring_in=2, small_bet=5, big_bet=10)
    if game.forced == "antes":
        blinds = (1, 2) if posts_blinds_later(game) else ()
        return Stakes(format=fmt, ante=1, blinds=blinds, small_bet=2, big_bet=4)
    return Stakes(format=fmt, blinds=(1, 2))


class EquityPolicy:
    """How every seat plays an equity deal (see the module's description)."""

    name = "equity"

    def __init__(
        self, question: Question, stakes: Stakes, dealer: EquityDealer, rng: random.Random
    ) -> None:
        self.question = question
        self.dealer = dealer
        self.rng = rng
        self.calls = CallPolicy(draws="random" if question.random_draws else "pat")
        self.rounds = [0] * question.players  # draw and discard decisions made, per seat
        #: limit betting with no openers: a check or call is always legal
        self.plain_betting = stakes.format == "limit" and not question.spot.game.openers

    def choose(self, hand: Hand) -> Action:
        if hand.decision == "bet" and self.plain_betting:
            return CHECK_OR_CALL  # (legal as it stands: the engine checks it cheaply)
        legal = hand.legal()
        assert legal is not None
        if legal.draw is not None or legal.discard is not None:
            return self._throw(hand, legal)
        if (
            hand.game.openers
            and hand.opener is None
            and legal.min_to is not None
            and legal.call is None
            and legal.bring_in is None
        ):
            return Action("bet", legal.min_to)  # opens whenever it may
        return self.calls.choose(hand, self.rng)

    def _throw(self, hand: Hand, legal: Legal) -> Action:
        seat = legal.seat
        number = self.rounds[seat]
        self.rounds[seat] += 1
        declared = self.question.draws[seat] if self.question.draws else ()
        held = hand.hole[seat]
        allowed = held if legal.throwable is None else list(legal.throwable)
        if number < len(declared):
            cards = declared[number]
            missing = [c for c in cards if c not in allowed]
            if missing:
                raise EquityError(
                    f"hand {seat + 1} cannot throw {format_cards(missing)} in its draw "
                    f"{number + 1}: it holds {format_cards(allowed)}"
                )
            return self._thrown(legal, cards, seat, number)
        if legal.draw is not None:
            return self.calls.choose(hand, self.rng) if self.question.random_draws else STAND_PAT
        assert legal.discard is not None
        random_first = [c for c in reversed(self.dealer.at_random) if c in allowed]
        known_last = [c for c in reversed(allowed) if c not in random_first]
        return Action("discard", None, tuple((random_first + known_last)[: legal.discard]))

    @staticmethod
    def _thrown(legal: Legal, cards: tuple[Card, ...], seat: int, number: int) -> Action:
        if legal.discard is not None:
            if len(cards) != legal.discard:
                raise EquityError(
                    f"hand {seat + 1} must discard {legal.discard} card(s) in round "
                    f"{number + 1}, not {len(cards)}"
                )
            return Action("discard", None, cards)
        lo, hi = legal.draw if legal.draw is not None else (0, 0)
        if not lo <= len(cards) <= hi:
            raise EquityError(
                f"hand {seat + 1} may draw {lo} to {hi} cards in draw {number + 1}, "
                f"not {len(cards)}"
            )
        return Action("draw", None, cards) if cards else STAND_PAT


@dataclass(frozen=True)
class EquityTable:
    """The table every deal of a question is played at."""

    question: Question

    @cached_property
    def game(self) -> Game:
        return self.question.spot.game

    @cached_property
    def stakes(self) -> Stakes:
        return equity_stakes(self.game)

    @cached_property
    def unseen(self) -> tuple[Card, ...]:
        """The deck's cards less every card the question shows."""
        spot = self.question.spot
        known = {c for cards in (*spot.hands, *spot.boards, spot.dead) for c in cards}
        return tuple(c for c in plan_of(self.game, self.question.house).cards if c not in known)

    def dealer(self, picks: Picks) -> EquityDealer:
        spot = self.question.spot
        return EquityDealer(spot.hands, spot.boards, self.unseen, picks)

    def play(self, picks: Picks, rng: random.Random) -> tuple[Hand, EquityDealer]:
        """Play one deal to its end (the hand and its dealer, to read what happened)."""
        dealer = self.dealer(picks)
        hand = Hand.__new__(Hand)
        dealer.watch(hand)  # the dealer reads the hand's step to know each board
        Hand.__init__(
            hand,
            self.game,
            self.stakes,
            (STACK,) * self.question.players,
            house=self.question.house,
            dealer=dealer,
        )
        policy = EquityPolicy(self.question, self.stakes, dealer, rng)
        while not hand.done:
            hand.act(policy.choose(hand))
        return hand, dealer


def play_deal(table: EquityTable, picks: Picks, rng: random.Random) -> PotShares | None:
    """Each seat's share of one deal's pot; None when the deal carried its pot (nobody
    could open)."""
    hand, _ = table.play(picks, rng)
    if hand.carried:
        return None
    return pot_shares(hand)
