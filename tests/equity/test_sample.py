"""Sampled equity: within a few standard errors of the exact answer, and stopping at a
standard error when asked."""

from __future__ import annotations

import pytest

from pokerbook.equity.api import equity
from pokerbook.equity.engine_path import EquityTable
from pokerbook.equity.request import EquityError, read_question
from pokerbook.equity.sample import BATCH, sample_tally, standard_errors
from pokerbook.equity.spot import Tally


def within_four_errors(sampled: dict[str, object], exact: dict[str, object]) -> None:
    rows, truth = sampled["hands"], exact["hands"]
    assert isinstance(rows, list)
    assert isinstance(truth, list)
    for row, real in zip(rows, truth, strict=True):
        assert row["error"] > 0
        assert abs(row["equity"] - real["equity"]) <= 4 * row["error"]


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        ("holdem", ["Ah Kh", "Qd Qc"], "Qh 7h 2c"),  # by sets on one template hand
        ("F20", ["As Ks Ad Kd", "2c 3c Qh Jh"], "Ah Kc 7d 6s"),  # a die: through the engine
    ],
)
def test_sampled_answers_lie_within_four_standard_errors_of_exact(
    game: str, hands: list[str], board: str
) -> None:
    exact = equity(game, hands, board=board, exact=True)
    sampled = equity(game, hands, board=board, trials=2000, seed=7)
    assert sampled["exact"] is False
    assert sampled["trials"] == 2000
    within_four_errors(sampled, exact)


def test_the_same_seed_gives_the_same_answer() -> None:
    first = equity("razz", ["As 2s 3d", "4c 5c 6h"], trials=500, seed=3)
    again = equity("razz", ["As 2s 3d", "4c 5c 6h"], trials=500, seed=3)
    assert first == again


def test_sampling_to_an_error_stops_once_every_hand_reaches_it() -> None:
    table = EquityTable(read_question("holdem", ["Ah Kh", "Qd Qc"]))
    tally = sample_tally(table, error=0.01, seed=1)
    assert max(standard_errors(tally)) <= 0.01
    # a pot share's variance is at most 1/4: 2,500 deals always do; batches of BATCH
    assert tally.deals % BATCH == 0
    assert tally.deals <= 2500 + BATCH


def test_an_answer_sampled_to_an_error_reaches_it() -> None:
    result = equity("razz", ["As 2s 3d", "4c 5c 6h"], error=0.02, seed=1)
    assert result["exact"] is False
    assert max(row["error"] for row in result["hands"]) <= 0.02


def test_trials_cap_a_run_to_an_error() -> None:
    table = EquityTable(read_question("holdem", ["Ah Kh", "Qd Qc"]))
    tally = sample_tally(table, trials=1500, error=0.0001, seed=2)
    assert tally.deals == 1500


def test_standard_errors_of_a_constant_share_are_zero() -> None:
    tally = Tally(2, deals=10, weight=10.0, equity=[10.0, 0.0], equity_sq=[10.0, 0.0])
    assert standard_errors(tally) == [0.0, 0.0]
    fair = Tally(1, deals=4, weight=4.0, equity=[2.0], equity_sq=[2.0])  # 1, 1, 0, 0
    assert standard_errors(fair) == pytest.approx([(1 / 3) ** 0.5 / 2])


def test_a_deal_nobody_can_open_is_dealt_again_and_never_counted() -> None:
    # Jacks or better: the first hand always opens, so every deal has a showdown
    result = equity("D02", ["Jh Jd 7c 5s 2d", "Kc Qc 9h 6d 3s"], trials=200, seed=1)
    assert result["hands"][0]["equity"] == 1.0


def test_when_no_deal_can_be_opened_it_says_so() -> None:
    with pytest.raises(EquityError, match="nobody could open"):
        equity("D02", ["Th Td 7c 5s 2d", "Kc Qc 9h 6d 3s"], trials=2000, seed=1)
