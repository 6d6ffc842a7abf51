"""Seats over a night: joining, sitting out, coming back and leaving, missed blinds,
buy-in minimums, and Oresteen's blinds when players bust (004 r.106)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerbook.bots import get_policy
from pokerbook.bots.base import Policy
from pokerbook.bots.simulation import SimulationError
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.games.house import BARGE, ORESTEEN, House
from pokerbook.games.stakes import Stakes
from pokerbook.table.blinds import Positions
from pokerbook.table.night import Churn, Night, NightError, Seat, full_buy_in
from pokerbook.table.night_file import parse_night
from pokerbook.table.play import GameNight, HandResult
from pokerbook.table.report import night_report

SMALL, BIG = 10, 20


def holdem_night(house: str = "barge", **extra: Any) -> Night:
    """Limit hold'em at blinds 10/20 (bets 20/40), buy-in 1000, unlimited rebuys."""
    raw: dict[str, Any] = {
        "house": house,
        "buy_in": 1000,
        "rebuys": "unlimited",
        "selection": {"kind": "rotation", "games": ["F01"], "hands_per_game": 1},
        "stakes": {
            "default": {"format": "limit", "blinds": [SMALL, BIG], "small_bet": 20, "big_bet": 40}
        },
        **extra,
    }
    return parse_night(raw, key="seats", source="test")


def table(
    players: int = 5,
    seats: int = 6,
    *,
    night: Night | None = None,
    house: House | None = None,
    button: int = 0,
    seed: int = 1,
) -> GameNight:
    """A table of ``seats`` seats with ``players`` in the first ones, whose last hand
    (every player in) had the button on ``button``: the night has started."""
    chosen = night or holdem_night()
    if house is not None:
        chosen = replace(chosen, house=house)
    game = GameNight(chosen, [get_policy("call") for _ in range(players)], seed, table_seats=seats)
    game.positions.last = game.positions._around(list(range(players)), button)
    game.seating.last_dealt = tuple(range(players))
    return game


def posted(result: HandResult) -> dict[int, tuple[int, int]]:
    """Each dealt table seat's (live blind, dead blind) in the hand."""
    hand = result.hand
    return {
        seat: (hand.blinds_by_seat[i], hand.dead_blinds[i]) for i, seat in enumerate(result.dealt)
    }


def hands(game: GameNight, count: int) -> Iterator[HandResult]:
    yield from game.play(count)


# -- new players (001 Blinds r.4-7, 004 r.21) --------------------------------------------


def test_new_player_waiting_for_the_big_blind_is_dealt_in_on_it_001_blinds_r4a() -> None:
    game = table(5, 6, button=0)
    game.join(5, "ann", 1000)
    for result in hands(game, 6):
        if 5 in result.dealt:
            assert result.hand.blinds_by_seat[result.dealt.index(5)] == BIG
            assert posted(result)[5] == (BIG, 0)
            break
        assert game.seating.status(5) == "waiting"
    else:
        pytest.fail("the new player was never dealt in")
    assert result.number > 1  # the big blind had to come round to seat 5
    assert game.ledger.totals("ann").buy_in == 1000


def test_heads_up_a_new_player_waiting_for_the_big_blind_is_dealt_in_at_once() -> None:
    # heads-up the blinds alternate between the two players: the big blind would never
    # reach a third seat waiting for it
    game = table(2, 6, button=0)
    game.join(4, "ann", 1000)
    result = next(hands(game, 1))
    assert result.dealt == (0, 1, 4)
    assert posted(result)[4] == (result.hand.blinds_by_seat[result.dealt.index(4)], 0)
    assert game.seating.status(4) == "playing"


def test_new_player_posting_a_big_blind_is_dealt_in_at_once_004_r21() -> None:
    game = table(5, 6, button=1)  # next hand: button 2, blinds 3 and 4; seat 5 is UTG
    game.join(5, "ann", 1000, post=True)
    result = next(hands(game, 1))
    assert 5 in result.dealt
    big = result.dealt[(result.dealt.index(result.button) + 2) % len(result.dealt)]
    assert big != 5
    assert posted(result)[5] == (BIG, 0)
    assert posted(result)[big] == (BIG, 0)  # two big blinds this hand
    assert sum(result.deltas) == 0


def test_player_posting_behind_the_blinds_acts_in_turn_001_blinds_r8() -> None:
    # next hand: button 1, blinds 2 and 3, seat 4 under the gun, ann posting in seat 5
    game = table(5, 6, button=0)
    game.join(5, "ann", 1000, post=True)
    result = next(hands(game, 1))
    assert posted(result)[5] == (BIG, 0)
    acts = [e.seat for e in result.hand.events if e.kind in ("fold", "check", "call", "bet")]
    assert acts[:2] == [4, 5]  # the action starts left of the big blind, not of ann


@pytest.mark.parametrize(("button", "first_hand"), [(3, 3), (4, 2)])
def test_new_player_cannot_be_dealt_between_big_blind_and_button_001_blinds_r7(
    button: int, first_hand: int
) -> None:
    # ann sits down in seat 5, between the last hand's button and seat 0.  With the
    # last button on 3 she would be the next small blind, then the button; with it on
    # 4, the next button.  Posting, she waits until the button has passed her.
    game = table(5, 6, button=button)
    game.join(5, "ann", 1000, post=True)
    for result in hands(game, 6):
        if 5 in result.dealt:
            break
        assert game.seating.status(5) == "posting"
    else:
        pytest.fail("the new player was never dealt in")
    assert result.number == first_hand
    assert result.button != 5
    assert posted(result)[5] == (BIG, 0)  # a big blind, not the small blind's seat
    small = next(seat for seat, (live, _) in posted(result).items() if live == SMALL)
    assert (small - result.button) % 6 < (5 - result.button) % 6


def test_new_player_who_waits_misses_no_blind_001_blinds_r5() -> None:
    game = table(5, 6, button=0)
    game.join(5, "ann", 1000)  # waits while the blinds go round
    results = list(hands(game, 6))
    first = next(r for r in results if 5 in r.dealt)
    assert posted(first)[5] == (BIG, 0)  # the big blind only, nothing dead
    occupant = game.seating.occupant(5)
    assert (occupant.owes_big, occupant.owes_small, occupant.new) == (0, 0, False)


def test_players_seated_before_the_first_hand_are_dealt_in_without_posting_001_r12() -> None:
    game = GameNight(holdem_night(), [get_policy("call") for _ in range(3)], 4, table_seats=5)
    game.join(4, "ann", 1000, post=False)
    result = next(hands(game, 1))
    assert 4 in result.dealt
    assert all(dead == 0 for _, dead in posted(result).values())
    assert sum(b for b, _ in posted(result).values()) == SMALL + BIG


# -- missed blinds (001 Blinds r.9-11, 004 r.5) ----------------------------------------


def sat_out_while_blinds_passed(house: House = BARGE) -> GameNight:
    """Seat 3 of six sits out for the two hands in which the big then the small blind
    pass it."""
    game = table(6, 6, button=0, house=house)  # next: button 1, blinds 2 and 3
    game.sit_out(3)
    list(hands(game, 2))
    occupant = game.seating.occupant(3)
    assert (occupant.owes_big, occupant.owes_small) == (BIG, SMALL)
    return game


def test_missed_blinds_are_made_up_big_live_small_dead_001_blinds_r9() -> None:
    game = sat_out_while_blinds_passed()
    assert game.sit_in(3, post=True) == "posting"
    result = next(r for r in hands(game, 6) if 3 in r.dealt)
    live, dead = posted(result)[3]
    assert (live, dead) == (BIG, SMALL)
    assert result.hand.dead[result.dealt.index(3)] == SMALL  # dead money, not a bet
    assert game.seating.occupant(3).owes is False


def test_missed_big_blind_is_live_only_up_to_the_minimum_opening_bet_001_blinds_r9() -> None:
    night = holdem_night()
    stakes = Stakes(format="no-limit", blinds=(SMALL, BIG), min_bet=15)
    game = table(
        6, 6, night=replace(night, stakes=replace(night.stakes, entries=(("default", stakes),)))
    )
    game.sit_out(3)
    list(hands(game, 2))
    game.sit_in(3, post=True)
    result = next(r for r in hands(game, 6) if 3 in r.dealt)
    assert posted(result)[3] == (15, BIG - 15 + SMALL)


def test_player_back_from_missed_blinds_may_wait_for_the_big_blind_001_blinds_r9() -> None:
    game = sat_out_while_blinds_passed()
    assert game.sit_in(3, post=False) == "waiting"
    for result in hands(game, 8):
        if 3 in result.dealt:
            assert posted(result)[3] == (BIG, 0)  # in the big blind: nothing else owed
            break
    else:
        pytest.fail("never dealt in")


def test_oresteen_player_back_posts_missed_blinds_in_the_next_pot_004_r5() -> None:
    game = sat_out_while_blinds_passed(house=ORESTEEN)
    with pytest.raises(NightError, match=r"004 r\.5"):
        game.sit_in(3, post=False)
    assert game.sit_in(3) == "posting"  # the house default: post


def test_sitting_out_while_no_blind_passes_owes_nothing() -> None:
    game = table(6, 6, button=0)  # next: button 1, blinds 2 and 3
    game.sit_out(5)
    list(hands(game, 1))
    assert game.seating.occupant(5).owes is False
    assert game.sit_in(5) == "playing"
    result = next(hands(game, 1))
    assert 5 in result.dealt
    assert posted(result)[5] == (0, 0)


def test_missed_blinds_in_a_game_without_blinds_are_posted_dead_004_r5() -> None:
    stud = parse_night(
        {
            "house": "barge",
            "buy_in": 1000,
            "selection": {"kind": "rotation", "games": ["F01", "S01"], "hands_per_game": 3},
            "stakes": {
                "default": {
                    "format": "limit",
                    "blinds": [SMALL, BIG],
                    "small_bet": 20,
                    "big_bet": 40,
                },
                "stud": {
                    "format": "limit",
                    "ante": 2,
                    "bring_in": 5,
                    "small_bet": 20,
                    "big_bet": 40,
                },
            },
        },
        key="mix",
        source="test",
    )
    game = table(6, 6, night=stud, button=0)
    game.sit_out(3)
    list(hands(game, 3))  # three hold'em hands: both blinds pass seat 3
    game.sit_in(3, post=True)
    result = next(hands(game, 1))  # a stud hand: no blinds to post live
    assert result.game.is_stud
    assert 3 in result.dealt
    assert posted(result)[3] == (0, BIG + SMALL)
    assert result.hand.dead[result.dealt.index(3)] == BIG + SMALL


def test_busted_player_makes_up_missed_blinds_before_rebuying_001_blinds_r11() -> None:
    # a night of full buy-ins where ann's 25-chip seat is her one short buy-in: when she
    # busts her rebuy of 25 is refused, blinds pass her, and she rebuys in full later
    night = replace(holdem_night(), full_buy_ins=True)
    for seed in range(40):
        players = [Seat(f"p{i}", 1000) for i in range(5)] + [Seat("ann", 25)]
        game = GameNight(night, [get_policy("call") for _ in players], seed, seats=players)
        results = list(hands(game, 12))
        if game.stacks[5] == 0 and game.seating.occupant(5).owes:
            break
    else:
        pytest.fail("ann never busted with blinds passing")
    assert all(5 not in r.dealt for r in results[-2:])
    assert not any(seat == 5 for r in results for seat, _ in r.rebuys)  # refused: short
    with pytest.raises(NightError, match="one short buy-in"):
        game.rebuy(5, 25)
    game.rebuy(5, night.minimum_buy_in)
    assert game.seating.status(5) == "posting"
    result = next(r for r in hands(game, 8) if 5 in r.dealt)
    assert sum(posted(result)[5]) >= BIG


# -- joining, leaving, errors ----------------------------------------------------------


def test_joining_a_taken_seat_is_refused() -> None:
    game = table(5, 6)
    with pytest.raises(NightError, match="seat 0 is taken by p1"):
        game.join(0, "ann", 1000)
    with pytest.raises(NightError, match="already sits"):
        game.join(5, "p1", 1000)
    with pytest.raises(NightError, match="no seat 6"):
        game.join(6, "ann", 1000)


def test_leaving_cashes_out_and_leaving_twice_is_refused() -> None:
    game = table(5, 6)
    list(hands(game, 3))
    stack = game.stacks[2]
    assert game.leave(2) == stack
    assert game.ledger.totals("p3").cash_out == stack
    assert game.stacks[2] == 0
    with pytest.raises(NightError, match="seat 2 is empty"):
        game.leave(2)
    results = list(hands(game, 3))
    assert all(2 not in r.dealt for r in results)
    ledger = game.finish()
    assert sum(ledger.nets().values()) == 0
    assert ledger.totals("p3").cash_out == stack  # cashed out once


def test_sitting_out_twice_and_coming_back_when_in_are_refused() -> None:
    game = table(5, 6)
    game.sit_out(1)
    with pytest.raises(NightError, match="already sitting out"):
        game.sit_out(1)
    with pytest.raises(NightError, match="not sitting out"):
        game.sit_in(2)


def test_seats_change_only_between_hands() -> None:
    class Meddler:
        """Calls, and tries to sit a player down mid-hand."""

        name = "meddler"

        def __init__(self, night: GameNight) -> None:
            self.night = night
            self.inner: Policy = get_policy("call")

        def choose(self, hand: Hand, rng: random.Random) -> Action | str:
            self.night.join(5, "ann", 1000)
            return self.inner.choose(hand, rng)

    game = table(2, 6)
    meddler = Meddler(game)
    for seat in (0, 1):
        game.seating.occupant(seat).policy = meddler
    with pytest.raises(SimulationError) as caught:
        list(hands(game, 1))
    assert isinstance(caught.value.__cause__, NightError)
    assert "between hands" in str(caught.value.__cause__)


def test_returning_player_buys_in_for_at_least_what_they_cashed_out_004_r9() -> None:
    game = table(5, 6)
    list(hands(game, 4))
    cashed = game.leave(1)
    with pytest.raises(NightError, match=r"004 r\.9"):
        game.join(1, "p2", cashed - 1)
    game.join(5, "p2", cashed)
    assert game.seating.seat_of("p2") == 5
    assert game.ledger.totals("p2").buy_in == 1000 + cashed


def test_a_table_may_have_empty_seats() -> None:
    game = GameNight(holdem_night(), [get_policy("call") for _ in range(3)], 2, table_seats=6)
    results = list(hands(game, 6))
    assert all(set(r.dealt) <= {0, 1, 2} for r in results)
    assert len(results[0].deltas) == 6
    assert game.players == 6
    ledger = game.finish()
    assert ledger.players == ("p1", "p2", "p3")
    assert sum(ledger.nets().values()) == 0


# -- buy-in minimums (001 Buy-in) ------------------------------------------------------


def test_full_buy_in_is_ten_max_bets_at_limit_forty_big_blinds_at_no_limit_001_buy_in() -> None:
    assert full_buy_in(Stakes(format="limit", blinds=(10, 20), small_bet=20, big_bet=40)) == 400
    assert full_buy_in(Stakes(format="no-limit", blinds=(5, 10))) == 400
    assert full_buy_in(Stakes(format="pot-limit", blinds=(25, 50))) == 2000
    assert full_buy_in(Stakes(format="no-limit", ante=1, bring_in=3)) == 120


def test_night_with_full_buy_ins_refuses_a_short_standard_buy_in_001_buy_in() -> None:
    with pytest.raises(NightError, match="full buy-in is at least 400"):
        holdem_night(buy_in=399, full_buy_ins=True)
    assert holdem_night(buy_in=400, full_buy_ins=True).minimum_buy_in == 400


def test_only_one_short_buy_in_per_session_001_buy_in() -> None:
    game = table(4, 6, night=holdem_night(full_buy_ins=True))
    game.join(4, "ann", 100)  # her one short buy-in
    game.leave(4)
    with pytest.raises(NightError, match="one short buy-in"):
        game.join(4, "ann", 150)
    game.join(4, "ann", 400)
    game.join(5, "bob", 399)  # bob's own short buy-in
    assert game.seating.short == {"ann", "bob"}


# -- Oresteen's blinds when players bust (004 r.106) -----------------------------------

ORESTEEN_106 = replace(ORESTEEN, dead_button_after_bust=True)


def after_bust(
    players: int, button: int, busted: set[int], house: House = ORESTEEN_106
) -> GameNight:
    """A table of ``players`` whose last hand had the button on ``button`` and where the
    seats ``busted`` lost everything (no rebuys)."""
    night = replace(holdem_night(rebuys=0), house=house)
    game = table(players, players, night=night, button=button)
    for seat in busted:
        game.stacks[seat] = 0
        game.out[seat] = True
    return game


def next_positions(game: GameNight) -> Positions:
    placed = game.seating.deal_in(game, random.Random(0))
    assert placed is not None
    return placed[0]


def test_oresteen_small_blind_bust_button_stays_big_blind_becomes_small() -> None:
    # 6 handed: button 0, small 1, big 2, UTG 3; the small blind busts
    game = after_bust(6, 0, {1})
    positions = next_positions(game)
    assert (positions.button, positions.small_blind, positions.big_blind) == (0, 2, 3)
    # a plain moving button would have moved the button on instead
    moving = next_positions(after_bust(6, 0, {1}, house=ORESTEEN))
    assert moving.button != 0


def test_oresteen_big_blind_bust_no_small_blind_posted() -> None:
    # button 0, small 1, big 2 busts: UTG 3 the big blind, the small blind (1) the
    # button, no small blind.  r.106 goes on "the button stays in the same spot for the
    # next hand when blinds return to normal structure", which contradicts "the small
    # blind becomes the button" if "the button" is one player.  Reading taken: "the
    # same spot" is the player who had the small blind: they have the last action
    # again on the next hand (the button itself on the dead seat 2, the dead button
    # method r.106 names), and the hand after is normal.
    game = after_bust(6, 0, {2})
    first = next_positions(game)
    assert (first.button, first.small_blind, first.big_blind) == (1, None, 3)
    game.seating.last_dealt = (0, 1, 3, 4, 5)
    second = next_positions(game)
    assert (second.button, second.button_seat, second.small_blind, second.big_blind) == (
        1,
        2,
        3,
        4,
    )
    third = next_positions(game)  # back to normal: the button moves on
    assert (third.button, third.small_blind, third.big_blind) == (3, 4, 5)
    assert not third.dead_button


def test_oresteen_both_blinds_bust_more_than_four_handed() -> None:
    # button 0, small 1 and big 2 bust: "the UTG becomes the big blind - the button
    # stays the button - there is no small blind posted"; next hand "the current UTG
    # becomes the big blind - the current big blind ... becomes the small blind - the
    # button stays the button until the next hand"
    game = after_bust(7, 0, {1, 2})
    first = next_positions(game)
    assert (first.button, first.small_blind, first.big_blind) == (0, None, 3)
    game.seating.last_dealt = (0, 3, 4, 5, 6)
    second = next_positions(game)
    assert (second.button, second.small_blind, second.big_blind) == (0, 3, 4)
    third = next_positions(game)
    assert (third.button, third.small_blind, third.big_blind) == (3, 4, 5)


def test_oresteen_both_blinds_bust_four_handed_button_posts_the_small_blind() -> None:
    # r.106 lists "4 handed" under both "at least 4 handed" and this case: the reading
    # taken is that with both blinds gone the two left play heads-up, "the button stays
    # the button and becomes the small blind", the UTG the big blind
    game = after_bust(4, 0, {1, 2})
    positions = next_positions(game)
    assert (positions.button, positions.small_blind, positions.big_blind) == (0, 0, 3)


@pytest.mark.parametrize(
    ("busted", "button", "big"),
    [
        # the button busts: "the big blind becomes the small blind and gets the button -
        # the small blind becomes the big blind"
        (0, 2, 1),
        # the small blind busts: "the big blind becomes the small blind and gets the
        # button - the button becomes the big blind"
        (1, 2, 0),
        # the big blind busts: "the small blind stays the small blind and gets the
        # button - the button becomes the big blind"
        (2, 1, 0),
    ],
)
def test_oresteen_three_handed_bust_leaves_heads_up_positions(
    busted: int, button: int, big: int
) -> None:
    # r.106's three-handed rules describe heads-up positions (the button posts the small
    # blind, r.31): read so
    game = after_bust(3, 0, {busted})  # button 0, small 1, big 2
    positions = next_positions(game)
    assert (positions.button, positions.small_blind, positions.big_blind) == (button, button, big)


def test_oresteen_three_handed_button_bust_differs_from_a_moving_button() -> None:
    moving = next_positions(after_bust(3, 0, {0}, house=ORESTEEN))
    assert (moving.button, moving.big_blind) == (1, 2)  # the moving button: not r.106


# -- whole nights ------------------------------------------------------------------------


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    sit_out=st.floats(0.0, 0.3),
    leave=st.floats(0.0, 0.1),
    join=st.floats(0.0, 0.5),
    house=st.sampled_from([BARGE, ORESTEEN, replace(BARGE, dead_button=True), ORESTEEN_106]),
)
def test_chips_are_conserved_over_nights_with_players_coming_and_going(
    seed: int, sit_out: float, leave: float, join: float, house: House
) -> None:
    churn = Churn(sit_out=sit_out, come_back=0.4, leave=leave, join=join)
    night = replace(holdem_night(), house=house, churn=churn, table_seats=7)
    game = GameNight(night, [get_policy("random") for _ in range(5)], seed)
    results = list(game.play(40))  # the table checks chips after every hand
    for result in results:
        assert sum(result.deltas) == result.carried_won - result.carried
    ledger = game.finish()
    assert sum(ledger.nets().values()) == 0
    assert ledger.in_play == 0


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 9),
    dead_button=st.booleans(),
)
def test_with_nobody_sitting_out_every_seat_gets_the_big_blind_once_an_orbit(
    seed: int, players: int, dead_button: bool
) -> None:
    night = replace(holdem_night(buy_in=100_000), house=replace(BARGE, dead_button=dead_button))
    game = GameNight(night, [get_policy("call") for _ in range(players)], seed, table_seats=10)
    bigs = [r.dealt[r.hand.blinds_by_seat.index(BIG)] for r in game.play(3 * players)]
    assert len(bigs) == 3 * players  # nobody busts at these stacks
    for start in range(0, len(bigs) - players + 1):
        assert sorted(bigs[start : start + players]) == list(range(players))


def test_night_file_declares_empty_seats_full_buy_ins_and_churn() -> None:
    night = holdem_night(
        table_seats=8,
        full_buy_ins=True,
        churn={"sit_out": 0.1, "come_back": 0.5, "leave": 0.02, "join": 0.25},
    )
    assert night.table_seats == 8
    assert night.full_buy_ins
    assert night.churn == Churn(sit_out=0.1, come_back=0.5, leave=0.02, join=0.25)
    with pytest.raises(NightError, match=r"churn\.join: should be a chance from 0 to 1"):
        holdem_night(churn={"join": 2})
    with pytest.raises(NightError, match="unknown key 'stay'"):
        holdem_night(churn={"stay": 0.5})
    with pytest.raises(NightError, match="a table of 11 seats"):
        holdem_night(table_seats=11)


def test_churn_night_report_keeps_its_schema() -> None:
    churn = Churn(sit_out=0.2, come_back=0.3, leave=0.05, join=0.3)
    night = replace(holdem_night(), churn=churn, table_seats=8)
    seats = night.seated(4)
    game = GameNight(night, [get_policy("random") for _ in seats], 5, seats=seats)
    results = list(game.play(60))
    ledger = game.finish()
    report = night_report(night, seats, results, ledger, seed=5, ended=game.ended)
    assert len(ledger.players) > len(seats)  # somebody joined
    assert any(len(r.dealt) < 4 for r in results)  # somebody sat out or left
    for hand in report["hands"]:
        assert {"game", "button", "deltas"} <= set(hand)
        assert len(hand["deltas"]) == 8
    assert sum(p["net"] for p in report["ledger"]["players"]) == 0
