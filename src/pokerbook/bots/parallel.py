"""A simulation split into fixed chunks of hands, played here or over worker processes.

A run of ``hands`` hands is cut into chunks of :data:`CHUNK_HANDS` (the last one
shorter); chunk ``k`` plays its hands with :func:`~pokerbook.bots.simulation.simulate`
from its own seed (:func:`chunk_seed`), its button where the whole run's would be.
Which process plays a chunk changes nothing, so a run gives the same hands and the
same :class:`~pokerbook.bots.totals.Totals` whatever the number of workers.  The
first chunk is seeded by the run's seed itself: a run of up to :data:`CHUNK_HANDS`
hands plays exactly as ``simulate(table, policies, hands, seed)``.

Each chunk sends back only its totals (and, if asked, its hands as ``.phh``
documents); the chunks come back in order.  Workers are separate processes started
with ``spawn``; each plays a hand to warm up (tables, caches) before its first chunk,
and each chunk records when it started and ended, so the rate of the hands
themselves can be told from the start-up.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from hashlib import blake2b

from pokerbook.bots.base import get_policy
from pokerbook.bots.histories import history
from pokerbook.bots.simulation import Checks, SimulationError, Table, play_checked, simulate
from pokerbook.bots.totals import Totals
from pokerbook.cluster import ray_map
from pokerbook.engine.hand import Hand

#: hands per chunk: the unit of work a worker takes, and of a run's seeding
CHUNK_HANDS = 1000


class ChunkError(AssertionError):
    """A hand of a chunk broke an invariant or refused a bot's action (the message
    is the :class:`~pokerbook.bots.simulation.SimulationError`'s)."""


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk ``index`` of a run seeded ``seed``: the run's own for the
    first chunk, else 64 bits of BLAKE2b of both."""
    if index == 0:
        return seed
    digest = blake2b(f"pokerbook-chunk:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


@dataclass(frozen=True)
class Chunk:
    """One chunk of a run: ``hands`` hands from hand ``first`` (counted from 0)."""

    table: Table
    policy: str
    seed: int
    index: int
    first: int
    hands: int
    checks: Checks = "hand"
    #: send the hands back as ``.phh`` documents
    histories: bool = False


@dataclass
class ChunkResult:
    """What a chunk sends back: its totals, its hands' ``.phh`` documents if asked, and
    when it started and ended (``time.time()``, comparable between processes)."""

    index: int
    totals: Totals
    started: float
    ended: float
    histories: list[str] = field(default_factory=list)


def chunks(
    table: Table,
    policy: str,
    hands: int,
    seed: int,
    checks: Checks,
    histories: bool,
    chunk_hands: int = CHUNK_HANDS,
) -> list[Chunk]:
    """The chunks of a run of ``hands`` hands, ``chunk_hands`` each, in order."""
    if hands < 0:
        raise ValueError(f"cannot play a negative number of hands: {hands}")
    if chunk_hands < 1:
        raise ValueError(f"a chunk has at least one hand, not {chunk_hands}")
    get_policy(policy)  # an unknown name is refused here, not in a worker
    return [
        Chunk(table, policy, chunk_seed(seed, index), index, first, size, checks, histories)
        for index, first in enumerate(range(0, hands, chunk_hands))
        for size in (min(chunk_hands, hands - first),)
    ]


def play_chunk(chunk: Chunk, on_hand: Callable[[int], None] | None = None) -> ChunkResult:
    """Play a chunk and total it; ``on_hand(k)`` is told after its ``k``-th hand.
    A broken hand raises :class:`ChunkError` (it crosses process boundaries)."""
    table = chunk.table
    policies = [get_policy(chunk.policy) for _ in range(table.players)]
    totals = Totals(table.players)
    documents: list[str] = []
    started = time.time()
    played = simulate(
        table, policies, chunk.hands, chunk.seed, checks=chunk.checks, first=chunk.first
    )
    try:
        for done, hand in enumerate(played, 1):
            totals.add(hand)
            if chunk.histories:
                documents.append(history(hand, chunk.first + done))
            if on_hand is not None:
                on_hand(done)
    except SimulationError as exc:
        raise ChunkError(str(exc)) from None
    return ChunkResult(chunk.index, totals, started, time.time(), documents)


def warm_up(table: Table, policy: str) -> None:
    """Play one hand, unchecked and unseen, so that the engine's tables and caches are
    loaded before any timed hand (it changes no later hand)."""
    policies = [get_policy(policy) for _ in range(table.players)]
    rng = random.Random(0)
    hand = Hand(
        table.game,
        table.stakes,
        table.stacks,
        button=0,
        house=table.house,
        seed=0,
        setup=table.setup,
    )
    play_checked(hand, policies, rng, "none")


def run_chunks(
    table: Table,
    policy: str,
    hands: int,
    seed: int,
    *,
    checks: Checks = "hand",
    workers: int = 1,
    histories: bool = False,
    progress: Callable[[int], None] | None = None,
    chunk_hands: int = CHUNK_HANDS,
    cluster: str | None = None,
) -> Iterator[ChunkResult]:
    """Play a run chunk by chunk, in this process (``workers`` 1), over ``workers``
    processes or on the Ray cluster at ``cluster`` (:mod:`pokerbook.cluster`),
    yielding each chunk's result in order; ``progress(done)`` is told the hands played
    so far (after every hand here, after every chunk elsewhere).  The chunks' size is
    part of the run's seeding: runs of the same chunks repeat, wherever they ran."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    planned = chunks(table, policy, hands, seed, checks, histories, chunk_hands)
    if hands == 0:
        return
    if cluster is not None:
        yield from _over_cluster(planned, cluster, progress)
        return
    if workers == 1:
        warm_up(table, policy)
        done = 0
        for chunk in planned:
            tell = None if progress is None else _offset(progress, done)
            yield play_chunk(chunk, tell)
            done += chunk.hands
        return
    yield from _over_workers(table, policy, iter(planned), workers, progress)


@dataclass(frozen=True)
class Run:
    """A finished run: its totals, the hands' own time (from the first chunk's start
    to the last one's end) and the whole time (start-up, warm-up and workers too)."""

    totals: Totals
    seconds: float
    elapsed: float
    workers: int

    @property
    def rate(self) -> float:
        """Hands a second, the hands' own time (0 for an empty run)."""
        return self.totals.hands / self.seconds if self.seconds > 0 else 0.0


def run_simulation(
    table: Table,
    policy: str,
    hands: int,
    seed: int,
    *,
    checks: Checks = "hand",
    workers: int = 1,
    history: Callable[[str], None] | None = None,
    progress: Callable[[int], None] | None = None,
    chunk_hands: int = CHUNK_HANDS,
    cluster: str | None = None,
) -> Run:
    """Play a run (:func:`run_chunks`) and total it, handing each hand's ``.phh``
    document to ``history`` in order if given; what ``pokerbook simulate --game`` runs."""
    begun = time.perf_counter()
    totals = Totals(table.players)
    started, ended = float("inf"), float("-inf")
    for result in run_chunks(
        table,
        policy,
        hands,
        seed,
        checks=checks,
        workers=workers,
        histories=history is not None,
        progress=progress,
        chunk_hands=chunk_hands,
        cluster=cluster,
    ):
        totals.merge(result.totals)
        started, ended = min(started, result.started), max(ended, result.ended)
        if history is not None:
            for document in result.histories:
                history(document)
    seconds = max(ended - started, 0.0)
    return Run(totals, seconds, time.perf_counter() - begun, workers)


#: the tables and policies this process has warmed up for (a cluster's worker plays
#: many chunks, and warms up once for each kind)
_WARMED: set[tuple[str, str]] = set()


def play_warm_chunk(chunk: Chunk) -> ChunkResult:
    """Play a chunk after warming this process up for its game and policy once, so a
    chunk's time is its hands' (what a cluster's node runs)."""
    kind = (chunk.table.game.id, chunk.policy)
    if kind not in _WARMED:
        warm_up(chunk.table, chunk.policy)
        _WARMED.add(kind)
    return play_chunk(chunk)


def _over_cluster(
    planned: list[Chunk], cluster: str, progress: Callable[[int], None] | None
) -> Iterator[ChunkResult]:
    """The chunks as tasks on a Ray cluster, handed back in order."""
    done = 0

    def finished(_index: int, result: ChunkResult) -> None:
        nonlocal done
        done += result.totals.hands
        if progress is not None:
            progress(done)

    yield from ray_map(play_warm_chunk, planned, cluster, finished)


def _offset(progress: Callable[[int], None], done: int) -> Callable[[int], None]:
    return lambda k: progress(done + k)


def _over_workers(
    table: Table,
    policy: str,
    planned: Iterator[Chunk],
    workers: int,
    progress: Callable[[int], None] | None,
) -> Iterator[ChunkResult]:
    """The chunks over a pool of spawned processes, at most two a worker in flight,
    handed back in order."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        workers, mp_context=context, initializer=warm_up, initargs=(table, policy)
    ) as pool:
        waiting: dict[int, Future[ChunkResult]] = {}
        following = done = 0
        while True:
            while len(waiting) < 2 * workers and (chunk := next(planned, None)) is not None:
                waiting[chunk.index] = pool.submit(play_chunk, chunk)
            if not waiting:
                return
            result = waiting.pop(following).result()
            following += 1
            done += result.totals.hands
            if progress is not None:
                progress(done)
            yield result
