"""A tournament table dealing hands: the dead button and new players (001 Blinds
r.1(b), Tournaments r.15, r.30-31), short blinds (004 r.104), placed buttons (004
r.105), absent players (001 r.9, r.11, Explanations #10; 004 r.110), and the formats
(000 §1.3-1.6)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.bots.base import STAND_PAT, Policy, get_policy
from pokerbook.bots.call import CallPolicy
from pokerbook.engine.actions import Action
from pokerbook.engine.events import Event
from pokerbook.engine.hand import Hand
from pokerbook.engine.showdown import pots_of
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import BARGE, find_house
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes, stakes_problem
from pokerbook.tournament.formats import INITIAL_ACTIONS
from pokerbook.tournament.table_play import (
    AbsentPolicy,
    HandOptions,
    TableError,
    TableHand,
    TournamentTable,
)

HOLDEM = find_game("F01")
NL = Stakes(format="no-limit", blinds=(50, 100))
CHECKED = HandOptions(check=True)
STUD = find_game("S01")
STUD_STAKES = Stakes(format="limit", ante=10, bring_in=25, small_bet=100, big_bet=200)


class Folder:
    """Folds facing a bet, checks otherwise; posts a bring-in; stands pat."""

    name = "folder"

    def choose(self, hand: Hand, rng: random.Random) -> Action:
        legal = hand.legal()
        assert legal is not None
        if legal.choose is not None:
            return Action("choose", option=legal.choose[0])
        if legal.draw is not None or legal.discard is not None:
            return STAND_PAT
        if legal.bring_in is not None:
            return Action("bring-in")
        return Action("check") if legal.check else Action("fold")


class Bettor:
    """Bets the minimum when it can, calls otherwise."""

    name = "bettor"

    def choose(self, hand: Hand, rng: random.Random) -> Action:
        legal = hand.legal()
        assert legal is not None
        if legal.draw is not None or legal.discard is not None:
            return STAND_PAT
        if legal.min_to is not None and legal.check:
            return Action("bet", legal.min_to)
        return Action("call")


def table_of(
    stacks: Sequence[int | None], button: int | None = None, size: int = 0
) -> TournamentTable:
    """A table with a player ``p<seat>`` in each seat with a stack (None: empty)."""
    table = TournamentTable(1, size or len(stacks), BARGE, random.Random(1))
    for seat, stack in enumerate(stacks):
        if stack is not None:
            table.sit(seat, f"p{seat}", stack)
    if button is not None:
        table.place_button(button)
    return table


def everyone(table: TournamentTable, policy: Policy) -> dict[str, Policy]:
    return dict.fromkeys(table.players, policy)


def deal(
    table: TournamentTable,
    policy: Policy | None = None,
    game: Game = HOLDEM,
    stakes: Stakes = NL,
    options: HandOptions = CHECKED,
    seed: int = 0,
) -> TableHand:
    policies = everyone(table, policy or Folder())
    return table.deal(game, stakes, 1, policies, random.Random(seed), options)


def blinds(table: TournamentTable, result: TableHand) -> dict[int, int]:
    """Each table seat's blind in the last hand."""
    hand = table.last_hand
    assert hand is not None
    return {
        result.seats[e.seat]: e.amount
        for e in hand.events
        if e.kind == "blind" and e.seat is not None
    }


# -- the button and the blinds ------------------------------------------------------------
def test_004_r105_placed_button_ace_two_three() -> None:
    table = table_of([1000] * 6, button=3)
    result = deal(table)
    assert result.button == 3
    assert blinds(table, result) == {4: 50, 5: 100}
    # everybody folds to the big blind, who wins the small blind
    assert result.deltas == {0: 0, 1: 0, 2: 0, 3: 0, 4: -50, 5: 50}
    assert sum(result.deltas.values()) == 0


def test_dead_button_moves_one_seat_a_hand() -> None:
    table = table_of([1000] * 5, button=0)
    buttons, bigs = [], []
    for _ in range(6):
        result = deal(table)
        buttons.append(result.button)
        bigs.append(max(blinds(table, result).items(), key=lambda kv: kv[1])[0])
    assert buttons == [0, 1, 2, 3, 4, 0]
    assert bigs == [2, 3, 4, 0, 1, 2]


def test_001_tournaments_r30_big_blind_busts_no_small_blind_next_hand() -> None:
    # seats 0-4, button 0: small blind 1, big blind 2; the big blind leaves: next hand
    # the big blind is seat 3's, the small blind's seat (2) is empty and nobody posts
    # it, and the button is on seat 1 (who was the small blind)
    table = table_of([1000] * 5, button=0)
    deal(table)
    table.leave(2)
    result = deal(table)
    assert blinds(table, result) == {3: 100}
    assert result.button == 1


def test_001_blinds_r1b_dead_button_small_blind_leaves() -> None:
    # the small blind (seat 1) leaves: the button goes onto its empty seat, a dead
    # button, so seat 0 has the last action again; seat 2 posts the small blind
    table = table_of([1000] * 5, button=0)
    deal(table)
    table.leave(1)
    result = deal(table)
    assert result.button == 1
    assert blinds(table, result) == {2: 50, 3: 100}
    hand = table.last_hand
    assert hand is not None
    assert result.seats[hand.button] == 0
    assert 1 not in result.seats


def test_001_r15_new_player_takes_over_the_big_blind() -> None:
    # seat 3 is empty; after the hand with the big blind on seat 2, a new player sits
    # in seat 3: they are dealt in at once and post the big blind that seat owes
    table = table_of([1000, 1000, 1000, None, 1000, 1000], button=0)
    result = deal(table)
    assert blinds(table, result) == {1: 50, 2: 100}
    view = table.floor_view()
    assert view.due_order[0] == 3
    table.sit(3, "newcomer", 1000)
    result = deal(table)
    assert 3 in result.seats
    assert blinds(table, result) == {2: 50, 3: 100}
    assert result.deltas[3] == 50  # everybody folded to the newcomer's big blind


def test_001_r15_new_player_takes_over_the_small_blind() -> None:
    # the player in seat 2 (last hand's big blind, this hand's small blind) is moved
    # out and a new player takes the seat: they post the small blind
    table = table_of([1000] * 5, button=0)
    deal(table)
    table.leave(2)
    table.sit(2, "newcomer", 1000)
    result = deal(table)
    assert blinds(table, result) == {2: 50, 3: 100}
    assert result.button == 1


def test_due_order_lists_every_seat_from_the_seat_due_the_big_blind() -> None:
    table = table_of([1000, None, 1000, 1000, None, 1000], button=5)
    view = table.floor_view(busy=True)
    # a placed button on seat 5: seat 0 posts the small blind and seat 2 the big blind,
    # unless a player sits in the empty seat 1 first: then seat 1 owes it
    assert view.due_order == [1, 2, 3, 4, 5, 0]
    assert view.busy
    assert view.button == 5
    assert view.seats == ["p0", None, "p2", "p3", None, "p5"]
    result = deal(table)
    assert blinds(table, result) == {0: 50, 2: 100}
    view = table.floor_view(stud=True)
    assert view.stud
    assert view.due_order == [3, 4, 5, 0, 1, 2]
    assert sorted(view.due_order) == list(range(6))


def test_due_order_before_any_button() -> None:
    view = table_of([1000, 1000, 1000]).floor_view()
    assert view.due_order == [0, 1, 2]
    assert view.button is None


def test_001_tournaments_r31_heads_up_button_posts_small_blind() -> None:
    table = table_of([1000, None, 1000, None], button=2)
    result = deal(table)
    assert result.button == 2
    assert blinds(table, result) == {2: 50, 0: 100}
    result = deal(table)
    assert result.button == 0
    assert blinds(table, result) == {0: 50, 2: 100}


def test_three_handed_to_heads_up_keeps_the_big_blind_moving() -> None:
    table = table_of([1000, 1000, 1000], button=0)
    deal(table)  # small 1, big 2
    table.leave(1)
    result = deal(table)  # heads-up: seat 0 due the big blind, seat 2 the button
    assert blinds(table, result) == {2: 50, 0: 100}
    assert result.button == 2


# -- short blinds and antes (004 r.104) -------------------------------------------------------
def test_004_r104_short_blind_is_all_in_with_side_pot() -> None:
    table = table_of([1000, 1000, 30, 1000], button=0)
    result = deal(table, CallPolicy("pat"))
    hand = table.last_hand
    assert hand is not None
    big = [e for e in hand.events if e.kind == "blind" and result.seats[e.seat or 0] == 2]
    assert big[0].amount == 30
    assert big[0].all_in
    # the others still call the whole big blind
    streets = [i for i, e in enumerate(hand.events) if e.kind == "street"]
    preflop = hand.events[streets[0] : streets[1]]
    calls = {result.seats[e.seat or 0]: e.amount for e in preflop if e.kind == "call"}
    assert calls == {3: 100, 0: 100, 1: 50}
    pots = pots_of(hand, hand.live)
    assert pots[0].amount == 4 * 30
    assert 2 in pots[0].eligible
    assert len(pots) >= 2
    assert all(2 not in pot.eligible for pot in pots[1:])
    assert sum(result.deltas.values()) == 0
    assert result.start[2] == 30


def test_004_r104_short_small_blind_is_all_in() -> None:
    table = table_of([1000, 20, 1000, 1000], button=0)
    result = deal(table, CallPolicy("pat"))
    hand = table.last_hand
    assert hand is not None
    assert blinds(table, result)[1] == 20
    assert hand.stacks[result.seats.index(1)] in (0, result.start[1] + result.deltas[1])
    pots = pots_of(hand, hand.live)
    assert pots[0].amount == 4 * 20
    assert len(pots) >= 2
    assert sum(result.deltas.values()) == 0


def test_004_r104_short_ante_is_all_in() -> None:
    stakes = Stakes(format="no-limit", blinds=(50, 100), ante=25)
    table = table_of([1000, 10, 1000, 1000], button=1)
    result = deal(table, CallPolicy("pat"), stakes=stakes)
    hand = table.last_hand
    assert hand is not None
    antes = {
        result.seats[e.seat or 0]: (e.amount, e.all_in) for e in hand.events if e.kind == "ante"
    }
    assert antes[1] == (10, True)
    assert pots_of(hand, hand.live)[0].amount == 4 * 10
    assert sum(result.deltas.values()) == 0


def test_000_1_2_1_big_blind_ante_with_a_dead_button() -> None:
    stakes = Stakes(format="no-limit", blinds=(50, 100), ante=100, big_blind_ante=True)
    table = table_of([1000] * 5, button=0)
    deal(table, stakes=stakes)
    table.leave(2)  # the next hand: no small blind, the big blind on seat 3
    result = deal(table, stakes=stakes)
    hand = table.last_hand
    assert hand is not None
    antes = {result.seats[e.seat or 0]: e.amount for e in hand.events if e.kind == "ante"}
    assert antes == {3: 100}
    assert result.deltas[3] == 0  # nobody else put anything in: the big blind takes its own


# -- games without blinds ------------------------------------------------------------------------
def test_stud_has_no_blinds_and_the_button_marks_the_dealer() -> None:
    table = table_of([1000] * 4, button=1)
    results = [deal(table, game=STUD, stakes=STUD_STAKES) for _ in range(3)]
    assert [r.button for r in results] == [1, 2, 3]
    hand = table.last_hand
    assert hand is not None
    assert not [e for e in hand.events if e.kind == "blind"]
    assert len([e for e in hand.events if e.kind == "ante"]) == 4
    assert [e for e in hand.events if e.kind == "bring-in"]
    for result in results:
        assert sum(result.deltas.values()) == 0


def test_game_for_fewer_players_sits_the_rest_out() -> None:
    table = table_of([1000] * 9, button=0)
    result = deal(table, game=STUD, stakes=STUD_STAKES)
    assert len(result.seats) == 8
    assert result.sat_out == (3,)
    assert set(result.deltas) == set(result.seats)


def test_001_job_r1_unopened_deal_gives_the_chips_back() -> None:
    stakes = Stakes(format="limit", ante=10, small_bet=20, big_bet=40)
    table = table_of([500] * 4, button=0)
    result = deal(table, game=find_game("D02"), stakes=stakes)  # nobody opens
    hand = table.last_hand
    assert hand is not None
    assert hand.carried == 40
    assert result.deltas == dict.fromkeys(range(4), 0)
    assert [h.stack for h in table.seats if h is not None] == [500] * 4


# -- formats --------------------------------------------------------------------------------------
def test_000_1_4_bomb_pot_every_player_antes() -> None:
    table = table_of([1000, 1000, 100, 1000], button=0)
    result = deal(table, CallPolicy("pat"), options=HandOptions(bomb_pot=200, check=True))
    hand = table.last_hand
    assert hand is not None
    antes = {result.seats[e.seat or 0]: e.amount for e in hand.events if e.kind == "ante"}
    assert antes == {0: 200, 1: 200, 2: 100, 3: 200}
    assert not [e for e in hand.events if e.kind == "blind"]
    assert [e for e in hand.events if e.kind == "bomb-pot"]
    assert sum(result.deltas.values()) == 0


def test_000_1_6_jam_or_fold_initial_action() -> None:
    rng = random.Random(3)
    options = HandOptions(jam_or_fold=True, check=True)
    initial = calls = 0
    table = table_of([3000] * 9, button=0)
    for _ in range(80):
        if len(table.active()) < 2:
            table = table_of([rng.randint(100, 5000) for _ in range(9)])
        policies = everyone(table, get_policy("random"))
        result = table.deal(HOLDEM, NL, 1, policies, rng, options)
        hand = table.last_hand
        assert hand is not None
        first: dict[int, Event] = {}
        for event in hand.events:
            if event.seat is not None and event.kind in INITIAL_ACTIONS:
                first.setdefault(event.seat, event)
        able_after = {s for s in range(hand.seats) if hand.stacks[s] and not hand.folded[s]}
        for seat, event in first.items():
            initial += 1
            if event.kind == "fold" or event.all_in:
                continue
            # a call for less than all: only when nobody could be raised past, so the
            # betting is over for that player (nobody else left with chips behind)
            assert event.kind == "call"
            assert able_after <= {seat}
            calls += 1
        for seat in result.busted:
            table.leave(seat)
    assert initial > 300


def test_win_the_button() -> None:
    table = table_of([1000] * 6, button=0)
    options = HandOptions(win_the_button=True, check=True)
    result = deal(table, options=options)  # everybody folds to the big blind (seat 2)
    assert result.deltas[2] == 50
    assert table.placed == 2
    assert table.floor_view().button == 2
    result = deal(table, options=options)
    assert result.button == 2
    assert blinds(table, result) == {3: 50, 4: 100}
    rng = random.Random(5)
    for _ in range(30):
        result = deal(table, get_policy("random"), options=options, seed=rng.randrange(99))
        hand = table.last_hand
        assert hand is not None
        main = [e for e in hand.events if e.kind == "award" and e.pot == 0]
        assert table.placed in {result.seats[s] for e in main for s in e.winners}
        for seat in result.busted:
            table.leave(seat)
        if len(table.active()) < 2:
            break


# -- absent players (001 r.9, r.11, Explanations #10; 004 r.110) -------------------------------
def absent_table(rule: str, absent_seat: int) -> tuple[TournamentTable, HandOptions]:
    table = TournamentTable(1, 4, BARGE, random.Random(1))
    for seat in range(4):
        table.sit(seat, f"p{seat}", 1000, absent=seat == absent_seat)
    table.place_button(0)
    return table, HandOptions(absent_rule=rule, check=True)


def test_001_r9_absent_player_dealt_in_and_blinded() -> None:
    table, options = absent_table("dead-facing-bet", absent_seat=2)
    result = deal(table, CallPolicy("pat"), options=options)
    assert 2 in result.seats
    assert blinds(table, result) == {1: 50, 2: 100}
    # the others call and check it down: the absent hand is dead at the showdown
    assert result.deltas[2] == -100
    hand = table.last_hand
    assert hand is not None
    mine = [
        e.kind for e in hand.events if e.seat == result.seats.index(2) and e.kind != "deal-hole"
    ]
    # it checks its option and each round after, and its hand is dead at the showdown:
    # it folds in the last betting round
    assert mine == ["blind", "check", "check", "check", "fold"]


def test_001_r11_absent_player_killed() -> None:
    table, options = absent_table("killed", absent_seat=2)
    result = deal(table, CallPolicy("pat"), options=options)
    hand = table.last_hand
    assert hand is not None
    mine = [
        e.kind for e in hand.events if e.seat == result.seats.index(2) and e.kind != "deal-hole"
    ]
    assert mine == ["blind", "fold"]
    assert result.deltas[2] == -100


def test_explanations_10_absent_dead_facing_bet() -> None:
    table, options = absent_table("dead-facing-bet", absent_seat=3)
    # seat 3 (first to act, not a blind) faces the big blind: folds at once
    result = deal(table, Bettor(), options=options)
    hand = table.last_hand
    assert hand is not None
    assert [
        e.kind for e in hand.events if e.seat == result.seats.index(3) and e.kind != "deal-hole"
    ] == ["fold"]
    assert result.deltas[3] == 0
    # as the big blind it checks its option, then folds to the flop bet
    table, options = absent_table("dead-facing-bet", absent_seat=2)
    deal(table, CallPolicy("pat"), options=options)
    result = deal(table, Bettor(), options=options)  # the button moved: seat 2 small blind
    hand = table.last_hand
    assert hand is not None
    mine = [
        e.kind for e in hand.events if e.seat == result.seats.index(2) and e.kind != "deal-hole"
    ]
    assert mine == ["blind", "fold"]  # facing the big blind
    assert result.deltas[2] == -50
    table, options = absent_table("dead-facing-bet", absent_seat=2)
    policies: dict[str, Policy] = {"p0": CallPolicy("pat"), "p1": Bettor(), "p3": CallPolicy("pat")}
    result = table.deal(HOLDEM, NL, 1, policies, random.Random(0), options)
    hand = table.last_hand
    assert hand is not None
    mine = [
        e.kind for e in hand.events if e.seat == result.seats.index(2) and e.kind != "deal-hole"
    ]
    assert mine == ["blind", "check", "fold"]


def test_absent_rule_is_checked() -> None:
    with pytest.raises(TableError, match="absent rule"):
        AbsentPolicy("asleep")
    with pytest.raises(TableError, match="absent rule must be one of killed"):
        HandOptions(absent_rule="asleep")
    with pytest.raises(TableError, match="negative"):
        HandOptions(bomb_pot=-1)


# -- seats ---------------------------------------------------------------------------------------
def test_seats_refuse_what_cannot_be() -> None:
    table = table_of([1000, None])
    with pytest.raises(TableError, match="taken"):
        table.sit(0, "x", 10)
    with pytest.raises(TableError, match="empty"):
        table.leave(1)
    with pytest.raises(TableError, match="seats 1-2"):
        table.place_button(2)
    with pytest.raises(TableError, match="fewer than two"):
        deal(table)
    with pytest.raises(TableError, match="empty"):
        table.add_chips(1, 10)
    with pytest.raises(TableError, match="negative"):
        table.add_chips(0, -1)
    with pytest.raises(TableError, match="empty"):
        table.set_absent(1, True)
    assert table.leave(0).player == "p0"


def test_chips_added_and_absent_players_come_back() -> None:
    table = table_of([1000, 0, 1000])
    assert table.seat_of("p1") == 1
    assert table.seat_of("nobody") is None
    assert table.active() == [0, 2]
    assert table.add_chips(1, 500) == 500  # a rebuy or lammer before the deal
    assert table.active() == [0, 1, 2]
    table.set_absent(2, True)
    holder = table.seats[2]
    assert holder is not None
    assert holder.absent
    table.set_absent(2, False)
    assert not holder.absent


def test_a_seeded_run_repeats() -> None:
    def run() -> list[TableHand]:
        table = table_of([2000] * 7)
        out = []
        rng = random.Random(11)
        for _ in range(20):
            out.append(table.deal(HOLDEM, NL, 1, everyone(table, get_policy("random")), rng))
            for seat in out[-1].busted:
                table.leave(seat)
            if len(table.active()) < 2:
                break
        return out

    assert run() == run()


# -- chips are conserved (property) --------------------------------------------------------------
GAMES: dict[str, Stakes] = {
    "F01": Stakes(format="no-limit", blinds=(10, 20), ante=5),
    "F17": Stakes(format="pot-limit", blinds=(10, 20)),
    "F02": Stakes(format="limit", blinds=(10, 20), small_bet=20, big_bet=40),
    "S01": Stakes(format="limit", ante=5, bring_in=10, small_bet=20, big_bet=40),
    "S05": Stakes(format="limit", ante=5, bring_in=10, small_bet=20, big_bet=40),
    "D05": Stakes(format="no-limit", blinds=(10, 20)),
    "D09": Stakes(format="limit", blinds=(10, 20), small_bet=20, big_bet=40),
    "BBA": Stakes(format="no-limit", blinds=(10, 20), ante=20, big_blind_ante=True),
}


@settings(max_examples=80, deadline=None)
@given(
    stacks=st.lists(st.one_of(st.none(), st.integers(1, 400)), min_size=2, max_size=9),
    game=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 2**32),
    hands=st.integers(1, 8),
    absent=st.sets(st.integers(0, 8), max_size=2),
    bomb=st.sampled_from([0, 0, 15]),
    form=st.sampled_from(["plain", "jam-or-fold", "win-the-button"]),
)
def test_deal_conserves_chips_and_names_busts_and_eliminators(
    stacks: list[int | None],
    game: str,
    seed: int,
    hands: int,
    absent: set[int],
    bomb: int,
    form: str,
) -> None:
    rng = random.Random(seed)
    table = TournamentTable(2, len(stacks), find_house("roberts"), rng)
    for seat, stack in enumerate(stacks):
        if stack is not None:
            table.sit(seat, f"p{seat}", stack, absent=seat in absent)
    stakes = GAMES[game]
    played = find_game("F01" if game == "BBA" else game)
    assert stakes_problem(played, stakes) is None
    policies: dict[str, Policy] = {f"p{seat}": get_policy("random") for seat in range(20)}
    total = sum(s for s in stacks if s is not None)
    for number in range(hands):
        total += seat_changes(table, rng, number)
        if len(table.active()) < 2:
            break
        options = HandOptions(
            bomb_pot=bomb,
            absent_rule=rng.choice(["killed", "dead-facing-bet"]),
            jam_or_fold=form == "jam-or-fold",
            win_the_button=form == "win-the-button",
            check=True,
        )
        view = table.floor_view()
        result = table.deal(played, stakes, 1, policies, rng, options)
        hand = table.last_hand
        assert hand is not None
        if view.button is not None:
            due = next(s for s in view.due_order if s in result.seats)
            assert result.button == view.button
            owed = hand.blinds_by_seat  # what each seat owes (a short stack posts less)
            if any(owed):
                assert result.seats[owed.index(max(owed))] == due
        assert sum(result.deltas.values()) == 0
        held = {i: h.stack for i, h in enumerate(table.seats) if h is not None}
        assert sum(held.values()) == total
        for seat in result.seats:
            assert held[seat] == result.start[seat] + result.deltas[seat]
        assert set(result.busted) == {s for s in result.seats if held[s] == 0}
        assert set(result.eliminator) == set(result.busted)
        winners = {result.seats[s] for s, paid in enumerate(hand.payouts) if paid > 0}
        assert set(result.eliminator.values()) <= winners
        if result.busted:
            assert set(result.hand_rank) == set(result.seats)
            for seat in result.busted:
                index = result.seats.index(seat)
                if hand.contributed[index] > hand.dead[index]:  # (in a pot, not all dead money)
                    assert result.hand_rank[result.eliminator[seat]] >= result.hand_rank[seat]
        for seat in result.busted:
            table.leave(seat)


def seat_changes(table: TournamentTable, rng: random.Random, number: int) -> int:
    """Between hands, at random: a player moved out, a new player seated, a button
    placed.  Returns the chips that came in less those that left."""
    change = 0
    roll = rng.random()
    seated = [i for i, h in enumerate(table.seats) if h is not None]
    empty = [i for i, h in enumerate(table.seats) if h is None]
    if roll < 0.2 and len(seated) > 2:
        change -= table.leave(rng.choice(seated)).stack
    elif roll < 0.4 and empty:
        stack = rng.randint(1, 400)
        table.sit(rng.choice(empty), f"p{10 + number}", stack)
        change += stack
    elif roll < 0.5:
        table.place_button(rng.randrange(table.size))
    return change
