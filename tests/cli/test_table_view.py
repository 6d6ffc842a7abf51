"""The terminal's account of a hand's end (pokerbook.cli.table_view)."""

from __future__ import annotations

from dataclasses import replace

from pokerbook.cards.notation import parse
from pokerbook.cli.table_view import seat_names, showdown_lines
from pokerbook.engine.hand import Hand
from pokerbook.games.house import BARGE
from pokerbook.games.stakes import Stakes
from pokerbook.history.scripted_dealer import ScriptedDealer


def test_the_summary_says_when_the_dealer_wins_a_cash_game_oklahoma_pot_000_2_40() -> None:
    board = "Ac 2d Kc Jh Th 9s 8h 8d 3s Qs 4c Ks 7c 7d 7h"  # the rivers: three sevens
    seats = ["3h 4s 8c 8s", "Qh Kh 9c 9d", "5c 6c 2h 2s"]
    dealer = ScriptedDealer([parse(s) for s in seats], parse(board))
    house = replace(BARGE, name="barge-cash", oklahoma_dealer_wins=True)
    stakes = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
    hand = Hand("F32", stakes, [100, 100, 100], dealer=dealer, house=house)
    while not hand.done:
        hand.act("cc")
    lines = showdown_lines(hand, seat_names(3, 0))
    assert lines[-1].startswith("The house takes the pot of 6: river cards all of one rank")
    assert not [line for line in lines if line.startswith(("You", "Bot"))]
