"""``pokerbook tournament``: simulate a whole event at many tables, value stacks by ICM,
and run a director's clock."""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TextIO

import click

from pokerbook.bots import policy_names
from pokerbook.cli.tournament_clock import clock_command

#: the separators between numbers on the command line: commas, spaces, or both
_SEPARATORS = re.compile(r"[,\s]+")


@click.group("tournament")
def tournament_group() -> None:
    """Tournaments at many tables: simulate an event with bots, ICM values, the clock.

    \b
        pokerbook tournament simulate --structure nlhe --players 1000 --seed 1
        pokerbook tournament simulate --structure nlhe -p 18 --ots summaries/
        pokerbook tournament summary event.json --to ots --player p3
        pokerbook tournament icm 5000,3000,2000 --payouts 50,30,20
        pokerbook tournament clock --structure oresteen --players 12
    """


@contextmanager
def _players_bar(entrants: int) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr of the players out of the entrants (a terminal only)."""
    if not sys.stderr.isatty():
        yield lambda left, total: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(f"{entrants} players left", total=entrants - 1)

        def update(left: int, total: int) -> None:
            bar.update(task, completed=total - left, description=f"{left} players left")

        yield update


@tournament_group.command("simulate")
@click.option(
    "--structure",
    "structure_name",
    required=True,
    metavar="NAME|FILE",
    help="A built-in structure (nlhe, oresteen, barge-horse, barge-26 ... : see "
    "docs/tournaments.md) or a structure file (.toml).",
)
@click.option("--players", "-p", type=int, required=True, help="Entrants.")
@click.option("--seed", "-s", default=0, show_default=True, help="Seed for the whole event.")
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the event's report (JSON) to this file.",
)
@click.option(
    "--ots",
    "ots_path",
    type=click.Path(path_type=Path),
    help="Write Open Tournament Summaries: every player's into this folder, or with "
    "--hero the hero's to this file.",
)
@click.option("--hero", help="The player whose summary --ots writes (p1, p2 ...).")
@click.option(
    "--phh",
    "phh_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write every hand of the event to this .phhs file, under the summaries' "
    "tournament number (for `pokerbook phh export`).",
)
@click.option("--check", is_flag=True, help="Check the engine's invariants after every action.")
@click.option(
    "--policy",
    type=click.Choice(policy_names()),
    default="random",
    show_default=True,
    help="How every bot plays.",
)
def simulate_tournament(
    structure_name: str,
    players: int,
    seed: int,
    report_path: Path | None,
    ots_path: Path | None,
    hero: str | None,
    phh_path: Path | None,
    check: bool,
    policy: str,
) -> None:
    """Bots play a whole tournament, at as many tables as it takes, to a winner."""
    from pokerbook.tournament.report import write_report
    from pokerbook.tournament.structure_file import load_structure
    from pokerbook.tournament.summary_event import run_event

    if hero is not None and ots_path is None:
        _fail("--hero names whose summary --ots writes: give --ots FILE too")
    if hero is not None and hero not in {f"p{i}" for i in range(1, players + 1)}:
        _fail(f"no player {hero!r} in an event of {players}: the players are p1 to p{players}")
    if ots_path is not None and hero is None and _is_file(ots_path):
        _fail(f"--ots {ots_path}: every player's summary goes to a folder; name one with --hero")

    try:
        structure = load_structure(structure_name)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--structure") from None
    if players < 2:
        raise click.BadParameter(f"a tournament needs 2 or more players, not {players}")
    click.echo(f"{structure.name} ({structure.key}): {players} players, seed {seed}")
    with _players_bar(players) as update, _hands_file(phh_path) as phh:
        try:
            report = run_event(
                structure, players, seed, policy=policy, check=check, progress=update, phh=phh
            )
        except ValueError as exc:
            raise click.ClickException(str(exc)) from None
    for line in report.summary():
        click.echo(line)
    if check:
        click.echo("invariants held after every action; every chip accounted for")
    if report_path is not None:
        write_report(report, report_path)
        click.echo(f"report: {report_path}")
    if phh_path is not None:
        click.echo(f"hands: {phh_path}")
    if ots_path is not None:
        _write_ots(report.to_json(), ots_path, hero, None)


@contextmanager
def _hands_file(path: Path | None) -> Iterator[TextIO | None]:
    """A stream for the event's hands that becomes ``path`` once the event is over
    (nothing is left behind when it fails); None without a path."""
    if path is None:
        yield None
        return
    try:
        handle, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror or exc}")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            yield out
        os.replace(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)


def _fail(message: str) -> NoReturn:
    """One line on standard error and exit status 2 (bad input)."""
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def _is_file(path: Path) -> bool:
    """A path that names a file: an existing file, or a new one ending ``.ots``."""
    return path.is_file() or (not path.is_dir() and path.suffix.lower() == ".ots")


def _write_ots(data: dict[str, Any], target: Path, player: str | None, indent: int | None) -> None:
    """Write the summaries and say where, or fail in one line."""
    from pokerbook.history.export_ots import SummaryError, summary_input, write_summaries

    try:
        written = write_summaries(summary_input(data), target, player, indent=indent)
    except SummaryError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot write {target}: {exc.strerror or exc}")
    if len(written) == 1:
        click.echo(f"summary: {written[0]}")
    else:
        click.echo(f"summaries: {len(written)} in {target}")


@tournament_group.command("summary")
@click.argument("report_file", metavar="REPORT.json", type=click.Path(path_type=Path))
@click.option(
    "--to",
    "to",
    type=click.Choice(["ots"]),
    default="ots",
    show_default=True,
    help="The format: Open Tournament Summary.",
)
@click.option("--player", help="Only this player's summary (p1, p2 ...).")
@click.option(
    "--out",
    "out",
    type=click.Path(path_type=Path),
    help="A file for one player's summary, a folder for everyone's (default: standard "
    "output, summaries separated by a blank line).",
)
@click.option("--pretty", is_flag=True, help="Indent the JSON.")
def summary_command(
    report_file: Path, to: str, player: str | None, out: Path | None, pretty: bool
) -> None:
    """Tournament summaries of a saved event (`simulate --report`): each player's
    place, prize and the entry's price, as trackers import them beside the hands."""
    from pokerbook.history.export_ots import SummaryError, ots_object, ots_text, summary_input

    indent = 2 if pretty else None
    try:
        text = report_file.read_text(encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot read {report_file}: {exc.strerror or exc}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        _fail(f"{report_file} is not JSON: {exc.msg} (line {exc.lineno})")
    try:
        report = summary_input(data, str(report_file))
        if out is None:
            names = [player] if player is not None else [p["player"] for p in report["places"]]
            names = sorted(names, key=lambda n: _place_of(report, n))
            blocks = [ots_text(ots_object(report, name), indent=indent) for name in names]
            click.echo("\n\n".join(blocks))
            return
    except SummaryError as exc:
        _fail(str(exc))
    if player is None and _is_file(out):
        _fail(f"--out {out}: every player's summary goes to a folder; name one with --player")
    _write_ots(report, out, player, indent)


def _place_of(report: dict[str, Any], name: str) -> int:
    """A player's place (an unknown player sorts last; ots_object names them)."""
    return next((p["place"] for p in report["places"] if p["player"] == name), 0)


def _numbers(text: str, what: str) -> list[float]:
    """Numbers separated by commas or spaces; a one-line error for anything else."""
    words = [w for w in _SEPARATORS.split(text.strip()) if w]
    if not words:
        raise click.BadParameter(f"no {what} given")
    values = []
    for word in words:
        try:
            values.append(float(word))
        except ValueError:
            raise click.BadParameter(f"{what}: {word!r} is not a number") from None
    if any(v < 0 for v in values):
        raise click.BadParameter(f"{what} cannot be negative")
    return values


@tournament_group.command("icm")
@click.argument("stacks", nargs=-1, required=True)
@click.option(
    "--payouts",
    required=True,
    help="The prize of each paid place from first, e.g. 50,30,20.",
)
def icm_command(stacks: tuple[str, ...], payouts: str) -> None:
    """Each player's ICM value (Malmuth-Harville) of their STACKS (comma or space
    separated) for the --payouts."""
    from pokerbook.tournament.icm import ICMError, icm_values

    chips = _whole(_numbers(" ".join(stacks), "stacks"), "stacks are whole chips")
    prizes = _numbers(payouts, "payouts")
    try:
        values = icm_values(chips, prizes)
    except ICMError as exc:
        raise click.ClickException(str(exc)) from None
    total = sum(chips)
    width = len(str(len(chips)))
    for number, (stack, value) in enumerate(zip(chips, values, strict=True), 1):
        share = 100 * stack / total if total else 0.0
        click.echo(f"player {number:>{width}}: {stack:>10} chips ({share:5.1f}%)  {value:10.2f}")
    click.echo(f"total: {total} chips, {sum(values):.2f} in prizes")


@tournament_group.command("deal")
@click.argument("stacks", nargs=-1, required=True)
@click.option(
    "--payouts",
    required=True,
    help="The prizes of the places still to be decided, from first, e.g. 500,300,200.",
)
def deal_command(stacks: tuple[str, ...], payouts: str) -> None:
    """The deals the players still in may agree to (004 r.109) for their STACKS: each
    player's share of the --payouts by ICM, by the chip chop and split evenly, in whole
    money units that sum to the prizes."""
    from pokerbook.tournament.deals import chip_chop, even_split, icm_deal

    chips = _whole(_numbers(" ".join(stacks), "stacks"), "stacks are whole chips")
    prizes = _whole(_numbers(payouts, "payouts"), "payouts are whole money units")
    try:
        columns = [deal(chips, prizes) for deal in (icm_deal, chip_chop, even_split)]
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    width = len(str(len(chips)))
    click.echo(f"{'':>{width + 8}} {'chips':>10}  {'ICM':>10} {'chip chop':>10} {'even':>10}")
    for number, stack in enumerate(chips, 1):
        shares = " ".join(f"{column[number - 1]:>10}" for column in columns)
        click.echo(f"player {number:>{width}}: {stack:>10}  {shares}")
    click.echo(f"total: {sum(chips)} chips, {sum(prizes)} in prizes")


def _whole(values: list[float], message: str) -> list[int]:
    """Whole numbers, or a one-line error."""
    if any(not v.is_integer() for v in values):
        raise click.BadParameter(message)
    return [int(v) for v in values]


tournament_group.add_command(clock_command)
