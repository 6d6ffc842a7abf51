"""Verifying hand histories: replay each hand and compare the stacks it ends with.

Each hand gets one :class:`Outcome`: ``matched`` (every seat ends with the
``finishing_stacks`` the file records), ``differed`` (some seat does not; the
detail lists them), ``failed`` (the file cannot be read or the engine refuses
an action; the detail names the error) or ``skipped`` (it replays, but the
file records no result to compare).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Literal

from pokerbook.engine.hand import Hand
from pokerbook.history.phh import HandHistory, PHHError, load
from pokerbook.history.replay import play

Status = Literal["matched", "differed", "failed", "skipped"]
STATUSES: tuple[Status, ...] = ("matched", "differed", "failed", "skipped")
SUFFIXES = frozenset({".phh", ".phhs"})


@dataclass(frozen=True)
class Outcome:
    """How one hand fared."""

    source: str  # the file, with `` [N]`` for a hand of a ``.phhs`` file
    status: Status
    detail: str = ""
    notes: tuple[str, ...] = ()


@dataclass
class Summary:
    """Counts of outcomes, and the final line ``pokerbook phh verify`` prints."""

    counts: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        self.counts[outcome.status] += 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def ok(self) -> bool:
        """Nothing differed and nothing failed."""
        return not self.counts["differed"] and not self.counts["failed"]

    def line(self) -> str:
        c = self.counts
        return (
            f"verified {self.total} hands: {c['matched']} matched, {c['differed']} differed, "
            f"{c['failed']} failed, {c['skipped']} skipped"
        )


def phh_files(paths: Iterable[str | Path]) -> list[Path]:
    """The ``.phh`` and ``.phhs`` files among ``paths`` (folders are searched
    recursively, in name order)."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file()))
        else:
            out.append(path)
    return out


def _chips(value: Decimal) -> str:
    return format(value.normalize(), "f")


def _unknown_at_showdown(hand: Hand) -> list[int]:
    unknown: frozenset[object] = getattr(hand.dealer, "unknown", frozenset())
    if not unknown or len(hand.live) < 2:
        return []
    return [s for s in hand.live if any(c in unknown for c in hand.hole[s])]


def _compare(history: HandHistory, hand: Hand, expected: list[Decimal]) -> str:
    """What differs between the replayed stacks and ``expected`` ("" if nothing)."""
    got = [history.unscale(s) for s in hand.stacks]
    wrong = [i for i, (g, e) in enumerate(zip(got, expected, strict=True)) if g != e]
    if not wrong:
        return ""
    parts = [
        f"p{i + 1} {_chips(expected[i])} in the file, {_chips(got[i])} replayed" for i in wrong
    ]
    reasons: list[str] = []
    unit = Decimal(1) / history.scale
    if all(abs(got[i] - expected[i]) == unit / 2 for i in wrong) and len(wrong) % 2 == 0:
        reasons.append(
            "the file splits a pot into half chips; the engine pays whole chips, "
            "the odd chip to the first winner left of the button"
        )
    hidden = _unknown_at_showdown(hand)
    if hidden:
        who = ", ".join(f"p{s + 1}" for s in hidden)
        reasons.append(f"the file does not say the cards of {who}, who reached the showdown")
    if not hand.done:
        reasons.append("the history stops before the hand is over")
    text = "; ".join(parts)
    return f"{text} ({'; '.join(reasons)})" if reasons else text


def verify_history(history: HandHistory, *, strict: bool = False) -> Outcome:
    """Replay one hand and compare its result with the file's."""
    try:
        hand, notes = play(history, strict=strict)
    except PHHError as exc:
        return Outcome(history.source, "failed", _without_source(str(exc), history.source))
    except Exception as exc:  # an engine fault must not stop a long run
        detail = f"the engine raised {type(exc).__name__}: {exc}"
        return Outcome(history.source, "failed", detail)
    unused = getattr(hand.dealer, "unused", None)
    if unused is not None and unused():
        notes.append(f"the history deals {unused()} card(s) the hand never reached")
    if history.finishing_stacks is None:
        return Outcome(history.source, "skipped", "no finishing_stacks", tuple(notes))
    detail = _compare(history, hand, history.finishing_stacks)
    status: Status = "differed" if detail else "matched"
    return Outcome(history.source, status, detail, tuple(notes))


def _without_source(message: str, source: str) -> str:
    prefix = f"{source}: "
    return message[len(prefix) :] if message.startswith(prefix) else message


def verify_file(path: str | Path, *, strict: bool = False) -> Iterator[Outcome]:
    """An outcome for every hand of one file (one failure if the file cannot be read)."""
    try:
        histories = load(path)
    except PHHError as exc:
        yield Outcome(str(path), "failed", _without_source(str(exc), str(path)))
        return
    except (OSError, UnicodeDecodeError) as exc:
        yield Outcome(str(path), "failed", f"cannot read the file: {exc}")
        return
    for history in histories:
        yield verify_history(history, strict=strict)


def verify_paths(paths: Iterable[str | Path], *, strict: bool = False) -> Iterator[Outcome]:
    """Outcomes for every hand of every PHH file under ``paths``."""
    for path in phh_files(paths):
        yield from verify_file(path, strict=strict)
