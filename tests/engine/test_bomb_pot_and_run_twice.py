"""Bomb pots (000 §1.4) and running it twice (001 Procedures r.14, NL r.14; 004 r.26j)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.cards.notation import parse
from pokerbook.engine.errors import HandConfigurationError
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import check_invariants
from pokerbook.engine.run_twice import second_board
from pokerbook.engine.setup import HandSetup
from pokerbook.engine.views import view
from pokerbook.games.house import ORESTEEN
from pokerbook.games.stakes import Stakes
from pokerbook.history.phh import read_phh, write_phh
from pokerbook.history.replay import replay

if TYPE_CHECKING:
    from conftest import Table

NL_1_2 = Stakes(format="no-limit", blinds=(1, 2))
LIMIT_2_4 = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
# seat 0 holds aces, seat 2 kings; the first run pairs nobody, the second gives kings a set
HOLES = {0: "As Ah", 1: "5c 4d", 2: "Ks Kh"}
FIRST_RUN = "2c 7d 9h Js 8c"
SECOND_RUN = "Kd 3s 4h 6c Tc"


def run_twice_hand(
    table: Table, *, agreed: bool, board: str = FIRST_RUN + " " + SECOND_RUN
) -> Hand:
    dealer = table.Dealer(HOLES, board)
    return Hand("F01", NL_1_2, [100, 100, 100], dealer=dealer, setup=HandSetup(run_twice=agreed))


def awards_by_run(hand: Hand) -> list[tuple[int, int | None, int]]:
    return [(e.board, e.seat, e.amount) for e in hand.events if e.kind == "award"]


def test_run_twice_splits_the_pot_between_runs_with_different_winners_odd_chip_to_the_first_001_procedures_r14(  # noqa: E501
    table: Table,
) -> None:
    hand = run_twice_hand(table, agreed=True)
    table.play(hand, "cbr 100", "f", "cc")  # 201 in the pot: the small blind's chip is dead
    assert hand.done
    check_invariants(hand)
    assert hand.boards[0] == list(parse(FIRST_RUN))
    assert second_board(hand) == list(parse(SECOND_RUN))
    # the pot divided in two, each half dealt for separately: aces win the first run,
    # the kings' set the second; the odd chip of 201 goes with the first run
    assert awards_by_run(hand) == [(0, 0, 101), (1, 2, 100)]
    assert hand.stacks == [101, 99, 100]
    kinds = [e.kind for e in hand.events]
    assert kinds.index("run-twice") < kinds.index("deal-board")
    second = [e for e in hand.events if e.kind == "deal-board" and e.detail == "run 2"]
    assert [c for e in second for c in e.cards] == list(parse(SECOND_RUN))


def test_without_the_agreement_the_board_is_dealt_once_and_one_hand_takes_the_pot(
    table: Table,
) -> None:
    hand = run_twice_hand(table, agreed=False)
    table.play(hand, "cbr 100", "f", "cc")
    assert awards_by_run(hand) == [(0, 0, 201)]
    assert hand.second_run == []
    assert "run-twice" not in [e.kind for e in hand.events]


def test_all_in_on_the_flop_runs_only_the_turn_and_river_twice(table: Table) -> None:
    board = "2c 7d 9h Js 8c Kd 3s"
    hand = run_twice_hand(table, agreed=True, board=board)
    table.play(hand, "cc", "f", "cc", "cbr 98", "cc")  # flop 2c 7d 9h, then all in
    assert hand.done
    check_invariants(hand)
    assert hand.runout_from == 3
    assert second_board(hand) == list(parse("2c 7d 9h Kd 3s"))  # the flop is shared
    assert awards_by_run(hand) == [(0, 0, 101), (1, 2, 100)]


def test_an_even_pot_splits_exactly_and_the_view_shows_both_runs(table: Table) -> None:
    dealer = table.Dealer({0: "As Ah", 1: "Ks Kh"}, FIRST_RUN + " " + SECOND_RUN)
    hand = Hand("F01", NL_1_2, [100, 100], dealer=dealer, setup=HandSetup(run_twice=True))
    table.play(hand, "cbr 100", "cc")
    assert awards_by_run(hand) == [(0, 0, 100), (1, 1, 100)]
    seen = view(hand, 1)
    assert seen["runs"] == [FIRST_RUN.split(), SECOND_RUN.split()]
    assert [e for e in seen["events"] if e.get("detail") == "run 2"]


def test_a_house_that_forbids_running_it_twice_refuses_the_agreement_004_r26j() -> None:
    with pytest.raises(HandConfigurationError, match=r"oresteen house .* running it twice .*26j"):
        Hand("F01", NL_1_2, [100, 100], house=ORESTEEN, setup=HandSetup(run_twice=True))


def test_a_board_run_twice_is_written_to_phh_and_replays_to_its_runs(table: Table) -> None:
    hand = run_twice_hand(table, agreed=True)
    table.play(hand, "cbr 100", "f", "cc")
    again = replay(read_phh(write_phh(hand), "twice"))  # docs/phh.md: _run_twice
    assert second_board(again) == list(parse(SECOND_RUN))
    assert sorted(again.stacks) == sorted(hand.stacks)


def test_a_seeded_hand_run_twice_replays_from_its_record() -> None:
    hand = Hand("F01", NL_1_2, [50, 50, 120], seed=11, setup=HandSetup(run_twice=True))
    for action in ("cbr 50", "cc", "cc"):
        hand.act(action)
    assert hand.done
    check_invariants(hand)
    again = Hand.replay(hand.record())
    assert again.stacks == hand.stacks
    assert again.second_run == hand.second_run
    assert len(hand.second_run) == 5


def test_bomb_pot_everyone_antes_and_the_flop_comes_with_no_betting_000_s1_4(
    table: Table,
) -> None:
    dealer = table.Dealer({0: "As Ah", 1: "5c 4d", 2: "Ks Kh"}, FIRST_RUN)
    hand = Hand("F01", NL_1_2, [100, 100, 100], dealer=dealer, setup=HandSetup(bomb_pot=10))
    kinds = [e.kind for e in hand.events]
    assert kinds.count("ante") == 3
    assert "blind" not in kinds
    assert hand.pot == 30
    # no betting before the flop: it is already out, and the first street event follows it
    assert hand.boards[0] == list(parse("2c 7d 9h"))
    assert kinds.index("bomb-pot") < kinds.index("deal-board") < kinds.index("street")
    assert hand.actor == 1  # "action commences with the player to the left of the button"
    legal = hand.legal()
    assert legal is not None
    assert legal.check
    assert legal.min_to == 10  # "The minimum bet size is the size of the ante"
    table.play(hand, *["cc"] * 9)
    assert hand.done
    check_invariants(hand)
    assert sum(hand.stacks) == 300
    assert hand.stacks[0] == 120  # aces hold up


def test_a_limit_bomb_pot_bets_the_limit_sizes_after_the_flop(table: Table) -> None:
    dealer = table.Dealer({}, FIRST_RUN)
    hand = Hand("F01", LIMIT_2_4, [100, 100, 100], dealer=dealer, setup=HandSetup(bomb_pot=4))
    legal = hand.legal()
    assert legal is not None
    assert (legal.min_to, legal.max_to) == (2, 2)


def test_a_bomb_pot_needs_a_game_with_blinds() -> None:
    stud = Stakes(format="limit", ante=1, bring_in=2, small_bet=5, big_bet=10)
    with pytest.raises(HandConfigurationError, match="cannot be a bomb pot"):
        Hand("S01", stud, [100, 100], setup=HandSetup(bomb_pot=5))


def test_a_bomb_pot_replays_from_its_phh_and_from_its_record() -> None:
    hand = Hand("F01", NL_1_2, [100, 100, 100], seed=5, setup=HandSetup(bomb_pot=5))
    while not hand.done:
        hand.act("cc")
    text = write_phh(hand)
    assert "_bomb_pot = 5" in text
    history = read_phh(text, "bomb")
    replayed = replay(history)
    assert replayed.bomb_pot == 5
    assert replayed.stacks == [hand.stacks[s] for s in hand.order_from(hand.button + 1)]
    assert [e.kind for e in replayed.events] == [e.kind for e in hand.events]
    again = Hand.replay(hand.record())
    assert again.stacks == hand.stacks
    assert again.pot == hand.pot == 15
