"""``pokerbook rules`` as a user runs it."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from pokerbook.cli.main import cli


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_rules_by_alias_prints_the_holdem_page() -> None:
    code, out = run("rules", "holdem")
    assert code == 0
    assert out.startswith("Texas Hold'em (F01)\n")
    assert "Deal 2 cards face down to each player" in out
    assert "Flop: 3 cards to the board" in out
    assert "House: barge" in out
    assert "000 §2.58 (BARGE Rulebook)" in out


def test_rules_by_id_with_a_house() -> None:
    code, out = run("rules", "D01", "--house", "homegame")
    assert code == 0
    assert out.startswith("Five Card Draw (D01)\n")
    assert "Draw: each player may discard up to 5 and draw as many" in out
    assert "House: homegame" in out
    assert "- Draw: at most 3 cards" in out


def test_rules_by_name_for_razz_shows_the_bring_in() -> None:
    code, out = run("rules", "Razz", "-H", "oresteen")
    assert code == 0
    assert "starting with the bring-in" in out
    assert "- Low: played on a6-low, not a5-low" in out


def test_an_unknown_game_is_one_line_naming_close_matches() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerbook", "rules", "holdum"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "no game named 'holdum'" in done.stderr
    assert "F01 Texas Hold'em" in done.stderr


def test_a_game_with_no_close_match_points_to_the_list() -> None:
    code, out = run("rules", "xyzzy")
    assert code == 1
    assert "no game named 'xyzzy'" in out
    assert "pokerbook games" in out
