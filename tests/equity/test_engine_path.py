"""One equity deal through the engine: known cards where they belong, the policy's
draws and discards, and the pot shares read from the settlement."""

from __future__ import annotations

import random

import pytest

from pokerbook.cards.notation import parse
from pokerbook.equity.dealer import RandomPicks
from pokerbook.equity.engine_path import EquityTable, equity_stakes, play_deal
from pokerbook.equity.request import EquityError, read_question
from pokerbook.games.catalogue import find_game


def table(
    game: str, hands: list[str], board: str | list[str] = "", **options: object
) -> EquityTable:
    return EquityTable(read_question(game, hands, board, **options))  # type: ignore[arg-type]


def test_a_stud_hand_gets_its_cards_in_order_with_the_game_s_up_cards() -> None:
    played, _ = table("stud", ["Ah Kh 9h 2c 7d", "Qs Qd 8s"]).play(
        RandomPicks(random.Random(1)), random.Random(1)
    )
    assert played.hole[0][:5] == list(parse("Ah Kh 9h 2c 7d"))
    assert played.hole[1][:3] == list(parse("Qs Qd 8s"))
    assert played.face_up[0] == [False, False, True, True, True, True, False]
    assert played.up[0][:3] == list(parse("9h 2c 7d"))


def test_known_board_cards_go_to_their_own_boards() -> None:
    played, _ = table("F28", ["Ah Kh", "Qd Qc"], ["2c 3c 4c", "5d 6d 7d"]).play(
        RandomPicks(random.Random(2)), random.Random(2)
    )
    assert played.boards[0] == list(parse("2c 3c 4c"))
    assert played.boards[1] == list(parse("5d 6d 7d"))
    assert len(played.boards[2]) == 3


def test_a_declared_throw_of_a_card_not_held_is_refused() -> None:
    spot = table("D07", ["7c 5d 4h 3s Kc", "8d 6c 4s 3h 2d"], draws=["Qc", "pat"])
    with pytest.raises(EquityError, match="hand 1 cannot throw Qc in its draw 1"):
        play_deal(spot, RandomPicks(random.Random(1)), random.Random(1))


def test_a_discard_throws_the_card_dealt_at_random_first() -> None:
    # a Pineapple hand given after its discard: the third card, dealt at random, goes
    played, _ = table("F07", ["Ah Kh", "Qd Qc 2s"]).play(
        RandomPicks(random.Random(4)), random.Random(4)
    )
    assert played.hole[0] == list(parse("Ah Kh"))
    assert played.hole[1] == list(parse("Qd Qc"))  # its last listed card is thrown


def test_limit_stakes_follow_the_game_s_forced_money() -> None:
    assert equity_stakes(find_game("stud")).bring_in == 2
    assert equity_stakes(find_game("D02")).ante == 1
    assert equity_stakes(find_game("holdem")).blinds == (1, 2)
