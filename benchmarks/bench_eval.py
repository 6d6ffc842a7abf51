"""Scalar evaluation speed: pokerbook against treys, eval7, phevaluator and pokerkit.

    python benchmarks/bench_eval.py [--hands N] [--pokerkit-hands M] [--seed S] [--no-first]

Every library evaluates the same random hands, made beforehand into its own card
objects (pokerbook: tuples of ``Card``, or card text), one call per hand, in the
call form its users write, each library's function bound once before the loop:
``evaluate("high", hole, board)``, ``eval7.evaluate([eval7.Card, ...])``,
``treys.Evaluator().evaluate(hand, board)``, phevaluator's ``evaluate_cards(*ints)``
and, beside it, its C binding called directly.  pokerkit is pure Python and much
slower, so it gets a smaller sample (``--pokerkit-hands``).  An empty Python
function taking the same arguments shows the cost of the call alone.

Each rate is the best of ``--repeat`` passes over the hands once warm, in CPU
time of the process (the machine may be shared), and beside it the first pass
over the same hands in a fresh process (the library imported, nothing evaluated
yet: tables loaded from the disk cache on the way).  Also
printed: ``import pokerbook`` and the first evaluation in a fresh interpreter.
"""

from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from pokerbook import evaluate, get_scale
from pokerbook.cards import STANDARD_CARDS, Card


def best_cpu_seconds(run: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs in CPU seconds of this process, the garbage
    collector off: on a shared machine, time spent waiting for a core is not counted."""
    best = float("inf")
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.process_time()
            run()
            best = min(best, time.process_time() - start)
    finally:
        gc.enable()
    return best


Items = Sequence[Any]
Loop = Callable[[Items], None]
Prepare = Callable[[list[list[int]]], tuple[Items, Loop]]


@dataclass
class Result:
    name: str
    hands: int
    seconds: float
    first: float | None = None  # seconds per hand of a first pass in a fresh process

    @property
    def rate(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("inf")


def deal(n: int, k: int, seed: int) -> list[list[int]]:
    rng = np.random.default_rng(seed)
    rows: list[list[int]] = np.argsort(rng.random((n, 52)), axis=1)[:, :k].tolist()
    return rows


SETTINGS: dict[str, Any] = {"repeat": 3, "pokerkit": 2_000}


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

FIRST_EVAL_CODE = """
import time
t = time.perf_counter()
import pokerbook
pokerbook.evaluate("high", "Ah Kh", "Qh Jh Th 2c 3d")
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
    firsts = sorted(float(fresh_python(FIRST_EVAL_CODE)) for _ in range(3))
    print(
        "import pokerbook and a first evaluate('high', 'Ah Kh', 'Qh Jh Th 2c 3d') "
        f"(fresh interpreter, tables cached on disk, best of 3): {firsts[0] * 1000:8.1f} ms"
    )
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
    header = f"  {'evaluator':<52}{'hands':>9}{'evals/s':>12}{'1st pass':>11}"
    print(header + "".join(f"{'x ' + short:>11}" for _, short in ours))
    by_name = {r.name: r for r in results}
    for r in results:
        ratios = "".join(f"{by_name[name].rate / r.rate:>11.2f}" for name, _ in ours)
        first = f"{1 / r.first:>11,.0f}" if r.first else f"{'':>11}"
        print(f"  {r.name:<52}{r.hands:>9,}{r.rate:>12,.0f}{first}{ratios}")


def star(f: Callable[..., Any]) -> Loop:
    """A loop calling ``f(*item)`` for each item."""

    def run(items: Items) -> None:
        for item in items:
            f(*item)

    return run


def each(f: Callable[[Any], Any]) -> Loop:
    """A loop calling ``f(item)`` for each item."""

    def run(items: Items) -> None:
        for item in items:
            f(item)

    return run


def split_loop(f: Callable[..., Any], scale: str, **options: Any) -> Loop:
    """A loop calling ``f(scale, hole, board, **options)`` in the form a user's loop over
    hands writes it: ``f(scale, hole, board)``, or with ``hole_use=`` spelled out (not
    through ``**options``, which costs every call a dict)."""

    def run(items: Items) -> None:
        for hole, board in items:
            f(scale, hole, board)

    def run_hole_use(items: Items) -> None:
        hole_use = options["hole_use"]
        for hole, board in items:
            f(scale, hole, board, hole_use=hole_use)

    def run_options(items: Items) -> None:
        for hole, board in items:
            f(scale, hole, board, **options)

    if not options:
        return run
    return run_hole_use if list(options) == ["hole_use"] else run_options


def whole_loop(scale: str) -> Loop:
    def run(items: Items) -> None:
        f = evaluate
        for item in items:
            f(scale, item)

    return run


def floor(scale: str, hole: Any, board: Any = "", *, hole_use: Any = None) -> None:
    """An empty function taking evaluate's arguments: the cost of the call alone."""


def text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def pokerkit_cards() -> list[Any]:
    import pokerkit

    return [next(iter(pokerkit.Card.parse(str(c)))) for c in STANDARD_CARDS]


def pokerkit_loop(cls: Any, k: int) -> Loop:
    if k == 5:
        return each(cls)

    def run(items: Items) -> None:
        from_game = cls.from_game
        for item in items:
            from_game(item, ())

    return run


def split_hands(hands: list[list[int]], hole: int) -> list[tuple[tuple[Card, ...], ...]]:
    cards = STANDARD_CARDS
    return [(tuple(cards[i] for i in h[:hole]), tuple(cards[i] for i in h[hole:])) for h in hands]


def as_text(hands: list[list[int]], hole: int) -> list[tuple[str, str]]:
    return [(text(a), text(b)) for a, b in split_hands(hands, hole)]


def whole_hands(hands: list[list[int]]) -> list[tuple[Card, ...]]:
    return [tuple(STANDARD_CARDS[i] for i in h) for h in hands]


HOLDEM = 'evaluate("high", hole, board), Card tuples'
HOLDEM_TEXT = 'evaluate("high", "Ah Kd", "Qh Jc 9s 2c 3d"), text'
WHOLE = 'evaluate("high", cards), a Card tuple'
BEST = 'get_scale("high").best(cards)'
FLOOR = "empty Python function, same arguments"
OMAHA = "evaluate(.., hole_use=2), Card tuples"
OMAHA_TEXT = "evaluate(.., hole_use=2), text"


def high_cases(k: int) -> dict[str, Prepare]:
    """The evaluators of the k-card high section: each makes its hands (outside the
    timing) and a loop over them, its function bound once."""

    def treys_prep(hands: list[list[int]]) -> tuple[Items, Loop]:
        import treys

        t = [treys.Card.new(str(c)) for c in STANDARD_CARDS]
        items = [([t[i] for i in h[:2]], [t[i] for i in h[2:]]) for h in hands]
        return items, star(treys.Evaluator().evaluate)

    def eval7_prep(hands: list[list[int]]) -> tuple[Items, Loop]:
        import eval7

        e = [eval7.Card(str(c)) for c in STANDARD_CARDS]
        return [[e[i] for i in h] for h in hands], each(eval7.evaluate)

    def ph_prep(hands: list[list[int]]) -> tuple[Items, Loop]:
        from phevaluator.evaluator import evaluate_cards

        return hands, star(evaluate_cards)

    def ph_c_prep(hands: list[list[int]]) -> tuple[Items, Loop]:
        from phevaluator import _pheval

        return hands, star(_pheval.evaluate_7cards if k == 7 else _pheval.evaluate_5cards)

    def pk_prep(hands: list[list[int]]) -> tuple[Items, Loop]:
        import pokerkit

        pk = pokerkit_cards()
        items = [tuple(pk[i] for i in h) for h in hands[: SETTINGS["pokerkit"]]]
        return items, pokerkit_loop(pokerkit.StandardHighHand, k)

    cases: dict[str, Prepare] = {}
    if k == 7:
        cases[HOLDEM] = lambda h: (split_hands(h, 2), split_loop(evaluate, "high"))
        cases[HOLDEM_TEXT] = lambda h: (as_text(h, 2), split_loop(evaluate, "high"))
    cases[WHOLE] = lambda h: (whole_hands(h), whole_loop("high"))
    cases[BEST] = lambda h: (whole_hands(h), each(get_scale("high").best))
    cases["treys Evaluator().evaluate(hand, board)"] = treys_prep
    cases["eval7.evaluate([eval7.Card, ...])"] = eval7_prep
    cases["phevaluator evaluate_cards(*ints)"] = ph_prep
    cases["phevaluator's C binding, called directly"] = ph_c_prep
    cases["pokerkit StandardHighHand"] = pk_prep
    if k == 7:
        cases[FLOOR] = lambda h: (split_hands(h, 2), split_loop(floor, "high"))
    return cases


def omaha_cases() -> dict[str, Prepare]:
    def ph_prep(hands: list[list[int]]) -> tuple[Items, Loop]:
        from phevaluator.evaluator_omaha import evaluate_omaha_cards

        return [h[4:] + h[:4] for h in hands], star(evaluate_omaha_cards)  # board first

    def ph_c_prep(hands: list[list[int]]) -> tuple[Items, Loop]:
        from phevaluator import _pheval

        return [h[4:] + h[:4] for h in hands], star(_pheval.evaluate_omaha_cards)

    def pk_prep(hands: list[list[int]]) -> tuple[Items, Loop]:
        import pokerkit

        pk = pokerkit_cards()
        items = [
            (tuple(pk[i] for i in h[:4]), tuple(pk[i] for i in h[4:]))
            for h in hands[: SETTINGS["pokerkit"]]
        ]
        return items, star(pokerkit.OmahaHoldemHand.from_game)

    return {
        OMAHA: lambda h: (split_hands(h, 4), split_loop(evaluate, "high", hole_use=2)),
        OMAHA_TEXT: lambda h: (as_text(h, 4), split_loop(evaluate, "high", hole_use=2)),
        "phevaluator evaluate_omaha_cards(*ints)": ph_prep,
        "phevaluator's C binding, called directly": ph_c_prep,
        "pokerkit OmahaHoldemHand": pk_prep,
        FLOOR: lambda h: (split_hands(h, 4), split_loop(floor, "high", hole_use=2)),
    }


def low_cases(scale: str, pk_name: str, k: int) -> dict[str, Prepare]:
    def pk_prep(hands: list[list[int]]) -> tuple[Items, Loop]:
        import pokerkit

        pk = pokerkit_cards()
        items = [tuple(pk[i] for i in h) for h in hands[: SETTINGS["pokerkit"]]]
        return items, pokerkit_loop(getattr(pokerkit, pk_name), k)

    return {
        f'evaluate("{scale}", cards)': lambda h: (whole_hands(h), whole_loop(scale)),
        f'get_scale("{scale}").best(cards)': lambda h: (
            whole_hands(h),
            each(get_scale(scale).best),
        ),
        f"pokerkit {pk_name}": pk_prep,
    }


LOWS = {"a5-low": "RegularLowHand", "27-low": "StandardLowHand"}


def cases_of(section: str) -> dict[str, Prepare]:
    """A section's evaluators: ``high-7``, ``high-5``, ``omaha``, ``a5-low-7`` ..."""
    if section == "omaha":
        return omaha_cases()
    name, k = section.rsplit("-", 1)
    return high_cases(int(k)) if name == "high" else low_cases(name, LOWS[name], int(k))


def cards_of(section: str) -> int:
    return 9 if section == "omaha" else int(section.rsplit("-", 1)[1])


FIRST_PASS_CODE = """
import sys, time
sys.path.insert(0, {here!r})
import bench_eval as b
b.SETTINGS["pokerkit"] = {pokerkit}
items, loop = b.cases_of({section!r})[{label!r}](b.deal({n}, b.cards_of({section!r}), {seed}))
t = time.process_time()
loop(items)
print((time.process_time() - t) / len(items))
"""


def run_section(section: str, n: int, seed: int, first: bool) -> list[Result]:
    """Every evaluator of a section, warm (best of several passes) and, if ``first``, on
    its first pass in a fresh process."""
    hands = deal(n, cards_of(section), seed)
    results = []
    for label, prepare in cases_of(section).items():
        items, loop = prepare(hands)
        loop(items[:50])  # warm: tables loaded
        seconds = best_cpu_seconds(partial(loop, items), SETTINGS["repeat"])
        result = Result(label, len(items), seconds)
        if first:
            code = FIRST_PASS_CODE.format(
                here=str(Path(__file__).resolve().parent),
                pokerkit=SETTINGS["pokerkit"],
                section=section,
                label=label,
                n=n,
                seed=seed,
            )
            result.first = float(fresh_python(code))
        results.append(result)
    return results


def fast_path_in_use() -> str:
    """Whether ``evaluate`` reads hands through the C readers or in Python alone."""
    from pokerbook.compiled import pure_python_asked
    from pokerbook.native import native_module

    if native_module() is not None:
        return "the C readers (quick_native); POKERBOOK_PURE_PYTHON=1 for Python alone"
    if pure_python_asked():
        return "Python alone (POKERBOOK_PURE_PYTHON is set)"
    return "Python alone (quick_native was not built: no C compiler at install)"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per evaluator")
    parser.add_argument("--pokerkit-hands", type=int, default=2_000, help="hands for pokerkit")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--no-first", action="store_true", help="skip the fresh-process passes")
    parser.add_argument(
        "--sections", default="high-7,high-5,omaha,a5-low-5,a5-low-7,27-low-5,27-low-7"
    )
    args = parser.parse_args(argv)
    n, seed = args.hands, args.seed
    SETTINGS["repeat"] = max(1, args.repeat)
    SETTINGS["pokerkit"] = min(args.pokerkit_hands, args.hands)

    print(f"python {sys.version.split()[0]}, numpy {np.__version__}")
    print(f"pokerbook's fast path: {fast_path_in_use()}")
    startup_report()
    titles = {
        "high-7": "High, 7 cards (hold'em: 2 hole + 5 board)",
        "high-5": "High, 5 cards",
        "omaha": "Omaha high, 4 hole + 5 board",
    }
    for section in args.sections.split(","):
        ours = [(label, "pb") for label in cases_of(section) if label.startswith(("evaluate",))][:1]
        size = max(1, n // 4) if section == "omaha" else n
        results = run_section(section, size, seed + cards_of(section), not args.no_first)
        report(
            titles.get(section, f"{section.rsplit('-', 1)[0]}, {cards_of(section)} cards"),
            results,
            ours,
        )
    print(
        "\n'evals/s': best of the warm passes; '1st pass': the first pass in a fresh process; "
        "'x pb': the first pokerbook row's rate divided by that row's "
        "(above 1: pokerbook is faster)."
    )


if __name__ == "__main__":
    main()
