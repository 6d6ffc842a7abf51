"""A single game's table from the command line: game, format, stakes, as a new user types them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerbook.cli.main import cli
from pokerbook.cli.table_setup import choose_table, describe_stakes, stakes_text
from pokerbook.engine.hand import Hand
from pokerbook.games.stakes import Stakes
from pokerbook.history.phh import load
from pokerbook.table.kills import KillRule, killed_stakes


def simulate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["simulate", "--hands", "3", "--seed", "1", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize("game_id", ["D02", "D03", "H07", "H09"])
def test_an_ante_game_is_dealt_with_antes_under_default_stakes(game_id: str) -> None:
    chosen = choose_table(game_id, None, None, 4, None, "barge")
    assert chosen.stakes.ante == 1
    hand = Hand(chosen.game, chosen.stakes, [chosen.stack] * 4, seed=3)
    assert hand.pot == 4  # every player's ante: never "Pot: 0"


def test_default_stakes_follow_the_forced_money_and_show_the_limits() -> None:
    for game, header in [
        ("D02", "limit ante 1, bets 2/4"),
        ("D03", "limit 1/2 ante 1, bets 2/4"),  # Jackson's lowball round posts the blinds
        ("razz", "limit ante 1 bring-in 2, bets 5/10"),
        ("holdem", "no-limit 1/2"),
    ]:
        code, out = simulate("--game", game)
        assert code == 0, out
        assert f", {header}, barge house" in out.splitlines()[0]


def test_an_ante_games_history_records_no_blinds_it_never_posted(tmp_path: Path) -> None:
    path = tmp_path / "jacks.phhs"
    code, out = simulate("--game", "D02", "--players", "3", "--phh", str(path))
    assert code == 0, out
    for history in load(path):
        assert history.blinds == [0, 0, 0]
        assert history.antes == [1, 1, 1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-g", "D02", "--stakes", "1/2"], "is an ante game: its stakes need an ante"),
        (["-g", "D02", "--stakes", "1/2 ante 1"], "posts antes only, no blinds"),
        (["-g", "razz", "--stakes", "1/2"], "stud game: its stakes need a bring_in"),
        (["-g", "razz", "--stakes", "1/2"], "for example --stakes 'ante 1 bring-in 2 bets 5/10'"),
        (["-g", "F01", "--stakes", "2/1"], "blinds go small to big"),
        (["-g", "F01", "--stakes", "0/0"], "blinds are 1 chip or more"),
        (["-g", "F01", "--stakes", "-1/2"], "a blind cannot be negative"),
        (["-g", "F01", "--stakes", "abc"], "stakes are blinds 'SMALL/BIG'"),
    ],
)
def test_stakes_a_game_cannot_use_are_refused_saying_what_it_needs(
    args: list[str], message: str
) -> None:
    code, out = simulate(*args)
    assert code != 0
    assert message in " ".join(out.split())  # (click wraps long messages)
    assert "invalid literal" not in out
    assert "Stakes(" not in out


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("lhe", "Texas Hold'em (F01), limit 1/2, bets 2/4"),
        ("plhe", "Texas Hold'em (F01), pot-limit 1/2"),
        ("nlhe", "Texas Hold'em (F01), no-limit 1/2"),
        ("plo", "Omaha (F16), pot-limit 1/2"),
        ("plo8", "Omaha High/Low Eight-or-Better (F17), pot-limit 1/2"),
        ("2-7 nl", "Deuce-to-Seven Lowball (D07), no-limit 1/2"),
        ("lhe+bug", "Texas Hold'em with the Bug (F01+bug), limit 1/2"),
    ],
)
def test_an_alias_named_for_a_format_deals_that_format(name: str, expected: str) -> None:
    code, out = simulate("--game", name, "--house", "oresteen")
    assert code == 0, out
    assert out.startswith(expected)


def test_a_format_that_contradicts_the_alias_is_refused_and_the_same_one_accepted() -> None:
    code, out = simulate("--game", "lhe", "--format", "no-limit")
    assert code != 0
    assert "'lhe' is Texas Hold'em played limit, not no-limit" in out
    assert "--game F01 --format no-limit" in " ".join(out.split())
    code, out = simulate("--game", "lhe", "--format", "limit")
    assert code == 0, out


def test_spread_limit_is_playable_from_the_command_line_004_r7() -> None:
    code, out = simulate("--game", "F01", "--format", "spread-limit")
    assert code == 0, out
    assert out.startswith("Texas Hold'em (F01), spread-limit 1/2, bets 2-10")
    code, out = simulate("-g", "F01", "-f", "spread-limit", "--stakes", "5/10 spread 10-50")
    assert code == 0, out
    assert "spread-limit 5/10, bets 10-50" in out
    code, out = simulate("--game", "D02", "--format", "spread-limit")
    assert code == 0, out
    assert "spread-limit ante 1, bets 2-10" in out


def test_the_header_shows_a_killed_pots_raised_limits() -> None:
    limit = Stakes("limit", blinds=(1, 2), small_bet=2, big_bet=4)
    assert describe_stakes(killed_stakes(limit, KillRule())) == "limit 1/2, bets 4/8"
    spread = Stakes("spread-limit", blinds=(50, 100), ante=50, spread=(100, 500))
    assert describe_stakes(spread) == "spread-limit 50/100 ante 50, bets 100-500"
    assert describe_stakes(killed_stakes(spread, KillRule())).endswith("bets 200-1000")
    no_limit = Stakes("no-limit", blinds=(1, 2))
    assert describe_stakes(killed_stakes(no_limit, KillRule())) == "no-limit 1/2, minimum bet 4"


def test_the_stakes_text_reads_back_as_the_stakes() -> None:
    for stakes in [
        Stakes("limit", ante=1, bring_in=2, small_bet=5, big_bet=10),
        Stakes("spread-limit", blinds=(1, 2), ante=1, spread=(2, 10)),
        Stakes("no-limit", blinds=(1, 2, 4)),
    ]:
        assert Stakes.parse(stakes_text(stakes), stakes.format) == stakes
