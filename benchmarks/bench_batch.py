"""Hands per second of evaluate_batch, and of the anchor libraries on the same hands.

Run ``python benchmarks/bench_batch.py [--hands N]``.  Each batch kernel is
timed end to end (input checks and the result array included) on N random
hands, single-threaded, best of ``--repeat`` runs after one warm-up call, from
``uint8`` rows and from ``int64`` rows (NumPy's default integer); the warm-up
time (compiling or loading the kernels from numba's cache, and building or
loading the tables) is printed separately, with the first call on the whole
sample in a fresh process that has imported only NumPy and pokerbook (numba's
import counts).  Rates are hands per
second of the process's CPU time, so other work on the machine does not
count against them.  The anchors evaluate
the first hands of the same sample one call at a time, fewer for the slow
ones, each function bound once and called in the form its users write
(phevaluator's C binding beside its Python entry point), and ``agree`` says
how many neighbouring pairs of hands they order the same way as pokerbook.
Each anchor line gives pokerbook's rate over the anchor's, from uint8 rows
(``vs``) and from int64 rows (``int64``).  Each kernel's int64 line gives its
extra time a row, and the floor below the table gives the same for a pass that
only reads the rows as the kernels do and writes one value a row.  The N hands
come from memory (2M 7-card rows of int64 are 112 MB); each kernel is timed
again on its first ``--cache-hands`` hands, evaluated over and over so that
they stay in the core's cache, as a batch just built does.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import eval7
import numba
import numpy as np
import numpy.typing as npt
import pokerkit
import treys

from pokerbook import evaluate_batch
from pokerbook.evaluation.row_kernels import ask_ahead, card_at, row_block, with_wide_rows

Rows = npt.NDArray[np.uint8]
NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # index 4 * (rank - 2) + suit
#: rows a timed run of :func:`time_in_cache` evaluates in all
CACHE_SAMPLE = 1_000_000


@numba.njit(cache=True)
def deal(n: int, k: int, seed: int) -> Rows:
    """``n`` rows of ``k`` distinct cards (a partial Fisher-Yates shuffle per row)."""
    np.random.seed(seed)
    out = np.empty((n, k), np.uint8)
    deck = np.arange(52).astype(np.uint8)
    for i in range(n):
        for j in range(k):
            r = j + np.random.randint(0, 52 - j)
            deck[j], deck[r] = deck[r], deck[j]
            out[i, j] = deck[j]
    return out


@numba.njit(cache=True, boundscheck=False)
def key_sums(
    rows: npt.NDArray[Any], keys: npt.NDArray[np.int64], out: npt.NDArray[np.int64]
) -> int:
    """Each row's sum of card keys from a 256-entry table, one int64 a row: the first
    step of every kernel, with the cards read as the kernels read them (the helpers of
    ``pokerbook.evaluation.row_kernels``), and the floor of its time."""
    n, k = rows.shape
    bad = -1
    block = row_block(rows)
    for first in range(0, n, block):
        end = min(n, first + block)
        for i in range(first, end):
            ask_ahead(rows, i)
            u = np.uint64(i)
            total = np.int64(0)
            for j in range(k):
                total += keys[card_at(rows, u, j)]
            out[u] = total
        bad = with_wide_rows(rows, first, end, bad)
    return bad


def best_times(passes: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """The best CPU seconds of each pass over ``repeat`` rounds, the passes timed in
    turn (a, b, a, b, ...) so that a slow spell of the machine falls on all of them."""
    best = [float("inf")] * len(passes)
    for _ in range(repeat):
        for i, run in enumerate(passes):
            start = time.process_time()
            run()
            best[i] = min(best[i], time.process_time() - start)
    return best


def read_floor(rows: Rows, repeat: int) -> tuple[float, float, float]:
    """Nanoseconds a row of :func:`key_sums` on uint8 rows and on the same rows as int64,
    timed in turn (the part of any kernel's time spent reading the rows), and of NumPy's
    own sum of the int64 rows (the memory's pace)."""
    wide = rows.astype(np.int64)
    keys = np.random.default_rng(0).integers(0, 1 << 40, 256)
    out = np.empty(len(rows), np.int64)
    passes: list[Callable[[], object]] = [
        lambda: key_sums(rows, keys, out),
        lambda: key_sums(wide, keys, out),
        wide.sum,
    ]
    key_sums(rows[:10], keys, out)
    key_sums(wide[:10], keys, out)
    best = best_times(passes, repeat)
    narrow, wide_rows, numpy_sum = (b / len(rows) * 1e9 for b in best)
    return narrow, wide_rows, numpy_sum


@dataclass(frozen=True)
class Kernel:
    label: str
    scale: str
    cards: int
    hole: int | None = None
    hole_use: int | None = None
    share: int = 1  # this kernel runs on hands // share rows


@dataclass(frozen=True)
class Anchor:
    label: str
    prepare: Callable[[Rows], list[Any]]  # rows -> per-hand arguments, outside the timing
    call: Callable[[Any], Any]
    hands: int
    higher_is_better: bool = True  # False for phevaluator and treys ranks (1 is best)
    star: bool = False  # call(*hand) rather than call(hand)


def names(row: Sequence[int]) -> list[str]:
    return [NAMES[c] for c in row]


def pokerkit_cards(rows: Rows) -> list[Any]:
    return [list(pokerkit.Card.parse("".join(names(r)))) for r in rows.tolist()]


def anchors_for(kernel: Kernel, base: int) -> list[Anchor]:
    """The anchor libraries that evaluate this kernel's scale, with their sample sizes.

    Each function is bound once, here (phevaluator's package-level names go
    through a lazy loader on every access, so they are imported from their
    modules); the per-hand arguments are made outside the timing, and the call
    is the form users write (``f(*cards)`` for phevaluator, ``f(hand, board)``
    for treys, ``f(cards)`` for eval7), with phevaluator's C binding beside it.
    """
    from phevaluator import _pheval
    from phevaluator.evaluator import evaluate_cards
    from phevaluator.evaluator_omaha import evaluate_omaha_cards

    pk = pokerkit
    if kernel.label in ("7-card high", "5-card high"):
        five = kernel.cards == 5
        pk_label = "pokerkit StandardHighHand(cards)" if five else "pokerkit .from_game"
        pk_call: Callable[..., Any] = pk.StandardHighHand if five else pk.StandardHighHand.from_game
        c_call = _pheval.evaluate_5cards if five else _pheval.evaluate_7cards
        return [
            Anchor(
                "phevaluator evaluate_cards(*ints)",
                lambda r: r.tolist(),
                evaluate_cards,
                base,
                higher_is_better=False,
                star=True,
            ),
            Anchor(
                "phevaluator C binding",
                lambda r: r.tolist(),
                c_call,
                base,
                higher_is_better=False,
                star=True,
            ),
            Anchor(
                "eval7.evaluate(cards)",
                lambda r: [[eval7.Card(s) for s in names(x)] for x in r.tolist()],
                eval7.evaluate,
                base,
            ),
            Anchor(
                "treys Evaluator().evaluate(hand, board)",
                lambda r: [
                    (h[:2], h[2:])
                    for h in ([treys.Card.new(s) for s in names(x)] for x in r.tolist())
                ],
                treys.Evaluator().evaluate,
                base // 10,
                higher_is_better=False,
                star=True,
            ),
            Anchor(
                pk_label,
                pokerkit_cards if five else lambda r: [(c, ()) for c in pokerkit_cards(r)],
                pk_call,
                base // (10 if five else 200),
                star=not five,
            ),
        ]
    if kernel.label == "Omaha 4+5 high":
        board_first = lambda r: [x[4:] + x[:4] for x in r.tolist()]  # noqa: E731
        return [
            Anchor(
                "phevaluator evaluate_omaha_cards(*ints)",
                board_first,
                evaluate_omaha_cards,
                base // 4,
                higher_is_better=False,
                star=True,
            ),
            Anchor(
                "phevaluator C binding",
                board_first,
                _pheval.evaluate_omaha_cards,
                base // 4,
                higher_is_better=False,
                star=True,
            ),
            Anchor(
                "pokerkit OmahaHoldemHand.from_game",
                lambda r: [(c[:4], c[4:]) for c in pokerkit_cards(r)],
                pk.OmahaHoldemHand.from_game,
                base // 1000,
                star=True,
            ),
        ]
    call: Callable[..., Any]
    if kernel.label == "a5-low 7":
        call = pk.RegularLowHand.from_game
        with_board = lambda r: [(c, ()) for c in pokerkit_cards(r)]  # noqa: E731
        return [
            Anchor("pokerkit RegularLowHand.from_game", with_board, call, base // 400, star=True)
        ]
    if kernel.label == "27-low 5":
        call = pk.StandardLowHand
        return [Anchor("pokerkit StandardLowHand(cards)", pokerkit_cards, call, base // 10)]
    if kernel.label == "badugi 4":
        call = pk.BadugiHand.from_game
        with_board = lambda r: [(c, ()) for c in pokerkit_cards(r)]  # noqa: E731
        return [Anchor("pokerkit BadugiHand.from_game", with_board, call, base // 20, star=True)]
    return []


KERNELS = [
    Kernel("7-card high", "high", 7),
    Kernel("5-card high", "high", 5),
    Kernel("Omaha 4+5 high", "high", 9, hole=4, hole_use=2, share=10),
    Kernel("a5-low 7", "a5-low", 7),
    Kernel("27-low 5", "27-low", 5),
    Kernel("27-low 7", "27-low", 7),
    Kernel("a6-low 5", "a6-low", 5),
    Kernel("a6-low 7", "a6-low", 7),
    Kernel("badugi 4", "badugi", 4),
]


def time_batch(
    kernel: Kernel, rows: Rows, repeat: int
) -> tuple[float, float, float, npt.NDArray[Any]]:
    """(warm-up seconds, best hands per second from uint8 rows, the same from int64 rows
    (NumPy's default integer), values).  The two are timed in turn, a, b, a, b, ..."""

    def run(part: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return evaluate_batch(kernel.scale, part, hole=kernel.hole, hole_use=kernel.hole_use)

    wide = rows.astype(np.int64)
    start = time.perf_counter()
    run(rows[:100])
    run(wide[:100])
    warm = time.perf_counter() - start
    values = run(rows)
    if not np.array_equal(values, run(wide)):
        raise SystemExit(f"{kernel.label}: int64 rows give other values than uint8 rows")
    best = best_times([lambda: run(rows), lambda: run(wide)], repeat)
    return warm, len(rows) / best[0], len(rows) / best[1], values


def time_in_cache(kernel: Kernel, rows: Rows, repeat: int) -> tuple[float, float]:
    """Best hands per second from uint8 rows and from int64 rows on a batch small enough
    to stay in the core's cache, each timed run evaluating it again and again for about
    as many rows as the large batch (timed in turn, a, b, a, b, ...)."""
    wide = rows.astype(np.int64)
    again = max(1, CACHE_SAMPLE // len(rows))

    def run(part: npt.NDArray[Any]) -> None:
        for _ in range(again):
            evaluate_batch(kernel.scale, part, hole=kernel.hole, hole_use=kernel.hole_use)

    run(rows)
    run(wide)
    best = best_times([lambda: run(rows), lambda: run(wide)], repeat)
    return again * len(rows) / best[0], again * len(rows) / best[1]


FIRST_CALL_CODE = """
import time
import numpy as np
rows = np.load({path!r})
from pokerbook import evaluate_batch
t = time.perf_counter()
evaluate_batch({scale!r}, rows, hole={hole!r}, hole_use={hole_use!r})
print(time.perf_counter() - t)
"""


def first_call(kernel: Kernel, rows: Rows) -> float:
    """Seconds of the first evaluate_batch call on ``rows`` as int64 in a fresh process
    that has imported only NumPy and pokerbook, as a user's would (numba's import,
    kernels loaded from its cache and tables from pokerbook's)."""
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder, "rows.npy"))
        np.save(path, rows.astype(np.int64))
        code = FIRST_CALL_CODE.format(
            path=path, scale=kernel.scale, hole=kernel.hole, hole_use=kernel.hole_use
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
    return float(done.stdout.strip())


def time_anchor(anchor: Anchor, rows: Rows) -> tuple[float, list[Any]]:
    hands = anchor.prepare(rows)
    call = anchor.call
    start = time.process_time()
    out = [call(*h) for h in hands] if anchor.star else [call(h) for h in hands]
    return len(hands) / (time.process_time() - start), out


def sign(x: Any) -> int:
    return int(x > 0) - int(x < 0)


def agreement(ours: Sequence[int], theirs: Sequence[Any], higher_is_better: bool) -> float:
    """Share of neighbouring pairs that both evaluators order the same way."""
    same = 0
    for i in range(len(ours) - 1):
        mine = sign(ours[i + 1] - ours[i])
        a, b = theirs[i], theirs[i + 1]
        other = int(b > a) - int(b < a)
        same += mine == (other if higher_is_better else -other)
    return same / max(1, len(ours) - 1)


def rate(x: float) -> str:
    return f"{x / 1e6:9.2f} M/s" if x >= 1e5 else f"{x / 1e3:9.2f} k/s"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2_000_000, help="hands per batch kernel")
    parser.add_argument("--anchor-hands", type=int, default=200_000, help="fast anchors' sample")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per kernel (best kept)")
    parser.add_argument(
        "--no-first", dest="first", action="store_false", help="skip the fresh-process first calls"
    )
    parser.add_argument(
        "--cache-hands",
        type=int,
        default=20_000,
        help="hands of the batch timed again in cache (20,000 7-card int64 rows: 1.1 MB)",
    )
    args = parser.parse_args(argv)

    print(
        f"pokerbook.evaluate_batch, one thread, best of {args.repeat} (CPU time); "
        "anchors: one call a hand"
    )
    print(f"{'':42}{'hands':>10}  {'rate':>13}  {'vs':>8}  {'int64':>6}  agree")
    warmups: list[tuple[str, float, float, float]] = []
    for n, kernel in enumerate(KERNELS):
        size = max(args.hands // kernel.share, 1000)
        rows = deal(size, kernel.cards, 1000 + n)
        warm, ours, wide, values = time_batch(kernel, rows, args.repeat)
        small = rows[: max(args.cache_hands // kernel.share, 100)]
        near, near_wide = time_in_cache(kernel, small, args.repeat)
        fresh = first_call(kernel, rows) if args.first else float("nan")
        warmups.append((kernel.label, warm, fresh, size / fresh))
        print(f"{kernel.label:42}{len(rows):>10,}  {rate(ours)}  from uint8 rows")
        gap = (1 / wide - 1 / ours) * 1e9
        print(
            f"{'':42}{'':>10}  {rate(wide)}  from int64 rows "
            f"({ours / wide:.2f}x the time of uint8, {gap:+.1f} ns a row)"
        )
        print(
            f"{'':42}{len(small):>10,}  {rate(near)}  in cache, from uint8; "
            f"{rate(near_wide).strip()} from int64 ({near / near_wide:.2f}x the time)"
        )
        for anchor in anchors_for(kernel, min(args.anchor_hands, len(rows))):
            sample = rows[: max(anchor.hands, 100)]
            theirs, out = time_anchor(anchor, sample)
            agree = agreement(values[: len(sample)].tolist(), out, anchor.higher_is_better)
            print(
                f"  {anchor.label:40}{len(sample):>10,}  {rate(theirs)}"
                f"  {ours / theirs:7.0f}x  {wide / theirs:5.0f}x  {agree:6.1%}"
            )
    rows = deal(max(args.hands, 1000), 7, 999)
    narrow, wide, numpy_sum = read_floor(rows, args.repeat)
    print(
        f"\nreading 7-card rows and writing a sum of card keys a row (every kernel's first "
        f"step): {narrow:.1f} ns a row from uint8, {wide:.1f} ns from int64, "
        f"{wide - narrow:+.1f} ns: moving 8 bytes a card instead of 1, which a kernel can only "
        "overlap with its lookups, not avoid (NumPy's sum of the int64 rows: "
        f"{numpy_sum:.1f} ns a row)"
    )
    print(
        "\nfirst calls: in this process on 100 rows (load kernels and tables); "
        "in a fresh process on the whole sample of int64 rows"
    )
    for label, warm, fresh, fresh_rate in warmups:
        print(f"  {label:40}{warm:8.3f} s  {fresh:8.3f} s  ({rate(fresh_rate)})")


if __name__ == "__main__":
    main()
