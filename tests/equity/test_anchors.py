"""Exact equity against the anchors: poker-equity's exact mode on every game it shares
with the catalogue, and a plain loop over eval7 for hold'em.

Matchups are dealt at random from a seeded generator, at streets whose every
completion can be walked quickly: flop games on the flop or turn, stud on 6th
street (5th in the slow sweep), draw games one or two cards from complete.
"""

from __future__ import annotations

import importlib
import random
from itertools import combinations
from typing import Any

import pytest

from pokerbook.cards.card import STANDARD_CARDS, Card
from pokerbook.cards.decks import deck
from pokerbook.equity.fast import fast_tally
from pokerbook.equity.spot import Spot
from pokerbook.games.catalogue import find_game

# the anchors are test dependencies: a missing one fails the run, it is not skipped
poker_equity: Any = importlib.import_module("poker_equity")
eval7: Any = importlib.import_module("eval7")

#: poker-equity's game keys and the catalogue games with the same rules.  Left out:
#: ``omaha_six`` and ``courchevel_hi_lo`` (no such game in the catalogue) and
#: ``badugi`` (its scale has no rank tables for the kernels; the engine-driven path
#: answers it).  Short deck: both rank a flush above a full house, and A-6-7-8-9 is
#: the lowest straight.  The draw games: a hand short of five is dealt the rest from
#: the unseen cards, once, as poker-equity's single draw is.
ANCHOR_GAMES = {
    "holdem": "F01",
    "short_deck": "F03",
    "omaha": "F16",
    "omaha_five": "F21",
    "omaha_hi_lo": "F17",
    "omaha_five_hi_lo": "F22",
    "courchevel": "F23",
    "stud": "S01",
    "stud_hi_lo": "S02",
    "razz": "S05",
    "deuce_seven": "D07",
    "five_card_draw": "D01",
}
TOLERANCE = 1e-9


def text(cards: list[Card]) -> str:
    return "".join(str(c) for c in cards)


def deal(key: str, rng: random.Random, *, deep: bool) -> tuple[list[list[Card]], list[Card]]:
    """Random hands and board for one of poker-equity's games (the cards as they stand)."""
    game = find_game(ANCHOR_GAMES[key])
    cards = list(deck(game.deck).cards)
    rng.shuffle(cards)
    players = rng.randint(2, 3)
    hole = game.hole_cards
    if game.family == "flop":
        hands = [[cards.pop() for _ in range(hole)] for _ in range(players)]
        board = [cards.pop() for _ in range(rng.choice((3, 4) if not deep else (3, 3, 4)))]
        return hands, board
    if game.family == "stud":
        street = 5 if deep and rng.random() < 0.25 else 6  # 5th street: 671,580 deals
        players = 2 if street == 5 else players
        return [[cards.pop() for _ in range(street)] for _ in range(players)], []
    short = [rng.choice((0, 1) if not deep else (0, 1, 2)) for _ in range(players)]
    if sum(short) > 2:
        short = [min(s, 1) for s in short]
    return [[cards.pop() for _ in range(hole - s)] for s in short], []


def compare(key: str, hands: list[list[Card]], board: list[Card]) -> None:
    game = find_game(ANCHOR_GAMES[key])
    spot = Spot(game, tuple(tuple(h) for h in hands), (tuple(board),) if board else ())
    ours = fast_tally(spot, exact=True, trials=None, seed=None)
    theirs = poker_equity.exact_from_text(key, [text(h) for h in hands], text(board), "")
    assert ours is not None
    assert theirs is not None
    assert ours.deals == theirs["samples"]
    for i, player in enumerate(theirs["players"]):
        assert ours.equity[i] / ours.weight == pytest.approx(player["equity"], abs=TOLERANCE)
        if len(game.showdown.shares) > 1:
            assert ours.scoop[i] / ours.weight == pytest.approx(player["scoop"], abs=TOLERANCE)


@pytest.mark.parametrize("key", sorted(ANCHOR_GAMES))
def test_poker_equity_exact(key: str) -> None:
    rng = random.Random(f"anchor-{key}")
    for _ in range(12):
        compare(key, *deal(key, rng, deep=False))


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(ANCHOR_GAMES))
def test_poker_equity_exact_sweep(key: str) -> None:
    rng = random.Random(f"anchor-sweep-{key}")
    for _ in range(24):
        compare(key, *deal(key, rng, deep=True))


def eval7_equity(hands: list[list[Card]], board: list[Card]) -> list[float]:
    """Each hand's pot share over every board completion, by eval7 (higher is better)."""
    evaluate = eval7.evaluate
    as_eval7 = {c: eval7.Card(str(c)) for c in STANDARD_CARDS}
    seen = {c for h in hands for c in h} | set(board)
    unseen = [as_eval7[c] for c in STANDARD_CARDS if c not in seen]
    holes = [[as_eval7[c] for c in h] for h in hands]
    known = [as_eval7[c] for c in board]
    totals = [0.0] * len(hands)
    boards = 0
    for rest in combinations(unseen, 5 - len(board)):
        full = known + list(rest)
        values = [evaluate(h + full) for h in holes]
        top = max(values)
        winners = [i for i, v in enumerate(values) if v == top]
        for i in winners:
            totals[i] += 1 / len(winners)
        boards += 1
    return [t / boards for t in totals]


def test_eval7_loop_holdem() -> None:
    rng = random.Random("anchor-eval7")
    game = find_game("F01")
    for _ in range(20):
        cards = list(STANDARD_CARDS)
        rng.shuffle(cards)
        players = rng.randint(2, 4)
        hands = [[cards.pop(), cards.pop()] for _ in range(players)]
        board = [cards.pop() for _ in range(rng.choice((3, 4)))]
        spot = Spot(game, tuple(tuple(h) for h in hands), (tuple(board),))
        ours = fast_tally(spot, exact=True, trials=None, seed=None)
        assert ours is not None
        expected = eval7_equity(hands, board)
        got = [e / ours.weight for e in ours.equity]
        assert got == pytest.approx(expected, abs=TOLERANCE)
