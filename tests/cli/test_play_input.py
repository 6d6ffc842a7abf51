"""What a player at the table types, and what they are told when it cannot be played."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from rich.console import Console

from pokerbook.cli.main import cli
from pokerbook.cli.play_input import to_action
from pokerbook.cli.table_view import narrate, render_table
from pokerbook.engine.actions import Action
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.events import Event
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes

#: heads-up hold'em: you have the button and the small blind, and act first: call 1
HEADS_UP = ("--game", "F01", "--players", "2", "--seed", "4", "--policy", "call", "--hands", "1")


def play(keys: str) -> str:
    result = CliRunner().invoke(cli, ["play", *HEADS_UP], input=keys)
    assert result.exit_code == 0, result.output
    return result.output


def first_hand() -> Hand:
    return Hand(find_game("F01"), Stakes(blinds=(1, 2)), [200, 200], button=0, seed=4)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("fold now", "'fold now': 'fold' takes nothing after it, not 'now'"),
        ("cc extra", "'cc extra': 'cc' takes nothing after it, not 'extra'"),
        ("check please", "'check please': 'check' takes nothing after it"),
        ("raise 20 30", "'raise 20 30': the amount must be one whole number of chips"),
    ],
)
def test_extra_words_are_refused_with_the_legal_choices(typed: str, said: str) -> None:
    out = play(f"{typed}\nq\n")
    refused = out.index(f"Cannot read that: {said}")
    assert "Your options: call 1 ('call' or 'cc'); raise to 4-200" in out[refused:]
    assert "You fold" not in out
    assert "You call" not in out


def test_a_call_with_the_wrong_amount_is_refused_not_ignored() -> None:
    out = play("call 100\nq\n")
    refused = out.index("Not allowed: the call is 1, not 100")
    assert "Your options: call 1" in out[refused:]
    assert "You call" not in out


def test_a_call_naming_the_call_is_played() -> None:
    out = play("call 1\n" + "check\n" * 6)
    assert "You call 1" in out


def test_raise_to_is_read_as_the_options_line_says_it() -> None:
    out = play("raise to 20\nq\n")
    assert "You raise to 20" in out


def test_call_amounts_are_checked_against_the_call_by_the_engine() -> None:
    hand = first_hand()
    legal = hand.legal()
    assert legal is not None
    assert to_action("call 1", legal) == Action("call", 1)
    with pytest.raises(IllegalActionError, match="the call is 1, not 3"):
        hand.act(to_action("call 3", legal))
    hand.act("cc")
    checking = hand.legal()
    assert checking is not None
    with pytest.raises(IllegalActionError, match="there is no bet to call"):
        hand.act(to_action("call 2", checking))


def test_the_table_numbers_its_seats_as_the_player_addresses_them() -> None:
    hand = first_hand()
    console = Console(width=120, record=True)
    console.print(render_table(hand, ["You", "Bot 5"], 0, "Hand 1", seat_numbers=[3, 5]))
    rows = [line.split("│")[1:3] for line in console.export_text().splitlines() if "│" in line]
    assert [[cell.strip() for cell in row] for row in rows] == [
        ["3", "You (button)"],
        ["5", "Bot 5"],
    ]


def test_you_are_told_in_the_second_person() -> None:
    names = ["You", "Bot 2"]
    assert narrate(Event("call", 0, 2), names, 0) == "You call 2"
    assert narrate(Event("call", 1, 2), names, 0) == "Bot 2 calls 2"
    assert narrate(Event("raise", 0, 6), names, 0) == "You raise to 6"
    assert narrate(Event("complete", 1, 6), names, 0) == "Bot 2 completes to 6"
    assert narrate(Event("return", 0, 4), names, 0) == "4 uncalled returned to you"
    assert narrate(Event("blind", 1, 2), names, 0) == "Bot 2 posts a blind of 2"
