"""Verifying hand histories: replay each hand and compare the stacks it ends with.

Each hand gets one :class:`Outcome`:

* ``matched``: every player ends with the ``finishing_stacks`` the file records;
* ``differed``: some player does not (the detail lists them, and what may explain it);
* ``failed``: the file cannot be read, the engine refuses an action, the history
  deals cards (or rolls dice) the hand never reaches, the file records no
  result (``finishing_stacks``) to compare, or it records a committed deal
  (``_deal_seed``, ``_deal_salt``, ``_deal_commitment``: a hand of ``pokerbook
  serve``) that does not check out (:mod:`pokerbook.history.deal_check`);
* ``skipped``: the hand replays, but its result cannot be compared, for one of
  the documented reasons of :data:`SKIP_REASONS` (the outcome's ``reason``).

A run is good (:attr:`Summary.ok`) when it verified at least one hand and every
hand matched or was skipped for a documented reason.  Each outcome says whether
the hand's committed deal was checked (``deal_checked``), and the summary counts
them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Final, Literal

from pokerbook.engine.hand import Hand
from pokerbook.history.deal_check import check_deal
from pokerbook.history.phh import HandHistory, PHHError, load
from pokerbook.history.replay import play

Status = Literal["matched", "differed", "failed", "skipped"]
SUFFIXES = frozenset({".phh", ".phhs"})

HALF_CHIPS: Final = "half-chip result"
NO_RESULT: Final = "no result"

#: why a hand may be skipped, and what it means (README "Hand histories", docs/phh.md)
SKIP_REASONS: Final = {
    HALF_CHIPS: (
        "the file splits a pot into half chips, which whole chips cannot pay: the "
        "engine gives the odd chip to the first winner left of the button (000 "
        "§1.2.3), and every other stack matches"
    ),
    NO_RESULT: (
        "the file records no finishing_stacks; the hand replays without error "
        "(skipped only with --allow-no-result, failed otherwise)"
    ),
}

#: how the summary counts each reason: ``8 half-chip results``
_REASON_COUNTS: Final = {HALF_CHIPS: "half-chip results", NO_RESULT: "without a result"}


@dataclass(frozen=True)
class Outcome:
    """How one hand fared (``reason``: a key of :data:`SKIP_REASONS` when skipped)."""

    source: str  # the file, with `` [N]`` for a hand of a ``.phhs`` file
    status: Status
    detail: str = ""
    notes: tuple[str, ...] = ()
    reason: str = ""
    #: the hand records a committed deal, and it checked out
    deal_checked: bool = False


@dataclass
class Summary:
    """Counts of outcomes, and the final line ``pokerbook phh verify`` prints."""

    counts: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    #: hands whose committed deal checked out
    deals: int = 0

    def add(self, outcome: Outcome) -> None:
        self.counts[outcome.status] += 1
        self.deals += outcome.deal_checked
        if outcome.status == "skipped":
            self.reasons[outcome.reason] += 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def ok(self) -> bool:
        """At least one hand verified, and each matched or was skipped for a
        documented reason."""
        c = self.counts
        documented = all(reason in SKIP_REASONS for reason in self.reasons)
        return self.total > 0 and c["matched"] + c["skipped"] == self.total and documented

    def line(self) -> str:
        c = self.counts
        text = (
            f"verified {self.total} hands: {c['matched']} matched, {c['differed']} differed, "
            f"{c['failed']} failed, {c['skipped']} skipped"
        )
        if self.reasons:
            order = [*SKIP_REASONS, *(r for r in self.reasons if r not in SKIP_REASONS)]
            why = ", ".join(
                f"{self.reasons[r]} {_REASON_COUNTS.get(r, r)}" for r in order if self.reasons[r]
            )
            text += f" ({why})"
        if self.deals:
            text += f"; {self.deals} committed deal{'s' if self.deals != 1 else ''} checked"
        return text


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


def _half_chips(history: HandHistory, got: list[Decimal], expected: list[Decimal]) -> bool:
    """Whether the file's result is the replay's with an odd chip split in halves:
    each player who differs is half a chip away, and no chip is gained or lost."""
    half = Decimal(1) / history.scale / 2
    return sum(got) == sum(expected) and all(
        g == e or abs(g - e) == half for g, e in zip(got, expected, strict=True)
    )


def _compare(
    history: HandHistory, hand: Hand, expected: list[Decimal], strict: bool
) -> tuple[str, str]:
    """What differs between the replayed stacks and ``expected`` ("" if nothing),
    and the documented reason to skip the hand ("" if none)."""
    got = [history.unscale(s) for s in hand.stacks]
    wrong = [i for i, (g, e) in enumerate(zip(got, expected, strict=True)) if g != e]
    if not wrong:
        return "", ""
    parts = [
        f"p{i + 1} {_chips(expected[i])} in the file, {_chips(got[i])} replayed" for i in wrong
    ]
    text = "; ".join(parts)
    hidden = _unknown_at_showdown(hand)
    half_chips = _half_chips(history, got, expected)
    if half_chips and hand.done and not hidden and not strict:
        return text, HALF_CHIPS
    reasons: list[str] = []
    if half_chips:
        reasons.append(
            "the file splits a pot into half chips; the engine pays whole chips, "
            "the odd chip to the first winner left of the button"
        )
    if hidden:
        who = ", ".join(f"p{s + 1}" for s in hidden)
        reasons.append(f"the file does not say the cards of {who}, who reached the showdown")
    if not hand.done:
        reasons.append("the history stops before the hand is over")
    return (f"{text} ({'; '.join(reasons)})" if reasons else text), ""


def verify_history(
    history: HandHistory, *, strict: bool = False, allow_no_result: bool = False
) -> Outcome:
    """Replay one hand and compare its result with the file's.  ``strict``
    refuses the generous readings (see :func:`pokerbook.history.replay.play`) and
    a half-chip result; ``allow_no_result`` skips a hand whose file records no
    result instead of failing it."""
    try:
        hand, notes = play(history, strict=strict)
    except PHHError as exc:
        return Outcome(history.source, "failed", _without_source(str(exc), history.source))
    except Exception as exc:  # an engine fault must not stop a long run
        detail = f"the engine raised {type(exc).__name__}: {exc}"
        return Outcome(history.source, "failed", detail)
    try:
        deal = check_deal(history.fields, hand)
    except Exception as exc:  # an engine fault dealing it again must not stop a long run
        detail = (
            f"dealing the hand again from its seed, the engine raised {type(exc).__name__}: {exc}"
        )
        return Outcome(history.source, "failed", detail, tuple(notes))
    if deal.problem:
        return Outcome(history.source, "failed", deal.problem, tuple(notes))
    if history.finishing_stacks is None:
        if allow_no_result:
            detail = "no finishing_stacks to compare; it replays without error"
            return Outcome(
                history.source, "skipped", detail, tuple(notes), NO_RESULT, deal.recorded
            )
        detail = (
            "records no result (finishing_stacks) to compare; it replays without error "
            "(--allow-no-result counts it as skipped)"
        )
        return Outcome(history.source, "failed", detail, tuple(notes))
    detail, reason = _compare(history, hand, history.finishing_stacks, strict)
    status: Status = "skipped" if reason else "differed" if detail else "matched"
    return Outcome(history.source, status, detail, tuple(notes), reason, deal.recorded)


def _without_source(message: str, source: str) -> str:
    prefix = f"{source}: "
    return message[len(prefix) :] if message.startswith(prefix) else message


def verify_file(
    path: str | Path, *, strict: bool = False, allow_no_result: bool = False
) -> Iterator[Outcome]:
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
        yield verify_history(history, strict=strict, allow_no_result=allow_no_result)


def verify_paths(
    paths: Iterable[str | Path], *, strict: bool = False, allow_no_result: bool = False
) -> Iterator[Outcome]:
    """Outcomes for every hand of every PHH file under ``paths``."""
    for path in phh_files(paths):
        yield from verify_file(path, strict=strict, allow_no_result=allow_no_result)
