"""A seat's view made from the spectator's equals the seat's own view, at every moment of
hands of every kind of game."""

from __future__ import annotations

import random

import pytest

from pokerbook.bots import get_policy
from pokerbook.engine.hand import Hand
from pokerbook.engine.views import seat_view, view
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes

GAMES = ["F01", "F16", "S01", "S18", "D09", "D11", "H01", "H09", "F35", "S27"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seats_view_made_from_the_spectators_is_its_own_view(game_id: str) -> None:
    game = find_game(game_id)
    players = min(4, game.max_players)
    bots = [get_policy("random") for _ in range(players)]
    rng = random.Random(game_id)
    for number in range(6):
        if game.is_stud:
            stakes = Stakes(format="limit", ante=1, bring_in=2, small_bet=5, big_bet=10)
        elif game.forced == "antes":
            stakes = Stakes(format="limit", ante=1, small_bet=2, big_bet=4)
        else:
            stakes = Stakes(format="limit", blinds=(1, 2))
        hand = Hand(game, stakes, [200] * players, button=number % players, seed=number)
        while True:
            spectator = view(hand, None)
            for seat in range(players):
                assert seat_view(hand, seat, spectator) == view(hand, seat)
            if hand.done:
                break
            actor = hand.actor
            assert actor is not None
            hand.act(bots[actor].choose(hand, rng))


def test_a_seat_that_does_not_exist_has_no_view() -> None:
    hand = Hand(find_game("F01"), Stakes(format="limit", blinds=(1, 2)), [100] * 3)
    with pytest.raises(ValueError, match="no seat 3"):
        seat_view(hand, 3, view(hand, None))
