"""Murder's decisive boards found from card parts equal those found hand by hand."""

from __future__ import annotations

import random
from itertools import combinations

from pokerbook.cards.card import Card
from pokerbook.engine.hand import Hand
from pokerbook.engine.rules.layouts import decisive_boards, murder_boards
from pokerbook.evaluation.scale import get_scale
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes
from pokerbook.history.scripted_dealer import ScriptedDealer

LIMIT = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)


def _deal_murder(rng: random.Random, seats: int) -> Hand:
    deck = [Card(i) for i in range(52)]
    rng.shuffle(deck)
    holes = [deck[4 * s : 4 * s + 4] for s in range(seats)]
    board = deck[4 * seats : 4 * seats + 12]
    hand = Hand("F31", LIMIT, [100] * seats, dealer=ScriptedDealer(holes, board))
    while not hand.done:
        hand.act("cc")
    return hand


def _first_best_boards(hand: Hand, boards: list[tuple[Card, ...]]) -> set[int]:
    """Each live seat's first best board on each share, trying every hand."""
    keep: set[int] = set()
    for share in find_game("F31").showdown.shares:
        scale = get_scale(share.scale)
        assert share.hole_use is not None
        for seat in hand.live:
            best, found = -1, None
            for used in share.hole_use:
                for held in combinations(hand.hole[seat], used):
                    for index, board in enumerate(boards):
                        for shared in combinations(board, 5 - used):
                            value = scale.exact(held + shared)
                            if value > best:
                                best, found = value, index
            assert found is not None
            keep.add(found)
    return keep


def test_decisive_boards_are_the_first_best_board_of_each_seat() -> None:
    rng = random.Random(31)
    for _ in range(12):
        hand = _deal_murder(rng, rng.randint(2, 6))
        columns = [hand.boards[i] for i in range(4)]
        every = murder_boards(columns)
        expected = [every[i] for i in sorted(_first_best_boards(hand, every))]
        assert decisive_boards(hand, every) == expected
