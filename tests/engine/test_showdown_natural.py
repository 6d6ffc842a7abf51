"""The showdown's value of natural cards equals ``evaluate``'s, board by board."""

from __future__ import annotations

import pytest

from pokerbook.cards.notation import parse
from pokerbook.engine.hand import Hand
from pokerbook.engine.showdown import natural_value
from pokerbook.evaluation.scale import get_scale
from pokerbook.evaluation.usage import evaluate
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes

LIMIT = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
#: Omaha, Two-or-Five Omaha, Chowaha (paths), Four Card Chowaha, Oklahoma (rows),
#: Reno Straight, Short Deck Omaha, hold'em
GAMES = ("F16", "F24", "F28", "F29", "F32", "F27", "F25", "F01")


@pytest.mark.parametrize("game_id", GAMES)
def test_natural_value_is_evaluates_value(game_id: str) -> None:
    compared = 0
    for seed in range(10):
        hand = Hand(find_game(game_id), LIMIT, [200] * 6, seed=seed)
        while not hand.done:
            hand.act("cc")
        chosen = hand.situation.boards
        boards = [list(b) for b in chosen] if chosen is not None else [b for b in hand.boards if b]
        for seat in hand.live:
            hole = list(hand.hole[seat])
            for share in hand.plan.shares:
                assert share.cards == "all"
                expected = evaluate(
                    share.scale, tuple(hole), [tuple(b) for b in boards], hole_use=share.hole_use
                ).value
                assert natural_value(share.scale, hole, boards, share.hole_use) == expected
                compared += 1
    assert compared >= 20


def test_a_joker_is_left_to_evaluate() -> None:
    hole = list(parse("Jo Ah Kh Qh"))
    assert natural_value(get_scale("high"), hole, [list(parse("2c 3d 4h 5s 9c"))], (2,)) is None


def test_a_hand_no_count_of_hole_cards_makes_is_left_to_evaluate() -> None:
    hole = list(parse("Ah Kh"))
    assert natural_value(get_scale("high"), hole, [list(parse("2c 3d"))], (2,)) is None
