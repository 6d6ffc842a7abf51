"""House profiles: each built-in profile's choices, as the seeds state them."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from pokerbook.evaluation.qualifiers import qualifies
from pokerbook.evaluation.scale import get_scale
from pokerbook.evaluation.usage import evaluate
from pokerbook.games.house import (
    BARGE,
    FIELD_DOCS,
    HOMEGAME,
    HOUSES,
    ORESTEEN,
    ROBERTS,
    House,
    find_house,
)
from pokerbook.games.model import Share


def test_all_four_profiles_are_registered_and_found_by_name() -> None:
    assert set(HOUSES) == {"barge", "roberts", "oresteen", "homegame"}
    assert find_house("Oresteen") is ORESTEEN
    assert find_house("homegame") is HOMEGAME
    with pytest.raises(KeyError, match="known: barge, roberts, oresteen, homegame"):
        find_house("casino")


def test_new_fields_keep_barge_and_roberts_as_they_were() -> None:
    for house in (BARGE, ROBERTS):
        assert house.low_scale is None
        assert house.low_qualifier is None
        assert not house.ante_with_blinds
        assert not house.spread_limit
        assert not house.bug_at_dealers_choice
        assert house.wild_cards
        assert house.max_players is None
        assert house.draw_high_max is None
        assert not house.stud_high_card_opens
        assert house.omaha_default == "F16"
    assert BARGE.odd_chip == "barge"
    assert ROBERTS.odd_chip == "roberts"
    assert not BARGE.open_pair_double
    assert ROBERTS.open_pair_double


def test_oresteen_odd_chip_goes_left_of_the_dealer_and_to_the_high_hand() -> None:
    assert ORESTEEN.odd_chip == "oresteen"
    assert "r.1a" in ORESTEEN.description
    assert "r.1b" in ORESTEEN.description


def test_oresteen_lows_are_ace_to_six_with_a_nine_qualifier() -> None:
    assert ORESTEEN.low_scale == "a6-low"
    assert ORESTEEN.low_qualifier == "9-or-better"
    assert get_scale(ORESTEEN.low_scale).is_low
    nine_low = evaluate(ORESTEEN.low_scale, "9c 7d 4h 3s As")
    ten_low = evaluate(ORESTEEN.low_scale, "Tc 7d 4h 3s As")
    assert qualifies(nine_low, ORESTEEN.low_qualifier)
    assert not qualifies(ten_low, ORESTEEN.low_qualifier)


def test_oresteen_plays_an_eight_or_better_low_share_as_a6_nine_or_better() -> None:
    low = Share("low", "a5-low", hole_use=(2,), qualifier="8-or-better")
    played = ORESTEEN.share(low)
    assert played == Share("low", "a6-low", hole_use=(2,), qualifier="9-or-better")
    assert BARGE.share(low) == low


def test_oresteen_leaves_high_and_deuce_to_seven_shares_alone() -> None:
    high = Share("high", "high", hole_use=(2,))
    deuce = Share("low", "27-low")
    assert ORESTEEN.share(high) == high
    assert ORESTEEN.share(deuce) == deuce


def test_oresteen_antes_with_blinds_allows_the_bug_and_no_wild_cards() -> None:
    assert ORESTEEN.ante_with_blinds
    assert ORESTEEN.bug_at_dealers_choice
    assert not ORESTEEN.wild_cards
    assert ORESTEEN.spread_limit
    assert not ORESTEEN.half_bet_rule
    assert ORESTEEN.max_players == 8


def test_oresteen_caps_three_raises_but_not_heads_up() -> None:
    assert ORESTEEN.capped(3) == 3
    assert ORESTEEN.capped(2) is None


def test_homegame_draws_three_opens_stud_high_and_plays_omaha_high_low() -> None:
    assert HOMEGAME.draw_high_max == 3
    assert HOMEGAME.stud_high_card_opens
    assert HOMEGAME.open_pair_double
    assert HOMEGAME.omaha_default == "F17"
    assert HOMEGAME.odd_chip == "barge"
    assert HOMEGAME.low_scale is None


def test_choices_list_every_rule_field_with_its_doc() -> None:
    rows = ORESTEEN.choices()
    names = [f.name for f in fields(ORESTEEN) if f.name not in ("name", "description")]
    assert [r.field for r in rows] == names
    assert set(FIELD_DOCS) == set(names)
    by_field = {r.field: r for r in rows}
    assert by_field["odd_chip"].value == "oresteen"
    assert "004 r.1a" in by_field["odd_chip"].doc
    assert by_field["low_qualifier"].value == "9-or-better"


def test_choices_follow_a_replaced_profile() -> None:
    custom = replace(BARGE, name="custom", raise_cap=4)
    assert {r.field: r.value for r in custom.choices()}["raise_cap"] == 4


@pytest.mark.parametrize("house", [ORESTEEN, HOMEGAME])
def test_description_names_the_rulebook(house: House) -> None:
    seed = "004" if house is ORESTEEN else "003"
    assert house.description.startswith(("Oresteen", "The home game"))
    assert f"({seed})" in house.description
