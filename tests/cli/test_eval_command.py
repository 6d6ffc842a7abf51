"""``pokerbook eval`` and ``pokerbook scales`` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from pokerbook.cli.main import cli


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_eval_prints_value_and_name_of_a_royal_flush() -> None:
    code, out = run("eval", "high", "Ah Kh", "--board", "Qh Jh Th 2c 3d")
    assert code == 0
    value, name = out.strip().split(maxsplit=1)
    assert int(value) > 0
    assert name == "Royal flush"


def test_eval_a5_low_names_the_two_top_cards() -> None:
    code, out = run("eval", "a5-low", "7c 5d 4h 2s As")
    assert code == 0
    assert out.strip().endswith("Seven-five low")


def test_eval_with_two_boards_and_omaha_usage_takes_the_better_board() -> None:
    one = run("eval", "high", "As Ks Qd Jd", "-b", "Ts 9s 2s 3d 4h", "-u", "2", "--json")
    two = run(
        "eval", "high", "As Ks Qd Jd", "-b", "2h 3h 4d 5s 6c", "-b", "Ts 9s 2s 3d 4h", "-u", "2",
        "--json",
    )  # fmt: skip
    assert one[0] == two[0] == 0
    first, both = json.loads(one[1]), json.loads(two[1])
    assert first["name"] == both["name"] == "Ace-high flush"
    assert both["value"] == first["value"]
    assert len(both["boards"]) == 2


def test_eval_hole_use_range_and_list_are_read() -> None:
    code, out = run("eval", "a5-low", "Ah Qh Jh Th 2h", "-b", "3s 5h 7c Kh Qd", "-u", "2,5")
    assert code == 0
    assert out.strip().endswith("Seven-five low")
    code, out = run("eval", "high", "2c 7d", "-b", "As Ks Qs Js Ts", "-u", "0-2")
    assert code == 0
    assert out.strip().endswith("Royal flush")


def test_eval_rejects_a_bad_hole_use_with_a_hint() -> None:
    code, out = run("eval", "high", "As Ks", "-u", "two")
    assert code != 0
    assert "--hole-use" in out


def test_eval_deuces_wild_makes_five_of_a_kind() -> None:
    code, out = run("eval", "high", "2c 2d As Ad Ah", "--wild", "2")
    assert code == 0
    assert out.strip().endswith("Five aces")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["eval", "higher", "As Ks"], "no scale named 'higher'"),
        (["eval", "high", "As Zz Kd"], "cannot read 'Zz'"),
    ],
)
def test_errors_are_one_readable_line_and_exit_2(args: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerbook", *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_scales_lists_every_registered_scale_as_json() -> None:
    code, out = run("scales", "--json")
    assert code == 0
    names = {row["name"] for row in json.loads(out)}
    assert {"high", "a5-low", "27-low", "a6-low", "short-deck-high", "madison"} <= names


def test_no_command_shows_help_with_an_example() -> None:
    code, out = run()
    assert code == 0
    assert "pokerbook eval high" in out
