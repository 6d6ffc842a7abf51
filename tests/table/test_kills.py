"""Kill pots over a night (rules.md §1.5; 001 "Kill Pots"; 004 r.10, r.6c-6f, r.13.04;
E-6, E-30): the kill button and legs, where the kill blind goes in each family, the
kill stakes, and a killer who sits a game out."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from pokerbook.bots import get_policy
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import NO_SETUP
from pokerbook.games.catalogue import find_game
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.table.kills import (
    Kill,
    KillButton,
    KillRule,
    is_lowball,
    kill_blind,
    killed_stakes,
)
from pokerbook.table.midnight import double_stakes
from pokerbook.table.night import Night
from pokerbook.table.night_file import builtin_nights, parse_night
from pokerbook.table.play import GameNight, HandResult

NL = Stakes(format="no-limit", blinds=(50, 100))
LIMIT = Stakes(format="limit", blinds=(50, 100), small_bet=100, big_bet=200)
NAMES = ("A", "B", "C")
ORESTEEN = KillRule("full", "oresteen")
ROBERTS = KillRule("full", "roberts")


def finish(hand: Hand, winner: int, *, flop: bool = True, raise_to: int = 300) -> Hand:
    """Play ``hand`` so that ``winner`` takes it: it raises before the flop and the others
    call (or, without ``flop``, fold to the raise); after the flop it bets and they fold."""
    raised = False
    while not hand.done:
        seat = hand.actor
        legal = hand.legal()
        assert seat is not None
        assert legal is not None
        if hand.street == 1 and not raised and seat == winner:
            hand.act(f"cbr {raise_to}")
            raised = True
        elif hand.street == 1:
            hand.act("f" if raised and not flop else "cc")
        elif seat == winner:
            hand.act(f"cbr {legal.min_to}" if legal.check and legal.min_to else "cc")
        else:
            hand.act("cc" if legal.check else "f")
    return hand


def won(
    winner: int,
    game: str = "F01",
    stakes: Stakes = NL,
    seed: int = 1,
    players: int = 3,
    **how: Any,
) -> Hand:
    return finish(Hand(game, stakes, [10000] * players, seed=seed), winner, **how)


def folded_to_big_blind(game: str = "F01", stakes: Stakes = NL) -> Hand:
    """Everyone folds to the big blind (seat 2): it wins only blinds and antes."""
    hand = Hand(game, stakes, [10000] * 3, seed=1)
    while not hand.done:
        hand.act("f")
    return hand


def split_pot(game: str = "F01") -> Hand:
    """A checked-down hand whose pot two players or more share (the first seed found)."""
    for seed in range(5000):
        hand = Hand(game, NL, [10000] * 3, seed=seed)
        while not hand.done:
            hand.act("cc")
        if sum(1 for e in hand.events if e.kind == "award" and e.amount) > 1:
            return hand
    raise AssertionError("no split pot in 5000 deals")


def winners(hand: Hand) -> set[int]:
    return {e.seat for e in hand.events if e.kind == "award" and e.seat is not None and e.amount}


def kill_in(button: KillButton, game: str = "F01", stakes: Stakes = NL) -> Kill | None:
    """The kill (if any) in a 3-handed hand of ``game``, button on seat 0."""
    blinds = [0, 50, 100] if find_game(game).forced == "blinds" else [0, 0, 0]
    return button.kill_for(
        find_game(game), stakes, None, NAMES, 0, [10000] * 3, blinds, NO_SETUP, random.Random(0)
    )


def test_kill_after_two_wins_in_a_row() -> None:
    button = KillButton(ORESTEEN)
    assert button.after_hand(find_game("F01"), won(0), NAMES, None) is None
    assert button.legs == {"A"}
    assert button.after_hand(find_game("F01"), won(0), NAMES, None) == "A"


def test_a_win_by_someone_else_takes_the_leg_away() -> None:
    button = KillButton(ORESTEEN)
    button.after_hand(find_game("F01"), won(0), NAMES, None)
    button.after_hand(find_game("F01"), won(1), NAMES, None)
    assert button.legs == {"B"}
    assert button.after_hand(find_game("F01"), won(0), NAMES, None) is None


def test_second_leg_needs_a_full_bet_beyond_blinds_and_antes_004_r10() -> None:
    ante = Stakes(format="no-limit", blinds=(50, 100), ante=100)
    button = KillButton(ORESTEEN)
    button.after_hand(find_game("D01"), folded_to_big_blind("D01", ante), NAMES, None)
    assert button.legs == {"C"}
    # the second pot brings only blinds and antes: no kill, the leg stays
    assert (
        button.after_hand(find_game("D01"), folded_to_big_blind("D01", ante), NAMES, None) is None
    )
    assert button.legs == {"C"}


def test_antes_count_toward_the_second_leg_in_001_not_004() -> None:
    # 001 Kill r.3 leaves out the blinds only; two antes of 100 make a full bet of 100
    ante = Stakes(format="no-limit", blinds=(50, 100), ante=100)
    for rule, due in ((ROBERTS, "C"), (ORESTEEN, None)):
        button = KillButton(rule)
        button.legs.add("C")
        assert (
            button.after_hand(find_game("D01"), folded_to_big_blind("D01", ante), NAMES, None)
            == due
        )


def test_first_leg_has_no_minimum_001_kill_r3() -> None:
    button = KillButton(ORESTEEN)
    button.after_hand(find_game("D01"), folded_to_big_blind("D01"), NAMES, None)
    assert button.legs == {"C"}


def test_no_flop_pot_keeps_the_leg_and_kills_nobody_004_r10() -> None:
    # the big blind raises the callers out before the flop: 150 of their own chips
    button = KillButton(ORESTEEN)
    button.after_hand(find_game("F01"), won(2), NAMES, None)
    no_flop = won(2, flop=False)
    assert not no_flop.boards[0]
    assert button.after_hand(find_game("F01"), no_flop, NAMES, None) is None
    assert button.legs == {"C"}
    # under 001 the same pot is a second leg
    roberts = KillButton(ROBERTS)
    roberts.after_hand(find_game("F01"), won(2), NAMES, None)
    assert roberts.after_hand(find_game("F01"), won(2, flop=False), NAMES, None) == "C"


def test_split_pot_keeps_leg_up() -> None:
    hand = split_pot()
    sharing = winners(hand)
    holder = min(sharing)
    button = KillButton(ORESTEEN)
    button.legs.add(NAMES[holder])
    assert button.after_hand(find_game("F01"), hand, NAMES, None) is None
    assert button.legs == {NAMES[holder]}  # kept, and no new leg for the other splitter


def test_split_pot_without_the_leg_makes_the_button_neutral_001_kill_r1() -> None:
    hand = split_pot()
    outside = next(s for s in range(3) if s not in winners(hand))
    button = KillButton(ORESTEEN)
    button.legs.add(NAMES[outside])
    button.after_hand(find_game("F01"), hand, NAMES, None)
    assert button.legs == set()


def test_killer_who_splits_kills_again_001_kill_r4() -> None:
    hand = split_pot()
    killer = min(winners(hand))
    button = KillButton(ORESTEEN)
    button.due = NAMES[killer]
    kill = kill_in(button)
    assert kill is not None
    assert button.after_hand(find_game("F01"), hand, NAMES, kill) == NAMES[killer]


def test_killer_who_wins_kills_again_and_one_who_loses_does_not_001_kill_r7() -> None:
    for winner, due in ((1, "B"), (0, None)):
        button = KillButton(ORESTEEN)
        button.due = "B"
        kill = kill_in(button)
        assert kill is not None
        assert kill.killer == 1
        assert button.after_hand(find_game("F01"), won(winner), NAMES, kill) == due


def test_leg_kept_when_leaving_001_kill_r5() -> None:
    button = KillButton(ORESTEEN)
    button.after_hand(find_game("F01"), won(0), NAMES, None)
    # A leaves; B, C and D play a hand that D wins
    button.after_hand(find_game("F01"), won(2), ("B", "C", "D"), None)
    assert button.legs == {"A", "D"}
    assert button.after_hand(find_game("F01"), won(1), ("C", "A", "D"), None) == "A"


def test_scoop_kills_a_split_game_only_when_five_upper_limits_001_kill_r8() -> None:
    game = find_game("F17")  # Omaha/8: a split-pot game
    spread = Stakes(format="spread-limit", blinds=(50, 100), spread=(100, 200))
    small = won(0, "F17", spread, raise_to=200)
    big = won(0, "F17", spread, players=4, raise_to=300)
    assert len(winners(small)) == len(winners(big)) == 1
    assert small.pot < 5 * 200 <= big.pot  # five times the upper limit
    for hand, due in ((small, None), (big, "A")):
        button = KillButton(ROBERTS)  # no leg needed: one scoop is enough
        assert button.after_hand(game, hand, NAMES, None) == due


def test_pot_nobody_opened_wins_no_leg() -> None:
    stakes = Stakes(format="limit", ante=10, small_bet=20, big_bet=40)
    for seed in range(200):
        hand = Hand("D02", stakes, [1000] * 3, seed=seed)  # Jacks-or-Better
        while not hand.done:
            hand.act("cc")
        if hand.carried:
            break
    assert hand.carried
    button = KillButton(KillRule(games="all"))
    button.after_hand(find_game("D02"), hand, NAMES, None)
    assert button.legs == set()


def test_full_kill_doubles_and_half_kill_raises_by_one_and_a_half_001() -> None:
    spread = Stakes(format="spread-limit", blinds=(50, 100), ante=50, spread=(100, 500))
    full = killed_stakes(spread, KillRule("full"))
    half = killed_stakes(spread, KillRule("half"))
    assert (full.spread, full.minimum_bet()) == ((200, 1000), 200)
    assert (half.spread, half.minimum_bet()) == ((150, 750), 150)
    assert full.blinds == half.blinds == spread.blinds  # the kill blind is extra
    assert full.ante == spread.ante
    assert kill_blind(spread, KillRule("full")) == 200
    assert kill_blind(spread, KillRule("half")) == 150
    limit = killed_stakes(LIMIT, KillRule("half"))
    assert (limit.bet_size("small"), limit.bet_size("big")) == (150, 300)


# 004 r.6c-6f in cents: (stakes, kill blind, double stakes kill blind)
ORESTEEN_TABLES = [
    (Stakes(format="spread-limit", blinds=(50, 100), ante=50, spread=(100, 500)), 200, 400),
    (Stakes(format="no-limit", blinds=(25, 50), ante=50, min_bet=50), 100, 200),
    (Stakes(format="no-limit", blinds=(50, 100), ante=100, min_bet=100), 200, 400),
    (Stakes(format="no-limit", blinds=(100, 250), ante=250, min_bet=250), 500, 1000),
]


@pytest.mark.parametrize(("stakes", "kill", "double_kill"), ORESTEEN_TABLES)
def test_kill_blinds_are_004_stakes_tables(stakes: Stakes, kill: int, double_kill: int) -> None:
    assert kill_blind(stakes, ORESTEEN) == kill
    assert kill_blind(double_stakes(stakes), ORESTEEN) == double_kill


def test_chicago_triple_draw_kill_limits_e30_004_r13_04() -> None:
    night = builtin_nights()["oresteen-dealers-choice"]
    game = find_game("D10")
    stakes = night.stakes.for_game(game)
    killed = killed_stakes(stakes, ORESTEEN, night.stakes.killed_for(game))
    assert (stakes.bet_size("small"), stakes.bet_size("big")) == (100, 200)
    assert (killed.bet_size("small"), killed.bet_size("big")) == (200, 300)  # $2 and $3
    assert kill_blind(stakes, ORESTEEN) == 200
    assert night.stakes.killed_for(find_game("F01")) is None


def test_voluntary_kill_needs_four_kill_blinds_e6_001_kill_r10() -> None:
    stakes = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
    game = find_game("D06")  # a lowball game
    assert is_lowball(game)
    assert not is_lowball(find_game("D01"))
    rule = KillRule(voluntary=1.0)
    assert kill_blind(stakes, rule) == 4
    for stack, killer in ((15, None), (16, 1)):
        button = KillButton(rule)
        stacks = [0, stack, 0]  # only seat 1, left of the button, could kill
        kill = button.kill_for(
            game, stakes, None, NAMES, 0, stacks, [0, 1, 2], NO_SETUP, random.Random(0)
        )
        assert (kill.killer if kill else None) == killer
        assert kill is None or not kill.required
    # no voluntary kill in a game that is not lowball
    none = KillButton(rule).kill_for(
        find_game("D01"), stakes, None, NAMES, 0, [99] * 3, [0, 1, 2], NO_SETUP, random.Random(0)
    )
    assert none is None


def test_kill_only_lowball_games_when_the_night_says_so() -> None:
    button = KillButton(KillRule(games="lowball"))
    button.due = "B"
    assert kill_in(button, "F01") is None
    assert button.due == "B"  # waits for a lowball game
    kill = kill_in(button, "D06")
    assert kill is not None
    assert kill.killer == 1


def test_jackson_is_not_killed_the_kill_waits_004_r13_02() -> None:
    button = KillButton(ORESTEEN)
    button.due = "A"
    assert (
        kill_in(
            button,
            "D03",
            Stakes(format="spread-limit", ante=50, blinds=(50, 100), spread=(100, 500)),
        )
        is None
    )
    assert button.due == "A"


# -- at the table ------------------------------------------------------------------


def kill_night(games: Sequence[str], stakes: dict[str, Any], **extra: Any) -> Night:
    raw: dict[str, Any] = {
        "house": "oresteen",
        "buy_in": 10000,
        "rebuys": "unlimited",
        "selection": {"kind": "rotation", "games": list(games), "hands_per_game": 100},
        "stakes": stakes,
        "kills": {"kind": "full"},
        **extra,
    }
    return parse_night(raw, key="kills", source="test")


SPREAD = {"format": "spread-limit", "blinds": [50, 100], "ante": 50, "spread": [100, 500]}
STUD = {"format": "spread-limit", "ante": 50, "bring_in": 100, "spread": [100, 500]}


def one_killed_hand(night: Night, killer: int, players: int = 6, seed: int = 3) -> HandResult:
    """The first hand of ``night`` with player ``killer`` due to kill."""
    table = GameNight(night, [get_policy("call") for _ in range(players)], seed)
    assert table.kills is not None
    table.kills.due = table.seats[killer].name
    return next(iter(table.play(1)))


def first_round(hand: Hand) -> list[int]:
    """The seats in order of their decisions in the first betting round."""
    seats: list[int] = []
    for event in hand.events:
        if event.kind == "street" and event.amount == 2:
            break
        if event.kind in ("fold", "check", "call", "bet", "raise", "bring-in", "complete"):
            assert event.seat is not None
            seats.append(event.seat)
    return seats


def seat_of(result: HandResult, table_seat: int) -> int:
    return result.dealt.index(table_seat)


def test_kill_blind_acts_after_big_blind_first_round_at_the_table() -> None:
    night = kill_night(["F01"], {"default": SPREAD})
    for killer in range(6):
        result = one_killed_hand(night, killer)
        hand = result.hand
        assert result.killer == killer
        mine = seat_of(result, killer)
        blinds = {e.seat: e.amount for e in hand.events if e.kind == "blind"}
        assert blinds[mine] == 200  # the $2 kill blind (004 r.6c)
        assert hand.stakes.spread == (200, 1000)  # "the betting stakes ... are doubled"
        order = first_round(hand)
        big = (hand.button + 2) % 6
        assert order[-1] == mine  # the kill bets last
        if mine != big:
            assert order.index(big) == len(order) - 2  # right after the big blind


def test_killer_in_the_blinds_posts_the_blind_and_the_kill_004_r10() -> None:
    night = kill_night(["F01"], {"default": SPREAD})
    table = GameNight(night, [get_policy("call") for _ in range(4)], 3)
    assert table.kills is not None
    # the first hand's button is drawn from the table's rng: find the big blind by playing
    result = next(iter(GameNight(night, [get_policy("call") for _ in range(4)], 3).play(1)))
    big = result.dealt[(result.hand.button + 2) % 4]
    table.kills.due = table.seats[big].name
    killed = next(iter(table.play(1)))
    hand = killed.hand
    mine = seat_of(killed, big)
    assert killed.killer == big
    dead = {e.seat: e.amount for e in hand.events if e.kind == "dead-blind"}
    live = {e.seat: e.amount for e in hand.events if e.kind == "blind"}
    assert dead == {mine: 100}
    assert live[mine] == 200


def test_stud_killer_opens_with_double_bet() -> None:
    night = kill_night(["S01"], {"default": STUD})
    for killer in (0, 3):
        result = one_killed_hand(night, killer)
        hand = result.hand
        mine = seat_of(result, killer)
        opening = next(e for e in hand.events if e.kind in ("bring-in", "bet", "complete"))
        assert opening.seat == mine  # the killer opens, whatever cards are showing
        assert opening.amount >= 200  # double the $1 minimum bet
        assert not any(e.kind == "blind" for e in hand.events)


def test_draw_game_kill_blind_acts_after_big_blind_004_r10() -> None:
    night = kill_night(["D06"], {"default": SPREAD})
    result = one_killed_hand(night, 4)
    mine = seat_of(result, 4)
    assert first_round(result.hand)[-1] == mine


def test_killer_sitting_out_chicago_triple_draw_suspends_the_kill_004_r13_04() -> None:
    limit = {**SPREAD, "format": "limit", "small_bet": 100, "big_bet": 200}
    del limit["spread"]
    # with Hold'em in the night too, eight sit down and six are dealt Chicago Triple Draw
    night = kill_night(["D10", "F01"], {"default": SPREAD, "D10": limit})
    table = GameNight(night, [get_policy("call") for _ in range(8)], 4)
    assert table.kills is not None
    killer = None
    waited = 0
    for result in table.play(20):
        if killer is None:
            killer = (result.button + 4) % 8  # sits out this hand and the next
            assert killer in result.sat_out
            table.kills.due = table.seats[killer].name
            continue
        if killer in result.sat_out:
            assert result.killer is None
            waited += 1
            continue
        assert result.killer == killer  # back in the game: posts the kill
        assert result.hand.stakes.bet_size("small") == 200
        break
    else:
        raise AssertionError("the killer never came back in")
    assert waited >= 1


def test_one_kill_per_hand_and_a_killed_pot_has_no_straddles() -> None:
    night = kill_night(["F01"], {"default": SPREAD}, straddles={"chance": 1.0})
    result = one_killed_hand(night, 2)
    assert result.killer == 2
    assert result.straddles == ()
    posted = sorted(e.amount for e in result.hand.events if e.kind == "blind")
    assert posted.count(200) == 1
    assert set(posted) <= {50, 100, 200}


def test_kills_happen_over_an_oresteen_night() -> None:
    table = GameNight(
        builtin_nights()["oresteen-holdem-night"], [get_policy("call") for _ in range(5)], 7
    )
    results = list(table.play(200))
    killed = [r for r in results if r.killer is not None]
    assert killed
    for r in killed:
        assert r.hand.stakes.minimum_bet() == 2 * r.stakes.minimum_bet()


def test_kills_are_neutral_for_games_outside_the_rule() -> None:
    game: Game = find_game("F01")
    button = KillButton(KillRule(games="lowball"))
    button.after_hand(game, won(0), NAMES, None)
    assert button.legs == set()


def test_half_kill_is_rounded_down_to_whole_chips_004_r7() -> None:
    chips = Stakes(format="no-limit", blinds=(50, 100), ante=50, min_bet=100, chip=50)
    half = KillRule("half")
    assert kill_blind(chips, half) == 150
    odd = Stakes(format="no-limit", blinds=(25, 50), ante=50, min_bet=50, chip=25)
    assert killed_stakes(odd, half).minimum_bet() == 75
    coarse = Stakes(format="no-limit", blinds=(50, 50), ante=50, min_bet=50, chip=50)
    assert killed_stakes(coarse, half).minimum_bet() == 50  # 75 is not a whole chip
