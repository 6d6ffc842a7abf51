"""The last board cards for shares valued from card subsets: Omaha and its kin on the
flop and the turn, against the engine's own enumeration of the same deals."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from pokerbook.cards.decks import deck
from pokerbook.cards.notation import format_cards
from pokerbook.equity.fast import exact_tally, plan_spot
from pokerbook.equity.request import read_question
from pokerbook.games.catalogue import find_game

sys.path.insert(0, str(Path(__file__).parent))  # the kernel tests' helper, beside them
from kernels_engine import assert_kernels_agree_with_engine


def spot_texts(game_id: str, seed: int, players: int, board: int) -> tuple[list[str], str]:
    game = find_game(game_id)
    cards = list(deck(game.deck).cards)
    random.Random(seed).shuffle(cards)
    hands = [
        format_cards(cards[i * game.hole_cards : (i + 1) * game.hole_cards]) for i in range(players)
    ]
    start = players * game.hole_cards
    return hands, format_cards(cards[start : start + board])


@pytest.mark.parametrize(
    ("game_id", "players", "board", "seed"),
    [
        ("F16", 3, 4, 1),  # Omaha, the turn
        ("F16", 2, 3, 2),  # Omaha, the flop
        ("F17", 2, 3, 3),  # Omaha eight-or-better, the flop
        ("F17", 3, 4, 4),
        ("F21", 2, 4, 5),  # five-card Omaha
        ("F23", 2, 4, 6),  # Courchevel
    ],
)
def test_the_kernels_agree_with_the_engine(
    game_id: str, players: int, board: int, seed: int
) -> None:
    hands, board_text = spot_texts(game_id, seed, players, board)
    assert_kernels_agree_with_engine(game_id, hands, board_text)


def test_a_flop_is_walked_over_every_turn_and_river() -> None:
    # top set against ace-high with no draw to speak of: the set is far ahead
    question = read_question("F16", ["9s 9d 8c 7c", "Ah Kh Qd Jc"], "9h 7d 2c")
    plan = plan_spot(question.spot)
    assert plan is not None
    tally = exact_tally(plan)
    assert tally.deals == 820  # C(41, 2): 52 less 8 hole cards and the flop
    assert tally.equity[0] / tally.weight > 0.8
    assert sum(tally.equity) == pytest.approx(tally.weight)
