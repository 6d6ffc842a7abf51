"""How far ``pokerbook simulate``'s badugi is from the same hands written straight through.

    python benchmarks/bench_floor.py [--hands N] [--repeat R]

Six calling stations play limit badugi (D11) at ``simulate``'s default stakes, each
drawing a random number of random cards, as ``pokerbook simulate --game D11 --policy
call`` plays them.  The floor plays the same hands in one straight function that
knows the game: the engine's own dealer, sets of places and badugi table, the same
random numbers in the same order, an event logged for every action, and the chips
and cards checked at the end of each hand; nothing the engine needs for other games
or other players (folds, raises, all-ins, side pots, other rules).  It is not a way
to play hands: it is a yardstick for the engine's own cost.  Both must end every hand
with the same stacks (checked before timing); the rates are the best of ``--repeat``
runs with the garbage collector off.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable

from pokerbook.bots import CallPolicy
from pokerbook.bots.simulation import Table, simulate
from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.cli.table_setup import choose_table
from pokerbook.engine.dealing import ShuffledDealer
from pokerbook.engine.events import Event
from pokerbook.engine.places import PICKERS, SETS
from pokerbook.evaluation.scale import get_scale

PLAYERS = 6
STACK = 200
BLINDS = (1, 2)
CARDS = deck("standard").cards
_new = tuple.__new__


def _event(
    kind: str,
    seat: int | None,
    amount: int = 0,
    cards: tuple[Card, ...] = (),
    thrown: tuple[Card, ...] = (),
) -> Event:
    event: Event = _new(Event, (kind, seat, amount, cards, (), thrown, 0, False, "", 0, ()))
    return event


CHECKS = [_event("check", seat) for seat in range(PLAYERS)]
PATS = [_event("draw", seat) for seat in range(PLAYERS)]


def floor_hand(rng: random.Random, button: int) -> tuple[list[Event], list[int]]:
    """One hand of six calling stations drawing at random, straight through."""
    best = get_scale("badugi").best
    dealer = ShuffledDealer(CARDS, seed=rng.getrandbits(48))
    stacks, committed, contributed = [STACK] * PLAYERS, [0] * PLAYERS, [0] * PLAYERS
    events: list[Event] = []
    log = events.append
    order = [(button + 1 + i) % PLAYERS for i in range(PLAYERS)]
    for seat, blind in zip(order, BLINDS, strict=False):
        stacks[seat] -= blind
        committed[seat] = contributed[seat] = blind
        log(_event("blind", seat, blind))
    hole: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for seat, cards in zip(order, dealer.deal_each(order, 4), strict=True):
        hole[seat] = list(cards)
        log(_event("deal", seat, 4, cards))
    rand = rng.random
    for street in range(4):
        if street:  # a draw round before each betting round after the first
            for seat in order:
                held = hole[seat]
                count = int(rand() * 5)
                if count == 0:
                    log(PATS[seat])
                    continue
                thrown, kept = SETS[4][count][int(rand() * len(PICKERS[4][count]))]
                cards = thrown(held)
                new = dealer.replace(seat, cards)
                hole[seat] = [*kept(held), *new]
                log(_event("draw", seat, len(new), tuple(new), cards))
        log(_event("street", None, street + 1))
        current = max(committed)
        for seat in order[2:] + order[:2] if street == 0 else order:
            to_call = current - committed[seat]
            if to_call:
                stacks[seat] -= to_call
                committed[seat] += to_call
                contributed[seat] += to_call
                log(_event("call", seat, to_call))
            else:
                log(CHECKS[seat])
        committed = [0] * PLAYERS
    values = [best(hole[seat]) for seat in order]
    top = max(values)
    for seat in order:
        log(_event("show", seat, 0, tuple(hole[seat])))
    winners = [seat for seat, value in zip(order, values, strict=True) if value == top]
    share, odd = divmod(sum(contributed), len(winners))
    for k, seat in enumerate(winners):
        stacks[seat] += share + (k < odd)
        log(_event("win", seat, share + (k < odd)))
    seen = [card for held in hole for card in held] + dealer.stub + dealer.discards
    if sum(stacks) != STACK * PLAYERS or len(set(seen)) != len(seen) or len(seen) != len(CARDS):
        raise AssertionError("the floor lost chips or cards")
    return events, stacks


def engine_table() -> Table:
    """The table ``pokerbook simulate --game D11 --players 6`` sets."""
    chosen = choose_table("D11", "limit", None, PLAYERS, None, "barge")
    if chosen.stack != STACK or chosen.stakes.blinds != BLINDS:
        raise SystemExit(f"simulate's D11 table changed: {chosen.stakes}, stacks {chosen.stack}")
    return Table(chosen.game, chosen.stakes, (chosen.stack,) * PLAYERS, chosen.house)


def engine_stacks(hands: int, seed: int) -> list[list[int]]:
    policies = [CallPolicy() for _ in range(PLAYERS)]
    return [list(h.stacks) for h in simulate(engine_table(), policies, hands, seed, checks="hand")]


def floor_stacks(hands: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [floor_hand(rng, k % PLAYERS)[1] for k in range(hands)]


def best_rate(run: Callable[[int, int], object], hands: int, repeat: int) -> float:
    run(20, 0)  # tables and caches loaded
    gc.disable()
    try:
        times = []
        for k in range(repeat):
            start = time.perf_counter()
            run(hands, k + 1)
            times.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return hands / min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if engine_stacks(300, 7) != floor_stacks(300, 7):
        raise SystemExit("the floor and the engine end the same hands differently")
    engine = best_rate(engine_stacks, args.hands, args.repeat)
    floor = best_rate(floor_stacks, args.hands, args.repeat)
    print(f"limit badugi, {PLAYERS} calling stations drawing at random, {args.hands} hands")
    print(f"  the engine (simulate, checks at each hand's end): {engine:9,.0f} hands/s")
    print(f"  the same hands straight through (the floor):      {floor:9,.0f} hands/s")
    print(f"  the engine takes {floor / engine:.2f}x the floor's time a hand")


if __name__ == "__main__":
    main()
