"""``pokerbook phh export``: files and folders to PokerStars text or OHH, on
standard output or to a file; one clear line and status 2 for a bad path, format
or game; refused hands named on standard error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pokerbook.cli.main import cli
from pokerbook.history import play, write_phh, write_phhs

sys.path.insert(0, str(Path(__file__).parent))  # the export tests' helpers, beside them
from export_readers import read_ohh, read_pokerstars
from export_round_trip import MILLION, simulated


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["phh", "export", *args])


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with one famous hand, three simulated razz hands in a .phhs file, and
    a note that is not a hand history."""
    (tmp_path / "million.phh").write_text(MILLION, encoding="utf-8")
    nested = tmp_path / "night"
    nested.mkdir()
    razz = [write_phh(play(h).hand) for h in simulated("S05", "limit", 3, seed=1)]
    (nested / "razz.phhs").write_text(write_phhs(razz), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a hand", encoding="utf-8")
    return tmp_path


def test_a_file_to_pokerstars_on_standard_output(folder: Path) -> None:
    result = _run(str(folder / "million.phh"), "--to", "pokerstars")
    assert result.exit_code == 0, result.output
    (hand,) = read_pokerstars(result.stdout)
    assert hand.names == ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
    assert result.stderr == "exported 1 hand to pokerstars; refused 0\n"


def test_a_folder_to_a_file(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "hands.txt"
    result = _run(str(folder), "--to", "pokerstars", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    hands = read_pokerstars(out.read_text(encoding="utf-8"))
    assert sorted(h.game for h in hands) == ["Hold'em", "Razz", "Razz", "Razz"]


def test_hands_a_format_cannot_hold_are_named_and_the_rest_exported(folder: Path) -> None:
    result = _run(str(folder), "--to", "ohh")
    assert result.exit_code == 1
    assert len(read_ohh(result.stdout)) == 1
    refused = [line for line in result.stderr.splitlines() if line.startswith("refused ")]
    assert len(refused) == 3
    assert all("it can be exported as pokerstars, phh" in line for line in refused)
    assert result.stderr.splitlines()[-1] == "exported 1 hand to ohh; refused 3"


def test_nothing_exportable_is_a_usage_error(folder: Path) -> None:
    result = _run(str(folder / "night"), "--to", "ohh")
    assert result.exit_code == 2
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nowhere.phh", "--to", "ohh"], "error: no such file or folder: nowhere.phh\n"),
        (
            ["{folder}/million.phh", "--to", "fpdb"],
            "error: cannot export to 'fpdb': the formats are pokerstars, ohh\n",
        ),
        (["{folder}/night/..", "--to", "ohh", "--pretty"], None),
    ],
)
def test_usage_errors_are_one_line(folder: Path, args: list[str], message: str | None) -> None:
    result = _run(*(a.format(folder=folder) for a in args))
    if message is None:  # a folder that is fine: the control
        assert result.exit_code == 1
        return
    assert result.exit_code == 2
    assert result.stderr == message
    assert result.stdout == ""


def test_a_folder_without_hand_histories(tmp_path: Path) -> None:
    result = _run(str(tmp_path), "--to", "pokerstars")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no hand histories (.phh or .phhs files) in ")


def test_a_hero(folder: Path) -> None:
    result = _run(str(folder / "million.phh"), "--to", "pokerstars", "--hero", "Phil Ivey")
    assert result.exit_code == 0, result.output
    dealt = [line for line in result.stdout.splitlines() if line.startswith("Dealt to ")]
    assert dealt == ["Dealt to Phil Ivey [Ac 2d]"]
