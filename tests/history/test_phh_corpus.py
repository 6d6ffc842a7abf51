"""Every hand of the shared PHH corpus replays to the result its file records.

All of ``shared/phh`` is replayed: the 10,000 Pluribus hands, the 2023 WSOP
Players Championship final table (nine variants), the famous hands and the
``.phhs`` file (about ten seconds).  Every hand with ``finishing_stacks`` must
match, except the eight Pluribus hands whose files split a pot into half chips
(e.g. 10112.5 each): the engine plays whole chips, so those are half a chip
away, the odd chip going to the first winner left of the button, and are
skipped for that documented reason.  The seven hands that record no result
fail unless ``allow_no_result`` is given; they replay without error.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from pokerbook.history.verify import HALF_CHIPS, NO_RESULT, Outcome, phh_files, verify_file

#: the shared PHH folder beside the project (POKERBOOK_PHH_CORPUS names another place)
CORPUS = Path(
    os.environ.get("POKERBOOK_PHH_CORPUS")
    or Path(__file__).resolve().parents[2].parent / "shared" / "phh"
)

HALF_CHIP_HANDS = {
    "pluribus/102/0.phh",
    "pluribus/32/23.phh",
    "pluribus/41b/204.phh",
    "pluribus/60/88.phh",
    "pluribus/75b/76.phh",
    "pluribus/88/128.phh",
    "pluribus/91/43.phh",
    "pluribus/91/53.phh",
}

# the corpus is always beside the project (in CI too): without it the run fails
assert CORPUS.is_dir(), f"the shared PHH corpus is not at {CORPUS}"


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [o for path in phh_files([CORPUS]) for o in verify_file(path)]


def _relative(outcome: Outcome) -> str:
    return Path(outcome.source).relative_to(CORPUS).as_posix()


def test_the_whole_corpus_is_there(outcomes: list[Outcome]) -> None:
    assert len(outcomes) > 10_000
    assert sum("pluribus" in o.source for o in outcomes) >= 10_000


def test_only_the_hands_without_a_result_fail(outcomes: list[Outcome]) -> None:
    failed = [o for o in outcomes if o.status == "failed"]
    assert len(failed) == 7
    for outcome in failed:
        assert outcome.detail.startswith("records no result"), outcome.detail
        assert "pluribus" not in outcome.source
        assert "wsop/2023" not in outcome.source


def test_the_hands_without_a_result_replay_and_are_skipped_when_allowed() -> None:
    outcomes = [
        o
        for path in phh_files([CORPUS])
        if "pluribus" not in str(path)
        for o in verify_file(path, allow_no_result=True)
    ]
    skipped = [o for o in outcomes if o.status == "skipped"]
    assert len(skipped) == 7
    assert {o.reason for o in skipped} == {NO_RESULT}
    assert [o for o in outcomes if o.status == "failed"] == []


def test_only_the_half_chip_hands_are_skipped_and_nothing_differs(
    outcomes: list[Outcome],
) -> None:
    skipped = {_relative(o): o.reason for o in outcomes if o.status == "skipped"}
    assert skipped == dict.fromkeys(HALF_CHIP_HANDS, HALF_CHIPS)
    assert [o.source for o in outcomes if o.status == "differed"] == []


def test_every_other_recorded_result_matches(outcomes: list[Outcome]) -> None:
    counts = Counter(o.status for o in outcomes)
    assert counts["matched"] == len(outcomes) - len(HALF_CHIP_HANDS) - 7


def test_the_wsop_final_table_matches_in_all_nine_variants(outcomes: list[Outcome]) -> None:
    wsop = [o for o in outcomes if "wsop/2023/43/5" in o.source]
    assert len(wsop) == 83
    assert {o.status for o in wsop} == {"matched"}
