"""Reading an equity question: games, houses, cards, boards and draws, and one clear
error for each thing that can be wrong."""

from __future__ import annotations

from pathlib import Path

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


def test_a_game_s_facts_are_read_once_per_game_and_house() -> None:
    from pokerbook.equity.request import game_facts, read_house
    from pokerbook.games.catalogue import find_game

    game = find_game("F17")
    house = read_house(None)
    facts = game_facts(game, house)
    assert game_facts(game, house) is facts
    assert facts.game is game
    assert facts.house is house
    assert facts.hole_cards == 4
    assert facts.board_sizes == (5,)
    assert facts.rounds == 0
    assert len(facts.deck) == 52
    assert game_facts(game, read_house("roberts")) is not facts


def test_a_bug_game_s_facts_deal_it_with_the_bug() -> None:
    from pokerbook.equity.request import game_facts, read_house
    from pokerbook.games.catalogue import find_game

    facts = game_facts(find_game("F01+bug"), read_house("roberts"))
    assert facts.house.bug_at_dealers_choice
    assert len(facts.deck) == 53
    question = read_question("F01+bug", ["Jo Ah", "Kd Kc"], house="roberts")
    assert question.house is facts.house


def test_the_same_name_finds_the_same_game_and_the_same_answer() -> None:
    first = read_question("plo8", ["As 2s 3d Kd", "Ah Kh Qc Jc"], "2h 5c Qs")
    again = read_question("plo8", ["As 2s 3d Kd", "Ah Kh Qc Jc"], "2h 5c Qs")
    assert again.spot.game is first.spot.game
    assert again == first


def test_a_game_file_is_read_again_each_time(tmp_path: Path) -> None:
    example = Path(__file__).parents[2] / "docs" / "examples" / "my-game.toml"
    mine = tmp_path / "mine.toml"
    mine.write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    before = read_question(str(mine), ["As 2s 3d Kd", "Ah Kh Qc Jc"]).spot.game
    mine.write_text(
        example.read_text(encoding="utf-8").replace("max_players = 8", "max_players = 2"),
        encoding="utf-8",
    )
    with pytest.raises(EquityError, match="2 to 2 players"):
        read_question(str(mine), ["As 2s 3d Kd", "Ah Kh Qc Jc", "7c 8c 9d Td"])
    assert before.max_players == 8


@pytest.mark.parametrize(
    ("hands", "board", "dead", "message"),
    [
        (["Ah Kh", "Ah Qc"], "", "", "Ah is given twice (in hand 1 and hand 2)"),
        (["Ah Kh", "Qd Qc"], "2c 2c 3d", "", "2c is given twice (in board 1)"),
        (["Ah Kh", "Qd Qc"], "2c 3c 4d", "4d", "4d is given twice (in board 1 and dead)"),
    ],
)
def test_a_card_given_twice_is_named_where_it_is(
    hands: list[str], board: str, dead: str, message: str
) -> None:
    with pytest.raises(EquityError) as error:
        read_question("holdem", hands, board, dead)
    assert str(error.value) == message
