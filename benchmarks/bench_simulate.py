"""Simulation speed: ``pokerbook simulate``'s path against PokerKit doing the same work.

    python benchmarks/bench_simulate.py [--hands N] [--repeat R] [--games IDS] [--no-first-pass]

Six players, every one a calling station (``--policy call``): each checks or calls
every street, stud players post the bring-in and never complete, and in draw games
each player throws a random number of random cards (``randint(0, 4)`` of them, as the
policy does), to the showdown.  pokerbook runs the library call ``pokerbook simulate
--game G --players 6 --policy call`` makes (:func:`pokerbook.bots.parallel.
run_simulation`, each hand checked at its end: ``--checks hand``, the default), at the
command's default stakes and stacks; PokerKit 0.7.7 plays the same games at the same
stakes and stacks, every automation on but the players' decisions, a fresh state each
hand.  Both sides play the same number of hands.

The warm figure is the best of ``--repeat`` runs, the two sides taken in turn with the
garbage collector off; the first pass is one run in a fresh process (the engine's
tables and caches cold; the interpreter's start and the imports not counted), each
side in its own process.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from pokerbook.bots import CallPolicy
from pokerbook.bots.parallel import run_simulation
from pokerbook.bots.simulation import Table, simulate
from pokerbook.bots.totals import Totals
from pokerbook.cli.table_setup import choose_table
from timing import best_seconds_each, pokerkit_automations

PLAYERS = 6
TARGET = 50.0


@dataclass(frozen=True)
class Case:
    """One game as both sides play it: pokerbook's catalogue ID and format, and the
    PokerKit state factory for the same stakes and stacks."""

    label: str
    game: str
    fmt: str
    #: how the draws go: a random number of random cards (``--policy call``), or
    #: standing pat (``CallPolicy(draws="pat")``, through the same simulation)
    draws: str = "random"


CASES = (
    Case("no-limit hold'em", "F01", "no-limit"),
    Case("pot-limit Omaha", "F16", "pot-limit"),
    Case("limit razz", "S05", "limit"),
    Case("limit badugi", "D11", "limit"),
    Case("badugi, pat", "D11", "limit", draws="pat"),
)


def table_of(case: Case) -> Table:
    """The table ``pokerbook simulate --game G --format F --players 6`` sets."""
    chosen = choose_table(case.game, case.fmt, None, PLAYERS, None, "barge")
    return Table(chosen.game, chosen.stakes, (chosen.stack,) * PLAYERS, chosen.house)


def pokerbook_run(table: Table, hands: int, seed: int, draws: str = "random") -> int:
    """``hands`` hands as the command plays them; returns the chips in the pots.
    Standing pat, the calling bots play through :func:`simulate` (no policy name
    stands pat), each hand totalled and checked at its end all the same."""
    if draws == "random":
        return run_simulation(table, "call", hands, seed, checks="hand").totals.pot
    totals = Totals(table.players)
    policies = [CallPolicy(draws="pat") for _ in range(table.players)]
    for hand in simulate(table, policies, hands, seed, checks="hand"):
        totals.add(hand)
    return totals.pot


def pokerkit_factory(case: Case, table: Table) -> Callable[[], Any]:
    """A PokerKit state maker for the case, bound once."""
    import pokerkit as pk

    automations = pokerkit_automations()
    stakes, stack = table.stakes, table.stacks[0]
    if case.game == "F01":
        return partial(
            pk.NoLimitTexasHoldem.create_state, automations, True, 0, stakes.blinds, 2, stack, 6
        )
    if case.game == "F16":
        return partial(
            pk.PotLimitOmahaHoldem.create_state, automations, True, 0, stakes.blinds, 2, stack, 6
        )
    if case.game == "S05":
        return partial(
            pk.FixedLimitRazz.create_state,
            automations,
            True,
            stakes.ante,
            stakes.bring_in,
            stakes.small_bet,
            stakes.big_bet,
            stack,
            PLAYERS,
        )
    big = stakes.blinds[-1]
    return partial(
        pk.FixedLimitBadugi.create_state,
        automations,
        True,
        0,
        stakes.blinds,
        big,  # limit bets: the big blind, doubled later (pokerbook's "bets 2/4")
        2 * big,
        stack,
        PLAYERS,
    )


def pokerkit_run(create: Callable[[], Any], hands: int, seed: int, draws: str = "random") -> int:
    """The same hands with PokerKit; draws throw ``randint(0, 4)`` random cards, or
    none (standing pat)."""
    rng = random.Random(seed)
    randint: Callable[[int, int], int] = rng.randint
    sample = rng.sample
    if draws == "pat":
        randint = _none
    pots = 0
    for _ in range(hands):
        state = create()
        while state.status:
            if state.can_post_bring_in():
                state.post_bring_in()
            elif (seat := state.stand_patter_or_discarder_index) is not None:
                held = state.hole_cards[seat]
                state.stand_pat_or_discard(sample(held, randint(0, len(held))))
            elif state.can_check_or_call():
                state.check_or_call()
            else:
                raise RuntimeError(f"PokerKit stopped with no decision to make: {state}")
        pots += sum(state.payoffs[s] for s in range(PLAYERS) if state.payoffs[s] > 0)
    return pots


def _none(low: int, high: int) -> int:
    return 0


def first_pass(side: str, case: Case, hands: int, seed: int) -> float:
    """One run in this (fresh) process: its seconds, the imports done before."""
    table = table_of(case)
    if side == "pokerbook":
        start = time.perf_counter()
        pokerbook_run(table, hands, seed, case.draws)
    else:
        create = pokerkit_factory(case, table)
        start = time.perf_counter()
        pokerkit_run(create, hands, seed, case.draws)
    return time.perf_counter() - start


def fresh_process(side: str, case: Case, hands: int, seed: int) -> float:
    """:func:`first_pass` in a new interpreter."""
    command = [sys.executable, __file__, "--first-pass", side, "--games", case.game]
    command += ["--hands", str(hands), "--seed", str(seed), "--draws", case.draws]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return float(out.split()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200, help="hands per run, each side")
    parser.add_argument(
        "--repeat", type=int, default=3, help="warm runs per side, taken in turn; the best counts"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="", help="comma-separated IDs (default: all four)")
    parser.add_argument("--no-first-pass", action="store_true", help="skip the fresh processes")
    parser.add_argument("--first-pass", choices=("pokerbook", "pokerkit"), help=argparse.SUPPRESS)
    parser.add_argument("--draws", choices=("random", "pat"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    wanted = {g.strip().upper() for g in args.games.split(",") if g.strip()}
    cases = [c for c in CASES if not wanted or c.game in wanted]
    if args.first_pass:
        case = next(c for c in cases if c.draws == (args.draws or "random"))
        print(first_pass(args.first_pass, case, args.hands, args.seed))
        return
    print(
        f"{PLAYERS} players calling down (draws: a random number of random cards), "
        f"{args.hands} hands a run each side; pokerbook: simulate's path, checks at "
        f"each hand's end; warm: best of {args.repeat}"
    )
    print(
        f"{'game':<18} {'pokerbook/s':>12} {'PokerKit/s':>11} {'ratio':>7}   "
        f"{'first pass: pokerbook/s':>24} {'PokerKit/s':>11} {'ratio':>7}  target {TARGET:.0f}x"
    )
    for case in cases:
        table = table_of(case)
        create = pokerkit_factory(case, table)
        pokerbook_run(table, 20, args.seed, case.draws)  # warm up: tables, caches
        pokerkit_run(create, 3, args.seed, case.draws)
        ours, theirs = best_seconds_each(
            [
                partial(pokerbook_run, table, args.hands, args.seed, case.draws),
                partial(pokerkit_run, create, args.hands, args.seed, case.draws),
            ],
            args.repeat,
        )
        ratio = theirs / ours
        line = f"{case.label:<18} {args.hands / ours:>12,.0f} {args.hands / theirs:>11,.1f} "
        line += f"{ratio:>6.1f}x   "
        if not args.no_first_pass:
            cold_ours = fresh_process("pokerbook", case, args.hands, args.seed)
            cold_theirs = fresh_process("pokerkit", case, args.hands, args.seed)
            line += f"{args.hands / cold_ours:>24,.0f} {args.hands / cold_theirs:>11,.1f} "
            line += f"{cold_theirs / cold_ours:>6.1f}x  "
        print(line + ("ok" if ratio >= TARGET else "below"), flush=True)


if __name__ == "__main__":
    main()
