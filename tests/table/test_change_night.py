"""A table that goes on as another night (a host's choice between hands)."""

from __future__ import annotations

import pytest

from pokerbook.bots import get_policy
from pokerbook.games.bug import base_id
from pokerbook.table.night import NightError
from pokerbook.table.night_file import builtin_nights
from pokerbook.table.play import GameNight


def test_the_games_after_the_change_are_the_new_nights_and_the_chips_stay() -> None:
    nights = builtin_nights()
    table = GameNight(nights["horse"], [get_policy("random") for _ in range(5)], 3)
    before = [r.game.id for r in table.play(10)]
    assert {base_id(g) for g in before} <= set(nights["horse"].selection.games)
    stacks, ledger_lines = list(table.stacks), len(table.ledger.entries)
    table.change_night(nights["barge-26"])
    assert table.stacks == stacks
    assert len(table.ledger.entries) == ledger_lines
    after = [r.game.id for r in table.play(30)]  # chips checked after every hand
    assert after
    assert {base_id(g) for g in after} <= set(nights["barge-26"].selection.games)
    assert not {base_id(g) for g in after} <= set(nights["horse"].selection.games)
    ledger = table.finish()
    assert sum(ledger.nets().values()) == 0


def test_a_tournament_keeps_its_night() -> None:
    nights = builtin_nights()
    table = GameNight(nights["oresteen-tournament-night"], [get_policy("call")] * 6, 1)
    with pytest.raises(NightError, match="tournament keeps its structure"):
        table.change_night(nights["horse"])
