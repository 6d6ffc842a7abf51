"""Card text: parsing, printing, the joker's names and errors."""

from __future__ import annotations

import pytest

from pokerbook.cards import (
    JOKER,
    STANDARD_CARDS,
    Card,
    CardSyntaxError,
    format_cards,
    parse,
    parse_card,
    to_cards,
)

ALL_53 = (*STANDARD_CARDS, JOKER)


@pytest.mark.parametrize("card", ALL_53, ids=str)
def test_str_round_trip_for_all_53_cards(card: Card) -> None:
    assert parse(str(card)) == (card,)
    assert parse_card(str(card)) is card


@pytest.mark.parametrize("card", ALL_53, ids=str)
def test_symbol_round_trip_for_all_53_cards(card: Card) -> None:
    assert parse(card.symbol) == (card,)


def test_whole_deck_round_trips_through_text() -> None:
    text = format_cards(ALL_53)
    assert parse(text) == ALL_53
    assert parse(format_cards(ALL_53, symbols=True)) == ALL_53
    assert parse(text.replace(" ", "")) == ALL_53


@pytest.mark.parametrize("text", ["10h", "Th", "th", "TH", "10H", "10♥", "T♥"])
def test_ten_spellings(text: str) -> None:
    assert parse(text) == (Card.from_rank_suit(10, 2),)


def test_ten_as_10_in_a_run_of_cards() -> None:
    assert [str(c) for c in parse("10h10dJc")] == ["Th", "Td", "Jc"]
    assert [str(c) for c in parse("10s 10c")] == ["Ts", "Tc"]


def test_suit_symbols() -> None:
    assert [str(c) for c in parse("A♠ K♥ Q♦ J♣")] == ["As", "Kh", "Qd", "Jc"]
    assert [str(c) for c in parse("A♠K♥Q♦J♣")] == ["As", "Kh", "Qd", "Jc"]


def test_no_space_and_comma_text() -> None:
    expected = [str(c) for c in parse("As Kd 7c")]
    assert expected == ["As", "Kd", "7c"]
    for text in ("AsKd7c", "As,Kd,7c", "As, Kd, 7c", "  As   Kd 7c  ", "as kd 7C"):
        assert [str(c) for c in parse(text)] == expected, text


def test_empty_text_is_no_cards() -> None:
    assert parse("") == ()
    assert parse("   ") == ()


@pytest.mark.parametrize("text", ["Jo", "jo", "JO", "Joker", "joker", "JK", "Jk", "*"])
def test_joker_notations(text: str) -> None:
    assert parse(text) == (JOKER,)


def test_joker_next_to_jacks() -> None:
    # "Jo" is the joker, "Jc" the jack of clubs; either order, with or without spaces
    assert parse("JoJc") == (JOKER, parse_card("Jc"))
    assert parse("JcJo") == (parse_card("Jc"), JOKER)
    assert parse("Js Jo Jh") == (parse_card("Js"), JOKER, parse_card("Jh"))


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("As Zz Kd", "Zz"),
        ("As K", "K"),
        ("1h", "1h"),
        ("As Kd 11c", "11c"),
        ("Ah Qx", "Qx"),
        ("hello", "hello"),
    ],
)
def test_bad_text_names_the_token(text: str, token: str) -> None:
    with pytest.raises(CardSyntaxError) as info:
        parse(text)
    assert repr(token) in str(info.value)


def test_card_syntax_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="Zz"):
        parse("Zz")


def test_parse_card_wants_exactly_one() -> None:
    with pytest.raises(CardSyntaxError, match="one card"):
        parse_card("As Kd")
    with pytest.raises(CardSyntaxError, match="one card"):
        parse_card("")


def test_to_cards_accepts_text_cards_and_indices() -> None:
    ace = parse_card("As")
    assert to_cards("As Kd") == parse("As Kd")
    assert to_cards(ace) == (ace,)
    assert to_cards([ace, "Kd", 0, "Jo"]) == (ace, parse_card("Kd"), parse_card("2c"), JOKER)
    assert to_cards(["As Kd", "Qh"]) == parse("As Kd Qh")
    assert to_cards((51, 52)) == (ace, JOKER)
    with pytest.raises(CardSyntaxError):
        to_cards([1.5])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="53"):
        to_cards([53])


def test_format_cards() -> None:
    cards = parse("As Td 2c Jo")
    assert format_cards(cards) == "As Td 2c Jo"
    assert format_cards(cards, symbols=True) == "A♠ T♦ 2♣ Jo"
    assert format_cards(()) == ""


def test_parse_is_repeatable() -> None:
    # the result does not depend on an earlier call with the same text
    first = parse("Ah Kh Qh")
    second = parse("Ah Kh Qh")
    assert first == second == (parse_card("Ah"), parse_card("Kh"), parse_card("Qh"))


def test_xx_is_not_read_as_jokers() -> None:
    with pytest.raises(CardSyntaxError, match="Xx"):
        parse("As Xx")
