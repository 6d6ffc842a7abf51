"""One registry shape for games, houses, nights, scales, rules and bots, and one
"no such name; did you mean" error everywhere."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import CliRunner

from pokerbook.bots import get_policy
from pokerbook.cli.main import cli
from pokerbook.engine.rules import choice_rule, effect_rule
from pokerbook.evaluation.scale import UnknownScaleError, get_scale
from pokerbook.games.catalogue import UnknownGameError, find_game, games
from pokerbook.games.house import find_house
from pokerbook.registry import Registry, UnknownNameError
from pokerbook.table.night import NightError
from pokerbook.table.night_file import find_night

LOOKUPS: list[tuple[str, Callable[[str], object], str, str]] = [
    ("game", find_game, "holdum", "F01 Texas Hold'em"),
    ("house", find_house, "brage", "barge"),
    ("night", find_night, "hrose", "horse"),
    ("scale", get_scale, "a5-lo", "a5-low"),
    ("'do' rule", effect_rule, "murder-row", "murder-rows"),
    ("'choose' rule", choice_rule, "declar", "declare"),
    ("policy", get_policy, "rnadom", "random"),
]


@pytest.mark.parametrize(("kind", "lookup", "misspelt", "meant"), LOOKUPS)
def test_every_registry_suggests_close_names(
    kind: str, lookup: Callable[[str], object], misspelt: str, meant: str
) -> None:
    with pytest.raises(UnknownNameError) as unknown:
        lookup(misspelt)
    message = str(unknown.value)
    assert message.startswith(f"no {kind} named {misspelt!r}; did you mean: ")
    assert meant in message.split("did you mean: ")[1].split("?", maxsplit=1)[0]
    assert unknown.value.suggestions
    # a ValueError for bad input and a KeyError for a failed lookup, whichever is caught
    assert isinstance(unknown.value, ValueError)
    assert isinstance(unknown.value, KeyError)
    assert unknown.value.args[0] == message


@pytest.mark.parametrize(("kind", "lookup", "misspelt", "meant"), LOOKUPS)
def test_a_name_close_to_none_says_how_to_see_them_all(
    kind: str, lookup: Callable[[str], object], misspelt: str, meant: str
) -> None:
    with pytest.raises(UnknownNameError) as unknown:
        lookup("zzzzqqq")
    message = str(unknown.value)
    assert "did you mean" not in message
    assert "lists them" in message or "known: " in message


def test_a_large_registry_points_to_its_list_instead_of_dumping_it() -> None:
    with pytest.raises(UnknownGameError) as unknown:
        find_game("xyz")
    assert str(unknown.value) == "no game named 'xyz'; `pokerbook games` lists them"
    with pytest.raises(UnknownScaleError, match="`pokerbook scales` lists them"):
        get_scale("xyz")


def test_the_domain_errors_are_still_caught_by_their_own_names() -> None:
    with pytest.raises(NightError):
        find_night("nowhere")
    with pytest.raises(UnknownGameError):
        find_game("nowhere")


def test_names_aliases_and_case_find_the_same_item() -> None:
    assert find_game("PLO") is find_game("F16") is find_game("omaha high")
    assert find_house(" Barge ") is find_house("barge")
    assert get_scale("A5_LOW") is get_scale("a5-low")


def test_a_name_registered_twice_is_refused() -> None:
    registry: Registry[int] = Registry("number")
    registry.register("one", 1, aliases=("uno",))
    with pytest.raises(ValueError, match="number 'one' is registered twice"):
        registry.register("one", 2)
    with pytest.raises(ValueError, match="number name 'uno' of 'eins' is taken by 'one'"):
        registry.register("eins", 1, aliases=("UNO",))
    assert registry.names() == ("one",)


def test_a_registry_that_fails_to_load_says_so_again_when_asked_again() -> None:
    calls: list[int] = []

    def load() -> None:
        calls.append(1)
        raise OSError("the data file is missing")

    registry: Registry[int] = Registry("number", load=load)
    for _ in range(2):
        with pytest.raises(OSError, match="missing"):
            registry.get("one")
    assert len(calls) == 2


@pytest.mark.parametrize(
    "args",
    [["simulate", "--game", "xyz"], ["play", "--game", "xyz"], ["rules", "xyz"]],
)
def test_the_command_line_shows_the_registry_error_not_every_game(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code != 0
    assert "no game named 'xyz'; `pokerbook games` lists them" in result.output
    assert sum(game_id in result.output for game_id in games()) == 0
