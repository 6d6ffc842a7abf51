"""Rules pages: the words generated from a game's definition."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from pokerbook.games.catalogue import all_games, find_game, games
from pokerbook.games.house import BARGE, HOMEGAME, ORESTEEN, ROBERTS
from pokerbook.games.model import DiscardRound, Step
from pokerbook.games.rules_page import (
    describe_deck,
    describe_steps,
    house_notes,
    rules_page,
    scale_words,
)


def test_holdem_streets_in_order() -> None:
    streets = describe_steps(find_game("F01"))
    assert streets[0] == "Deal 2 cards face down to each player"
    assert streets[1].startswith("Betting round (small bet)")
    assert streets[2] == "Flop: 3 cards to the board"
    assert streets[4] == "Turn: 1 card to the board"
    assert streets[5].startswith("Betting round (big bet)")
    assert streets[6] == "River: 1 card to the board"
    assert streets[-1] == "Showdown"
    assert len(streets) == 9


def test_holdem_page_overview_showdown_and_sources() -> None:
    page = rules_page(find_game("F01"))
    assert page.title == "Texas Hold'em (F01)"
    overview = page.section("Overview").lines
    assert "Family: flop" in overview
    assert "Deck: standard (52 cards)" in overview
    assert any(line.startswith("Forced money: blinds") for line in overview)
    assert "Betting formats: limit, pot-limit, no-limit" in overview
    assert any("holdem" in line for line in overview if line.startswith("Also called"))
    (high,) = page.section("Showdown").lines
    assert high.startswith("High: Standard high hands")
    assert "any cards from hole and board" in high
    assert "004 r.13.12 (Oresteen's Dealer's Choice rules)" in page.section("Sources").lines


def test_razz_page_names_stud_streets_bring_in_and_low() -> None:
    game = find_game("S05")
    page = rules_page(game)
    streets = page.section("Streets").lines
    assert streets[0] == "1. Third street: deal 2 cards face down and 1 face up to each player"
    assert streets[1] == "2. Betting round (small bet), starting with the bring-in"
    assert streets[2] == "3. Fourth street: deal 1 card face up to each player"
    assert "lowest hand showing" in streets[3]
    assert streets[8] == "9. Seventh street: deal 1 card face down to each player"
    overview = page.section("Overview").lines
    assert any("antes and a bring-in" in x and "highest up card" in x for x in overview)
    (low,) = page.section("Showdown").lines
    assert low.startswith("Low: Ace-to-five (California) low")
    assert "scale a5-low" in low


def test_badugi_page_has_three_draws_of_up_to_four() -> None:
    page = rules_page(find_game("D11"))
    streets = page.section("Streets").lines
    draws = [s for s in streets if "Draw:" in s]
    assert len(draws) == 3
    assert all(s.endswith("Draw: each player may discard up to 4 and draw as many") for s in draws)
    assert streets[0] == "1. Deal 4 cards face down to each player"
    (share,) = page.section("Showdown").lines
    assert share.startswith("Badugi: Badugi")
    assert "scale badugi" in share


def test_omaha_high_low_uses_two_hole_cards_and_splits() -> None:
    lines = rules_page(find_game("F17")).section("Showdown").lines
    assert "exactly 2 hole cards and 3 board cards" in lines[0]
    assert "must qualify: 8-or-better" in lines[1]
    assert lines[2].startswith("Split pot:")


def test_house_section_lists_every_choice() -> None:
    page = rules_page(find_game("F17"), ORESTEEN)
    house = page.section("House: oresteen").lines
    assert "- odd_chip = oresteen: " in "\n".join(house)
    assert sum(line.startswith("- low_scale = a6-low") for line in house) == 1
    assert "- Low: played on a6-low, not a5-low" in house
    assert "- Low: qualifier 9-or-better, not 8-or-better" in house


def test_default_house_is_barge() -> None:
    page = rules_page(find_game("D01"))
    assert page.sections[3].title == "House: barge"


def test_odd_chip_notes_differ_by_house_and_game() -> None:
    stud8, holdem = find_game("S02"), find_game("F01")
    assert "highest card by suit" in house_notes(BARGE, stud8)[0]
    assert "to the high share" in house_notes(BARGE, stud8)[0]
    assert "lowest card by suit" in house_notes(ROBERTS, stud8)[0]
    assert "first seat left of the button" in house_notes(BARGE, holdem)[0]
    assert "dealer's left" in house_notes(ORESTEEN, stud8)[0]


def test_raise_cap_note_follows_the_house() -> None:
    game = find_game("F01")
    assert "Limit: a bet and 3 raises, unlimited heads-up" in house_notes(BARGE, game)
    tournament = replace(BARGE, tournament=True, raise_cap=4)
    assert "Limit: a bet and 4 raises" in house_notes(tournament, game)
    assert "Limit: no raise cap" in house_notes(replace(BARGE, raise_cap=None), game)


def test_homegame_notes_draw_three_only_in_single_draw_high() -> None:
    assert "Draw: at most 3 cards" in house_notes(HOMEGAME, find_game("D01"))
    assert "Draw: at most 3 cards" not in house_notes(HOMEGAME, find_game("D07"))
    assert "Draw: at most 3 cards" not in house_notes(HOMEGAME, find_game("D09"))


def test_render_is_plain_text_with_every_section() -> None:
    text = rules_page(find_game("S05"), HOMEGAME).render()
    assert text.startswith("Razz (S05)\n==========\n")
    for title in ("Overview", "Streets", "Showdown", "House: homegame", "Sources"):
        assert f"\n{title}\n" in text


def test_every_registered_game_has_a_page() -> None:
    for game in all_games():
        page = rules_page(game)
        streets = page.section("Streets").lines
        assert len(streets) == len(game.steps) + 1


def test_all_games_are_in_id_order_and_complete() -> None:
    ids = [g.id for g in all_games()]
    assert sorted(ids) == sorted(games())
    families = [i[0] for i in ids]
    assert families == sorted(families, key="FSDH".index)
    assert ids.index("F01") < ids.index("F16") < ids.index("S01") < ids.index("D01")


def test_discard_and_unknown_steps_are_described() -> None:
    @dataclass(frozen=True)
    class Shuffle:
        times: int

    base = find_game("F01")
    steps = (base.steps[0], DiscardRound(1), Shuffle(2), *base.steps[1:])
    game = replace(base, steps=cast("tuple[Step, ...]", steps))
    lines = describe_steps(game)
    assert lines[1] == "Discard: each player discards 1 card, not replaced"
    assert lines[2] == repr(Shuffle(2))


def test_deck_and_scale_words() -> None:
    assert describe_deck("short") == "short (36 cards: 2s to 5s removed)"
    assert describe_deck("standard-joker") == "standard-joker (53 cards: 52 cards and the joker)"
    assert "not a known deck" in describe_deck("tarot")
    assert scale_words("a6-low").startswith("Ace-to-six (London/Chicago) low")
    assert scale_words("badugi").startswith("Badugi (000 §2.7, App.A; 002 ch.5): the most cards")
    assert scale_words("no-such-scale") == "no-such-scale"


def test_homegame_stud_opens_high_and_doubles_on_an_open_pair() -> None:
    stud = find_game("S01")
    notes = house_notes(HOMEGAME, stud)
    assert "The highest up card starts the betting on third street" in notes
    assert "Limit: an open pair on fourth street allows the big bet" in notes
    assert "Limit: no big bet on fourth street for an open pair" in house_notes(BARGE, stud)


def test_homegame_plain_omaha_is_high_low() -> None:
    assert 'A plain "Omaha" means F17 here' in house_notes(HOMEGAME, find_game("F16"))
    assert not any("Omaha" in n for n in house_notes(BARGE, find_game("F16")))
