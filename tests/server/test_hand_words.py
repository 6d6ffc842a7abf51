"""A hand's value in words, the boards' layout, the wild cards and the results, as the
page is told them: for every catalogue game at every moment of its hands."""

from __future__ import annotations

import random

import pytest

from pokerbook.bots import get_policy
from pokerbook.cards.notation import to_cards
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import all_games, find_game
from pokerbook.games.stakes import Stakes
from pokerbook.server.hand_words import board_layout, hand_value, results, wild_cards


def _stakes(game_id: str) -> Stakes:
    game = find_game(game_id)
    if game.is_stud:
        return Stakes(format="limit", ante=1, bring_in=2, small_bet=5, big_bet=10)
    if game.forced == "antes":
        return Stakes(format="limit", ante=1, small_bet=2, big_bet=4)
    if "limit" not in game.formats:
        return Stakes(format=game.formats[0], blinds=(1, 2))
    return Stakes(format="limit", blinds=(1, 2))


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_games_value_in_words_is_made_at_every_moment(game_id: str) -> None:
    game = find_game(game_id)
    players = min(4, game.max_players)
    bots = [get_policy("call") for _ in range(players)]
    rng = random.Random(game_id)
    hand = Hand(game, _stakes(game_id), [200] * players, seed=3)
    while True:
        for seat in range(players):
            value = hand_value(hand, seat)
            if value is not None:
                in_play = hand.situation.shares
                shares = [s.name for s in hand.plan.shares if in_play is None or s.name in in_play]
                assert [v["share"] for v in value] == shares
                assert all(v["text"] is None or v["text"] for v in value)
        if hand.done:
            break
        actor = hand.actor
        assert actor is not None
        hand.act(bots[actor].choose(hand, rng))
    told = results(hand, tuple(range(players)))
    awarded = sum(e.amount for e in hand.events if e.kind == "award")
    assert sum(r["amount"] for r in told) == awarded


def test_a_holdem_hand_is_told_in_words_and_a_split_hand_in_both_halves() -> None:
    hand = Hand(find_game("F01"), _stakes("F01"), [200, 200], seed=1)
    hand.hole[0][:] = to_cards("Kh Ks")
    value = hand_value(hand, 0)
    assert value == [{"share": "high", "text": "Pair of kings"}]
    split = Hand(find_game("S02"), _stakes("S02"), [200, 200], seed=1)
    assert [v["share"] for v in hand_value(split, 0) or []] == ["high", "low"]


def test_omaha_before_the_flop_has_no_value_yet() -> None:
    hand = Hand(find_game("F16"), _stakes("F16"), [200, 200], seed=1)
    assert hand_value(hand, 0) is None


def test_chowaha_is_laid_out_in_its_grid_with_paths_and_one_board_has_no_layout() -> None:
    layout = board_layout(find_game("F28"))
    assert layout is not None
    assert layout["rows"] == [[0, 3, None], [1, None, 5], [2, 4, None]]
    assert [0, 3, 5] in layout["paths"]
    murder = board_layout(find_game("F31"))
    assert murder is not None
    assert murder["columns"] is True
    assert board_layout(find_game("F01")) is None
    double = board_layout(find_game("F35"))
    assert double == {"rows": [[0], [1]], "paths": None, "columns": False}


def test_the_games_own_wild_cards_are_told() -> None:
    hand = Hand(find_game("S24"), _stakes("S24"), [200, 200], seed=1)
    assert set(wild_cards(hand)) == {"Js", "Jh", "Kd"}
    assert wild_cards(Hand(find_game("F01"), _stakes("F01"), [200, 200], seed=1)) == []
