"""Equity of every starting hand of a game against random hands.

Each class of starting hands (:mod:`pokerbook.equity.starting_hands`) is valued by
:func:`pokerbook.equity.api.equity` with one hand of the class against
``opponents`` random hands (hands of no known card, dealt out), sampled from its own
seed (:func:`~pokerbook.bots.parallel.chunk_seed` of the sweep's seed and the
class's place in the game's list) or exact.  Which process values a class changes
nothing, so a sweep gives the same numbers here, over ``workers`` processes or on a
Ray cluster (:mod:`pokerbook.cluster`).  The classes go out in chunks of
:data:`CHUNK_CLASSES`; a sample of ``classes`` classes (chosen by the seed) stands in
for all where a game has too many to sweep.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from pokerbook.bots.parallel import chunk_seed
from pokerbook.cluster import ray_map
from pokerbook.equity.api import EXACT_LIMIT, equity, kernel_plan
from pokerbook.equity.compiling import before_running, listening
from pokerbook.equity.fast import kernels_for
from pokerbook.equity.request import EquityError, read_game, read_house, read_question
from pokerbook.equity.starting_hands import HandClass, class_count, first_dealt, starting_classes
from pokerbook.games.house import House
from pokerbook.games.model import Game

#: classes in one chunk of work (a worker's unit; it changes no result)
CHUNK_CLASSES = 8
#: classes a sweep takes whole; above this, ``classes`` must ask for a sample
MAX_CLASSES = 20_000
#: sampled deals per class when neither ``trials`` nor ``exact`` is given
DEFAULT_TRIALS = 10_000
SHARE_FIELDS = ("high", "low", "scoop")
SEED_RANGE = 2**32
#: trials of the unseen warm-up valuation each process makes first
WARM_TRIALS = 200


class SweepError(EquityError):
    """A sweep that cannot be run as asked (too many classes, bad counts)."""


@dataclass(frozen=True)
class SweepSpec:
    """What every class of a sweep is asked: the game and house, how many random
    opponents, exact or how many trials, and the sweep's seed."""

    game: Game
    house: House
    opponents: int
    exact: bool
    trials: int | None
    seed: int


@dataclass(frozen=True)
class ClassChunk:
    """Classes to value, each with its place in the game's list (its seed)."""

    spec: SweepSpec
    classes: tuple[tuple[int, HandClass], ...]


@dataclass(frozen=True)
class ClassEquity:
    """One class's answer: its equity against the opponents, the standard error when
    sampled, the high/low/scoop shares in split games, and how many deals it took."""

    index: int
    hand_class: HandClass
    equity: float
    error: float | None
    shares: tuple[float, ...]
    deals: int


def class_seed(seed: int, index: int) -> int:
    """The seed of the class at place ``index`` of a sweep seeded ``seed``: the chunk
    seed of that place (:func:`~pokerbook.bots.parallel.chunk_seed`), cut to 32 bits
    as the compiled samplers take it."""
    return chunk_seed(seed, index) % SEED_RANGE


def value_class(spec: SweepSpec, index: int, hand_class: HandClass) -> ClassEquity:
    """The equity of one class, from the seed of its place ``index``."""
    try:
        result = equity(
            spec.game,
            [hand_class.hand, *[""] * spec.opponents],
            exact=True if spec.exact else None,
            trials=None if spec.exact else spec.trials,
            house=spec.house,
            seed=class_seed(spec.seed, index),
        )
    except EquityError as exc:
        if not spec.exact:
            raise
        reason = str(exc).split(":")[0]
        raise SweepError(
            f"{hand_class.name} exactly: {reason}; sweep with --trials N instead"
        ) from None
    row: dict[str, Any] = result["hands"][0]
    shares = tuple(float(row[name]) for name in SHARE_FIELDS if name in row)
    deals = int(result["boards"] if result["exact"] else result["trials"])
    return ClassEquity(index, hand_class, float(row["equity"]), row.get("error"), shares, deals)


@dataclass(frozen=True)
class ChunkAnswer:
    """A chunk's answers and when it started and ended (``time.time()``, comparable
    between processes), after its process warmed up."""

    rows: list[ClassEquity]
    started: float
    ended: float


#: the games (and houses) this process has warmed up for
_WARMED: set[tuple[str, str]] = set()


def warm_up(spec: SweepSpec, hand_class: HandClass) -> None:
    """Value one class once, briefly and unseen, so that tables and compiled kernels
    are loaded before any timed class (it changes no later answer)."""
    kind = (spec.game.id, spec.house.name)
    if kind not in _WARMED:
        brief = SweepSpec(spec.game, spec.house, spec.opponents, False, WARM_TRIALS, 0)
        value_class(brief, 0, hand_class)
        _WARMED.add(kind)


def value_chunk(chunk: ClassChunk) -> ChunkAnswer:
    """Every class of a chunk (what a worker or a cluster's node runs), timed after
    this process's warm-up."""
    warm_up(chunk.spec, chunk.classes[0][1])
    started = time.time()
    rows = [value_class(chunk.spec, index, cls) for index, cls in chunk.classes]
    return ChunkAnswer(rows, started, time.time())


@dataclass(frozen=True)
class Sweep:
    """A finished sweep: the classes' answers, best first, of ``total`` classes in the
    game (fewer when sampled); the classes' own time (from the first chunk's start to
    the last one's end, after each process warmed up) and the whole time (start-up,
    warm-up and workers too)."""

    spec: SweepSpec
    rows: tuple[ClassEquity, ...]
    total: int
    seconds: float
    elapsed: float

    @property
    def rate(self) -> float:
        """Classes a second, the classes' own time."""
        return len(self.rows) / self.seconds if self.seconds > 0 else 0.0

    @property
    def split(self) -> bool:
        return len(self.spec.game.showdown.shares) > 1

    def as_dict(self) -> dict[str, Any]:
        """The sweep as JSON takes it (see docs/equity.md)."""
        rows = []
        for row in self.rows:
            item: dict[str, Any] = {
                "class": row.hand_class.name,
                "hand": row.hand_class.hand,
                "combos": row.hand_class.combos,
                "equity": row.equity,
            }
            if self.split:
                item.update(zip(SHARE_FIELDS, row.shares, strict=True))
            if row.error is not None:
                item["error"] = row.error
            rows.append(item)
        spec = self.spec
        out: dict[str, Any] = {"game": spec.game.id, "opponents": spec.opponents}
        out.update({"exact": spec.exact, "seed": spec.seed, "classes": self.total})
        if not spec.exact:
            out["trials"] = spec.trials
        out["rows"] = rows
        return out


def plan_sweep(
    game: str | Game,
    *,
    opponents: int = 1,
    exact: bool = False,
    trials: int | None = None,
    house: str | House | None = None,
    seed: int = 0,
    classes: int | None = None,
) -> tuple[SweepSpec, list[tuple[int, HandClass]], int]:
    """The sweep's question, the classes it values (with their places) and the game's
    count of classes; refuses what it cannot do, naming why."""
    chosen_house = read_house(house)
    found = read_game(game, chosen_house)
    if exact and trials is not None:
        raise SweepError("an exact sweep takes no trials: give one or the other")
    if trials is not None and trials < 1:
        raise SweepError(f"trials must be at least 1, not {trials}")
    if opponents < 1:
        raise SweepError(f"a sweep needs at least one opponent, not {opponents}")
    total = class_count(found, chosen_house)
    if classes is None and total > MAX_CLASSES:
        raise SweepError(
            f"{found.name} has {total:,} classes of {first_dealt(found)}-card starting hands "
            f"(more than {MAX_CLASSES:,}): give --classes N to sweep a sample of them"
        )
    if classes is not None and classes < 1:
        raise SweepError(f"a sample has at least one class, not {classes}")
    picked = None
    if classes is not None and classes < total:
        picked = sorted(random.Random(seed).sample(range(total), classes))
    listed = starting_classes(found, chosen_house, picked)
    places = picked if picked is not None else range(len(listed))
    spec = SweepSpec(
        found, chosen_house, opponents, exact, None if exact else trials or DEFAULT_TRIALS, seed
    )
    return spec, list(zip(places, listed, strict=True)), total


def sweep(
    game: str | Game,
    *,
    opponents: int = 1,
    exact: bool = False,
    trials: int | None = None,
    house: str | House | None = None,
    seed: int = 0,
    classes: int | None = None,
    workers: int = 1,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Sweep:
    """The equity of every class of ``game``'s starting hands (or of a sample of
    ``classes`` of them) against ``opponents`` random hands, best first; here, over
    ``workers`` processes or on the Ray cluster at ``cluster``.  ``progress(done,
    total)`` is told the classes valued so far."""
    if workers < 1:
        raise SweepError(f"workers must be at least 1, not {workers}")
    if cluster is not None and workers != 1:
        raise SweepError("give workers or a cluster, not both: a cluster has its own")
    spec, valued, total = plan_sweep(
        game,
        opponents=opponents,
        exact=exact,
        trials=trials,
        house=house,
        seed=seed,
        classes=classes,
    )
    if listening() and valued:
        _tell_compiling(spec, valued[0][1])
    chunks = [
        ClassChunk(spec, tuple(valued[at : at + CHUNK_CLASSES]))
        for at in range(0, len(valued), CHUNK_CLASSES)
    ]
    begun = time.perf_counter()
    rows: list[ClassEquity] = []
    first, last = float("inf"), float("-inf")

    def finished(part: ChunkAnswer) -> None:
        nonlocal first, last
        rows.extend(part.rows)
        first, last = min(first, part.started), max(last, part.ended)
        if progress is not None:
            progress(len(rows), len(valued))

    _run(chunks, workers, cluster, finished)
    rows.sort(key=lambda row: (-row.equity, row.index))
    seconds = max(last - first, 0.0)
    return Sweep(spec, tuple(rows), total, seconds, time.perf_counter() - begun)


def _tell_compiling(spec: SweepSpec, hand_class: HandClass) -> None:
    """Tell a listener (:mod:`pokerbook.equity.compiling`) here, before the work goes to
    other processes, if the kernels a class is valued by have to be compiled."""
    question = read_question(spec.game, [hand_class.hand, *[""] * spec.opponents], house=spec.house)
    plan = kernel_plan(question)
    if plan is not None and not (spec.exact and plan.deals > EXACT_LIMIT):  # else refused
        before_running(*kernels_for(plan, exact=spec.exact))


def _run(
    chunks: Sequence[ClassChunk],
    workers: int,
    cluster: str | None,
    finished: Callable[[ChunkAnswer], None],
) -> None:
    """Each chunk's answers, handed to ``finished`` as they come: on the cluster, over
    a pool of spawned processes, or here."""
    if cluster is not None:
        ray_map(value_chunk, chunks, cluster, lambda _index, part: finished(part))
        return
    if workers == 1 or len(chunks) == 1:
        for chunk in chunks:
            finished(value_chunk(chunk))
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        futures: list[Future[ChunkAnswer]] = [pool.submit(value_chunk, chunk) for chunk in chunks]
        for future in as_completed(futures):
            finished(future.result())
