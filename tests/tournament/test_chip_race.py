"""The chip race of a colour-up (001 Tournaments r.8; suits by 001 Ties r.1)."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbook.cards import STANDARD_CARDS, Card, parse_card
from pokerbook.tournament.chip_race import ChipRace, ChipRaceError, chip_race


class StackedDeck(random.Random):
    """A random source whose shuffles put ``top`` (card text) first, in that order, the
    rest of the deck after them: the cards a test deals are the cards it chose."""

    def __init__(self, *top: str) -> None:
        super().__init__(0)
        self.top = [parse_card(text) for text in top]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        rest = [card for card in x if card not in self.top]
        x[:] = [*self.top, *rest]


def card_order(race: ChipRace) -> list[tuple[Card, int]]:
    """Every card dealt with its seat, the highest card first."""
    dealt = [(parse_card(text), seat) for seat, hand in enumerate(race.cards) for text in hand]
    return sorted(dealt, reverse=True)


def test_001_r8_chips_enough_for_a_new_chip_are_changed_up_directly() -> None:
    race = chip_race([1175, 200, 1000], 25, 100, random.Random(3))
    assert race.odd_chips == (3, 0, 0)
    assert race.after[1:] == (200, 1000)
    assert race.after[0] in (1100, 1200)


def test_001_r8_one_card_per_odd_chip_clockwise_from_seat_1_all_of_a_players_cards_first() -> None:
    seed = 11
    race = chip_race([1075, 1050, 1025, 1000, 1075], 25, 100, random.Random(seed))
    deck = list(STANDARD_CARDS)
    random.Random(seed).shuffle(deck)
    dealt = [str(card) for card in deck[: sum(race.odd_chips)]]
    assert race.odd_chips == (3, 2, 1, 0, 3)
    assert race.cards == (tuple(dealt[0:3]), tuple(dealt[3:5]), (dealt[5],), (), tuple(dealt[6:9]))


def test_001_r8_the_highest_card_by_suit_wins_the_first_chip() -> None:
    race = chip_race([1050, 1050], 50, 100, StackedDeck("Ah", "As"))
    assert race.cards == (("Ah",), ("As",))
    assert race.won == (0, 1)
    assert race.after == (1000, 1100)


def test_001_ties_r1_suits_rank_spades_hearts_diamonds_clubs() -> None:
    race = chip_race([1050] * 4, 50, 100, StackedDeck("7c", "7h", "7d", "7s"))
    assert race.won == (0, 1, 0, 1)


def test_001_r8_the_second_highest_card_wins_the_next_chip_and_so_on() -> None:
    race = chip_race(
        [1075, 1075, 1050], 25, 100, StackedDeck("2c", "Kd", "3c", "Ks", "4c", "5c", "Kh", "6c")
    )
    assert sum(race.odd_chips) == 8
    assert race.won == (0, 1, 1)  # Ks, then Kh; Kd is third and there is no third chip


def test_001_r8_a_player_may_win_with_each_of_their_cards() -> None:
    deck = StackedDeck("As", "Ah", "Ad", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc")
    race = chip_race([1075] * 4, 25, 100, deck)
    assert race.odd_chips == (3, 3, 3, 3)
    assert race.won == (3, 0, 0, 0)
    assert race.after == (1300, 1000, 1000, 1000)


def test_001_r8_leftover_half_or_more_gives_the_highest_card_left_a_chip() -> None:
    race = chip_race([1050, 1025, 1025], 25, 100, StackedDeck("2c", "3c", "As", "Kd"))
    # 4 odd chips: 1 new chip (As); nothing is left over
    assert race.won == (0, 1, 0)
    race = chip_race(
        [1050, 1025, 1025, 1050], 25, 100, StackedDeck("2c", "3c", "As", "Kd", "Qh", "4c")
    )
    # 6 odd chips: 1 new chip (As) and 2 left, half of the 4 needed: Kd's holder gets one
    assert race.won == (0, 1, 1, 0)
    assert race.change == 2 * 100 - 6 * 25


def test_001_r8_leftover_under_half_goes_to_nobody() -> None:
    race = chip_race([1050, 1025, 1050], 25, 100, StackedDeck("2c", "3c", "As", "Kd", "Qh"))
    # 5 odd chips: 1 new chip (As), 1 left of the 4 needed: removed
    assert race.won == (0, 1, 0)
    assert race.change == 100 - 5 * 25
    race = chip_race([1025, 1000], 25, 100, StackedDeck("As"))
    assert race.won == (0, 0)
    assert race.after == (1000, 1000)


def test_001_r8_nobody_is_raced_out_the_player_with_nothing_is_given_a_chip_first() -> None:
    race = chip_race([1075, 25], 25, 100, StackedDeck("As", "Ks", "Qs", "2c"))
    # 4 odd chips make 1 new chip; seat 1's aces would win it, but seat 2 would have nothing
    assert race.given == (False, True)
    assert race.won == (0, 1)
    assert race.after == (1000, 100)


def test_001_r8_a_gift_can_leave_another_player_with_nothing_who_is_given_one_too() -> None:
    stacks = [25, 25, 1050, 1050]
    race = chip_race(stacks, 25, 100, StackedDeck("2c", "Kd", "As", "3c", "4c", "5c"))
    # 6 odd chips: 1 new chip and half left over: 2 chips, to As (seat 3) and Kd (seat 2);
    # seat 1 is given one first, which leaves 1 for As, and seat 2 is then given one too
    assert race.given == (True, True, False, False)
    assert race.won == (1, 1, 0, 0)
    assert race.after == (100, 100, 1000, 1000)


def test_001_r8_every_bare_stack_is_given_a_chip_even_beyond_the_chips_raced() -> None:
    race = chip_race([25, 25, 25], 25, 100, random.Random(5))
    assert race.after == (100, 100, 100)
    assert race.change == 300 - 75


def test_001_r8_an_empty_seat_takes_no_part() -> None:
    race = chip_race([0, 1025, 0], 25, 100, random.Random(2))
    assert race.cards[0] == race.cards[2] == ()
    assert race.after[0] == race.after[2] == 0


def test_001_r8_more_odd_chips_than_a_deck_deals_from_another_deck() -> None:
    stacks = [10_475] * 10  # 19 odd 25s each (to 500): 190 cards, four decks
    race = chip_race(stacks, 25, 500, random.Random(8))
    assert [len(hand) for hand in race.cards] == [19] * 10
    assert sum(race.won) == 190 // 20 + 1  # 9 new chips, 10 left over of the 20 needed
    assert all(a % 500 == 0 for a in race.after)


@pytest.mark.parametrize(
    ("stacks", "removed", "denomination"),
    [([100], 25, 90), ([100], 25, 25), ([110], 25, 100), ([-25], 25, 100), ([100], 0, 100)],
)
def test_001_r8_chips_that_do_not_fit_are_refused(
    stacks: list[int], removed: int, denomination: int
) -> None:
    with pytest.raises(ChipRaceError):
        chip_race(stacks, removed, denomination, random.Random(0))


CHIPS = st.sampled_from([(25, 100), (5, 25), (100, 500), (25, 500), (500, 1000), (1, 5), (50, 100)])


def expected_new_chips(pool: int, per_chip: int) -> int:
    left = pool % per_chip
    return pool // per_chip + (1 if left and 2 * left >= per_chip else 0)


def check_cards_win_in_order(race: ChipRace) -> None:
    """The chips raced for (not given) went to the highest cards of the players not
    given one, in order (when every card is different)."""
    given = {seat for seat, g in enumerate(race.given) if g}
    raced = sum(race.won) - len(given)
    order = [seat for _card, seat in card_order(race) if seat not in given]
    winners: list[int] = [0] * len(race.before)
    for seat in order[:raced]:
        winners[seat] += 1
    assert [w - (seat in given) for seat, w in enumerate(race.won)] == winners


def race_problems(race: ChipRace, stacks: Sequence[int]) -> None:
    removed, denomination = race.removed, race.denomination
    per_chip = race.per_chip
    assert race.before == tuple(stacks)
    assert race.odd_chips == tuple(s % denomination // removed for s in stacks)
    assert [len(hand) for hand in race.cards] == list(race.odd_chips)
    assert all(after % denomination == 0 for after in race.after)
    # the chips in play change only by the race: new chips in, raced chips out
    assert race.change == sum(race.won) * denomination - sum(race.odd_chips) * removed
    for before, after, odd, won in zip(
        race.before, race.after, race.odd_chips, race.won, strict=True
    ):
        assert after == before - odd * removed + won * denomination
        assert (after > 0) == (before > 0)  # nobody raced out, no empty seat given chips
    gifts = sum(race.given)
    assert sum(race.won) == max(expected_new_chips(sum(race.odd_chips), per_chip), gifts)
    assert all(s < denomination for s, g in zip(stacks, race.given, strict=True) if g)


@settings(max_examples=300, deadline=None)
@given(
    chips=CHIPS,
    units=st.lists(st.integers(0, 60), min_size=1, max_size=10),
    seed=st.integers(0, 2**32),
)
def test_001_r8_property_chips_change_only_by_the_race_and_nobody_is_raced_out(
    chips: tuple[int, int], units: list[int], seed: int
) -> None:
    removed, denomination = chips
    stacks = [u * removed for u in units]
    race = chip_race(stacks, removed, denomination, random.Random(seed))
    race_problems(race, stacks)
    if sum(race.odd_chips) <= len(STANDARD_CARDS):
        check_cards_win_in_order(race)


def test_001_r8_the_same_seed_races_the_same() -> None:
    stacks = [1075, 25, 2050, 975]
    a = chip_race(stacks, 25, 100, random.Random(4))
    b = chip_race(stacks, 25, 100, random.Random(4))
    assert a == b
