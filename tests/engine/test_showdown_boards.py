"""Multi-board showdowns: the values the showdown gives every live seat (each board's
parts found once a hand, read from split tables) equal ``evaluate``'s board by board."""

from __future__ import annotations

import pytest

from pokerbook.bots import get_policy
from pokerbook.bots.simulation import Table, simulate
from pokerbook.engine.showdown import boards_of, qualifies, share_values
from pokerbook.evaluation.usage import evaluate_general
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes

LIMIT = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)
#: Sohe (a seat's own split of its cards), Reno Straight (two boards), Chowaha and its
#: hi/lo and by-die forms (paths), Murder (decisive boards), Oklahoma (rows), Omaha hi/lo,
#: Two-or-Five Omaha, Big O
GAMES = ("F26", "F27", "F28", "F29", "F30", "F31", "F32", "F17", "F24", "F22")


@pytest.mark.parametrize("game_id", GAMES)
def test_share_values_equal_evaluate_board_by_board(game_id: str) -> None:
    game = find_game(game_id)
    table = Table(game, LIMIT, (200,) * 5)
    compared = 0
    for hand in simulate(table, [get_policy("call") for _ in range(5)], 12, 16, checks="none"):
        if hand.in_hand < 2 or hand.to_house:
            continue
        # Murder: every legal board, not only the decisive ones the showdown is given
        every = hand.situation.notes.get("murder-rows")
        boards = [tuple(b) for b in (every if isinstance(every, list) else boards_of(hand))]
        got = share_values(hand, hand.live)
        for seat in hand.live:
            for i, share in enumerate(hand.plan.shares):
                override = hand.situation.overrides.get((seat, share.name))
                hole = tuple(hand.hole[seat])
                hole_use = share.hole_use
                if override is not None and override.hole is not None:
                    hole = tuple(override.hole)
                if override is not None and override.hole_use is not None:
                    hole_use = override.hole_use or None
                value = evaluate_general(share.scale, hole, boards, hole_use=hole_use).value
                qualifier = share.qualifier
                if qualifier is not None and not qualifies(qualifier, share.scale, value):
                    assert got[seat][i] is None
                else:
                    assert got[seat][i] == value
                compared += 1
    assert compared >= 40


def test_sohe_seats_play_their_own_split() -> None:
    # the case the test above covers for Sohe: the omaha share reads four of a seat's six
    # cards, its own choice
    game = find_game("F26")
    table = Table(game, LIMIT, (200,) * 4)
    seen = 0
    for hand in simulate(table, [get_policy("call") for _ in range(4)], 6, 3, checks="none"):
        for seat in hand.live:
            override = hand.situation.overrides.get((seat, "omaha"))
            if override is not None and override.hole is not None:
                assert len(override.hole) == 4
                assert set(override.hole) <= set(hand.hole[seat])
                seen += 1
    assert seen
