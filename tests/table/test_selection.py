"""Game selection: the fixed rotations (HORSE, BARGE 26) and the dealer's choice menus."""

from __future__ import annotations

import random

import pytest

from pokerbook.games.catalogue import find_game
from pokerbook.games.model import Game
from pokerbook.table.night_file import builtin_nights
from pokerbook.table.selection import DealersChoice, Rotation, Selector

#: 002 chapters 1-26 in play order, as the catalogue's merge map names them (games.md)
BARGE_26 = [
    "D16",
    "F16",
    "S15",
    "F01",
    "D11",
    "F20",
    "S04",
    "F28",
    "D12",
    "F24",
    "S01",
    "D01",
    "F29",
    "S09",
    "F10",
    "D05",
    "F23",
    "S02",
    "F12",
    "D13",
    "F17",
    "S05",
    "D09",
    "F32",
    "S06",
    "F02",
]
#: 002's chapter titles, to check the IDs against the catalogue's names
BARGE_26_TITLES = (
    "Duck Flush",
    "Omaha High Only",
    "Five Card Stud",
    "Hold'em",
    "Badugi",
    "Binglaha",
    "Stud High/Low No Qualifier",
    "Chowaha",
    "Badacey",
    "Two or Five Omaha Eight-or-Better",
    "Stud",
    "Five Card Draw",
    "Four Card Chowaha Eight-or-Better",
    "Razzdugi",
    "Crazy Pineapple Eight-or-Better",
    "California Lowball",
    "Courchevel High Only",
    "Stud Eight-or-Better",
    "Lazy Pineapple High Only",
    "Badeucy",
    "Omaha Eight-or-Better",
    "Razz",
    "Deuce-to-Seven Triple Draw",
    "Oklahoma",
    "Deuce-to-Seven Razz",
    "Hold'em High/Low Eight-or-Better",
)
#: 004 r.13.01-13.19, in rule order (games.md merge map)
ORESTEEN_19 = [
    "D01",
    "D03",
    "D06",
    "D10",
    "S15",
    "S16",
    "S20",
    "S21",
    "S01",
    "S03",
    "S07",
    "F01",
    "F16",
    "F18",
    "F07",
    "F08",
    "F09",
    "F11",
    "F15",
]
#: 004's Hold 'Em Night: Hold 'Em, Omaha, Chicago 9, Pineapple, Wild Pineapple,
#: Pineapple High/Low Split, Wild Pineapple 9 or Better High/Low Split, Aviation
ORESTEEN_HOLDEM_NIGHT = ["F01", "F16", "F18", "F07", "F09", "F08", "F11", "F15"]


def sequence(selector: Selector, hands: int, players: int = 6) -> list[str]:
    return [selector.next(dealer=0, players=players).game.id for _ in range(hands)]


def test_horse_is_holdem_omaha8_razz_stud_stud8_in_that_order() -> None:
    selection = builtin_nights()["horse"].selection
    assert isinstance(selection, Rotation)
    names = [find_game(g).name for g in selection.games]
    assert names == [
        "Texas Hold'em",
        "Omaha High/Low Eight-or-Better",
        "Razz",
        "Seven-Card Stud",
        "Seven-Card Stud High/Low Eight-or-Better",
    ]
    assert not selection.random_start


def test_horse_plays_one_orbit_of_each_game_by_default() -> None:
    selection = builtin_nights()["horse"].selection
    assert isinstance(selection, Rotation)
    assert selection.hands_per_game is None  # one orbit
    played = sequence(Selector(selection, random.Random(1)), 5 * 4 + 4, players=4)
    assert played == [g for g in selection.games for _ in range(4)] + ["F01"] * 4


def test_barge_26_is_the_002_rule_books_chapter_order() -> None:
    selection = builtin_nights()["barge-26"].selection
    assert isinstance(selection, Rotation)
    assert list(selection.games) == BARGE_26
    assert len(set(selection.games)) == 26


#: 002 chapter titles that are not catalogue aliases, and the catalogue name of the game
UNALIASED = {
    "Omaha High Only": "Omaha",
    "Hold'em High/Low Eight-or-Better": "Texas Hold'em High/Low Eight-or-Better",
}


@pytest.mark.parametrize(("game", "title"), list(zip(BARGE_26, BARGE_26_TITLES, strict=True)))
def test_each_barge_26_chapter_title_names_that_catalogue_game(game: str, title: str) -> None:
    if title in UNALIASED:
        assert find_game(game).name == UNALIASED[title]
    else:
        assert find_game(title).id == game


def test_barge_26_plays_four_hands_of_each_game_from_a_random_start() -> None:
    selection = builtin_nights()["barge-26"].selection
    assert isinstance(selection, Rotation)
    assert selection.hands_per_game == 4
    assert selection.random_start
    played = sequence(Selector(selection, random.Random(7)), 26 * 4 + 4)
    start = BARGE_26.index(played[0])
    order = BARGE_26[start:] + BARGE_26[:start]
    assert played == [g for g in order for _ in range(4)] + [order[0]] * 4


def test_barge_26_random_start_differs_between_seeds() -> None:
    selection = builtin_nights()["barge-26"].selection
    starts = {sequence(Selector(selection, random.Random(seed)), 1)[0] for seed in range(40)}
    assert len(starts) > 10


def test_a_rotation_with_a_fixed_count_ignores_the_table_size() -> None:
    selector = Selector(Rotation(("F01", "S05"), 2), random.Random(0))
    assert sequence(selector, 6, players=9) == ["F01", "F01", "S05", "S05", "F01", "F01"]


def test_an_orbit_is_as_long_as_the_table_when_the_game_comes_round() -> None:
    selector = Selector(Rotation(("F01", "S05")), random.Random(0))
    played = [selector.next(dealer=0, players=p).game.id for p in (3, 3, 3, 2, 2, 5)]
    assert played == ["F01", "F01", "F01", "S05", "S05", "F01"]


@pytest.mark.parametrize(
    ("night", "menu"),
    [("oresteen-dealers-choice", ORESTEEN_19), ("oresteen-holdem-night", ORESTEEN_HOLDEM_NIGHT)],
)
def test_oresteen_menus_are_the_004_lists(night: str, menu: list[str]) -> None:
    selection = builtin_nights()[night].selection
    assert isinstance(selection, DealersChoice)
    assert list(selection.menu) == menu


@pytest.mark.parametrize("night", ["oresteen-dealers-choice", "oresteen-holdem-night"])
def test_dealers_choice_deals_only_games_on_the_menu_and_all_of_them(night: str) -> None:
    selection = builtin_nights()[night].selection
    selector = Selector(selection, random.Random(3))
    picks = [selector.next(dealer=d % 6, players=6) for d in range(600)]
    assert {p.game.id for p in picks} == set(selection.games)
    assert all(p.chooser == d % 6 for d, p in enumerate(picks))


def test_the_dealer_chooses_through_the_chooser() -> None:
    asked: list[int] = []

    def always_omaha(dealer: int, menu: tuple[Game, ...], rng: random.Random) -> Game:
        asked.append(dealer)
        return next(g for g in menu if g.id == "F16")

    selector = Selector(DealersChoice(("F01", "F16")), random.Random(0), always_omaha)
    assert sequence(selector, 3) == ["F16"] * 3
    assert asked == [0, 0, 0]


def test_a_choice_off_the_menu_is_refused() -> None:
    def razz(dealer: int, menu: tuple[Game, ...], rng: random.Random) -> Game:
        return find_game("razz")

    selector = Selector(DealersChoice(("F01", "F16")), random.Random(0), razz)
    with pytest.raises(ValueError, match=r"S05 \(Razz\) is not on the night's menu"):
        selector.next(dealer=2, players=6)


def test_descriptions_name_the_selection() -> None:
    assert Rotation(("F01",) * 26, 4, True).describe() == (
        "rotation of 26 games, 4 hands each, random start"
    )
    assert Rotation(("F01", "S05")).describe() == "rotation of 2 games, one orbit each"
    assert Rotation(("F01", "S05"), 1).describe() == "rotation of 2 games, 1 hand each"
    assert DealersChoice(("F01", "F16")).describe() == "dealer's choice of 2 games"
