"""House profiles the engine plays by: the choices the rulebooks disagree on."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pokerbook.engine.errors import HandConfigurationError
from pokerbook.engine.hand import Hand
from pokerbook.games.house import BARGE, HOMEGAME, ORESTEEN, House
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

PL = Stakes("pot-limit", blinds=(1, 2))
LIMIT = Stakes("limit", blinds=(1, 2), small_bet=2, big_bet=4)
STUD = Stakes("limit", ante=1, bring_in=1, small_bet=2, big_bet=4)


def check_down(hand: Hand) -> None:
    while not hand.done:
        hand.act("cc")


@pytest.mark.parametrize(("house", "split"), [(BARGE, False), (ORESTEEN, True)])
def test_oresteen_lows_are_ace_to_six_with_a_nine_qualifier_004_r2_r13_10(
    table: Table, house: House, split: bool
) -> None:
    # Omaha/8: p2's 9-6-4-3-2 low (hole 9d 6c, board 4s 3h 2c) qualifies in Oresteen's
    # house (ace-to-six, 9 or better), not under BARGE's eight-or-better
    hands = {0: "Ah Ad Kc Qs", 1: "9d 6c Js Jh"}
    hand = table.hand("F17", PL, [100, 100], hands, "4s 3h 2c Tc Ts", house=house)
    check_down(hand)
    low_awards = [e for e in hand.events if e.kind == "award" and e.detail == "low"]
    assert bool(low_awards) is split
    if split:
        assert [e.seat for e in low_awards] == [1]


def test_oresteen_deals_eight_players_at_most_004_r14() -> None:
    with pytest.raises(HandConfigurationError, match="2 to 8 players in the oresteen house"):
        Hand("F01", PL, [100] * 9, house=ORESTEEN)
    assert Hand("F01", PL, [100] * 9, house=BARGE).actor is not None


def test_homegame_five_card_draw_draws_three_at_most_003_five_card_draw(table: Table) -> None:
    hand = table.hand("D01", LIMIT, [100] * 3, house=HOMEGAME)
    while hand.decision == "bet":
        hand.act("cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.draw == (0, 3)
    barge = table.hand("D01", LIMIT, [100] * 3)
    while barge.decision == "bet":
        barge.act("cc")
    legal = barge.legal()
    assert legal is not None
    assert legal.draw == (0, 5)


def test_homegame_stud_highest_up_card_starts_the_betting_003_seven_card_stud(
    table: Table,
) -> None:
    hands = {0: "2h 3h Ks", 1: "4d 5d 2c", 2: "6s 7s 9h"}
    assert table.hand("S01", STUD, [100] * 3, hands).actor == 1  # BARGE: the 2c brings in
    hand = table.hand("S01", STUD, [100] * 3, hands, house=HOMEGAME)
    assert hand.actor == 0  # the Ks, the highest up card


@pytest.mark.parametrize("game_id", ["S24", "S25", "S26", "S28"])
def test_oresteen_deals_no_wild_card_games_004_r3(game_id: str) -> None:
    with pytest.raises(HandConfigurationError, match="wild cards, which the oresteen house"):
        Hand(game_id, STUD, [100] * 3, house=ORESTEEN)
    assert Hand(game_id, STUD, [100] * 3, house=BARGE).actor is not None
