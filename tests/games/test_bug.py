"""The Bug added at the dealer's choice (004 r.3): the game with a joker in its deck."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pokerbook.bots import get_policy
from pokerbook.cards.notation import parse
from pokerbook.engine.errors import HandConfigurationError
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import check_invariants
from pokerbook.games.bug import BugError, base_id, with_bug
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import BARGE, HOMEGAME, ORESTEEN
from pokerbook.games.rules_page import house_notes
from pokerbook.games.stakes import Stakes
from pokerbook.history.phh import read_phh, write_phh
from pokerbook.history.replay import replay
from pokerbook.history.scripted_dealer import ScriptedDealer
from pokerbook.table.night import StakesTable
from pokerbook.table.night_file import builtin_nights
from pokerbook.table.overs import OversRule
from pokerbook.table.play import run_night
from pokerbook.table.selection import DealersChoice, GameChooser, Selector, bots_game_choice
from pokerbook.table.straddles import may_straddle

LIMIT = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)


def test_a_game_with_the_bug_is_the_game_with_a_joker_added_004_r3() -> None:
    holdem = find_game("F01")
    bugged = find_game("F01+bug")
    assert bugged is with_bug(holdem) is find_game("hold'em+bug")
    assert (bugged.id, bugged.deck, bugged.bug) == ("F01+bug", "standard-joker", True)
    assert bugged.steps == holdem.steps
    assert bugged.showdown == holdem.showdown
    assert base_id(bugged.id) == "F01"
    assert "004 r.3" in bugged.sources


def test_the_bug_is_added_to_a_52_card_deck_only() -> None:
    with pytest.raises(BugError, match="52-card deck"):
        with_bug(find_game("F03"))


def test_only_a_house_that_allows_it_deals_the_bug() -> None:
    with pytest.raises(HandConfigurationError, match="does not add the Bug"):
        Hand("F01+bug", LIMIT, [100, 100], house=BARGE)
    hand = Hand("F01+bug", LIMIT, [100, 100], house=ORESTEEN, seed=1)
    assert hand.dealer.remaining() + 4 == 53  # the joker in the deck, four cards dealt


def play_down(hand: Hand) -> Hand:
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        hand.act("sd" if legal.draw is not None else "cc")
        check_invariants(hand)
    return hand


def test_the_bug_fills_a_straight_at_its_high_end_in_holdem_004_r3() -> None:
    dealer = ScriptedDealer([parse("Jo 7c"), parse("Ks Kd")], parse("8d 9h Th 2c 3s"))
    hand = play_down(Hand("F01+bug", LIMIT, [100, 100], house=ORESTEEN, dealer=dealer))
    assert hand.stacks == [102, 98]  # 7-8-9-10 and the Bug: a jack-high straight


def test_the_bug_pairs_an_ace_in_ace_to_six_lowball_004_r3() -> None:
    # "A Bug 3 4 6 would loose to A 2 3 4 6 as the hand with the bug has a pair of aces"
    hands = [parse("Jo Ac 3d 4h 6s"), parse("Ad 2c 3h 4s 6d")]
    dealer = ScriptedDealer(hands, ())
    hand = play_down(Hand("D06+bug", LIMIT, [100, 100], house=ORESTEEN, dealer=dealer))
    assert hand.stacks == [98, 102]


def test_a_hand_with_the_bug_round_trips_through_phh() -> None:
    rng = random.Random(4)
    policy = get_policy("random")
    for seed in range(20):
        hand = Hand("F01+bug", LIMIT, [100, 80, 120], house=ORESTEEN, seed=seed)
        while not hand.done:
            hand.act(policy.choose(hand, rng))
        again = replay(read_phh(write_phh(hand), f"bug seed {seed}"))
        assert again.game is hand.game
        assert again.stacks == [hand.stacks[s] for s in hand.order_from(hand.button + 1)]


def test_bot_dealers_add_the_bug_at_the_nights_chance() -> None:
    menu = (find_game("F01"), find_game("F16"), find_game("F03"))
    choose = bots_game_choice(0.5)
    rng = random.Random(2)
    picks = [choose(0, menu, rng) for _ in range(400)]
    bugged = [g for g in picks if g.bug]
    assert 100 < len(bugged) < 200  # about half of the two 52-card games' deals
    assert {base_id(g.id) for g in bugged} == {"F01", "F16"}


def test_an_oresteen_night_deals_some_games_with_the_bug_and_keeps_the_books() -> None:
    night = builtin_nights()["oresteen-holdem-night"]
    policies = [get_policy("random") for _ in range(6)]
    results, ledger = run_night(night, policies, hands=120, seed=5)
    assert any(r.game.bug for r in results)
    assert all(night.house.bug_at_dealers_choice for r in results if r.game.bug)
    assert sum(ledger.nets().values()) == 0


# -- every rule a night or house keys by game ID holds for the game with the Bug ------------


def test_overs_never_makes_an_always_limit_game_no_limit_with_the_bug() -> None:
    # 004 r.13.04: Chicago Triple Draw "is ALWAYS played limited"; r.3 adds a joker only
    rule = OversRule(chance=1.0, exclude=("D10",))
    assert not rule.applies(find_game("D10"), LIMIT)
    assert not rule.applies(find_game("D10+bug"), LIMIT)
    assert rule.applies(find_game("D06+bug"), LIMIT)


def test_a_game_without_straddles_has_none_with_the_bug() -> None:
    house = replace(ORESTEEN, straddles=2)  # no_straddle_games = D10 (004 r.13.04)
    assert not may_straddle(find_game("D10+bug"), LIMIT, house)
    assert may_straddle(find_game("F01+bug"), LIMIT, house)


def test_a_games_own_stakes_apply_to_it_with_the_bug() -> None:
    own = Stakes(format="limit", blinds=(50, 100), ante=50, small_bet=100, big_bet=200)
    table = StakesTable((("default", LIMIT), ("D10", own)))
    assert table.for_game(find_game("D10+bug")) == own


def test_the_stud_high_card_house_note_holds_with_the_bug() -> None:
    note = "The highest up card starts the betting on third street"
    assert note in house_notes(HOMEGAME, find_game("S01+bug"))
    assert note not in house_notes(HOMEGAME, find_game("S05+bug"))


def test_the_plain_omaha_house_note_holds_with_the_bug() -> None:
    note = 'A plain "Omaha" means F17 here'
    assert note in house_notes(HOMEGAME, find_game("F16+bug"))
    assert note in house_notes(HOMEGAME, find_game("F17+bug"))
    assert note not in house_notes(HOMEGAME, find_game("F01+bug"))


def test_a_dealer_may_choose_a_menu_game_with_the_bug() -> None:
    menu = DealersChoice(("F01", "D10"))

    def choosing(game_id: str) -> GameChooser:
        return lambda dealer, games, rng: find_game(game_id)

    pick = Selector(menu, random.Random(1), choosing("D10+bug")).next(dealer=0, players=6)
    assert pick.game.id == "D10+bug"
    with pytest.raises(ValueError, match="not on the night's menu"):
        Selector(menu, random.Random(1), choosing("D06+bug")).next(dealer=0, players=6)
