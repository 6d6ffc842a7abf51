"""``pokerbook play`` driven through its input, as a player at the terminal would."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from pokerbook.cli.main import cli


def play(*args: str, keys: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["play", *args], input=keys)
    return result.exit_code, result.output


HEADS_UP = ("--game", "F01", "--players", "2", "--seed", "4", "--policy", "call")


def test_an_illegal_action_is_refused_with_the_reason_and_a_legal_one_proceeds() -> None:
    code, out = play(*HEADS_UP, "--hands", "1", keys="raise 3\ncall\n" + "check\n" * 6)
    assert code == 0, out
    refused = out.index("Not allowed: a bet or raise must be to 4-200, not 3")
    assert "legal now:" in out[refused:]
    assert out.index("You call 1") > refused  # heads-up the button completes the small blind
    assert "Board:" in out


def test_the_table_shows_your_cards_hidden_cards_pot_and_options() -> None:
    code, out = play(*HEADS_UP, "--hands", "1", keys="q\n")
    assert code == 0
    assert "Hand 1: your turn" in out
    dealt = re.search(r"You are dealt (\S\S \S\S)", out)
    assert dealt is not None
    assert dealt[1] in out.split("Hand 1: your turn", 1)[1]
    assert "## ##" in out
    assert "Pot: 3" in out
    assert "Your options: call 1 ('call' or 'cc'); raise to 4-200" in out


def test_a_hand_ends_with_a_summary_of_shown_hands_winners_and_amounts() -> None:
    code, out = play(*HEADS_UP, "--hands", "1", keys="cc\n" * 8)
    assert code == 0, out
    assert "Hand 1 is over" in out
    assert re.search(r"(You|Bot 2) shows? \S\S \S\S \(", out)
    assert re.search(r"(You win|Bot 2 wins) \d+", out)
    assert "Result" in out
    assert "Net" in out
    assert "1 hand(s) played" in out


def test_q_quits_and_calls_off_the_unfinished_hand() -> None:
    code, out = play(*HEADS_UP, keys="q\n")
    assert code == 0
    assert "You leave the table." in out
    assert "0 hand(s) played (the unfinished hand is called off); your stack 200 (+0)" in out


def test_q_between_hands_ends_the_session() -> None:
    code, out = play(*HEADS_UP, keys="cc\n" * 4 + "q\n")  # four decisions heads-up
    assert code == 0, out
    assert "Enter for the next hand, q to quit" in out
    assert "Hand 2" not in out
    assert "1 hand(s) played;" in out


def test_the_end_of_input_quits_too() -> None:
    code, out = play(*HEADS_UP, keys="")
    assert code == 0
    assert "You leave the table." in out


def test_unreadable_input_and_help_show_the_options_again() -> None:
    code, out = play(*HEADS_UP, keys="dance\n?\nq\n")
    assert code == 0
    assert "Cannot read that: cannot read action 'dance'" in out
    assert out.count("Your options:") == 3


def test_limit_words_without_amounts_and_all_in() -> None:
    code, out = play("-g", "F01", "-f", "limit", "-p", "2", "-s", "4", "--policy", "call",
                     "--hands", "1", keys="raise\n" + "cc\n" * 8)  # fmt: skip
    assert code == 0, out
    assert "You raise to 4" in out
    code, out = play(*HEADS_UP, "--hands", "1", keys="all-in\n" + "cc\n" * 8)
    assert code == 0, out
    assert "You raise to 200 (all in)" in out


def test_stud_offers_the_bring_in_and_shows_up_cards() -> None:
    keys = "".join(["bring-in\n", "cc\n"] * 10)  # seed 3: the human brings in
    code, out = play("-g", "razz", "-p", "3", "-s", "3", "--policy", "call", "--hands", "2",
                     keys=keys + "\n" + keys)  # fmt: skip
    assert code == 0, out
    assert "your down cards in [ ]" in out
    assert re.search(r"## ## \S\S", out)
    assert "bring-in 2 ('bring-in' or 'pb')" in out


def test_draws_take_cards_by_name_and_refuse_cards_not_held() -> None:
    args = ("-g", "badugi", "-p", "2", "-s", "6", "--policy", "call", "--hands", "1")
    first = play(*args, keys="cc\nq\n")[1]
    dealt = re.search(r"You are dealt (\S\S) (\S\S) (\S\S) (\S\S)", first)
    assert dealt is not None
    held = set(dealt.groups())
    stranger = next(c for c in ("2c", "3d", "4h", "5s", "6c", "7d") if c not in held)
    keys = f"cc\ndraw {stranger}\ndraw {dealt[1]} {dealt[2]}\n" + "cc\nsd\n" * 6
    code, out = play(*args, keys=keys)
    assert code == 0, out
    assert "Not allowed: can only throw cards held" in out
    assert f"You draw 2: out {dealt[1]} {dealt[2]}, in" in out


@pytest.mark.parametrize("game", ["S02", "D01", "F17", "D08"])
def test_any_game_can_be_played_to_the_end(game: str) -> None:
    keys = "".join(["pb\n", "cc\n", "sd\n"] * 30)
    code, out = play("-g", game, "-p", "4", "-s", "1", "--hands", "1", keys=keys)
    assert code == 0, out
    assert "Hand 1 is over" in out


def test_a_bad_game_is_refused() -> None:
    code, out = play("-g", "canasta", keys="")
    assert code != 0
    assert "no game named 'canasta'" in out


def test_stacks_carry_over_and_a_busted_player_buys_in_again() -> None:
    keys = "all-in\n" + "cc\n" * 4 + "\n" + "all-in\n" + "cc\n" * 4 + "\n" + "q\n"
    code, out = play(*HEADS_UP, "--stack", "20", keys=keys)
    assert code == 0, out
    assert "buy in again for 20" in out or "buys in again for 20" in out
