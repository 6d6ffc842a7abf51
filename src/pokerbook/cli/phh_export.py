"""``pokerbook phh export PATH... --to pokerstars|ohh [--out FILE]``: hand histories
in the formats hand trackers read (docs/phh.md, "Exports").

Every hand of the ``.phh``/``.phhs`` files given (folders are searched
recursively) is replayed and written as PokerStars text or Open Hand History, to
standard output or to ``--out``.  A hand that cannot be written is left out with
one line on standard error saying why (a game the format has no name for names
the formats that can hold it); a summary line follows::

    exported 83 hands to pokerstars; refused 0

The exit status is 0 when every hand was exported, 1 when some were refused,
and 2 for a usage error: a path that does not exist, an unknown format, or
nothing exported because no hand's game has a name in the format.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import click

from pokerbook.cli.progress import progress_bar
from pokerbook.history.export_names import ExportError
from pokerbook.history.export_run import GAME, TARGETS, check_target, export_file, join
from pokerbook.history.verify import SUFFIXES, phh_files

#: show a progress bar from this many files on (when stderr is a terminal)
PROGRESS_FROM = 50


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


@click.command("export")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--to",
    "target_name",
    required=True,
    metavar="|".join(TARGETS),
    help="The format: PokerStars hand-history text, or Open Hand History JSON (1.4.6).",
)
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file instead of standard output.",
)
@click.option("--pretty", is_flag=True, help="OHH: indent each hand's JSON (two spaces).")
@click.option(
    "--hero",
    metavar="NAME",
    help="The player whose hands these are: only their hole cards are dealt face up to "
    "the tracker (others' show at the showdown); a hand without them is an observed hand.",
)
def export_command(
    paths: tuple[Path, ...], target_name: str, out: Path | None, pretty: bool, hero: str | None
) -> None:
    """Write every hand under PATHS as PokerStars text or Open Hand History."""
    try:
        target = check_target(target_name)
    except ExportError as exc:
        _fail(str(exc))
        return
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        _fail(f"no such file or folder: {', '.join(missing)}")
    files = phh_files(paths)
    if not files:
        kinds = " or ".join(sorted(SUFFIXES))
        _fail(f"no hand histories ({kinds} files) in {', '.join(map(str, paths))}")
    texts: list[str] = []
    refused: Counter[str] = Counter()
    with progress_bar(len(files), "exporting", minimum=PROGRESS_FROM) as progress:
        for done, path in enumerate(files, 1):
            exports = export_file(path, target, indent=2 if pretty else None, hero=hero)
            for exported in exports:
                if exported.text is not None:
                    texts.append(exported.text)
                else:
                    refused[exported.reason] += 1
                    click.echo(f"refused {exported.source}: {exported.why}", err=True)
            progress(done)
    document = join(texts, target)
    if out is not None:
        out.write_text(document, encoding="utf-8")
    else:
        click.echo(document, nl=False)
    total = sum(refused.values())
    hands = "hand" if len(texts) == 1 else "hands"
    click.echo(f"exported {len(texts)} {hands} to {target}; refused {total}", err=True)
    if not texts and refused[GAME]:
        sys.exit(2)
    if total:
        sys.exit(1)
