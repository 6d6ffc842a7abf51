"""``pokerbook simulate --night`` as a user runs it: a whole night, its summary, report and
ledger; --game and --night kept apart; bad nights refused with the reason."""

from __future__ import annotations

import csv
import gc
import io
import json
import re
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerbook.bots import get_policy
from pokerbook.bots.histories import PhhsFile
from pokerbook.cli.main import cli
from pokerbook.cli.simulate_night import play_night
from pokerbook.history.phh import load
from pokerbook.history.replay import replay
from pokerbook.table.night_file import builtin_nights
from pokerbook.table.play import GameNight
from pokerbook.table.report import ReportFile

SPEED = re.compile(
    r"^(\d+) hands in (\d+\.\d\d) s \((\d+) hands/s\); start-up \d+\.\d\d s not counted$"
)
#: the mix's order (proven against 002 in tests/table/test_selection.py)
BARGE_26 = list(builtin_nights()["barge-26"].selection.games)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["simulate", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "night", ["horse", "barge-26", "oresteen-dealers-choice", "oresteen-holdem-night"]
)
def test_every_built_in_night_plays_and_keeps_its_books(night: str) -> None:
    code, out = run("--night", night, "--players", "5", "--hands", "120", "--seed", "2")
    assert code == 0, out
    lines = out.strip().splitlines()
    assert lines[0].startswith(f"{lines[0].split(' (')[0]} ({night}), house ")
    assert "5 players" in lines[0]
    assert "invariants held at the end of every hand; chips conserved over the night" in out
    assert SPEED.match(lines[-1]), lines[-1]
    assert any(line.startswith("nets: p1 ") for line in lines)
    assert any(line.startswith("settlement: ") for line in lines)


def test_the_report_lists_every_hand_and_each_players_net(tmp_path: Path) -> None:
    path = tmp_path / "night.json"
    code, out = run(
        "--night", "horse", "--players", "4", "--hands", "30", "--seed", "1", "--report", str(path)
    )
    assert code == 0, out
    assert f"wrote the report to {path}" in out
    report = json.loads(path.read_text(encoding="utf-8"))
    assert len(report["hands"]) == report["hands_played"] == 30
    first = report["hands"][0]
    assert first["game"] == "F01"
    assert isinstance(first["button"], int)
    assert len(first["deltas"]) == 4
    nets = [p["net"] for p in report["ledger"]["players"]]
    assert len(nets) == 4
    assert sum(nets) == 0
    for player in report["ledger"]["players"]:
        assert f"{player['name']} {player['net']:+d}" in out or player["net"] == 0


def test_barge_26_through_the_command_line_plays_four_of_each_in_002_order(tmp_path: Path) -> None:
    path = tmp_path / "barge.json"
    code, out = run("--night", "barge-26", "-p", "6", "-n", "104", "-s", "8", "--report", str(path))
    assert code == 0, out
    played = [h["game"] for h in json.loads(path.read_text(encoding="utf-8"))["hands"]]
    if len(played) == 104:
        start = BARGE_26.index(played[0])
        order = BARGE_26[start:] + BARGE_26[:start]
        assert played == [g for g in order for _ in range(4)]
    else:  # everybody but one busted: still in order, four at a time
        assert "the night ended early" in out
        assert all(played[i] == played[i - i % 4] for i in range(len(played)))


def test_the_ledger_csv_has_buy_ins_rebuys_and_cash_outs(tmp_path: Path) -> None:
    path = tmp_path / "ledger.csv"
    code, out = run("--night", "horse", "-p", "3", "-n", "200", "-s", "3", "--ledger", str(path))
    assert code == 0, out
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert [r["kind"] for r in rows[:3]] == ["buy-in"] * 3
    assert [r["kind"] for r in rows[-3:]] == ["cash-out"] * 3
    assert {r["kind"] for r in rows} <= {"buy-in", "rebuy", "cash-out"}


def test_a_night_file_is_played(tmp_path: Path) -> None:
    path = tmp_path / "friday.toml"
    path.write_text(
        """
        name = "Friday"
        house = "homegame"
        buy_in = 100

        [[seats]]
        name = "Ann"
        [[seats]]
        name = "Bob"
        [[seats]]
        name = "Cat"

        [selection]
        kind = "dealers-choice"
        games = ["F01", "S01"]

        [stakes.default]
        format = "limit"
        blinds = [1, 3]
        small_bet = 3
        big_bet = 6

        [stakes.stud]
        format = "limit"
        ante = 1
        bring_in = 1
        small_bet = 3
        big_bet = 6
        """,
        encoding="utf-8",
    )
    code, out = run("--night", str(path), "--hands", "40", "--seed", "4")
    assert code == 0, out
    assert out.startswith("Friday (friday), house homegame, dealer's choice of 2 games, 3 players")
    assert "nets: Ann " in out


def test_a_bad_night_file_is_refused_with_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    bad = """
        house = "barge"
        buy_in = 100
        [selection]
        kind = "rotation"
        games = ["F01", "gin rummy"]
        [stakes.default]
        format = "limit"
        blinds = [1, 2]
        """
    path.write_text(bad, encoding="utf-8")
    code, out = run("--night", str(path), "--hands", "5")
    assert code != 0
    assert "selection.games[1]: no game named 'gin rummy'" in out
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--night", "horse", "--game", "F01"], "give --game or --night, not both"),
        ([], "give --game GAME (or --night NIGHT)"),
        (["--night", "horse", "--stakes", "1/2"], "--stakes applies to --game"),
        (["--night", "horse", "--format", "limit"], "--format applies to --game"),
        (["--night", "horse", "--stack", "50"], "--stack applies to --game"),
        (["--game", "F01", "--report", "x.json"], "--report applies to --night"),
        (["--game", "F01", "--ledger", "x.csv"], "--ledger applies to --night"),
        (["--night", "poker-party"], "no night named 'poker-party'"),
        (["--night", "oresteen-dealers-choice", "-p", "9"], "seats 2 to 8 players, not 9"),
        (["--night", "horse", "-n", "-1"], "negative number of hands"),
    ],
)
def test_bad_night_options_are_refused_with_a_reason(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code != 0
    assert message in out


def test_the_same_seed_plays_the_same_night() -> None:
    first = run("--night", "oresteen-holdem-night", "-n", "50", "-s", "9")[1].splitlines()[:-1]
    again = run("--night", "oresteen-holdem-night", "-n", "50", "-s", "9")[1].splitlines()[:-1]
    other = run("--night", "oresteen-holdem-night", "-n", "50", "-s", "10")[1].splitlines()[:-1]
    assert first == again
    assert first != other


def test_a_night_writes_its_hands_as_phh(tmp_path: Path) -> None:
    path = tmp_path / "night.phhs"
    code, out = run("--night", "horse", "-p", "3", "-n", "12", "-s", "1", "--phh", str(path))
    assert code == 0, out
    assert f"wrote 12 hands to {path}" in out
    histories = load(path)
    assert len(histories) == 12
    assert all(replay(history).done for history in histories)


def test_what_the_table_was_told_is_counted_and_in_the_report(tmp_path: Path) -> None:
    path = tmp_path / "night.json"
    night = ("--night", "oresteen-dealers-choice", "-p", "6", "-n", "60", "-s", "1")
    code, out = run(*night, "--report", str(path))
    assert code == 0, out
    report = json.loads(path.read_text(encoding="utf-8"))
    notices = [n for hand in report["hands"] for n in hand["notices"]]
    counts: dict[str, int] = {}
    for notice in notices:
        counts[notice["kind"]] = counts.get(notice["kind"], 0) + 1
    assert "show-em-bought" in counts
    line = "told the table: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items()))
    assert line in out.splitlines()
    for hand in report["hands"]:
        for notice in hand["notices"]:
            if notice["seat_number"] is not None:
                name = report["seats"][notice["seat_number"] - 1]["name"]
                assert notice["text"].startswith(f"seat {notice['seat_number']} ({name})")


@pytest.mark.parametrize(
    ("checks", "said"),
    [
        ("action", "invariants held after every action; chips conserved over the night"),
        ("hand", "invariants held at the end of every hand; chips conserved over the night"),
        ("none", "no invariants or chips checked"),
    ],
)
def test_a_night_is_checked_as_checks_says_and_plays_the_same_hands(checks: str, said: str) -> None:
    code, out = run(
        "--night", "horse", "--players", "4", "--hands", "60", "--seed", "5", "--checks", checks
    )
    assert code == 0, out
    assert said in out
    nets = next(line for line in out.splitlines() if line.startswith("nets: "))
    _, plain = run("--night", "horse", "--players", "4", "--hands", "60", "--seed", "5")
    assert nets in plain  # the checks change nothing that is dealt or played


@pytest.mark.slow
def test_a_long_night_keeps_none_of_its_hands(tmp_path: Path) -> None:
    """Memory stays flat: over a round of the mix (the same games again, their tables
    loaded), with the report and the histories written, the night holds on to far less
    than a hand's worth of memory per hand played (a hand kept is over 10 kB)."""
    night = builtin_nights()["horse"]
    table = GameNight(night, [get_policy("call") for _ in range(6)], 3)
    marks: dict[int, int] = {}
    start, end = 31, 61  # one round apart: five games, an orbit of six hands each

    def progress(done: int) -> None:
        if done in (start, end):
            gc.collect()
            marks[done] = tracemalloc.get_traced_memory()[0]

    tracemalloc.start()
    try:
        with (
            ReportFile(tmp_path / "night.json", night, table.seats, seed=3) as report,
            PhhsFile(tmp_path / "night.phhs") as phh,
        ):
            tally = play_night(table, end, report=report, phh=phh, progress=progress)
    finally:
        tracemalloc.stop()
    assert tally.played == end
    assert sum(tally.games.values()) == end
    assert marks[end] - marks[start] < 1000 * (end - start)
    assert phh.count == end
