"""Kill pots over a night: the kill button, legs, and where the kill blind goes.

A kill pot (rules.md §1.5; 001 "Kill Pots"; 004 r.10) is a hand played for higher
stakes because a player won the last pots: that player, the killer, posts an extra
blind, the kill blind, and the betting limits go up.  A **full kill** is double the
big blind and doubles the limits; a **half kill** is one and a half times both
(001).  :class:`KillRule` is what a night declares; :class:`KillButton` keeps the
books hand by hand.

Who kills (two pots in a row):

* a player who wins a pot outright has a "leg up"; winning the next pot they play
  too kills the pot after it, if the second pot brings them at least one full bet
  (the small bet at limit, else the minimum bet) of the others' chips, not counting
  their blinds (001 Kill r.3) or their blinds and antes (004 r.10).  The first leg
  has no minimum;
* a split pot keeps the leg of a splitter who had one and gives nobody a new one; a
  killer who splits or wins the pot they killed kills again (001 r.4, r.7; 004);
* the others dealt in lose their legs; a player not dealt in (sitting a game out)
  keeps theirs (001 r.5); a player out of the night loses theirs (001 r.1: the button
  is neutral when the winner has quit).  The first hand of the night has no legs;
* the ``roberts`` rules (001 r.8): in a split-pot game only a scoop kills, and only
  a pot of at least five times the upper limit (the big bet or the spread's maximum;
  no-limit and pot-limit have none, so never);
* the ``oresteen`` rules (004 r.10): a flop game that ends before the flop changes
  nobody's legs ("If there is no flop, there is no kill");
* one kill per hand.  A kill that cannot be posted waits for the next hand that
  can take it: the killer sits the game out (004 r.13.04, Chicago Triple Draw:
  "the Kill is suspended until the Killer is back in the game"), or the game is
  not killed (a game with openers, whose kill 004 r.13.02 plays differently, or a
  game the rule leaves out).

Where the kill goes (004 r.10):

* games with blinds (flop and draw): the killer posts the kill blind, live, and
  "bets right after the Big Blind ... the Kill bets last" in the first round; later
  rounds go in the usual order.  A killer in the blinds posts the normal blind too
  (004), dead, so that the kill is the bet to call;
* stud: the killer opens the first round instead of the bring-in card, with a bet
  of the kill (double the minimum bet);
* games without blinds: the killer posts the kill blind and bets in turn.

The voluntary lowball kill (001 r.10) is a night option: before the deal, a player
with at least four times the kill blind may kill a lowball pot nobody has to kill;
001 lets them decide after seeing two cards, which a night does not model.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from pokerbook.engine.setup import HandSetup
from pokerbook.evaluation.scale import get_scale
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand

KillKind = Literal["full", "half"]
KillRules = Literal["roberts", "oresteen"]
KillGames = Literal["all", "lowball"]

#: 001 Kill r.8: a scoop kills in a split-pot game only if the pot is this many upper limits
SCOOP_LIMITS = 5
#: 001 Kill r.10: a voluntary killer needs this many kill blinds in their stack
VOLUNTARY_STACK = 4


@dataclass(frozen=True)
class KillRule:
    """Kill pots as a night plays them.

    ``kind``: ``full`` (double) or ``half`` (one and a half times); ``rules``: which
    book's qualifying rules (``roberts``: 001, ``oresteen``: 004 r.10); ``games``:
    ``all`` or only ``lowball`` games; ``voluntary``: the chance that a player
    kills a lowball pot voluntarily (001 r.10), 0 for never.
    """

    kind: KillKind = "full"
    rules: KillRules = "oresteen"
    games: KillGames = "all"
    voluntary: float = 0.0

    def scale(self, amount: int, chip: int = 1) -> int:
        """``amount`` as a kill raises it: doubled, or one and a half times, rounded down
        to whole chips of ``chip`` (never below ``amount``)."""
        if self.kind == "full":
            return amount * 2
        raised = amount * 3 // 2
        return max(amount, raised - raised % chip)

    def kills(self, game: Game) -> bool:
        """Whether ``game`` is ever killed (the legs count only in such games)."""
        if game.openers:
            return False  # Jackson's kill (004 r.13.02) is a game of its own
        return self.games == "all" or is_lowball(game)

    def describe(self) -> str:
        """``full kill (004 r.10)``, ``half kill in lowball games (001)`` ..."""
        where = " in lowball games" if self.games == "lowball" else ""
        book = "004 r.10" if self.rules == "oresteen" else "001"
        extra = f", voluntary kills {self.voluntary:g}" if self.voluntary else ""
        return f"{self.kind} kill{where} ({book}{extra})"


def is_lowball(game: Game) -> bool:
    """A game whose every share is a low hand (razz, the lowball draws)."""
    return all(get_scale(s.scale).is_low for s in game.showdown.shares)


def killed_stakes(stakes: Stakes, rule: KillRule, declared: Stakes | None = None) -> Stakes:
    """The stakes of a killed pot: ``declared`` if the night gives them (004 r.13.04's
    Chicago Triple Draw kill limits), else every betting limit raised by the kill
    (blinds and antes stay; the kill blind is extra).  In stud the bring-in becomes
    the killer's opening bet, the kill of the minimum bet."""
    if declared is not None:
        return declared

    def up(amount: int) -> int:
        return rule.scale(amount, stakes.chip)

    changed = replace(stakes, min_bet=up(stakes.minimum_bet()))
    if stakes.format == "limit":
        changed = replace(
            changed, small_bet=up(stakes.bet_size("small")), big_bet=up(stakes.bet_size("big"))
        )
    if stakes.spread is not None:
        changed = replace(changed, spread=(up(stakes.spread[0]), up(stakes.spread[1])))
    if stakes.bring_in:
        changed = replace(changed, bring_in=up(stakes.minimum_bet()))
    return changed


def kill_blind(stakes: Stakes, rule: KillRule) -> int:
    """The kill blind: the kill of the big blind (004 r.6c-6f: a $2 kill blind on a $1
    big blind), or of the minimum bet where there are no blinds."""
    return rule.scale(stakes.big_blind or stakes.minimum_bet(), stakes.chip)


@dataclass(frozen=True)
class Kill:
    """A kill for one hand, in the hand's own seats: who kills, the stakes, and the
    hand's setup with the kill placed (its blinds, dead blinds, first or last to act
    and ``kill``)."""

    killer: int
    #: the killer's name
    name: str
    #: a required kill (two pots in a row), not a voluntary one
    required: bool
    stakes: Stakes
    setup: HandSetup
    #: the kill blind posted, or 0 (stud: the opening bet is the bring-in)
    blind: int


def place_kill(
    game: Game,
    stakes: Stakes,
    rule: KillRule,
    killer: int,
    blinds: Sequence[int],
    setup: HandSetup,
    button: int,
) -> tuple[HandSetup, int]:
    """Where the kill goes in one hand (hand seats): ``setup`` with the blinds and
    dead blinds to post (``blinds`` are those posted without the kill) and the first
    or last to act in the first round; and the kill blind."""
    if game.is_stud:
        return replace(setup, first_to_act=killer, last_to_act=None, kill=killer), 0
    amount = kill_blind(stakes, rule)
    posted = list(blinds)
    dead = list(setup.dead_blinds) if setup.dead_blinds is not None else [0] * len(posted)
    if posted[killer]:
        dead[killer] += posted[killer]  # the normal blind, as well as the kill (004 r.10)
    posted[killer] = amount
    placed = replace(setup, blinds=tuple(posted), dead_blinds=tuple(dead), kill=killer)
    if any(b for s, b in enumerate(posted) if s != killer):
        return replace(placed, last_to_act=killer), amount  # the kill bets last (004 r.10)
    return replace(placed, first_to_act=(button + 1) % len(posted), last_to_act=None), amount


class KillButton:
    """The kill books of a night: who has a leg up, and who must kill.

    Players are known by name, so a leg stays with a player who leaves and comes back
    (001 r.5) and not with the seat.  Before a hand, :meth:`kill_for` says whether it
    is killed and how; after it, :meth:`after_hand` moves the legs.
    """

    def __init__(self, rule: KillRule) -> None:
        self.rule = rule
        #: the players with a leg up
        self.legs: set[str] = set()
        #: the player who must kill the next hand they are dealt (None: nobody)
        self.due: str | None = None

    def kill_for(
        self,
        game: Game,
        stakes: Stakes,
        declared: Stakes | None,
        names: Sequence[str],
        button: int,
        stacks: Sequence[int],
        blinds: Sequence[int],
        setup: HandSetup,
        rng: random.Random,
    ) -> Kill | None:
        """The kill in the next hand, or None: ``names``, ``stacks`` and ``blinds`` per
        hand seat, the button on hand seat ``button``, ``setup`` the hand's as it would
        be dealt unkilled (its dead blinds), ``stakes`` as it would be played unkilled,
        ``declared`` the night's killed stakes."""
        rule = self.rule
        if not rule.kills(game):
            return None
        killer: int | None = None
        required = self.due is not None
        if self.due is not None:
            if self.due not in names:
                return None  # the killer sits this game out: the kill waits (004 r.13.04)
            killer = list(names).index(self.due)
        elif rule.voluntary and is_lowball(game):
            need = VOLUNTARY_STACK * kill_blind(stakes, rule)
            for step in range(1, len(names) + 1):
                seat = (button + step) % len(names)
                if stacks[seat] >= need and rng.random() < rule.voluntary:
                    killer = seat
                    break
        if killer is None:
            return None
        killed = killed_stakes(stakes, rule, declared)
        placed, amount = place_kill(game, stakes, rule, killer, blinds, setup, button)
        return Kill(killer, names[killer], required, killed, placed, amount)

    def after_hand(
        self, game: Game, hand: Hand, names: Sequence[str], kill: Kill | None
    ) -> str | None:
        """Move the legs after ``hand``, played by ``names`` (per hand seat) with
        ``kill``; returns who must kill the next pot, if anyone."""
        rule = self.rule
        if kill is not None and kill.required:
            self.due = None  # posted: the kill is used
        if not rule.kills(game) or hand.carried:
            return self.due  # not a kill game, or nobody opened: nothing won
        winners = [s for s, chips in enumerate(_awards(hand)) if chips > 0]
        if not winners:
            return self.due
        killer = kill.killer if kill is not None and kill.required else None
        legs = self.legs
        if rule.rules == "oresteen" and game.family == "flop" and not hand.boards[0]:
            # 004 r.10: "If there is no flop, there is no kill"; legs stand
            if killer is not None:
                legs.add(names[killer])
            return self.due
        before = {s for s, name in enumerate(names) if name in legs}
        legs.difference_update(names)
        if killer is not None and killer in winners:
            self.due = names[killer]  # the killer wins again: kills again (001 r.4, r.7)
            legs.add(names[killer])
        if len(winners) > 1:
            # a split keeps a leg up and gives no new one (001 r.4, 004 r.10)
            legs.update(names[s] for s in winners if s in before)
            return self.due
        (winner,) = winners
        legs.add(names[winner])
        if self.due is not None:
            return self.due  # one kill per hand (001 r.11)
        if rule.rules == "roberts" and len(game.showdown.shares) > 1:
            # 001 r.8: in a split-pot game a scoop kills if the pot is big enough
            upper = _upper_limit(hand.stakes)
            if upper and hand.pot >= SCOOP_LIMITS * upper:
                self.due = names[winner]
            return self.due
        if winner in before and _voluntary_won(hand, winner, rule) >= _full_bet(hand.stakes):
            self.due = names[winner]
        return self.due


def _awards(hand: Hand) -> list[int]:
    """The chips each seat was awarded from the pot (returned bets are not awards)."""
    won = [0] * hand.seats
    for event in hand.events:
        if event.kind == "award" and event.seat is not None:
            won[event.seat] += event.amount
    return won


def _voluntary_won(hand: Hand, winner: int, rule: KillRule) -> int:
    """The others' chips ``winner`` took beyond their blinds (and, 004, their antes)."""
    forced = [0] * hand.seats
    kinds = ("blind", "dead-blind", "ante") if rule.rules == "oresteen" else ("blind", "dead-blind")
    for event in hand.events:
        if event.kind in kinds and event.seat is not None:
            forced[event.seat] += event.amount
    return sum(max(0, hand.contributed[s] - forced[s]) for s in range(hand.seats) if s != winner)


def _full_bet(stakes: Stakes) -> int:
    """One full bet (001 Kill r.3): the small bet at limit, else the minimum bet."""
    return stakes.bet_size("small") if stakes.format == "limit" else stakes.minimum_bet()


def _upper_limit(stakes: Stakes) -> int:
    """The upper limit of a limit game (the big bet, or the spread's maximum); 0 for
    pot- and no-limit."""
    if stakes.format == "limit":
        return stakes.bet_size("big")
    if stakes.format == "spread-limit" and stakes.spread is not None:
        return stakes.spread[1]
    return 0
