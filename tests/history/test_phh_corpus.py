"""Every hand of the shared PHH corpus replays to the result its file records.

All of ``shared/phh`` is replayed: the 10,000 Pluribus hands, the 2023 WSOP
Players Championship final table (nine variants), the famous hands and the
``.phhs`` file (about ten seconds).  Every hand with ``finishing_stacks`` must
match, except the eight Pluribus hands whose files split a pot into half chips
(e.g. 10112.5 each): the engine plays whole chips, so those differ by half a
chip, the odd chip going to the first winner left of the button.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from pokerbook.history.verify import Outcome, phh_files, verify_file

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

pytestmark = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the shared PHH corpus is not at {CORPUS}"
)


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [o for path in phh_files([CORPUS]) for o in verify_file(path)]


def _relative(outcome: Outcome) -> str:
    return Path(outcome.source).relative_to(CORPUS).as_posix()


def test_the_whole_corpus_is_there(outcomes: list[Outcome]) -> None:
    assert len(outcomes) > 10_000
    assert sum("pluribus" in o.source for o in outcomes) >= 10_000


def test_no_hand_fails_to_replay(outcomes: list[Outcome]) -> None:
    failed = [f"{o.source}: {o.detail}" for o in outcomes if o.status == "failed"]
    assert failed == []


def test_only_the_half_chip_hands_differ(outcomes: list[Outcome]) -> None:
    differed = {_relative(o): o.detail for o in outcomes if o.status == "differed"}
    assert set(differed) == HALF_CHIP_HANDS
    for detail in differed.values():
        assert "half chips" in detail


def test_every_other_recorded_result_matches(outcomes: list[Outcome]) -> None:
    counts = Counter(o.status for o in outcomes)
    assert counts["matched"] + counts["differed"] + counts["skipped"] == len(outcomes)
    skipped = sorted(_relative(o) for o in outcomes if o.status == "skipped")
    # the famous hands and the .phhs excerpt record no finishing stacks
    assert all("pluribus" not in s and "wsop/2023" not in s for s in skipped)


def test_the_wsop_final_table_matches_in_all_nine_variants(outcomes: list[Outcome]) -> None:
    wsop = [o for o in outcomes if "wsop/2023/43/5" in o.source]
    assert len(wsop) == 83
    assert {o.status for o in wsop} == {"matched"}
