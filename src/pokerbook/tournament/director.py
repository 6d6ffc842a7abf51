"""The tournament director: bots play a whole event, at any number of tables, to a winner.

:func:`run_tournament` is an event-driven simulation on a simulated clock
(:mod:`pokerbook.tournament.event_clock`).  Every table deals a hand, which takes
simulated seconds; the director handles the tables in the order their hands finish (a
heap of finish times, ties by table number).  A hand is played by the engine, whole,
when it starts; its results are the director's business when it finishes.  While its
hand is in play a table is *busy*: it may receive players into its empty seats (they
play from its next hand) but gives nobody and is not broken.

When a table's hand finishes the director, in this order:

1. settles each bust (:meth:`~pokerbook.tournament.entries.Entries.on_bust`): a rebuy
   (its chips at once) or a lammer (turned in before the next hand) keeps the player
   in the seat, a re-entry seats them anew at a random empty seat
   (:mod:`pokerbook.tournament.entry_desk`), and players out are placed
   together (:mod:`pokerbook.tournament.eliminations`: 001 r.35, 004 r.109; in
   hand-for-hand play every bust of the round together), the bounty on each entry
   going to the player who took its last chips (000 §1.3.1);
2. seats the late entrants whose time has come (001 r.5);
3. asks the house profile (:mod:`pokerbook.tournament.balancing`) what the floor
   does, and carries out its moves, broken tables, redraw buttons and halts in order,
   recording every move;
4. deals the table's next hand, unless the floor halted it, hand-for-hand play or a
   colour-up holds every table, or (a shootout) the table is down to the players who
   advance.  Before each deal every player may add chips
   (:meth:`~pokerbook.tournament.entries.Entries.before_hand`: lammers, rebuys played
   behind, add-ons), absent players arrive or have their chips removed (001 r.4), and
   the level is the one in force when the deal starts (001 r.7, 004 r.104); the game
   is the level's, or the rotation's at that table (``hands_per_game``).

A level with a colour-up (``colour_up``) holds every table once its hands finish; the
chip race is then run at every table at once (001 r.8: in the break before the level)
and play goes on.  Hand-for-hand play starts when the players left are one more than
the places paid (:mod:`pokerbook.tournament.hand_for_hand`).  In a shootout the floor
does not balance: each table plays down to the players who advance, then they are
redrawn to the next round's tables (000 §1.3.3, E-36), keeping their chips.  Players
out of the tournament sit down to 004 r.111's side game
(:mod:`pokerbook.tournament.side_game`) where the structure has one.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Callable, Sequence

from pokerbook.bots.base import Policy, get_policy
from pokerbook.games.house import find_house
from pokerbook.tournament.arrivals import plan_arrivals
from pokerbook.tournament.balancing import get_profile
from pokerbook.tournament.colour_up import ColourUps
from pokerbook.tournament.deal_plan import DealPlan
from pokerbook.tournament.deals import chip_chop, even_split, icm_deal
from pokerbook.tournament.eliminations import Eliminations
from pokerbook.tournament.entries import Entries
from pokerbook.tournament.entry_desk import EntryDesk
from pokerbook.tournament.event import DirectorError, EventFloor
from pokerbook.tournament.event_clock import LevelClock, hand_seconds
from pokerbook.tournament.hand_for_hand import HandForHand
from pokerbook.tournament.places import Bust
from pokerbook.tournament.report import TournamentReport
from pokerbook.tournament.seating_draw import random_draw, seat_cards
from pokerbook.tournament.shootout_play import ShootoutPlay
from pokerbook.tournament.side_game import SideGameRecord
from pokerbook.tournament.structure import Structure
from pokerbook.tournament.table_play import TableHand, TournamentTable

__all__ = ["DirectorError", "run_tournament"]

#: the ways the players may split the prizes left (Structure.deal.by)
DEALS: dict[str, Callable[[Sequence[int], Sequence[int]], list[int]]] = {
    "icm": icm_deal,
    "chop": chip_chop,
    "even": even_split,
}

#: a progress callback: (players left, entrants)
Progress = Callable[[int, int], None]


def run_tournament(
    structure: Structure,
    players: int,
    seed: int,
    *,
    policy: str = "random",
    check: bool = False,
    progress: Progress | None = None,
) -> TournamentReport:
    """Bots (``policy``) play an event of ``structure`` for ``players`` entrants to a
    winner; everything comes from ``seed``.  ``check`` checks the engine's invariants
    after every action and the chips in play after every hand."""
    director = Director(structure, players, seed, policy=policy, check=check, progress=progress)
    return director.run()


class Director:
    """One simulated event (see the module's docstring)."""

    def __init__(
        self,
        structure: Structure,
        players: int,
        seed: int,
        *,
        policy: str = "random",
        check: bool = False,
        progress: Progress | None = None,
    ) -> None:
        if not structure.min_players <= players <= structure.max_players:
            raise DirectorError(
                f"{structure.key} takes {structure.min_players} to {structure.max_players} "
                f"players, not {players}"
            )
        self.structure = structure
        self.check = check
        self.progress = progress
        root = random.Random(seed)
        self.rng = random.Random(root.getrandbits(64))  # the deals and the bots
        self.floor_rng = random.Random(root.getrandbits(64))  # draws, moves, races
        self.entry_rng = random.Random(root.getrandbits(64))  # entries and arrivals
        self.report = TournamentReport(structure=structure.key, seed=seed, entrants=players)
        self.clock = LevelClock(structure)
        self.entries = Entries(structure, entrants=players)
        self.profile = get_profile(structure.profile)
        self.names = [f"p{i}" for i in range(1, players + 1)]
        one: Policy = get_policy(policy)
        self.policies: dict[str, Policy] = dict.fromkeys(self.names, one)
        self.plan = DealPlan(structure, self.clock, self.rng, check=check)
        self.floor = EventFloor(
            structure.table_size,
            find_house(structure.house),
            self.rng,
            self.report,
            self._stud_next,
        )
        self.out = Eliminations(players, structure.bounty)
        self.h4h = HandForHand(structure.hand_for_hand, structure.paid_places(players))
        self.arrivals = plan_arrivals(structure, self.names, self.clock, self.entry_rng)
        self.heap: list[tuple[float, int]] = []
        self.in_flight: dict[int, TableHand] = {}
        #: told of each hand as it is dealt: (table number, the hand played whole)
        self.on_dealt: Callable[[int, TableHand], None] | None = None
        self.now = 0.0
        self.started_tables = 0
        self.halted: set[int] = set()
        self.colour_ups = ColourUps(structure, self.report, self.floor_rng)
        self.buys_chips = bool(structure.rebuys or structure.add_on or structure.lammers)
        self.shootout = ShootoutPlay(structure, players) if structure.shootout else None
        side_rng = random.Random(root.getrandbits(64))  # the side game's deals
        self.side = SideGameRecord(structure.side_game, structure, side_rng)
        #: each player's share of the deal that ended the event (Structure.deal)
        self.deal_shares: dict[str, int] = {}
        self.desk = EntryDesk(self.entries, self.floor, self.report, self.arrivals, self.entry_rng)

    # --- the run -----------------------------------------------------------------------

    def run(self) -> TournamentReport:
        """Play the event to a winner and return its report."""
        started = time.perf_counter()
        self._seat_field()
        self._deal_ready()
        self.floor.snapshot()
        stuck = 0
        while self.out.left > 1:
            if self.heap:
                finish, number = heapq.heappop(self.heap)
                self.now = finish
                self._finish(number)
                stuck = 0
                continue
            if self._deal_due() and not self.h4h.busts:
                self._agree_deal()
                break
            stuck += 1
            if stuck > 3:
                raise DirectorError(self._stuck_message())
            self._unstick()
        self._end()
        self.report.seconds = time.perf_counter() - started
        return self.report

    def _stuck_message(self) -> str:
        sizes = {n: self.floor.players(n) for n in sorted(self.floor.tables)}
        return (
            f"the event cannot go on: {self.out.left} players left, tables {sizes}, "
            f"after {self.floor.hands} hands"
        )

    def _seat_field(self) -> None:
        """Register the players present at the start and draw their seats."""
        late = {player for _, player in self.arrivals.late}
        field = [p for p in self.names if p not in late]
        stacks = {}
        for player in field:
            away = self.arrivals.absent.get(player, 0.0)
            absent_until = float("inf") if away is None else (away or None)
            stacks[player] = self.desk.register(player, 0.0, 1, absent_until=absent_until)
        size = self.structure.table_size
        if self.shootout is not None:
            draw = self.shootout.first_draw(field, self.floor_rng)
        elif self.structure.seat_cards and len(field) <= 2 * 13:
            draw = seat_cards(field, size, self.floor_rng)
        else:
            draw = random_draw(field, size, self.floor_rng)
        absent = {p for p in field if p in self.arrivals.absent}
        self.floor.seat_draw(draw, stacks, absent)
        self.started_tables = len(draw.tables)
        self.floor.snapshot()

    # --- a hand's end ------------------------------------------------------------------

    def _finish(self, number: int) -> None:
        """Table ``number``'s hand has finished: busts, arrivals, the floor, next deal."""
        hand = self.in_flight.pop(number)
        floor = self.floor
        floor.busy.discard(number)
        floor.stale(number)
        floor.hands += 1
        self.report.hands = floor.hands
        table = floor.tables[number]
        if hand.busted:
            self._busts(number, table, hand)
        self._arrive()
        if self.shootout is None and len(floor.tables) > 1:
            self._decide(number)
        self.h4h.reached(self.out.left, len(floor.tables))
        self._deal_ready()
        floor.snapshot()
        if self.check:
            self._check_chips()

    def _busts(self, number: int, table: TournamentTable, hand: TableHand) -> None:
        """Settle every bust of the hand; place the players out."""
        out: list[Bust] = []
        minutes = self.now / 60
        for seat in hand.busted:
            holder = table.seats[seat]
            assert holder is not None
            player = holder.player
            kind = self.entries.on_bust(player, hand.level, self.entry_rng, minutes=minutes)
            if kind == "rebuy":
                self.desk.rebuy_on_bust(number, holder)
            if kind in ("lammer", "rebuy"):
                continue
            taker_seat = hand.eliminator.get(seat)
            taker = table.seats[taker_seat] if taker_seat is not None else None
            self.out.eliminated(player, taker.player if taker is not None else None)
            table.leave(seat)
            self.floor.touch(number)
            if kind == "re-enter":
                self.desk.seat(player, minutes, hand.level)
                self.h4h.paid = self.structure.paid_places(self._field())
            else:
                out.append(Bust(player, hand.start[seat], hand.hand_rank.get(seat, 0)))
        self.desk.sync()
        self._out(out)

    def _out(self, busts: list[Bust]) -> None:
        """Players out of the event: placed now, or at the end of the hand-for-hand
        round."""
        if not busts:
            return
        if self.h4h.active:
            self.h4h.busts.extend(busts)
        else:
            self._place(busts)

    def _place(self, busts: list[Bust]) -> None:
        self.out.place(busts)
        self.side.busted(busts, self.floor.hands, self.now / 60)
        if self.progress is not None:
            self.progress(self.out.left, self.report.entrants)

    def _arrive(self) -> None:
        """Seat the late entrants whose time has come."""
        if not self.arrivals.late:
            return
        for minutes, player in self.arrivals.due(self.now / 60):  # registered on time
            self.desk.seat(player, minutes, self.clock.level(minutes * 60, 0).number)
            self.h4h.paid = self.structure.paid_places(self._field())

    def _decide(self, number: int) -> None:
        """Ask the house profile what the floor does after table ``number``'s hand."""
        floor = self.floor
        decision = self.profile.decide(floor.views(), number, self.started_tables, self.floor_rng)
        self.halted = set(decision.halt)
        if not decision.moves and not decision.broken:
            return
        floor.apply(decision)
        self.halted.difference_update(decision.broken)

    # --- dealing -----------------------------------------------------------------------

    def _deal_ready(self, *, together: bool = False) -> int:
        """Deal every table between hands that may deal; how many were dealt.
        ``together``: a hand-for-hand round (every table at once)."""
        dealt = 0
        for number in sorted(set(self.floor.tables) - self.floor.busy):
            if self._may_deal(number, together) and self._deal(number):
                dealt += 1
        return dealt

    def _may_deal(self, number: int, together: bool) -> bool:
        if self.out.left <= 1 or self.colour_ups.due or number in self.halted:
            return False
        if self._deal_due():
            return False
        if self.h4h.active and not together:
            return False
        return self.shootout is None or self.floor.players(number) > self.shootout.target

    def _deal(self, number: int) -> bool:
        """Deal table ``number``'s next hand; False if it cannot deal now."""
        floor, plan = self.floor, self.plan
        table = floor.tables[number]
        start = self.clock.start_time(self.now)
        hands = floor.table_hands(number)
        level = plan.level(start, hands)
        if self.colour_ups.holds(level):
            return False
        plan.note_level(level, start, floor.hands, self.report)
        if self.buys_chips:
            self.desk.before_hand(number, table, level, start)
        if self.arrivals.absent:
            removed = self.desk.absentees(number, table, level, start)
            for bust in removed:
                self.out.eliminated(bust.player, None)  # nobody took their bounty
            self._out(removed)
        if len(table.active()) < 2:
            return False
        name = plan.game_name(level, hands)
        hand = table.deal(
            plan.game(name),
            plan.stakes(level, name),
            level.number,
            self.policies,
            self.rng,
            plan.options(level),
        )
        floor.most_hands = max(floor.most_hands, hands + 1)
        finish = start + hand_seconds(
            self.structure.seconds_per_hand, hand.actions, len(hand.seats)
        )
        self.in_flight[number] = hand
        if self.on_dealt is not None:
            self.on_dealt(number, hand)
        floor.busy.add(number)
        floor.stale(number)
        heapq.heappush(self.heap, (finish, number))
        return True

    def _stud_next(self, number: int) -> bool:
        """Whether the next game at table ``number`` is a stud game."""
        start = self.clock.start_time(self.now)
        return self.plan.stud_next(start, self.floor.table_hands(number))

    # --- holds: hand-for-hand rounds, colour-ups, shootout rounds -----------------------

    def _unstick(self) -> None:
        """Nothing is in play: end a hand-for-hand round, race the chips, start the
        next shootout round, let halted tables go, or seat a late entrant."""
        floor = self.floor
        together = self._end_round()
        if self.colour_ups.due:
            self.desk.chips_expected += self.colour_ups.race(floor)
        if self.shootout is not None and self.shootout.over(floor):
            self.shootout.next_round(floor, self.floor_rng, self.report)
        self.halted.clear()
        if self.arrivals.late and not self._deal_ready(together=together):
            self.now = max(self.now, (self.arrivals.next_minute() or 0.0) * 60)
            self._arrive()
            self._decide_idle()
        elif not together:
            self._decide_idle()
        self._deal_ready(together=together)
        floor.snapshot()

    def _end_round(self) -> bool:
        """End a hand-for-hand round: place its busts together; whether the next round
        is dealt (every table together)."""
        if not self.h4h.active:
            return False
        busts = self.h4h.round_over(self.out.left, len(self.floor.tables))
        if busts:
            self._place(busts)
        if self.h4h.active:
            self.h4h.rounds.append(
                {
                    "after_hand": self.floor.hands,
                    "tables": len(self.floor.tables),
                    "players": self.out.left,
                }
            )
        return self.h4h.active

    def _decide_idle(self) -> None:
        """Ask the floor about every table between hands (nothing is in play)."""
        if self.shootout is not None:
            return
        for number in sorted(self.floor.tables):
            if len(self.floor.tables) > 1 and number in self.floor.tables:
                self._decide(number)

    # --- the records -------------------------------------------------------------------

    def _check_chips(self) -> None:
        """Every chip in play is accounted for (check mode)."""
        counted = self.floor.chips_in_play()
        if counted != self.desk.chips_expected:
            raise DirectorError(
                f"after hand {self.floor.hands}: {counted} chips in play, "
                f"{self.desk.chips_expected} accounted for"
            )

    def _field(self) -> int:
        """The field the prizes are for: the entries, re-entries included (one place
        each for the players, though)."""
        field = self.entries.field_size
        if self.structure.paid_places(field) <= self.report.entrants:
            return field
        return self.report.entrants

    def _prizes(self) -> tuple[int, ...]:
        """Each place's prize from the final pool."""
        return self.structure.prizes(self._field(), self.entries.pool)

    def _deal_due(self) -> bool:
        """The players left are the structure's deal's: every table stops dealing."""
        deal = self.structure.deal
        return deal is not None and self.out.left <= deal.players

    def _agree_deal(self) -> None:
        """The players still in split the prizes left (004 r.109) and the event ends:
        they take the places left by their chips, the bigger stack higher (equal
        stacks in the order of their names), each paid their share of the deal."""
        deal = self.structure.deal
        assert deal is not None
        left = sorted(
            ((holder.stack, holder.player) for holder in self.floor.holders()),
            key=lambda pair: (-pair[0], pair[1]),
        )
        stacks = [stack for stack, _ in left]
        prizes = list(self._prizes()[: len(left)])  # fewer: the lower places pay nothing
        split = DEALS[deal.by](stacks, prizes)
        self.deal_shares = {player: share for (_, player), share in zip(left, split, strict=True)}
        # everyone but the chip leader is placed below them, as if out together
        self._place([Bust(player, stack, 0) for stack, player in left[1:]])
        self.report.deal = {
            "after_hand": self.floor.hands,
            "by": deal.by,
            "players": [
                {"player": player, "chips": stack, "prize": self.deal_shares[player]}
                for stack, player in left
            ],
        }

    def _end(self) -> None:
        """The winner, the prizes and the report's totals."""
        placed = set(self.out.order)
        winner = next(p for p in self.names if p not in placed)
        self.out.eliminated(winner, None)  # the winner keeps their own bounty
        prizes = self._prizes()
        report = self.report
        report.places = self.out.records(winner, prizes)
        for record in report.places:
            record["prize"] = self.deal_shares.get(record["player"], record["prize"])
        report.pool = self.entries.pool
        report.entries = self.entries.field_size
        report.bounty_money = self.entries.bounties
        report.hands = self.floor.hands
        report.side_game = self.side.finish(self.now / 60)
        report.hand_for_hand = self.h4h.rounds
        self.floor.snapshot()
