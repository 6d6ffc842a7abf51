"""The hand state machine.

A :class:`Hand` runs one deal of any game declared as data: it posts the forced
bets, deals, runs betting, draw and discard rounds, and settles the pots.  Player
decisions go through :meth:`Hand.act`, which validates first and changes nothing
when it refuses.  Every change is an :class:`Event` appended to ``hand.events``;
``hand.record()`` and :meth:`Hand.replay` rebuild an identical hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from pokerbook.cards.card import Card
from pokerbook.engine.actions import Action, parse_action
from pokerbook.engine.betting import Legal, Round
from pokerbook.engine.dealing import Dealer, ShuffledDealer
from pokerbook.engine.errors import HandConfigurationError, IllegalActionError
from pokerbook.engine.events import Event
from pokerbook.engine.plan import (
    BET,
    BOARD,
    CHOICE,
    DISCARD,
    DRAW,
    EFFECT,
    HOLE,
    Plan,
    after_blinds,
    default_antes,
    plan_of,
)
from pokerbook.engine.rules import choice_rule, effect_rule
from pokerbook.engine.run_twice import check_bomb_pot, settle_twice, start_run_twice
from pokerbook.engine.setup import NO_SETUP, HandSetup
from pokerbook.engine.sevens_rule import apply_sevens_rule
from pokerbook.engine.showdown import settle
from pokerbook.engine.situation import Situation
from pokerbook.evaluation.qualifiers import get_qualifier
from pokerbook.evaluation.scale import get_scale
from pokerbook.evaluation.value import HandValue
from pokerbook.games.bring_in import bring_in_key
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import BARGE, House, find_house
from pokerbook.games.model import (
    BetRound,
    Choice,
    DealBoard,
    DealHole,
    DiscardRound,
    DrawRound,
    Effect,
    Game,
    Step,
)
from pokerbook.games.stakes import Stakes

_PARSED: dict[str, Action] = {}
_BET_KINDS = frozenset({"bet", "raise", "complete", "bring-in"})
_NOBODY: frozenset[int] = frozenset()
_new = tuple.__new__  # an Event from all its fields: the hot paths skip the keyword defaults


_NO_CARDS = ((), (), (), 0, False, "", 0, ())  # an event's fields after its amount


def _plain_event(kind: str, seat: int) -> Event:
    """A fold, check or stand-pat event (no amount, no cards)."""
    return _new(Event, (kind, seat, 0, (), (), (), 0, False, "", 0, ()))


# events are immutable: the commonest are made once for each seat
_SEATS = 64
_FOLDS = tuple(_plain_event("fold", seat) for seat in range(_SEATS))
_CHECKS = tuple(_plain_event("check", seat) for seat in range(_SEATS))
_STAND_PATS = tuple(_plain_event("draw", seat) for seat in range(_SEATS))
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


class Hand:
    """One hand of ``game`` for ``len(stacks)`` seats, seat ``button`` holding the button.

    ``first_to_act`` and ``last_to_act`` change the first betting round's order for
    one seat: the seat acts first (in stud it brings in, instead of the card that
    would), or last, right after the blinds and straddles wherever it sits; later
    rounds go in the usual order.  A kill pot uses them (004 r.10: the stud killer
    opens; the kill blind in flop and draw games "bets last").

    ``bomb_pot`` (an amount) makes the hand a bomb pot (000 §1.4): every player antes
    that amount, no blinds are posted, the first betting round is skipped (the flop
    is dealt and the player left of the button acts first), and the minimum bet in
    pot- and no-limit is the ante.  ``run_twice`` records the players' agreement to
    run it twice (001 Procedures r.14, NL r.14): if the betting ends with two or more
    players all in, or all in but one, before the board is complete, the rest of the
    board is dealt twice and each pot is split between the runs
    (:mod:`pokerbook.engine.run_twice`).

    ``overs`` are the seats holding an Overs button (004 r.8): while every seat not
    folded holds one, a limit or spread-limit pot is bet no limit (the smallest bet
    or raise as in no limit: the limit's bet, or the last full raise if bigger; the
    largest all in); the raise cap and everything else stay the limit's.
    """

    # a fixed set of attributes (no instance dict): quicker to make and to reach
    __slots__ = (
        "_able",
        "_after_blinds",
        "_bring_in",
        "_chip",
        "_cycle",
        "_from_left",
        "_in",
        "_left",
        "_legal",
        "_legal_at",
        "_min_bet",
        "_overs",
        "_plan",
        "_seating",
        "_skip_round",
        "_up",
        "actor",
        "antes_by_seat",
        "blinds_by_seat",
        "boards",
        "bomb_pot",
        "button",
        "carried",
        "carried_in",
        "committed",
        "contributed",
        "dead",
        "dead_blinds",
        "dealer",
        "decision",
        "done",
        "events",
        "face_up",
        "first_to_act",
        "folded",
        "game",
        "hole",
        "house",
        "last_round",
        "last_to_act",
        "opener",
        "overs",
        "payouts",
        "pending",
        "round",
        "run_twice",
        "runout_from",
        "seats",
        "second_run",
        "seed",
        "setup",
        "shown",
        "situation",
        "stacks",
        "stakes",
        "starting_stacks",
        "step",
        "step_started",
        "street",
        "to_house",
    )

    def __init__(
        self,
        game: Game | str,
        stakes: Stakes,
        stacks: Sequence[int],
        *,
        button: int = 0,
        house: House | str = BARGE,
        seed: int | None = None,
        dealer: Dealer | None = None,
        blinds: Sequence[int] | None = None,
        antes: Sequence[int] | None = None,
        dead_blinds: Sequence[int] | None = None,
        carried_in: int = 0,
        first_to_act: int | None = None,
        last_to_act: int | None = None,
        bomb_pot: int = 0,
        run_twice: bool = False,
        overs: frozenset[int] = frozenset(),
        setup: HandSetup | None = None,
    ) -> None:
        if setup is None:
            if (
                blinds is None
                and antes is None
                and dead_blinds is None
                and not (carried_in or bomb_pot or run_twice or overs)
                and first_to_act is None
                and last_to_act is None
            ):
                setup = NO_SETUP
            else:
                setup = HandSetup(
                    blinds=None if blinds is None else tuple(blinds),
                    antes=None if antes is None else tuple(antes),
                    dead_blinds=None if dead_blinds is None else tuple(dead_blinds),
                    carried_in=carried_in,
                    first_to_act=first_to_act,
                    last_to_act=last_to_act,
                    bomb_pot=bomb_pot,
                    run_twice=run_twice,
                    overs=frozenset(overs),
                )
        else:
            blinds, antes, dead_blinds = setup.blinds, setup.antes, setup.dead_blinds
            carried_in, first_to_act, last_to_act = (
                setup.carried_in,
                setup.first_to_act,
                setup.last_to_act,
            )
            bomb_pot, run_twice, overs = setup.bomb_pot, setup.run_twice, setup.overs
        self.setup = setup
        self.game = game = find_game(game) if isinstance(game, str) else game
        self.stakes = stakes
        self.house = house = find_house(house) if isinstance(house, str) else house
        plan = plan_of(game, house)
        self._plan: Plan = plan
        n = len(stacks)
        self.seats = n
        seating = plan.seating(stakes, n, button)  # refuses a table the game does not deal
        if min(stacks) <= 0:
            raise HandConfigurationError(f"every seat needs chips to play; stacks {list(stacks)}")
        self.button = button
        self._from_left = seating.from_left  # every seat, from the button's left
        self._left = seating.left  # each seat's left-hand neighbour (-1: seat 0)
        if first_to_act is not None or last_to_act is not None:
            for moved in (first_to_act, last_to_act):
                if moved is not None and not 0 <= moved < n:
                    raise HandConfigurationError(f"a seat must be 0..{n - 1}, not {moved}")
        self.first_to_act = first_to_act
        self.last_to_act = last_to_act
        if overs and any(not 0 <= s < n for s in overs):
            raise HandConfigurationError(f"Overs buttons are for seats 0..{n - 1}: {sorted(overs)}")
        # only limit and spread limit have a maximum for an Overs button to lift
        self._overs = overs if stakes.format in ("limit", "spread-limit") else _NOBODY
        self.overs = frozenset(overs)
        # the first round's order when last_to_act moves a seat, else None (every round)
        self._cycle: list[int] | None = None
        self.seed = seed
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.committed = [0] * n
        self.contributed = [0] * n
        self.folded = [False] * n
        empty = seating.no_cards  # (a new list for each seat, made without a Python loop)
        self.hole: list[list[Card]] = list(map(list, empty))
        self.face_up: list[list[bool]] = list(map(list, empty))
        self._up: list[list[Card]] = list(map(list, empty))  # up_cards(), kept as dealt
        boards = plan.boards
        self.boards: list[list[Card]] = [[]] if boards == 1 else [[] for _ in range(boards)]
        self.dealer: Dealer = dealer if dealer is not None else ShuffledDealer(plan.cards, seed)
        self.events: list[Event] = []
        # a cache of legal(), valid while the log is as long as when it was made (every
        # change to the hand is an event)
        self._legal: Legal | None = None
        self._legal_at = -1
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
        self._in = n  # seats not folded
        self._able = n  # seats not folded with chips behind (who can still bet)
        self._bring_in = stakes.bring_in
        self._min_bet = seating.min_bet
        self._chip = stakes.chip  # the smallest chip: bets are whole chips (004 r.7)
        self.bomb_pot = bomb_pot
        self._skip_round = bomb_pot > 0  # a bomb pot skips the first betting round
        if bomb_pot:
            check_bomb_pot(self.game, bomb_pot)
            if stakes.format != "limit":
                self._min_bet = bomb_pot  # 000 §1.4: "the size of the ante"
            blinds = [0] * n if blinds is None else blinds
            antes = [bomb_pot] * n if antes is None else antes
        if run_twice and not self.house.run_twice:
            source = " (004 r.26j)" if self.house.name == "oresteen" else ""
            raise HandConfigurationError(
                f"the {self.house.name} house does not allow running it twice{source}"
            )
        self.run_twice = run_twice
        self.runout_from: int | None = None  # board cards before the run-out (run twice)
        self.second_run: list[Card] = []  # the second run's own cards
        # antes posted for the whole table (big blind or button ante): dead money that
        # goes to the main pot, not a stake of the poster's own (000 §1.2.1)
        self.dead = [0] * n
        self.blinds_by_seat = list(seating.blinds if blinds is None else blinds)
        usual = blinds is None or seating.blinds == tuple(blinds)  # the stakes' own blinds
        if usual:
            self._after_blinds = seating.after_blinds
        else:
            self._after_blinds = after_blinds(plan, self.blinds_by_seat, button)
        if last_to_act is not None and self.blinds_by_seat[last_to_act]:
            others = list(self.blinds_by_seat)
            others[last_to_act] = 0  # a kill blind acts after the others' blinds (004 r.10)
            if any(others):
                self._after_blinds = after_blinds(plan, others, button)
        if antes is not None:
            self.antes_by_seat = list(antes)
        else:
            self.antes_by_seat = list(
                seating.antes if usual else default_antes(stakes, self.blinds_by_seat, button)
            )
        self._seating = seating
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
        self._post_forced()
        self._advance()

    # -- set-up ------------------------------------------------------------------
    def order_from(self, start: int) -> list[int]:
        """Every seat clockwise from ``start``."""
        return [(start + i) % self.seats for i in range(self.seats)]

    def _pay(self, seat: int, amount: int, *, live: bool) -> int:
        stack = self.stacks[seat]
        paid = amount if amount < stack else stack
        if paid == stack and paid:
            self._able -= 1  # all in
        self.stacks[seat] = stack - paid
        self.contributed[seat] += paid
        if live:
            self.committed[seat] += paid
        return paid

    def _post_forced(self) -> None:
        order = self._from_left
        log, stacks = self.events.append, self.stacks
        antes, blinds = self.antes_by_seat, self.blinds_by_seat
        if any(antes):
            # one ante for everyone when some seats post none (a big blind or button ante)
            table_ante = self.stakes.big_blind_ante or not all(antes)
            for seat in order:
                if antes[seat]:
                    paid = self._pay(seat, antes[seat], live=False)
                    if table_ante:
                        self.dead[seat] += paid
                    all_in = stacks[seat] == 0
                    log(_new(Event, ("ante", seat, paid, (), (), (), 0, all_in, "", 0, ())))
        dead_blinds = self.dead_blinds
        if any(dead_blinds):
            for seat in order:
                if dead_blinds[seat] and stacks[seat]:
                    paid = self._pay(seat, dead_blinds[seat], live=False)
                    self.dead[seat] += paid  # dead money for the main pot
                    all_in = stacks[seat] == 0
                    event = ("dead-blind", seat, paid, (), (), (), 0, all_in, "", 0, ())
                    log(_new(Event, event))
        for seat in order:
            if blinds[seat] and stacks[seat]:
                paid = self._pay(seat, blinds[seat], live=True)
                all_in = stacks[seat] == 0
                log(_new(Event, ("blind", seat, paid, (), (), (), 0, all_in, "", 0, ())))

    # -- state queries ---------------------------------------------------------------
    def _log(self, event: Event) -> None:
        self.events.append(event)

    @property
    def live(self) -> list[int]:
        """Seats still in the hand."""
        if self._in == self.seats:
            return list(range(self.seats))  # nobody folded
        return [s for s, folded in enumerate(self.folded) if not folded]

    def _live_from_left(self) -> list[int]:
        """Seats still in the hand, from the button's left."""
        if self._in == self.seats:
            return list(self._from_left)  # nobody folded
        folded = self.folded
        return [s for s in self._from_left if not folded[s]]

    def can_act(self, seat: int) -> bool:
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

    def legal(self) -> Legal | None:
        """What the player to act may do, or None when nobody is to act.

        The answer is kept until the hand changes: treat it as read-only."""
        at = len(self.events)
        if self._legal_at == at:
            return self._legal
        self._legal = self._compute_legal()
        self._legal_at = at
        return self._legal

    def _compute_legal(self) -> Legal | None:
        seat = self.actor
        if seat is None or self.done:
            return None
        if self._plan.kinds[self.step] in (DRAW, DISCARD, CHOICE):
            return self._legal_outside_betting(seat, self.game.steps[self.step])
        rnd = self.round
        assert rnd is not None
        committed, stack = self.committed[seat], self.stacks[seat]
        legal = Legal(seat)
        if self._owes_bring_in(seat, rnd):
            legal.fold = False
            legal.bring_in = min(self.stakes.bring_in, stack)
            bounds = self._raise_bounds(seat, rnd)
            legal.min_to, legal.max_to = bounds if bounds else (None, None)
            return legal
        to_call = rnd.current - committed
        if to_call <= 0:
            legal.check = True
        elif not (rnd.no_limp == rnd.current and to_call < stack):
            legal.call = min(to_call, stack)  # (no limping: only all in)
        check_raise_banned = (
            self.game.no_check_raise_in_limit
            and self.stakes.format == "limit"
            and self._checked_this_round(seat)
        )
        open_to_raise = rnd.may_raise(seat) and not check_raise_banned
        # no raise yet: no cap can bite, so the cap (a count of seats) is not needed
        if self.game.openers and self._lacks_openers(seat):
            open_to_raise = False  # may check or fold, not open (001 JoB r.1)
        if open_to_raise and not (rnd.capped or (rnd.raises > 0 and rnd.is_capped(self._cap()))):
            bounds = self._raise_bounds(seat, rnd)
            if bounds is not None:
                legal.min_to, legal.max_to = bounds
                if (
                    self.stakes.format == "limit"
                    and bounds[0] != bounds[1]
                    and not (self._overs and self.overs_pot)
                ):
                    legal.sizes = bounds
        return legal

    def _checked_this_round(self, seat: int) -> bool:
        """Whether the seat has checked in the current betting round (a game without
        check-raise asks; the events say, so no hand keeps track for the few that do)."""
        for event in reversed(self.events):
            if event.kind == "street":
                return False
            if event.kind == "check" and event.seat == seat:
                return True
        return False

    def _legal_outside_betting(self, seat: int, step: Step) -> Legal | None:
        """What the seat may do in a draw, discard or choice step."""
        if type(step) is DrawRound:
            most = min(step.max_cards, len(self.hole[seat]))
            if self._plan.draw_cap is not None:
                most = min(most, self._plan.draw_cap)
            return Legal(seat, fold=False, draw=(0, most))
        if type(step) is DiscardRound:
            throwable = None
            if step.down_only:
                face_up = self.face_up[seat]
                throwable = tuple(c for i, c in enumerate(self.hole[seat]) if not face_up[i])
            return Legal(seat, fold=False, discard=step.count, throwable=throwable)
        if type(step) is Choice:
            options = choice_rule(step.rule).options(self, seat, step.args)
            return Legal(seat, fold=False, choose=options)
        return None

    def _lacks_openers(self, seat: int) -> bool:
        """Whether the pot is still unopened and the seat's hand cannot open it."""
        openers = self.game.openers
        if not openers or self.street != 1 or self.opener is not None:
            return False
        value = get_scale("high").best(self.hole[seat])
        return not get_qualifier(openers)(HandValue(get_scale("high"), value))

    def _cap(self) -> int | None:
        if self.stakes.format != "limit":
            return None
        rnd = self.round
        cap = self.house.raise_cap
        if rnd is not None and cap is not None and rnd.raises <= cap:
            return cap  # not yet at the cap: the seat count cannot matter
        # "a pot involving three or more players who are not all-in" (001 Betting r.3)
        return self.house.capped(self._able)

    def _raise_bounds(self, seat: int, rnd: Round) -> tuple[int, int] | None:
        committed = self.committed[seat]
        pot_after_call = 0  # only pot limit sizes a raise by the pot
        if rnd.format not in ("no-limit", "limit"):
            pot_after_call = self.pot + max(0, rnd.current - committed)
            pot_after_call += self._small_blind_credit(rnd)
        bounds = rnd.raise_bounds(committed, self.stacks[seat], pot_after_call, self._min_bet)
        if self._overs and bounds is not None and self.overs_pot:
            bounds = self._overs_bounds(seat, rnd, bounds[0])
        if self._chip == 1 or bounds is None:
            return bounds
        return self._whole_chips(seat, *bounds)

    @property
    def overs_pot(self) -> bool:
        """Whether the pot is contested only by players with an Overs button (004 r.8:
        "the maximum bet automatically changes to No Limit"), in a limit or spread
        limit hand."""
        overs = self._overs
        return bool(overs) and all(s in overs for s, out in enumerate(self.folded) if not out)

    def _overs_bounds(self, seat: int, rnd: Round, low: int) -> tuple[int, int]:
        """No-limit bounds in a limit round (004 r.8): at least the round's bet or the
        largest raise so far over the last full bet (004 r.6c: "at least the size of
        the previous bet or raise"), at most all in.  Spread limit keeps its own
        minimum, ``low``.  Only a pot of Overs players comes here: the events of the
        round are read again rather than tracked in every hand."""
        all_in = self.committed[seat] + self.stacks[seat]
        if rnd.format == "limit":
            level = rnd.last_raise  # a limit round's level when it began (blinds, bring-in)
            largest = max(rnd.size, level)
            bets: list[int] = []
            for event in reversed(self.events):
                if event.kind == "street":
                    break
                if event.kind in _BET_KINDS:
                    bets.append(event.amount)
            for to in reversed(bets):
                largest = max(largest, to - level)
                level = max(level, to)
            low = rnd.full_level + largest  # over the last full bet (a bring-in is none)
        return (min(low, all_in), all_in)

    def _whole_chips(self, seat: int, lo: int, hi: int) -> tuple[int, int]:
        """Bet bounds in whole chips (004 r.7): the minimum rounded up, the maximum (a
        pot-limit pot) rounded down, all in exact; where no whole chip lies between
        them the minimum rounded up stands alone (a pot-limit overage of less than a
        chip, as 001 Pot-Limit r.5 rounds the pot up)."""
        chip = self._chip
        all_in = self.committed[seat] + self.stacks[seat]
        low = lo if lo == all_in else min(-(-lo // chip) * chip, all_in)
        high = hi if hi == all_in else hi // chip * chip
        return (low, max(low, high))

    def _small_blind_credit(self, rnd: Round) -> int:
        """Pot limit, house option (001 Pot-Limit r.6): until the big blind has acted on
        the first round, a small blind counts as a big blind in sizing the pot."""
        if not (
            self.stakes.format == "pot-limit"
            and self.house.pot_limit_small_blind_as_big
            and self.street == 1
            and not self.game.is_stud
        ):
            return 0
        big = self.stakes.big_blind
        big_seats = [s for s in self._from_left if self.blinds_by_seat[s] == big]
        if not big_seats or rnd.acted[big_seats[0]] >= 0:
            return 0
        return sum(
            max(0, big - self.committed[s])
            for s, b in enumerate(self.blinds_by_seat)
            if 0 < b < big
        )

    # -- actions ---------------------------------------------------------------------
    def act(self, action: Action | str) -> Event:
        """Apply the decision of the player to act; returns the event it made."""
        act = self._parse(action) if isinstance(action, str) else action
        seat = self.actor
        if seat is None:
            raise IllegalActionError(
                "turn order", f"nobody is to act ({self._why_no_actor()})", "nothing"
            )
        kind = act.kind
        rnd = self.round
        if rnd is not None:
            if kind in ("call", "check", "fold") and self.decision == "bet":
                # the commonest decisions, legal as they stand: no need for legal()
                to_call = rnd.current - self.committed[seat]
                if kind == "fold":
                    self.folded[seat] = True
                    self._in -= 1
                    if self.stacks[seat] > 0:
                        self._able -= 1
                    event = _FOLDS[seat] if seat < _SEATS else _plain_event("fold", seat)
                elif to_call <= 0:
                    event = _CHECKS[seat] if seat < _SEATS else _plain_event("check", seat)
                elif kind == "call":
                    stack = self.stacks[seat]
                    if rnd.no_limp == rnd.current and to_call < stack:
                        return self._act_checked(seat, act)  # a limp: refused
                    if to_call < stack:
                        self.stacks[seat] = stack - to_call
                        all_in = False
                    else:
                        to_call = stack  # all in for what is left
                        self.stacks[seat] = 0
                        self._able -= 1
                        all_in = True
                    self.contributed[seat] += to_call
                    self.committed[seat] += to_call
                    event = _new(Event, ("call", seat, to_call, (), (), (), 0, all_in, "", 0, ()))
                else:
                    return self._act_checked(seat, act)  # a check facing a bet: refused
                rnd.acted[seat] = rnd.raise_id
                rnd.owing -= 1
                self.events.append(event)
                if self._in > 1 and self._cycle is None:
                    if rnd.owing > 0:
                        nxt = self._next_able(seat)  # (the decision stays "bet")
                        if self._able != 1 or not self._nobody_to_bet_against(nxt):
                            self.actor = nxt
                            return event
                    self.actor = None
                    self._advance()
                    return event
                self._after_bet_action(seat, rnd)
                return event
            to = act.amount
            if (
                kind == "bet"
                and to is not None
                and rnd.format != "limit"  # (limit: a cap, and sizes to choose from)
                and rnd.acted[seat] < rnd.raise_id  # the betting is open to the seat
                and not rnd.capped
                and self._chip == 1
                and not self.game.openers
                and self.decision == "bet"  # (not a bring-in owed)
            ):
                # a bet or raise in a big-bet or spread-limit round: legal when in bounds
                bounds = self._raise_bounds(seat, rnd)
                if bounds is not None and bounds[0] <= to <= bounds[1]:
                    event = self._bet_to(seat, rnd, to)
                    self._after_bet_action(seat, rnd)
                    return event
        elif kind == "draw" and not act.cards and self.decision == "draw":  # standing pat
            pending = self.pending
            pending.remove(seat)
            event = _STAND_PATS[seat] if seat < _SEATS else _plain_event("draw", seat)
            self.events.append(event)
            if pending:
                self.actor = pending[0]
            else:
                self.actor = None
                self._advance()
            return event
        return self._act_checked(seat, act)

    def _parse(self, action: str) -> Action:
        act = _PARSED.get(action)
        if act is None:
            act = parse_action(action)
            if len(_PARSED) < 10_000:
                _PARSED[action] = act
        return act

    def _act_checked(self, seat: int, act: Action) -> Event:
        """Any action, checked against ``legal()`` before anything changes."""
        legal = self._legal if self._legal_at == len(self.events) else self._compute_legal()
        assert legal is not None
        event = self._apply(seat, act, legal)
        rnd = self.round
        if rnd is not None:
            self._after_bet_action(seat, rnd)
        else:
            self.actor = None  # a draw or discard: the next drawer is found by _advance
            self._advance()
        return event

    def _why_no_actor(self) -> str:
        return "the hand is over" if self.done else "no decision is pending"

    def _refuse(self, legal: Legal, rule: str, message: str) -> IllegalActionError:
        return IllegalActionError(rule, f"seat {legal.seat}: {message}", legal.describe())

    def _owes_bring_in(self, seat: int, rnd: Round) -> bool:
        """Whether the seat must post the bring-in (or complete) before anything else."""
        return rnd.bring_in_seat == seat and rnd.current == 0 and self._bring_in > 0

    def _decide(self) -> None:
        """Set :attr:`decision` for the seat now to act (after ``actor`` changed;
        within a round, and within a draw, it stays what it was)."""
        seat = self.actor
        rnd = self.round
        if seat is None:
            self.decision = None
        elif rnd is None:
            kind = self._plan.kinds[self.step]
            self.decision = "draw" if kind == DRAW else ("choose" if kind == CHOICE else "discard")
        elif self._owes_bring_in(seat, rnd):
            self.decision = "bring-in"
        else:
            self.decision = "bet"

    def _apply(self, seat: int, act: Action, legal: Legal) -> Event:
        if legal.draw is not None or legal.discard is not None:
            return self._apply_draw(seat, act, legal)
        if legal.choose is not None:
            return self._apply_choice(seat, act, legal)
        rnd = self.round
        assert rnd is not None
        kind = act.kind
        if kind in ("fold", "check", "call"):
            # act() applies every legal fold, check and call itself: these are the others
            if kind == "call" and rnd.no_limp and rnd.no_limp == rnd.current:
                raise self._refuse(legal, "no limping", "come in for a raise or fold (000 App.A)")
            if kind == "fold":
                raise self._refuse(legal, "forced bet", "the bring-in cannot fold")
            if legal.call is None:
                raise self._refuse(legal, "bring-in", "the bring-in must be posted or completed")
            raise self._refuse(legal, "facing a bet", f"cannot check facing {legal.call} to call")
        if kind == "bring-in":
            if legal.bring_in is None:
                raise self._refuse(legal, "bring-in", "there is no bring-in to post now")
            self._pay(seat, legal.bring_in, live=True)
            rnd.current = self.committed[seat]
            rnd.last_raise = max(rnd.last_raise, legal.bring_in)
            rnd.acted[seat] = rnd.raise_id
            rnd.owing -= 1
            event = Event("bring-in", seat, legal.bring_in, all_in=self.stacks[seat] == 0)
        elif kind in ("bet", "complete"):
            if legal.min_to is None or legal.max_to is None:
                if self._lacks_openers(seat):
                    raise self._refuse(legal, "openers", f"opening needs {self.game.openers}")
                why = (
                    "the raises are capped"
                    if rnd.capped
                    else "the betting is not open to this seat"
                )
                raise self._refuse(legal, "raising", f"cannot bet or raise: {why}")
            to = legal.min_to if act.amount is None else act.amount
            all_in_to = self.committed[seat] + self.stacks[seat]
            if legal.sizes and to not in legal.sizes and to != all_in_to:
                raise self._refuse(
                    legal,
                    "limit bet size",
                    f"bet or raise to one of {', '.join(map(str, legal.sizes))}, not {to}",
                )
            if self._chip > 1 and to % self._chip and to != all_in_to:
                raise self._refuse(
                    legal,
                    "whole chips, 004 r.7",
                    f"bets and raises are whole chips of {self._chip} unless all in, not {to}",
                )
            if not legal.min_to <= to <= legal.max_to:
                raise self._refuse(
                    legal,
                    f"{self.stakes.format} bet size",
                    f"a bet or raise must be to {legal.min_to}-{legal.max_to}, not {to}",
                )
            return self._bet_to(seat, rnd, to)
        else:
            raise self._refuse(legal, "betting round", f"cannot {kind} in a betting round")
        self._log(event)
        return event

    def _bet_to(self, seat: int, rnd: Round, to: int) -> Event:
        """The seat bets or raises to ``to`` (a legal amount); returns the event logged."""
        committed = self.committed[seat]
        all_in = to == committed + self.stacks[seat]
        self._pay(seat, to - committed, live=True)
        kind = rnd.record_bet(seat, to, all_in=all_in)
        # everyone else in with chips owes a decision now (nobody else has the new top bet)
        rnd.owing = self._able - (0 if all_in else 1)
        if self.game.openers and self.opener is None:
            self.opener = seat
        if rnd.format == "limit":
            cap = self._cap()
            if cap is not None and rnd.raises >= cap + 1:
                rnd.capped = True  # stays capped if a fold then leaves two (001 r.4)
        event = _new(Event, (kind, seat, to, (), (), (), 0, all_in, "", 0, ()))
        self.events.append(event)
        return event

    def _apply_draw(self, seat: int, act: Action, legal: Legal) -> Event:
        cards = act.cards
        held = self.hole[seat]
        if act.kind not in ("draw", "discard"):
            raise self._refuse(legal, "draw round", f"cannot {act.kind} now")
        allowed = held if legal.throwable is None else legal.throwable
        if len(set(cards)) != len(cards) or any(c not in allowed for c in cards):
            which = "cards held" if legal.throwable is None else "face-down cards"
            raise self._refuse(
                legal, "draw", f"can only throw {which} ({' '.join(map(str, allowed))})"
            )
        if legal.draw is not None:
            lo, hi = legal.draw
            if not lo <= len(cards) <= hi:
                raise self._refuse(legal, "draw", f"draw {lo}-{hi} cards, not {len(cards)}")
            keep = [c for c in held if c not in cards]
            new = self.dealer.replace(seat, cards)
            self.hole[seat] = keep + new
            self.face_up[seat] = [False] * len(self.hole[seat])
            self._up[seat] = []
            event = Event("draw", seat, len(new), cards=tuple(new), discarded=tuple(cards))
        else:
            if len(cards) != legal.discard:
                raise self._refuse(legal, "discard", f"discard exactly {legal.discard} card(s)")
            keep_up = [
                (c, u) for c, u in zip(held, self.face_up[seat], strict=True) if c not in cards
            ]
            self.hole[seat] = [c for c, _ in keep_up]
            self.face_up[seat] = [u for _, u in keep_up]
            self._up[seat] = self.up_cards(seat)
            self.dealer.muck(cards)
            event = Event("discard", seat, len(cards), discarded=tuple(cards))
        self._log(event)
        self.pending.remove(seat)
        return event

    def _apply_choice(self, seat: int, act: Action, legal: Legal) -> Event:
        assert legal.choose is not None
        if act.kind != "choose":
            raise self._refuse(legal, "choice", f"cannot {act.kind} now")
        if act.option not in legal.choose:
            raise self._refuse(legal, "choice", f"{act.option!r} is not one of the options")
        step = self.game.steps[self.step]
        assert isinstance(step, Choice)
        # the decision (a ``choice`` event, what a history records), then what it did
        decision = Event("choice", seat, detail=act.option)
        self._log(decision)
        rule = choice_rule(step.rule)
        event = rule.apply(self, seat, act.option, step.args)
        self._log(event)
        self.pending.remove(seat)
        reveal = getattr(rule, "reveal", None)  # a RevealingChoice: all shown together
        if reveal is not None and not self.pending:
            shown: list[Event] = reveal(self, step.args)
            for done in shown:
                self._log(done)
            return shown[-1] if shown else event
        return event

    def log(self, event: Event) -> None:
        """Append an event made by a rule (:mod:`pokerbook.engine.rules`)."""
        self._log(event)

    def deal_to(self, seat: int, count: int, *, up: bool = False, detail: str = "") -> Event:
        """A rule deals ``seat`` ``count`` more cards from the deck, face up or down
        (Wonky Donkey's extra hole cards, a card bought or traded); returns the
        ``deal-hole`` event for the rule to log or return."""
        cards = tuple(self.dealer.deal(seat, count))
        faces = (up,) * len(cards)
        self.hole[seat].extend(cards)
        self.face_up[seat].extend(faces)
        if up:
            self._up[seat].extend(cards)
        return Event("deal-hole", seat, cards=cards, up=faces, detail=detail)

    def pay_dead(self, seat: int, amount: int) -> int:
        """A rule takes ``amount`` from ``seat`` (all it has, if less) as dead money for
        the main pot (a card bought or traded), not a bet; returns what was paid."""
        paid = self._pay(seat, amount, live=False)
        self.dead[seat] += paid
        return paid

    def post_blind(self, seat: int, amount: int) -> Event:
        """A rule posts a live blind for ``seat`` (all in if short) and logs it."""
        paid = self._pay(seat, amount, live=True)
        event = Event("blind", seat, paid, all_in=self.stacks[seat] == 0)
        self._log(event)
        return event

    # -- flow --------------------------------------------------------------------------
    def _advance(self) -> None:
        kinds = self._plan.kinds
        steps = self.game.steps
        when = self.game.when  # per step, a note it waits for (empty: none)
        end = len(kinds)
        while not self.done:
            if self._in == 1 or self.step >= end:
                self._finish()
                break
            if self.actor is not None:
                self._decide()
                return
            index = self.step
            kind = kinds[index]
            if when and (note := when[index]) is not None and not self.situation.notes.get(note):
                self.step = index + 1  # a step for another course of the hand
                continue
            if kind == BET:
                if not self.step_started:
                    self.step_started = True
                    self._start_round(steps[index])  # type: ignore[arg-type]
                    if self.actor is not None:
                        return  # (the round set the decision)
                self._end_round()
                game = self.game
                unopened = game.openers and self.opener is None and self.street == 1
                if unopened and game.no_opener == "carry":
                    self._no_opener()
                    break
            elif kind in (DRAW, DISCARD):
                if not self.step_started:
                    self.step_started = True
                    self.pending = self._live_from_left()
                if self.pending:
                    self.actor = self.pending[0]
                    self._decide()
                    return
            elif kind == CHOICE:
                choice: Choice = steps[index]  # type: ignore[assignment]
                if not self.step_started:
                    self.step_started = True
                    self.pending = choice_rule(choice.rule).choosers(self, choice.args)
                if self.pending:
                    self.actor = self.pending[0]
                    self._decide()
                    return
            elif kind == EFFECT:
                done: Effect = steps[index]  # type: ignore[assignment]
                effect_rule(done.rule)(self, done.args)
            elif kind == HOLE:
                self._deal_hole(steps[index])  # type: ignore[arg-type]
            elif kind == BOARD:
                step: DealBoard = steps[index]  # type: ignore[assignment]
                if self.run_twice and self.runout_from is None and self._able <= 1:
                    start_run_twice(self, index)
                if step.burn:
                    self.dealer.burn()
                cards = tuple(self.dealer.deal(None, step.count))
                self.boards[step.board].extend(cards)
                self.events.append(
                    _new(
                        Event, ("deal-board", None, 0, cards, (), (), step.board, False, "", 0, ())
                    )
                )
            self.step = index + 1
            self.step_started = False
        self.decision = None  # the hand is over

    def _deal_hole(self, step: DealHole) -> None:
        live = self._live_from_left()
        count = step.down + step.up
        if self._plan.stud_dealing and count == 1 and self.dealer.remaining() < len(live):
            # not enough cards for everyone: one community card plays for all (001 Stud r.11)
            cards = self.dealer.deal(None, 1)
            self.boards[0].extend(cards)
            self._log(Event("deal-board", None, cards=tuple(cards), detail="common card"))
            return
        down = step.down
        up = (False,) * down + (True,) * step.up
        log = self.events.append
        hole, face_up, ups = self.hole, self.face_up, self._up
        for seat, mine in zip(live, self.dealer.deal_each(live, count), strict=True):
            hole[seat].extend(mine)
            face_up[seat].extend(up)
            if step.up:
                ups[seat].extend(mine[down:])
            log(_new(Event, ("deal-hole", seat, 0, mine, up, (), 0, False, "", 0, ())))

    def _start_round(self, step: BetRound) -> None:
        if self._skip_round:  # a bomb pot: no betting before the flop (000 §1.4)
            self._skip_round = False
            self.street += 1
            self._log(Event("bomb-pot", None, self.bomb_pot, detail="no first betting round"))
            return
        seating = self._seating
        limit = seating.limit
        street = self.street
        if limit:
            size = seating.small_bet if step.size == "small" else seating.big_bet
        else:
            size = self._min_bet
        rnd = Round(seating.format, size, self.seats, seating.spread, seating.half_bet)
        if limit and street == 1 and self._open_pair_showing():
            rnd.double = seating.big_bet  # 001 Stud r.4: small or big on 4th street
        posted = max(self.committed)
        current = posted
        if street == 0 and not self._plan.is_stud:
            # a blind all-in for less does not lower the bet the others must call
            # (001 Tournaments r.19, 004 r.104: a side pot is made for the rest)
            current = max(current, *self.blinds_by_seat)
        if current:
            rnd.current = current
            rnd.last_raise = max(current, size if not limit else 0)
            if limit and current >= size:
                rnd.full_level = current
                rnd.raises = 1
            if street == 0 and self.game.no_limping and seating.format == "no-limit":
                rnd.no_limp = current  # enter for a raise or not at all (000 App.A)
        rnd.owing = self._able  # each seat in with chips behind
        self.round = rnd
        self.street = street = street + 1
        self.events.append(
            _new(Event, ("street", None, street, (), (), (), 0, False, step.size, 0, ()))
        )
        able = self._able
        if able == 0 or (able == 1 and self.committed[self._first_able()] >= posted):
            self.actor = None
            return
        first = self._first_to_act(rnd)
        last = self.last_to_act
        if last is not None and self.street == 1:
            if first == last:
                first = (first + 1) % self.seats
            cycle = self.order_from(first)
            cycle.remove(last)
            cycle.append(last)
            self._cycle = cycle
            self.actor = rnd.first = self._next_actor(last, rnd)
            self._decide()
            return
        # at a round's start every seat in with chips owes a decision
        can_act = not self.folded[first] and self.stacks[first] > 0
        self.actor = rnd.first = first if can_act else self._next_actor(first, rnd)
        self._decide()

    def _first_able(self) -> int:
        """The first seat still in with chips behind."""
        stacks = self.stacks
        return next(s for s, out in enumerate(self.folded) if not out and stacks[s] > 0)

    def _open_pair_showing(self) -> bool:
        if not (self._plan.open_pair_double and self.street == 1):
            return False
        for seat in self.live:
            ranks = [c.rank for c in self.up_cards(seat)]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def _first_to_act(self, rnd: Round) -> int:
        chosen = self.situation.first_to_act
        if chosen is not None:
            self.situation.first_to_act = None  # a rule's choice, for this round only
            return chosen
        plan = self._plan
        if self.street == 1:
            moved = self.first_to_act
            if moved is not None:
                if plan.is_stud and self.game.bring_in:
                    rnd.bring_in_seat = moved
                return moved
            if plan.is_stud:
                if self.game.bring_in:
                    seat = self._bring_in_seat()
                    rnd.bring_in_seat = seat
                    return seat
                return self._best_showing()
            if self._after_blinds is not None:
                return self._after_blinds  # the seat after the last blind
            return self._seating.after_button
        if plan.is_stud or self.game.first_to_act:
            return self._best_showing()  # (stud dealt with blinds: Mississippi, 000 §2.38)
        if self.opener is not None and self.can_act(self.opener):
            return self.opener  # the opener acts first after the draw (001 Draw High)
        return self._seating.after_button

    def _bring_in_seat(self) -> int:
        kind = self._plan.bring_in or "low"
        up = self._up
        live = [s for s in self.live if up[s]]
        return max(live, key=lambda seat: bring_in_key(kind, up[seat][-1]))

    def _best_showing(self) -> int:
        """Stud after the first round: the best hand showing acts first (ties: the
        first such seat left of the button)."""
        best_of = self._plan.first_scale.best
        order = self._from_left
        folded, stacks = self.folded, self.stacks
        candidates = [s for s in order if not folded[s] and stacks[s] > 0] or [
            s for s in order if not folded[s]
        ]
        best_seat, best = candidates[0], -1
        for seat in candidates:
            value = best_of(self._up[seat])
            if value > best:
                best_seat, best = seat, value
        return best_seat

    def _next_actor(self, after: int, rnd: Round) -> int | None:
        """The first seat after ``after`` (``after`` itself last) that still owes a
        decision this round."""
        folded, stacks, committed = self.folded, self.stacks, self.committed
        acted, raise_id, current = rnd.acted, rnd.raise_id, rnd.current
        cycle = self._cycle
        if cycle is not None:  # a seat moved in the first round's order
            n = self.seats
            start = cycle.index(after)
            for i in range(1, n + 1):
                seat = cycle[(start + i) % n]
                if folded[seat] or stacks[seat] <= 0:
                    continue
                if acted[seat] < raise_id or committed[seat] < current:
                    return seat
            return None
        left = self._left
        seat = after
        for _ in range(self.seats):
            seat = left[seat]
            if folded[seat] or stacks[seat] <= 0:  # cannot act
                continue
            if acted[seat] < raise_id or committed[seat] < current:
                return seat
        return None

    def _after_bet_action(self, seat: int, rnd: Round) -> None:
        """Find who acts next after ``seat``'s decision in a betting round (``act`` does
        the same inline after a check, call or fold), or end the round."""
        if self._in > 1:
            if self._cycle is not None:  # a seat moved in the first round's order
                nxt = self._next_actor(seat, rnd)
                if (
                    nxt is not None
                    and nxt != seat
                    and (self._able != 1 or not self._nobody_to_bet_against(nxt))
                ):
                    self.actor = nxt
                    self._decide()
                    return
            elif rnd.owing > 0:
                nxt = self._next_able(seat)
                if self._able != 1 or not self._nobody_to_bet_against(nxt):
                    self.actor = nxt
                    self._decide()
                    return
        self.actor = None
        self._advance()

    def _next_able(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` still in with chips behind: while the
        round counts seats owing a decision, the next of them."""
        folded, stacks, left = self.folded, self.stacks, self._left
        nxt = left[seat]
        while folded[nxt] or stacks[nxt] <= 0:
            nxt = left[nxt]
        return nxt

    def _nobody_to_bet_against(self, seat: int) -> bool:
        """Whether ``seat``, the last with chips behind, already matches every stake."""
        committed = self.committed
        facing = max(c for s, c in enumerate(committed) if s != seat)
        return committed[seat] >= facing

    def _end_round(self) -> None:
        self._cycle = None  # a moved seat moves for the first round only
        self._return_uncalled()
        self.committed = [0] * self.seats
        if self.round is not None:
            self.last_round = self.round
        self.round = None

    def _return_uncalled(self) -> None:
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
            if self.stacks[seat] == 0 and not self.folded[seat]:
                self._able += 1  # chips behind again
            self.stacks[seat] += excess
            self.events.append(_new(Event, ("return", seat, excess, *_NO_CARDS)))

    def _no_opener(self) -> None:
        """Nobody opened: the deal ends and the pot stays for the next (001 JoB r.1)."""
        self.carried = self.pot
        self._log(Event("no-opener", None, self.carried, detail="the pot stays for the next deal"))
        self.actor = None
        self.done = True

    def house_takes_pot(self, reason: str) -> None:
        """End the hand with the pot going to the house, not to a player ("cash game"
        Oklahoma, 000 §2.40: "the dealer wins the pot"): uncalled bets go back, the
        rest is :attr:`to_house`, logged as a ``house-takes`` event."""
        if self.round is not None:
            self._end_round()  # returns an uncalled bet
        else:
            self._return_uncalled()
        self.to_house = self.pot
        self._log(Event("house-takes", None, self.to_house, detail=reason))
        self.actor = None
        self.decision = None
        self.done = True

    def _finish(self) -> None:
        if self.round is not None:
            self._end_round()  # returns an uncalled bet
        else:
            self._return_uncalled()
        if self._plan.sevens_rule and self.stakes.format == "limit":
            self.events += apply_sevens_rule(self)
        ran_twice = self.runout_from is not None and self._in > 1
        self.events += settle_twice(self) if ran_twice else settle(self)
        self.actor = None
        self.done = True

    # -- records -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Everything needed to replay this hand (for a shuffled dealer with a seed)."""
        return {
            "game": self.game.id,
            "stakes": _stakes_record(self.stakes),
            "house": self.house.name,
            "stacks": list(self.starting_stacks),
            "button": self.button,
            "seed": self.seed,
            "blinds": self.blinds_by_seat,
            "antes": self.antes_by_seat,
            "dead_blinds": self.dead_blinds,
            "carried_in": self.carried_in,
            **({"first_to_act": self.first_to_act} if self.first_to_act is not None else {}),
            **({"last_to_act": self.last_to_act} if self.last_to_act is not None else {}),
            **({"bomb_pot": self.bomb_pot} if self.bomb_pot else {}),
            **({"run_twice": True} if self.run_twice else {}),
            **({"overs": sorted(self.overs)} if self.overs else {}),
            "actions": [f"p{seat + 1} {act}" for seat, act in self.actions],
        }

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Hand:
        """Rebuild a hand from :meth:`record` (its seed and its actions)."""
        if record.get("seed") is None:
            raise HandConfigurationError("only a seeded hand can be replayed from its record")
        stakes: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in record["stakes"].items()
        }
        hand = cls(
            record["game"],
            Stakes(**stakes),
            record["stacks"],
            button=record["button"],
            house=record["house"],
            seed=record["seed"],
            blinds=record["blinds"],
            antes=record["antes"],
            dead_blinds=record.get("dead_blinds"),
            carried_in=record.get("carried_in", 0),
            first_to_act=record.get("first_to_act"),
            last_to_act=record.get("last_to_act"),
            bomb_pot=record.get("bomb_pot", 0),
            run_twice=record.get("run_twice", False),
            overs=frozenset(record.get("overs", ())),
        )
        for line in record["actions"]:
            who, text = line.split(" ", 1)
            if hand.actor != int(who[1:]) - 1:
                raise HandConfigurationError(
                    f"record says {who} acts, but seat {hand.actor} is to act"
                )
            hand.act(text)
        return hand


def _stakes_record(stakes: Stakes) -> dict[str, Any]:
    """The stakes' fields that differ from their defaults (the format always)."""
    out: dict[str, Any] = {}
    for field in fields(stakes):
        value = getattr(stakes, field.name)
        if value != field.default or field.name == "format":
            out[field.name] = list(value) if isinstance(value, tuple) else value
    return out
