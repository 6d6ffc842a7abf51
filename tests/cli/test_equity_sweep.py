"""``pokerbook equity sweep``: the table, JSON and files, and refusals; ``pokerbook
equity GAME HAND ...`` still asks a question."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerbook.cli.main import cli, main

SMALL = ["equity", "sweep", "holdem", "-n", "800", "--classes", "12", "--seed", "3"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout  # stderr may say the kernels are compiling


def test_json_lists_the_classes_best_first() -> None:
    code, out = run(*SMALL, "--json")
    assert code == 0, out
    result = json.loads(out)
    assert result["game"] == "F01"
    assert result["classes"] == 169
    assert result["trials"] == 800
    rows = result["rows"]
    assert len(rows) == 12
    assert [r["equity"] for r in rows] == sorted((r["equity"] for r in rows), reverse=True)
    assert all(r["error"] > 0 for r in rows)


def test_the_table_names_each_class_and_the_summary_counts_them() -> None:
    code, out = run(*SMALL)
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].split()[:5] == ["#", "class", "hand", "combos", "equity"]
    assert len(lines) == 1 + 12 + 1
    assert "12 of 169 classes, 800 trials each, against 1 random hand" in lines[-1]


def test_out_writes_csv_or_json_with_every_row(tmp_path: Path) -> None:
    table = tmp_path / "sweep.csv"
    code, out = run(*SMALL, "--out", str(table))
    assert code == 0, out
    with table.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 12
    assert set(rows[0]) == {"class", "hand", "combos", "equity", "error"}
    document = tmp_path / "sweep.json"
    assert run(*SMALL, "--out", str(document))[0] == 0
    written = json.loads(document.read_text(encoding="utf-8"))
    assert [r["class"] for r in written["rows"]] == [r["class"] for r in rows]


def test_a_long_table_shows_the_best_and_the_worst() -> None:
    code, out = run("equity", "sweep", "F03", "-n", "300", "--seed", "1")
    assert code == 0, out
    assert "41 rows left out: --out FILE has them all" in out
    assert len(out.splitlines()) == 1 + 40 + 1 + 2
    assert "81 classes" in out.splitlines()[-1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["D01"], "134,459 classes"),
        (["H09", "--classes", "5"], "6,009,159 classes"),
        (["holdem", "--workers", "2", "--cluster", "auto"], "not both"),
        (["holdem", "--classes", "2", "--out", "x.txt"], ".csv or a .json"),
        (["holdem", "--opponents", "0"], "at least one opponent"),
        (["holdem", "--exact", "--classes", "1"], "2,097,572,400 deals"),
    ],
)
def test_refusals_are_one_line_and_exit_code_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    words: str,
) -> None:
    monkeypatch.setattr(sys, "argv", ["pokerbook", "equity", "sweep", *args])
    with pytest.raises(SystemExit) as exit_info:
        main()
    captured = capsys.readouterr()
    assert exit_info.value.code == 2
    assert words in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    assert captured.out == ""


def test_a_question_still_goes_to_the_equity_command() -> None:
    code, out = run("equity", "--board", "2c 7d Jc 9s", "holdem", "Ah Kh", "Qd Qc")
    assert code == 0, out
    assert "13.64%" in out
    assert "exact over 44 deals" in out
    code, out = run("equity", "--help")
    assert code == 0
    assert "sweep GAME" in out
    code, out = run("equity", "holdem", "--help")
    assert code == 0
    assert "Usage: cli equity [OPTIONS] GAME HANDS..." in out  # the path named once
