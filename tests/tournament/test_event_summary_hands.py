"""An event's hands written as PHH while it is played: every hand, under the tournament
number of the event's summaries, exported to PokerStars text and OHH and read back
as the PHH says."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from pokerbook.history import play, read_phhs
from pokerbook.history.export_model import export_hand
from pokerbook.history.export_ohh import ohh_object
from pokerbook.history.export_ots import ots_object, ots_text, summary_input
from pokerbook.history.export_pokerstars import pokerstars_text
from pokerbook.tournament.structure_file import load_structure
from pokerbook.tournament.summary_event import run_event

sys.path.insert(0, str(Path(__file__).parents[1] / "history"))  # the export helpers
from export_ots_reader import read_summary
from export_round_trip import round_trip


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, Any], str]:
    stream = io.StringIO()
    report = run_event(load_structure("nlhe"), 18, 4, phh=stream)
    return report.to_json(), stream.getvalue()


def test_every_hand_is_written_under_the_summaries_number(
    played: tuple[dict[str, Any], str],
) -> None:
    report, text = played
    histories = read_phhs(text, source="event.phhs")
    assert len(histories) == report["hands"]
    summary = read_summary(ots_text(ots_object(summary_input(report), "p1")))
    names = {f"p{i}" for i in range(1, 19)}
    levels = []
    for history in histories:
        fields = history.fields
        assert fields["_tournament"] == summary.number
        assert (fields["_buy_in"], fields["_fee"]) == (summary.buy_in, summary.fee)
        assert set(fields["players"]) <= names
        assert len(set(fields["seats"])) == len(fields["seats"])
        assert str(fields["table"]).startswith(f"{summary.number} ")
        levels.append(fields["level"])
    assert levels[0] == 1
    assert max(levels) == len(report["levels"])


def test_writing_the_hands_does_not_change_the_event(played: tuple[dict[str, Any], str]) -> None:
    report, _ = played
    plain = run_event(load_structure("nlhe"), 18, 4).to_json()
    assert {k: v for k, v in plain.items() if k != "seconds"} == {
        k: v for k, v in report.items() if k != "seconds"
    }


def test_the_hands_export_and_read_back_as_the_phh_says(
    played: tuple[dict[str, Any], str],
) -> None:
    report, text = played
    number = read_summary(ots_text(ots_object(summary_input(report), "p1"))).number
    for history in read_phhs(text, source="event.phhs"):
        trip = round_trip(history)
        assert not trip.refused, trip.refused
        assert trip.problems is not None
        assert all(not found for found in trip.problems.values()), trip.problems
        model = export_hand(history, play(history).hand)
        header = pokerstars_text(model).splitlines()[0]
        found = re.search(r"Tournament #(\d+), \$100\+\$10 USD ", header)
        assert found is not None, header
        assert found.group(1) == number
        info = ohh_object(model)["ohh"]["tournament_info"]
        assert info["tournament_number"] == number
