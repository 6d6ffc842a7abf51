"""PHH fields for the hands of a night: the first-round order of a kill, missed blinds
made up dead, a pot carried from an unopened deal, the kill and the straddles
(pokerbook's own fields, one row each in :data:`SETUP_KEYS`), and the blinds a hand
records (only those posted)."""

from __future__ import annotations

import re

import pytest

from pokerbook.bots import get_policy
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import FIELDS, HandSetup
from pokerbook.games.stakes import Stakes
from pokerbook.history.deal_check import deal_fields
from pokerbook.history.phh import PHHError, read_phh, write_phh
from pokerbook.history.replay import play, replay
from pokerbook.history.setup_keys import SETUP_KEYS
from pokerbook.history.verify import verify_history
from pokerbook.table.night_file import builtin_nights, parse_night
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
        setup=HandSetup(
            last_to_act=players - 1, dead_blinds=(0,) * (players - 1) + (1,), carried_in=6
        ),
    )
    text = write_phh(hand)
    assert "_last_to_act" in text
    assert "_dead_blinds" in text
    assert "_carried_in = 6" in text
    again = round_trip(hand)
    assert again.setup.last_to_act is not None
    assert again.dead_blinds == in_phh_order(hand, hand.dead_blinds)
    assert again.setup.carried_in == 6
    while not hand.done:
        hand.act("cc")
    again = round_trip(hand)
    assert again.stacks == in_phh_order(hand, hand.stacks)


def test_a_player_number_out_of_range_is_refused() -> None:
    text = write_phh(Hand("F01", NL, [100, 100, 100], seed=1, setup=HandSetup(first_to_act=2)))
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


def test_every_setup_field_has_one_row_in_the_table_of_phh_keys() -> None:
    assert tuple(row.field for row in SETUP_KEYS) == FIELDS
    keys = [row.key for row in SETUP_KEYS if row.key]
    assert len(set(keys)) == len(keys)


def test_kill_and_straddles_round_trip_through_phh() -> None:
    # five players, button seat 0: seat 3 straddles 4 and has posted a kill, acting last
    setup = HandSetup(blinds=(0, 1, 2, 4, 0), straddles=(3,), kill=3, last_to_act=3)
    hand = Hand("F01", NL, [100] * 5, seed=3, setup=setup)
    while not hand.done:
        hand.act("cc")
    text = write_phh(hand)
    # seat 3 is the third player from the button's left: p3
    assert "_kill = 3\n" in text
    assert "_straddles = [3]\n" in text
    assert "blinds_or_straddles = [1, 2, 4, 0, 0]\n" in text
    history = read_phh(text, "kill")
    assert (history.setup.kill, history.setup.straddles) == (2, (2,))
    again = play(history).hand
    assert again.setup.kill == 2
    assert again.setup.straddles == (2,)
    assert again.stacks == in_phh_order(hand, hand.stacks)
    assert write_phh(again) == text


def test_a_hand_without_a_kill_or_straddles_writes_neither_field() -> None:
    hand = Hand("F01", NL, [100] * 4, seed=3)
    text = write_phh(hand)
    assert "\n_kill =" not in text
    assert "\n_straddles =" not in text


def test_a_player_named_twice_among_the_straddles_is_refused() -> None:
    text = write_phh(Hand("F01", NL, [100] * 4, seed=3))
    bad = text.replace("ante_trimming_status", "_straddles = [3, 3]\nante_trimming_status")
    with pytest.raises(PHHError, match=r"_straddles names a player twice: \[3, 3\]"):
        read_phh(bad, "bad")


def test_pokerbooks_older_fields_read_as_before() -> None:
    text = """\
variant = 'NT'
_overs = [3, 1]
_first_to_act = 2
_dead_blinds = [1, 0]
_carried_in = 6
_bomb_pot = 0
antes = [0, 0]
blinds_or_straddles = [2, 1]
min_bet = 2
starting_stacks = [100, 100]
actions = []
"""
    setup = read_phh(text.replace("_overs = [3, 1]", "_overs = [2, 1]"), "old").setup
    # heads-up the lists name the button (p2, seat 1) first
    assert setup.blinds == (1, 2)
    assert setup.dead_blinds == (0, 1)
    assert (setup.first_to_act, setup.carried_in, setup.bomb_pot) == (1, 6, 0)
    assert setup.overs == frozenset({0, 1})
    with pytest.raises(PHHError, match=r"_overs must list players 1 to 2, not \[3, 1\]"):
        read_phh(text, "old")


LIMIT = Stakes("limit", blinds=(1, 2), ante=1, small_bet=2, big_bet=4)


def test_an_antes_only_hand_records_no_blinds() -> None:
    hand = Hand("D02", LIMIT, [100, 100, 100], seed=4)  # Jacks-or-Better: antes only
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        hand.act("sd" if legal.draw is not None else "cc")
    text = write_phh(hand)
    assert "blinds_or_straddles = [0, 0, 0]\n" in text
    assert round_trip(hand).stacks == in_phh_order(hand, hand.stacks)


def test_jacksons_lowball_round_records_the_blinds_it_posted() -> None:
    hand = Hand("D03", LIMIT, [100, 100, 100], seed=4)
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        hand.act("sd" if legal.draw is not None else "cc")  # nobody opens: lowball
    assert any(event.kind == "blind" for event in hand.events)
    text = write_phh(hand)
    assert "blinds_or_straddles = [1, 2, 0]\n" in text
    assert round_trip(hand).stacks == in_phh_order(hand, hand.stacks)


def test_a_jackson_hand_opened_for_high_records_no_blinds() -> None:
    for seed in range(60):
        hand = Hand("D03", LIMIT, [100, 100, 100], seed=seed)
        legal = hand.legal()
        assert legal is not None
        if legal.min_to is None:
            continue  # the first player cannot open
        hand.act(f"cbr {legal.min_to}")
        while not hand.done:
            legal = hand.legal()
            assert legal is not None
            hand.act("sd" if legal.draw is not None else "cc")
        assert not any(event.kind == "blind" for event in hand.events)
        assert "blinds_or_straddles = [0, 0, 0]\n" in write_phh(hand)
        assert round_trip(hand).stacks == in_phh_order(hand, hand.stacks)
        return
    pytest.fail("nobody could open in 60 seeds")


#: the games of games-dice.toml in turn: Wonky Donkey, Omaha X or Better, Binglaha,
#: Crayfish
DICE_NIGHT = {
    "house": "barge",
    "buy_in": 200,
    "selection": {"kind": "rotation", "games": ["F06", "F19", "F20", "F33"], "hands_per_game": 6},
    "stakes": {"default": {"format": "pot-limit", "blinds": [1, 2]}},
    "rebuys": "unlimited",
}


def test_every_hand_of_a_night_of_dice_games_is_written_and_verified() -> None:
    night = parse_night(DICE_NIGHT, key="dice", source="test")
    table = GameNight(night, [get_policy("random") for _ in range(5)], seed=3)
    rolled: set[str] = set()
    for result in table.play(96):
        seed = result.hand.seed  # (every roll is dealt again from the seed too)
        assert seed is not None
        text = write_phh(result.hand, fields=deal_fields(seed, "salt"))
        outcome = verify_history(read_phh(text, f"hand {result.number}"))
        assert (outcome.status, outcome.deal_checked) == ("matched", True), (outcome, text)
        if "'d rd " in text:
            rolled.add(result.game.id)
    # Wonky Donkey rolls no die (its red flop decides); the other three roll
    assert rolled == {"F19", "F20", "F33"}
