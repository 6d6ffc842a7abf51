"""Starting hands grouped into classes alike up to the suits' names: counts, the hands
each class stands for, names, and games whose suits are not alike."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from pokerbook.cards.card import Card
from pokerbook.engine.plan import plan_of
from pokerbook.equity.starting_hands import (
    StartingHandError,
    class_count,
    first_dealt,
    first_split,
    hand_count,
    starting_classes,
    symmetries,
)
from pokerbook.games.catalogue import find_game


@pytest.mark.parametrize(
    ("game", "cards"), [("F01", 2), ("F16", 4), ("S01", 3), ("D01", 5), ("S15", 2), ("F07", 3)]
)
def test_the_starting_hand_is_what_is_dealt_before_the_first_other_step(
    game: str, cards: int
) -> None:
    assert first_dealt(find_game(game)) == cards


def test_holdem_has_169_classes_13_pairs_78_suited_78_offsuit() -> None:
    classes = starting_classes(find_game("F01"))
    names = [c.name for c in classes]
    assert len(set(names)) == 169
    assert sum(c.combos for c in classes) == comb(52, 2)
    pairs = [c for c in classes if len(c.name) == 2]
    suited = [c for c in classes if c.name.endswith("s")]
    offsuit = [c for c in classes if c.name.endswith("o")]
    assert (len(pairs), len(suited), len(offsuit)) == (13, 78, 78)
    assert {c.combos for c in pairs} == {6}
    assert {c.combos for c in suited} == {4}
    assert {c.combos for c in offsuit} == {12}
    by_name = {c.name: c for c in classes}
    assert by_name["AKs"].cards[0].suit == by_name["AKs"].cards[1].suit
    assert by_name["72o"].cards[0].suit != by_name["72o"].cards[1].suit


def _orbit_key(hand: tuple[Card, ...], perms: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """A hand's class, found the slow way: the least of its images under the perms."""
    return min(
        tuple(
            sorted(
                c.index if c.is_joker else Card.from_rank_suit(c.rank, p[c.suit]).index
                for c in hand
            )
        )
        for p in perms
    )


@pytest.mark.parametrize("game", ["F01", "F03", "S31"])
def test_the_classes_are_the_orbits_of_every_hand_under_the_games_symmetries(
    game: str,
) -> None:
    found = find_game(game)
    perms = symmetries(found)
    deck = plan_of(found).cards
    orbits = Counter(_orbit_key(hand, perms) for hand in combinations(deck, first_dealt(found)))
    classes = starting_classes(found)
    assert class_count(found) == len(classes) == len(orbits)
    assert sum(c.combos for c in classes) == hand_count(found)
    # each class's hand lies in an orbit of exactly its size, and no two share an orbit
    keys = [_orbit_key(c.cards, perms) for c in classes]
    assert len(set(keys)) == len(keys)
    assert all(orbits[key] == c.combos for key, c in zip(keys, classes, strict=True))


@pytest.mark.parametrize(("game", "count"), [("F16", 16_432), ("S01", 1_755)])
def test_larger_starts_count_and_cover_every_hand(game: str, count: int) -> None:
    found = find_game(game)
    classes = starting_classes(found)
    assert class_count(found) == len(classes) == count
    assert sum(c.combos for c in classes) == hand_count(found)
    assert len({c.cards for c in classes}) == count


def test_suits_the_game_reads_are_kept_apart() -> None:
    # High Chicago splits with the best spade in the hole: spades stay spades
    chicago = symmetries(find_game("S22"))
    assert len(chicago) == 6
    assert all(perm[3] == 3 for perm in chicago)
    # 7 with a Twist's wild Js, Jh and Kd: only spades and hearts may swap
    assert symmetries(find_game("S24")) == ((0, 1, 2, 3), (0, 1, 3, 2))
    assert len(symmetries(find_game("F01"))) == 24


def test_the_five_card_draw_count_is_known_and_a_sample_is_listed_by_place() -> None:
    draw = find_game("D01")
    assert class_count(draw) == 134_459
    omaha = find_game("F16")
    every = starting_classes(omaha)
    assert starting_classes(omaha, indices=[3, 900, 16_431]) == [every[3], every[900], every[-1]]
    assert every[0].name == "AKQJ"
    assert every[0].combos == 4


def test_too_many_hands_to_list_is_refused_naming_the_count() -> None:
    with pytest.raises(StartingHandError, match="6,009,159 classes"):
        starting_classes(find_game("H09"))
    with pytest.raises(StartingHandError, match="2,869,685 hands"):
        starting_classes(find_game("D05"))


def test_up_cards_count_apart_where_the_game_reads_them() -> None:
    # plain stud: only the cards matter; High Chicago's spade must be down, Follow the
    # Queen's up queens make wild cards, Mexican Poker's down joker is wild
    assert first_split(find_game("S01")) == (3, 0)
    assert first_split(find_game("S22")) == (2, 1)
    assert first_split(find_game("S26")) == (2, 1)
    assert first_split(find_game("S19")) == (1, 1)
    queen = find_game("S26")
    classes = starting_classes(queen)
    assert class_count(queen) == len(classes) == len({c.name for c in classes})
    assert sum(c.combos for c in classes) == hand_count(queen) == comb(52, 2) * 50
    by_name = {c.name: c for c in classes}
    assert by_name["(QsQh)Qd"].combos == 12  # three queens, any one of the four up
    assert by_name["(QsQh)Qd"].hand == "Qs Qh Qd"  # down cards first, as dealt


def _pair_key(
    down: tuple[Card, ...], up: tuple[Card, ...], perms: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return min((_orbit_key(down, (p,)), _orbit_key(up, (p,))) for p in perms)


def test_down_and_up_classes_are_the_orbits_of_every_deal() -> None:
    mexican = find_game("S19")
    perms = symmetries(mexican)
    deck = plan_of(mexican).cards
    orbits = Counter(_pair_key((down,), (up,), perms) for down in deck for up in deck if up != down)
    classes = starting_classes(mexican)
    assert class_count(mexican) == len(classes) == len(orbits)
    keys = [_pair_key(c.cards[:1], c.cards[1:], perms) for c in classes]
    assert all(orbits[key] == c.combos for key, c in zip(keys, classes, strict=True))
