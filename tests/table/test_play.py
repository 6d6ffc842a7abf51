"""Playing nights: chips conserved over whole nights, stacks carried from hand to hand, the
button moving every hand, busts and rebuys, short games, and pots nobody opened."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerbook.bots import get_policy
from pokerbook.bots.base import Policy
from pokerbook.bots.simulation import SimulationError
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import HandSetup
from pokerbook.games.model import Game
from pokerbook.table.ledger import HOUSE, Entry, Ledger
from pokerbook.table.night import Night, RebuyRule, Seat
from pokerbook.table.night_file import builtin_nights, parse_night
from pokerbook.table.play import GameNight, HandResult, run_night, sitting_out

#: a night with Jacks-or-Better, where a pot nobody opens stays for the next deal
JACKS_NIGHT: dict[str, Any] = {
    "house": "roberts",
    "buy_in": 300,
    "selection": {"kind": "rotation", "games": ["D02", "F01"], "hands_per_game": 3},
    "stakes": {
        "default": {"format": "limit", "blinds": [1, 2]},
        "D02": {"format": "limit", "ante": 2, "small_bet": 4, "big_bet": 8},
    },
}


def jacks_night() -> Night:
    return parse_night(JACKS_NIGHT, key="jacks", source="test")


def bots(count: int, policy: str = "random") -> list[Policy]:
    return [get_policy(policy) for _ in range(count)]


def play(
    night: Night, players: int, hands: int, seed: int, policy: str = "random"
) -> tuple[GameNight, list[HandResult]]:
    """A night of up to ``hands`` hands, not yet finished, and its hands."""
    table = GameNight(night, bots(players, policy), seed)
    return table, list(table.play(hands))


#: the built-in cash nights (a tournament's books are money, its chips are not:
#: tests/table/test_tournament_night.py)
CASH_NIGHTS = [key for key, night in builtin_nights().items() if night.tournament is None]


def nights() -> list[Night]:
    return [*(builtin_nights()[key] for key in CASH_NIGHTS), jacks_night()]


def check_night_books(table: GameNight, results: Sequence[HandResult], ledger: Ledger) -> None:
    """Chips conserved hand by hand and over the night; nets balance."""
    buy_ins = {s.name: s.buy_in for s in table.seats}
    rebought = dict.fromkeys(buy_ins, 0)
    stacks = [s.buy_in for s in table.seats]
    for r in results:
        for seat, amount in r.rebuys:
            assert stacks[seat] == 0, "only a busted player rebuys"
            stacks[seat] += amount
            rebought[table.seats[seat].name] += amount
        for seat, price in r.show_em_bought:  # paid from the stack (004 r.6h)
            stacks[seat] -= price
        assert list(r.hand.starting_stacks) == [stacks[s] for s in r.dealt], "stacks carry over"
        assert sum(r.deltas) == r.carried_won - r.carried - r.to_house
        assert all(r.deltas[s] == 0 for s in range(len(stacks)) if s not in r.dealt)
        stacks = [a + d for a, d in zip(stacks, r.deltas, strict=True)]
        for use in r.show_em:  # the bank pays the player who showed
            stacks[use.shown] += use.paid
        assert min(stacks) >= 0
    waiting = sum(r.carried - r.carried_won for r in results)
    assert ledger.in_play == 0
    assert sum(ledger.nets().values()) == 0
    # Show 'Em chips: the price off the stacks, paid back to who showed, the rest
    # the house's (half of it bought back to the owners as they cash out)
    kept = sum(p for r in results for _, p in r.show_em_bought)
    kept -= sum(use.paid for r in results for use in r.show_em)
    redeemed = Counter[str]()
    for entry in ledger.entries:
        if entry.kind == "show-em-redeem":
            redeemed[entry.player] += entry.amount
    cashed = sum(ledger.totals(p).cash_out for p in ledger.players)
    assert cashed == sum(stacks) + waiting + kept
    for name in buy_ins:
        assert ledger.totals(name).rebuys == rebought[name]
    if not waiting:
        for seat, player in enumerate(table.seats):
            assert ledger.totals(player.name).cash_out == stacks[seat] + redeemed[player.name]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    night=st.sampled_from(nights()),
    seed=st.integers(0, 2**32),
    players=st.integers(2, 8),
    hands=st.integers(1, 60),
    policy=st.sampled_from(["random", "call"]),
)
def test_chips_are_conserved_over_whole_nights(
    night: Night, seed: int, players: int, hands: int, policy: str
) -> None:
    table, results = play(night, players, hands, seed, policy)
    assert len(results) == hands or table.ended is not None
    check_night_books(table, results, table.finish())


@pytest.mark.parametrize("key", CASH_NIGHTS)
def test_a_long_night_of_each_built_in_keeps_its_books(key: str) -> None:
    table, results = play(builtin_nights()[key], 6, 300, seed=11)
    check_night_books(table, results, table.finish())


def between(seats: int, start: int, end: int) -> list[int]:
    """Seats strictly between ``start`` and ``end`` going clockwise."""
    return [(start + i) % seats for i in range(1, (end - start) % seats)]


@pytest.mark.parametrize("key", ["horse", "barge-26", "oresteen-dealers-choice"])
def test_the_button_moves_to_the_next_player_in_every_hand(key: str) -> None:
    _, results = play(builtin_nights()[key], 7, 150, seed=5)
    for previous, current in pairwise(results):
        assert current.button != previous.button
        active = set(current.dealt) | set(current.sat_out)
        assert current.button in current.dealt
        assert not active & set(between(7, previous.button, current.button))


def test_the_button_moves_through_stud_games_too() -> None:
    _, results = play(builtin_nights()["horse"], 5, 25, seed=2)
    stud = [r for r in results if r.game.is_stud]
    assert stud
    assert all(r.button != results[r.number - 2].button for r in stud)


def test_the_first_button_is_drawn_at_random() -> None:
    firsts = {play(builtin_nights()["horse"], 6, 1, seed)[1][0].button for seed in range(30)}
    assert len(firsts) > 3


def test_a_busted_player_is_out_when_the_night_has_no_rebuys() -> None:
    night = replace(builtin_nights()["barge-26"], buy_in=60)
    table, results = play(night, 5, 500, seed=3)
    out: set[int] = set()
    for r in results:
        assert not out & (set(r.dealt) | set(r.sat_out)), "a busted player was dealt in again"
        assert not r.rebuys
        out |= set(r.busted)
    assert table.ended is not None
    assert table.ended.startswith("only 1 player with chips")
    ledger = table.finish()
    cash = [ledger.totals(p).cash_out for p in ledger.players]
    assert sorted(cash)[:-1] == [0] * 4
    assert max(cash) == 5 * 60


def test_a_busted_player_buys_in_again_for_the_buy_in() -> None:
    table, results = play(builtin_nights()["horse"], 4, 300, seed=8)
    rebuys = [(r.number, seat, amount) for r in results for seat, amount in r.rebuys]
    assert rebuys
    assert all(amount == 1000 for _, _, amount in rebuys)
    ledger = table.finish()
    seat_of = {s.name: i for i, s in enumerate(table.seats)}
    logged = [(e.hand, seat_of[e.player], e.amount) for e in ledger.entries if e.kind == "rebuy"]
    assert logged == rebuys


def test_a_rebuy_cannot_top_the_highest_stack_004_r6b() -> None:
    seats = (Seat("big", 2000), Seat("ann", 500), Seat("bob", 500))
    table = GameNight(builtin_nights()["oresteen-holdem-night"], bots(3), 1, seats=seats)
    table.stacks = [0, 1400, 1600]  # big has lost every chip to the others
    assert table.rebuy_busted(9) == [(0, 1600)]  # up to the highest stack, not 2000
    assert table.ledger.entries[-1] == Entry(9, "big", "rebuy", 1600)
    table.stacks = [2400, 0, 1200]
    assert table.rebuy_busted(10) == [(1, 500)]  # the buy-in is below the highest stack


def test_every_rebuy_of_a_capped_night_is_the_buy_in_or_the_highest_stack() -> None:
    seats = (Seat("big", 2000), Seat("ann", 400), Seat("bob", 400), Seat("cy", 400))
    table = GameNight(builtin_nights()["oresteen-holdem-night"], bots(4), 3, seats=seats)
    stacks = [s.buy_in for s in seats]
    for r in table.play(150):
        for seat, amount in r.rebuys:
            highest = max(s for i, s in enumerate(stacks) if i != seat)
            assert amount == min(seats[seat].buy_in, highest)
            stacks[seat] += amount
        stacks = [a + d for a, d in zip(stacks, r.deltas, strict=True)]


def test_a_rebuy_limit_puts_a_player_out_once_it_is_used() -> None:
    night = replace(builtin_nights()["horse"], buy_in=100, rebuys=RebuyRule(1))
    table, _ = play(night, 4, 400, seed=1)
    ledger = table.finish()
    counts = [ledger.totals(p).rebuy_count for p in ledger.players]
    assert max(counts) == 1
    assert any(table.out)


def test_a_short_game_deals_out_the_players_left_of_the_big_blind_004_r13_04() -> None:
    # 004 r.13.04: Chicago Triple Draw seats six; with seven "the person to the left of
    # the Big Blind sits out", with eight the two persons to the left of it
    assert sitting_out(list(range(7)), button=0, most=6) == {3}
    assert sitting_out(list(range(8)), button=6, most=6) == {1, 2}
    assert sitting_out(list(range(6)), button=0, most=6) == set()
    assert sitting_out([0, 2, 3, 5, 6, 7, 9], button=9, most=6) == {3}  # busted seats skipped


def test_a_night_of_eight_deals_chicago_triple_draw_to_six() -> None:
    def triple_draw(dealer: int, menu: tuple[Game, ...], rng: random.Random) -> Game:
        return next(g for g in menu if g.id == "D10")

    table = GameNight(builtin_nights()["oresteen-dealers-choice"], bots(8), 2, chooser=triple_draw)
    full_tables = 0
    for r in table.play(30):
        assert r.game.id == "D10"
        assert not set(r.dealt) & set(r.sat_out)
        if len(r.dealt) + len(r.sat_out) == 8:
            order = [(r.button + i) % 8 for i in range(8)]
            assert set(r.sat_out) == {order[3], order[4]}
            assert len(r.dealt) == 6
            full_tables += 1
    assert full_tables


def test_a_pot_nobody_opened_is_in_the_next_deals_pot_001_job_r1() -> None:
    # 001 JoB r.1: when nobody opens, the pot stays for the next deal of the game, which
    # starts with those chips in its pot and whose winners take them with the rest
    _, results = play(jacks_night(), 5, 60, seed=3)
    waiting = 0
    won = []
    for r in results:
        if r.game.id != "D02":
            assert r.carried == r.carried_won == r.carried_in == 0
            continue
        assert r.carried_in == r.hand.carried_in == waiting
        if r.carried:
            assert r.hand.carried == r.hand.pot == waiting + r.carried
            waiting += r.carried
        elif waiting:
            assert r.carried_won == waiting
            assert sum(r.hand.payouts) == r.hand.pot
            paid = [r.hand.payouts[i] for i in range(len(r.dealt))]
            winners = {r.dealt[i] for i, p in enumerate(paid) if p}
            assert all(r.deltas[s] > 0 for s in winners)
            won.append(r.carried_won)
            waiting = 0
    assert won, "no carried pot was won in the run"


def test_a_pot_unopened_twice_carries_both_deals_chips() -> None:
    _, results = play(jacks_night(), 6, 150, seed=1)
    chained = [r for r in results if r.carried and r.carried_in]
    assert chained, "no deal was left unopened twice in a row"
    for r in chained:
        assert r.hand.carried == r.carried_in + r.carried


def first_bet_limit(hand: Hand) -> int | None:
    """The largest first bet of a Jacks-or-Better deal, checking round to the opener."""
    while (legal := hand.legal()) is not None:
        if legal.max_to is not None:
            return legal.max_to
        hand.act(Action("check") if legal.check else Action("fold"))
    return None


def test_a_carried_pot_counts_toward_the_pot_limit() -> None:
    spec = {**JACKS_NIGHT, "stakes": {"default": {"format": "pot-limit", "ante": 2}}}
    spec["selection"] = {"kind": "rotation", "games": ["D02"], "hands_per_game": 1}
    night = parse_night(spec, key="pl-jacks", source="test")
    _, results = play(night, 4, 80, seed=2, policy="call")
    carried = [r for r in results if r.carried_in]
    assert carried, "no carried pot in the run"
    stakes = carried[0].stakes
    for seed in range(40):
        fresh = Hand("D02", stakes, [300] * 4, house="roberts", seed=seed)
        again = Hand(
            "D02", stakes, [300] * 4, house="roberts", seed=seed, setup=HandSetup(carried_in=24)
        )
        limit, carried_limit = first_bet_limit(fresh), first_bet_limit(again)
        if limit is not None:
            assert carried_limit == limit + 24  # the pot is 8 antes + 24 carried
            return
    pytest.fail("nobody could open in forty deals")


def test_a_pot_still_waiting_at_the_end_goes_back_to_who_put_it_in() -> None:
    table = GameNight(jacks_night(), bots(5), 3)
    for r in table.play(60):
        if r.carried and not r.carried_won:
            break
    else:
        pytest.fail("nobody failed to open in sixty hands")
    stacks = list(table.stacks)
    shares = table.carried["D02"]
    ledger = table.finish()
    assert [ledger.totals(s.name).cash_out for s in table.seats] == [
        a + b for a, b in zip(stacks, shares, strict=True)
    ]
    assert sum(ledger.nets().values()) == 0


def test_the_same_seed_plays_the_same_night() -> None:
    def summary(seed: int) -> list[tuple[str, int, tuple[int, ...]]]:
        results, _ = run_night(builtin_nights()["barge-26"], bots(6), 40, seed)
        return [(r.game.id, r.button, r.deltas) for r in results]

    assert summary(4) == summary(4)
    assert summary(4) != summary(5)


class Cheat:
    """Bets a million chips: illegal in any game."""

    name = "cheat"

    def choose(self, hand: Hand, rng: random.Random) -> Action | str:
        return Action("bet", 1_000_000)


def test_an_illegal_action_stops_the_night_naming_the_hand() -> None:
    table = GameNight(builtin_nights()["horse"], [Cheat(), Cheat()], 1)
    with pytest.raises(SimulationError, match=r"^hand 1 \(seed"):
        list(table.play(5))


def test_finishing_twice_cashes_out_once() -> None:
    table = GameNight(builtin_nights()["horse"], bots(3), 1)
    list(table.play(10))
    first = list(table.finish().entries)
    assert table.finish().entries == first
    assert list(table.play(5)) == []


def test_cash_game_oklahoma_pots_the_dealer_wins_are_the_house_s_in_the_ledger_000_2_40() -> None:
    oklahoma = {
        "house": "barge",
        "buy_in": 2000,
        "selection": {"kind": "rotation", "games": ["F32"], "hands_per_game": 1},
        "stakes": {"default": {"format": "limit", "blinds": [1, 2]}},
    }
    night = parse_night(oklahoma, key="oklahoma", source="test")
    cash_game = replace(night, house=replace(night.house, oklahoma_dealer_wins=True))
    table, results = play(cash_game, 4, 400, seed=3, policy="call")
    taken = [r for r in results if r.to_house]
    assert taken  # river cards of one rank: every row removed, the dealer wins the pot
    for result in taken:
        assert result.to_house == result.hand.pot
        assert sum(result.deltas) == -result.to_house
    ledger = table.finish()
    assert ledger.net(HOUSE) == sum(r.to_house for r in taken)
    assert sum(ledger.nets().values()) == 0
    paid = sum(p.amount for p in ledger.settlement() if p.payee == HOUSE)
    assert paid == ledger.net(HOUSE)


def test_a_pot_nobody_opened_waits_for_the_game_with_the_bug_too_001_job_r1() -> None:
    # the Bug added at the dealer's choice does not make Jacks-or-Better another game:
    # its unopened pot goes to the next deal of it, with or without the joker
    from types import SimpleNamespace

    from pokerbook.engine.setup import NO_SETUP
    from pokerbook.games.bug import with_bug
    from pokerbook.games.catalogue import find_game
    from pokerbook.table.procedures import CarryUnopenedPots

    table = SimpleNamespace(carried={"D02": [3, 2, 0]}, players=3)
    ctx: Any = SimpleNamespace(
        table=table, game=with_bug(find_game("D02")), setup=NO_SETUP, waiting=None
    )
    CarryUnopenedPots().before_hand(ctx)
    assert ctx.waiting == [3, 2, 0]
    assert ctx.setup.carried_in == 5
    assert table.carried == {}
