"""pokerbook's own PHH fields for a hand's chip size (``_chip``) and Overs buttons
(``_overs``, 004 r.8): written when they matter, read back so a replay agrees."""

from __future__ import annotations

import pytest

from pokerbook.cards.notation import parse
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import HandSetup
from pokerbook.games.stakes import Stakes
from pokerbook.history.phh import PHHError, read_phh, write_phh
from pokerbook.history.replay import ReplayError, play, stakes_of
from pokerbook.history.scripted_dealer import ScriptedDealer

NL_CENTS = Stakes("no-limit", blinds=(50, 100), chip=50)


def split_pot_hand(stakes: Stakes) -> Hand:
    """Seat 0 (the button) and seat 2 (the big blind) split a pot of 250 on a royal
    flush board; the small blind folds."""
    holes = [list(parse("2c 3d")), list(parse("4c 5d")), list(parse("2h 3h"))]
    dealer = ScriptedDealer(holes, list(parse("As Ks Qs Js Ts")))
    hand = Hand("F01", stakes, [5000, 5000, 5000], dealer=dealer)
    for action in ["cc", "f", "cc"] + ["cc", "cc"] * 3:
        hand.act(action)
    assert hand.done
    return hand


def in_phh_order(hand: Hand) -> list[int]:
    """The hand's stacks in PHH player order (from the button's left)."""
    return [hand.stacks[s] for s in hand.order_from(hand.button + 1)]


def without(text: str, key: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(key))


def test_the_chip_is_written_and_a_split_pot_replays_to_the_odd_chip() -> None:
    hand = split_pot_hand(NL_CENTS)
    # 250 in chips of 50: 150 to the big blind, left of the button (odd chip), 100 to it
    assert [hand.stacks[s] - 5000 for s in (0, 2)] == [0, 50]
    text = write_phh(hand)
    assert "_chip = 50\n" in text
    history = read_phh(text)
    assert history.chip == 50
    assert stakes_of(history).chip == 50
    replayed = play(history).hand
    assert replayed.stacks == in_phh_order(hand)
    # without the field the pot splits 125 / 125, and the replay differs
    bare = play(read_phh(without(text, "_chip"))).hand
    assert bare.stacks != in_phh_order(hand)
    assert sorted(bare.stacks) == [4950, 5025, 5025]


def test_the_chip_is_not_written_at_one() -> None:
    text = write_phh(split_pot_hand(Stakes("no-limit", blinds=(50, 100))))
    assert "_chip" not in text
    assert read_phh(text).chip == 1


def test_the_chip_is_scaled_with_decimal_amounts() -> None:
    text = write_phh(split_pot_hand(NL_CENTS), scale=100)
    assert "_chip = 0.5\n" in text
    history = read_phh(text)
    assert history.scale == 10  # the finest decimal: 0.5, 49.5
    assert history.chip == 5
    replayed = play(history).hand
    assert [history.unscale(s) for s in replayed.stacks] == history.finishing_stacks


def test_the_overs_are_written_as_players_and_replayed() -> None:
    limit = Stakes("limit", blinds=(50, 100), small_bet=100, big_bet=200)
    hand = Hand(
        "F01", limit, [5000, 5000, 5000], seed=3, setup=HandSetup(overs=frozenset({0, 1, 2}))
    )
    hand.act("cbr 700")  # more than the limit: every player holds an Overs button
    hand.act("f")
    hand.act("cc")
    while not hand.done:
        hand.act("cc")
    text = write_phh(hand)
    assert "_overs = [1, 2, 3]\n" in text
    history = read_phh(text)
    assert history.setup.overs == frozenset({0, 1, 2})
    replayed = play(history).hand
    assert replayed.stacks == in_phh_order(hand)
    with pytest.raises(ReplayError, match=r"limit bet size|bet or raise"):
        play(read_phh(without(text, "_overs")), strict=True)


def test_overs_players_are_numbered_in_phh_order() -> None:
    limit = Stakes("limit", blinds=(50, 100), small_bet=100, big_bet=200)
    # the button is seat 1: PHH lists seat 2 (the small blind) first, seat 1 last
    hand = Hand(
        "F01", limit, [5000, 5000, 5000], button=1, seed=3, setup=HandSetup(overs=frozenset({1}))
    )
    assert "_overs = [3]\n" in write_phh(hand)


@pytest.mark.parametrize(
    ("value", "message"),
    [("[0]", "_overs must list players 1 to 3"), ('"p1"', "_overs must list"), ("[4]", "1 to 3")],
)
def test_a_bad_overs_list_is_refused(value: str, message: str) -> None:
    limit = Stakes("limit", blinds=(50, 100), small_bet=100, big_bet=200)
    text = write_phh(Hand("F01", limit, [5000, 5000, 5000], seed=3))
    with pytest.raises(PHHError, match=message):
        read_phh(text.replace("actions = [", f"_overs = {value}\nactions = ["))
