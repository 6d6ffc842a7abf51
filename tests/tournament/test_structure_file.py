"""Structure files, read strictly, and the built-in structures of
``data/tournaments.toml`` with the numbers the rulebooks give them."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest

from pokerbook.games.catalogue import find_game
from pokerbook.tournament.structure import (
    Absent,
    Deal,
    Lammers,
    Shootout,
    SideGame,
    StructureError,
)
from pokerbook.tournament.structure_file import (
    builtin_payout_tables,
    load_structure,
    structure_names,
)

MINIMAL = """\
house = "roberts"
profile = "roberts"
games = ["nlhe"]
format = "no-limit"
table_size = 9
buy_in = 100
starting_chips = 10000
denominations = [25, 100]
level_minutes = 20
payout_percents = [60, 40]
levels = [
    { blinds = [25, 50] },
    { blinds = [100, 200], colour_up = 25 },
]
"""

Write = Callable[[str], str]


@pytest.fixture
def write(tmp_path: Path) -> Write:
    """Write a structure file and give its path."""

    def make(text: str) -> str:
        path = tmp_path / "event.toml"
        path.write_text(text, encoding="utf-8")
        return str(path)

    return make


def refused(path: str, *fragments: str) -> str:
    with pytest.raises(StructureError) as caught:
        load_structure(path)
    message = str(caught.value)
    assert path in message
    for fragment in fragments:
        assert fragment in message, message
    return message


# -- a user's file ----------------------------------------------------------------------------
def test_a_minimal_file_loads_with_the_defaults(write: Write) -> None:
    s = load_structure(write(MINIMAL))
    assert s.key == s.name == "event"
    assert [lv.blinds for lv in s.levels] == [(25, 50), (100, 200)]
    assert [lv.number for lv in s.levels] == [1, 2]
    assert all(lv.minutes == 20 for lv in s.levels)
    assert s.levels[1].colour_up == 25
    assert s.payout_percents == (60.0, 40.0)
    assert (s.min_players, s.max_players, s.hands_per_game) == (2, 10_000, None)


def test_every_section_of_a_file_is_read(write: Write) -> None:
    text = (
        MINIMAL.replace("payout_percents = [60, 40]\n", "")
        + """\
players = [4, 40]
fee = 5
bounty = 20
late_until_level = 2
re_entries = 1
hands_per_game = 6
win_the_button = true
seconds_per_hand = 90
breaks = { every = 1, minutes = 5 }
[payout_percents]
4 = [100]
20 = [50, 30, { places = 2, each = 10 }]
[rebuys]
until_level = 2
price = 100
chips = 10000
most = 3
[add_on]
after_level = 2
price = 50
chips = 15000
[absent]
rule = "dead-facing-bet"
removed_after_minutes = 45
[side_game]
game = "razz"
"""
    )
    s = load_structure(write(text))
    assert (s.min_players, s.max_players, s.fee, s.bounty) == (4, 40, 5, 20)
    assert (s.late_until_level, s.re_entries, s.hands_per_game) == (2, 1, 6)
    assert s.win_the_button
    assert s.seconds_per_hand == 90
    assert s.percents_table == {4: (100.0,), 20: (50.0, 30.0, 10.0, 10.0)}
    assert s.paid_places(19) == 1
    assert s.paid_places(20) == 4
    assert s.rebuys is not None
    assert s.rebuys.most == 3
    assert s.add_on is not None
    assert s.add_on.chips == 15000
    assert s.absent == Absent("dead-facing-bet", 45, True)
    assert s.side_game == SideGame(game="razz")
    # a break after every level but the last, which lasts to the end
    assert [lv.break_minutes for lv in s.levels] == [5, 0]


@pytest.mark.parametrize(
    ("change", "fragments"),
    [
        (('house = "roberts"', 'house = "roberts"\ncolour = "red"'), ("'colour'", "unknown key")),
        (("{ blinds = [25, 50] }", "{ blinds = [25, 50], antes = 5 }"), ("levels[0]", "antes")),
        (("table_size = 9", "table_size = 9.5"), ("table_size", "whole number")),
        (("[60, 40]", "[60, 30]"), ("payout_percents", "sum to 90")),
        (("[60, 40]", "[40, 60]"), ("payout_percents", "more than the place above")),
        (("colour_up = 25", "colour_up = 100"), ("levels[1].colour_up", "not the smallest")),
        (('games = ["nlhe"]', 'games = ["nlhe", "badugi"]'), ("table_size", "D11")),
        (('games = ["nlhe"]', 'games = ["holdum"]'), ("games[0]", "holdum")),
        (("{ blinds = [25, 50] }", "{ }"), ("levels[0]", "blinds or an ante")),
        (("{ blinds = [25, 50] }", "{ blinds = [50, 25] }"), ("levels[0].blinds", "[small")),
        (("{ blinds = [25, 50] }", "{ blinds = [30, 60] }"), ("levels[0]", "whole chips of 25")),
        (('format = "no-limit"', 'format = "big-bet"'), ("format", "big-bet")),
        (('profile = "roberts"', 'profile = "wsop"'), ("profile", "wsop")),
        (("starting_chips = 10000", "starting_chips = 10010"), ("starting_chips", "10010")),
        (("level_minutes = 20", "level_minutes = 0"), ("level_minutes", "above 0")),
        (("level_minutes = 20", ""), ("levels[0]", "how long")),
        (('format = "no-limit"\n', ""), ("missing 'format'",)),
        (("buy_in = 100", "buy_in = 100\nbomb_pot = true"), ("levels[0]", "bomb pot")),
    ],
)
def test_a_file_is_refused_naming_the_key_and_what_is_wrong(
    write: Write, change: tuple[str, str], fragments: tuple[str, ...]
) -> None:
    old, new = change
    assert old in MINIMAL
    refused(write(MINIMAL.replace(old, new, 1)), *fragments)


@pytest.mark.parametrize(
    ("section", "fragments"),
    [
        ("[lammers]\ncount = 2\nchips = 5000\n", ("lammers", "missing 'redeem_by_level'")),
        ("[lammers]\ncount = 2\nchips = 5000\nredeem_by_level = 12\nvalue = 1\n", ("value",)),
        ("[shootout]\nadvance = 3\n", ("shootout.advance", "1 or 2")),
        ("[rebuys]\nuntil_level = 0\nprice = 10\nchips = 10\n", ("rebuys.until_level",)),
        ('[side_game]\ngame = "blackjack"\n', ("side_game.game", "blackjack")),
        ('[absent]\nrule = "asleep"\n', ("absent.rule", "asleep")),
        ("breaks = { every = 0, minutes = 5 }\n", ("breaks.every",)),
        ("late_until_level = 3\n", ("late_until_level", "level 3", "2 levels")),
        ("[add_on]\nafter_level = 5\nprice = 5\nchips = 500\n", ("add_on.after_level",)),
    ],
)
def test_the_optional_sections_are_read_strictly(
    write: Write, section: str, fragments: tuple[str, ...]
) -> None:
    # a table goes after the top-level keys, a top-level key before them
    text = MINIMAL + section if section.startswith("[") else section + MINIMAL
    refused(write(text), *fragments)


def test_004_r101_payout_rows_must_sum_to_the_pool(write: Write) -> None:
    text = MINIMAL.replace("payout_percents = [60, 40]\n", "players = [2, 3]\n")
    text += "[payouts]\n2 = [200]\n3 = [200, 90]\n"
    refused(write(text), "payouts.3", "sum to 290", "pool 300", "E-11")
    text = text.replace("3 = [200, 90]", "3 = [200, 100]")
    assert load_structure(write(text)).prizes(3, 300) == (200, 100)
    refused(write(text.replace("3 = [200, 100]\n", "")), "payouts", "no row for 3 players")


def test_chip_rows_count_each_denomination(write: Write) -> None:
    text = MINIMAL.replace("starting_chips = 10000\n", "players = [2, 3]\n")
    s = load_structure(write(text + "[chips]\n2 = [40, 90]\n3 = 8000\n"))
    assert (s.starting_stack(2), s.starting_stack(3)) == (10000, 8000)
    refused(write(text + "[chips]\n2 = [40]\n3 = 8000\n"), "chips.2", "each of the 2")


def test_the_last_level_takes_no_break(write: Write) -> None:
    text = MINIMAL.replace("colour_up = 25 }", "colour_up = 25, break_minutes = 10 }")
    refused(write(text), "levels[1].break_minutes", "no break follows")


def test_a_missing_or_broken_file_and_an_unknown_name_are_refused(write: Write) -> None:
    refused(write("house = ["), "not valid TOML")
    with pytest.raises(StructureError, match="cannot read"):
        load_structure("/nonexistent/event.toml")
    with pytest.raises(StructureError, match=r"no structure named 'nlhx'.*built-in: oresteen"):
        load_structure("nlhx")


def test_a_named_payout_table_is_a_builtin_one(write: Write) -> None:
    text = MINIMAL.replace("payout_percents = [60, 40]", 'payout_table = "standard"')
    assert load_structure(write(text)).percents_table == builtin_payout_tables()["standard"]
    refused(write(text.replace('"standard"', '"flat"')), "payout_table", "flat")


# -- the built-ins ------------------------------------------------------------------------------
def test_the_builtin_structures() -> None:
    assert structure_names() == (
        "oresteen",
        "nlhe",
        "barge-lammers-plo",
        "barge-lowball-bounty",
        "barge-shootout",
        "barge-jam-or-fold-short-deck-omaha",
        "barge-bomb-pot",
        "barge-horse",
        "barge-26",
    )
    for key in structure_names():
        s = load_structure(key)
        assert s.key == key
        assert s.sources
        assert s.notes
        assert any("house" in note for note in s.notes), key


def test_004_r101_r105_oresteen() -> None:
    s = load_structure("oresteen")
    assert (s.min_players, s.max_players, s.buy_in, s.rebuys) == (5, 16, 25, None)
    assert s.profile == "oresteen"
    assert s.house == "oresteen"
    assert s.seat_cards
    assert s.dealers_choice
    assert find_game(s.games[-1]).name == "Chicago Lowball"
    assert s.side_game == SideGame(after_busts=3, game="nlhe", ante=25, buy_in=10)
    assert s.absent is not None
    assert s.absent.rule == "dead-facing-bet"
    assert len(s.levels) == 9
    assert s.denominations == (50, 100, 500, 1000, 5000)
    assert all(lv.colour_up is None for lv in s.levels)  # 004 has no colour-up rule


def test_e35_lammers_plo() -> None:
    s = load_structure("barge-lammers-plo")
    assert s.lammers == Lammers(count=2, chips=5000, redeem_by_level=12)
    assert s.starting_chips == 10000
    assert s.stakes(s.levels[0], "plo").format == "pot-limit"


def test_000_1_3_barge_formats() -> None:
    bounty = load_structure("barge-lowball-bounty")
    assert bounty.bounty == 25
    assert find_game(bounty.games[0]).id == "D05"
    assert bounty.format == "no-limit"
    assert load_structure("barge-shootout").shootout == Shootout(advance=1)
    jam = load_structure("barge-jam-or-fold-short-deck-omaha")
    assert jam.jam_or_fold
    assert find_game(jam.games[0]).name == "Short Deck Omaha"
    assert load_structure("barge-bomb-pot").bomb_pot


def test_002_the_26_game_mix_rotates_four_hands_of_each_in_chapter_order() -> None:
    s = load_structure("barge-26")
    assert len(s.games) == 26
    assert s.hands_per_game == 4
    assert s.format == "limit"
    assert [find_game(g).name for g in s.games[:4]] == [
        "Duck Flush",
        "Omaha",
        "Five Card Stud",
        "Texas Hold'em",
    ]
    assert s.table_size == min(find_game(g).max_players for g in s.games)
    horse = load_structure("barge-horse")
    assert [find_game(g).id for g in horse.games] == ["F01", "F17", "S05", "S01", "S02"]


@pytest.mark.parametrize(("key", "field"), [("nlhe", 1000), ("barge-26", 300)])
def test_the_levels_rise_steadily_until_a_final_table_is_all_in(key: str, field: int) -> None:
    s = load_structure(key)
    bigs = [lv.big_blind for lv in s.levels]
    assert all(1 < b / a <= 1.5 for a, b in itertools.pairwise(bigs))
    final_table_stack = field * s.starting_stack(field) / s.table_size
    last = s.levels[-1]
    # the last level's forced bets and one round of limits take most of an average stack
    assert 2 * last.big_blind + last.ante >= final_table_stack / 2
    assert len(s.levels) >= 30


def test_colour_ups_come_when_no_amount_needs_the_chip() -> None:
    for key in structure_names():
        s = load_structure(key)
        for level in s.levels:
            if level.colour_up is None:
                continue
            later = [lv for lv in s.levels if lv.number >= level.number]
            chip = s.chips_in_play(level)[0]
            amounts = [a for lv in later for a in (*lv.blinds, lv.ante, lv.bring_in) if a]
            assert all(a % chip == 0 for a in amounts), (key, level.number)


def test_004_r109_a_deal_is_read_and_checked(write: Write) -> None:
    s = load_structure(write(MINIMAL + '[deal]\nplayers = 3\nby = "chop"\n'))
    assert s.deal == Deal(players=3, by="chop")
    assert load_structure(write(MINIMAL + "[deal]\nplayers = 4\n")).deal == Deal(4, "icm")
    refused(write(MINIMAL + '[deal]\nplayers = 3\nby = "coin"\n'), "deal.by", "'coin'")
    refused(write(MINIMAL + "[deal]\nplayers = 1\n"), "deal.players")
    refused(write(MINIMAL + "[deal]\nplayers = 17\n"), "deal.players", "at most 16")
    refused(write(MINIMAL + '[deal]\nby = "even"\n'), "deal", "missing 'players'")
    refused(write(MINIMAL + "[deal]\nplayers = 3\nwhen = 2\n"), "when")
