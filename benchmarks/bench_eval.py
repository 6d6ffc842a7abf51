"""Scalar evaluation speed: pokerbook against treys, eval7, phevaluator and pokerkit.

    python benchmarks/bench_eval.py [--hands N] [--pokerkit-hands M] [--seed S]

Every library evaluates the same random hands, parsed beforehand into its own card
objects, one call per hand.  pokerkit is pure Python and much slower, so it gets a
smaller sample (``--pokerkit-hands``).  Also printed: the time ``import pokerbook``
takes in a fresh interpreter, and the time to build or load the tables on first use.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerbook import evaluate, get_scale
from pokerbook.cards import STANDARD_CARDS, Card
from timing import best_seconds


@dataclass
class Result:
    name: str
    hands: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("inf")


def deal(n: int, k: int, seed: int) -> list[list[int]]:
    rng = np.random.default_rng(seed)
    rows: list[list[int]] = np.argsort(rng.random((n, 52)), axis=1)[:, :k].tolist()
    return rows


SETTINGS = {"repeat": 3}


def timed(name: str, items: Sequence[Any], run: Callable[[Sequence[Any]], None]) -> Result:
    """Best of several runs over ``items``."""
    return Result(name, len(items), best_seconds(lambda: run(items), SETTINGS["repeat"]))


def fresh_python(code: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **(env or {})},
    )
    return done.stdout.strip()


IMPORT_CODE = """
import time
t = time.perf_counter()
import pokerbook
print(time.perf_counter() - t)
"""

FIRST_USE_CODE = """
import time
from pokerbook import evaluate, scale_names, get_scale
from pokerbook.evaluation.table_scale import TableScale
t = time.perf_counter()
evaluate("high", "As Ks Qs Js Ts 2c 3d")
high = time.perf_counter() - t
t = time.perf_counter()
for name in scale_names():
    scale = get_scale(name)
    if isinstance(scale, TableScale):
        scale.load()
rest = time.perf_counter() - t
print(high, rest)
"""


def startup_report() -> None:
    imports = sorted(float(fresh_python(IMPORT_CODE)) for _ in range(3))
    print(f"import pokerbook (fresh interpreter, best of 3): {imports[0] * 1000:8.1f} ms")
    high, rest = (float(x) for x in fresh_python(FIRST_USE_CODE).split())
    print(
        f"first use, tables loaded from the cache: high {high * 1000:8.1f} ms, "
        f"all other table scales {rest * 1000:8.1f} ms"
    )
    with tempfile.TemporaryDirectory() as empty:
        out = fresh_python(FIRST_USE_CODE, {"POKERBOOK_CACHE": empty})
        high, rest = (float(x) for x in out.split())
    print(
        f"first use, tables built (empty cache):   high {high * 1000:8.1f} ms, "
        f"all other table scales {rest * 1000:8.1f} ms"
    )


def report(title: str, results: list[Result], ours: Sequence[tuple[str, str]]) -> None:
    """A table of rates, with how many times faster each of ours is than each row."""
    print(f"\n{title}")
    header = f"  {'evaluator':<38}{'hands':>9}{'evals/s':>13}"
    print(header + "".join(f"{'x ' + short:>12}" for _, short in ours))
    by_name = {r.name: r for r in results}
    for r in results:
        ratios = "".join(f"{by_name[name].rate / r.rate:>12.2f}" for name, _ in ours)
        print(f"  {r.name:<38}{r.hands:>9,}{r.rate:>13,.0f}{ratios}")


def star(f: Callable[..., Any]) -> Callable[[Sequence[Any]], None]:
    """A loop calling ``f(*item)`` for each item."""

    def run(items: Sequence[Any]) -> None:
        for item in items:
            f(*item)

    return run


def each(f: Callable[[Any], Any]) -> Callable[[Sequence[Any]], None]:
    """A loop calling ``f(item)`` for each item."""

    def run(items: Sequence[Any]) -> None:
        for item in items:
            f(item)

    return run


def ours_evaluate(scale: str, **options: Any) -> Callable[[Sequence[Any]], None]:
    def run(items: Sequence[Any]) -> None:
        for item in items:
            evaluate(scale, item)

    def run_split(items: Sequence[Any]) -> None:
        for hole, board in items:
            evaluate(scale, hole, board, **options)

    return run_split if options else run


def pokerkit_cards() -> list[Any]:
    import pokerkit

    return [next(iter(pokerkit.Card.parse(str(c)))) for c in STANDARD_CARDS]


def pokerkit_loop(cls: Any, k: int) -> Callable[[Sequence[Any]], None]:
    if k == 5:
        return each(cls)

    def run(items: Sequence[Any]) -> None:
        from_game = cls.from_game
        for item in items:
            from_game(item, ())

    return run


def run_high(k: int, hands: list[list[int]], pk_hands: int) -> list[Result]:
    import eval7
    import phevaluator
    import pokerkit
    import treys

    cards = STANDARD_CARDS
    ours = [tuple(cards[i] for i in h) for h in hands]
    t_cards = [treys.Card.new(str(c)) for c in cards]
    treys_hands = [([t_cards[i] for i in h[:2]], [t_cards[i] for i in h[2:]]) for h in hands]
    e_cards = [eval7.Card(str(c)) for c in cards]
    eval7_hands = [[e_cards[i] for i in h] for h in hands]
    pk_cards = pokerkit_cards()
    pk = [tuple(pk_cards[i] for i in h) for h in hands[:pk_hands]]
    return [
        timed('pokerbook evaluate("high", cards)', ours, ours_evaluate("high")),
        timed('pokerbook get_scale("high").best', ours, each(get_scale("high").best)),
        timed("treys Evaluator.evaluate", treys_hands, star(treys.Evaluator().evaluate)),
        timed("eval7.evaluate", eval7_hands, each(eval7.evaluate)),
        timed("phevaluator.evaluate_cards", hands, star(phevaluator.evaluate_cards)),
        timed("pokerkit StandardHighHand", pk, pokerkit_loop(pokerkit.StandardHighHand, k)),
    ]


def run_omaha(hands: list[list[int]], pk_hands: int) -> list[Result]:
    import phevaluator
    import pokerkit

    cards = STANDARD_CARDS
    ours = [(tuple(cards[i] for i in h[:4]), tuple(cards[i] for i in h[4:])) for h in hands]
    ph_hands = [h[4:] + h[:4] for h in hands]
    pk_cards = pokerkit_cards()
    pk = [
        (tuple(pk_cards[i] for i in h[:4]), tuple(pk_cards[i] for i in h[4:]))
        for h in hands[:pk_hands]
    ]
    return [
        timed(OMAHA_OURS, ours, ours_evaluate("high", hole_use=2)),
        timed("phevaluator.evaluate_omaha_cards", ph_hands, star(phevaluator.evaluate_omaha_cards)),
        timed("pokerkit OmahaHoldemHand", pk, star(pokerkit.OmahaHoldemHand.from_game)),
    ]


OMAHA_OURS = "pokerbook evaluate(..., hole_use=2)"


def run_low(
    scale: str, pk_name: str, k: int, hands: list[list[int]], pk_hands: int
) -> list[Result]:
    import pokerkit

    cards = STANDARD_CARDS
    ours = [tuple(cards[i] for i in h) for h in hands]
    pk_cards = pokerkit_cards()
    pk = [tuple(pk_cards[i] for i in h) for h in hands[:pk_hands]]
    return [
        timed(f'pokerbook evaluate("{scale}", cards)', ours, ours_evaluate(scale)),
        timed(f'pokerbook get_scale("{scale}").best', ours, each(get_scale(scale).best)),
        timed(f"pokerkit {pk_name}", pk, pokerkit_loop(getattr(pokerkit, pk_name), k)),
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per evaluator")
    parser.add_argument("--pokerkit-hands", type=int, default=2_000, help="hands for pokerkit")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args(argv)
    n, pk_n, seed = args.hands, min(args.pokerkit_hands, args.hands), args.seed
    SETTINGS["repeat"] = max(1, args.repeat)

    print(f"python {sys.version.split()[0]}, numpy {np.__version__}")
    startup_report()
    # warm up: load every table used below before timing
    for scale in ("high", "a5-low", "27-low"):
        evaluate(scale, tuple(Card.of(i) for i in (0, 5, 10, 15, 20, 25, 30)))

    ours_high = (
        ('pokerbook evaluate("high", cards)', "evaluate"),
        ('pokerbook get_scale("high").best', "best"),
    )
    for k in (7, 5):
        report(f"High, {k} cards", run_high(k, deal(n, k, seed + k), pk_n), ours_high)

    omaha_n = max(1, n // 4)
    report(
        "Omaha high, 4 hole + 5 board",
        run_omaha(deal(omaha_n, 9, seed + 9), pk_n),
        ((OMAHA_OURS, "evaluate"),),
    )

    for scale, pk_name in (("a5-low", "RegularLowHand"), ("27-low", "StandardLowHand")):
        mine = (
            (f'pokerbook evaluate("{scale}", cards)', "evaluate"),
            (f'pokerbook get_scale("{scale}").best', "best"),
        )
        for k in (5, 7):
            results = run_low(scale, pk_name, k, deal(n, k, seed + 100 + k), pk_n)
            report(f"{scale}, {k} cards", results, mine)
    print(
        "\n'x evaluate' / 'x best': pokerbook's rate divided by that row's rate "
        "(above 1: pokerbook is faster)."
    )


if __name__ == "__main__":
    main()
