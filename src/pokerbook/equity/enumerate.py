"""Exact equity through the engine: every deal of the unknown cards (and every roll of
the dice, weighted by its chance).

Two ways to go through the deals:

* by sets (:func:`deals_by_sets`), when only which cards each hand and each board gets
  matters (no dice, no rule or choice that reads the order cards came in, no face-down
  share, no discard of a card dealt at random): every way to give each destination its
  number of unknown cards, each deal counted once;
* by paths (:func:`deals_by_paths`) otherwise: every unknown card and every roll in the
  order the hand asks for them, each path weighted by its chance (a path may ask for
  more or fewer cards than another: a roll can change what is dealt).

A probe deal at random says how many cards each destination gets and how many deals
there are (by paths: the product of the choices on the probe's path, an estimate when
paths differ).  :data:`EXACT_LIMIT` deals at most; more asks for sampling instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb, prod

from pokerbook.cards.card import Card
from pokerbook.equity.dealer import ProbePicks, take_at
from pokerbook.equity.engine_path import EquityTable, play_deal
from pokerbook.equity.request import EquityError
from pokerbook.equity.resettle import Resettler
from pokerbook.equity.spot import Tally
from pokerbook.equity.tally_deal import add_deal
from pokerbook.games.model import Choice, DealHole, DiscardRound, Effect

#: the most deals an exact answer goes through
EXACT_LIMIT = 2_000_000

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Plan:
    """How an exact answer goes: by sets (``counts``: the unknown cards of each
    destination, in dealing order) or by paths; ``deals`` is how many there are."""

    by_sets: bool
    deals: int
    counts: tuple[tuple[int, int], ...] = ()


def order_free(table: EquityTable) -> bool:
    """Whether only the sets of cards each destination gets matter (see the module)."""
    game = table.game
    question = table.question
    if question.random_draws or game.openers or game.sevens_rule:
        return False  # (the draws, the opening and the Sevens Rule depend on the cards)
    if any(isinstance(step, Effect | Choice) for step in game.steps):
        return False
    if any(share.cards == "down" for share in game.showdown.shares):
        return False
    discards = [i for i, step in enumerate(game.steps) if isinstance(step, DiscardRound)]
    if discards:
        before = table.game.steps[: discards[0]]
        dealt = sum(s.down + s.up for s in before if isinstance(s, DealHole))
        if any(len(hand) < dealt for hand in question.spot.hands):
            return False  # a discard may throw a card dealt at random
    return True


def set_counts(table: EquityTable, seed: int | None = None) -> tuple[tuple[int, int], ...] | None:
    """How many unknown cards each destination gets (seats, then boards), when only
    the sets matter (one probe deal); else None."""
    if not order_free(table):
        return None
    rng = random.Random(seed)
    probe = ProbePicks(rng)
    play_deal(table, probe, rng)
    if probe.rolls:
        return None
    return tuple(sorted(probe.counts.items(), key=lambda kv: (kv[0] < 0, abs(kv[0]))))


def plan_exact(table: EquityTable, seed: int | None = None) -> Plan:
    """The way and the number of deals of an exact answer (one probe deal)."""
    if table.question.random_draws:
        raise EquityError("a random draw policy can only be sampled: give --trials or --error")
    counts = set_counts(table, seed)
    if counts is None:
        rng = random.Random(seed)
        probe = ProbePicks(rng)
        play_deal(table, probe, rng)
        return Plan(False, prod(probe.choices))
    left = len(table.unseen)
    deals = 1
    for _, count in counts:
        deals *= comb(left, count)
        left -= count
    return Plan(True, deals, counts)


def deals_by_sets(
    unseen: tuple[Card, ...], counts: tuple[tuple[int, int], ...]
) -> Iterator[dict[int, tuple[Card, ...]]]:
    """Every way to give each destination its count of ``unseen`` cards."""
    if not counts:
        yield {}
        return
    (destination, count), rest = counts[0], counts[1:]
    if not rest:  # the last destination: no cards left to work out
        for chosen in combinations(unseen, count):
            yield {destination: chosen}
        return
    for chosen in combinations(unseen, count):
        taken = set(chosen)
        left = tuple(c for c in unseen if c not in taken)
        for others in deals_by_sets(left, rest):
            others[destination] = chosen
            yield others


class PathPicks:
    """The cards and rolls of one path of the enumeration: ``path`` holds the choice
    made at each point so far (extended with the first choice where it ends) and
    ``sizes`` how many choices each point had."""

    def __init__(self, path: list[int], sizes: list[int]) -> None:
        self.path = path
        self.sizes = sizes
        self.depth = 0

    def _next(self, options: int) -> int:
        depth = self.depth
        self.depth += 1
        if depth < len(self.path):
            return self.path[depth]
        self.path.append(0)
        self.sizes.append(options)
        return 0

    def take(self, destination: int, count: int, pool: list[Card]) -> list[Card]:
        return [take_at(pool, self._next(len(pool))) for _ in range(count)]

    def roll(self, sides: int) -> int:
        return 1 + self._next(sides)


def _advance(path: list[int], sizes: list[int], used: int) -> bool:
    """Move to the next path (False: there is none)."""
    del path[used:], sizes[used:]
    while path:
        if path[-1] + 1 < sizes[-1]:
            path[-1] += 1
            return True
        path.pop()
        sizes.pop()
    return False


def deals_by_paths(table: EquityTable, tally: Tally, progress: Progress, total: int) -> None:
    """Add every path's deal to ``tally``, weighted by its chance."""
    rng = random.Random(0)  # (no policy draws at random in an exact answer)
    path: list[int] = []
    sizes: list[int] = []
    done = 0
    while True:
        picks = PathPicks(path, sizes)
        shares = play_deal(table, picks, rng)
        used = picks.depth
        if shares is not None:
            add_deal(tally, shares, 1 / prod(sizes[:used]))
        done += 1
        if not done % 1000:
            progress(min(done, total), total)  # (the total is the probe's estimate)
        if not _advance(path, sizes, used):
            break


def exact_tally(
    table: EquityTable,
    *,
    limit: int = EXACT_LIMIT,
    progress: Progress | None = None,
    plan: Plan | None = None,
) -> Tally:
    """The exact tally, or an :class:`EquityError` when it would take more than
    ``limit`` deals."""
    plan = plan or plan_exact(table)
    if plan.deals > limit:
        raise EquityError(
            f"an exact answer would go through {plan.deals:,} deals (more than {limit:,}): "
            "give --trials N or --error E to sample instead"
        )
    report: Progress = progress or (lambda done, total: None)
    tally = Tally(table.question.players)
    if not plan.by_sets:
        deals_by_paths(table, tally, report, plan.deals)
        return tally
    template = Resettler(table, plan.counts)
    for done, assigned in enumerate(deals_by_sets(table.unseen, plan.counts), 1):
        add_deal(tally, template.shares(assigned))
        if not done % 1000:
            report(done, plan.deals)
    report(plan.deals, plan.deals)
    return tally
