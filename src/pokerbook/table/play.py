"""Playing a night: a long run of hands at one table, stacks carried from hand to hand.

:class:`GameNight` deals the night's hands in order.  Its procedures, each a simple
rule for now:

* **buy-ins**: every seat buys in before the first hand (the ledger records it);
* **the button** starts at a seat drawn at random and moves one player to the left
  every hand, skipping players who are out: a moving button (001 Blinds r.1(a)); or,
  in a house with ``dead_button``, the big blind goes to the player due for it and
  the button may be dead (001 Blinds r.1(b); :mod:`pokerbook.table.blinds`).
  Heads-up the button posts the small blind (001 Blinds r.3).  The positions move
  in stud games too, where the button only marks the dealer (004 r.13: in stud "the
  Dealer Button does NOT move" for the action; the deal still passes left), so a
  rotation's games each start where the last left off;
* **the game** comes from the night's selection (:class:`~pokerbook.table.selection.
  Selector`): the rotation's next game, or the dealer's choice (the button is the
  dealer);
* **short games**: when more players are in than a game deals to, the players from
  the third seat left of the button on (the first after the blinds) sit the hand out,
  as 004 r.13.04 has it for Chicago Triple Draw ("If there are seven players, the
  person to the left of the Big Blind sits out");
* **busts**: a player left with no chips rebuys before the next hand if the night's
  :class:`~pokerbook.table.night.RebuyRule` allows, else is out for the night;
* **pots nobody opened** (Jacks-or-Better, 001 JoB r.1): the chips stay in the pot
  for the next deal of the same game, which starts with them in its pot
  (``Hand(carried_in=...)``): they count toward pot-limit sizes and go to that deal's
  winners, or wait again if nobody opens that deal either; any still waiting at the
  end of the night go back to the players who put them in;
* **cash-outs**: when the night ends every player cashes out their stack.

Every hand is checked (:func:`~pokerbook.engine.invariants.check_invariants`, after
every action), and after every hand the chips at the table (stacks and carried pots)
must equal the chips the bank has sold and not bought back.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pokerbook.bots.base import Policy
from pokerbook.bots.simulation import SimulationError, play_hand
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import InvariantError
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.table.blinds import ButtonState, Positions
from pokerbook.table.ledger import Ledger
from pokerbook.table.night import Night, NightError, Seat
from pokerbook.table.selection import GameChooser, Selector, random_choice

#: the seat, counted from the button, of the first player to sit out a short game
FIRST_SITTING_OUT = 3


@dataclass(frozen=True)
class HandResult:
    """One hand of a night, in table seats (not the hand's own seat numbers).

    ``deltas`` is each seat's change in chips over the hand (zero for seats not dealt
    in); they sum to ``carried_won - carried``.  A deal that starts with a carried pot
    (``carried_in``) either takes it (``carried_won == carried_in``) or, unopened
    again, passes it on with its own chips (``carried`` counts only the chips this
    deal added).
    """

    number: int
    game: Game
    stakes: Stakes
    button: int
    dealt: tuple[int, ...]
    #: players with chips who sat the hand out (a game for fewer players)
    sat_out: tuple[int, ...]
    chooser: int | None
    deltas: tuple[int, ...]
    #: chips this deal added to the pot left for the next deal of its game (nobody opened)
    carried: int
    #: chips carried from earlier deals of this game that this deal's winners took
    carried_won: int
    #: chips carried from earlier deals of this game into this deal's pot
    carried_in: int
    #: rebuys made before the hand, as (seat, chips)
    rebuys: tuple[tuple[int, int], ...]
    #: seats left with no chips after the hand
    busted: tuple[int, ...]
    hand: Hand


def sitting_out(active: Sequence[int], button: int, most: int) -> set[int]:
    """The seats of ``active`` that sit out a game dealt to at most ``most`` players:
    from the third seat left of the button on (see the module)."""
    extra = len(active) - most
    if extra <= 0:
        return set()
    start = active.index(button)
    from_button = [*active[start:], *active[:start]]
    first = min(FIRST_SITTING_OUT, most)
    return set(from_button[first : first + extra])


class GameNight:
    """A night in play: seats, stacks, the button, the ledger and carried pots.

    ``policies`` plays each seat (one per seat); ``seats`` defaults to the night's own
    or ``p1`` .. ``pN``; ``chooser`` makes the dealer's choice (default: at random).
    The deals, the bots' decisions and every draw of the night come from ``seed``.
    """

    def __init__(
        self,
        night: Night,
        policies: Sequence[Policy],
        seed: int = 0,
        *,
        seats: Sequence[Seat] | None = None,
        chooser: GameChooser = random_choice,
        check: bool = True,
    ) -> None:
        self.night = night
        self.seats = tuple(seats) if seats is not None else night.seated(len(policies))
        if len(policies) != len(self.seats):
            raise NightError(f"{len(self.seats)} seats need {len(self.seats)} policies")
        self.policies = tuple(policies)
        self.seed = seed
        self.check = check
        self.rng = random.Random(seed)
        self.selector = Selector(night.selection, self.rng, chooser)
        self.ledger = Ledger([s.name for s in self.seats])
        self.stacks = [s.buy_in for s in self.seats]
        for seat in self.seats:
            self.ledger.buy_in(seat.name, seat.buy_in)
        self.rebuys_used = [0] * len(self.seats)
        self.out = [False] * len(self.seats)
        self.button: int | None = None
        self.positions = ButtonState(self.players, dead_button=night.house.dead_button)
        self.hands_played = 0
        #: chips waiting for the next deal of a game, by game ID: each seat's share
        self.carried: dict[str, list[int]] = {}
        self.ended: str | None = None
        self.finished = False

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def chips_at_table(self) -> int:
        """Every chip in stacks and carried pots."""
        return sum(self.stacks) + sum(sum(c) for c in self.carried.values())

    def play(self, hands: int) -> Iterator[HandResult]:
        """Deal up to ``hands`` more hands, yielding each when it is over; stops early,
        with :attr:`ended` saying why, when fewer than two players have chips."""
        for _ in range(hands):
            if self.finished:
                return
            result = self._play_one()
            if result is None:
                return
            yield result

    def _play_one(self) -> HandResult | None:
        number = self.hands_played + 1
        rebought = self.rebuy_busted(number)
        active = [s for s in range(self.players) if self.stacks[s] > 0]
        if len(active) < 2:
            self.ended = f"only {len(active)} player with chips after {self.hands_played} hands"
            return None
        positions = self.positions.advance(active, self.rng)
        button = self.button = positions.button
        pick = self.selector.next(dealer=button, players=len(active))
        game = pick.game
        stakes = self.night.stakes.for_game(game)
        out = sitting_out(active, button, game.max_players)
        dealt = [s for s in active if s not in out]
        waiting = self.carried.pop(game.id, None)
        carried_in = sum(waiting) if waiting is not None else 0
        hand = Hand(
            game,
            stakes,
            [self.stacks[s] for s in dealt],
            button=dealt.index(button),
            house=self.night.house,
            seed=self.rng.getrandbits(48),
            blinds=self._blinds(game, stakes, positions, dealt),
            carried_in=carried_in,
        )
        try:
            play_hand(hand, [self.policies[s] for s in dealt], self.rng, check=self.check)
        except (InvariantError, ValueError) as exc:
            raise SimulationError(number, hand, exc) from exc
        before = list(self.stacks)
        for index, seat in enumerate(dealt):
            self.stacks[seat] = hand.stacks[index]
        carried, won = self._carry(game, hand, dealt, waiting)
        self.hands_played = number
        if self.check:
            self._check_chips(number, hand)
        return HandResult(
            number=number,
            game=game,
            stakes=stakes,
            button=button,
            dealt=tuple(dealt),
            sat_out=tuple(sorted(out)),
            chooser=pick.chooser,
            deltas=tuple(a - b for a, b in zip(self.stacks, before, strict=True)),
            carried=carried,
            carried_won=won,
            carried_in=carried_in,
            rebuys=tuple(rebought),
            busted=tuple(s for s in dealt if self.stacks[s] == 0),
            hand=hand,
        )

    def rebuy_busted(self, number: int) -> list[tuple[int, int]]:
        """Before hand ``number``: busted players buy in again if the night's rule allows,
        else they are out.  Returns the rebuys as (seat, chips)."""
        rule = self.night.rebuys
        bought: list[tuple[int, int]] = []
        for seat in range(self.players):
            if self.stacks[seat] > 0 or self.out[seat]:
                continue
            if not rule.allows(self.rebuys_used[seat]):
                self.out[seat] = True
                continue
            highest = max(s for i, s in enumerate(self.stacks) if i != seat)
            amount = rule.amount(self.seats[seat].buy_in, 0, highest)
            if amount <= 0:
                continue  # nothing to buy up to: sits this hand out
            self.stacks[seat] += amount
            self.rebuys_used[seat] += 1
            self.ledger.rebuy(self.seats[seat].name, amount, number)
            bought.append((seat, amount))
        return bought

    def _blinds(
        self, game: Game, stakes: Stakes, positions: Positions, dealt: Sequence[int]
    ) -> list[int] | None:
        """Each dealt seat's live blind with a dead button (two blinds), else None: the
        hand posts its own blinds left of the button."""
        if not positions.dead_button and positions.small_blind is not None:
            return None
        if game.forced != "blinds" or len(stakes.blinds) != 2:
            return None
        by_seat = positions.blinds(self.players, stakes.blinds)
        return [by_seat[s] for s in dealt]

    def _carry(
        self, game: Game, hand: Hand, dealt: Sequence[int], waiting: list[int] | None
    ) -> tuple[int, int]:
        """After a deal that started with the ``waiting`` shares of a carried pot (or
        none): keep the pot for the game's next deal if nobody opened, adding each
        seat's chips to its share; else the winners took it with the deal's pot.
        Returns (chips this deal added to a carried pot, carried chips won)."""
        if hand.carried:
            shares = waiting if waiting is not None else [0] * self.players
            for index, seat in enumerate(dealt):
                shares[seat] += hand.contributed[index]
            self.carried[game.id] = shares
            return hand.carried - hand.carried_in, 0
        return 0, hand.carried_in

    def _check_chips(self, number: int, hand: Hand) -> None:
        at_table, sold = self.chips_at_table, self.ledger.in_play
        if at_table != sold:
            cause = InvariantError(
                "chips conserved over the night",
                f"{at_table} chips at the table (stacks {self.stacks}, carried "
                f"{self.carried}) but the bank sold {sold}",
            )
            raise SimulationError(number, hand, cause)

    def finish(self) -> Ledger:
        """End the night: carried pots go back to who put them in, and every player
        cashes out their stack.  Returns the ledger (settled by ``ledger.settlement()``)."""
        if not self.finished:
            for shares in self.carried.values():
                for seat, chips in enumerate(shares):
                    self.stacks[seat] += chips
            self.carried.clear()
            for seat, player in enumerate(self.seats):
                self.ledger.cash_out(player.name, self.stacks[seat], self.hands_played)
                self.stacks[seat] = 0
            self.finished = True
        return self.ledger


def run_night(
    night: Night,
    policies: Sequence[Policy],
    hands: int,
    seed: int = 0,
    *,
    seats: Sequence[Seat] | None = None,
    chooser: GameChooser = random_choice,
) -> tuple[list[HandResult], Ledger]:
    """Play a whole night of up to ``hands`` hands and cash everybody out."""
    table = GameNight(night, policies, seed, seats=seats, chooser=chooser)
    results = list(table.play(hands))
    return results, table.finish()
