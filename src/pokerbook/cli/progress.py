"""A progress bar on stderr for long runs, shown only when stderr is a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress_bar(total: int, label: str, *, minimum: int) -> Iterator[Callable[[int], None]]:
    """Yields ``update(done)``.  With fewer than ``minimum`` items, or when stderr is not
    a terminal (pipes, tests, CI), nothing is drawn; the bar redraws at most every 1%,
    and whenever ``done`` has moved on by 1% or more since (counts given a chunk at a
    time, as from worker processes, are drawn as they come)."""
    if total < minimum or not sys.stderr.isatty():
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    step = max(1, total // 100)
    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn())
    with Progress(
        *columns, TimeRemainingColumn(), console=Console(stderr=True), transient=True
    ) as bar:
        task = bar.add_task(label, total=total)
        drawn = 0

        def update(done: int) -> None:
            nonlocal drawn
            if done - drawn >= step or done == total:
                bar.update(task, completed=done)
                drawn = done

        yield update
