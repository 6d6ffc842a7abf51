"""Seats over a night: players joining, sitting out, coming back and leaving, and the
blinds that go with it.

A :class:`Seating` keeps who sits in each table seat of a
:class:`~pokerbook.table.play.GameNight` (a seat may be empty) and where each player
stands:

* ``playing``: dealt in every hand (while they have chips);
* ``away``: sitting out; while away, a blind that passes the seat is owed: the big
  blind passes it when the big blind moves from a seat before it to one after it, and
  so does the small blind (001 Blinds r.9), in hands that post two blinds;
* ``waiting``: waiting for the big blind: dealt in on the hand where the big blind
  falls on the seat, which clears anything owed (001 Blinds r.4(a), r.9; 004 r.21);
* ``posting``: dealt in on the next hand where the seat is not between the big blind
  and the button (the button or the small blind: 001 Blinds r.7), posting to come in.

Coming in by posting, a new player posts a big blind (001 Blinds r.4(b), 004 r.21);
a player who missed blinds posts them: the big blind live up to the minimum opening
bet, the rest, and the small blind, dead into the pot (001 Blinds r.9; the engine's
``dead_blinds``).  In a hand without two blinds (stud, a game of antes) a new player
posts nothing and missed blinds are all dead ("post the blind(s) to the next pot",
004 r.5).  A new player who waits misses no blind (001 Blinds r.5).  A busted player
who rebuys after blinds passed makes them up (001 Blinds r.11): they come back
posting.  Whether a player back from missing blinds may wait for the big blind is the
house's ``wait_for_big_blind`` (001 r.9: yes; 004 r.5: no, they post).

Before the first hand of a night everybody seated is dealt in without posting, as at
the start of a game (001 Blinds r.12); and when fewer than three players are playing,
everybody waiting or posting is dealt in at once (else nobody could play, or, heads-up,
the big blind, alternating between the two, would never reach them).

Buy-ins: a player who left buys in again for at least what they cashed out (004 r.9,
001 Procedures: within the night); a night with ``full_buy_ins`` refuses a buy-in or
rebuy below a full buy-in (:func:`~pokerbook.table.night.full_buy_in`) except a
player's one short buy-in (001 Buy-in).  A player who leaves takes back their share of
pots nobody opened that are still waiting (as every player does at the end of the
night).  A player who leaves with an unused Show 'Em chip has it bought back as they
cash out (004 r.6h), and one who declared Overs keeps the button by name: it leaves
the table with them and is theirs again when they come back (004 r.8: "the player
will automatically receive an Overs Button").

The 004 r.106 blinds after a bust are the house's ``dead_button_after_bust``: with a
moving button, a hand after a player busts out places the blinds by the dead button
(:mod:`pokerbook.table.blinds`), and so do the hands after it until the blinds are back
to normal (a live button seat and a small blind).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pokerbook.bots.base import Policy
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.table.blinds import Positions
from pokerbook.table.night import Churn, NightError, Seat

if TYPE_CHECKING:
    from pokerbook.table.play import GameNight

SeatStatus = Literal["playing", "away", "waiting", "posting"]


@dataclass
class Occupant:
    """A player in a seat, and what they owe."""

    player: Seat
    policy: Policy
    status: SeatStatus = "playing"
    #: a new player: posts a big blind to come in and misses no blind while waiting
    new: bool = False
    #: missed blinds owed, in chips (the largest of each missed)
    owes_big: int = 0
    owes_small: int = 0

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def owes(self) -> bool:
        return bool(self.owes_big or self.owes_small)


@dataclass(frozen=True)
class Posts:
    """What the players coming in post for a hand, by table seat: ``live`` blinds
    (part of their bet) and ``dead`` chips (straight into the pot)."""

    live: dict[int, int] = field(default_factory=dict)
    dead: dict[int, int] = field(default_factory=dict)


def two_blinds(game: Game, stakes: Stakes) -> bool:
    """Whether a hand of ``game`` at ``stakes`` posts a small and a big blind."""
    return game.forced == "blinds" and len(stakes.blinds) == 2


def opening_bet(stakes: Stakes) -> int:
    """The minimum opening bet: the small bet at limit, else the minimum bet."""
    return stakes.bet_size("small") if stakes.format == "limit" else stakes.minimum_bet()


def _between(start: int, end: int, seat: int, size: int) -> bool:
    """``seat`` lies strictly clockwise between seats ``start`` and ``end``."""
    return 0 < (seat - start) % size < (end - start) % size


class Seating:
    """Who sits where at a table of ``size`` seats; ``seats`` and ``policies`` fill the
    first seats, the rest are empty.  A player sitting down without a policy plays the
    ``policies`` entry of their seat number (cycling).  A seat's buy-in below
    ``minimum`` (a full buy-in) is that player's one short buy-in."""

    def __init__(
        self, size: int, seats: Sequence[Seat], policies: Sequence[Policy], *, minimum: int = 0
    ) -> None:
        if size < max(2, len(seats)):
            raise NightError(f"a table of {size} seats cannot seat {len(seats)} players")
        self.size = size
        self.default_policies = tuple(policies)
        self.occupants: list[Occupant | None] = [
            *(Occupant(s, p) for s, p in zip(seats, policies, strict=True)),
            *([None] * (size - len(seats))),
        ]
        #: what each player who left cashed out (004 r.9: the least they buy in again for)
        self.cashed_out: dict[str, int] = {}
        #: players who have made their one short buy-in (001 Buy-in)
        self.short: set[str] = {s.name for s in seats if s.buy_in < minimum}
        #: seats coming in (waiting or posting) that the hand being dealt lets in
        self.entering: set[int] = set()
        self.last_dealt: tuple[int, ...] = ()

    # -- looking ---------------------------------------------------------------------
    def occupant(self, seat: int) -> Occupant:
        """The player in ``seat`` (:class:`NightError` if it is empty)."""
        if not 0 <= seat < self.size:
            raise NightError(f"no seat {seat}: the table has seats 0 to {self.size - 1}")
        found = self.occupants[seat]
        if found is None:
            raise NightError(f"seat {seat} is empty")
        return found

    def name(self, seat: int) -> str | None:
        """The name of the player in ``seat``, None if it is empty."""
        found = self.occupants[seat]
        return None if found is None else found.name

    def status(self, seat: int) -> SeatStatus | None:
        found = self.occupants[seat]
        return None if found is None else found.status

    def names(self) -> list[str | None]:
        """The name in each seat (None: empty)."""
        return [None if o is None else o.name for o in self.occupants]

    def seat_of(self, name: str) -> int | None:
        """The seat ``name`` sits in, or None."""
        return next((s for s, o in enumerate(self.occupants) if o and o.name == name), None)

    # -- between hands ---------------------------------------------------------------
    @staticmethod
    def _between_hands(table: GameNight) -> None:
        if table.finished:
            raise NightError("the night is over")
        if table.in_hand:
            raise NightError("players join, sit out, come back and leave between hands only")
        if table.tournament is not None:
            raise NightError(
                "a tournament keeps its seats: no late entries, rebuys, sitting out or "
                "cashing out (004 r.101, r.110)"
            )

    def check_buy_in(self, table: GameNight, name: str, amount: int) -> None:
        """Raise :class:`NightError` unless ``name`` may buy in for ``amount``; a short
        buy-in that is allowed counts as the player's one."""
        if amount <= 0:
            raise NightError(f"a buy-in must be positive, not {amount}")
        before = self.cashed_out.get(name)
        if before is not None and amount < before:
            raise NightError(
                f"{name} cashed out {before} and buys in again for at least that (004 r.9), "
                f"not {amount}"
            )
        self._full(table, name, amount, raise_error=True)

    def _full(self, table: GameNight, name: str, amount: int, *, raise_error: bool) -> bool:
        night = table.night
        if not night.full_buy_ins or amount >= night.minimum_buy_in:
            return True
        if name in self.short:
            if raise_error:
                raise NightError(
                    f"{name} has made their one short buy-in: a full buy-in is at least "
                    f"{night.minimum_buy_in} (001 Buy-in), not {amount}"
                )
            return False
        self.short.add(name)
        return True

    def allow_rebuy(self, table: GameNight, seat: int, amount: int) -> bool:
        """Whether the busted player in ``seat`` may rebuy for ``amount`` (a night with
        full buy-ins refuses a second short one); a busted player who missed blinds
        comes back posting them (001 Blinds r.11)."""
        occupant = self.occupant(seat)
        if not self._full(table, occupant.name, amount, raise_error=False):
            return False
        if occupant.owes and occupant.status == "playing":
            occupant.status = "posting"
        return True

    def rebuy(self, table: GameNight, seat: int, amount: int) -> None:
        """The busted player in ``seat`` buys ``amount`` chips between hands (a buy-in:
        001 Buy-in's minimum applies); if blinds passed them meanwhile they come back
        posting them (001 Blinds r.11)."""
        self._between_hands(table)
        occupant = self.occupant(seat)
        if table.stacks[seat] > 0:
            raise NightError(f"{occupant.name} has chips: only a busted player rebuys")
        if amount <= 0:
            raise NightError(f"a rebuy must be positive, not {amount}")
        self._full(table, occupant.name, amount, raise_error=True)
        if occupant.owes and occupant.status == "playing":
            occupant.status = "posting"
        table.stacks[seat] = amount
        table.out[seat] = False
        table.rebuys_used[seat] += 1
        table.ledger.rebuy(occupant.name, amount, table.hands_played + 1)

    def join(
        self,
        table: GameNight,
        seat: int,
        player: Seat,
        *,
        post: bool = False,
        policy: Policy | None = None,
    ) -> None:
        """``player`` takes the empty ``seat`` and buys in; after the first hand they wait
        for the big blind, or with ``post`` post a big blind to be dealt in sooner."""
        self._between_hands(table)
        if not 0 <= seat < self.size:
            raise NightError(f"no seat {seat}: the table has seats 0 to {self.size - 1}")
        taken = self.occupants[seat]
        if taken is not None:
            raise NightError(f"seat {seat} is taken by {taken.name}")
        if self.seat_of(player.name) is not None:
            raise NightError(f"{player.name} already sits in seat {self.seat_of(player.name)}")
        self.check_buy_in(table, player.name, player.buy_in)
        started = table.positions.last is not None
        chosen = policy or self.default_policies[seat % len(self.default_policies)]
        status: SeatStatus = "playing" if not started else "posting" if post else "waiting"
        self.occupants[seat] = Occupant(player, chosen, status, new=started)
        table.ledger.add_player(player.name)
        table.ledger.buy_in(player.name, player.buy_in, table.hands_played + started)
        table.stacks[seat] = player.buy_in
        table.out[seat] = False
        table.rebuys_used[seat] = 0

    def sit_out(self, table: GameNight, seat: int) -> None:
        """The player in ``seat`` sits out from the next hand."""
        self._between_hands(table)
        occupant = self.occupant(seat)
        if occupant.status == "away":
            raise NightError(f"{occupant.name} is already sitting out")
        occupant.status = "away"

    def sit_in(self, table: GameNight, seat: int, *, post: bool | None = None) -> SeatStatus:
        """The player in ``seat`` comes back.  A player who missed blinds posts them
        (``post``) or waits for the big blind; by default they wait where the house
        allows it.  A new player who never played waits unless ``post``.  Returns the
        player's status."""
        self._between_hands(table)
        occupant = self.occupant(seat)
        if occupant.status != "away":
            raise NightError(f"{occupant.name} is not sitting out")
        if occupant.new:
            occupant.status = "posting" if post else "waiting"
        elif occupant.owes:
            wait_allowed = table.night.house.wait_for_big_blind
            if post is False and not wait_allowed:
                raise NightError(
                    f"the {table.night.house.name} house has a player who missed blinds post "
                    "them on coming back (004 r.5), not wait for the big blind"
                )
            posting = post if post is not None else not wait_allowed
            occupant.status = "posting" if posting else "waiting"
        else:
            occupant.status = "playing"
        return occupant.status

    def leave(self, table: GameNight, seat: int) -> int:
        """The player in ``seat`` cashes out and leaves; returns the chips cashed out."""
        self._between_hands(table)
        occupant = self.occupant(seat)
        for shares in table.carried.values():
            table.stacks[seat] += shares[seat]
            shares[seat] = 0
        if table.show_em is not None:
            table.show_em.redeem(table, seat)  # an unused Show 'Em chip (004 r.6h)
        amount = table.stacks[seat]
        table.ledger.cash_out(occupant.name, amount, table.hands_played)
        self.cashed_out[occupant.name] = amount
        table.stacks[seat] = 0
        table.out[seat] = False
        self.occupants[seat] = None
        return amount

    # -- dealing ---------------------------------------------------------------------
    def deal_in(self, table: GameNight, rng: random.Random) -> tuple[Positions, list[int]] | None:
        """Move the button for the next hand and say who is in it: the positions and
        the seats they were placed among (seat order), or None if fewer than two
        players can be dealt in."""
        stacks, state, house = table.stacks, table.positions, table.night.house
        seated = [s for s, o in enumerate(self.occupants) if o is not None and stacks[s] > 0]
        playing = [s for s in seated if self.status(s) == "playing"]
        coming = [s for s in seated if self.status(s) in ("waiting", "posting")]
        last = state.last
        dead: bool | None = None
        if house.dead_button_after_bust and not house.dead_button and last is not None:
            busted = any(self.occupants[s] and stacks[s] == 0 for s in self.last_dealt)
            irregular = last.dead_button or last.small_blind is None
            dead = busted or irregular
        if last is None or len(playing) < 3:
            # a game starting (001 Blinds r.12), nobody to play with, or heads-up, where
            # the blinds alternate between the two and the big blind never reaches a
            # seat waiting for it: those coming in are dealt in at once
            kept = coming
        else:
            kept = list(coming)
            while True:
                positions = state.following(sorted(playing + kept), rng, dead=dead)
                entering = [s for s in kept if self._may_enter(s, positions)]
                if entering == kept:
                    break
                kept = entering
        active = sorted(playing + kept)
        if len(active) < 2:
            return None
        self.entering = set(kept)
        return state.advance(active, rng, dead=dead), active

    def _may_enter(self, seat: int, positions: Positions) -> bool:
        """A player waiting comes in on the big blind; one posting anywhere but between
        the big blind and the button (001 Blinds r.7)."""
        if self.status(seat) == "waiting":
            return seat == positions.big_blind
        start = positions.button_seat
        return (seat - start) % self.size >= (positions.big_blind - start) % self.size

    def posts(
        self, game: Game, stakes: Stakes, positions: Positions, dealt: Sequence[int]
    ) -> Posts:
        """What the players coming in post in a hand dealt to ``dealt``."""
        posts = Posts()
        blinds = two_blinds(game, stakes)
        for seat in dealt:
            occupant = self.occupants[seat]
            if seat not in self.entering or occupant is None:
                continue
            if blinds and seat in (positions.big_blind, positions.small_blind):
                continue  # in the blinds: posts them like anybody
            if occupant.new:
                if blinds:
                    posts.live[seat] = stakes.blinds[1]
                continue
            live = min(occupant.owes_big, opening_bet(stakes)) if blinds else 0
            dead = occupant.owes_big - live + occupant.owes_small
            if live:
                posts.live[seat] = live
            if dead:
                posts.dead[seat] = dead
        return posts

    def after_hand(
        self,
        game: Game,
        stakes: Stakes,
        before: Positions | None,
        positions: Positions,
        active: Sequence[int],
        dealt: Sequence[int],
    ) -> None:
        """After a hand: the players dealt in are playing and owe nothing; a player
        away (or busted) whose seat a blind passed owes it."""
        for seat in dealt:
            occupant = self.occupants[seat]
            if occupant is not None:
                occupant.status, occupant.new = "playing", False
                occupant.owes_big = occupant.owes_small = 0
        self.entering = set()
        self.last_dealt = tuple(dealt)
        if before is None or not two_blinds(game, stakes):
            return
        small_before = before.small_seat if before.small_blind is None else before.small_blind
        small_now = positions.small_seat if positions.small_blind is None else positions.small_blind
        for seat, occupant in enumerate(self.occupants):
            if occupant is None or occupant.new or seat in active:
                continue
            if _between(before.big_blind, positions.big_blind, seat, self.size):
                occupant.owes_big = max(occupant.owes_big, stakes.blinds[1])
            if _between(small_before, small_now, seat, self.size):
                occupant.owes_small = max(occupant.owes_small, stakes.blinds[0])

    # -- churn -----------------------------------------------------------------------
    def churn(self, table: GameNight, churn: Churn, rng: random.Random) -> None:
        """Players come and go at random before a hand (:class:`~pokerbook.table.night.
        Churn`); nobody leaves or sits out if that would leave fewer than two players
        to deal to."""
        night = table.night
        for seat in range(self.size):
            occupant = self.occupants[seat]
            if occupant is None:
                if rng.random() < churn.join:
                    self._join_someone(table, seat, rng)
                continue
            draw = rng.random()
            if draw < churn.leave:
                if (
                    occupant.status == "away"
                    or self._in_count(table) > 2
                    or not self._in(table, seat)
                ):
                    self.leave(table, seat)
                continue
            if occupant.status == "away":
                if draw < churn.leave + churn.come_back:
                    post = rng.random() < 0.5 or not night.house.wait_for_big_blind
                    self.sit_in(table, seat, post=post)
            elif (
                occupant.status == "playing"
                and draw < churn.leave + churn.sit_out
                and self._in_count(table) > 2
            ):
                self.sit_out(table, seat)

    def _in(self, table: GameNight, seat: int) -> bool:
        return self.status(seat) in ("playing", "waiting", "posting") and table.stacks[seat] > 0

    def _in_count(self, table: GameNight) -> int:
        return sum(self._in(table, s) for s in range(self.size))

    def _join_someone(self, table: GameNight, seat: int, rng: random.Random) -> None:
        """A player sits down in ``seat``: one who left earlier (buying in for at least
        what they cashed out) or somebody new."""
        gone = [n for n in self.cashed_out if self.seat_of(n) is None]
        if gone and rng.random() < 0.5:
            name = gone[rng.randrange(len(gone))]
            amount = max(table.night.buy_in, self.cashed_out[name])
        else:
            taken = set(table.ledger.players)
            name = next(f"j{i}" for i in range(1, len(taken) + 2) if f"j{i}" not in taken)
            amount = table.night.buy_in
        post = rng.random() < 0.5
        self.join(table, seat, Seat(name, amount), post=post)
