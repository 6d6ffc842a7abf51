"""The chip race at one table when the lowest chip is coloured up (001 Tournaments r.8).

001 r.8: "The lowest denomination of chip in play will be removed from the table when
it is no longer needed in the blind or ante structure.  All lower-denomination chips
that are of sufficient quantity for a new chip will be changed up directly.  The method
for removal of odd chips is to deal one card to a player for each odd chip possessed.
Cards are dealt clockwise starting with the 1-seat, with each player receiving all
cards before any cards are dealt to the next player.  The player with the highest card
by suit gets enough odd chips to exchange for one new chip, the second-highest card
gets to exchange for the next chip, and so forth, until all the lower-denomination
chips are exchanged.  A player may not be eliminated from the event by the
chip-change process.  If a player has no chips after the race has been held, that
player will be given a chip of the higher denomination before anyone else is awarded
a chip.  If an odd number of lower-denomination chips are left after this process,
the player with the highest card remaining will receive a new chip if having half or
more of the quantity of lower-denomination chips needed, otherwise nothing."

How this module reads it:

* **Stacks are amounts** in the tournament's chip unit (``1525``), not chip counts.
  ``removed`` and ``denomination`` are chip values in the same unit; ``denomination``
  is a multiple of ``removed`` and every stack a multiple of ``removed``.  What a
  stack holds in chips that are not worth a whole new chip, ``stack % denomination``,
  is its odd chips: ``stack % denomination // removed`` chips of the removed
  denomination (the rest of the stack is "changed up directly").
* **The cards win, not the players**: the rule ranks cards ("the second-highest
  card gets to exchange for the next chip") and never limits a player to one new
  chip, so a player dealt several cards may win with each of them.
* Cards rank by rank and then by suit, spades > hearts > diamonds > clubs (001 Ties
  r.1; :class:`pokerbook.cards.Card` orders them so).
* The odd chips of the whole table are pooled: with ``k = denomination // removed``,
  the pool makes ``pool // k`` new chips, which go to the highest cards in order.  The
  ``pool % k`` chips left over make one more new chip, for the highest card not yet
  awarded, when they are half or more of ``k`` (``2 * left >= k``); else they go.
* **Nobody is raced out**: a player whose whole stack was odd chips and who wins no
  chip is given one new chip before anyone else is awarded one, so the gifts come out
  of the new chips first and the lowest-ranked winning cards lose theirs.  This can
  leave another player with nothing, who is then given a chip too (repeated until
  everyone with chips before the race has some after).  When there are more such
  players than new chips, each is still given one: the race then adds chips.
* A stack of 0 is a seat without a player in the event: no cards, no chips.
* A deck has 52 cards: when the table has more odd chips than that, another shuffled
  deck is dealt on from where the first ran out.  Two identical cards (from different
  decks) are then split by a redeal: one card each from a fresh shuffled deck, the
  higher card ranking first.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pokerbook.cards import STANDARD_CARDS, Card


class ChipRaceError(ValueError):
    """A chip race asked for with chips that do not fit together."""


@dataclass(frozen=True)
class ChipRace:
    """One table's chip race (001 Tournaments r.8).  Every tuple is in seat order
    from seat 1.

    ``removed`` is the chip taken out of play and ``denomination`` the next chip up;
    ``before`` and ``after`` are the stacks (amounts); ``odd_chips`` the removed chips
    each player raced (after changing up what makes a whole new chip), ``cards`` the
    cards they were dealt (one per odd chip, ``"As"``), ``won`` the new chips each
    received (race wins, the leftover chip and gifts alike) and ``given`` whether the
    player was given a chip so as not to be raced out.
    """

    removed: int
    denomination: int
    before: tuple[int, ...]
    after: tuple[int, ...]
    odd_chips: tuple[int, ...]
    cards: tuple[tuple[str, ...], ...]
    won: tuple[int, ...]
    given: tuple[bool, ...] = ()

    @property
    def change(self) -> int:
        """The chips the race added to the table (negative: removed)."""
        return sum(self.after) - sum(self.before)

    @property
    def per_chip(self) -> int:
        """How many removed chips make one new chip."""
        return self.denomination // self.removed


def chip_race(
    stacks: Sequence[int], removed: int, denomination: int, rng: random.Random
) -> ChipRace:
    """Race off the ``removed`` chips of one table's ``stacks`` (seat order from seat
    1) for chips of ``denomination``, dealing real shuffled cards from ``rng``."""
    _check(stacks, removed, denomination)
    per_chip = denomination // removed
    odd = [stack % denomination // removed for stack in stacks]
    dealt = _deal(odd, rng)
    order = _rank_cards(dealt, rng)
    pool = sum(odd)
    new_chips = pool // per_chip
    left = pool % per_chip
    if left and 2 * left >= per_chip:
        new_chips += 1
    bare = {seat for seat, stack in enumerate(stacks) if 0 < stack < denomination}
    given: set[int] = set()
    while True:
        won = _award(order, max(0, new_chips - len(given)), given, len(stacks))
        raced_out = {seat for seat in bare - given if won[seat] == 0}
        if not raced_out:
            break
        given |= raced_out
    for seat in given:
        won[seat] += 1
    after = tuple(
        stack - odd[seat] * removed + won[seat] * denomination for seat, stack in enumerate(stacks)
    )
    return ChipRace(
        removed=removed,
        denomination=denomination,
        before=tuple(stacks),
        after=after,
        odd_chips=tuple(odd),
        cards=tuple(tuple(str(card) for card in hand) for hand in dealt),
        won=tuple(won),
        given=tuple(seat in given for seat in range(len(stacks))),
    )


def _check(stacks: Sequence[int], removed: int, denomination: int) -> None:
    if removed <= 0 or denomination <= removed or denomination % removed:
        raise ChipRaceError(
            f"the new chip ({denomination}) must be a multiple of the removed chip ({removed})"
            " and bigger than it"
        )
    for seat, stack in enumerate(stacks, 1):
        if stack < 0 or stack % removed:
            raise ChipRaceError(
                f"seat {seat}'s stack {stack} is not a whole number of {removed} chips"
            )


def _shuffled_decks(rng: random.Random) -> Iterator[Card]:
    """Cards from a shuffled deck, then another shuffled deck, and so on."""
    while True:
        cards = list(STANDARD_CARDS)
        rng.shuffle(cards)
        yield from cards


def _deal(odd: Sequence[int], rng: random.Random) -> list[list[Card]]:
    """One card per odd chip, clockwise from seat 1, each player getting all their
    cards before the next player gets any."""
    cards = _shuffled_decks(rng)
    return [[next(cards) for _ in range(count)] for count in odd]


def _rank_cards(dealt: Sequence[Sequence[Card]], rng: random.Random) -> list[int]:
    """The seat holding each card dealt, the highest card first (rank, then suit);
    identical cards from different decks are split by a redeal."""
    by_card: dict[Card, list[int]] = {}
    for seat, hand in enumerate(dealt):
        for card in hand:
            by_card.setdefault(card, []).append(seat)
    order: list[int] = []
    for card in sorted(by_card, reverse=True):
        holders = by_card[card]
        if len(holders) > 1:
            redeal = list(STANDARD_CARDS)
            rng.shuffle(redeal)
            holders = [seat for _, seat in sorted(zip(redeal, holders, strict=False), reverse=True)]
        order.extend(holders)
    return order


def _award(order: Sequence[int], chips: int, skip: set[int], seats: int) -> list[int]:
    """New chips won by the cards in ``order`` (a seat per card, the highest first):
    one chip to each of the first ``chips`` cards not held by a ``skip`` seat."""
    won = [0] * seats
    for seat in order:
        if chips == 0:
            break
        if seat not in skip:
            won[seat] += 1
            chips -= 1
    return won
