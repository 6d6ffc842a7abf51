"""A hand's state: everything one deal holds, and the services rules use.

:class:`HandState` is what the engine's parts share.  The hand
(:class:`pokerbook.engine.hand.Hand`, the flow and the players' decisions) is one,
and legality (:mod:`pokerbook.engine.legality`), turn order
(:mod:`pokerbook.engine.turns`), records (:mod:`pokerbook.engine.record`), the
showdown, run it twice, the Sevens Rule and the rules of :mod:`pokerbook.engine.rules`
read and change it through its public attributes and services: :meth:`log`,
:meth:`deal_to`, :meth:`pay_dead`, :meth:`post_blind`, :meth:`cards_of`,
:meth:`up_cards`, :attr:`live`, :attr:`pot`, :meth:`order_from`, :meth:`can_act`,
:meth:`house_takes_pot` and the rest.  It imports none of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from pokerbook.cards.card import Card
from pokerbook.engine.actions import Action
from pokerbook.engine.betting import Legal, Round
from pokerbook.engine.dealing import Dealer, ShuffledDealer
from pokerbook.engine.errors import HandConfigurationError
from pokerbook.engine.events import Event
from pokerbook.engine.plan import Plan, Seating, after_blinds, default_antes, plan_of
from pokerbook.engine.setup import NO_SETUP, HandSetup, check_bomb_pot
from pokerbook.engine.situation import Situation
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import House, find_house
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes

_NOBODY: frozenset[int] = frozenset()
_new = tuple.__new__  # an Event from all its fields: the hot paths skip the keyword defaults
_NO_CARDS = ((), (), (), 0, False, "", 0, ())  # an event's fields after its amount
# event kinds that are a player's decision, and the action each stands for
_ACTION_KINDS: dict[str, Action] = {
    "fold": Action("fold"),
    "check": Action("check"),
    "call": Action("call"),
    "bring-in": Action("bring-in"),
    "bet": Action("bet"),
    "raise": Action("bet"),
    "complete": Action("bet"),
    "draw": Action("draw"),
    "discard": Action("discard"),
    "choice": Action("choose"),
}


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)
class HandState:
    """One deal of ``game`` for ``len(stacks)`` seats: the table, the cards, the chips
    and where the hand stands (see :class:`pokerbook.engine.hand.Hand`, which runs it)."""

    # a fixed set of attributes (no instance dict): quicker to make and to reach
    __slots__ = (
        "able",
        "actor",
        "after_blinds_seat",
        "antes_by_seat",
        "blinds_by_seat",
        "boards",
        "bomb_pot",
        "bring_in",
        "button",
        "carried",
        "carried_in",
        "chip",
        "committed",
        "contributed",
        "cycle",
        "dead",
        "dead_blinds",
        "dealer",
        "decision",
        "done",
        "events",
        "face_up",
        "first_to_act",
        "folded",
        "from_left",
        "game",
        "hole",
        "house",
        "in_hand",
        "last_round",
        "last_to_act",
        "left",
        "legal_at",
        "legal_cache",
        "limit_overs",
        "min_bet",
        "next_up",
        "opener",
        "overs",
        "payouts",
        "pending",
        "plan",
        "round",
        "run_twice",
        "runout_from",
        "seating",
        "seats",
        "second_run",
        "seed",
        "setup",
        "shown",
        "situation",
        "skip_round",
        "stacks",
        "stakes",
        "starting_stacks",
        "step",
        "step_started",
        "street",
        "to_house",
        "up",
    )

    def __init__(
        self,
        game: Game | str,
        stakes: Stakes,
        stacks: Sequence[int],
        button: int,
        house: House | str,
        seed: int | None,
        dealer: Dealer | None,
        setup: HandSetup,
    ) -> None:
        self.setup = setup
        self.game = game = find_game(game) if isinstance(game, str) else game
        self.stakes = stakes
        self.house = house = find_house(house) if isinstance(house, str) else house
        self.plan = plan = plan_of(game, house)
        n = len(stacks)
        self.seats = n
        seating = plan.seating(stakes, n, button)  # refuses a table the game does not deal
        if min(stacks) <= 0:
            raise HandConfigurationError(f"every seat needs chips to play; stacks {list(stacks)}")
        self.seating = seating
        self.button = button
        #: every seat, from the button's left
        self.from_left = seating.from_left
        #: each seat's left-hand neighbour (index -1: seat 0)
        self.left = seating.left
        self.first_to_act = setup.first_to_act
        self.last_to_act = setup.last_to_act
        if self.first_to_act is not None or self.last_to_act is not None:
            self._check_moved_seats(n)
        self.overs = overs = setup.overs
        #: the Overs buttons that can lift a maximum: only limit and spread limit have one
        self.limit_overs = _NOBODY
        if overs:
            self._take_overs(overs, stakes, n)
        #: the first round's order when ``last_to_act`` moves a seat, else None
        self.cycle: list[int] | None = None
        self.seed = seed
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.committed = [0] * n
        self.contributed = [0] * n
        self.folded = [False] * n
        empty = seating.no_cards  # (a new list for each seat, made without a Python loop)
        self.hole: list[list[Card]] = list(map(list, empty))
        self.face_up: list[list[bool]] = list(map(list, empty))
        #: each seat's face-up cards, kept as dealt (what :meth:`up_cards` gives)
        self.up: list[list[Card]] = list(map(list, empty))
        boards = plan.boards
        self.boards: list[list[Card]] = [[]] if boards == 1 else [[] for _ in range(boards)]
        self.dealer: Dealer = dealer if dealer is not None else ShuffledDealer(plan.cards, seed)
        self.events: list[Event] = []
        # a cache of legal(), valid while the log is as long as when it was made (every
        # change to the hand is an event)
        self.legal_cache: Legal | None = None
        self.legal_at = -1
        self.step = 0
        self.round: Round | None = None
        self.last_round: Round | None = None
        self.street = 0  # betting rounds started
        self.actor: int | None = None
        # the kind of decision pending: ``bet``, ``bring-in``, ``draw``, ``discard``,
        # ``choose``, or None (a cheap way for bots to know what to do; ``legal()`` gives
        # the amounts)
        self.decision: str | None = None
        self.pending: list[int] = []  # seats still to draw, discard or choose this step
        self.situation = Situation()  # what the hand's rules decided for the showdown
        self.opener: int | None = None  # who opened, in a game with openers
        self.carried = 0  # chips left in the pot for the next deal (nobody opened)
        self.to_house = 0  # chips the house took (cash-game Oklahoma's dealer)
        self.step_started = False
        self.done = False
        self.shown: set[int] = set()
        self.payouts = [0] * n
        self.in_hand = n  # seats not folded
        self.able = n  # seats not folded with chips behind (who can still bet)
        #: each seat's next seat clockwise still in with chips behind (the next to act
        #: while a round counts seats owing a decision): kept as seats fold or go all
        #: in, not searched for on every action
        self.next_up = list(seating.left)
        self.bring_in = stakes.bring_in
        self.min_bet = seating.min_bet
        self.chip = stakes.chip  # the smallest chip: bets are whole chips (004 r.7)
        self.runout_from: int | None = None  # board cards before the run-out (run twice)
        self.second_run: list[Card] = []  # the second run's own cards
        # antes posted for the whole table (big blind or button ante): dead money that
        # goes to the main pot, not a stake of the poster's own (000 §1.2.1)
        self.dead = [0] * n
        if setup is NO_SETUP:  # the commonest hand: the stakes' own forced bets
            self.bomb_pot = 0
            self.skip_round = self.run_twice = False
            self.blinds_by_seat = list(seating.blinds)
            self.after_blinds_seat = seating.after_blinds
            self.antes_by_seat = list(seating.antes)
            self.dead_blinds = [0] * n
            self.carried_in = 0
        else:
            self._take_agreements(setup, n)

    def _check_moved_seats(self, n: int) -> None:
        """Refuse a seat moved to act first or last (a kill, 004 r.10) that is not one."""
        for moved in (self.first_to_act, self.last_to_act):
            if moved is not None and not 0 <= moved < n:
                raise HandConfigurationError(f"a seat must be 0..{n - 1}, not {moved}")

    def _take_overs(self, overs: frozenset[int], stakes: Stakes, n: int) -> None:
        if any(not 0 <= s < n for s in overs):
            raise HandConfigurationError(f"Overs buttons are for seats 0..{n - 1}: {sorted(overs)}")
        if stakes.format in ("limit", "spread-limit"):
            self.limit_overs = overs

    def _take_agreements(self, setup: HandSetup, n: int) -> None:
        """The forced bets the table agreed on: blinds, antes, dead blinds, a carried pot,
        a bomb pot, running it twice (checked, and the first round's order they make)."""
        blinds, antes, dead_blinds = setup.blinds, setup.antes, setup.dead_blinds
        carried_in, bomb_pot, run_twice = setup.carried_in, setup.bomb_pot, setup.run_twice
        seating, plan, button = self.seating, self.plan, self.button
        self.bomb_pot = bomb_pot
        self.skip_round = bomb_pot > 0  # a bomb pot skips the first betting round
        if bomb_pot:
            self._take_bomb_pot(bomb_pot)
            blinds = (0,) * n if blinds is None else blinds
            antes = (bomb_pot,) * n if antes is None else antes
        if run_twice and not self.house.run_twice:
            source = " (004 r.26j)" if self.house.name == "oresteen" else ""
            raise HandConfigurationError(
                f"the {self.house.name} house does not allow running it twice{source}"
            )
        self.run_twice = run_twice
        self.blinds_by_seat = list(seating.blinds if blinds is None else blinds)
        usual = blinds is None or seating.blinds == tuple(blinds)  # the stakes' own blinds
        self.after_blinds_seat = (
            seating.after_blinds if usual else after_blinds(plan, self.blinds_by_seat, button)
        )
        last_to_act = self.last_to_act
        if last_to_act is not None and self.blinds_by_seat[last_to_act]:
            others = list(self.blinds_by_seat)
            others[last_to_act] = 0  # a kill blind acts after the others' blinds (004 r.10)
            if any(others):
                self.after_blinds_seat = after_blinds(plan, others, button)
        if antes is not None:
            self.antes_by_seat = list(antes)
        elif usual:
            self.antes_by_seat = list(seating.antes)
        else:
            self.antes_by_seat = list(default_antes(self.stakes, self.blinds_by_seat, button))
        # dead blinds: the dead part of missed blinds made up (001 Blinds), posted into
        # the main pot; carried_in: chips already in the pot from an unopened deal
        self.dead_blinds = list(dead_blinds) if dead_blinds is not None else [0] * n
        self.carried_in = carried_in
        if (
            len(self.blinds_by_seat) != n
            or len(self.antes_by_seat) != n
            or len(self.dead_blinds) != n
        ):
            raise HandConfigurationError("blinds, antes and dead blinds give one amount per seat")
        if carried_in < 0 or (dead_blinds is not None and any(d < 0 for d in dead_blinds)):
            raise HandConfigurationError("dead blinds and a carried pot cannot be negative")

    def _take_bomb_pot(self, bomb_pot: int) -> None:
        """A bomb pot (000 §1.4), refused for a game it does not fit; the minimum bet
        outside limit is "the size of the ante"."""
        check_bomb_pot(self.game, bomb_pot)
        if self.stakes.format != "limit":
            self.min_bet = bomb_pot

    # -- queries -----------------------------------------------------------------------
    def order_from(self, start: int) -> list[int]:
        """Every seat clockwise from ``start``."""
        return [(start + i) % self.seats for i in range(self.seats)]

    @property
    def live(self) -> list[int]:
        """Seats still in the hand."""
        if self.in_hand == self.seats:
            return list(range(self.seats))  # nobody folded
        return [s for s, folded in enumerate(self.folded) if not folded]

    def live_from_left(self) -> list[int]:
        """Seats still in the hand, from the button's left."""
        if self.in_hand == self.seats:
            return list(self.from_left)  # nobody folded
        folded = self.folded
        return [s for s in self.from_left if not folded[s]]

    def draw_limit(self) -> int:
        """The most cards the seat to act may throw in the draw round under way (never
        more than it holds; it may always throw none), or 0 when no draw is due."""
        seat = self.actor
        if seat is None or self.decision != "draw":
            return 0
        most = self.plan.draw_most[self.step]
        held = len(self.hole[seat])
        return most if most < held else held

    def can_act(self, seat: int) -> bool:
        """Whether ``seat`` is still in with chips behind."""
        return not self.folded[seat] and self.stacks[seat] > 0

    @property
    def actions(self) -> list[tuple[int, Action]]:
        """The players' decisions so far, in order (from the event log)."""
        out: list[tuple[int, Action]] = []
        for event in self.events:
            kind, seat = event.kind, event.seat
            if seat is None or kind not in _ACTION_KINDS:
                continue
            if kind in ("bet", "raise", "complete"):
                out.append((seat, Action("bet", event.amount)))
            elif kind == "choice":
                out.append((seat, Action("choose", option=event.detail)))
            elif kind in ("draw", "discard"):
                out.append((seat, Action(_ACTION_KINDS[kind].kind, cards=event.discarded)))
            else:
                out.append((seat, _ACTION_KINDS[kind]))
        return out

    @property
    def pot(self) -> int:
        """Every chip in the pot: put in this hand (the current round's bets included)
        and carried in from an unopened deal."""
        return sum(self.contributed) + self.carried_in

    def cards_of(self, seat: int) -> list[Card]:
        return self.hole[seat]

    def up_cards(self, seat: int) -> list[Card]:
        return [c for c, up in zip(self.hole[seat], self.face_up[seat], strict=True) if up]

    @property
    def overs_pot(self) -> bool:
        """Whether the pot is contested only by players with an Overs button (004 r.8:
        "the maximum bet automatically changes to No Limit"), in a limit or spread
        limit hand."""
        overs = self.limit_overs
        return bool(overs) and all(s in overs for s, out in enumerate(self.folded) if not out)

    # -- services ----------------------------------------------------------------------
    def pay(self, seat: int, amount: int, *, live: bool) -> int:
        """Take ``amount`` from ``seat`` (all it has, if less) into the pot, as a live
        bet or not; returns what was paid."""
        stack = self.stacks[seat]
        paid = amount if amount < stack else stack
        if paid == stack and paid:
            self.able -= 1  # all in
            self.skip(seat)
        self.stacks[seat] = stack - paid
        self.contributed[seat] += paid
        if live:
            self.committed[seat] += paid
        return paid

    def skip(self, seat: int) -> None:
        """``seat`` has folded or gone all in: the seats whose next to act it was now
        have the one after it."""
        after = self.next_up[seat]
        self.next_up = [after if s == seat else s for s in self.next_up]

    def find_next_up(self) -> None:
        """Each seat's next seat clockwise still in with chips behind, found afresh (a
        seat all in has chips behind again)."""
        n = self.seats
        folded, stacks, next_up = self.folded, self.stacks, self.next_up
        found = 0  # (every link is written over the second time round)
        for i in range(2 * n - 1, -1, -1):  # twice round, counterclockwise
            seat = i % n
            next_up[seat] = found
            if not folded[seat] and stacks[seat] > 0:
                found = seat

    def log(self, event: Event) -> None:
        """Append an event (one made by a rule, :mod:`pokerbook.engine.rules`)."""
        self.events.append(event)

    def deal_to(self, seat: int, count: int, *, up: bool = False, detail: str = "") -> Event:
        """A rule deals ``seat`` ``count`` more cards from the deck, face up or down
        (Wonky Donkey's extra hole cards, a card bought or traded); returns the
        ``deal-hole`` event for the rule to log or return."""
        cards = tuple(self.dealer.deal(seat, count))
        faces = (up,) * len(cards)
        self.hole[seat].extend(cards)
        self.face_up[seat].extend(faces)
        if up:
            self.up[seat].extend(cards)
        return Event("deal-hole", seat, cards=cards, up=faces, detail=detail)

    def pay_dead(self, seat: int, amount: int) -> int:
        """A rule takes ``amount`` from ``seat`` (all it has, if less) as dead money for
        the main pot (a card bought or traded), not a bet; returns what was paid."""
        paid = self.pay(seat, amount, live=False)
        self.dead[seat] += paid
        return paid

    def post_blind(self, seat: int, amount: int) -> Event:
        """A rule posts a live blind for ``seat`` (all in if short) and logs it."""
        paid = self.pay(seat, amount, live=True)
        event = Event("blind", seat, paid, all_in=self.stacks[seat] == 0)
        self.events.append(event)
        return event

    def end_round(self) -> None:
        """Close the betting round: an uncalled bet goes back, the bets join the pot."""
        self.cycle = None  # a moved seat moves for the first round only
        self.return_uncalled()
        self.committed = [0] * self.seats
        if self.round is not None:
            self.last_round = self.round
        self.round = None

    def return_uncalled(self) -> None:
        """Give back the part of the top bet nobody called."""
        committed = self.committed
        top = max(committed)
        if top == 0 or committed.count(top) != 1:
            return
        seat = committed.index(top)
        second = sorted(committed)[-2]  # the most another seat put in (the top is unique)
        excess = top - second
        if excess > 0:
            self.committed[seat] -= excess
            self.contributed[seat] -= excess
            back = self.stacks[seat] == 0 and not self.folded[seat]
            self.stacks[seat] += excess
            if back:
                self.able += 1  # chips behind again
                self.find_next_up()
            self.events.append(_new(Event, ("return", seat, excess, *_NO_CARDS)))

    def house_takes_pot(self, reason: str) -> None:
        """End the hand with the pot going to the house, not to a player ("cash game"
        Oklahoma, 000 §2.40: "the dealer wins the pot"): uncalled bets go back, the
        rest is :attr:`to_house`, logged as a ``house-takes`` event."""
        if self.round is not None:
            self.end_round()  # returns an uncalled bet
        else:
            self.return_uncalled()
        self.to_house = self.pot
        self.log(Event("house-takes", None, self.to_house, detail=reason))
        self.actor = None
        self.decision = None
        self.done = True


__all__ = ["HandState", "Plan", "Seating"]
