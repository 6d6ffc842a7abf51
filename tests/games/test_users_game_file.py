"""A user plays their own declared game from the command line (docs/examples/my-game.toml)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pokerbook.cli.main import cli

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "my-game.toml"


def run(*args: str, keys: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=keys)
    return result.exit_code, result.output


def test_a_users_game_file_is_simulated_from_the_command_line() -> None:
    code, out = run("simulate", "--game", str(EXAMPLE), "--hands", "200", "--seed", "2")
    assert code == 0, out
    assert out.startswith("Irish High/Low Declare (irish-declare), pot-limit")
    assert "invariants held at the end of every hand" in out
    assert "200 hands in" in out


def test_a_users_game_file_has_a_rules_page() -> None:
    code, out = run("rules", str(EXAMPLE))
    assert code == 0, out
    assert out.startswith("Irish High/Low Declare (irish-declare)")
    assert "5. Discard: each player discards 2 cards" in out
    assert "declare (high low no-pig)" in out


def test_a_users_game_file_is_played_from_the_command_line() -> None:
    code, out = run("play", "--game", str(EXAMPLE), "--seed", "1", keys="fold\n\nq\n")
    assert code == 0, out
    assert "Irish High/Low Declare" in out
    assert "hand(s) played" in out


def test_a_users_game_file_is_named_by_path_and_id() -> None:
    code, out = run("simulate", "--game", f"{EXAMPLE}:irish declare", "--hands", "5")
    assert code == 0, out
    code, out = run("simulate", "--game", f"{EXAMPLE}:irish", "--hands", "5")
    assert code != 0
    assert "no game in" in out
    assert "named 'irish'; known: irish-declare" in out


def test_a_broken_users_game_file_is_refused_with_file_game_and_key(tmp_path: Path) -> None:
    broken = tmp_path / "my-game.toml"
    broken.write_text(
        EXAMPLE.read_text(encoding="utf-8").replace("qualifier =", "qualifer ="), encoding="utf-8"
    )
    for args in (["simulate", "--game", str(broken)], ["rules", str(broken)]):
        code, out = run(*args)
        assert code != 0
        assert "Traceback" not in out
        assert f"{broken}: [irish-declare] showdown[1]: no key named 'qualifer'" in out
        assert "did you mean: qualifier?" in out
