"""Every hand of the shared PHH corpus exported to PokerStars text and to Open Hand
History, and read back by independent readers (``export_readers``): seats, stacks,
actions, boards, pots and results must be the PHH's, every pot the chips put in
less the uncalled bets, every action in turn.

A hand is left out only when the export would have to invent something: its
replay does not end with the ``finishing_stacks`` the file records (the Pluribus
hands split into half chips: ``pokerbook phh verify`` does not match them
either), or it records no result and its showdown turns on cards it does not
show.  OHH holds no razz or short-deck game type, so those hands go to PokerStars
text only.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import pytest

from pokerbook.history import load
from pokerbook.history.export_names import holders
from pokerbook.history.verify import phh_files, verify_history

sys.path.insert(0, str(Path(__file__).parent))  # the export tests' helpers, beside them
from export_round_trip import round_trip

#: the shared PHH folder beside the project (POKERBOOK_PHH_CORPUS names another place)
CORPUS = Path(
    os.environ.get("POKERBOOK_PHH_CORPUS")
    or Path(__file__).resolve().parents[2].parent / "shared" / "phh"
)
RESULT_DIFFERS = "the replay does not end with the finishing_stacks"
HIDDEN_SHOWDOWN = "the showdown turns on cards the history does not show"


@pytest.mark.slow
def test_every_corpus_hand_reads_back_from_both_formats() -> None:
    files = phh_files([CORPUS])
    assert len(files) > 10_000, f"the corpus is missing from {CORPUS}"
    counts: Counter[str] = Counter()
    for path in files:
        for history in load(path):
            counts["hands"] += 1
            trip = round_trip(history)
            if trip.refused:
                counts["refused"] += 1
                if trip.refused.startswith(RESULT_DIFFERS):
                    assert verify_history(history).status != "matched", history.source
                else:
                    assert trip.refused.startswith(HIDDEN_SHOWDOWN), trip.refused
                    assert history.finishing_stacks is None
                continue
            assert trip.problems is not None
            can = holders(history.game, history.format)
            assert set(trip.problems) == {t for t in ("pokerstars", "ohh") if t in can}
            for target, problems in trip.problems.items():
                assert problems == [], f"{history.source} as {target}: {problems}"
                counts[target] += 1
    # every hand is exported to PokerStars text but those whose result would be invented
    assert counts["pokerstars"] == counts["hands"] - counts["refused"]
    assert counts["refused"] < counts["hands"] / 1000
    assert counts["ohh"] > 0.99 * counts["pokerstars"]
