"""Saying so before the equity kernels compile: the index file numba keeps for a kernel,
and one message within ``telling`` when a kernel about to run is not cached."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerbook.equity import compiling, kernels_deal
from pokerbook.equity.compiling import MESSAGE, before_running, index_name, is_cached, telling
from pokerbook.equity.fast import exact_tally, plan_spot
from pokerbook.equity.request import read_question
from pokerbook.evaluation.compiled import numba_cache_dir


def _turn_plan() -> object:
    question = read_question("holdem", ["Ah Kh", "Qd Qc"], "2c 7d Jc 9s")
    plan = plan_spot(question.spot)
    assert plan is not None
    return plan


def test_a_kernel_that_ran_has_its_index_file_in_numba_s_cache() -> None:
    plan = _turn_plan()
    exact_tally(plan)  # type: ignore[arg-type]
    kernel = kernels_deal.enumerate_boards_high
    assert kernel.signatures
    assert is_cached(kernel, numba_cache_dir())
    assert is_cached(kernel)


def test_an_empty_cache_folder_holds_no_kernel(tmp_path: Path) -> None:
    kernel = kernels_deal.sample_deals
    assert not is_cached(kernel, tmp_path)
    folder = tmp_path / "equity_0123"
    folder.mkdir()
    (folder / index_name(kernel)).write_bytes(b"")
    assert is_cached(kernel, tmp_path)
    assert not is_cached(kernels_deal.enumerate_deals, tmp_path)


def test_the_index_name_is_module_name_and_line() -> None:
    kernel = kernels_deal.sample_deals
    name = index_name(kernel)
    line = kernel.py_func.__code__.co_firstlineno
    assert name.startswith(f"kernels_deal.sample_deals-{line}.py3")
    assert name.endswith(".nbi")


@pytest.mark.parametrize("cached", [False, True])
def test_the_message_comes_once_and_only_for_a_cold_kernel(
    monkeypatch: pytest.MonkeyPatch, cached: bool
) -> None:
    monkeypatch.setattr(compiling, "is_cached", lambda kernel, folder=None: cached)
    told: list[str] = []
    with telling(told.append):
        assert compiling.listening()
        before_running(kernels_deal.sample_deals)
        before_running(kernels_deal.enumerate_deals)
    assert told == ([] if cached else [MESSAGE])
    assert not compiling.listening()


def test_nobody_is_told_outside_telling(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiling, "is_cached", lambda kernel, folder=None: False)
    told: list[str] = []
    with telling(told.append):
        pass
    before_running(kernels_deal.sample_deals)
    assert told == []


def test_a_plain_function_has_nothing_to_compile() -> None:
    def plain() -> None:
        """What numba's decorator gives with its compiler switched off."""

    assert is_cached(plain)
