"""Shared by the kernel tests: a spot's exact tally by the kernels against the engine's
own enumeration of the same deals."""

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


def assert_kernels_agree_with_engine(game_id: str, hands: list[str], board: str) -> None:
    """The kernels cover the spot, walk as many deals as the engine, and give each hand
    the same shares."""
    question = read_question(game_id, hands, board)
    plan = plan_spot(question.spot)
    assert plan is not None
    ours = exact_tally(plan)
    theirs = engine_exact(EquityTable(question))
    assert ours.deals == theirs.deals
    split = plan.shares > 1
    assert shares(ours, split) == pytest.approx(shares(theirs, split), abs=TOLERANCE)
