"""Night files: the built-in nights load, a user's file is read, and a bad file is refused
with a message naming the file, the key and the problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pokerbook.games.house import ORESTEEN
from pokerbook.games.stakes import Stakes
from pokerbook.table.night import NightError, RebuyRule, Seat
from pokerbook.table.night_file import (
    NightFileError,
    builtin_nights,
    find_night,
    load_night_file,
)
from pokerbook.table.selection import DealersChoice, Rotation

Writer = Callable[[str], Path]

#: a small valid night file: a rotation of hold'em and razz, limit 2/4
SIMPLE_NIGHT = """
name = "Test night"
house = "barge"
buy_in = 200
rebuys = 0

[selection]
kind = "rotation"
games = ["holdem", "razz"]
hands_per_game = 3

[stakes.default]
format = "limit"
blinds = [1, 2]

[stakes.stud]
format = "limit"
ante = 1
bring_in = 1
small_bet = 2
big_bet = 4
"""


@pytest.fixture
def write_night(tmp_path: Path) -> Writer:
    """Writes TOML text to ``night.toml`` in a temporary folder and returns its path."""

    def write(text: str) -> Path:
        path = tmp_path / "night.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return write


def test_the_built_in_nights_are_horse_barge_26_and_oresteens_three() -> None:
    assert list(builtin_nights()) == [
        "horse",
        "barge-26",
        "oresteen-dealers-choice",
        "oresteen-holdem-night",
        "oresteen-tournament-night",
    ]
    for key, night in builtin_nights().items():
        assert night.key == key
        assert night.description
        assert night.sources


def test_find_night_takes_a_built_in_name_in_any_case() -> None:
    assert find_night("HORSE") is builtin_nights()["horse"]


def test_a_user_night_file_declares_house_seats_stakes_and_selection(write_night: Writer) -> None:
    path = write_night(
        """
        name = "Friday"
        house = "oresteen"
        buy_in = 300
        rebuys = 2
        rebuy_cap = "highest-stack"

        [[seats]]
        name = "Ann"

        [[seats]]
        name = "Bob"
        buy_in = 500

        [selection]
        kind = "dealers-choice"
        games = ["Texas Hold'em", "plo", "F07"]

        [stakes.default]
        format = "spread-limit"
        blinds = [1, 2]
        ante = 1
        spread = [2, 10]
        """
    )
    night = find_night(str(path))
    assert night.key == "night"
    assert night.name == "Friday"
    assert night.house is ORESTEEN
    assert night.seats == (Seat("Ann", 300), Seat("Bob", 500))
    assert night.rebuys == RebuyRule(2, cap_at_highest_stack=True)
    assert night.selection == DealersChoice(("F01", "F16", "F07"))
    assert night.stakes.entries == (
        ("default", Stakes(format="spread-limit", blinds=(1, 2), ante=1, spread=(2, 10))),
    )


def test_a_rotation_file_defaults_to_one_orbit_from_the_first_game(write_night: Writer) -> None:
    text = SIMPLE_NIGHT.replace("hands_per_game = 3\n", "")
    night = load_night_file(write_night(text))
    assert night.selection == Rotation(("F01", "S05"), None, random_start=False)
    assert night.rebuys == RebuyRule(0)
    assert night.seats == ()


BAD_FILES: list[tuple[str, str, str]] = [
    # (what is wrong, a replacement in the simple night "old=>new", the message)
    ("not TOML", "[selection]=>[selection", "not valid TOML"),
    ("an unknown key", "buy_in = 200=>buy_in = 200\nbuyin = 5", "unknown key 'buyin'"),
    ("an unknown house", 'house = "barge"=>house = "casino"', "house: no house named 'casino'"),
    ("a missing buy-in", "buy_in = 200=>", "missing 'buy_in'"),
    ("a negative buy-in", "buy_in = 200=>buy_in = -5", "buy_in: should be at least 1"),
    ("a text buy-in", 'buy_in = 200=>buy_in = "lots"', "buy_in: should be a whole number"),
    ("an unknown game", '"razz"]=>"gin rummy"]', "selection.games[1]: no game named 'gin rummy'"),
    ("no games", 'games = ["holdem", "razz"]=>games = []', "selection.games: lists no games"),
    ("an unknown kind", 'kind = "rotation"=>kind = "roulette"', "selection.kind: should be"),
    (
        "no hands per game",
        "hands_per_game = 3=>hands_per_game = 0",
        "hands_per_game: should be at least 1",
    ),
    ("a bad start", 'hands_per_game = 3=>start = "middle"', "selection.start: should be"),
    (
        "a bad format",
        'format = "limit"\nblinds=>format = "limt"\nblinds',
        "stakes.default.format: should be one of",
    ),
    (
        "a bad stakes field",
        "blinds = [1, 2]=>blind = [1, 2]",
        "stakes.default: unknown key 'blind'",
    ),
    ("a bad stakes key", "[stakes.stud]=>[stakes.cheap]", "unknown stakes key 'cheap'"),
    ("an unknown game's stakes", "[stakes.stud]=>[stakes.F99]", "stakes.F99: no game named 'F99'"),
    (
        "no stakes for a game",
        "[stakes.default]=>[stakes.draw]",
        "no stakes for F01 (Texas Hold'em): add [stakes.F01], [stakes.flop] or [stakes.default]",
    ),
    ("a stud game without a bring-in", "bring_in = 1=>", "S05 (Razz) is a stud game"),
    (
        "a format the game lacks",
        "razz=>crayfish",
        "F33 (Crayfish) is not played limit",
    ),
    (
        "spread limit without a spread",
        'format = "limit"\nblinds=>format = "spread-limit"\nblinds',
        "spread-limit stakes need spread",
    ),
    (
        "an upside-down spread",
        "blinds = [1, 2]=>blinds = [1, 2]\nspread = [9, 3]",
        "spread: the minimum 9 is above the maximum 3",
    ),
    ("negative blinds", "blinds = [1, 2]=>blinds = [1, -2]", "blinds[1]: should be at least 1"),
    ("bad rebuys", 'rebuys = 0=>rebuys = "often"', 'rebuys: should be a number or "unlimited"'),
    ("a bad rebuy cap", 'rebuys = 0=>rebuy_cap = "half"', "rebuy_cap: should be"),
    ("seats not an array", 'rebuys = 0=>seats = "Ann"', "seats: should be an array of tables"),
    (
        "a seat without a name",
        'rebuys = 0=>[[seats]]\nbuy_in = 5\n[[seats]]\nname = "B"',
        "seats[0]: missing 'name'",
    ),
    ("a single seat", 'rebuys = 0=>[[seats]]\nname = "A"', "seats 2 to 10 players, not 1"),
    (
        "start in dealer's choice",
        'kind = "rotation"=>kind = "dealers-choice"',
        "selection.hands_per_game: applies to a rotation",
    ),
]


@pytest.mark.parametrize(
    ("edit", "message"), [(e, m) for _, e, m in BAD_FILES], ids=[w for w, _, _ in BAD_FILES]
)
def test_a_bad_night_file_is_refused_naming_the_problem(
    write_night: Writer, edit: str, message: str
) -> None:
    old, new = edit.split("=>")
    assert old in SIMPLE_NIGHT
    path = write_night(SIMPLE_NIGHT.replace(old, new, 1))
    with pytest.raises(NightFileError) as caught:
        load_night_file(path)
    text = str(caught.value)
    assert text.startswith(f"{path}:"), text
    assert message in text


def test_a_missing_night_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "absent.toml"
    with pytest.raises(NightFileError, match="cannot read the night file"):
        find_night(str(path))


def test_an_unknown_night_name_lists_the_built_in_nights() -> None:
    with pytest.raises(NightError, match="known: horse, barge-26"):
        find_night("poker-night")


def test_a_night_file_error_is_a_value_error_for_the_command_line() -> None:
    assert issubclass(NightFileError, ValueError)
