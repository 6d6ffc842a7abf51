"""Runs in seeded chunks: the same hands and totals whatever the number of workers."""

from __future__ import annotations

import pytest

from pokerbook.bots import get_policy
from pokerbook.bots.histories import history
from pokerbook.bots.parallel import (
    CHUNK_HANDS,
    chunk_seed,
    chunks,
    run_chunks,
    run_simulation,
)
from pokerbook.bots.simulation import Table, simulate
from pokerbook.bots.totals import Totals
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes

HOLDEM = Table(find_game("F01"), Stakes("no-limit", blinds=(1, 2)), (200,) * 6)
RAZZ = Table(
    find_game("S05"), Stakes("limit", ante=1, bring_in=2, small_bet=5, big_bet=10), (100,) * 5
)


@pytest.mark.slow
def test_two_workers_play_the_same_hands_and_totals_as_one() -> None:
    one: list[str] = []
    two: list[str] = []
    alone = run_simulation(RAZZ, "random", 230, 7, history=one.append, chunk_hands=40)
    spread = run_simulation(RAZZ, "random", 230, 7, workers=2, history=two.append, chunk_hands=40)
    assert len(one) == 230
    assert one == two  # every hand, action for action, in order
    assert alone.totals == spread.totals
    assert alone.totals.hands == 230
    assert sum(alone.totals.net) <= 0  # (chips move between seats; none are made)
    assert spread.workers == 2


def test_the_first_chunk_is_the_plain_simulation_of_the_seed() -> None:
    policies = [get_policy("random") for _ in range(6)]
    plain = [history(h, i) for i, h in enumerate(simulate(HOLDEM, policies, 60, 11), 1)]
    kept: list[str] = []
    run_simulation(HOLDEM, "random", 60, 11, checks="action", history=kept.append)
    assert kept == plain


def test_chunks_are_seeded_by_their_place_in_the_run_not_their_size() -> None:
    planned = chunks(HOLDEM, "call", 2500, 3, "hand", False)
    assert [c.hands for c in planned] == [CHUNK_HANDS, CHUNK_HANDS, 500]
    assert [c.first for c in planned] == [0, CHUNK_HANDS, 2 * CHUNK_HANDS]
    assert [c.seed for c in planned] == [chunk_seed(3, k) for k in range(3)]
    assert len({chunk_seed(3, k) for k in range(100)} | {chunk_seed(4, 1)}) == 101
    kept: list[str] = []
    run_simulation(HOLDEM, "random", 20, 3, chunk_hands=10, history=kept.append)
    # the second chunk: its own seed, its button where the run's hand 11 has it
    policies = [get_policy("random") for _ in range(6)]
    second = simulate(HOLDEM, policies, 10, chunk_seed(3, 1), checks="hand", first=10)
    assert kept[10:] == [history(hand, 11 + i) for i, hand in enumerate(second)]
    assert kept[:10] != kept[10:]


def test_the_button_moves_on_across_chunks() -> None:
    results = list(run_chunks(HOLDEM, "call", 14, 1, histories=True, chunk_hands=4))
    assert [r.index for r in results] == [0, 1, 2, 3]
    assert [r.totals.hands for r in results] == [4, 4, 4, 2]
    # each document numbers its hand in the whole run
    numbers = [doc.split("hand = ")[1].split("\n")[0] for r in results for doc in r.histories]
    assert numbers == [str(n) for n in range(1, 15)]


def test_totals_add_each_seats_net_and_its_standard_error() -> None:
    policies = [get_policy("random") for _ in range(6)]
    hands = list(simulate(HOLDEM, policies, 80, 5))
    totals = Totals(6)
    for hand in hands:
        totals.add(hand)
    nets = [[h.stacks[s] - 200 for h in hands] for s in range(6)]
    assert totals.net == [sum(n) for n in nets]
    assert totals.showdowns == sum(bool(h.shown) for h in hands)
    import statistics

    for seat in range(6):
        expected = statistics.stdev(nets[seat]) * len(hands) ** 0.5
        assert totals.standard_error(seat) == pytest.approx(expected)
    halves = Totals(6), Totals(6)
    for i, hand in enumerate(hands):
        halves[i % 2].add(hand)
    halves[0].merge(halves[1])
    assert halves[0] == totals
    with pytest.raises(ValueError, match="do not add"):
        totals.merge(Totals(5))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"hands": -1}, "negative"), ({"workers": 0}, "workers"), ({"chunk_hands": 0}, "chunk")],
)
def test_bad_runs_are_refused(kwargs: dict[str, int], message: str) -> None:
    args = {"hands": 10, "workers": 1, "chunk_hands": 5} | kwargs
    with pytest.raises(ValueError, match=message):
        run_simulation(
            HOLDEM,
            "call",
            args["hands"],
            1,
            workers=args["workers"],
            chunk_hands=args["chunk_hands"],
        )
    with pytest.raises(ValueError, match="no policy named"):
        run_simulation(HOLDEM, "nit", 10, 1)
