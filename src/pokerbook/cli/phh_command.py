"""``pokerbook phh``: hand histories in the PHH format.

``pokerbook phh verify PATH...`` replays every hand of the ``.phh``/``.phhs``
files given (folders are searched recursively), prints one line per hand that
differed or failed, one per hand skipped and why, and any notes on how a file
was read, and ends with::

    verified N hands: M matched, D differed, F failed, S skipped (R reasons)

followed by ``; K committed deals checked`` when hands record the deal they were
committed to (``_deal_seed``, ``_deal_salt``, ``_deal_commitment``: a hand of
``pokerbook serve``); a deal that does not check out fails its hand.
The exit status is 0 only when at least one hand was verified and every hand
matched or was skipped for a documented reason (a half-chip result; with
``--allow-no-result``, a file that records no result); otherwise 1, and a
folder with no hand histories says so.  2 is a usage error (a path that does
not exist).
``pokerbook phh codes`` lists the variant code of every catalogue game.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pokerbook.cli.phh_export import export_command
from pokerbook.cli.progress import progress_bar
from pokerbook.history.variants import code_table
from pokerbook.history.verify import SUFFIXES, Outcome, Summary, phh_files, verify_file

#: show a progress bar from this many files on (when stderr is a terminal)
PROGRESS_FROM = 50


@click.group("phh")
def phh() -> None:
    """Hand histories in the PHH format (phh-std)."""


def _report(outcome: Outcome, quiet: bool) -> None:
    if outcome.status in ("differed", "failed"):
        click.echo(f"{outcome.status.upper()} {outcome.source}: {outcome.detail}")
    if quiet:
        return
    if outcome.status == "skipped":
        click.echo(f"SKIPPED {outcome.source}: {outcome.reason}: {outcome.detail}")
    for note in outcome.notes:
        click.echo(f"note {outcome.source}: {note}")


@phh.command("verify")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--strict",
    is_flag=True,
    help="Refuse generous readings (a skipped player taken to fold, a bet written "
    "as the most the others can call, a pot split into half chips).",
)
@click.option(
    "--allow-no-result",
    is_flag=True,
    help="Count a history that records no finishing_stacks as skipped (it must still "
    "replay without error) instead of failed.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print problems and the summary only.")
def verify_command(
    paths: tuple[Path, ...], strict: bool, allow_no_result: bool, quiet: bool
) -> None:
    """Replay every hand under PATHS and compare the finishing stacks."""
    files = phh_files(paths)
    if not files:
        where = ", ".join(map(str, paths))
        kinds = " or ".join(sorted(SUFFIXES))
        click.echo(f"no hand histories ({kinds} files) in {where}: nothing verified")
        sys.exit(1)
    summary = Summary()
    with progress_bar(len(files), "verifying", minimum=PROGRESS_FROM) as progress:
        for done, path in enumerate(files, 1):
            for outcome in verify_file(path, strict=strict, allow_no_result=allow_no_result):
                summary.add(outcome)
                _report(outcome, quiet)
            progress(done)
    click.echo(summary.line())
    if not summary.ok:
        sys.exit(1)


phh.add_command(export_command)


@phh.command("codes")
def codes_command() -> None:
    """List the PHH variant code for every game and format in the catalogue."""
    for code, fmt, game_id, name in code_table():
        extra = f'_format = "{fmt}"' if fmt else ""
        click.echo(f"{code:<8} {extra:<26} {game_id:<5} {name}")
