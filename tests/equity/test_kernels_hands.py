"""Deals with the board known (stud, draw games, the river): each hand's completions
valued once, against the engine's own enumeration of the same deals."""

from __future__ import annotations

import pytest

from pokerbook.equity.engine_path import EquityTable
from pokerbook.equity.enumerate import exact_tally as engine_exact
from pokerbook.equity.fast import exact_tally, plan_spot
from pokerbook.equity.request import read_question
from pokerbook.equity.spot import Tally

TOLERANCE = 1e-9


def shares(tally: Tally, split: bool) -> list[float]:
    """Every hand's equity per deal, and in a split game its high, low and scoop."""
    sums = [*tally.equity, *tally.high, *tally.low, *tally.scoop] if split else tally.equity
    return [value / tally.weight for value in sums]


@pytest.mark.parametrize(
    ("game_id", "hands", "board"),
    [
        ("S01", ["Ah Kh Qd Jc Tc 2s", "9s 9d 8c 7c 6c 2d"], ""),  # stud, 6th street
        ("S05", ["Ah 2h 3d Jc Tc 9h", "4s 5d 8c 7c 6c"], ""),  # razz, a hand a card behind
        ("S02", ["Ah 2h 3d Jc Tc 4h", "9s 9d 8c 7c 6c 3c"], ""),  # stud eight-or-better
        ("D07", ["7h 5d 4c 3s", "8s 6d 4h 2d", "Ks Kd 9c 7c 2c"], ""),  # 2-7 single draw
        ("F17", ["Ah 2h Kd Qc", "9s 9d 8c 7c"], "2c 3d 9h Ks"),  # hands short, board known
    ],
)
def test_the_kernels_agree_with_the_engine(game_id: str, hands: list[str], board: str) -> None:
    question = read_question(game_id, hands, board if not board else board + " 4s")
    plan = plan_spot(question.spot)
    assert plan is not None
    ours = exact_tally(plan)
    theirs = engine_exact(EquityTable(question))
    assert ours.deals == theirs.deals
    split = plan.shares > 1
    assert shares(ours, split) == pytest.approx(shares(theirs, split), abs=TOLERANCE)


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
