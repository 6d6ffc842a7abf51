"""Settling deals on one played template hand, against playing each deal."""

from __future__ import annotations

import random

import pytest

from pokerbook.cards.notation import parse
from pokerbook.equity.dealer import AssignedPicks, board_key
from pokerbook.equity.engine_path import EquityTable, play_deal
from pokerbook.equity.request import read_question
from pokerbook.equity.resettle import Resettler, random_sets


@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        ("F17", ["Ah 2h 3c Kd", "As 2s Qd Qc", "7c 8c 9d Td"], "4h 5h 9c"),
        ("S02", ["Ah 2h 3c 4d", "Ks Kd Qd"], ""),
        ("D14", ["Ah 2h 3c 4d", "Ks Kd Qd Qh"], ""),
    ],
)
def test_settling_on_the_template_hand_agrees_with_playing_each_deal(
    game: str, hands: list[str], board: str
) -> None:
    spot = EquityTable(read_question(game, hands, board))
    counts = tuple(
        sorted(
            {
                **{
                    seat: spot.game.hole_cards - len(h)
                    for seat, h in enumerate(spot.question.spot.hands)
                },
                **({board_key(0): 5 - len(parse(board))} if spot.game.boards else {}),
            }.items()
        )
    )
    counts = tuple((d, n) for d, n in counts if n)
    template = Resettler(spot, counts)
    rng = random.Random(5)
    for _ in range(30):
        assigned = random_sets(spot.unseen, counts, rng)
        played = play_deal(spot, AssignedPicks(assigned), rng)
        assert played is not None
        assert template.shares(assigned) == played
