"""Table rules: the night's procedures, each run at fixed points of every deal.

A :class:`TableRule` is one procedure of a night (rebuys, players coming and going,
Overs buttons, Show 'Em chips, midnight, a tournament's levels and places, carried
pots, blinds and posts, bomb pots, kills, straddles, the shuffle, running it twice).
:class:`~pokerbook.table.play.GameNight` plays each deal in four steps:

1. ``between_hands(ctx)`` of every rule, in order, with a :class:`BetweenHands`:
   before the deal is placed (players rebuy, come and go, take buttons, buy chips);
2. the night places the deal: the button and blinds move, the game is chosen, and
   the players a short game has no room for sit it out (the hand's seats are fixed
   from here on);
3. ``before_hand(ctx)`` of every rule, in order, with a :class:`HandContext`: each
   may change the hand's stakes (:attr:`HandContext.stakes`, or a kill's) and its
   :class:`~pokerbook.engine.setup.HandSetup` (:attr:`HandContext.setup`); the hand
   is then dealt with that setup whole and played;
4. ``after_hand(ctx, hand)`` of every rule, in order, once the stacks are updated.

The order is :data:`pokerbook.table.procedures.RULE_ORDER`; a night runs the rules it
has (a night without kills has no kill rule) in that order.  The order
is also the order of the draws from the night's generator (the bomb-pot call, the
kill, the straddles, the deal's seed, the run-it-twice agreement), so a seeded night
deals the same hands whenever it is played.

Every rule may tell the table something (:meth:`BetweenHands.tell`): the notices
(:mod:`pokerbook.table.notices`) go to the hand's result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from pokerbook.engine.setup import NO_SETUP, HandSetup
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.table.blinds import Positions
from pokerbook.table.notices import Notice, NoticeKind, notice

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand
    from pokerbook.table.kills import Kill
    from pokerbook.table.play import GameNight
    from pokerbook.table.show_em import ShowEm


@dataclass(eq=False, kw_only=True)
class BetweenHands:
    """The night between two deals, before the next is placed: hand ``number`` (from
    1) is next.  Seats are table seats (from 0)."""

    table: GameNight
    number: int
    #: what the table is told, in order
    notices: list[Notice] = field(default_factory=list)
    #: rebuys made before the hand, as (table seat, chips)
    rebuys: list[tuple[int, int]] = field(default_factory=list)
    #: Show 'Em chips bought since the last deal, as (table seat, price)
    show_em_bought: tuple[tuple[int, int], ...] = ()

    def tell(self, kind: NoticeKind, seat: int | None, text: str) -> None:
        """Announce ``text`` to the table, about table ``seat`` (from 0; None: nobody
        in particular); a seat's notice starts with the seat and the player's name."""
        name = None if seat is None else self.table.seating.name(seat)
        self.notices.append(notice(kind, seat, name, text))


@dataclass(eq=False, kw_only=True)
class HandContext(BetweenHands):
    """One deal, once placed.  ``dealt`` are the table seats dealt in, in seat order:
    hand seat ``i`` is table seat ``dealt[i]``; ``names`` are their players."""

    #: the button and blinds, in table seats, and those of the deal before (None: first)
    positions: Positions
    before: Positions | None
    #: the seats the button and blinds were placed among (some may sit a short game out)
    active: tuple[int, ...]
    game: Game
    #: the table seat that chose the game (dealer's choice), or None
    chooser: int | None
    dealt: tuple[int, ...]
    sat_out: tuple[int, ...]
    names: tuple[str, ...]
    #: the table's stakes for the deal: the night's, doubled after midnight, or the
    #: tournament level's (a kill raises the hand's: :attr:`hand_stakes`)
    stakes: Stakes
    #: the hand's table agreements, in hand seats, as the rules build them
    setup: HandSetup = NO_SETUP
    #: the deal's seed (the deck's order), drawn by the shuffle
    seed: int = 0
    #: played at the stakes doubled after midnight (004 r.6g)
    doubled: bool = False
    #: the kill, in hand seats, or None
    kill: Kill | None = None
    #: the straddles, as (hand seat, chips)
    straddles: tuple[tuple[int, int], ...] = ()
    #: the shares, by table seat, of a pot carried in from an unopened deal (None: none)
    waiting: list[int] | None = None
    #: chips this deal added to a carried pot, and carried chips its winners took
    carried: int = 0
    carried_won: int = 0
    #: Show 'Em chips presented after the hand
    show_em: tuple[ShowEm, ...] = ()

    @property
    def button(self) -> int:
        """The button's hand seat."""
        return self.dealt.index(self.positions.button)

    @property
    def hand_stakes(self) -> Stakes:
        """The stakes the hand is dealt at: the table's, or a kill's."""
        return self.stakes if self.kill is None else self.kill.stakes

    @property
    def stacks(self) -> list[int]:
        """Each hand seat's chips as the hand starts."""
        return [self.table.stacks[s] for s in self.dealt]


class TableRule(Protocol):
    """A procedure of the night, run at the points of every deal (see the module)."""

    def between_hands(self, ctx: BetweenHands) -> None:
        """Before the next deal is placed."""
        ...

    def before_hand(self, ctx: HandContext) -> None:
        """Before the hand is dealt: may change ``ctx.stakes``, ``ctx.kill`` and
        ``ctx.setup``."""
        ...

    def after_hand(self, ctx: HandContext, hand: Hand) -> None:
        """After ``hand`` is played and the stacks updated."""
        ...


class Rule:
    """A :class:`TableRule` that does nothing at any point: a rule overrides the
    points it acts at."""

    def between_hands(self, ctx: BetweenHands) -> None:
        """Nothing between hands."""

    def before_hand(self, ctx: HandContext) -> None:
        """Nothing before the hand."""

    def after_hand(self, ctx: HandContext, hand: Hand) -> None:
        """Nothing after the hand."""
