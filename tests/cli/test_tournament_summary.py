"""``pokerbook tournament simulate --ots`` and ``pokerbook tournament summary`` as a user
runs them: the summaries written where asked, and bad input refused in one line with
exit status 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerbook.cli.main import cli

sys.path.insert(0, str(Path(__file__).parents[1] / "history"))  # the export readers
from export_ots_reader import read_summary


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["tournament", *args])
    return result.exit_code, result.stdout, result.stderr


EVENT = ("simulate", "--structure", "nlhe", "--players", "12", "--seed", "6")


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("event") / "event.json"
    code, out, err = run(*EVENT, "--report", str(path))
    assert code == 0, out + err
    return path


def test_simulate_writes_every_players_summary_into_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "summaries"
    code, out, err = run(*EVENT, "--ots", str(folder))
    assert code == 0, out + err
    assert f"summaries: 12 in {folder}" in out
    files = sorted(folder.glob("*.ots"))
    read = [read_summary(f.read_text(encoding="utf-8")) for f in files]
    assert sorted(s.hero for s in read) == sorted(f"p{i}" for i in range(1, 13))
    assert len({s.number for s in read}) == 1
    assert all(f.name == f"{s.number}-{s.hero}.ots" for f, s in zip(files, read, strict=True))
    assert all(f.name.isascii() for f in files)


def test_simulate_writes_the_heros_summary_to_a_file(tmp_path: Path, saved: Path) -> None:
    path = tmp_path / "mine.ots"
    code, out, err = run(*EVENT, "--ots", str(path), "--hero", "p7")
    assert code == 0, out + err
    assert f"summary: {path}" in out
    summary = read_summary(path.read_text(encoding="utf-8"))
    assert summary.hero == "p7"
    # the same event read back from its saved report gives the same summary
    code, out, err = run("summary", str(saved), "--player", "p7")
    assert code == 0, err
    assert json.loads(out) == json.loads(path.read_text(encoding="utf-8"))


def test_summary_prints_every_player_separated_by_blank_lines(saved: Path) -> None:
    code, out, err = run("summary", str(saved), "--to", "ots")
    assert code == 0, err
    blocks = out.strip().split("\n\n")
    read = [read_summary(block) for block in blocks]
    assert [s.hero for s in read] == [
        f.player for f in sorted(read[0].finishes, key=lambda f: f.position or 0)
    ]


def test_summary_writes_to_a_file_or_a_folder(tmp_path: Path, saved: Path) -> None:
    one = tmp_path / "p3.ots"
    code, out, err = run("summary", str(saved), "--player", "p3", "--out", str(one), "--pretty")
    assert code == 0, err
    assert out == f"summary: {one}\n"
    assert one.read_text(encoding="utf-8").startswith('{\n  "ots": {')
    assert read_summary(one.read_text(encoding="utf-8")).hero == "p3"
    code, out, err = run("summary", str(saved), "--out", str(tmp_path / "all"))
    assert code == 0, err
    assert out == f"summaries: 12 in {tmp_path / 'all'}\n"
    assert len(list((tmp_path / "all").glob("*.ots"))) == 12


def test_simulate_refuses_bad_summary_options_before_playing(tmp_path: Path) -> None:
    cases = [
        (["--hero", "p1"], "--hero names whose summary --ots writes: give --ots FILE too"),
        (
            ["--ots", str(tmp_path / "x.ots")],
            f"--ots {tmp_path / 'x.ots'}: every player's summary goes to a folder; "
            "name one with --hero",
        ),
        (
            ["--ots", str(tmp_path / "x.ots"), "--hero", "p13"],
            "no player 'p13' in an event of 12: the players are p1 to p12",
        ),
    ]
    for extra, message in cases:
        code, out, err = run(*EVENT, *extra)
        assert code == 2
        assert err == f"error: {message}\n"
        assert out == ""  # refused before the event is played


def test_summary_refuses_bad_input_in_one_line(tmp_path: Path, saved: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"places": [', encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text('{"hands": []}', encoding="utf-8")
    cases = [
        ([str(tmp_path / "none.json")], "cannot read"),
        ([str(broken)], f"{broken} is not JSON"),
        ([str(other)], f"{other} is not a tournament report (no 'places')"),
        ([str(saved), "--player", "zed"], "no player 'zed' in the event; players: "),
        ([str(saved), "--out", str(tmp_path / "a.ots")], "goes to a folder"),
    ]
    for args, message in cases:
        code, out, err = run("summary", *args)
        assert code == 2, (args, out, err)
        assert err.startswith("error: ")
        assert message in err
        assert err.count("\n") == 1
        assert "Traceback" not in out + err


def test_summary_refuses_a_format_it_does_not_write(saved: Path) -> None:
    code, _, err = run("summary", str(saved), "--to", "pokerstars")
    assert code == 2
    assert "'pokerstars' is not 'ots'" in err


def test_simulate_writes_the_hands_under_the_summaries_number(tmp_path: Path) -> None:
    hands, mine = tmp_path / "event.phhs", tmp_path / "p2.ots"
    code, out, err = run(*EVENT, "--phh", str(hands), "--ots", str(mine), "--hero", "p2")
    assert code == 0, out + err
    assert f"hands: {hands}" in out
    number = read_summary(mine.read_text(encoding="utf-8")).number
    result = CliRunner().invoke(cli, ["phh", "export", str(hands), "--to", "ohh"])
    assert result.exit_code == 0, result.stderr
    blocks = [json.loads(b) for b in result.stdout.split("\n\n") if b.strip()]
    assert blocks
    assert {b["ohh"]["tournament_info"]["tournament_number"] for b in blocks} == {number}
    assert not list(tmp_path.glob(".*.tmp"))  # the stream became the file


def test_simulate_leaves_no_hands_file_when_the_event_fails(tmp_path: Path) -> None:
    hands = tmp_path / "event.phhs"
    code, out, err = run("simulate", "--structure", "oresteen", "-p", "40", "--phh", str(hands))
    assert code != 0
    assert "oresteen takes 5 to 16 players" in out + err
    assert list(tmp_path.iterdir()) == []
