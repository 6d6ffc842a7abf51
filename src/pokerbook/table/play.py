"""Playing a night: a long run of hands at one table, stacks carried from hand to hand.

:class:`GameNight` deals the night's hands in order.  Its procedures, each a simple
rule for now:

* **buy-ins**: every seat buys in before the first hand (the ledger records it);
* **seats**: between hands players join empty seats, sit out, come back and leave,
  posting or waiting for the big blind, and owe the blinds that pass them while away
  (:mod:`pokerbook.table.seating`; a night's ``churn`` has bots do so at random);
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
* **kills, straddles and midnight** (:mod:`pokerbook.table.kills`,
  :mod:`~pokerbook.table.straddles`, :mod:`~pokerbook.table.midnight`): the night's
  kill pots, straddles and doubled stakes after midnight change the hand's stakes,
  blinds and first-round order;
* **busts**: a player left with no chips rebuys before the next hand if the night's
  :class:`~pokerbook.table.night.RebuyRule` allows, else is out for the night;
* **pots nobody opened** (Jacks-or-Better, 001 JoB r.1): the chips stay in the pot
  for the next deal of the same game, which starts with them in its pot
  (the hand's setup ``carried_in``): they count toward pot-limit sizes and go to that deal's
  winners, or wait again if nobody opens that deal either; any still waiting at the
  end of the night go back to the players who put them in;
* **bomb pots and running it twice** (:mod:`pokerbook.table.agreements`): a night
  may deal bomb pots every so many hands or at the button's call, in games with
  blinds, and the table may agree, with the night's chance each hand, to run the
  board twice when all in;
* **Overs buttons and Show 'Em chips** (004 r.8, r.6h; :mod:`pokerbook.table.overs`,
  :mod:`pokerbook.table.show_em`): where the night has them, players take a button or
  buy a chip between deals; a pot contested only by Overs players is bet no limit,
  and after a hand a chip makes a player show their hand to its owner, the bank
  paying them for it;
* **cash-outs**: when the night ends every player cashes out their stack.

Each procedure is a table rule (:mod:`pokerbook.table.rules`) with hooks between
hands, before the hand and after it; :class:`GameNight` runs a night's rules in one
fixed order (:data:`pokerbook.table.procedures.RULE_ORDER`) and deals each hand with
the one :class:`~pokerbook.engine.setup.HandSetup` they build.  What the players must
be told (a kill pot and its limits, a Show 'Em chip bought, an Overs button taken ...)
comes with each hand as notices (:mod:`pokerbook.table.notices`).

Every hand is checked (:func:`~pokerbook.engine.invariants.check_invariants`, after
every action), and after every hand the chips at the table (stacks and carried pots)
must equal the chips the bank has sold and not bought back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from pokerbook.bots.base import Policy
from pokerbook.bots.simulation import SimulationError, play_hand
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import InvariantError
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.table.agreements import BombChooser, bots_choice
from pokerbook.table.blinds import ButtonState
from pokerbook.table.kills import KillButton
from pokerbook.table.ledger import Ledger
from pokerbook.table.night import Night, NightError, Seat
from pokerbook.table.notices import Notice, notice
from pokerbook.table.overs import OversButtons
from pokerbook.table.procedures import night_rules, presented
from pokerbook.table.rules import BetweenHands, HandContext, TableRule
from pokerbook.table.seating import Seating, SeatStatus
from pokerbook.table.selection import (
    DealersChoice,
    GameChooser,
    Pick,
    Selector,
    bots_game_choice,
)
from pokerbook.table.show_em import ShowEm, ShowEmChips
from pokerbook.table.tournament import Tournament, TournamentError, tournament_house

R = TypeVar("R", bound=TableRule)

#: plays a hand to its end: ``(hand, each seat's policy, the night's rng, check)``
HandPlayer = Callable[[Hand, Sequence[Policy], random.Random, bool], Hand]

#: the seat, counted from the button, of the first player to sit out a short game
FIRST_SITTING_OUT = 3


@dataclass(frozen=True)
class HandResult:
    """One hand of a night, in table seats (not the hand's own seat numbers).

    ``deltas`` is each seat's change in chips over the hand (zero for seats not dealt
    in); they sum to ``carried_won - carried - to_house``.  A deal that starts with a carried pot
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
    #: chips the house took off the table (cash-game Oklahoma: the dealer wins the pot)
    to_house: int
    #: rebuys made before the hand, as (seat, chips)
    rebuys: tuple[tuple[int, int], ...]
    #: seats left with no chips after the hand
    busted: tuple[int, ...]
    hand: Hand
    #: the killer's table seat in a killed pot, else None (:mod:`pokerbook.table.kills`)
    killer: int | None = None
    #: the straddles, as (table seat, chips)
    straddles: tuple[tuple[int, int], ...] = ()
    #: played at the stakes doubled after midnight (004 r.6g)
    doubled: bool = False
    #: the table seats dealt in holding an Overs button, where the buttons counted (004 r.8)
    overs: tuple[int, ...] = ()
    #: Show 'Em chips presented after the hand (004 r.6h); what the bank paid for them
    #: is not in ``deltas``
    show_em: tuple[ShowEm, ...] = ()
    #: Show 'Em chips bought before the hand from the stacks, as (table seat, price)
    show_em_bought: tuple[tuple[int, int], ...] = ()
    #: what the table was told before, during and after the hand, in order
    #: (:mod:`pokerbook.table.notices`)
    notices: tuple[Notice, ...] = ()


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
    or ``p1`` .. ``pN``; ``chooser`` makes the dealer's choice (default: at random, as
    the bots choose, adding the Bug at the night's chance where the house allows it).
    The deals, the bots' decisions and every draw of the night come from ``seed``.
    The table has ``table_seats`` seats (default: the night's, else one per player),
    the players in the first ones; players join, sit out, come back and leave between
    hands (:mod:`pokerbook.table.seating`).
    """

    def __init__(
        self,
        night: Night,
        policies: Sequence[Policy],
        seed: int = 0,
        *,
        seats: Sequence[Seat] | None = None,
        chooser: GameChooser | None = None,
        check: bool = True,
        table_seats: int | None = None,
        bomb_chooser: BombChooser | None = None,
    ) -> None:
        if night.tournament is not None:
            night = replace(night, house=tournament_house(night.house))  # 004 r.106
        self.night = night
        bombs = night.bomb_pots
        #: the button's call of a bomb pot (default: a bot's, at the night's chance)
        self.bomb_chooser = bomb_chooser or bots_choice(bombs.button_chance if bombs else 0.0)
        self.seats = tuple(seats) if seats is not None else night.seated(len(policies))
        if len(policies) != len(self.seats):
            raise NightError(f"{len(self.seats)} seats need {len(self.seats)} policies")
        self.policies = tuple(policies)
        self.seed = seed
        self.check = check
        self.rng = random.Random(seed)
        self._chooser = chooser
        self._select(night)
        size = table_seats or night.table_seats or len(self.seats)
        minimum = night.minimum_buy_in if night.full_buy_ins else 0
        self.seating = Seating(size, self.seats, self.policies, minimum=minimum)
        self.ledger = Ledger([s.name for s in self.seats])
        #: a tournament's chips, levels and places (:mod:`pokerbook.table.tournament`)
        self.tournament = self._start_tournament()
        chips = [s.buy_in if self.tournament is None else self.tournament.stack for s in self.seats]
        self.stacks = chips + [0] * (size - len(self.seats))
        for seat in self.seats:
            self.ledger.buy_in(seat.name, seat.buy_in)
        self.rebuys_used = [0] * size
        self.out = [False] * size
        self.in_hand = False
        self.dealt: tuple[int, ...] = ()
        self.button: int | None = None
        self.positions = ButtonState(self.players, dead_button=night.house.dead_button)
        self.hands_played = 0
        #: the kill books (:mod:`pokerbook.table.kills`), where the night kills pots
        self.kills = KillButton(night.kills) if night.kills is not None else None
        #: chips waiting for the next deal of a game, by game ID: each seat's share
        self.carried: dict[str, list[int]] = {}
        self.ended: str | None = None
        self.finished = False
        #: the last hand played (a Show 'Em chip is presented after it)
        self.last_hand: Hand | None = None
        #: Overs buttons and Show 'Em chips, where the night has them
        self.overs = OversButtons(night.overs, seed) if night.overs is not None else None
        #: players a person plays (``pokerbook play``): the bots' chances of taking an
        #: Overs button, buying a Show 'Em chip or straddling never decide for them
        self.people: frozenset[str] = frozenset()
        self.show_em = ShowEmChips(night.show_em, seed) if night.show_em is not None else None
        #: the game of the next deal, set by whoever runs the table (a server's host),
        #: instead of the selection's
        self.next_game: Game | None = None
        #: where each deal's seed comes from (hand number -> seed): None for the
        #: night's own generator (a seeded night repeats exactly)
        self.shuffle: Callable[[int], int] | None = None
        #: whether the people dealt in (table seats) all agree to run it twice, where
        #: people play at a server's table (None: the night's chance decides alone)
        self.people_agree_to_run_twice: Callable[[tuple[int, ...]], bool] | None = None
        #: plays each hand to its end with the seats' policies (a server waits for
        #: its players instead: :mod:`pokerbook.server.driver`)
        self.hand_player: HandPlayer = play_hand
        #: the night's procedures, in the order they run (:mod:`pokerbook.table.procedures`)
        self.rules: list[TableRule] = night_rules(self)
        #: what the table is told (:mod:`pokerbook.table.notices`): of the hand being
        #: dealt, or between hands of the last one and what came after it
        self.notices: list[Notice] = []

    def _select(self, night: Night) -> None:
        """The night's game selection, and who may add the Bug to a dealer's choice."""
        selection = night.selection
        bug = selection.bug if isinstance(selection, DealersChoice) else 0.0
        #: whether a dealer may add the Bug (004 r.3): the house allows it, the night deals it
        self.deals_bug = bug > 0 and night.house.bug_at_dealers_choice
        #: a bot dealer's choice: a game at random, the Bug added at the night's chance
        self.bots_chooser = bots_game_choice(bug if self.deals_bug else 0.0)
        self.selector = Selector(selection, self.rng, self._chooser or self.bots_chooser)

    def change_night(self, night: Night) -> None:
        """Between hands the table goes on as ``night`` (a host's choice): its games,
        stakes and agreements from the next deal; the players, stacks, ledger, button
        and carried pots stay.  A tournament keeps its structure, and a night with
        Overs buttons or Show 'Em chips in play changes only to one with the same."""
        if self.in_hand or self.finished:
            raise NightError("the night changes between hands, before it is over")
        old = self.night
        if old.tournament is not None or night.tournament is not None:
            raise NightError("a tournament keeps its structure: its night cannot change")
        if (old.overs, old.show_em) != (night.overs, night.show_em) and (
            self.overs is not None or self.show_em is not None
        ):
            raise NightError(
                "Overs buttons and Show 'Em chips are in play: change to a night that has them too"
            )
        self.night = replace(night, table_seats=self.players, seats=())
        self._select(self.night)
        self.kills = KillButton(night.kills) if night.kills is not None else None
        self.rules = night_rules(self)

    def _start_tournament(self) -> Tournament | None:
        """The night's tournament, if it is one, for the players seated."""
        night = self.night
        if night.tournament is None:
            return None
        names = [s.name for s in self.seats]
        try:
            return Tournament(night.tournament, night.buy_in, names, night.max_seats)
        except TournamentError as exc:
            raise NightError(f"night {night.key!r}: {exc}") from None

    def rule(self, kind: type[R]) -> R | None:
        """The night's table rule of ``kind`` (e.g. :class:`~pokerbook.table.procedures.
        DoubleAtMidnight`, to give a live night its clock), or None if it has none."""
        return next((r for r in self.rules if isinstance(r, kind)), None)

    @property
    def players(self) -> int:
        """Seats at the table (some may be empty)."""
        return self.seating.size

    def join(
        self,
        seat: int,
        name: str,
        buy_in: int,
        *,
        post: bool = False,
        policy: Policy | None = None,
    ) -> None:
        """``name`` sits in the empty ``seat`` and buys in for ``buy_in``; they wait for
        the big blind, or with ``post`` post one (001 Blinds r.4, 004 r.21).  They play
        ``policy`` (default: the policy of the seat's number)."""
        self.seating.join(self, seat, Seat(name, buy_in), post=post, policy=policy)

    def sit_out(self, seat: int) -> None:
        """The player in ``seat`` sits out from the next hand."""
        self.seating.sit_out(self, seat)

    def sit_in(self, seat: int, *, post: bool | None = None) -> SeatStatus:
        """The player in ``seat`` comes back, posting missed blinds or waiting for the
        big blind (001 Blinds r.9, 004 r.5); returns their status."""
        return self.seating.sit_in(self, seat, post=post)

    def rebuy(self, seat: int, amount: int) -> None:
        """The busted player in ``seat`` buys ``amount`` chips (001 Blinds r.11)."""
        self.seating.rebuy(self, seat, amount)

    def leave(self, seat: int) -> int:
        """The player in ``seat`` cashes out and leaves; returns the chips."""
        return self.seating.leave(self, seat)

    def played_by_people(self, names: Sequence[str]) -> None:
        """The players a person plays (see :attr:`people`)."""
        self.people = frozenset(names)

    def take_overs(self, seat: int) -> None:
        """The player in ``seat`` declares Overs (004 r.8), at the start or between
        deals; the button sticks for the night."""
        if self.overs is None:
            raise NightError(f"night {self.night.key!r} plays no Overs buttons")
        if self.in_hand or self.finished:
            raise NightError("a player declares Overs at the start or between deals (004 r.8)")
        self.overs.take(self.seating.occupant(seat).name)

    def buy_show_em(self, seat: int) -> None:
        """The player in ``seat`` buys a Show 'Em chip (004 r.6h), from their stack."""
        if self.show_em is None:
            raise NightError(f"night {self.night.key!r} plays no Show 'Em chips")
        self.show_em.buy(self, seat)

    def present_show_em(self, by: int, shown: int) -> ShowEm:
        """After a hand, the player in ``by`` presents their Show 'Em chip to the player
        in ``shown``, who shows their hand to them and is paid for it (004 r.6h)."""
        if self.show_em is None:
            raise NightError(f"night {self.night.key!r} plays no Show 'Em chips")
        used = self.show_em.present(self, by, shown)
        names = self.seating.names()
        told = presented(shown, names[shown], used.paid)
        self.notices.append(notice("show-em-presented", by, names[by], told))  # told at once
        return used

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
        """One deal: the table rules between hands, the deal placed, the rules before
        the hand, the hand played, the rules after it (:mod:`pokerbook.table.rules`)."""
        between = BetweenHands(table=self, number=self.hands_played + 1)
        self.notices = between.notices
        for rule in self.rules:
            rule.between_hands(between)
        ctx = self._place(between)
        if ctx is None:
            return None
        for rule in self.rules:
            rule.before_hand(ctx)
        hand = self._deal(ctx)
        before = list(self.stacks)
        for index, seat in enumerate(ctx.dealt):
            self.stacks[seat] = hand.stacks[index]
        if hand.to_house:
            self.ledger.house_takes(hand.to_house, ctx.number)
        self.hands_played = ctx.number
        self.last_hand = hand
        deltas = tuple(a - b for a, b in zip(self.stacks, before, strict=True))
        for rule in self.rules:
            rule.after_hand(ctx, hand)
        if self.check:
            self._check_chips(ctx.number, hand)
        return self._result(ctx, hand, deltas)

    def _place(self, between: BetweenHands) -> HandContext | None:
        """Move the button, choose the game and say who is dealt in; None (and why the
        night :attr:`ended`) when fewer than two players can be."""
        before = self.positions.last
        placed = self.seating.deal_in(self, self.rng)
        if placed is None:
            count = sum(self.stacks[s] > 0 for s in range(self.players))
            self.ended = f"only {count} player with chips after {self.hands_played} hands"
            if self.tournament is not None and self.tournament.winner is not None:
                self.ended = self.tournament.ended(self.hands_played)
            return None
        positions, active = placed
        button = self.button = positions.button
        if self.next_game is not None:  # the host's choice for this deal
            pick, self.next_game = Pick(self.next_game), None
        else:
            pick = self.selector.next(dealer=button, players=len(active))
        out = sitting_out(active, button, pick.game.max_players)
        dealt = tuple(s for s in active if s not in out)
        return HandContext(
            table=self,
            number=between.number,
            notices=between.notices,
            rebuys=between.rebuys,
            show_em_bought=between.show_em_bought,
            positions=positions,
            before=before,
            active=tuple(active),
            game=pick.game,
            chooser=pick.chooser,
            dealt=dealt,
            sat_out=tuple(sorted(out)),
            names=tuple(self.seating.occupant(s).name for s in dealt),
            stakes=self.night.stakes.for_game(pick.game),
        )

    def _deal(self, ctx: HandContext) -> Hand:
        """Deal the hand the rules set up, and play it to the end."""
        hand = Hand(
            ctx.game,
            ctx.hand_stakes,
            ctx.stacks,
            button=ctx.button,
            house=self.night.house,
            seed=ctx.seed,
            setup=ctx.setup,
        )
        policies = [self.seating.occupant(s).policy for s in ctx.dealt]
        self.dealt = ctx.dealt  # the table seat of each seat of the hand in play
        self.in_hand = True
        try:
            self.hand_player(hand, policies, self.rng, self.check)
        except (InvariantError, ValueError) as exc:
            raise SimulationError(ctx.number, hand, exc) from exc
        finally:
            self.in_hand = False
        return hand

    def _result(self, ctx: HandContext, hand: Hand, deltas: tuple[int, ...]) -> HandResult:
        dealt = ctx.dealt
        return HandResult(
            number=ctx.number,
            game=ctx.game,
            stakes=ctx.stakes,
            button=ctx.positions.button,
            dealt=dealt,
            sat_out=ctx.sat_out,
            chooser=ctx.chooser,
            deltas=deltas,
            carried=ctx.carried,
            carried_won=ctx.carried_won,
            carried_in=ctx.setup.carried_in,
            to_house=hand.to_house,
            rebuys=tuple(ctx.rebuys),
            busted=tuple(s for s in dealt if self.stacks[s] == 0),
            hand=hand,
            killer=None if ctx.kill is None else dealt[ctx.kill.killer],
            straddles=tuple((dealt[s], chips) for s, chips in ctx.straddles),
            doubled=ctx.doubled,
            overs=tuple(dealt[s] for s in sorted(hand.overs)),
            show_em=ctx.show_em,
            show_em_bought=ctx.show_em_bought,
            notices=tuple(ctx.notices),
        )

    def rebuy_busted(self, number: int) -> list[tuple[int, int]]:
        """Before hand ``number``: busted players buy in again if the night's rule allows,
        else they are out.  Returns the rebuys as (seat, chips)."""
        rule = self.night.rebuys
        bought: list[tuple[int, int]] = []
        for seat in range(self.players):
            player = self.seating.occupants[seat]
            if player is None or self.stacks[seat] > 0 or self.out[seat]:
                continue
            if not rule.allows(self.rebuys_used[seat]):
                self.out[seat] = True
                continue
            highest = max(s for i, s in enumerate(self.stacks) if i != seat)
            amount = rule.amount(player.player.buy_in, 0, highest)
            if amount <= 0 or not self.seating.allow_rebuy(self, seat, amount):
                continue  # nothing to buy up to, or refused: sits this hand out
            self.stacks[seat] += amount
            self.rebuys_used[seat] += 1
            self.ledger.rebuy(player.name, amount, number)
            bought.append((seat, amount))
        return bought

    def _check_chips(self, number: int, hand: Hand) -> None:
        at_table, sold = self.chips_at_table, self.ledger.in_play
        if self.tournament is not None:
            sold = self.tournament.chip_pool  # tournament chips: the ledger is the entries
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
            if self.tournament is not None:
                self.tournament.close(self.stacks)
            for seat, player in enumerate(self.seating.occupants):
                if player is not None:
                    if self.show_em is not None:
                        self.show_em.redeem(self, seat)  # an unused chip, at half price
                    paid = self.stacks[seat]
                    if self.tournament is not None:
                        paid = self.tournament.payout(player.name)  # chips are not money
                    self.ledger.cash_out(player.name, paid, self.hands_played)
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
    chooser: GameChooser | None = None,
) -> tuple[list[HandResult], Ledger]:
    """Play a whole night of up to ``hands`` hands and cash everybody out."""
    table = GameNight(night, policies, seed, seats=seats, chooser=chooser)
    results = list(table.play(hands))
    return results, table.finish()
