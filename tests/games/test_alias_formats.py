"""Aliases named for a betting format (``nlhe``, ``lhe``, ``plo``) deal that format."""

from __future__ import annotations

from typing import Any

import pytest

from pokerbook.games.catalogue import alias_format
from pokerbook.games.game_file import GameDefinitionError, read_game

HOLDEM: dict[str, Any] = {
    "name": "Test Hold'em",
    "family": "flop",
    "aliases": ["tlhe"],
    "steps": ["deal 2 down", "bet small"],
    "showdown": [{"name": "high", "scale": "high"}],
}


@pytest.mark.parametrize(
    ("name", "fmt"),
    [("nlhe", "no-limit"), ("LHE", "limit"), ("plo", "pot-limit"), ("2-7 nl", "no-limit")],
)
def test_an_alias_named_for_a_format_names_it(name: str, fmt: str) -> None:
    assert alias_format(name) == fmt
    assert alias_format(name + "+bug") == fmt


@pytest.mark.parametrize("name", ["holdem", "F01", "omaha", "no such game"])
def test_other_names_name_no_format(name: str) -> None:
    assert alias_format(name) is None


def test_an_alias_format_must_be_an_alias_dealt_in_a_format_of_the_game() -> None:
    game = read_game("T01", {**HOLDEM, "alias_formats": {"tlhe": "limit"}}, "t.toml")
    assert game.alias_formats == (("tlhe", "limit"),)
    with pytest.raises(GameDefinitionError, match=r"alias_formats\.nlhe: 'nlhe' is not one of"):
        read_game("T01", {**HOLDEM, "alias_formats": {"nlhe": "no-limit"}}, "t.toml")
    only_pot = {**HOLDEM, "formats": ["pot-limit"], "alias_formats": {"tlhe": "limit"}}
    with pytest.raises(GameDefinitionError, match=r"alias_formats\.tlhe: the game is not played"):
        read_game("T01", only_pot, "t.toml")
    with pytest.raises(GameDefinitionError, match=r"alias_formats\.tlhe: 'limt' is not one of"):
        read_game("T01", {**HOLDEM, "alias_formats": {"tlhe": "limt"}}, "t.toml")
    with pytest.raises(GameDefinitionError, match="alias_formats: should be a table"):
        read_game("T01", {**HOLDEM, "alias_formats": ["tlhe"]}, "t.toml")
