"""Exporting PHH files to the formats trackers read: PokerStars text or Open Hand
History (``pokerbook phh export``; docs/phh.md, "Exports").

:func:`export_history` replays one hand and writes it in a format, or says why it
cannot; :func:`export_file` does so for every hand of a ``.phh``/``.phhs`` file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from pokerbook.history.export_model import ExportHand, export_hand
from pokerbook.history.export_names import ExportError, ohh_game_type, pokerstars_name
from pokerbook.history.export_ohh import ohh_file, ohh_text
from pokerbook.history.export_pokerstars import pokerstars_file, pokerstars_text
from pokerbook.history.model import HandHistory, PHHError
from pokerbook.history.phh import load
from pokerbook.history.replay import play

Target = Literal["pokerstars", "ohh"]
TARGETS: Final[tuple[Target, ...]] = ("pokerstars", "ohh")

#: why a hand was not exported: its game has no name in the format, or it could
#: not be replayed or written
GAME: Final = "game"
HAND: Final = "hand"

_FILES: Final = {"pokerstars": pokerstars_file, "ohh": ohh_file}


@dataclass(frozen=True, slots=True)
class Exported:
    """One hand's export: its ``text``, or ``why`` it has none (and whether the
    reason is its ``game``, which the format has no name for, or the ``hand``)."""

    source: str
    text: str | None = None
    why: str = ""
    reason: str = ""


def check_target(target: str) -> Target:
    """``target`` if it is a format this module writes, else :class:`ExportError`."""
    for known in TARGETS:
        if target == known:
            return known
    raise ExportError(f"cannot export to {target!r}: the formats are {', '.join(TARGETS)}")


def _check_game(history: HandHistory, target: Target) -> None:
    if target == "pokerstars":
        pokerstars_name(history.game, history.format)
    else:
        ohh_game_type(history.game, history.format)


def write(hand: ExportHand, target: Target, *, indent: int | None = None) -> str:
    """A walked-through hand as ``target`` text (``indent``: OHH's JSON indented)."""
    if target == "pokerstars":
        return pokerstars_text(hand)
    return ohh_text(hand, indent=indent)


def export_history(
    history: HandHistory, target: Target, *, indent: int | None = None, hero: str | None = None
) -> Exported:
    """One hand written in ``target``, or why not (``hero``: the player whose hand
    it is, :attr:`~pokerbook.history.export_model.ExportHand.hero`)."""
    try:
        _check_game(history, target)
    except ExportError as exc:
        return Exported(history.source, why=str(exc), reason=GAME)
    try:
        replay = play(history)
        text = write(export_hand(history, replay.hand, hero=hero), target, indent=indent)
    except (PHHError, ExportError) as exc:
        detail = str(exc)
        prefix = f"{history.source}: "
        detail = detail[len(prefix) :] if detail.startswith(prefix) else detail
        return Exported(history.source, why=detail, reason=HAND)
    return Exported(history.source, text=text)


def export_file(
    path: str | Path, target: Target, *, indent: int | None = None, hero: str | None = None
) -> Iterator[Exported]:
    """Every hand of a ``.phh`` or ``.phhs`` file (one refusal if it cannot be read)."""
    try:
        histories = load(path)
    except PHHError as exc:
        yield Exported(str(path), why=str(exc), reason=HAND)
        return
    except (OSError, UnicodeDecodeError) as exc:
        yield Exported(str(path), why=f"cannot read the file: {exc}", reason=HAND)
        return
    for history in histories:
        yield export_history(history, target, indent=indent, hero=hero)


def join(texts: list[str], target: Target) -> str:
    """Hands' texts as one file of ``target``."""
    return _FILES[target](texts)
