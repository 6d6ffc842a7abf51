"""A replayed hand walked through for export: seats, posts, streets, actions,
showdown and pots, in the terms every hand-history format shares.

:func:`export_hand` builds an :class:`ExportHand` from a history and its replay
(:func:`pokerbook.history.play`); the writers (:mod:`export_pokerstars`,
:mod:`export_ohh`) only format it.  Amounts stay in the replay's whole chips
(:meth:`ExportHand.money` turns them back into the file's units).  The walk checks
the pot arithmetic as it goes: the chips awarded must be every chip put in less
the uncalled bets returned, or the hand is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerbook.cards.card import Card
from pokerbook.engine.events import SECOND_RUN, Event
from pokerbook.engine.hand import Hand
from pokerbook.games.model import DrawRound, Format, Game
from pokerbook.history.export_fields import (
    currency,
    hand_date,
    hand_number,
    player_names,
    seat_numbers,
    tournament,
)
from pokerbook.history.export_names import ExportError
from pokerbook.history.model import HandHistory

#: the kinds of event a betting action logs
BETTING = frozenset({"fold", "check", "call", "bet", "raise", "complete", "bring-in"})
#: events the walk passes over (they change no chips and deal no cards)
_QUIET = frozenset({"burn", "street", "bomb-pot", "run-twice"})


@dataclass(frozen=True, slots=True)
class ExportSeat:
    """A player: ``seat`` is the hand's 0-based seat, ``number`` the table seat (from 1)."""

    seat: int
    number: int
    name: str
    stack: int
    final: int


@dataclass(frozen=True, slots=True)
class Act:
    """One thing a player did.  ``kind``: ``ante``, ``small blind``, ``big blind``,
    ``straddle``, ``blind`` (another blind), ``bring-in``, ``fold``, ``check``,
    ``call``, ``bet``, ``raise``, ``complete``, ``draw``, ``uncalled`` (chips
    returned), ``show``, ``muck``.  ``added``: the chips this action puts in (or,
    for ``uncalled``, takes back); ``to``: the seat's total in the betting round
    after it; ``cards``: a draw's new cards or the cards shown (empty when
    unknown); ``discarded``: a draw's thrown cards."""

    seat: int
    kind: str
    added: int = 0
    to: int = 0
    all_in: bool = False
    cards: tuple[Card, ...] = ()
    discarded: tuple[Card, ...] = ()
    count: int = 0


@dataclass(slots=True)
class Dealt:
    """Cards dealt to a seat on a street; ``up`` says which are face up, ``known``
    which the history shows (a card it does not show is written nowhere)."""

    seat: int
    cards: tuple[Card, ...]
    up: tuple[bool, ...]
    known: tuple[bool, ...]

    @property
    def all_known(self) -> bool:
        return all(self.known)


@dataclass(slots=True)
class Street:
    """A street: its ``kind`` (``preflop``, ``flop``, ``turn``, ``river``, ``stud``,
    ``deal``, ``draw``), its number among the hand's streets of that kind (from 1),
    the run of the board (0, or 1 for the second run of a board run twice),
    whether it was dealt after the players agreed to run it twice, the board cards
    it deals, the hole cards it deals, and the actions on it."""

    kind: str
    index: int
    run: int = 0
    twice: bool = False
    board: tuple[Card, ...] = ()
    dealt: list[Dealt] = field(default_factory=list)
    acts: list[Act] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Award:
    """Chips a seat wins from a pot (0 the main pot, 1 the first side pot ...), on a
    run of the board; ``share`` names the half (``high``, ``low``) when it is split."""

    pot: int
    run: int
    seat: int
    amount: int
    share: str


@dataclass(slots=True)
class ExportHand:
    """A hand as the export formats see it (see the module docs)."""

    number: int
    game: Game
    format: Format
    scale: int
    seats: list[ExportSeat]
    button: int
    table: str
    table_size: int
    posts: list[Act]
    streets: list[Street]
    showdown: list[Act]
    awards: list[Award]
    boards: list[tuple[Card, ...]]
    blinds: tuple[int, ...]
    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    bomb_pot: int = 0
    run_twice: bool = False
    currency: str = ""
    date: tuple[int, int, int, int, int, int] = (2000, 1, 1, 0, 0, 0)
    time_zone: str = "UTC"
    mix: str | None = None
    #: the player whose hand this is (``--hero``): only their hole cards are dealt
    #: face down to the reader; None shows every card the history shows
    hero: int | None = None
    #: a hero was named and is not in the hand (a hand watched, not played)
    observed: bool = False
    tournament: dict[str, Any] | None = None

    def money(self, amount: int) -> Decimal:
        """A chip amount in the history's units."""
        return Decimal(amount) / self.scale if self.scale != 1 else Decimal(amount)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def sees(self, seat: int) -> bool:
        """Whether the export shows the seat's face-down cards before the showdown:
        every seat's without a hero, else the hero's only."""
        return not self.observed and (self.hero is None or seat == self.hero)

    @property
    def pots(self) -> dict[int, int]:
        """Each pot's size (0 the main pot), from the awards."""
        out: dict[int, int] = {}
        for award in self.awards:
            out[award.pot] = out.get(award.pot, 0) + award.amount
        return dict(sorted(out.items()))

    @property
    def total(self) -> int:
        return sum(a.amount for a in self.awards)


def draw_rounds(game: Game) -> int:
    """How many times a player may draw in the game (0: not a draw game)."""
    return sum(isinstance(step, DrawRound) for step in game.steps)


class _Walk:
    """The walk through a hand's events (see :func:`export_hand`)."""

    def __init__(self, hand: Hand, named: frozenset[Card]) -> None:
        self.hand = hand
        self.named = named
        self.posts: list[Act] = []
        self.streets: list[Street] = []
        self.showdown: list[Act] = []
        self.awards: list[Award] = []
        self.committed = [0] * hand.seats
        self.put_in = [0] * hand.seats
        self.counts: dict[str, int] = {}
        self.betting = False  # a betting round began on the current street
        self.twice = False
        self.blinds_seen = 0
        self.dealt_here: set[int] = set()

    def new_street(self, kind: str, run: int = 0) -> Street:
        if self.streets:
            self.committed = [0] * self.hand.seats
        index = self.counts.get(kind, 0) + 1
        self.counts[kind] = index
        street = Street(kind, index, run=run, twice=self.twice)
        self.streets.append(street)
        self.betting = False
        self.dealt_here = set()
        return street

    @property
    def street(self) -> Street:
        if not self.streets:
            self.new_street(self.first_kind())
        return self.streets[-1]

    def first_kind(self) -> str:
        game = self.hand.game
        if game.is_stud:
            return "stud"
        return "deal" if self.draws() else "preflop"

    def draws(self) -> bool:
        return draw_rounds(self.hand.game) > 0

    # -- events --------------------------------------------------------------------

    def post(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        if event.kind == "ante":
            kind = "ante"
        else:
            kind = self.blind_kind(seat)
            self.committed[seat] += event.amount
        self.put_in[seat] += event.amount
        self.posts.append(Act(seat, kind, event.amount, self.committed[seat], event.all_in))

    def blind_kind(self, seat: int) -> str:
        hand = self.hand
        if seat in hand.setup.straddles:
            return "straddle"
        self.blinds_seen += 1
        plain = len([b for b in hand.stakes.blinds if b])
        if plain >= 2 and self.blinds_seen == 1:
            return "small blind"
        if self.blinds_seen <= max(plain, 1):
            return "big blind"
        return "blind"

    def deal_hole(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        street = self.street
        if self.betting or seat in self.dealt_here:
            street = self.new_street(self.first_kind())
        self.dealt_here.add(seat)
        known = tuple(c in self.named for c in event.cards)
        up = event.up or (False,) * len(event.cards)
        street.dealt.append(Dealt(seat, event.cards, up, known))

    def deal_board(self, event: Event) -> None:
        run = 1 if event.detail == SECOND_RUN else 0
        if not self.betting and not self.counts.get("flop") and self.streets and run == 0:
            # a card on the board before the first betting round (Courchevel): it
            # belongs to the flop, dealt with the hole cards
            self.street.board += event.cards
            return
        kind = self.board_kind(run, len(event.cards))
        street = self.new_street(kind, run)
        street.board = event.cards
        self.betting = True  # a board card always starts a street of its own

    def board_kind(self, run: int, count: int) -> str:
        if not self.hand.game.is_stud and self.hand.plan.boards <= 1:
            dealt = sum(len(s.board) for s in self.streets if s.run == run or (run and not s.twice))
            total = dealt + count
            return {3: "flop", 4: "turn", 5: "river"}.get(total, "board")
        return "board"

    def draw(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        street = self.street
        if street.kind != "draw" or seat in self.dealt_here:
            street = self.new_street("draw")
        self.dealt_here.add(seat)
        named = self.named
        new_known = all(c in named for c in event.cards)
        thrown_known = all(c in named for c in event.discarded)
        act = Act(
            seat,
            "draw",
            count=event.amount,
            cards=event.cards if new_known else (),
            discarded=event.discarded if thrown_known else (),
        )
        street.acts.append(act)

    def bet(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        kind = event.kind
        if kind in ("bet", "raise", "complete", "bring-in"):
            added = event.amount - self.committed[seat]
        elif kind == "call":
            added = event.amount
        else:
            added = 0
        self.committed[seat] += added
        self.put_in[seat] += added
        self.street.acts.append(Act(seat, kind, added, self.committed[seat], event.all_in))

    def returned(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        self.committed[seat] -= event.amount
        self.put_in[seat] -= event.amount
        self.street.acts.append(Act(seat, "uncalled", event.amount, self.committed[seat]))

    def shown(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        if event.kind == "show" and not all(c in self.named for c in event.cards):
            self.showdown.append(Act(seat, "show"))
            return
        self.showdown.append(Act(seat, event.kind, cards=event.cards))

    def award(self, event: Event) -> None:
        seat = event.seat
        assert seat is not None
        self.awards.append(Award(event.pot, event.board, seat, event.amount, event.detail))

    def walk(self) -> None:
        handlers = {
            "ante": self.post,
            "blind": self.post,
            "deal-hole": self.deal_hole,
            "deal-board": self.deal_board,
            "draw": self.draw,
            "return": self.returned,
            "show": self.shown,
            "muck": self.shown,
            "award": self.award,
        }
        for event in self.hand.events:
            kind = event.kind
            if kind in BETTING:
                self.bet(event)
            elif kind in handlers:
                handlers[kind](event)
            elif kind in {"street", "bomb-pot"}:
                self.betting = True
            elif kind == "run-twice":
                self.twice = True
            elif kind not in _QUIET:
                raise ExportError(
                    f"the hand has a {kind!r} event, which PokerStars text and OHH cannot "
                    "write (PHH can)"
                )


def _check_pot(hand: Hand, walk: _Walk) -> None:
    """The chips awarded are the chips put in less those returned (and no chip
    leaves the table)."""
    put_in = sum(walk.put_in) + hand.carried_in
    awarded = sum(a.amount for a in walk.awards)
    if put_in != awarded:
        raise ExportError(f"the pots hold {awarded} chips but the players put in {put_in}")
    for seat in range(hand.seats):
        won = sum(a.amount for a in walk.awards if a.seat == seat)
        if hand.starting_stacks[seat] - walk.put_in[seat] + won != hand.stacks[seat]:
            raise ExportError(f"seat {seat + 1}'s chips do not add up")


def _check_setup(hand: Hand) -> None:
    """Refuse the table agreements neither format can write: chips carried in from
    an earlier deal, a kill blind, a player moved to act first or last (trackers
    take the turn order from the seats), dead blinds made up."""
    setup = hand.setup
    if hand.carried_in:
        raise ExportError("the hand plays for chips carried in from an earlier deal")
    if setup.kill is not None:
        raise ExportError("the hand has a kill blind, which PokerStars text and OHH cannot write")
    if setup.first_to_act is not None or setup.last_to_act is not None:
        raise ExportError("a player acts out of the seats' order, which trackers cannot follow")
    if setup.dead_blinds and any(setup.dead_blinds):
        raise ExportError("the hand has dead blinds, which PokerStars text and OHH cannot write")


def named_cards(history: HandHistory) -> frozenset[Card]:
    """The cards the history names (dealt, drawn or shown): every other card the
    replay deals stands for a card nobody saw, and is written nowhere."""
    return frozenset(c for step in history.steps for c in step.cards if c is not None)


def _check_result(history: HandHistory, hand: Hand, named: frozenset[Card]) -> None:
    """The replay must end as the history records (``finishing_stacks``); a history
    that records no result must not leave its showdown to cards it does not show
    (the replay fills unknown cards in, and their result would be invented)."""
    board = [c for cards in hand.boards for c in cards]
    if not all(c in named for c in board):
        raise ExportError("the replay deals board cards the history does not show")
    recorded = history.finishing_stacks
    if recorded is not None:
        got = [history.unscale(s) for s in hand.stacks]
        if got != list(recorded):
            raise ExportError(
                "the replay does not end with the finishing_stacks the history records "
                "(pokerbook phh verify says why)"
            )
        return
    contested = len(hand.live) > 1
    if contested and not all(c in named for s in hand.live for c in hand.hole[s]):
        raise ExportError(
            "the showdown turns on cards the history does not show, and it records "
            "no finishing_stacks to settle it"
        )


def _boards(streets: list[Street], hand: Hand) -> list[tuple[Card, ...]]:
    """The board of each run (none in stud and draw games)."""
    first = tuple(c for s in streets if s.run == 0 for c in s.board)
    second = tuple(c for s in streets if s.run == 1 for c in s.board)
    if not second:
        return [first] if first else []
    shared = first[: hand.runout_from or 0]
    return [first, shared + second]


def _blinds(stakes: tuple[int, ...]) -> tuple[int, ...]:
    """The small and big blinds of the stakes (not a straddle after them)."""
    return tuple(b for b in stakes if b)[:2]


def export_hand(history: HandHistory, hand: Hand, *, hero: str | None = None) -> ExportHand:
    """The replayed ``hand`` of ``history`` walked through for export.  Raises
    :class:`ExportError` for a hand that is not over, holds events no format can
    write (dice, choices, a pot leaving the table), or whose chips do not add up.
    ``hero``: the name of the player whose hand it is (see :attr:`ExportHand.hero`)."""
    if not hand.done:
        raise ExportError("the hand is not over: the history stops before its end")
    _check_setup(hand)
    named = named_cards(history)
    _check_result(history, hand, named)
    walk = _Walk(hand, named)
    walk.walk()
    _check_pot(hand, walk)
    names = player_names(history)
    numbers = seat_numbers(history)
    seats = [
        ExportSeat(s, numbers[s], names[s], hand.starting_stacks[s], hand.stacks[s])
        for s in range(hand.seats)
    ]
    count = history.fields.get("seat_count")
    size = max(count if isinstance(count, int) else 0, *numbers, hand.seats)
    mix = history.fields.get("_mix")
    zone = history.fields.get("time_zone_abbreviation")
    stakes = hand.stakes
    return ExportHand(
        number=hand_number(history),
        game=hand.game,
        format=stakes.format,
        scale=history.scale,
        seats=seats,
        button=numbers[hand.button],
        table=str(history.fields.get("table", "pokerbook")),
        table_size=size,
        posts=walk.posts,
        streets=walk.streets,
        showdown=walk.showdown,
        awards=walk.awards,
        boards=_boards(walk.streets, hand),
        blinds=_blinds(stakes.blinds),
        ante=max(hand.antes_by_seat, default=0),
        bring_in=stakes.bring_in,
        small_bet=stakes.bet_size("small") if stakes.format == "limit" else 0,
        big_bet=stakes.bet_size("big") if stakes.format == "limit" else 0,
        bomb_pot=hand.setup.bomb_pot,
        run_twice=any(a.run for a in walk.awards),
        currency=currency(history),
        date=hand_date(history),
        time_zone=str(zone) if isinstance(zone, str) and zone else "UTC",
        mix=str(mix) if isinstance(mix, str) else None,
        tournament=tournament(history),
        hero=next((s.seat for s in seats if s.name == hero), None),
        observed=hero is not None and all(s.name != hero for s in seats),
    )
