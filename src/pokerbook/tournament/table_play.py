"""One tournament table: its seats, its button and its deals.

A :class:`TournamentTable` holds the players seated at one table of an event and
deals them hands of whatever game and stakes the director says, stacks carried from
hand to hand.  Its rules:

* **the dead button** (001 Blinds r.1(b), Tournaments r.30; 004 r.106): the big
  blind goes to the next player after the last big blind and the small blind and
  button follow, even onto empty seats (:class:`~pokerbook.table.blinds.ButtonState`);
  heads-up the button posts the small blind (001 Blinds r.3, Tournaments r.31);
* **new players** seated between hands are dealt in at once and take over the
  obligations of their position, the small blind or the button included (001
  Tournaments r.15): they post whatever the dead button puts on their seat;
* **short blinds** (004 r.104, 001 Tournaments r.19): a player short of a blind or
  an ante posts what they have and is all in; the others still owe the whole big
  blind, and the rest is a side pot (the engine's forced bets);
* **antes, a big blind ante, a stud bring-in** come from the stakes; in stud games
  there are no blinds and the button only marks the dealer, but the positions move
  on as in any game (004 r.11, r.13);
* **absent players** (001 r.3, r.9; 004 r.110) are dealt in and post their blinds,
  antes and a forced bring-in; under ``killed`` (001 r.11) their hand is killed once
  everyone has a starting hand: they fold at their first decision; under
  ``dead-facing-bet`` (001 Explanations #10, 004 r.110) they check when they can,
  fold facing a bet, and their hand is dead at the showdown: they fold rather than
  check in the last betting round (an absent player all in from their forced bets
  has no decision, and their hand is shown down; a hand that ends before their
  first decision, everybody folding to an absent big blind, is theirs);
* **a game for fewer players** than are seated: those from the third seat left of
  the button on sit the hand out (as a night's table does,
  :func:`pokerbook.table.play.sitting_out`);
* **an unopened deal** (001 JoB r.1) gives every chip back to whoever put it in:
  a tournament hand's chips stay in the stacks;
* the formats of :mod:`pokerbook.tournament.formats`: jam-or-fold, bomb pots (000
  §1.4, every player antes the amount and there is no pre-flop betting), win the
  button, and bounties.

Seats are indexed from 0 (seat ``i`` is seat ``i + 1`` on the table); a hand's own
seats are the players dealt in, in table seat order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pokerbook.bots.base import STAND_PAT, Policy, random_draw
from pokerbook.bots.simulation import SimulationError, play_hand
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import InvariantError
from pokerbook.engine.plan import BET
from pokerbook.engine.setup import NO_SETUP, HandSetup, can_be_bomb_pot
from pokerbook.games.house import House
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.table.blinds import ButtonState, Positions
from pokerbook.table.play import sitting_out
from pokerbook.tournament.formats import JamOrFold, bounty_takers, hand_winner, showdown_ranks
from pokerbook.tournament.model import FloorTable

#: what happens to an absent player's hand (001 r.11; 001 Explanations #10, 004 r.110)
_ABSENT_RULES = ("killed", "dead-facing-bet")
_FOLD, _CHECK, _BRING_IN = Action("fold"), Action("check"), Action("bring-in")


class TableError(ValueError):
    """A seat that cannot be sat in, left or given the button, or a deal that cannot
    be made (fewer than two players with chips)."""


@dataclass
class SeatHolder:
    """A player in a seat: their chips, and whether they are away from the table."""

    player: str
    stack: int
    absent: bool = False


@dataclass(frozen=True)
class HandOptions:
    """How a table deals a hand: the event's formats and house choices.

    ``jam_or_fold``: a player's initial action is all in or fold (000 §1.6; a bot's
    other choice is turned into one of those two, :class:`~pokerbook.tournament.
    formats.JamOrFold`).  ``bomb_pot``: every player antes this and there is no
    pre-flop betting (000 §1.4), in games played with blinds.  ``win_the_button``:
    the hand's winner has the button next hand (000 §1.3.4).  ``absent_rule``:
    ``killed`` (001 r.11) or ``dead-facing-bet`` (001 Explanations #10, 004 r.110).
    ``check``: the engine's invariants after every action."""

    jam_or_fold: bool = False
    bomb_pot: int = 0
    win_the_button: bool = False
    absent_rule: str = "dead-facing-bet"
    check: bool = False

    def __post_init__(self) -> None:
        if self.absent_rule not in _ABSENT_RULES:
            rules = ", ".join(_ABSENT_RULES)
            raise TableError(f"absent rule must be one of {rules}, not {self.absent_rule!r}")
        if self.bomb_pot < 0:
            raise TableError(f"a bomb pot's ante cannot be negative, not {self.bomb_pot}")


@dataclass(frozen=True)
class TableHand:
    """One hand at a table, in table seats (indexes from 0).

    ``seats`` are the seats dealt in, in the hand's seat order; ``start`` their
    stacks as it began and ``deltas`` each one's change (they sum to zero);
    ``busted`` the seats left with no chips; ``eliminator`` the seat that takes each
    busted seat's bounty (000 §1.3.1, :func:`~pokerbook.tournament.formats.
    bounty_takers`); ``hand_rank`` a number for each seat dealt in, higher for the
    better hand at the end (:func:`~pokerbook.tournament.formats.showdown_ranks`,
    for 004 r.109's odd chip of a tied place), given only for a hand in which someone
    busted (empty otherwise); ``actions`` the players' decisions (the simulated
    clock).  ``button`` is the button's seat (a dead button's empty seat included),
    ``sat_out`` players with chips not dealt in (a game for fewer players)."""

    seats: tuple[int, ...]
    start: dict[int, int]
    deltas: dict[int, int]
    busted: tuple[int, ...]
    eliminator: dict[int, int]
    hand_rank: dict[int, int]
    actions: int
    game: str
    level: int
    button: int = -1
    sat_out: tuple[int, ...] = ()


class AbsentPolicy:
    """An absent player's hand (001 r.9, r.11, Explanations #10; 004 r.110): forced
    bets posted, a draw stood pat, a choice its first option; ``killed``: folded at
    the first decision; ``dead-facing-bet``: checked when it can, folded facing a bet
    and in the last betting round (dead at the showdown)."""

    name = "absent"

    def __init__(self, rule: str) -> None:
        if rule not in _ABSENT_RULES:
            raise TableError(f"absent rule must be one of {', '.join(_ABSENT_RULES)}, not {rule!r}")
        self.rule = rule

    def choose(self, hand: Hand, rng: random.Random) -> Action:
        legal = hand.legal()
        if legal is None:
            raise TableError("nobody is to act")
        if legal.choose is not None:
            return Action("choose", option=legal.choose[0])
        if legal.draw is not None and legal.draw[0] == 0:
            return STAND_PAT
        if legal.draw is not None or legal.discard is not None:
            return random_draw(hand, legal, rng)
        if legal.bring_in is not None:
            return _BRING_IN  # "put up for ... the forced bet if low" (001 r.9)
        if self.rule == "dead-facing-bet" and legal.check and not _last_bet(hand):
            return _CHECK
        return _FOLD


def _last_bet(hand: Hand) -> bool:
    """Whether the betting round in play is the game's last."""
    kinds = hand.plan.kinds
    return BET not in kinds[hand.step + 1 :]


class TournamentTable:
    """Table ``number`` of an event: ``size`` seats dealt in ``house``'s rules (as a
    tournament: the raise cap stays heads-up, every hand is face up once a player is
    all in and the betting is over).  ``rng`` draws the first button when none is
    placed."""

    def __init__(self, number: int, size: int, house: House, rng: random.Random) -> None:
        if size < 2:
            raise TableError(f"a table needs at least 2 seats, not {size}")
        self.number = number
        self.size = size
        self.house = house if house.tournament else replace(house, tournament=True)
        self.rng = rng
        self.seats: list[SeatHolder | None] = [None] * size
        self.positions = ButtonState(size, dead_button=True)
        self.hands = 0
        #: the seat placed to have the button next hand (a new table, a redraw, win
        #: the button), else None: the dead button moves on
        self.placed: int | None = None
        #: the last hand dealt (for a hand history; only the last is kept)
        self.last_hand: Hand | None = None

    # -- seats ---------------------------------------------------------------------------
    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self.size:
            raise TableError(f"table {self.number} has seats 1-{self.size}, not {seat + 1}")
        return seat

    def sit(self, seat: int, player: str, stack: int, *, absent: bool = False) -> None:
        """``player`` sits in the empty ``seat`` with ``stack`` chips; they play from
        the next hand, in whatever position it gives their seat (001 r.15)."""
        if self.seats[self._seat(seat)] is not None:
            raise TableError(f"table {self.number} seat {seat + 1} is taken")
        if stack < 0:
            raise TableError(f"a stack cannot be negative, not {stack}")
        self.seats[seat] = SeatHolder(player, stack, absent)

    def leave(self, seat: int) -> SeatHolder:
        """The player in ``seat`` leaves it (busted or moved); returns them."""
        holder = self.seats[self._seat(seat)]
        if holder is None:
            raise TableError(f"table {self.number} seat {seat + 1} is empty")
        self.seats[seat] = None
        return holder

    def add_chips(self, seat: int, chips: int) -> int:
        """Chips added to the stack in ``seat`` between hands (a rebuy, an add-on,
        lammers turned in: 001 r.33, 000 §1.3.2); returns the new stack."""
        holder = self.seats[self._seat(seat)]
        if holder is None:
            raise TableError(f"table {self.number} seat {seat + 1} is empty")
        if chips < 0:
            raise TableError(f"chips added cannot be negative, not {chips}")
        holder.stack += chips
        return holder.stack

    def set_absent(self, seat: int, absent: bool) -> None:
        """The player in ``seat`` is away (dealt in and blinded, 001 r.9) or back."""
        holder = self.seats[self._seat(seat)]
        if holder is None:
            raise TableError(f"table {self.number} seat {seat + 1} is empty")
        holder.absent = absent

    def seat_of(self, player: str) -> int | None:
        """The seat ``player`` sits in, or None."""
        for seat, holder in enumerate(self.seats):
            if holder is not None and holder.player == player:
                return seat
        return None

    def place_button(self, seat: int) -> None:
        """``seat`` has the button next hand (a new table or a redraw; 004 r.105: the
        ace is the button, so the next two players post the small and big blinds)."""
        self.placed = self._seat(seat)

    @property
    def players(self) -> list[str]:
        """The players seated, in seat order."""
        return [h.player for h in self.seats if h is not None]

    def active(self) -> list[int]:
        """The seats of players with chips, in seat order."""
        return [i for i, h in enumerate(self.seats) if h is not None and h.stack > 0]

    # -- the floor's view ---------------------------------------------------------------
    def floor_view(self, *, busy: bool = False, stud: bool = False) -> FloorTable:
        """The table as the floor sees it: ``due_order`` every seat, the one due the
        big blind next hand first (by the dead button, or left of a placed button),
        then clockwise; an empty seat in it is where a new player would take over
        that position's obligations (001 r.15).  ``button`` is the next hand's button
        seat as the table stands (None before a first button is drawn)."""
        size = self.size
        last = self.positions.last
        upcoming = self._upcoming(self.active())
        button: int | None
        if upcoming is not None:
            # the seats after the small blind's: the first occupied is the big blind
            start, button = upcoming.small_seat + 1, upcoming.button_seat
        elif last is not None:
            start, button = last.big_blind + 1, last.button_seat
        else:
            start, button = 0, self.placed
        due = [(start + i) % size for i in range(size)]
        seats = [None if h is None else h.player for h in self.seats]
        return FloorTable(self.number, seats, due, button=button, stud=stud, busy=busy)

    # -- positions ------------------------------------------------------------------------
    def _upcoming(self, active: list[int]) -> Positions | None:
        """The next hand's positions among ``active`` without moving the button; None
        when they are not known yet (a first button still to be drawn, or fewer than
        two players)."""
        if len(active) < 2:
            return None
        if self.placed is not None:
            return self._around(active, self.placed)
        if self.positions.last is None:
            return None
        return self.positions.following(active, self.rng)  # (no draw once a button is known)

    def _around(self, active: Sequence[int], placed: int) -> Positions:
        """The positions round a button placed on seat ``placed`` (an empty seat is a
        dead button: the player before it deals); heads-up the button posts the small
        blind."""
        size = self.size
        before = min(active, key=lambda s: (placed - s) % size)  # at or before it
        if len(active) == 2:
            other = active[0] if active[1] == before else active[1]
            return Positions(before, before, before, other, before)
        small = min(active, key=lambda s: (s - placed - 1) % size)
        big = min(active, key=lambda s: (s - small - 1) % size)
        return Positions(before, placed, small, big, small)

    def _positions(self, active: list[int]) -> Positions:
        """The next hand's positions: around a placed button, else the dead button."""
        placed, state = self.placed, self.positions
        if placed is None:
            return state.advance(active, self.rng)
        self.placed = None
        positions = state.last = self._around(active, placed)
        return positions

    # -- dealing --------------------------------------------------------------------------
    def deal(
        self,
        game: Game,
        stakes: Stakes,
        level: int,
        policies: Mapping[str, Policy],
        rng: random.Random,
        options: HandOptions = HandOptions(),
    ) -> TableHand:
        """Deal one hand of ``game`` at ``stakes`` to the players with chips, played by
        ``policies`` (by player); the deck's seed and the bots' choices come from
        ``rng``.  Stacks are updated; busted players stay seated (the director
        removes them)."""
        active = self.active()
        if len(active) < 2:
            raise TableError(f"table {self.number}: fewer than two players with chips")
        positions = self._positions(active)
        most = self.house.seats(game.max_players)
        out = sitting_out(active, positions.button, most) if len(active) > most else set()
        dealt = [s for s in active if s not in out] if out else active
        holders = [self.seats[s] for s in dealt]
        stacks = [h.stack for h in holders if h is not None]
        button = dealt.index(positions.button)
        setup = self._setup(game, stakes, positions, dealt, options)
        hand = Hand(
            game,
            stakes,
            stacks,
            button=button,
            house=self.house,
            seed=rng.getrandbits(48),
            setup=setup,
        )
        actions = self._play(hand, self._policies(holders, policies, options), rng, options.check)
        return self._finish(hand, (game, level, actions), positions, dealt, stacks, out, options)

    def _play(self, hand: Hand, policies: Sequence[Policy], rng: random.Random, check: bool) -> int:
        """Play ``hand`` to its end; returns the players' decisions, what the simulated
        clock counts."""
        try:
            play_hand(hand, policies, rng, check)
        except (InvariantError, ValueError) as exc:
            raise SimulationError(self.hands + 1, hand, exc) from exc
        return len(hand.actions)

    def _setup(
        self,
        game: Game,
        stakes: Stakes,
        positions: Positions,
        dealt: Sequence[int],
        options: HandOptions,
    ) -> HandSetup:
        """The hand's forced bets: a bomb pot, or the dead button's blinds when they
        are not the engine's own (left of the button)."""
        if options.bomb_pot and can_be_bomb_pot(game):
            return HandSetup(bomb_pot=options.bomb_pot)
        if game.forced != "blinds" or len(stakes.blinds) != 2:
            return NO_SETUP
        if self._engines_own(positions, dealt):
            return NO_SETUP
        by_seat = positions.blinds(self.size, stakes.blinds)
        return HandSetup(blinds=tuple(by_seat[s] for s in dealt))

    def _engines_own(self, positions: Positions, dealt: Sequence[int]) -> bool:
        """Whether the engine's own blinds left of the button are the positions'."""
        count = len(dealt)
        at = dealt.index(positions.button)
        if count == 2:
            return (
                self.house.heads_up_button_small_blind
                and positions.small_blind == positions.button
                and positions.big_blind == dealt[1 - at]
            )
        return (
            positions.small_blind == dealt[(at + 1) % count]
            and positions.big_blind == dealt[(at + 2) % count]
        )

    def _policies(
        self,
        holders: Sequence[SeatHolder | None],
        policies: Mapping[str, Policy],
        options: HandOptions,
    ) -> list[Policy]:
        out: list[Policy] = []
        absent: AbsentPolicy | None = None
        for holder in holders:
            assert holder is not None
            if holder.absent:
                absent = absent or AbsentPolicy(options.absent_rule)
                out.append(absent)
                continue
            policy = policies[holder.player]
            out.append(JamOrFold(policy) if options.jam_or_fold else policy)
        return out

    def _finish(
        self,
        hand: Hand,
        played: tuple[Game, int, int],
        positions: Positions,
        dealt: list[int],
        stacks: list[int],
        out: set[int],
        options: HandOptions,
    ) -> TableHand:
        """Stacks back to the seats, and the hand's results in table seats
        (``played``: the game, the level and the players' decisions)."""
        game, level, actions = played
        self.last_hand = hand
        ends = hand.stacks
        if hand.carried:  # nobody opened (001 JoB r.1): the chips go back
            ends = [e + c for e, c in zip(ends, hand.contributed, strict=True)]
        seats = self.seats
        busted: list[int] = []
        for index, seat in enumerate(dealt):
            holder = seats[seat]
            assert holder is not None
            holder.stack = ends[index]
            if not ends[index]:
                busted.append(index)
        self.hands += 1
        eliminator: dict[int, int] = {}
        ranks: dict[int, int] = {}
        if busted:
            takers = bounty_takers(hand, busted)
            eliminator = {dealt[b]: dealt[t] for b, t in takers.items()}
            ranks = {dealt[s]: r for s, r in showdown_ranks(hand).items()}
        if options.win_the_button:
            winner = hand_winner(hand)
            if winner is not None:
                self.placed = dealt[winner]
        return TableHand(
            seats=tuple(dealt),
            start=dict(zip(dealt, stacks, strict=True)),
            deltas={s: e - b for s, e, b in zip(dealt, ends, stacks, strict=True)},
            busted=tuple(dealt[b] for b in busted),
            eliminator=eliminator,
            hand_rank=ranks,
            actions=actions,
            game=game.name,
            level=level,
            button=positions.button_seat,
            sat_out=tuple(sorted(out)),
        )
