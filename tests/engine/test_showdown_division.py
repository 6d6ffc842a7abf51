"""``division(hand)`` says who wins what share of each pot as the award events do, for
hands with folds, side pots, split shares and ties, without changing the hand; which
dealers let the showdown skip its checks for a card dealt twice."""

from __future__ import annotations

import copy
import random

import pytest

from pokerbook.bots.base import get_policy
from pokerbook.bots.simulation import Table, simulate
from pokerbook.cards.card import Card
from pokerbook.cards.notation import parse
from pokerbook.engine.hand import Hand
from pokerbook.engine.showdown import (
    LAST_STANDING,
    UNQUALIFIED,
    boards_of,
    deals_unique,
    division,
    qualifies,
)
from pokerbook.equity.dealer import RandomPicks
from pokerbook.equity.engine_path import EquityTable, equity_stakes
from pokerbook.equity.request import read_question
from pokerbook.evaluation.qualifiers import get_qualifier
from pokerbook.evaluation.scale import get_scale
from pokerbook.evaluation.value import HandValue
from pokerbook.games.catalogue import find_game
from pokerbook.history.scripted_dealer import ScriptedDealer

#: stacks unequal enough for all-ins and side pots
STACKS = (40, 90, 150, 400, 1000)
GAMES = ["F01", "F17", "S02", "D11", "F28", "S22", "D03", "F32"]


def _awarded(hand: Hand) -> dict[int, tuple[int, dict[str, frozenset[int]]]]:
    """Per pot, from the award events: its chips and each part's winners by name."""
    out: dict[int, tuple[int, dict[str, frozenset[int]]]] = {}
    for event in hand.events:
        if event.kind != "award":
            continue
        chips, parts = out.get(event.pot, (0, {}))
        parts[event.detail] = frozenset(event.winners)
        out[event.pot] = (chips + event.amount, parts)
    return out


def _divided(hand: Hand) -> dict[int, tuple[int, dict[str, frozenset[int]]]]:
    names = [share.name for share in hand.plan.shares]
    out: dict[int, tuple[int, dict[str, frozenset[int]]]] = {}
    for number, part in enumerate(division(hand)):
        if not part.pot.amount:
            continue
        parts: dict[str, frozenset[int]] = {}
        for index, winners in part.parts:
            name = {UNQUALIFIED: "split", LAST_STANDING: ""}.get(index)
            parts[names[index] if name is None else name] = frozenset(winners)
        out[number] = (part.pot.amount, parts)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_division_is_what_the_awards_paid(game: str) -> None:
    found = find_game(game)
    table = Table(found, equity_stakes(found), STACKS)
    policies = [get_policy("random") for _ in STACKS]
    showdowns = 0
    for hand in simulate(table, policies, 60, seed=len(game) * 31 + ord(game[-1])):
        if hand.carried or hand.to_house:
            assert division(hand) == []
            continue
        stacks, events = list(hand.stacks), len(hand.events)
        before = copy.deepcopy((hand.contributed, hand.payouts, hand.shown))
        assert _divided(hand) == _awarded(hand)
        assert (list(hand.stacks), len(hand.events)) == (stacks, events)
        assert (hand.contributed, hand.payouts, hand.shown) == before
        showdowns += hand.in_hand > 1
    assert showdowns > 0


def test_boards_of_are_the_boards_a_hand_is_made_from() -> None:
    table = Table(find_game("F01"), equity_stakes(find_game("F01")), (100, 100))
    policies = [get_policy("call") for _ in range(2)]
    (hand,) = simulate(table, policies, 1, seed=3)
    assert boards_of(hand) == [hand.boards[0]]
    assert len(boards_of(hand)[0]) == 5


def test_only_dealers_that_deal_each_card_once_skip_the_duplicate_checks() -> None:
    table = EquityTable(read_question("omaha", ["Ah Kh Qc Jc", "Qd Qs 3c 4d"], "2c 7d 9s"))
    hand, dealer = table.play(RandomPicks(random.Random(1)), random.Random(1))
    assert dealer.UNIQUE_CARDS
    assert deals_unique(hand)
    held = [c for cards in (*hand.hole, *hand.boards) for c in cards]
    assert len(held) == len(set(held))
    shuffled = Table(find_game("F01"), equity_stakes(find_game("F01")), (100, 100))
    (played,) = simulate(shuffled, [get_policy("call")] * 2, 1, seed=4)
    assert deals_unique(played)
    scripted = Hand(
        find_game("F01"),
        equity_stakes(find_game("F01")),
        (100, 100),
        dealer=ScriptedDealer([parse("As Ks"), parse("As Qs")], parse("2c 3c 4c 5c 6c")),
    )
    assert not deals_unique(scripted)


def test_a_remembered_qualifier_answers_as_the_qualifier_does() -> None:
    scale = get_scale("a5-low")
    eight = get_qualifier("8-or-better")
    rng = random.Random(5)
    deck = [Card.of(i) for i in range(52)]
    answers = set()
    for _ in range(300):
        value = scale.best(rng.sample(deck, 7))
        expected = eight(HandValue(scale, value))
        assert qualifies(eight, scale, value) is expected
        assert qualifies(eight, scale, value) is expected  # remembered, the same
        answers.add(expected)
    assert answers == {True, False}
