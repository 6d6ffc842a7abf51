"""Equity sweeps: classes valued a second with 1 and 2 local workers (and a local Ray).

    python benchmarks/bench_sweep.py [--game G] [--trials N] [--classes N] [--ray]

Each run is :func:`pokerbook.equity.sweep.sweep` (what ``pokerbook equity sweep``
runs) over the same classes with the same seed, so every run does the same work and
gives the same numbers (checked).  The rate is the classes' own: from the first
chunk's start to the last one's end, after each process has loaded the tables and
compiled kernels once; the whole time (starting the workers and that warm-up
included) is printed beside it.  ``--ray`` adds a run on a local Ray started for it
(``pokerbook[cluster]``), its start not counted in either figure.
"""

from __future__ import annotations

import argparse

from pokerbook.equity.sweep import Sweep, sweep


def _line(label: str, done: Sweep, alone: Sweep) -> str:
    ratio = done.rate / alone.rate if alone.rate else 0.0
    return (
        f"{label:<12} {done.rate:>9,.1f} classes/s  {ratio:>5.2f}x   "
        f"whole run {done.elapsed:>6.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="holdem")
    parser.add_argument("--trials", type=int, default=10_000)
    parser.add_argument("--classes", type=int, default=None, help="a sample (default all)")
    parser.add_argument("--ray", action="store_true", help="also run on a local Ray")
    args = parser.parse_args()

    def run(workers: int = 1, cluster: str | None = None) -> Sweep:
        return sweep(
            args.game,
            trials=args.trials,
            classes=args.classes,
            seed=1,
            workers=workers,
            cluster=cluster,
        )

    alone = run()
    spread = run(workers=2)
    if spread.rows != alone.rows:
        raise SystemExit("two workers gave other numbers than one")
    print(
        f"{alone.spec.game.name}: {len(alone.rows)} classes, {args.trials:,} trials each, "
        "against 1 random hand"
    )
    print(_line("1 worker", alone, alone))
    print(_line("2 workers", spread, alone))
    if args.ray:
        from pokerbook.cluster import connect

        ray = connect("auto")
        try:
            there = run(cluster="auto")
            if there.rows != alone.rows:
                raise SystemExit("the local Ray gave other numbers than one worker")
            print(_line("local Ray", there, alone))
        finally:
            ray.shutdown()


if __name__ == "__main__":
    main()
