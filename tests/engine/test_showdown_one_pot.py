"""The one-pass showdown for one pot and one share gives what the general one gives.

``showdown.settle_one_pot`` settles the commonest showdown (one share of any cards,
one pot, a shuffled deck) without the general machinery.  Every hand here is played
twice from the same seed and actions: once as the engine plays it, once with a plan
that says the pot is not one pool (so the general showdown settles it); the events
and stacks must be the same.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest

from pokerbook.engine import showdown
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.engine.plan import plan_of
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import BARGE, House, find_house
from pokerbook.games.stakes import Stakes

# one-share games of every family: board games, stud, draw, badugi
GAMES = ("F01", "F03", "S01", "S05", "D01", "D05", "D07", "D11")


def _stakes(game_id: str, fmt: str) -> Stakes:
    if find_game(game_id).is_stud:
        return Stakes(fmt, ante=1, bring_in=2, small_bet=4, big_bet=8)  # type: ignore[arg-type]
    return Stakes(fmt, blinds=(1, 2), small_bet=2, big_bet=4)  # type: ignore[arg-type]


def _play(game_id: str, house: House, seed: int) -> tuple[Hand, list[Action]]:
    """A hand of random decisions (short stacks, so all-ins and side pots come up)."""
    rng = random.Random(seed)
    game = find_game(game_id)
    fmt = rng.choice([f for f in game.formats if f != "spread-limit"])
    players = rng.randint(2, min(6, game.max_players))
    stacks = [rng.choice([5, 12, 30, 200]) for _ in range(players)]
    hand = Hand(game, _stakes(game_id, fmt), stacks, button=seed % players, house=house, seed=seed)
    actions: list[Action] = []
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        if legal.draw is not None:
            held = hand.hole[legal.seat]
            action = Action("draw", None, tuple(rng.sample(held, rng.randint(0, legal.draw[1]))))
        elif legal.bring_in is not None:
            action = Action("bring-in")
        elif (
            legal.min_to is not None
            and legal.max_to is not None
            and (
                rng.random() < 0.25 or (legal.call is None and not legal.check)  # no limping
            )
        ):
            action = Action("bet", rng.choice([legal.min_to, legal.max_to]))
        elif legal.fold and legal.call and rng.random() < 0.1:
            action = Action("fold")
        else:
            action = Action("call")
        hand.act(action)
        actions.append(action)
    return hand, actions


def _general(hand: Hand, actions: list[Action]) -> Hand:
    """The same hand again with the one-pass showdown off: its plan says the pot is
    not one pool."""
    again = Hand(
        hand.game,
        hand.stakes,
        hand.starting_stacks,
        button=hand.button,
        house=hand.house,
        seed=hand.seed,
    )
    plan = copy.copy(again.plan)
    plan.one_pool = False
    again.plan = plan
    for action in actions:
        again.act(action)
    return again


def _one_pass(hand: Hand) -> bool:
    """Whether the one-pass showdown settles ``hand`` (asked of a copy once it is
    settled: the chips put in, the cards and the rules that decide it are as they were)."""
    return hand.in_hand > 1 and showdown.settle_one_pot(copy.deepcopy(hand), hand.live) is not None


HOUSES = [BARGE, find_house("oresteen"), replace(BARGE, tournament=True)]


@pytest.mark.parametrize("house", HOUSES, ids=["barge", "oresteen", "tournament"])
@pytest.mark.parametrize("game_id", GAMES)
def test_one_pass_showdown_matches_the_general_one(game_id: str, house: House) -> None:
    assert plan_of(find_game(game_id), house).one_pool
    fast = 0
    for seed in range(60):
        hand, actions = _play(game_id, house, seed)
        fast += _one_pass(hand)
        again = _general(hand, actions)
        assert hand.events == again.events, f"seed {seed}"
        assert hand.stacks == again.stacks
        assert hand.shown == again.shown
    assert fast >= 10  # the one-pass showdown really ran


def test_a_tie_splits_with_the_odd_chip_as_the_general_showdown() -> None:
    # hold'em, three players and antes (a pot of 9): a two-way tie has an odd chip
    found = 0
    for seed in range(3000):
        stakes = Stakes("no-limit", blinds=(1, 2), ante=1)
        hand = Hand("F01", stakes, [100, 100, 100], button=seed % 3, seed=seed)
        actions = []
        while not hand.done:
            hand.act("cc")
            actions.append(Action("call"))
        awards = [e.amount for e in hand.events if e.kind == "award"]
        if len(awards) != 2:
            continue
        assert sorted(awards) == [4, 5]
        found += 1
        assert _one_pass(hand)
        again = _general(hand, actions)
        assert hand.events == again.events
        assert hand.stacks == again.stacks
        if found == 5:
            break
    assert found == 5
