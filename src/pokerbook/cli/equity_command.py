"""``pokerbook equity``: each hand's share of the pot, in any game."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import click

from pokerbook.cli.progress import progress_bar
from pokerbook.games.house import HOUSES

#: runs of at least this many deals show a progress bar (on a terminal)
PROGRESS_FROM = 20_000


class QuestionContext(click.Context):
    """The question's context: under ``pokerbook equity`` it has no name of its own
    (the group passes its arguments straight on), so its path is the group's."""

    @property
    def command_path(self) -> str:
        return " ".join(super().command_path.split())


def _percent(value: float) -> str:
    return f"{100 * value:6.2f}%"


def add_share_columns(table: Any, *, sampled: bool, split: bool) -> None:
    """The equity column of an answer's table, then its error and split shares."""
    table.add_column("equity", justify="right")
    if sampled:
        table.add_column("±", justify="right")
    if split:
        for name in ("high", "low", "scoop"):
            table.add_column(name, justify="right")


def share_cells(row: dict[str, Any], *, sampled: bool, split: bool) -> list[str]:
    """A row's cells under :func:`add_share_columns`' columns."""
    cells = [_percent(row["equity"])]
    if sampled:
        cells.append(_percent(row["error"]).strip())
    if split:
        cells += [_percent(row[name]) for name in ("high", "low", "scoop")]
    return cells


def rendered(table: Any, width: int) -> str:
    """A rich table as plain text."""
    from rich.console import Console

    console = Console(width=width, force_terminal=False, color_system=None)
    with console.capture() as captured:
        console.print(table)
    return captured.get().rstrip()


def _table(result: dict[str, Any]) -> str:
    """The answer as a rich table (hands, equity, the split shares, the error)."""
    from rich.table import Table

    rows: list[dict[str, Any]] = result["hands"]
    split = "high" in rows[0]
    sampled = "error" in rows[0]
    table = Table(box=None, pad_edge=False)
    table.add_column("hand")
    add_share_columns(table, sampled=sampled, split=split)
    for row in rows:
        table.add_row(row["hand"] or "(random)", *share_cells(row, sampled=sampled, split=split))
    return rendered(table, 100)


def tell_compiling(message: str) -> None:
    """Say on stderr that the kernels are being compiled (a run's first answer in a
    fresh install waits for it)."""
    click.echo(message, err=True)


def _summary(result: dict[str, Any], name: str) -> str:
    if result["exact"]:
        count = result["boards"]
        return f"{name} ({result['game']}): exact over {count:,} deal{'s' * (count != 1)}"
    return f"{name} ({result['game']}): {result['trials']:,} trials at random"


@click.command("equity")
@click.argument("game")
@click.argument("hands", nargs=-1, required=True)
@click.option(
    "--board", "-b", multiple=True, help="Known board cards; repeat for each board, board 1 first."
)
@click.option("--dead", "-d", default="", help="Cards seen and out of play.")
@click.option("--exact", is_flag=True, help="Go through every deal (refused when too many).")
@click.option("--trials", "-n", type=int, help="Sample this many deals at random.")
@click.option("--error", "-e", type=float, help="Sample until every standard error is at most E.")
@click.option(
    "--house",
    "house_name",
    type=click.Choice(sorted(HOUSES)),
    help="House rules (see pokerbook rules GAME).",
)
@click.option(
    "--draws",
    multiple=True,
    help="A hand's throws in each draw or discard round to come, rounds separated by / "
    "('Kh 9c / pat'); repeat once per hand, in order.",
)
@click.option(
    "--draw-policy",
    type=click.Choice(["pat", "random", "call"]),
    help="How draws not declared are made (default: stand pat).",
)
@click.option("--seed", "-s", type=int, help="Seed for the random deals.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
def equity_command(
    game: str,
    hands: tuple[str, ...],
    board: tuple[str, ...],
    dead: str,
    exact: bool,
    trials: int | None,
    error: float | None,
    house_name: str | None,
    draws: tuple[str, ...],
    draw_policy: str | None,
    seed: int | None,
    as_json: bool,
) -> None:
    """Each HAND's share of the pot in GAME (ID, name or alias): exact over every deal
    where that is quick or asked for (--exact), else sampled with its standard error.
    A stud hand lists its cards in the order dealt (the game's own down and up cards);
    a hand with fewer cards than the game deals is dealt out.

    \b
    pokerbook equity holdem "Ah Kh" "Qd Qc"
    pokerbook equity plo8 "As 2s 3d Kd" "Ah Kh Qc Jc" "7c 8c 9d Td" --board "2h 5c Qs"
    pokerbook equity razz "As 2d 7h 9c Kd 3h" "3c 4c 5s Kh Qd 8c" --dead "2s 5d" --exact
    pokerbook equity D07 "7c 5d 4h 3s Kc" "8d 6c 4s 3h 2d" --draws "Kc" --draws "pat"
    pokerbook equity chowaha "Ah Kh" "Qd Qc" --trials 10000 --json
    """
    from pokerbook.equity.api import equity
    from pokerbook.equity.compiling import telling

    with telling(tell_compiling), ExitStack() as stack:
        result = equity(
            game,
            list(hands),
            list(board),
            dead,
            exact=True if exact else None,
            trials=trials,
            error=error,
            house=house_name,
            draws=list(draws) or None,
            draw_policy=draw_policy,
            seed=seed,
            progress=_Bar(stack),
        )
    if as_json:
        click.echo(json.dumps(result))
        return
    from pokerbook.games.catalogue import find_game

    name = find_game(result["game"]).name
    click.echo(_table(result))
    click.echo(_summary(result, name))


class _Bar:
    """A progress bar opened when the run first says how many deals it will take (and
    opened again, longer, if it finds it needs more: sampling to a standard error)."""

    def __init__(self, stack: ExitStack) -> None:
        self.stack = stack
        self.total = 0
        self.update: Callable[[int], None] = lambda done: None

    def __call__(self, done: int, total: int) -> None:
        if total > self.total:
            self.total = total
            self.stack.close()
            self.update = self.stack.enter_context(
                progress_bar(total, "deals", minimum=PROGRESS_FROM)
            )
        # the bar redraws on whole hundredths of its total: report the last one passed
        step = max(1, self.total // 100)
        self.update(done if done >= self.total else done - done % step)


equity_command.context_class = QuestionContext
