"""Stakes as text and the one check that a game can be dealt at them."""

from __future__ import annotations

import pytest

from pokerbook.games.catalogue import find_game
from pokerbook.games.rules_page import forced_money
from pokerbook.games.stakes import STAKES_SYNTAX, Stakes, StakesError, stakes_problem
from pokerbook.table.night import NightError, check_stakes


def test_stakes_text_names_blinds_straddles_antes_bring_in_bets_and_a_spread() -> None:
    assert Stakes.parse("1/2/4 ante 1") == Stakes(blinds=(1, 2, 4), ante=1)
    assert Stakes.parse("ante 1 bring in 2", "limit") == Stakes("limit", ante=1, bring_in=2)
    assert Stakes.parse("ante 1 bets 2/4", "limit") == Stakes(
        "limit", ante=1, small_bet=2, big_bet=4
    )
    spread = Stakes.parse("50/100 ante 50 spread 100-500", "spread-limit")
    assert (spread.blinds, spread.ante, spread.spread) == ((50, 100), 50, (100, 500))


def test_a_spread_defaults_to_the_big_blind_up_to_five_times_it_004_r6c() -> None:
    assert Stakes.parse("1/2", "spread-limit").spread == (2, 10)
    assert Stakes.parse("ante 1 bring-in 2", "spread-limit").spread == (2, 10)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2/1", "blinds go small to big ('2/1' has 2 before 1): write the small blind first"),
        ("1/2/1", "blinds go small to big"),
        ("0/0", "blinds are 1 chip or more, not '0/0'"),
        ("-1/2", "a blind cannot be negative (-1)"),
        ("1/2 ante -1", "the ante cannot be negative (-1)"),
        ("ante 1 bring-in -2", "the bring-in cannot be negative (-2)"),
    ],
)
def test_blinds_out_of_order_of_no_chips_or_negative_are_refused(text: str, message: str) -> None:
    with pytest.raises(StakesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Stakes.parse(text)


@pytest.mark.parametrize("text", ["abc", "ante", "ante x", "1/2 ante 1 ante 2", "", "1/b"])
def test_unreadable_stakes_say_what_a_stakes_text_looks_like(text: str) -> None:
    with pytest.raises(StakesError) as caught:
        Stakes.parse(text)
    message = str(caught.value)
    assert STAKES_SYNTAX in message
    assert "invalid literal" not in message
    assert "Stakes(" not in message


def test_limit_bets_and_a_spread_belong_to_their_formats() -> None:
    with pytest.raises(StakesError, match="'bets SMALL/BIG' are limit bets, not no-limit"):
        Stakes.parse("1/2 bets 2/4", "no-limit")
    with pytest.raises(StakesError, match="'spread MIN-MAX' is for spread-limit, not limit"):
        Stakes.parse("1/2 spread 2-10", "limit")


def test_negative_stakes_name_the_amount_not_the_object() -> None:
    with pytest.raises(StakesError) as caught:
        Stakes(ante=-1)
    assert str(caught.value) == "stakes cannot be negative: ante"


@pytest.mark.parametrize("game_id", ["D02", "H07", "H09"])
def test_an_ante_game_needs_an_ante_and_refuses_blinds_it_never_posts(game_id: str) -> None:
    game = find_game(game_id)
    assert stakes_problem(game, Stakes("limit", ante=1)) is None
    assert "an ante game: its stakes need an ante" in str(
        stakes_problem(game, Stakes("limit", blinds=(1, 2)))
    )
    assert "posts antes only, no blinds" in str(
        stakes_problem(game, Stakes("limit", blinds=(1, 2), ante=1))
    )


def test_jackson_may_have_blinds_its_lowball_round_posts_004_r13_02() -> None:
    assert stakes_problem(find_game("D03"), Stakes("limit", blinds=(1, 2), ante=1)) is None
    assert stakes_problem(find_game("D03"), Stakes("limit", blinds=(1, 2))) is not None


def test_stud_needs_a_bring_in_and_posts_no_blinds() -> None:
    razz = find_game("S05")
    assert "stud game: its stakes need a bring_in" in str(
        stakes_problem(razz, Stakes("limit", blinds=(1, 2)))
    )
    assert "no blinds" in str(
        stakes_problem(razz, Stakes("limit", blinds=(1, 2), ante=1, bring_in=2))
    )
    assert stakes_problem(razz, Stakes("limit", ante=1, bring_in=2)) is None


def test_night_files_refuse_stakes_with_the_same_check() -> None:
    with pytest.raises(
        NightError, match=r"D02 \(Jacks-or-Better\) is an ante game.*\[stakes.D02\]"
    ):
        check_stakes(find_game("D02"), Stakes("limit", blinds=(10, 20)))
    with pytest.raises(NightError, match=r"\[stakes.D02\]"):
        check_stakes(find_game("D02+bug"), Stakes("limit", blinds=(10, 20)))


def test_spread_limit_is_played_wherever_limit_is_004_r7() -> None:
    spread = Stakes.parse("1/2", "spread-limit")
    assert stakes_problem(find_game("F01"), spread) is None
    assert "is not played spread-limit" in str(stakes_problem(find_game("F33"), spread))


@pytest.mark.parametrize("game_id", ["D02", "H07", "H09"])
def test_an_ante_games_rules_page_says_antes_not_blinds(game_id: str) -> None:
    assert forced_money(find_game(game_id)) == "antes: every player antes; no blinds"


def test_jacksons_rules_page_says_its_blinds_come_from_its_rules() -> None:
    words = forced_money(find_game("D03"))
    assert words.startswith("antes")
    assert "blinds only when the game's rules post them" in words
    assert forced_money(find_game("F01")).startswith("blinds")
