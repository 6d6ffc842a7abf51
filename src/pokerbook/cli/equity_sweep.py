"""``pokerbook equity sweep``: the equity of every starting hand of a game, and the
``equity`` command that takes both a question (``pokerbook equity GAME HAND ...``)
and the ``sweep`` subcommand."""

from __future__ import annotations

import csv
import io
import json
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from pokerbook.cli.equity_command import (
    add_share_columns,
    equity_command,
    rendered,
    share_cells,
    tell_compiling,
)
from pokerbook.cli.progress import progress_bar
from pokerbook.games.house import HOUSES

if TYPE_CHECKING:
    from pokerbook.equity.sweep import Sweep

#: sweeps of at least this many classes show a progress bar (on a terminal)
PROGRESS_FROM = 20
#: a table printed with more rows than this shows the best and the worst
SHOWN = 40


def _table(result: dict[str, Any]) -> str:
    """The sweep's rows as a text table, best first (the middle left out when long)."""
    from rich.table import Table

    rows: list[dict[str, Any]] = result["rows"]
    split = bool(rows) and "high" in rows[0]
    sampled = not result["exact"]
    table = Table(box=None, pad_edge=False)
    for name, right in (("#", True), ("class", False), ("hand", False), ("combos", True)):
        table.add_column(name, justify="right" if right else "left")
    add_share_columns(table, sampled=sampled, split=split)
    half = SHOWN // 2
    shown = list(enumerate(rows, 1))
    if len(shown) > SHOWN:
        shown = [*shown[:half], (0, {}), *shown[-half:]]
    for place, row in shown:
        if not row:
            table.add_row("…", "…")
            continue
        cells = [str(place), row["class"], row["hand"], str(row["combos"])]
        table.add_row(*cells, *share_cells(row, sampled=sampled, split=split))
    text = rendered(table, 120)
    if len(rows) > SHOWN:
        text += f"\n{len(rows) - SHOWN:,} rows left out: --out FILE has them all"
    return text


def csv_text(result: dict[str, Any]) -> str:
    """The rows as CSV, one line a class, best first."""
    rows: list[dict[str, Any]] = result["rows"]
    fields = list(rows[0]) if rows else ["class", "hand", "combos", "equity"]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _check_out(path: Path | None) -> None:
    from pokerbook.equity.sweep import SweepError

    if path is not None and path.suffix.lower() not in (".csv", ".json"):
        raise SweepError(f"--out writes a .csv or a .json file, not {path.name}")


def _write(result: dict[str, Any], path: Path) -> None:
    if path.suffix.lower() == ".json":
        path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    else:
        path.write_text(csv_text(result), encoding="utf-8")


@click.command("sweep")
@click.argument("game")
@click.option("--opponents", "-o", default=1, show_default=True, help="Random hands against.")
@click.option("--trials", "-n", type=int, help="Deals sampled per class (default 10,000).")
@click.option("--exact", is_flag=True, help="Go through every deal of each class.")
@click.option("--classes", type=int, help="Sweep a sample of this many classes (by --seed).")
@click.option("--workers", "-w", default=1, show_default=True, help="Local processes.")
@click.option(
    "--cluster",
    help="Value the classes on a Ray cluster: 'auto' or ray://HOST:PORT "
    "(needs pip install 'pokerbook[cluster]').",
)
@click.option("--seed", "-s", default=0, show_default=True, help="Seed of the sampled deals.")
@click.option(
    "--house",
    "house_name",
    type=click.Choice(sorted(HOUSES)),
    help="House rules (see pokerbook rules GAME).",
)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write .csv/.json.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
def sweep_command(
    game: str,
    opponents: int,
    trials: int | None,
    exact: bool,
    classes: int | None,
    workers: int,
    cluster: str | None,
    seed: int,
    house_name: str | None,
    out: Path | None,
    as_json: bool,
) -> None:
    """The equity of every class of GAME's starting hands (the cards a player is first
    dealt, alike up to the suits' names: 169 in hold'em) against random hands, best
    first.  Each class is sampled from its own seed, so the numbers are the same
    whatever --workers or --cluster.

    \b
    pokerbook equity sweep holdem --trials 100000 --workers 2 --out holdem.csv
    pokerbook equity sweep plo --opponents 2 --cluster ray://head:10001
    pokerbook equity sweep D01 --classes 2000 --json
    """
    from pokerbook.equity.compiling import telling
    from pokerbook.equity.sweep import sweep

    _check_out(out)
    with telling(tell_compiling), ExitStack() as stack:
        bar = _Bar(stack)
        done = sweep(
            game,
            opponents=opponents,
            exact=exact,
            trials=trials,
            house=house_name,
            seed=seed,
            classes=classes,
            workers=workers,
            cluster=cluster,
            progress=bar,
        )
    result = done.as_dict()
    if out is not None:
        _write(result, out)
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(_table(result))
    click.echo(_summary(result, done))


def _summary(result: dict[str, Any], done: Sweep) -> str:
    """What was swept, and the time: the whole, and the classes' own rate."""
    valued = len(result["rows"])
    how = "exact" if result["exact"] else f"{result['trials']:,} trials each"
    against = result["opponents"]
    of = f" of {result['classes']:,}" if valued < result["classes"] else ""
    return (
        f"{done.spec.game.name} ({result['game']}): {valued:,}{of} classes, {how}, against "
        f"{against} random hand{'s' * (against != 1)}; {done.elapsed:.1f} s "
        f"({done.rate:,.0f} classes/s once started)"
    )


class _Bar:
    """A progress bar over the classes, opened when the sweep first reports."""

    def __init__(self, stack: ExitStack) -> None:
        self.stack = stack
        self.update: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.update is None:
            self.update = self.stack.enter_context(
                progress_bar(total, "classes", minimum=PROGRESS_FROM)
            )
        self.update(done)


class EquityGroup(click.Group):
    """``pokerbook equity``: a question (``GAME HAND HAND ...``, the ``equity`` command's
    arguments) unless the first word names a subcommand (``sweep``)."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] in self.commands:
            return super().resolve_command(ctx, args)
        return None, equity_command, args


@click.group(
    "equity",
    cls=EquityGroup,
    context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
)
def equity_group() -> None:
    """Each HAND's share of the pot in GAME, or (sweep) the equity of every starting
    hand of a game.

    \b
    pokerbook equity GAME HAND HAND [HAND...] [options]   (pokerbook equity GAME --help)
    pokerbook equity sweep GAME [options]                 (pokerbook equity sweep --help)
    """


equity_group.add_command(sweep_command)
