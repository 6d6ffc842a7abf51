"""``pokerbook tournament`` as a user runs it: simulate an event, ICM values, the clock."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerbook.cli.main import cli


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["tournament", *args])
    return result.exit_code, result.output


def test_simulate_prints_the_summary_and_writes_the_report(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    code, out = run(
        "simulate", "--structure", "nlhe", "--players", "40", "--seed", "3",
        "--report", str(path), "--check",
    )  # fmt: skip
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "No-Limit Hold'em Freezeout (nlhe): 40 players, seed 3"
    data = json.loads(path.read_text(encoding="utf-8"))
    winner = next(p["player"] for p in data["places"] if p["place"] == 1)
    assert f"winner: {winner} of 40 entrants" in out
    assert f"hands: {data['hands']} at up to " in out
    assert f"moves: {len(data['moves'])}, chip races: {len(data['chip_races'])}" in out
    assert re.search(r"time: \d+\.\d\d s \(\d+ hands/s\)", out)
    assert "invariants held after every action" in out
    assert f"report: {path}" in out


STRUCTURE_FILE = """
name = "Tuesday Turbo"
house = "barge"
profile = "roberts"
games = ["nlhe"]
format = "no-limit"
table_size = 6
players = [2, 200]
buy_in = 20
denominations = [25, 100, 500]
starting_chips = 3000
level_hands = 6
levels = [
    { blinds = [25, 50] },
    { blinds = [50, 100] },
    { blinds = [100, 200], colour_up = 25 },
    { blinds = [200, 400] },
    { blinds = [500, 1000] },
]
payout_percents = [60, 40]
[rebuys]
until_level = 2
price = 20
chips = 3000
[add_on]
after_level = 2
price = 20
chips = 3000
"""


def test_simulate_reads_a_structure_file_with_hand_counted_levels(tmp_path: Path) -> None:
    source = tmp_path / "turbo.toml"
    source.write_text(STRUCTURE_FILE, encoding="utf-8")
    path = tmp_path / "event.json"
    code, out = run(
        "simulate", "--structure", str(source), "--players", "30", "--seed", "2",
        "--report", str(path), "--check",
    )  # fmt: skip
    assert code == 0, out
    assert out.splitlines()[0] == "Tuesday Turbo (turbo): 30 players, seed 2"
    data = json.loads(path.read_text(encoding="utf-8"))
    kinds = {c["kind"] for c in data["chip_changes"]}
    assert {"entry", "rebuy", "add-on"} <= kinds
    assert max(len(s["sizes"]) for s in data["table_sizes"]) == 5  # six-handed tables
    assert data["chip_races"]
    assert all(r["level"] == 3 for r in data["chip_races"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--structure", "no-such", "--players", "9"], "no structure named 'no-such'"),
        (["--structure", "oresteen", "--players", "40"], "oresteen takes 5 to 16 players"),
        (["--structure", "nlhe", "--players", "1"], "2 or more players"),
    ],
)
def test_simulate_refuses_bad_input_in_one_line(args: list[str], message: str) -> None:
    code, out = run("simulate", *args)
    assert code != 0
    assert message in out
    assert "Traceback" not in out


def test_icm_values_sum_to_the_prizes_and_follow_the_stacks() -> None:
    code, out = run("icm", "5000,3000", "2000", "--payouts", "50,30,20")
    assert code == 0, out
    values = [float(line.split()[-1]) for line in out.splitlines()[:3]]
    assert values == sorted(values, reverse=True)
    assert sum(values) == pytest.approx(100)
    assert out.splitlines()[-1] == "total: 10000 chips, 100.00 in prizes"


def test_icm_equal_stacks_share_equally() -> None:
    code, out = run("icm", "100 100 100 100", "--payouts", "60,40")
    assert code == 0, out
    values = {line.split()[-1] for line in out.splitlines()[:4]}
    assert values == {"25.00"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["5000,abc", "--payouts", "50"], "'abc' is not a number"),
        (["5000,-1", "--payouts", "50"], "cannot be negative"),
        (["5000,10.5", "--payouts", "50"], "whole chips"),
        (["5000,3000", "--payouts", "x"], "'x' is not a number"),
    ],
)
def test_icm_refuses_bad_input_in_one_line(args: list[str], message: str) -> None:
    code, out = run("icm", *args)
    assert code != 0
    assert message in out


def test_icm_too_big_for_the_exact_model_is_one_line() -> None:
    stacks = ",".join(str(100 + i) for i in range(30))
    code, out = run("icm", stacks, "--payouts", "50,20,10,5,5,5,5")
    assert code != 0
    assert "too many for the exact model" in out
    assert "Traceback" not in out


def test_deal_004_r109_each_way_pays_exactly_the_prizes() -> None:
    code, out = run("deal", "50000 30000 20000", "--payouts", "500,300,200")
    assert code == 0, out
    rows = [line.split()[-4:] for line in out.splitlines()[1:4]]
    columns = list(zip(*[[int(v) for v in row] for row in rows], strict=True))
    chips, icm, chop, even = columns
    assert chips == (50000, 30000, 20000)
    for deal in (icm, chop, even):
        assert sum(deal) == 1000
    # the chip chop: everyone sure of the last prize (200), the rest by chips
    assert chop == (200 + 400 * 5 // 10, 200 + 400 * 3 // 10, 200 + 400 * 2 // 10)
    # ICM lies between the chop and the even split for the leader and the short stack
    assert chop[0] > icm[0] > even[0]
    assert chop[2] < icm[2] < even[2]
    assert sorted(even) == [333, 333, 334]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["100", "--payouts", "5,3"], "2 prizes for 1 players"),
        (["5,1.5", "--payouts", "5"], "whole chips"),
        (["5,5", "--payouts", "5.5"], "whole money units"),
    ],
)
def test_deal_refuses_bad_input_in_one_line(args: list[str], message: str) -> None:
    code, out = run("deal", *args)
    assert code != 0
    assert message in out


def test_clock_is_a_tournament_command() -> None:
    code, out = run("clock", "--structure", "oresteen", "--players", "12", "--once")
    assert code == 0, out
    assert "level 1" in out
    assert "12 of 12" in out
