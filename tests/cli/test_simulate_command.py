"""``pokerbook simulate`` as a user runs it: bots play, invariants hold, speed is reported."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerbook.cli.main import cli
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.history.phh import load
from pokerbook.history.replay import replay

SPEED = re.compile(
    r"^(\d+) hands in (\d+\.\d\d) s \((\d+) hands/s\)(, \d+ workers)?; "
    r"start-up \d+\.\d\d s not counted$"
)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["simulate", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize("game", ["F01", "S05", "D11"])
@pytest.mark.parametrize("policy", ["random", "call"])
def test_a_thousand_hands_keep_the_invariants_and_end_with_the_speed(
    game: str, policy: str
) -> None:
    code, out = run("--game", game, "--hands", "1000", "--seed", "3", "--policy", policy)
    assert code == 0, out
    lines = out.strip().splitlines()
    assert "invariants held at the end of every hand" in out
    match = SPEED.match(lines[-1])
    assert match is not None, lines[-1]
    assert int(match[1]) == 1000
    assert int(match[3]) > 0


@pytest.mark.parametrize(
    ("game", "fmt", "players"),
    [("plo", "pot-limit", 9), ("Razz", "no-limit", 2), ("2-7 triple draw", "limit", 3),
     ("F03", "no-limit", 6), ("stud/8", "pot-limit", 8), ("D01", "limit", 7)],
)  # fmt: skip
def test_names_aliases_formats_and_table_sizes(game: str, fmt: str, players: int) -> None:
    code, out = run("-g", game, "-f", fmt, "-p", str(players), "-n", "150", "-s", "1")
    assert code == 0, out
    assert f"{fmt} " in out.splitlines()[0]
    assert f"{players} players" in out


def test_the_header_names_the_game_stakes_and_reset_stacks() -> None:
    code, out = run("--game", "razz", "--hands", "5")
    assert code == 0
    header = out.splitlines()[0]
    assert header.startswith("Razz (S05), limit ante 1 bring-in 2, bets 5/10, barge house")
    assert "6 players" in header
    assert "stacks 500 reset each hand" in header


def test_stakes_and_stack_can_be_set() -> None:
    code, out = run("-g", "holdem", "--stakes", "5/10 ante 1", "--stack", "1000", "-n", "20")
    assert code == 0, out
    assert "no-limit 5/10 ante 1" in out
    assert "stacks 1000" in out


def test_the_same_seed_plays_the_same_hands() -> None:
    first = run("-g", "D11", "-n", "100", "-s", "9")[1].splitlines()[:-1]
    second = run("-g", "D11", "-n", "100", "-s", "9")[1].splitlines()[:-1]
    third = run("-g", "D11", "-n", "100", "-s", "10")[1].splitlines()[:-1]
    assert first == second
    assert first != third


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-g", "gin rummy"], "no game named 'gin rummy'"),
        (["-g", "F01", "-p", "11"], "played by 2 to 10 players, not 11"),
        (["-g", "D11", "-p", "7"], "played by 2 to 6 players, not 7"),
        (["-g", "F33", "-f", "spread-limit"], "is not played spread-limit"),
        (["-g", "F01", "--stakes", "ante"], "--stakes"),
        (["-g", "F01", "--policy", "nit"], "'nit' is not one of"),
        (["-g", "F01", "--workers", "0"], "0 is not in the range x>=1"),
        (["--night", "horse", "--workers", "2"], "--workers applies to --game"),
    ],
)
def test_bad_options_are_refused_with_a_reason(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code != 0
    assert message in out


def test_phh_writes_every_hand_and_the_histories_replay(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    code, out = run("-g", "F16", "-p", "4", "-n", "25", "-s", "5", "--phh", str(path))
    assert code == 0, out
    assert f"wrote 25 hands to {path}" in out
    histories = load(path)
    assert len(histories) == 25
    for history in histories:
        hand = replay(history)
        assert hand.done


def test_zero_hands_is_a_quick_no_op() -> None:
    code, out = run("-g", "F01", "-n", "0")
    assert code == 0
    assert SPEED.match(out.strip().splitlines()[-1])


def test_house_rules_apply_and_a_plain_omaha_is_the_houses_omaha() -> None:
    code, out = run("--game", "omaha", "--house", "homegame", "--hands", "5")
    assert code == 0, out
    assert out.startswith("Omaha High/Low Eight-or-Better (F17)")  # 003: Omaha is hi/lo
    code, out = run("--game", "omaha", "--hands", "5")
    assert out.startswith("Omaha (F16)")


def test_a_house_table_size_is_refused_clearly() -> None:
    code, out = run("--game", "F01", "--house", "oresteen", "--players", "9", "--hands", "1")
    assert code != 0
    assert "2 to 8 players in the oresteen house, not 9" in out


@pytest.mark.parametrize(
    ("checks", "said"),
    [
        ("action", "invariants held after every action"),
        ("hand", "invariants held at the end of every hand"),
        ("none", "no invariants checked"),
    ],
)
def test_checks_say_what_was_checked_and_deal_the_same_hands(checks: str, said: str) -> None:
    code, out = run("--game", "F16", "--hands", "300", "--seed", "4", "--checks", checks)
    assert code == 0, out
    assert said in out
    pots = out.splitlines()[-2].split(",")[0]  # "average pot N": the same hands
    _, plain = run("--game", "F16", "--hands", "300", "--seed", "4", "--checks", "action")
    assert pots in plain


def test_a_hand_check_finds_what_an_action_check_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand whose chips do not add up is caught at its end under --checks hand."""
    from pokerbook.bots import CallPolicy
    from pokerbook.bots.base import POLICIES

    class Pocketing(CallPolicy):
        """Calls, and pockets a chip of its stack at each decision."""

        checks_or_calls = False  # (every decision through choose)

        def choose(self, hand: Hand, rng: random.Random) -> Action:
            seat = hand.actor
            if seat is not None and hand.stacks[seat] > 1:
                hand.stacks[seat] -= 1
            return super().choose(hand, rng)

    POLICIES.get("call")  # (the registry filled first)
    monkeypatch.setitem(POLICIES._items, "call", Pocketing)
    code, out = run("--game", "F01", "--policy", "call", "--hands", "5", "--checks", "hand")
    assert code != 0
    assert "chips conserved" in out
    code, out = run("--game", "F01", "--policy", "call", "--hands", "5", "--checks", "none")
    assert code == 0, out


def test_unknown_checks_are_refused() -> None:
    code, out = run("--game", "F01", "--hands", "5", "--checks", "sometimes")
    assert code != 0
    assert "sometimes" in out


@pytest.mark.slow
def test_two_workers_print_what_one_prints(tmp_path: Path) -> None:
    """The same seat nets, standard errors, pots and histories over two processes."""
    args = ["-g", "razz", "-p", "5", "-n", "2100", "-s", "6", "--policy", "call"]
    code, one = run(*args, "--phh", str(tmp_path / "one.phhs"))
    assert code == 0, one
    code, two = run(*args, "--workers", "2", "--phh", str(tmp_path / "two.phhs"))
    assert code == 0, two
    assert one.splitlines()[:-1] == [
        line.replace("two.phhs", "one.phhs") for line in two.splitlines()[:-1]
    ]
    nets = next(line for line in one.splitlines() if line.startswith("nets"))
    assert nets.count(" ± ") == 5
    match = SPEED.match(two.splitlines()[-1])
    assert match is not None
    assert match[4] == ", 2 workers"
    assert (tmp_path / "one.phhs").read_text() == (tmp_path / "two.phhs").read_text()
