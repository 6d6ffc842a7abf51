"""``pokerbook phh verify`` and ``pokerbook phh codes`` as a user runs them."""

from __future__ import annotations

import os
import re
from pathlib import Path

from click.testing import CliRunner

from pokerbook.cli.phh_command import phh

#: the shared PHH folder beside the project (POKERBOOK_PHH_CORPUS names another place)
CORPUS = Path(
    os.environ.get("POKERBOOK_PHH_CORPUS")
    or Path(__file__).resolve().parents[2].parent / "shared" / "phh"
)
SUMMARY = re.compile(
    r"^verified (\d+) hands: (\d+) matched, (\d+) differed, (\d+) failed, (\d+) skipped"
    r"(?: \((.*)\))?$"
)

HAND = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 2c7d', 'p3 f', 'p1 cbr 300', 'p2 cc', \
'd db 2h3h4s', 'p1 cbr 500', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', \
'p2 cc', 'p1 sm AcAd', 'p2 sm']
finishing_stacks = [10800, 9200, 10000]
"""
RESULT = "finishing_stacks = [10800, 9200, 10000]\n"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(phh, list(args))
    return result.exit_code, result.output


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_all_matched_exits_zero(tmp_path: Path) -> None:
    write(tmp_path, "a.phh", HAND)
    write(tmp_path, "deep/b.phh", HAND)
    write(tmp_path, "c.phhs", f"[1]\n{HAND}\n[2]\n{HAND}")
    write(tmp_path, "notes.txt", "not a hand history")
    code, out = run("verify", str(tmp_path))
    assert code == 0
    assert out.splitlines() == ["verified 4 hands: 4 matched, 0 differed, 0 failed, 0 skipped"]


def test_each_problem_is_listed_and_the_exit_status_is_one(tmp_path: Path) -> None:
    write(tmp_path, "good.phh", HAND)
    differs = write(tmp_path, "differs.phh", HAND.replace("10800, 9200", "10900, 9100"))
    fails = write(tmp_path, "fails.phh", HAND.replace("'p1 cbr 500'", "'p1 cbr 50'"))
    no_result = write(tmp_path, "no-result.phh", HAND.replace(RESULT, ""))
    broken = write(tmp_path, "broken.phh", "variant = 'NT'\nactions = [")
    code, out = run("verify", str(tmp_path))
    assert code == 1
    lines = out.splitlines()
    assert lines[-1] == "verified 5 hands: 1 matched, 1 differed, 3 failed, 0 skipped"
    assert (
        f"DIFFERED {differs}: p1 10900 in the file, 10800 replayed; "
        "p2 9100 in the file, 9200 replayed"
    ) in lines
    assert any(line.startswith(f"FAILED {fails}: action 8 'p1 cbr 50': p1: ") for line in lines)
    assert any(line.startswith(f"FAILED {broken}: not valid TOML") for line in lines)
    assert any(line.startswith(f"FAILED {no_result}: records no result") for line in lines)


def test_verify_of_an_empty_folder_says_so_and_exits_nonzero(tmp_path: Path) -> None:
    write(tmp_path, "notes.txt", "not a hand history")
    code, out = run("verify", str(tmp_path))
    assert code == 1
    assert out.splitlines() == [
        f"no hand histories (.phh or .phhs files) in {tmp_path}: nothing verified"
    ]


def test_a_file_of_no_hands_verifies_nothing_and_exits_nonzero(tmp_path: Path) -> None:
    empty = write(tmp_path, "empty.phhs", "# no hands yet\n")
    code, out = run("verify", str(empty))
    assert code == 1
    assert out.splitlines() == ["verified 0 hands: 0 matched, 0 differed, 0 failed, 0 skipped"]


def test_allow_no_result_skips_a_history_without_a_result_and_exits_zero(tmp_path: Path) -> None:
    write(tmp_path, "good.phh", HAND)
    no_result = write(tmp_path, "no-result.phh", HAND.replace(RESULT, ""))
    code, out = run("verify", "--allow-no-result", str(tmp_path))
    assert code == 0
    lines = out.splitlines()
    assert lines[-1] == (
        "verified 2 hands: 1 matched, 0 differed, 0 failed, 1 skipped (1 without a result)"
    )
    assert lines[0].startswith(f"SKIPPED {no_result}: no result: ")
    code, out = run("verify", "--allow-no-result", "--quiet", str(tmp_path))
    assert (code, len(out.splitlines())) == (0, 1)


def test_files_can_be_named_one_by_one(tmp_path: Path) -> None:
    one = write(tmp_path, "a.phh", HAND)
    code, out = run("verify", str(one), str(one))
    assert code == 0
    assert out.strip() == "verified 2 hands: 2 matched, 0 differed, 0 failed, 0 skipped"


def test_a_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    code, out = run("verify", str(tmp_path / "nowhere"))
    assert code == 2
    assert "does not exist" in out


def test_codes_lists_every_game() -> None:
    code, out = run("codes")
    assert code == 0
    rows = [line.split() for line in out.splitlines()]
    assert ["NT", "F01"] in [row[:2] for row in rows]
    assert ["PB-F01", "_format", "=", '"pot-limit"', "F01"] in [row[:5] for row in rows]


def test_the_shared_corpus_fails_only_the_hands_without_a_result() -> None:
    code, out = run("verify", "--quiet", str(CORPUS))
    assert code == 1  # the famous hands and the .phhs sample record no result
    lines = out.splitlines()
    m = SUMMARY.match(lines[-1])
    assert m is not None
    total, matched, differed, failed, skipped = map(int, m.groups()[:5])
    assert (differed, failed, skipped) == (0, 7, 8)
    assert m.group(6) == "8 half-chip results"
    assert matched == total - 15
    problems = lines[:-1]
    assert len(problems) == 7
    assert all(p.startswith("FAILED ") and "records no result" in p for p in problems)


def test_the_shared_corpus_verifies_with_allow_no_result() -> None:
    code, out = run("verify", "--quiet", "--allow-no-result", str(CORPUS))
    assert code == 0
    m = SUMMARY.match(out.splitlines()[-1])
    assert m is not None
    assert m.group(6) == "8 half-chip results, 7 without a result"
