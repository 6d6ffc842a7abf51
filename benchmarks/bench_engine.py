"""Hand engine speed: pokerbook against PokerKit, six players checking and calling.

    python benchmarks/bench_engine.py [--hands N] [--pokerkit-hands M] [--seed S] [--games IDS]

In each game (no-limit hold'em, pot-limit Omaha, limit razz, limit badugi) six
players post, check or call every street (stud: the bring-in is posted, never
completed; draw games: everyone stands pat) and show down.  Both engines shuffle
and deal their own cards and settle the pots; each hand is a fresh state.  The
rate is the best of ``--repeat`` runs with the garbage collector off, the two
engines' runs taken in turn so that a slow spell of the machine falls on both
alike.  PokerKit is much slower, so it gets a smaller sample (``--pokerkit-hands``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import find_game
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from timing import best_seconds_each, pokerkit_automations

PLAYERS = 6
STACK = 200
TARGET = 50.0

# the passive choice for each kind of decision: check or call, stand pat, bring in
PASSIVE: dict[str | None, Action] = {
    "bet": Action("call"),
    "draw": Action("draw"),
    "bring-in": Action("bring-in"),
}


@dataclass(frozen=True)
class Case:
    """One game as both engines play it."""

    label: str
    game: str
    stakes: Stakes
    pokerkit: Callable[[], Any]


def pokerbook_hands(game: Game, stakes: Stakes, hands: int, seed: int) -> int:
    """Play ``hands`` check-and-call hands; returns the chips that changed hands."""
    stacks = [STACK] * PLAYERS
    moved = 0
    for i in range(hands):
        hand = Hand(game, stakes, stacks, button=i % PLAYERS, seed=seed + i)
        act = hand.act
        while not hand.done:
            act(PASSIVE[hand.decision])
        moved += hand.pot
    return moved


def pokerkit_hands(create: Callable[[], Any], hands: int) -> int:
    """The same with PokerKit: every automation on except the players' decisions."""
    moved = 0
    for _ in range(hands):
        state = create()
        while state.status:
            if state.can_post_bring_in():
                state.post_bring_in()
            elif state.stand_patter_or_discarder_index is not None:
                state.stand_pat_or_discard()
            elif state.can_check_or_call():
                state.check_or_call()
            else:
                raise RuntimeError(f"PokerKit stopped with no decision to make: {state}")
        moved += max(state.stacks) - STACK
    return moved


def pokerkit_cases() -> dict[str, Callable[[], Any]]:
    """State factories for the four games, with PokerKit's automations."""
    import pokerkit as pk

    automations = pokerkit_automations()
    return {
        "F01": lambda: pk.NoLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, STACK, PLAYERS
        ),
        "F16": lambda: pk.PotLimitOmahaHoldem.create_state(
            automations, True, 0, (1, 2), 2, STACK, PLAYERS
        ),
        "S05": lambda: pk.FixedLimitRazz.create_state(
            automations, True, 1, 2, 5, 10, STACK, PLAYERS
        ),
        "D11": lambda: pk.FixedLimitBadugi.create_state(
            automations, True, 0, (1, 2), 2, 4, STACK, PLAYERS
        ),
    }


def cases() -> list[Case]:
    makers = pokerkit_cases()
    return [
        Case("no-limit hold'em", "F01", Stakes("no-limit", blinds=(1, 2)), makers["F01"]),
        Case("pot-limit Omaha", "F16", Stakes("pot-limit", blinds=(1, 2)), makers["F16"]),
        Case(
            "limit razz",
            "S05",
            Stakes("limit", ante=1, bring_in=2, small_bet=5, big_bet=10),
            makers["S05"],
        ),
        Case(
            "limit badugi",
            "D11",
            Stakes("limit", blinds=(1, 2), small_bet=2, big_bet=4),
            makers["D11"],
        ),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=3000, help="pokerbook hands per run")
    parser.add_argument("--pokerkit-hands", type=int, default=150, help="PokerKit hands per run")
    parser.add_argument(
        "--repeat", type=int, default=5, help="runs per engine, taken in turn; the best counts"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--games", default="", help="comma-separated IDs to run (default: all four)"
    )
    args = parser.parse_args(argv)
    wanted = {g.strip().upper() for g in args.games.split(",") if g.strip()}
    rows: list[tuple[str, float, float]] = []
    for case in cases():
        if wanted and case.game not in wanted:
            continue
        game = find_game(case.game)
        pokerbook_hands(game, case.stakes, 50, args.seed)  # warm up: tables, caches
        pokerkit_hands(case.pokerkit, 5)
        t_ours, t_theirs = best_seconds_each(
            [
                partial(pokerbook_hands, game, case.stakes, args.hands, args.seed),
                partial(pokerkit_hands, case.pokerkit, args.pokerkit_hands),
            ],
            args.repeat,
        )
        rows.append((case.label, args.hands / t_ours, args.pokerkit_hands / t_theirs))
    print(f"{PLAYERS} players checking and calling to showdown; best of {args.repeat} runs")
    print(f"{'game':<20} {'pokerbook/s':>12} {'PokerKit/s':>12} {'ratio':>8}  target {TARGET:.0f}x")
    for label, ours, theirs in rows:
        ratio = ours / theirs
        mark = "ok" if ratio >= TARGET else "below"
        print(f"{label:<20} {ours:>12,.0f} {theirs:>12,.1f} {ratio:>7.1f}x  {mark}")


if __name__ == "__main__":
    main()
