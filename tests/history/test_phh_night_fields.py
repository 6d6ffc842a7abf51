"""PHH fields for the hands of a night: the first-round order of a kill, missed blinds
made up dead, and a pot carried from an unopened deal (pokerbook's own fields)."""

from __future__ import annotations

import re

import pytest

from pokerbook.bots import get_policy
from pokerbook.engine.hand import Hand
from pokerbook.games.stakes import Stakes
from pokerbook.history.phh import PHHError, read_phh, write_phh
from pokerbook.history.replay import replay
from pokerbook.table.night_file import builtin_nights
from pokerbook.table.play import GameNight

NL = Stakes(format="no-limit", blinds=(1, 2))


def round_trip(hand: Hand) -> Hand:
    return replay(read_phh(write_phh(hand), "test"))


def in_phh_order(hand: Hand, values: list[int]) -> list[int]:
    return [values[s] for s in hand.order_from(hand.button + 1)]


@pytest.mark.parametrize("players", [2, 4])
def test_first_and_last_to_act_dead_blinds_and_carried_pot_replay(players: int) -> None:
    hand = Hand(
        "F01",
        NL,
        [100 + 10 * s for s in range(players)],
        seed=7,
        last_to_act=players - 1,
        dead_blinds=[0] * (players - 1) + [1],
        carried_in=6,
    )
    text = write_phh(hand)
    assert "_last_to_act" in text
    assert "_dead_blinds" in text
    assert "_carried_in = 6" in text
    again = round_trip(hand)
    assert again.last_to_act is not None
    assert again.dead_blinds == in_phh_order(hand, hand.dead_blinds)
    assert again.carried_in == 6
    while not hand.done:
        hand.act("cc")
    again = round_trip(hand)
    assert again.stacks == in_phh_order(hand, hand.stacks)


def test_a_player_number_out_of_range_is_refused() -> None:
    text = write_phh(Hand("F01", NL, [100, 100, 100], seed=1, first_to_act=2))
    bad = re.sub(r"_first_to_act = \d+", "_first_to_act = 9", text)
    with pytest.raises(PHHError, match="_first_to_act must be a player 1 to 3, not 9"):
        read_phh(bad, "bad")


def test_every_hand_of_an_oresteen_night_replays_from_its_phh() -> None:
    # kills, straddles, Overs buttons, missed blinds and whole chips all in play
    night = builtin_nights()["oresteen-dealers-choice"]
    table = GameNight(night, [get_policy("random") for _ in range(7)], seed=11)
    for result in table.play(150):
        hand = result.hand
        again = round_trip(hand)
        assert again.stacks == in_phh_order(hand, hand.stacks), result.number
