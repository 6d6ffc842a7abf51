"""The stud bring-in orders: which up card brings in under each rule."""

from __future__ import annotations

from typing import get_args

import pytest

from pokerbook.cards.notation import parse
from pokerbook.games.bring_in import DESCRIPTIONS, BringIn, bring_in_key
from pokerbook.games.game_file import GameDefinitionError, read_game


def brings_in(kind: BringIn, cards: str) -> str:
    """The card of ``cards`` (space-separated) that brings in under ``kind``."""
    return str(max(parse(cards), key=lambda card: bring_in_key(kind, card)))


@pytest.mark.parametrize(
    ("kind", "cards", "expected"),
    [
        ("low", "3c 2d 2c As", "2c"),
        ("high", "Ks Kh As Qd", "Ks"),  # aces low
        ("high-ace-high", "Ks As Ah", "As"),
        ("low-deuces-high", "2c 3d 3c 4s", "3c"),  # 003 Suffecool: the lowest three
        ("low-deuces-high", "2c 2d 5h 4s", "4s"),  # no three: the next lowest, not a deuce
        ("low-deuces-high", "2d 2c", "2c"),  # only deuces: the lowest of them
        ("lowest-red", "2s 7h 4d", "4d"),  # 003 Red/Black Push: the lowest red card
        ("lowest-red", "Jd Th Kh", "Th"),  # ten points each: the lower rank
        ("lowest-red", "Ad Kh", "Kh"),  # the red ace scores 11
        ("lowest-red", "5s 3c 9c", "3c"),  # no red card: the lowest card
    ],
)
def test_the_rule_picks_the_card_that_brings_in(kind: BringIn, cards: str, expected: str) -> None:
    assert brings_in(kind, cards) == expected


def test_every_bring_in_rule_is_described_for_the_rules_page() -> None:
    assert set(DESCRIPTIONS) == set(get_args(BringIn))


def test_an_unknown_bring_in_rule_is_refused_when_the_game_is_read() -> None:
    raw = {
        "name": "Test Stud",
        "family": "stud",
        "forced": "bring-in",
        "bring_in": "lowest-blue",
        "steps": ["deal 2 down 1 up", "bet small"],
        "showdown": [{"name": "high", "scale": "high"}],
    }
    with pytest.raises(GameDefinitionError, match=r"\[X01\] bring_in: 'lowest-blue' is not one of"):
        read_game("X01", raw, "test.toml")
