"""Reading an equity question: games, houses, cards, boards and draws, and one clear
error for each thing that can be wrong."""

from __future__ import annotations

import pytest

from pokerbook.cards.notation import parse
from pokerbook.equity.request import EquityError, read_question
from pokerbook.games.catalogue import UnknownGameError


def test_a_question_reads_hands_boards_dead_cards_and_draws() -> None:
    question = read_question(
        "2-7 triple draw", ["7c 5d 4h 3s Kc", "8d 6c 4s 3h 2d"], dead="As", draws=["Kc / pat", "-"]
    )
    assert question.spot.game.id == "D09"
    assert question.spot.hands == (parse("7c 5d 4h 3s Kc"), parse("8d 6c 4s 3h 2d"))
    assert question.spot.dead == parse("As")
    assert question.draws == ((parse("Kc"), ()), ((),))
    assert question.players == 2
    assert not question.random_draws


def test_hands_may_be_one_text_split_by_bars_and_boards_a_list() -> None:
    question = read_question("chowaha", "Ah Kh | Qd Qc", ["2c 3c 4c", "5d 6d 7d"])
    assert question.spot.hands == (parse("Ah Kh"), parse("Qd Qc"))
    assert question.spot.boards == (parse("2c 3c 4c"), parse("5d 6d 7d"))


def test_a_game_asked_with_the_bug_is_dealt_with_it() -> None:
    question = read_question("F01+bug", ["Jo Ah", "Kd Kc"])
    assert question.spot.game.bug
    assert question.house.bug_at_dealers_choice


def test_a_plain_omaha_is_the_house_s_omaha() -> None:
    assert read_question("omaha", ["Ah Kh Qh Jh", ""]).spot.game.id == "F16"
    homegame = read_question("omaha", ["Ah Kh Qh Jh", ""], house="homegame")
    assert homegame.spot.game.id == "F17"


@pytest.mark.parametrize(
    ("hands", "options", "message"),
    [
        (["Ah Kh", "Ah Qc"], {}, "Ah is given twice \\(in hand 1 and hand 2\\)"),
        (["Ah Ah", "Kd Kc"], {}, "Ah is given twice \\(in hand 1\\)"),
        (["Ah Kh", "Qd Qc"], {"dead": "Kh"}, "Kh is given twice"),
        (["Ah Kh Qc", "Qd Qc"], {}, "hand 1 has 3 cards .* deals a hand 2"),
        (["Ah Kh", "Qd Qs"], {"board": "2c 3c 4c 5c 6c 7c"}, "board 1 has 6 cards"),
        (["Ah Kh", "Qd Qs"], {"board": ["2c", "3c"]}, "has 1 board, not 2"),
        (["Ah Kh"], {}, "2 to 10 players, not 1 hands"),
        (["Ah Kx", "Qd Qc"], {}, "hand 1: cannot read 'Kx'"),
        (["Jo Kh", "Qd Qc"], {}, "Jo \\(hand 1\\) is not in Texas Hold'em's deck"),
        (["Ah Kh", "Qd Qc"], {"draw_policy": "greedy"}, "no draw policy named 'greedy'"),
        (["Ah Kh", "Qd Qc"], {"draws": ["", "", "Kh"]}, "draws are given for 3 hands"),
        (["Ah Kh", "Qd Qc"], {"draws": ["Kh"]}, "declared for 1 rounds; Texas Hold'em has 0"),
    ],
)
def test_each_bad_question_is_one_clear_error(
    hands: list[str], options: dict[str, object], message: str
) -> None:
    with pytest.raises(EquityError, match=message):
        read_question("holdem", hands, **options)  # type: ignore[arg-type]


def test_a_card_outside_a_short_deck_is_refused() -> None:
    with pytest.raises(EquityError, match=r"2c .* not in Short Deck"):
        read_question("F03", ["Ah Kh", "2c Qc"])


def test_an_unknown_game_names_close_ones() -> None:
    with pytest.raises(UnknownGameError, match="no game named 'holdum'"):
        read_question("holdum", ["Ah Kh", "Qd Qc"])
