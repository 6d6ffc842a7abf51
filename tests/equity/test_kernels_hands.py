"""Deals with the board known (stud, draw games, the river): each hand's completions
valued once, against the engine's own enumeration of the same deals."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pokerbook.equity.fast import exact_tally, plan_spot
from pokerbook.equity.request import read_question

sys.path.insert(0, str(Path(__file__).parent))  # the kernel tests' helper, beside them
from kernels_engine import assert_kernels_agree_with_engine


@pytest.mark.parametrize(
    ("game_id", "hands", "board"),
    [
        ("S01", ["Ah Kh Qd Jc Tc 2s", "9s 9d 8c 7c 6c 2d"], ""),  # stud, 6th street
        ("S05", ["Ah 2h 3d Jc Tc 9h", "4s 5d 8c 7c 6c"], ""),  # razz, a hand a card behind
        ("S02", ["Ah 2h 3d Jc Tc 4h", "9s 9d 8c 7c 6c 3c"], ""),  # stud eight-or-better
        ("D07", ["7h 5d 4c 3s", "8s 6d 4h 2d", "Ks Kd 9c 7c 2c"], ""),  # 2-7 single draw
        ("F17", ["Ah 2h Kd Qc", "9s 9d 8c 7c"], "2c 3d 9h Ks 4s"),  # hands short, board known
    ],
)
def test_the_kernels_agree_with_the_engine(game_id: str, hands: list[str], board: str) -> None:
    assert_kernels_agree_with_engine(game_id, hands, board)


def test_three_hands_each_one_card_short() -> None:
    question = read_question("S05", ["Ah 2h 3d 4c 5c 9h", "As 2s 3s 4s 6c Kd", "Kc Qc Jc Tc 9c 8d"])
    plan = plan_spot(question.spot)
    assert plan is not None
    tally = exact_tally(plan)
    assert tally.deals == 34 * 33 * 32  # one card each from the 34 unseen
    # the wheel is made already: the first hand can only be tied by another wheel
    assert tally.equity[0] / tally.weight > 0.9
    assert tally.equity[2] == 0.0
    assert sum(tally.equity) == pytest.approx(tally.weight)
