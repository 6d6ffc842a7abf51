"""An ante posted for the whole table (big blind ante, button ante) is dead money in
the main pot that every player can win (000 §1.2.1: "the player in the big blind
posts an ante for the entire table"); individual antes stay each player's own stake.
Found replaying the 2023 WSOP Players Championship hands (PHH), where the big blind
anted for the table."""

from __future__ import annotations

from pokerbook.cards.notation import parse
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import HandSetup
from pokerbook.games.stakes import Stakes
from pokerbook.history.scripted_dealer import ScriptedDealer

NL = Stakes("no-limit", blinds=(50, 100))


def _hand(antes: list[int], stacks: list[int]) -> Hand:
    # seats: 0 small blind, 1 big blind, 2 button; the button holds aces
    dealer = ScriptedDealer(
        [list(parse("7c 2d")), list(parse("8s 3h")), list(parse("As Ad"))],
        list(parse("Kc Qd 9h 5s 4c")),
    )
    return Hand(
        "F01",
        NL,
        stacks,
        button=2,
        dealer=dealer,
        setup=HandSetup(blinds=(50, 100, 0), antes=tuple(antes)),
    )


def _play(hand: Hand, *actions: str) -> None:
    for action in actions:
        hand.act(action)


def test_a_big_blind_ante_goes_to_the_winner_not_back_to_the_big_blind() -> None:
    hand = _hand([0, 100, 0], [10000] * 3)
    _play(hand, "cbr 300", "f", "cc", *["cc"] * 6)
    assert hand.done
    # pot: the ante 100, the small blind 50, 300 each from the big blind and the button
    assert hand.stacks == [9950, 10000 - 400, 10000 + 350 + 100]


def test_a_short_big_blind_all_in_loses_the_ante_too() -> None:
    hand = _hand([0, 100, 0], [10000, 250, 10000])
    _play(hand, "cbr 300", "f", "cc")  # the big blind calls all in: 150 in the round
    assert hand.done
    # the button's 150 nobody matched comes back; the ante is in the main pot it wins
    assert hand.stacks == [9950, 0, 10000 - 150 + 150 + 150 + 50 + 100]


def test_individual_antes_stay_each_players_stake() -> None:
    hand = _hand([10, 10, 10], [10000] * 3)
    _play(hand, "cbr 300", "f", "cc", *["cc"] * 6)
    assert hand.stacks == [9940, 10000 - 310, 10000 + 300 + 10 + 10 + 50]
