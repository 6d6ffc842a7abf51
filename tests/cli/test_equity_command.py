"""``pokerbook equity`` as a user runs it: the table, the JSON, and one-line errors
with exit code 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerbook.cli.main import cli, main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout  # stderr may say the kernels are compiling


def run_main(monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    """Run the real entry point (its error handling included) on input it refuses;
    the exit code."""
    monkeypatch.setattr(sys, "argv", ["pokerbook", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    code = exit_info.value.code
    assert isinstance(code, int)
    return code


def test_equity_prints_a_table_and_says_it_is_exact() -> None:
    code, out = run("equity", "holdem", "Ah Kh", "Qd Qc", "--board", "2c 7d Jc 9s")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].split() == ["hand", "equity"]
    assert lines[1].split() == ["Ah", "Kh", f"{100 * 6 / 44:.2f}%"]
    assert lines[2].split() == ["Qd", "Qc", f"{100 * 38 / 44:.2f}%"]
    assert lines[-1] == "Texas Hold'em (F01): exact over 44 deals"


def test_a_sampled_split_game_shows_the_error_and_the_split_shares() -> None:
    code, out = run(
        "equity", "plo8", "As 2s 3d Kd", "Ah Kh Qc Jc", "-b", "2h 5c Qs", "-n", "300", "-s", "1"
    )
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].split() == ["hand", "equity", "±", "high", "low", "scoop"]
    assert len(lines[1].split()) == 4 + 5
    assert lines[-1].endswith("300 trials at random")


def test_json_has_the_issue_s_structure() -> None:
    code, out = run("equity", "razz", "As 2s 3d", "4c 5c 6h", "--trials", "200", "--json")
    assert code == 0
    result = json.loads(out)
    assert list(result) == ["game", "exact", "trials", "hands"]
    assert result["game"] == "S05"
    assert result["exact"] is False
    assert [row["hand"] for row in result["hands"]] == ["As 2s 3d", "4c 5c 6h"]
    assert all(set(row) == {"hand", "equity", "error"} for row in result["hands"])


def test_draws_are_declared_once_per_hand() -> None:
    code, out = run(
        "equity", "D07", "7c 5d 4h 3s Kc", "8d 6c 4s 3h 2d", "--draws", "Kc", "--draws", "pat",
        "--exact", "--json",
    )  # fmt: skip
    assert code == 0
    result = json.loads(out)
    assert result["boards"] == 42
    assert result["hands"][0]["equity"] == pytest.approx(3 / 42)


def test_several_boards_are_repeated_options() -> None:
    code, out = run(
        "equity", "chowaha", "Ah Kh", "Qd Qc", "-b", "2c 3c 4c", "-b", "Ad Kd 9s", "-b",
        "5h 6h 7h", "-n", "200", "--json",
    )  # fmt: skip
    assert code == 0
    assert sum(row["equity"] for row in json.loads(out)["hands"]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["holdem", "Ah Kh", "Ah Qc"], "error: Ah is given twice"),
        (["holdem", "Ah Kh Qc", "Qd Qs"], "error: hand 1 has 3 cards"),
        (["nosuchgame", "Ah Kh", "Qd Qs"], "error: no game named 'nosuchgame'"),
        (["holdem", "Ah Kh", "", "--exact"], "error: an exact answer would go through"),
        (["holdem", "Ah Kh", "Qd Qs", "-b", "2c 3c 4c 5c 6c 7c"], "error: board 1 has 6"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    code = run_main(monkeypatch, "equity", *args)
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err.startswith(message)
    assert len(captured.err.strip().splitlines()) == 1
    assert captured.out == ""


def _stderr_of(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("equity", "holdem", "Ah Kh", "Qd Qc", "--board", "2c 7d Jc"),
        ("equity", "holdem", "Ah Kh", "Qd Qc", "--trials", "500", "--seed", "1"),
        ("equity", "sweep", "holdem", "--trials", "100", "--classes", "2"),
    ],
)
def test_a_cold_kernel_cache_is_said_once_on_stderr(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    from pokerbook.equity import compiling

    _stderr_of(*args)  # compiles the kernels if the cache is cold
    assert compiling.MESSAGE not in _stderr_of(*args)
    monkeypatch.setattr(compiling, "is_cached", lambda kernel, folder=None: False)
    assert _stderr_of(*args).count(compiling.MESSAGE) == 1


def test_a_question_the_engine_answers_says_nothing_of_kernels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pokerbook.equity import compiling

    monkeypatch.setattr(compiling, "is_cached", lambda kernel, folder=None: False)
    stderr = _stderr_of("equity", "chowaha", "Ah Kh", "Qd Qc", "--trials", "50")
    assert compiling.MESSAGE not in stderr


@pytest.mark.slow
def test_an_empty_kernel_cache_is_said_once_and_a_warm_one_not(tmp_path: Path) -> None:
    """Two fresh processes over a cache folder of their own (``NUMBA_CACHE_DIR``): the
    first compiles the kernel it runs and says so once, the second loads it silently."""
    import os
    import subprocess

    from pokerbook.equity.compiling import MESSAGE

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    args = ["equity", "F16", "Ah Kh Qd Jc", "9s 9d 8c 7c", "--board", "2c 7d 9h Js"]
    command = [sys.executable, "-m", "pokerbook", *args]
    runs = [
        subprocess.run(command, check=False, capture_output=True, text=True, env=env)
        for _ in range(2)
    ]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr
    assert runs[0].stderr.count(MESSAGE) == 1
    assert MESSAGE not in runs[1].stderr
    assert runs[0].stdout == runs[1].stdout
    assert "exact over 40 deals" in runs[1].stdout
