"""Simulation speed of every catalogue game, as ``pokerbook simulate`` plays it.

    python benchmarks/bench_games.py [--hands N] [--games ID,ID] [--seed S] [--policy P]
                                     [--repeat R]

Each game is set up by the same functions as ``pokerbook simulate --game ID``
(default format and stakes, six players or the game's most, stacks of 100 big
blinds or big bets) and ``--hands`` hands are played by the default policy with
the default checks (the chips and the cards once at the end of each hand).  The
rate is of the hands themselves: the table is set up and twenty hands played
before the clock starts, so the tables and caches the game needs are loaded.  Games are listed from
the slowest; a ``<`` marks those under the target.  Hold'em (F01) is measured in
the same run as a yardstick: on a loaded machine compare relative speeds, and
the rate by the process's CPU time (``cpu``), which waiting for a shared core
does not slow.  ``--repeat R`` plays the same hands R times a game and keeps the
quickest run (by CPU time), for a machine whose other work slows some runs.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass

from pokerbook.bots import get_policy
from pokerbook.bots.simulation import Table, simulate
from pokerbook.cli.table_setup import choose_table
from pokerbook.games.catalogue import all_games

#: hands per second every game should reach
TARGET = 1000.0
#: the yardstick game
HOLDEM = "F01"
#: hands played before the clock starts (tables loaded, caches filled)
WARM_UP = 20
#: the default policy of ``pokerbook simulate``
DEFAULT_POLICY = "random"


@dataclass(frozen=True)
class Rate:
    """One game's measured speed."""

    game: str
    name: str
    hands: int
    seconds: float
    cpu_seconds: float

    @property
    def per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    @property
    def per_cpu_second(self) -> float:
        return self.hands / self.cpu_seconds if self.cpu_seconds > 0 else float("inf")


def measure(game_id: str, hands: int, seed: int, policy: str, repeat: int = 1) -> Rate:
    """Play ``hands`` hands of the game as ``pokerbook simulate`` does, timed (the
    quickest of ``repeat`` runs of the same hands, by CPU time)."""
    chosen = choose_table(game_id, None, None, None, None, "barge")
    table = Table(chosen.game, chosen.stakes, (chosen.stack,) * chosen.players, chosen.house)
    policies = [get_policy(policy) for _ in range(chosen.players)]
    for _ in simulate(table, policies, WARM_UP, seed + 1, checks="hand"):
        pass
    runs = []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        for _ in simulate(table, policies, hands, seed, checks="hand"):
            pass
        runs.append((time.process_time() - cpu, time.perf_counter() - start))
    cpu_seconds, seconds = min(runs)
    return Rate(chosen.game.id, chosen.game.name, hands, seconds, cpu_seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500, help="hands per game")
    parser.add_argument("--games", help="comma-separated catalogue IDs (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default=DEFAULT_POLICY)
    parser.add_argument("--repeat", type=int, default=1, help="runs a game; the quickest kept")
    args = parser.parse_args()
    ids = args.games.split(",") if args.games else [game.id for game in all_games()]
    if HOLDEM not in ids:
        ids.insert(0, HOLDEM)
    rates = []
    for game_id in ids:
        rate = measure(game_id, args.hands, args.seed, args.policy, args.repeat)
        rates.append(rate)
        print(
            f"  {rate.game:8} {rate.per_second:9,.0f} hands/s {rate.per_cpu_second:9,.0f} cpu",
            flush=True,
        )
    holdem = next(rate.per_second for rate in rates if rate.game == HOLDEM)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nload average {load}")
    runs = f", quickest of {args.repeat} runs" if args.repeat > 1 else ""
    print(f"{args.hands} hands per game{runs}, policy {args.policy}, checks 'hand', slowest first")
    print(f"{'game':8} {'hands/s':>9} {'cpu':>9} {'vs F01':>7}  name")
    for rate in sorted(rates, key=lambda r: r.per_second):
        mark = "<" if rate.per_second < TARGET else " "
        share = rate.per_second / holdem
        print(
            f"{rate.game:8} {rate.per_second:9,.0f} {rate.per_cpu_second:9,.0f} "
            f"{share:6.2f}x {mark} {rate.name}"
        )
    for label, slow in (
        ("hands/s", [rate.game for rate in rates if rate.per_second < TARGET]),
        ("hands per CPU second", [rate.game for rate in rates if rate.per_cpu_second < TARGET]),
    ):
        listed = ", ".join(slow) or "-"
        print(f"under {TARGET:,.0f} {label}: {len(slow)} of {len(rates)}: {listed}")


if __name__ == "__main__":
    main()
