"""Hands written to a .phhs file one at a time: the same file as all at once."""

from __future__ import annotations

from pathlib import Path

from pokerbook.bots import get_policy
from pokerbook.bots.histories import PhhsFile, history
from pokerbook.bots.simulation import Table, simulate
from pokerbook.games.catalogue import find_game
from pokerbook.games.stakes import Stakes
from pokerbook.history.phh import load, write_phh, write_phhs
from pokerbook.history.replay import replay


def test_a_streamed_phhs_file_is_the_one_write_phhs_makes(tmp_path: Path) -> None:
    table = Table(
        find_game("D11"), Stakes("limit", blinds=(1, 2), small_bet=2, big_bet=4), (80,) * 4
    )
    hands = list(simulate(table, [get_policy("random") for _ in range(4)], 9, 2))
    path = tmp_path / "hands.phhs"
    with PhhsFile(path) as out:
        for hand in hands[:5]:
            out.add_hand(hand)
        for number, hand in enumerate(hands[5:], 6):
            out.add(history(hand, number))
    assert out.count == 9
    whole = write_phhs(write_phh(h, fields={"hand": i}) for i, h in enumerate(hands, 1))
    assert path.read_text(encoding="utf-8") == whole
    assert [sorted(replay(h).stacks) for h in load(path)] == [sorted(h.stacks) for h in hands]


def test_an_empty_phhs_file_is_empty(tmp_path: Path) -> None:
    with PhhsFile(tmp_path / "none.phhs") as out:
        pass
    assert out.count == 0
    assert (tmp_path / "none.phhs").read_text(encoding="utf-8") == ""
