"""PHH replay speed: pokerbook against PokerKit on the same real hand histories.

    python benchmarks/bench_phh.py [--corpus DIR] [--hands N] [--repeat R] [--seed S]

Both libraries read each ``.phh`` file's text (already in memory) and play the
hand to its end: pokerbook with :func:`pokerbook.history.phh.read_phh` and
:func:`pokerbook.history.replay.play`, PokerKit with ``HandHistory.loads`` and
iterating every state the history produces.  The hands are a seeded sample of
``--hands`` files from the corpus (default: the shared PHH folder, which is
mostly the Pluribus hands); ``--hands 0`` takes every file.  The rate is the
best of ``--repeat`` runs with the garbage collector off, the runs of both
libraries taken in turn so that a slow spell of the machine falls on both
alike; pokerbook's reading alone (TOML, fields, card layout) is timed too, to
show where its time goes.  Beside the warm rate, each library's first pass over
the same files in a fresh process (imported, nothing replayed yet: whatever the
reader memoises starts empty).
The final stacks of both are compared as a check that they played the same
hands; hands PokerKit cannot replay (``wsop/2023/43/5/85.phh``) are left out
of both.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import warnings
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokerbook.history.phh import read_phh
from pokerbook.history.replay import lay_out, play
from timing import best_seconds_each

TARGET = 10.0
DEFAULT_CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "phh"


def ours(texts: Sequence[str]) -> list[list[int]]:
    """Replay every text with pokerbook; the final stacks in scaled chips."""
    out: list[list[int]] = []
    for text in texts:
        out.append(play(read_phh(text)).hand.stacks)
    return out


def ours_reading(texts: Sequence[str]) -> None:
    """pokerbook's reading alone: the TOML, the fields and the card layout."""
    for text in texts:
        lay_out(read_phh(text))


def theirs(texts: Sequence[str]) -> list[list[Any]]:
    """Replay every text with PokerKit; the final stacks of its last state."""
    from pokerkit import HandHistory

    out: list[list[Any]] = []
    for text in texts:
        (state,) = deque(HandHistory.loads(text), maxlen=1)  # play it out; keep the last
        out.append(list(state.stacks))
    return out


def _pokerkit_replays(text: str) -> bool:
    try:
        theirs([text])
    except ValueError:
        return False
    return True


def sample(corpus: Path, hands: int, seed: int) -> list[str]:
    files = sorted(corpus.rglob("*.phh"))
    if hands and hands < len(files):
        files = sorted(random.Random(seed).sample(files, hands))
    return [f.read_text(encoding="utf-8") for f in files]


FIRST_PASS_CODE = """
import sys, time, warnings
sys.path.insert(0, {here!r})
warnings.simplefilter("ignore")
from pathlib import Path
import bench_phh as b
texts = b.sample(Path({corpus!r}), {hands}, {seed})
keep = set({keep!r})
texts = [t for i, t in enumerate(texts) if i in keep]
t = time.perf_counter()
b.{which}(texts)
print(time.perf_counter() - t)
"""


def first_pass(which: str, corpus: Path, hands: int, seed: int, keep: list[int]) -> float:
    """Seconds of one pass over the sample in a fresh process: the library imported
    (outside the timing), nothing replayed yet, so every memo starts empty."""
    code = FIRST_PASS_CODE.format(
        here=str(Path(__file__).resolve().parent),
        corpus=str(corpus),
        hands=hands,
        seed=seed,
        keep=keep,
        which=which,
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--hands", type=int, default=2000, help="files to sample; 0: all")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each, taken in turn")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--no-first", dest="first", action="store_false", help="skip the fresh-process passes"
    )
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # PokerKit warns about fields it does not know
    texts = sample(args.corpus, args.hands, args.seed)
    if not texts:
        raise SystemExit(f"no .phh files under {args.corpus}")

    refused = [t for t in texts if not _pokerkit_replays(t)]
    keep = [i for i, t in enumerate(texts) if t not in refused]
    texts = [t for t in texts if t not in refused]
    # the check: both end every hand with the same stacks (in the file's units)
    mine = ours(texts)
    other = theirs(texts)
    histories = [read_phh(t) for t in texts]
    same = sum(
        [h.unscale(s) for s in stacks] == [h.unscale(0) + v for v in their_stacks]
        for h, stacks, their_stacks in zip(histories, mine, other, strict=True)
    )

    t_reading, t_ours, t_theirs = best_seconds_each(
        [lambda: ours_reading(texts), lambda: ours(texts), lambda: theirs(texts)], args.repeat
    )
    n = len(texts)
    rate_ours, rate_theirs = n / t_ours, n / t_theirs
    if args.first:
        f_ours = first_pass("ours", args.corpus, args.hands, args.seed, keep)
        f_theirs = first_pass("theirs", args.corpus, args.hands, args.seed, keep)
    ratio = rate_ours / rate_theirs
    print(f"{n} hands from {args.corpus}; best of {args.repeat} runs")
    if refused:
        print(f"left out {len(refused)} hand(s) PokerKit cannot replay")
    print(f"same final stacks in {same} of {n} hands")
    print(f"{'':<10} {'warm':>16} {'first pass':>18}")
    first_ours = f"{n / f_ours:>10,.0f} hands/s" if args.first else ""
    first_theirs = f"{n / f_theirs:>10,.0f} hands/s" if args.first else ""
    print(f"{'pokerbook':<10} {rate_ours:>8,.0f} hands/s {first_ours}")
    print(f"{'PokerKit':<10} {rate_theirs:>8,.0f} hands/s {first_theirs}")
    if args.first:
        print(
            f"first pass: in a fresh process, over the same files (ratio {f_theirs / f_ours:.1f}x)"
        )
    share = min(t_reading / t_ours, 1.0)
    print(
        f"pokerbook time: {share:.0%} reading the files, {1 - share:.0%} playing them "
        f"on the engine (reading alone: {n / t_reading:,.0f} hands/s)"
    )
    mark = "ok" if ratio >= TARGET else "below"
    print(f"ratio {ratio:.1f}x (target {TARGET:.0f}x: {mark})")


if __name__ == "__main__":
    main()
