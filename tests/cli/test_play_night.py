"""``pokerbook play --night``: a whole night against bots, driven through its input."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from click.testing import CliRunner

from pokerbook.cli.main import cli
from pokerbook.games.catalogue import find_game

#: seed 1 with three players: you have the first deal of the night
HOLDEM_NIGHT = ("--night", "oresteen-holdem-night", "--players", "3", "--seed", "1")
LEDGER_ROW = re.compile(r"│ (You|Bot \d)\s+│\s+(\d+) │\s+(\d+) │\s+(\d+) │\s+([+-]\d+) │")
PAYMENT = re.compile(r"^(You|Bot \d) pays? (You|Bot \d) (\d+)$", re.MULTILINE)

BOMB_NIGHT = """\
house = "barge"
buy_in = 200
run_twice = 1.0
[selection]
kind = "rotation"
games = ["F01"]
[stakes.default]
format = "no-limit"
blinds = [1, 2]
[bomb_pots]
ante = 10
button = true
"""


def play(*args: str, keys: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["play", *args, "--policy", "call"], input=keys)
    return result.exit_code, result.output


def test_on_your_deal_you_choose_the_game_and_a_bad_choice_is_asked_again_004_r13() -> None:
    keys = "canasta\n42\nrazz\n1\n\n" + "cc\n" * 8  # no Bug (Enter)
    code, out = play(*HOLDEM_NIGHT, "--hands", "1", keys=keys)
    assert code == 0, out
    assert "Hand 1: your deal" in out
    assert re.search(r"^\s+1\s+F01\s+Texas Hold'em \(no-limit 50/100 ante 100\)$", out, re.M)
    assert "Not on the menu: no game named 'canasta'" in out
    assert "Not on the menu: there is no game 42: type a number from 1 to 8" in out
    assert "Not on the menu: S05 (Razz) is not on tonight's menu" in out
    assert out.count("Your game (number or ID, q quits)") == 4
    holdem = find_game("F01").name
    assert f"You deal {holdem}." in out
    assert f"Hand 1: {holdem}, no-limit 50/100 ante 100" in out
    assert "Hand 1 is over" in out


def test_on_your_deal_you_may_add_the_bug_004_r3() -> None:
    code, out = play(*HOLDEM_NIGHT, "--hands", "1", keys="1\nmaybe\ny\n" + "cc\n" * 8)
    assert code == 0, out
    assert "Answer y or n" in out
    assert f"You deal {find_game('F01+bug').name}." in out
    assert "Texas Hold'em with the Bug" in out


def test_between_hands_you_see_who_won_what_and_the_stacks() -> None:
    code, out = play(*HOLDEM_NIGHT, "--hands", "1", keys="1\n\nall-in\n" + "cc\n" * 8)
    assert code == 0, out
    won = re.findall(r"^(You|Bot \d) wins? (\d+)$", out, re.MULTILINE)
    assert won
    assert sum(int(amount) for _, amount in won) == 30000  # three stacks of 10000, all in
    stacks = out.split("Stacks", 1)[1]
    rows = re.findall(r"│ (You|Bot \d)[^│]*│\s+(\d+) │\s+([+-]\d+) │", stacks)
    assert [name for name, _, _ in rows] == ["You", "Bot 2", "Bot 3"]
    assert sum(int(delta) for _, _, delta in rows) == 0


def test_quitting_mid_night_calls_off_the_hand_and_shows_the_ledger_and_who_pays_whom() -> None:
    keys = "1\n\nall-in\n" + "\n" + "cc\n" + "q\n"  # all in on hand 1, quit during hand 2
    code, out = play(*HOLDEM_NIGHT, keys=keys)
    assert code == 0, out
    assert "You leave the table." in out
    assert "1 hand(s) played (the unfinished hand is called off)." in out
    rows = LEDGER_ROW.findall(out.split("Ledger", 1)[1])
    assert [row[0] for row in rows] == ["You", "Bot 2", "Bot 3"]
    nets = {name: int(net) for name, _, _, _, net in rows}
    for name, bought, rebought, cashed, net in rows:
        assert int(net) == int(cashed) - int(bought) - int(rebought), name
    assert sum(nets.values()) == 0
    assert any(nets.values())  # the all-in hand moved chips
    received = dict.fromkeys(nets, 0)
    for payer, payee, amount in PAYMENT.findall(out):
        received[payer] -= int(amount)
        received[payee] += int(amount)
    assert received == nets


def test_the_ledger_is_written_to_csv(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    code, out = play(*HOLDEM_NIGHT, "--ledger", str(path), keys="1\n\nf\nq\n")
    assert code == 0, out
    assert f"Wrote the ledger to {path}" in out
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert [r["kind"] for r in rows] == ["buy-in"] * 3 + ["cash-out"] * 3
    assert [r["player"] for r in rows[:3]] == ["You", "Bot 2", "Bot 3"]
    assert sum(int(r["amount"]) for r in rows[3:]) == 30000


def test_a_bomb_pot_on_your_button_is_your_call_and_the_board_may_run_twice_000_s1_4(
    tmp_path: Path,
) -> None:
    night = tmp_path / "bombs.toml"
    night.write_text(BOMB_NIGHT, encoding="utf-8")
    args = ("--night", str(night), "--players", "2", "--seed", "5")
    # seed 5: the bot deals first; both go all in pre-flop and the board runs twice
    code, out = play(*args, keys="all-in\n" + "\n" + "x\ny\n" + "all-in\ncc\n" * 3 + "q\n")
    assert code == 0, out
    assert "All in: the rest of the board is run twice" in out
    assert re.search(r"^Run 1: (You|Bot 2) wins? 200$", out, re.MULTILINE)
    assert re.search(r"^Run 2: (You|Bot 2) wins? 200$", out, re.MULTILINE)
    if "Hand 2" in out:  # you still have chips: your button, your call
        assert "You have the button: a bomb pot of 10 each?" in out
        assert "Answer y or n" in out
        assert "Bomb pot: everyone antes 10; no betting before the flop" in out


def test_a_night_is_chosen_from_the_list_with_a_question_mark() -> None:
    code, out = play("--night", "?", "--players", "3", "--seed", "1", keys="nowhere\n4\nq\n")
    assert code == 0, out
    assert re.search(r"^\s+4\s+oresteen-holdem-night: Oresteen Hold 'Em Night", out, re.M)
    assert "No such night: no night named 'nowhere'" in out
    assert "Oresteen Hold 'Em Night (oresteen-holdem-night), oresteen house" in out


def test_game_options_with_a_night_are_refused() -> None:
    code, out = play("--night", "horse", "--game", "razz", keys="")
    assert code != 0
    assert "--game cannot be used with --night" in out
    code, out = play("--ledger", "x.csv", keys="")
    assert code != 0
    assert "--ledger needs --night" in out


def test_the_house_may_be_changed_but_not_to_one_that_forbids_the_nights_agreement(
    tmp_path: Path,
) -> None:
    code, out = play("--night", "horse", "--house", "roberts", "--seed", "2", keys="q\n")
    assert code == 0, out
    assert "HORSE (horse), roberts house" in out
    night = tmp_path / "twice.toml"
    night.write_text(BOMB_NIGHT, encoding="utf-8")
    code, out = play("--night", str(night), "--house", "oresteen", keys="q\n")
    assert code != 0
    assert "does not allow running it twice (004 r.26j)" in out


def test_play_with_no_options_starts_a_game_at_once() -> None:
    result = CliRunner().invoke(cli, ["play"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "You are seat 1" in result.output
    assert "Your options:" in result.output


def test_tournament_night_deals_no_bug_so_you_are_not_asked() -> None:
    night = ("--night", "oresteen-tournament-night", "--players", "5", "--seed", "2")
    code, out = play(*night, keys="1\nq\n")
    assert code == 0, out
    assert "your deal" in out
    assert "Add the Bug" not in out
    assert "Places" in out


def test_between_hands_you_take_overs_and_buy_and_present_a_show_em_chip_004_r6h_r8() -> None:
    night = ("--night", "oresteen-dealers-choice", "--players", "3", "--seed", "2")
    keys = "1\n\nf\n" + "maybe\nchip\nchip\nshow 9\novers\n" + "q\n"
    code, out = play(*night, keys=keys)
    assert code == 0, out
    assert "Not allowed: 'maybe': press Enter for the next hand, or q to quit" in out
    assert "You bought a Show 'Em chip." in out
    assert "one Show 'Em chip of the night (004 r.6h)" in out  # a second one is refused
    assert "Not allowed: show a seat 1 to 3, not '9'" in out
    assert "You play with an Overs button for the rest of the night." in out
    rows = [line for line in out.splitlines() if line.startswith("│ You ")]
    bought_in, rebuys, cashed_out, net = LEDGER_ROW.match(rows[-1]).groups()[1:]  # type: ignore[union-attr]
    assert int(cashed_out) - int(bought_in) - int(rebuys) == int(net)


OVERS_NIGHT = """\
house = "oresteen"
buy_in = 10000
[selection]
kind = "rotation"
games = ["F01"]
[stakes.default]
format = "limit"
blinds = [50, 100]
small_bet = 100
big_bet = 200
[overs]
chance = 1.0
[show_em]
buy = 1.0
"""


def test_a_bots_show_em_purchase_and_overs_button_are_announced_and_holders_marked(
    tmp_path: Path,
) -> None:
    night = tmp_path / "overs.toml"
    night.write_text(OVERS_NIGHT, encoding="utf-8")
    code, out = play("--night", str(night), "--players", "3", "--seed", "1", keys="f\nq\n")
    assert code == 0, out
    for seat in (2, 3):
        assert f"Seat {seat} (Bot {seat}) buys a Show 'Em chip for 300 (004 r.6h)" in out
        assert f"Seat {seat} (Bot {seat}) plays Overs: takes an Overs button (004 r.8)" in out
        # the table view and the stacks number the seat as the notice does, and mark it
        assert re.search(rf"│\s+{seat} │ Bot {seat} (\(button\) )?\(Overs\)", out)
    assert "Seat 1 (You)" not in out  # you take nothing by chance
    assert "You (Overs)" not in out


def test_the_table_view_numbers_the_table_seats_when_a_seat_sits_out() -> None:
    from rich.console import Console

    from pokerbook.cli.play_night import NightPlayer
    from pokerbook.engine.hand import Hand
    from pokerbook.games.stakes import Stakes
    from pokerbook.table.night_file import builtin_nights

    console = Console(record=True, width=100)
    player = NightPlayer(builtin_nights()["oresteen-holdem-night"], 4, "call", 1, console)
    player.table.dealt = (0, 2, 3)  # the table's second seat sits this hand out
    hand = Hand("F01", Stakes("no-limit", blinds=(1, 2)), [100] * 3, seed=1)
    console.print(player.view(hand, 0, "a hand"))
    text = console.export_text()
    seats = re.findall(r"^│\s+(\d+) │ (\S+(?: \d)?)", text, re.MULTILINE)
    assert seats == [("1", "You"), ("3", "Bot 3"), ("4", "Bot 4")]
