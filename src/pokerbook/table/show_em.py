"""The Show 'Em chip (004 r.6h; rules.md §5.1, E-10).

"Each player may purchase for $3 one Show 'Em chip per game.  The Show 'Em chip may
used at the end of a hand to force a player to show his hand to the player that
presented the Show 'Em chip.  No other players may see the shown hand unless they
too present a Show 'Em chip. [...] Once the Show 'Em chip is presented it is
immediately redeemed for $3 by the banker and the Show 'Em chip is retired from
play.  The player showing the hand receives the $3 redemption. [...] Show 'Em chips
not used during the game will be redeemed by the Bank at half price of $1.50 at the
end of the game."

How a night plays it (:class:`ShowEmChips`, kept by
:class:`~pokerbook.table.play.GameNight`):

* a player buys one chip a night, between deals, paying the ``price`` from their
  stack (r.9: "Cash may NOT be used in the game"); a player who cashes out and
  comes back does not buy a second;
* after a hand the chip's owner may present it to a player who held a hand to the
  end without showing it: the winner of a pot nobody contested, or a player who
  conceded at the showdown (a folded hand is dead, and a shown one seen already).
  The cards are shown to the presenter alone (:class:`ShowEm` says who saw what);
  the bank pays the ``price`` into the shown player's stack and the chip is
  retired;
* a chip still unused when its owner cashes out (leaving, or at the end of the
  night) is bought back for the ``redemption`` (half the price), paid into the
  stack before the cash-out.  The bank keeps the rest (the ledger's house line).

Bots buy a chip when they sit down with the rule's ``buy`` chance, and present one
to the winner of a pot nobody contested with its ``use`` chance.  Selling a chip to
another player "for whatever price the market will bear" is not modelled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerbook.cards.card import Card
from pokerbook.engine.hand import Hand
from pokerbook.table.night import NightError
from pokerbook.table.notices import verb

if TYPE_CHECKING:
    from pokerbook.table.play import GameNight

#: 004 r.6h in cents, as the Oresteen nights count: $3, bought back for $1.50
PRICE = 300
REDEMPTION = 150


@dataclass(frozen=True)
class ShowEmRule:
    """A night's Show 'Em chips: their ``price``, what the bank pays back for one
    unused (``redemption``), and how often bots buy (when they sit down) and use one
    (on the winner of a pot nobody contested)."""

    price: int = PRICE
    redemption: int = REDEMPTION
    buy: float = 0.0
    use: float = 0.0

    def __post_init__(self) -> None:
        if self.price <= 0 or not 0 <= self.redemption <= self.price:
            raise ValueError(
                f"a Show 'Em chip costs more than 0 and is bought back for at most its "
                f"price: price {self.price}, redemption {self.redemption}"
            )
        for name in ("buy", "use"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"show_em {name} is a chance from 0 to 1, not {value}")


@dataclass(frozen=True)
class ShowEm:
    """A Show 'Em chip presented after a hand: the player in table seat ``by`` saw the
    ``cards`` of the player in table seat ``shown``, who was paid ``paid``."""

    by: int
    shown: int
    cards: tuple[Card, ...]
    paid: int


def showable(hand: Hand) -> list[int]:
    """The hand's seats a Show 'Em chip can make show: every seat that held its hand
    to the end without showing it (not folded, not shown at the showdown)."""
    return [s for s in range(hand.seats) if not hand.folded[s] and s not in hand.shown]


class ShowEmChips:
    """Who holds an unused Show 'Em chip over a night, by name; bots' draws come from
    their own generator so a night without chips plays as before."""

    def __init__(self, rule: ShowEmRule, seed: int) -> None:
        self.rule = rule
        self.rng = random.Random(f"show-em-{seed}")
        #: players holding an unused chip
        self.holders: set[str] = set()
        #: players who have bought their one chip of the night
        self.bought: set[str] = set()
        self._seen: set[str] = set()
        #: chips bought since the last hand, as (table seat, price)
        self.pending: list[tuple[int, int]] = []

    def bought_before_hand(self) -> tuple[tuple[int, int], ...]:
        """The chips bought since the last hand, as (table seat, price); clears them."""
        bought, self.pending = tuple(self.pending), []
        return bought

    def buy(self, table: GameNight, seat: int) -> None:
        """The player in ``seat`` buys a Show 'Em chip between deals (004 r.6h)."""
        occupant = table.seating.occupant(seat)
        name = occupant.name
        if table.in_hand or table.finished:
            raise NightError("Show 'Em chips are bought between deals")
        if name in self.bought:
            raise NightError(
                f"{name} {verb(name, 'have')} bought {'your' if name == 'You' else 'their'} "
                "one Show 'Em chip of the night "
                "(004 r.6h)"
            )
        price = self.rule.price
        if table.stacks[seat] <= price:
            raise NightError(
                f"{name} {verb(name, 'have')} {table.stacks[seat]} chips: a Show 'Em chip costs "
                f"{price}, "
                "paid from the stack with chips to spare"
            )
        table.stacks[seat] -= price
        table.ledger.show_em_buy(name, price, table.hands_played + 1)
        self.bought.add(name)
        self.holders.add(name)
        self.pending.append((seat, price))

    def present(self, table: GameNight, by: int, shown: int) -> ShowEm:
        """After the last hand, the player in table seat ``by`` presents their chip to
        the player in table seat ``shown``, who shows the hand to them alone and is
        paid the price (004 r.6h)."""
        hand = table.last_hand
        if hand is None or table.in_hand:
            raise NightError("a Show 'Em chip is presented at the end of a hand")
        owner = table.seating.occupant(by).name
        if owner not in self.holders:
            raise NightError(f"{owner} {verb(owner, 'hold')} no Show 'Em chip")
        if shown not in table.dealt:
            raise NightError(f"seat {shown + 1} was not dealt the last hand")
        index = table.dealt.index(shown)
        if by == shown:
            raise NightError("a Show 'Em chip makes another player show")
        if index not in showable(hand):
            raise NightError(
                f"seat {shown + 1} has no hand to show: folded, or shown at the showdown already"
            )
        name = table.seating.occupant(shown).name
        price = self.rule.price
        self.holders.discard(owner)
        table.stacks[shown] += price
        table.ledger.show_em_paid(name, price, table.hands_played)
        return ShowEm(by, shown, tuple(hand.hole[index]), price)

    def redeem(self, table: GameNight, seat: int) -> int:
        """The player in ``seat`` cashes out: an unused chip is bought back for the
        redemption, paid into the stack.  Returns the chips paid."""
        name = table.seating.occupant(seat).name
        if name not in self.holders:
            return 0
        self.holders.discard(name)
        amount = self.rule.redemption
        table.stacks[seat] += amount
        table.ledger.show_em_redeem(name, amount, table.hands_played)
        return amount

    # -- bots ------------------------------------------------------------------------
    def bots_buy(self, table: GameNight) -> None:
        """Before a deal: each player sitting down for the first time buys a chip with
        the rule's ``buy`` chance (if their stack pays for it)."""
        for seat, occupant in enumerate(table.seating.occupants):
            if occupant is None or occupant.name in self._seen or occupant.name in table.people:
                continue
            self._seen.add(occupant.name)
            if self.rng.random() < self.rule.buy and table.stacks[seat] > self.rule.price:
                self.buy(table, seat)

    def bots_use(self, table: GameNight, dealt: Sequence[int]) -> list[ShowEm]:
        """After a hand won without a contest: each holder at the table, in seat order,
        presents their chip to the winner with the rule's ``use`` chance."""
        hand = table.last_hand
        if hand is None or self.rule.use == 0 or len(showable(hand)) != 1:
            return []
        if sum(not f for f in hand.folded) != 1:
            return []  # a showdown: the chips wait for a pot nobody contested
        winner = dealt[showable(hand)[0]]
        used: list[ShowEm] = []
        for seat, occupant in enumerate(table.seating.occupants):
            if occupant is None or seat == winner or occupant.name not in self.holders:
                continue
            if occupant.name in table.people:
                continue  # a person presents their own chip
            if self.rng.random() < self.rule.use:
                used.append(self.present(table, seat, winner))
        return used


def describe(use: ShowEm, names: Sequence[str | None], viewer: int | None = None) -> str:
    """A line for the table: who presented a chip to whom, and the cards only to the
    presenter (``viewer`` is the table seat reading it; 004 r.6h: "No other players
    may see the shown hand")."""
    by, shown = names[use.by] or f"seat {use.by + 1}", names[use.shown] or f"seat {use.shown + 1}"
    line = f"{by} presents a Show 'Em chip: {shown} shows their hand to {by} (paid {use.paid})"
    if viewer == use.by:
        line += f": {' '.join(map(str, use.cards))}"
    return line
