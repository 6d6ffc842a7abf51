"""Who is in a tournament and what they bought: entries, late registration, re-entries,
rebuys, add-ons, lammers and absent entrants, the prize pool, and a record of every
chip put into (or taken out of) play by them.

The rules:

* 001 Tournaments r.3: a starting stack is placed for every paid entrant, present or
  not (absent entrants are dealt in and post: the table's business).
* 001 r.4: an absent entrant's chips may be removed once a new level has begun or half
  an hour has passed, whichever comes first (house choices in ``Absent``), unless the
  entrant asked that they stay (``hold_chips``).
* 001 r.5: late entrants get the starting stack; registration is open until the end of
  level ``late_until_level`` (a break after it is already closed); 0 means only before
  the first deal.
* 001 r.33: a player who announces a rebuy before the deal is playing behind and must
  make it: the chips play in the next hand and the price is in the pool at once.
* 004 r.101 and r.110: the house's buy-in (and "no re-buys - ever": no ``Rebuys``); the
  absent player is dealt in and folded facing a bet (the table's business).
* 000 §1.3.2 and E-35, lammers: ``count`` lammers of ``chips`` each come with an entry;
  any or all are turned in between hands, never during one; a busted player holding
  lammers must turn in at least one before the next hand (so they are not out); every
  one left is turned in before the first hand after level ``redeem_by_level``.

Re-entry (the rulebooks are silent; the common practice): a re-entry is a new entry.
It counts in the field and its buy-in goes into the pool; the player is seated anew
with a new starting stack and the entry's lammers, but finishes the event only once
(``field_size`` counts entries, ``players`` people).  A bust is settled by lammers
first, then a rebuy while rebuys are open, then a re-entry; a player settled "out" is
out for good.

The prize pool holds buy-ins, rebuy prices and add-on prices; fees and bounties are
kept apart (``fees``, ``bounties``).  Every change of the chips in play made here is a
``ChipEntry`` in ``records``: the pool is the sum of their money, ``chips_sold`` the sum
of their chips bought or redeemed, ``chips_removed`` the absent entrants' chips taken
out.

Bots decide with the given ``random.Random`` and the chances in ``BotChoices``; a
person uses the explicit methods (``rebuy``, ``add_on``, ``redeem_lammers``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pokerbook.tournament.structure import Structure

#: the kinds of chip change recorded
ChipKind = Literal["entry", "re-entry", "rebuy", "add-on", "lammer", "absent-removed"]

#: how a bust is settled (``Entries.on_bust``)
BustOutcome = Literal["lammer", "rebuy", "re-enter", "out"]


class EntryError(ValueError):
    """A registration, purchase or redemption the event's rules do not allow."""


@dataclass(frozen=True)
class ChipEntry:
    """One change of the chips in play: ``chips`` put in (negative: taken out) and the
    ``money`` it put into the prize pool, at ``minutes`` after the start."""

    minutes: float
    player: str
    kind: ChipKind
    chips: int
    money: int


@dataclass(frozen=True)
class BotChoices:
    """The chances a bot takes each option when it may (seeded by the caller's rng)."""

    rebuy: float = 0.75  # rebuy on a bust while rebuys are open
    re_enter: float = 0.6  # re-enter after a bust while registration is open
    announce_rebuy: float = 0.25  # rebuy before a deal when at or below the threshold
    add_on: float = 0.8  # take the add-on when it is offered
    lammers_at_start: float = 0.1  # turn in every lammer before the entry's first hand
    lammer_when_short: float = 0.5  # turn in one when the stack is below a lammer's chips
    extra_lammer_on_bust: float = 0.2  # turn in more than the one a bust forces


@dataclass
class Entrant:
    """One player in the event; ``entries`` counts their entry and re-entries."""

    player: str
    entries: int = 1
    rebuys: int = 0
    add_ons: int = 0
    lammers: int = 0  # lammers held, not yet turned in
    absent_until: float | None = None  # minutes at which an absent entrant arrives
    out: bool = False  # finished the event (eliminated for good, or chips removed)
    busted: bool = False  # lost their chips, the bust not yet settled
    registered_at: float = 0.0  # minutes, of the current entry
    hold_chips: bool = False  # 001 r.4: asked that their chips stay until they arrive
    removed: bool = False  # 001 r.4: chips removed while absent
    owed: int = 0  # chips bought on a bust, put on the stack before the next hand
    hands: int = 0  # hands the current entry has been readied for (before_hand)
    add_on_offered: bool = False
    re_entry_granted: bool = False

    def absent_at(self, minutes: float) -> bool:
        """Whether the entrant is away from the table at ``minutes``."""
        return self.absent_until is not None and self.absent_until > minutes


class Entries:
    """The entrants of one event and the money and chips they bought (001 r.3-5, r.33;
    004 r.101, r.110; 000 §1.3.2).  ``entrants`` fixes the field size the starting stack
    is read for (a chips table by field size, 004 r.102); 0: the entries so far."""

    def __init__(
        self,
        structure: Structure,
        *,
        entrants: int = 0,
        choices: BotChoices | None = None,
    ) -> None:
        self.structure = structure
        self.entrants = entrants
        self.choices = choices if choices is not None else BotChoices()
        self.pool = 0  # money in the prize pool: buy-ins, rebuy and add-on prices
        self.chips_sold = 0  # chips put in play by entries, rebuys, add-ons, lammers
        self.chips_removed = 0  # absent entrants' chips taken out (001 r.4)
        self.fees = 0  # the house's fees, not in the pool
        self.bounties = 0  # bounty money, kept apart from the pool (000 §1.3.1)
        self.now = 0.0  # the latest time told to any method, for records without one
        self.records: list[ChipEntry] = []
        self.people: dict[str, Entrant] = {}
        self.in_hand: set[str] = set()  # players dealt into a hand not yet over

    # -- the field ---------------------------------------------------------------------

    @property
    def field_size(self) -> int:
        """Entries sold, re-entries included: the field size for the pool and prizes."""
        return sum(e.entries for e in self.people.values())

    @property
    def players(self) -> int:
        """People entered: each finishes the event once."""
        return len(self.people)

    @property
    def chips_in_play(self) -> int:
        """The chips these records put in play, less those taken out."""
        return self.chips_sold - self.chips_removed

    def entrant(self, player: str) -> Entrant:
        """The entrant named ``player``; EntryError if there is none."""
        try:
            return self.people[player]
        except KeyError:
            raise EntryError(f"{player!r} has not entered") from None

    def starting_stack(self) -> int:
        """The chips an entry is seated with (the same for late entrants, 001 r.5)."""
        return self.structure.starting_stack(max(self.entrants, self.field_size, 1))

    def registration_closes_at(self) -> float:
        """Minutes after the start at which registration closes: the end of level
        ``late_until_level`` (a break after it is closed too, as the clock reads a break
        as the next level); 0: registration closes at the start."""
        last = self.structure.late_until_level
        if last <= 0:
            return 0.0
        for _start, end, level in self.structure.schedule():
            if level is not None and level.number == last:
                return end
        return math.inf

    def registration_open(self, minutes: float, level: int | None = None) -> bool:
        """001 r.5: late entry while the level in play (``level`` when known, else read
        from the clock at ``minutes``) is at most ``late_until_level``."""
        if minutes <= 0:
            return True
        if level is not None:
            return level <= self.structure.late_until_level
        return minutes < self.registration_closes_at()

    # -- registration and re-entry -----------------------------------------------------

    def register(
        self,
        player: str,
        minutes: float,
        *,
        absent_until: float | None = None,
        hold_chips: bool = False,
        level: int | None = None,
    ) -> int:
        """Enter ``player`` at ``minutes`` (or re-enter a busted one) and return the
        chips to seat them with.  ``absent_until``: the entrant is away until then
        (``math.inf``: never comes); their chips are placed all the same (001 r.3)."""
        self._tick(minutes)
        known = self.people.get(player)
        if known is not None:
            return self._re_enter(known, minutes, level, absent_until)
        if not self.registration_open(minutes, level):
            raise EntryError(f"registration closed: {player!r} cannot enter at {minutes:g}")
        if len(self.people) >= self.structure.max_players:
            raise EntryError(f"the event is full ({self.structure.max_players} players)")
        entrant = Entrant(
            player, absent_until=absent_until, registered_at=minutes, hold_chips=hold_chips
        )
        self.people[player] = entrant
        return self._sell_entry(entrant, "entry", minutes)

    def may_re_enter(self, player: str, minutes: float, level: int | None = None) -> bool:
        """Whether ``player``, whose bust is being settled (or was settled by a
        re-entry), may buy a new entry: registration is open and they have re-entered
        fewer than ``re_entries`` times.  A player settled "out" is out for good."""
        entrant = self.people.get(player)
        if entrant is None or entrant.out:
            return False
        if entrant.re_entry_granted:
            return True
        if not entrant.busted:
            return False
        return entrant.entries <= self.structure.re_entries and self.registration_open(
            minutes, level
        )

    def _re_enter(
        self, entrant: Entrant, minutes: float, level: int | None, absent_until: float | None
    ) -> int:
        if not (entrant.busted or entrant.out or entrant.re_entry_granted):
            raise EntryError(f"{entrant.player!r} is still in the event")
        if not self.may_re_enter(entrant.player, minutes, level):
            raise EntryError(f"{entrant.player!r} may not re-enter at {minutes:g}")
        entrant.entries += 1
        entrant.out = entrant.busted = entrant.re_entry_granted = False
        entrant.add_on_offered = False
        entrant.owed = entrant.hands = 0
        entrant.absent_until = absent_until
        entrant.registered_at = minutes
        return self._sell_entry(entrant, "re-entry", minutes)

    def _sell_entry(self, entrant: Entrant, kind: ChipKind, minutes: float) -> int:
        lammers = self.structure.lammers
        entrant.lammers = lammers.count if lammers is not None else 0
        self.fees += self.structure.fee
        self.bounties += self.structure.bounty
        chips = self.starting_stack()
        self._record(minutes, entrant.player, kind, chips, self.structure.buy_in)
        return chips

    # -- busts -------------------------------------------------------------------------

    def on_bust(
        self, player: str, level: int, rng: random.Random, *, minutes: float | None = None
    ) -> BustOutcome:
        """Settle ``player``'s loss of every chip, between hands (001 r.33, 000 §1.3.2):

        * "lammer": they hold lammers and must turn in one or more; they stay in the
          seat and ``before_hand`` gives them the chips;
        * "rebuy": rebuys are open and they rebought (bots: ``BotChoices.rebuy``); the
          price is paid now, ``before_hand`` gives them the chips;
        * "re-enter": they leave the seat and buy a new entry: call ``register`` (it is
          honoured even if registration closes meanwhile);
        * "out": they are eliminated, for good.

        An absent player neither rebuys nor re-enters (nobody is there to choose); their
        lammers are turned in all the same (the rule says they must be).
        """
        now = self._tick(minutes)
        entrant = self._in_play(player)
        self.in_hand.discard(player)
        entrant.busted = True
        if entrant.lammers:
            entrant.busted = False
            return "lammer"
        present = not entrant.absent_at(now)
        rebuy = present and self.may_rebuy(player, 0, level)
        if rebuy and rng.random() < self.choices.rebuy:
            entrant.owed += self._sell_rebuy(entrant, now)
            entrant.busted = False
            return "rebuy"
        re_enter = present and self.may_re_enter(player, now, level)
        if re_enter and rng.random() < self.choices.re_enter:
            entrant.re_entry_granted = True
            return "re-enter"
        entrant.out = True
        return "out"

    # -- between hands -----------------------------------------------------------------

    def before_hand(
        self,
        player: str,
        stack: int,
        level: int,
        rng: random.Random,
        *,
        minutes: float | None = None,
    ) -> int:
        """The chips added to ``player``'s ``stack`` before the next deal at ``level``
        (call it for every seated player before every hand): chips owed from a bust,
        lammers turned in (at least one on a bust, every one after ``redeem_by_level``,
        otherwise the bot's choice), a rebuy announced before the deal (001 r.33: playing
        behind, obligated), the add-on in the level after its level."""
        now = self._tick(minutes)
        entrant = self._between_hands(player)
        added = entrant.owed
        entrant.owed = 0
        added += self._forced_lammers(entrant, stack + added, level, rng, now)
        if not entrant.absent_at(now):
            added += self._chosen_lammers(entrant, stack + added, rng, now)
            added += self._chosen_rebuy(entrant, stack + added, level, rng, now)
            added += self._chosen_add_on(entrant, level, rng, now)
        if stack + added <= 0:
            raise EntryError(f"{player!r} has no chips: settle the bust with on_bust first")
        entrant.hands += 1
        return added

    def _forced_lammers(
        self, entrant: Entrant, stack: int, level: int, rng: random.Random, now: float
    ) -> int:
        lammers = self.structure.lammers
        if lammers is None or not entrant.lammers:
            return 0
        if level > lammers.redeem_by_level:
            return self._redeem(entrant, entrant.lammers, now)
        if stack > 0:
            return 0
        count = 1
        while count < entrant.lammers and rng.random() < self.choices.extra_lammer_on_bust:
            count += 1
        return self._redeem(entrant, count, now)

    def _chosen_lammers(self, entrant: Entrant, stack: int, rng: random.Random, now: float) -> int:
        lammers = self.structure.lammers
        if lammers is None or not entrant.lammers:
            return 0
        if entrant.hands == 0 and rng.random() < self.choices.lammers_at_start:
            return self._redeem(entrant, entrant.lammers, now)
        if stack < lammers.chips and rng.random() < self.choices.lammer_when_short:
            return self._redeem(entrant, 1, now)
        return 0

    def _chosen_rebuy(
        self, entrant: Entrant, stack: int, level: int, rng: random.Random, now: float
    ) -> int:
        if self.may_rebuy(entrant.player, stack, level) and (
            rng.random() < self.choices.announce_rebuy
        ):
            return self._sell_rebuy(entrant, now)
        return 0

    def _chosen_add_on(self, entrant: Entrant, level: int, rng: random.Random, now: float) -> int:
        if not self.add_on_open(entrant.player, level):
            return 0
        entrant.add_on_offered = True
        if rng.random() < self.choices.add_on:
            return self._sell_add_on(entrant, now)
        return 0

    # -- hands in play (000 §1.3.2: lammers never during a hand; 001 r.33) ------------

    def hand_started(self, players: Iterable[str]) -> None:
        """``players`` are dealt into a hand: until ``hand_finished`` (or their bust)
        they turn in no lammers and buy nothing.  Optional: without it nothing is
        checked."""
        self.in_hand.update(players)

    def hand_finished(self, players: Iterable[str]) -> None:
        """The hand ``players`` were dealt into is over."""
        self.in_hand.difference_update(players)

    # -- a person's choices ------------------------------------------------------------

    def redeem_lammers(self, player: str, count: int, *, minutes: float | None = None) -> int:
        """Turn in ``count`` of ``player``'s lammers between hands (never during one,
        000 §1.3.2) and return the chips they bring."""
        now = self._tick(minutes)
        entrant = self._between_hands(player)
        if not 0 < count <= entrant.lammers:
            raise EntryError(f"{player!r} holds {entrant.lammers} lammers, not {count}")
        entrant.busted = False
        return self._redeem(entrant, count, now)

    def may_rebuy(self, player: str, stack: int, level: int) -> bool:
        """Whether ``player`` with ``stack`` may rebuy at ``level``: rebuys open through
        ``until_level``, the stack at or below ``at_or_below``, fewer than ``most``."""
        rebuys = self.structure.rebuys
        entrant = self.people.get(player)
        if rebuys is None or entrant is None or entrant.out:
            return False
        within = rebuys.most is None or entrant.rebuys < rebuys.most
        return level <= rebuys.until_level and stack <= rebuys.at_or_below and within

    def rebuy(self, player: str, stack: int, level: int, *, minutes: float | None = None) -> int:
        """``player`` announces a rebuy before the deal (001 r.33: playing behind and
        obligated to make it): the price goes into the pool now; returns the chips,
        which play in the next hand."""
        now = self._tick(minutes)
        entrant = self._between_hands(player)
        if not self.may_rebuy(player, stack, level):
            raise EntryError(f"{player!r} may not rebuy with {stack} chips at level {level}")
        entrant.busted = False
        return self._sell_rebuy(entrant, now)

    def add_on_open(self, player: str, level: int) -> bool:
        """Whether ``player`` may take the add-on: once, in the level after
        ``after_level``, offered a single time (the first hand readied there)."""
        add_on = self.structure.add_on
        entrant = self.people.get(player)
        if add_on is None or entrant is None or entrant.out or entrant.add_on_offered:
            return False
        return level == add_on.after_level + 1

    def add_on(self, player: str, level: int, *, minutes: float | None = None) -> int:
        """``player`` takes the add-on; returns its chips."""
        now = self._tick(minutes)
        entrant = self._between_hands(player)
        if not self.add_on_open(player, level):
            raise EntryError(f"no add-on for {player!r} at level {level}")
        entrant.add_on_offered = True
        return self._sell_add_on(entrant, now)

    # -- absent entrants ---------------------------------------------------------------

    def remove_absent(
        self,
        player: str,
        minutes: float,
        level_started: bool,
        *,
        stack: int | None = None,
    ) -> bool:
        """001 r.4: take an absent entrant's chips out of play once a new level has
        begun since they entered (``level_started``, when the house's ``Absent`` says
        so) or ``removed_after_minutes`` have passed, whichever is first; never when
        they asked the chips to stay, are present, or the house has no ``Absent`` rule.
        ``stack``: the chips left in the seat (default: the starting stack).  True when
        removed: the entrant is then out."""
        now = self._tick(minutes)
        rule = self.structure.absent
        entrant = self._in_play(player)
        if rule is None or entrant.hold_chips or not entrant.absent_at(now):
            return False
        waited = now - entrant.registered_at >= rule.removed_after_minutes
        if not (waited or (level_started and rule.removed_at_new_level)):
            return False
        chips = self.starting_stack() if stack is None else stack
        entrant.out = entrant.removed = True
        self._record(now, player, "absent-removed", -chips, 0)
        return True

    # -- bookkeeping -------------------------------------------------------------------

    def _tick(self, minutes: float | None) -> float:
        if minutes is not None:
            self.now = max(self.now, minutes)
            return minutes
        return self.now

    def _between_hands(self, player: str) -> Entrant:
        if player in self.in_hand:
            raise EntryError(f"{player!r} is in a hand: lammers and chips only between hands")
        return self._in_play(player)

    def _in_play(self, player: str) -> Entrant:
        entrant = self.entrant(player)
        if entrant.out:
            raise EntryError(f"{player!r} is out of the event")
        return entrant

    def _redeem(self, entrant: Entrant, count: int, now: float) -> int:
        lammers = self.structure.lammers
        assert lammers is not None  # callers check
        entrant.lammers -= count
        chips = count * lammers.chips
        self._record(now, entrant.player, "lammer", chips, 0)
        return chips

    def _sell_rebuy(self, entrant: Entrant, now: float) -> int:
        rebuys = self.structure.rebuys
        assert rebuys is not None  # callers check
        entrant.rebuys += 1
        self._record(now, entrant.player, "rebuy", rebuys.chips, rebuys.price)
        return rebuys.chips

    def _sell_add_on(self, entrant: Entrant, now: float) -> int:
        add_on = self.structure.add_on
        assert add_on is not None  # callers check
        entrant.add_ons += 1
        self._record(now, entrant.player, "add-on", add_on.chips, add_on.price)
        return add_on.chips

    def _record(self, minutes: float, player: str, kind: ChipKind, chips: int, money: int) -> None:
        self.records.append(ChipEntry(minutes, player, kind, chips, money))
        self.pool += money
        if chips >= 0:
            self.chips_sold += chips
        else:
            self.chips_removed -= chips
