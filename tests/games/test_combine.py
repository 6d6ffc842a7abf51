"""High/low split variations (000 §2.30): ``pokerbook.games.combine.high_low`` and H10,
its example pairing."""

from __future__ import annotations

from dataclasses import replace

import pytest
from click.testing import CliRunner

from pokerbook.cards.notation import parse
from pokerbook.cli.main import cli
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import find_game, games
from pokerbook.games.combine import SOURCE, CombineError, high_low
from pokerbook.games.model import Game, Share
from pokerbook.games.rules_page import rules_page
from pokerbook.games.stakes import Stakes
from pokerbook.history.scripted_dealer import ScriptedDealer

LIMIT_1_2 = Stakes(format="limit", blinds=(1, 2), small_bet=2, big_bet=4)


def _named_as(game: Game, model: Game) -> Game:
    """``game`` with the names and citations of ``model``."""
    return replace(
        game,
        id=model.id,
        name=model.name,
        aliases=model.aliases,
        family=model.family,
        sources=model.sources,
    )


# -- the combiner --------------------------------------------------------------------------


def test_high_low_h10_is_five_card_draw_high_with_chicago_lowball_low() -> None:
    h10 = games()["H10"]
    combined = high_low(find_game("D01"), find_game("D06"))
    assert _named_as(combined, h10) == h10


def test_high_low_stud_and_razz_bet_as_razz_is_stud_high_low_no_qualifier() -> None:
    stud, razz, s04 = find_game("S01"), find_game("S05"), find_game("S04")
    combined = high_low(stud, razz, betting=razz)
    assert _named_as(combined, s04) == s04
    assert combined.bring_in == "high"  # the high card brings in, as in razz
    assert not combined.open_pair_double  # 000 §2.56: always the small bet on 4th street


def test_high_low_keeps_the_high_games_betting_by_default() -> None:
    stud, razz = find_game("S01"), find_game("S05")
    combined = high_low(stud, razz)
    assert (combined.forced, combined.bring_in, combined.first_to_act) == (
        "bring-in",
        "low",
        "high",
    )
    assert combined.open_pair_double
    assert combined.steps == stud.steps


def _with_share(game: Game, share: Share) -> Game:
    """``game`` played for one share of our choosing."""
    return replace(game, showdown=replace(game.showdown, shares=(share,)))


def test_high_low_puts_the_high_share_first_each_as_its_game_declares_it() -> None:
    low8 = _with_share(find_game("S05"), Share("low", "a5-low", qualifier="8-or-better"))
    combined = high_low(find_game("S01"), low8)
    high, low = combined.showdown.shares
    assert high == Share("high", "high")
    assert low == Share("low", "a5-low", qualifier="8-or-better")
    assert combined.showdown.divide == "split"


def test_high_low_names_clashing_shares_high_and_low() -> None:
    # razz and London lowball both call their share "low"
    combined = high_low(find_game("S05"), find_game("S07"))
    assert [(s.name, s.scale) for s in combined.showdown.shares] == [
        ("high", "a5-low"),
        ("low", "a6-low"),
    ]


def test_high_low_keeps_distinct_share_names() -> None:
    badugi = find_game("D11")
    a5_four = replace(_with_share(badugi, Share("a5", "a5-low")), id="X4")
    combined = high_low(a5_four, badugi)
    assert [s.name for s in combined.showdown.shares] == ["a5", "badugi"]


def test_high_low_default_names_family_and_sources() -> None:
    draw, lowball = find_game("D01"), find_game("D06")
    combined = high_low(draw, lowball)
    assert combined.id == "D01+D06"
    assert combined.name == "Five Card Draw (high) / Chicago Lowball (low)"
    assert combined.family == "draw"
    assert combined.aliases == ()
    assert combined.sources[0] == SOURCE
    assert set(draw.sources) | set(lowball.sources) <= set(combined.sources)
    assert len(set(combined.sources)) == len(combined.sources)
    named = high_low(
        draw, lowball, game_id="X1", name="Draw High-Low", aliases=("dhl",), sources=("000 §2.30",)
    )
    assert (named.id, named.name, named.aliases, named.sources) == (
        "X1",
        "Draw High-Low",
        ("dhl",),
        ("000 §2.30",),
    )


def test_high_low_of_two_families_is_a_hybrid() -> None:
    draw = find_game("D01")
    other = replace(find_game("D06"), family="other")
    assert high_low(draw, other).family == "hybrid"
    assert high_low(draw, other, family="draw").family == "draw"


def test_high_low_plays_in_the_formats_both_games_allow_at_the_smaller_table() -> None:
    draw = replace(find_game("D01"), formats=("limit", "no-limit"), max_players=7)
    lowball = replace(find_game("D06"), formats=("pot-limit", "no-limit"), max_players=8)
    combined = high_low(draw, lowball)
    assert combined.formats == ("no-limit",)
    assert combined.max_players == 7


def test_high_low_refuses_games_with_no_format_in_common() -> None:
    draw = replace(find_game("D01"), formats=("limit",))
    lowball = replace(find_game("D06"), formats=("no-limit",))
    with pytest.raises(CombineError, match="share no betting format"):
        high_low(draw, lowball)


@pytest.mark.parametrize(
    ("high", "low", "message"),
    [
        ("F01", "D06", "not dealt the same way"),  # a board, against a draw
        ("S01", "S12", "not dealt the same way"),  # Mississippi's streets differ
        ("D01", "D08", "not dealt the same way"),  # one draw, against three
        ("D01", "D05", "different decks"),  # California lowball has the joker
        ("S02", "S05", "already split"),
        ("S01", "S04", "already split"),
    ],
)
def test_high_low_refuses_games_that_cannot_be_one_high_low_game(
    high: str, low: str, message: str
) -> None:
    with pytest.raises(CombineError, match=message):
        high_low(find_game(high), find_game(low))


def test_high_low_refuses_the_betting_of_a_third_game() -> None:
    with pytest.raises(CombineError, match="the betting must be"):
        high_low(find_game("S01"), find_game("S05"), betting=find_game("S07"))


def test_high_low_refuses_conditional_steps_that_differ() -> None:
    jackson, draw = find_game("D03"), find_game("D01")
    same_steps = replace(draw, steps=jackson.steps, forced="antes")
    with pytest.raises(CombineError, match="not dealt the same way"):
        high_low(jackson, same_steps)


# -- a hand of the combination -------------------------------------------------------------


def _deal(game: Game, seats: list[str]) -> Hand:
    dealer = ScriptedDealer([parse(cards) for cards in seats], ())
    return Hand(game, LIMIT_1_2, [100] * len(seats), dealer=dealer)


def test_high_low_the_high_share_takes_the_odd_chip() -> None:
    game = high_low(find_game("D01"), find_game("D06"))
    hand = _deal(game, ["As 2d 3c 4h 6s", "Kc 9d 7h 5c Jd", "Qh Qd Qc 8s 8d"])
    for action in ("cc", "f", "cc", "sd", "sd", "cc", "cc"):
        hand.act(action)
    assert hand.done
    awards = [(e.seat, e.detail, e.amount) for e in hand.events if e.kind == "award"]
    assert awards == [(2, "high", 3), (0, "low", 2)]


def test_high_low_a_half_nobody_qualifies_for_goes_to_the_other() -> None:
    # stud high with stud/8's qualified low: no low of eight or better
    qualified = _with_share(find_game("S05"), Share("low", "a5-low", qualifier="8-or-better"))
    game = high_low(find_game("S01"), qualified)
    stakes = Stakes(format="limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
    seats = ["Kh Kd 9s Qc Js 2d 2c", "Ah Ad As Qd Jh Tc 7s"]
    hand = Hand(game, stakes, [100, 100], dealer=ScriptedDealer([parse(c) for c in seats], ()))
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        hand.act("pb" if legal.bring_in is not None else "cc")
    assert [(e.seat, e.detail) for e in hand.events if e.kind == "award"] == [(1, "high")]


# -- H10 in the catalogue and its rules page -----------------------------------------------


def test_high_low_h10_is_found_by_the_catalogue_name() -> None:
    assert find_game("High/Low Split variations").id == "H10"
    assert find_game("five card draw high/low").id == "H10"


def test_high_low_h10_rules_page_says_it_is_a_combiner() -> None:
    page = rules_page(find_game("H10"))
    assert page.title.startswith("High/Low Split (Five Card Draw / Chicago Lowball)")
    sources = " ".join(page.section("Sources").lines)
    assert "a combiner of any two games dealt alike, one high and one low" in sources
    assert "Five Card Draw (D01) high with Chicago Lowball (D06) low" in sources
    showdown = page.section("Showdown").lines
    assert showdown[0].startswith("High: ")
    assert showdown[1].startswith("Low: ")
    result = CliRunner().invoke(cli, ["rules", "H10"])
    assert result.exit_code == 0
    assert "combiner" in result.output
    assert "in a split pot, to the high share" in result.output
