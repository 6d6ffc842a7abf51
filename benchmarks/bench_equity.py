"""Exact equity speed: pokerbook against poker-equity and loops over eval7 and phevaluator.

    python benchmarks/bench_equity.py [--repeat R] [--loop-deals N]

The same spots on every side, each enumerated exactly: pokerbook's
``pokerbook.equity`` (or, where that is not there, the compiled kernels'
``fast_tally``), poker-equity's ``exact_from_text`` (its own thread count: it
takes up to four, on every core of this machine), and a plain Python loop that
deals the same completions and scores them with ``eval7.evaluate`` and with
phevaluator's C binding (``_pheval.evaluate_7cards``, Omaha
``evaluate_omaha_cards``), each bound once.  The loops time the first
``--loop-deals`` deals and are scaled to the spot's count (0: all of them).
Warm figures are the best of ``--repeat`` runs; beside them, the first answer in a
fresh process (kernels and tables loaded from their caches).
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations, islice
from typing import Any

import pokerbook
from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.cards.notation import parse
from pokerbook.equity.fast import fast_tally
from pokerbook.equity.spot import Spot
from pokerbook.games.catalogue import find_game
from timing import best_seconds

TARGET_PREFLOP = 0.050
TARGET_VS_ANCHOR = 3.0
TARGET_VS_LOOP = 10.0


@dataclass(frozen=True)
class Case:
    name: str
    key: str  # poker-equity's game
    game: str  # the catalogue's
    hands: tuple[str, ...]
    board: str = ""
    loop: str = "holdem"  # what the eval7/phevaluator loop deals: holdem, omaha, stud, none

    def spot(self) -> Spot:
        return Spot(
            find_game(self.game),
            tuple(tuple(parse(h)) for h in self.hands),
            (tuple(parse(self.board)),) if self.board else (),
        )


CASES = (
    Case("hold'em HU preflop AhKh v QdQc", "holdem", "F01", ("Ah Kh", "Qd Qc")),
    Case("hold'em HU preflop 7c2d v AsAd", "holdem", "F01", ("7c 2d", "As Ad")),
    Case("hold'em 3-way preflop", "holdem", "F01", ("Ah Kh", "Qd Qc", "Js Ts")),
    Case(
        "Omaha 3-way flop",
        "omaha",
        "F16",
        ("Ah Kh Qd Jc", "9s 9d 8c 7c", "As Kd 6h 6d"),
        "2c 7d 9h",
        "omaha",
    ),
    Case(
        "Omaha hi/lo 3-way flop",
        "omaha_hi_lo",
        "F17",
        ("Ah Kh 2d 3c", "9s 9d 8c 7c", "As 4d 6h 6d"),
        "2c 7d 9h",
        "none",
    ),
    Case("stud HU 5th street", "stud", "S01", ("Ah Kh Qd Jc Tc", "9s 9d 8c 7c 6c"), loop="stud"),
    Case(
        "stud hi/lo HU 5th street",
        "stud_hi_lo",
        "S02",
        ("Ah 2h 3d Jc Tc", "9s 9d 8c 7c 6c"),
        loop="none",
    ),
    Case("razz HU 5th street", "razz", "S05", ("Ah 2h 3d Jc Tc", "9s 9d 8c 7c 6c"), loop="none"),
)


def ours(case: Case) -> Callable[[], object]:
    """pokerbook's call: the public ``pokerbook.equity`` when there is one."""
    public = getattr(pokerbook, "equity", None)
    if callable(public):
        hands = list(case.hands)
        return lambda: public(case.game, hands, board=case.board, exact=True)
    spot = case.spot()
    return lambda: fast_tally(spot, exact=True, trials=None, seed=None)


def anchor(case: Case) -> Callable[[], object]:
    pe: Any = importlib.import_module("poker_equity")
    exact = pe.exact_from_text
    hands = [h.replace(" ", "") for h in case.hands]
    board = case.board.replace(" ", "")
    return lambda: exact(case.key, hands, board, "")


def deals(case: Case) -> Iterator[tuple[list[Card], list[list[Card]]]]:
    """Every completion: (board, each hand's full cards)."""
    spot = case.spot()
    seen = {c for h in spot.hands for c in h} | set(spot.boards[0] if spot.boards else ())
    unseen = [c for c in deck(spot.game.deck).cards if c not in seen]
    if case.loop == "stud":
        first, second = spot.hands
        for a in combinations(unseen, 7 - len(first)):
            rest = [c for c in unseen if c not in a]
            for b in combinations(rest, 7 - len(second)):
                yield [], [[*first, *a], [*second, *b]]
        return
    board = list(spot.boards[0]) if spot.boards else []
    for extra in combinations(unseen, 5 - len(board)):
        yield [*board, *extra], [list(h) for h in spot.hands]


def loop_seconds(case: Case, library: str, limit: int) -> tuple[float, int] | None:
    """Seconds of a plain loop over the spot's deals (the first ``limit``), and how many."""
    if case.loop == "none" or (case.loop == "omaha" and library == "eval7"):
        return None
    dealt = list(islice(deals(case), limit or None))
    if library == "eval7":
        eval7: Any = importlib.import_module("eval7")
        evaluate = eval7.evaluate
        cards = {c: eval7.Card(str(c)) for c in deck("standard").cards}
        sign = 1
    else:
        pheval: Any = importlib.import_module("phevaluator._pheval")
        evaluate = pheval.evaluate_omaha_cards if case.loop == "omaha" else pheval.evaluate_7cards
        cards = {c: c.index for c in deck("standard").cards}
        sign = -1  # smaller is stronger
    rows = [([cards[c] for c in b], [[cards[c] for c in h] for h in hs]) for b, hs in dealt]
    totals = [0.0] * len(case.hands)

    def run() -> None:
        for board, hands in rows:
            if library == "eval7":
                values = [sign * evaluate(h + board) for h in hands]
            elif case.loop == "omaha":
                values = [sign * evaluate(*board, *h) for h in hands]
            else:
                values = [sign * evaluate(*h, *board) for h in hands]
            top = max(values)
            winners = [i for i, v in enumerate(values) if v == top]
            for i in winners:
                totals[i] += 1 / len(winners)

    return best_seconds(run, 1), len(rows)


FIRST_CODE = """
import json, sys, time
start = time.perf_counter()
sys.path.insert(0, {bench!r})
import bench_equity as b
case = b.CASES[{index}]
run = b.{side}(case)
ready = time.perf_counter()
run()
print(json.dumps([ready - start, time.perf_counter() - ready]))
"""


def first_pass(index: int, side: str) -> tuple[float, float]:
    """(import and set-up, first answer) in a fresh interpreter."""
    code = FIRST_CODE.format(bench=sys.path[0], index=index, side=side)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    setup, first = json.loads(done.stdout.strip().splitlines()[-1])
    return float(setup), float(first)


def count(case: Case) -> int:
    tally = fast_tally(case.spot(), exact=True, trials=None, seed=None)
    assert tally is not None
    return tally.deals


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--loop-deals", type=int, default=200_000)
    args = parser.parse_args()
    pe: Any = importlib.import_module("poker_equity")
    which = "pokerbook.equity" if callable(getattr(pokerbook, "equity", None)) else "fast_tally"
    print(f"pokerbook side: {which}; poker-equity threads: {pe.default_thread_count()}")
    for index, case in enumerate(CASES):
        total = count(case)
        ours_run, anchor_run = ours(case), anchor(case)
        ours_run()
        anchor_run()  # warm both
        mine = best_seconds(ours_run, args.repeat)
        theirs = best_seconds(anchor_run, args.repeat)
        print(f"\n{case.name}: {total:,} deals")
        setup, first = first_pass(index, "ours")
        print(f"  pokerbook     warm {ms(mine)}   fresh process: first {ms(first)}", end="")
        print(f" (+{ms(setup)} import)")
        setup, first = first_pass(index, "anchor")
        print(
            f"  poker-equity  warm {ms(theirs)}   fresh process: first {ms(first)}"
            f"   pokerbook {theirs / mine:6.1f}x faster (target {TARGET_VS_ANCHOR:.0f}x)"
        )
        for library in ("eval7", "phevaluator"):
            timed = loop_seconds(case, library, args.loop_deals)
            if timed is None:
                continue
            seconds, done = timed
            scaled = seconds * total / done
            print(
                f"  {library:<12}  loop {ms(scaled)}   ({done:,} deals timed)"
                f"   pokerbook {scaled / mine:6.1f}x faster (target {TARGET_VS_LOOP:.0f}x)"
            )
        if "preflop" in case.name and "HU" in case.name:
            verdict = "met" if mine <= TARGET_PREFLOP else "missed"
            print(f"  heads-up preflop target {ms(TARGET_PREFLOP)}: {verdict}")
    print(f"\n(timed {time.strftime('%Y-%m-%d %H:%M')})")


if __name__ == "__main__":
    main()
