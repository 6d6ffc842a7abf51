"""``pokerbook tournament clock`` as a director runs it: one frame with ``--once``, and
the keys of the live clock."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pokerbook.cli.tournament_clock import apply_key, clock_command, duration
from pokerbook.tournament.clock import Clock
from pokerbook.tournament.structure import load_structure


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(clock_command, list(args))
    return result.exit_code, result.output


def test_once_prints_the_level_time_left_next_level_and_field() -> None:
    code, out = run("--structure", "oresteen", "--players", "12", "--once", "--at", "65")
    assert code == 0
    assert "Oresteen Tournament Night" in out
    assert "level 4 of 9" in out
    assert "blinds 200/400, ante 50" in out
    assert "15:00" in out  # 004 r.103: level 4 runs from 60 to 80 minutes
    assert "5: blinds 500/1000, ante 100" in out
    assert "12 of 12" in out
    assert "27,500" in out  # 004 r.102: 27,500 each with 12 players


def test_once_on_a_break_says_so_and_names_the_level_after_it() -> None:
    code, out = run("--structure", "nlhe", "--players", "1000", "--once", "--at", "125")
    assert code == 0
    assert "BREAK" in out
    assert "5:00 left" in out
    assert "level 7: blinds 500/1000" in out


def test_a_limit_mix_shows_its_games_and_limits() -> None:
    code, out = run("--structure", "barge-horse", "--players", "50", "--once")
    assert code == 0
    assert "F01, F17, S05, S01, S02" in out
    assert "limits 100/200" in out
    assert "next break" in out
    assert "2:00:00" in out


def test_a_structure_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(
        'house = "roberts"\nprofile = "tda"\ngames = ["nlhe"]\nformat = "no-limit"\n'
        "table_size = 9\nbuy_in = 20\nstarting_chips = 5000\ndenominations = [25]\n"
        "payout_percents = [100]\nlevel_minutes = 15\n"
        "levels = [{ blinds = [25, 50] }, { blinds = [50, 100] }]\n",
        encoding="utf-8",
    )
    code, out = run("--structure", str(path), "--players", "4", "--once", "--at", "16")
    assert code == 0
    assert "club" in out
    assert "level 2 of 2" in out
    assert "∞" in out


def test_unknown_structures_and_fields_are_refused_in_one_line() -> None:
    code, out = run("--structure", "nlhx", "--players", "9", "--once")
    assert code != 0
    assert "no structure named 'nlhx'" in out
    code, out = run("--structure", "oresteen", "--players", "30", "--once")
    assert code != 0
    assert "no row for 30 players" in out


def test_keys_pause_skip_a_level_bust_and_quit() -> None:
    clock = Clock(load_structure("oresteen"), 0.0, 10)
    assert apply_key(clock, " ", 60.0)
    assert clock.paused
    assert apply_key(clock, " ", 120.0)
    assert not clock.paused
    assert apply_key(clock, "n", 120.0)
    assert clock.state(120.0).level.number == 2
    assert apply_key(clock, "b", 120.0)
    assert clock.players_left == 9
    assert apply_key(clock, "x", 120.0)
    assert not apply_key(clock, "q", 120.0)


def test_durations_read_as_a_clock() -> None:
    assert duration(0) == "0:00"
    assert duration(59.2) == "1:00"
    assert duration(20 * 60) == "20:00"
    assert duration(3723) == "1:02:03"
    assert duration(float("inf")) == "∞"
    assert duration(None) == "-"
