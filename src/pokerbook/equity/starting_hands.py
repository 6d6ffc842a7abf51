"""A game's starting hands: the cards a player is first dealt, grouped into classes.

The starting hand is every hole card dealt before the game's first other step (a
betting round, a board, a draw, a choice): two in hold'em, four in Omaha, three in
stud, five in draw games.  Hands that the game cannot tell apart, the same up to a
renaming of the suits, form one class (169 in hold'em: ``AA``, ``AKs``, ``AKo`` ...).
Suits are renamed only where the game treats them alike: a permutation of the suits
is a symmetry when it keeps the value of every share of the showdown (checked on
random hands) and maps no wild card named by its suit elsewhere; a game that reads a
suit (a spade in the hole, counting diamonds, red against black) keeps only the
permutations that leave it unchanged, and the joker is its own class of card.

A class is named the way players write it: hold'em's ``AKs``/``AKo``/``AA``;
otherwise its cards by suit, each group one suit (``AK Q J``: ace-king of one suit,
the queen and the jack of two others) where every suit is alike, and its
representative hand's cards where suits matter.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from math import comb, factorial, prod

from pokerbook.cards.card import Card
from pokerbook.cards.notation import format_cards, parse_card
from pokerbook.engine.plan import plan_of
from pokerbook.evaluation.scale import get_scale
from pokerbook.games.house import BARGE, House
from pokerbook.games.model import Choice, DealHole, Effect, Game

#: hands listed one by one (decks or symmetries the class generator does not take)
MAX_LISTED_HANDS = 400_000
#: classes a sweep may list (a sample of them is swept with ``classes``)
MAX_LISTED_CLASSES = 2_000_000
#: random hands each suit permutation is checked on
SYMMETRY_CHECKS = 200
RANK_TEXT = "23456789TJQKA"

#: a permutation of the suits: ``perm[suit]`` is the suit it becomes
SuitMap = tuple[int, ...]


class StartingHandError(ValueError):
    """A game whose starting hands cannot be listed (none dealt, or too many)."""


@dataclass(frozen=True)
class HandClass:
    """One class of starting hands: its name, one hand of it, and how many hands of the
    deck it stands for (``combos``)."""

    name: str
    cards: tuple[Card, ...]
    combos: int

    @property
    def hand(self) -> str:
        return format_cards(self.cards)


def first_dealt(game: Game) -> int:
    """The number of cards a player holds before the game's first step that is not a
    deal of hole cards (raises :class:`StartingHandError` when that is none)."""
    count = 0
    for step in game.steps:
        if not isinstance(step, DealHole):
            break
        count += step.down + step.up
    if count == 0:
        raise StartingHandError(f"{game.name} deals no hole cards before its first step")
    return count


def first_split(game: Game) -> tuple[int, int]:
    """The starting hand's face-down and face-up cards, where the game tells them apart
    (a share of the down cards only, or a rule or choice that may read the up cards:
    wild cards, exposing, buying); else all of them counted as down: ``(cards, 0)``."""
    down = up = 0
    for step in game.steps:
        if not isinstance(step, DealHole):
            break
        down, up = down + step.down, up + step.up
    reads = any(share.cards == "down" for share in game.showdown.shares) or any(
        isinstance(step, Effect | Choice) for step in game.steps
    )
    return (down, up) if up and reads else (down + up, 0)


def _suited(deck: Sequence[Card]) -> tuple[list[int], list[int]]:
    """The ranks and suits of the deck's natural cards."""
    natural = [c for c in deck if not c.is_joker]
    return sorted({c.rank for c in natural}), sorted({c.suit for c in natural})


def _mapped(cards: Sequence[Card], perm: SuitMap) -> list[Card]:
    return [c if c.is_joker else Card.from_rank_suit(c.rank, perm[c.suit]) for c in cards]


def _keeps_values(game: Game, deck: Sequence[Card], perm: SuitMap) -> bool:
    """Whether renaming the suits by ``perm`` keeps every share's value and wild cards."""
    for share in game.showdown.shares:
        named = {parse_card(wild) for wild in share.wild if len(wild) > 1}  # with a suit
        if set(_mapped(list(named), perm)) != named:
            return False
    natural = [c for c in deck if not c.is_joker]
    rng = random.Random(0)
    scales = [get_scale(share.scale) for share in game.showdown.shares]
    for _ in range(SYMMETRY_CHECKS):
        cards = rng.sample(natural, rng.randint(5, min(7, len(natural))))
        moved = _mapped(cards, perm)
        if any(scale.best(cards) != scale.best(moved) for scale in scales):
            return False
    return True


@cache
def symmetries(game: Game, house: House = BARGE) -> tuple[SuitMap, ...]:
    """The suit permutations under which ``game`` plays alike (the identity first)."""
    deck = plan_of(game, house).cards
    _, suits = _suited(deck)
    found: list[SuitMap] = []
    for order in permutations(suits):
        perm = tuple(order[suits.index(s)] if s in suits else s for s in range(4))
        if not found or _keeps_values(game, deck, perm):
            found.append(perm)
    return tuple(found)


def _all_suits_alike(game: Game, house: House) -> bool:
    """Every renaming of four suits is a symmetry, on a deck of every rank in every
    suit and no joker (the case the class generator lists without going by hands)."""
    deck = plan_of(game, house).cards
    ranks, suits = _suited(deck)
    return (
        first_split(game)[1] == 0
        and len(suits) == 4
        and len(deck) == len(ranks) * 4
        and len(symmetries(game, house)) == factorial(4)
    )


def class_count(game: Game, house: House = BARGE) -> int:
    """How many classes of starting hands ``game`` has (counted, not listed: Burnside's
    lemma over the game's suit symmetries)."""
    deck = plan_of(game, house).cards
    perms = symmetries(game, house)
    total = 0
    for perm in perms:
        # a permutation fixes a hand made of whole cycles of cards: count them by length
        cycles: Counter[int] = Counter()
        seen: set[Card] = set()
        for card in deck:
            if card in seen:
                continue
            length, at = 0, card
            while at not in seen:
                seen.add(at)
                length += 1
                at = _mapped([at], perm)[0]
            cycles[length] += 1
        total += _fixed(cycles, *first_split(game))
    return total // len(perms)


def _fixed(cycles: Counter[int], down: int, up: int) -> int:
    """How many hands of ``down`` down and ``up`` up cards a permutation with these
    cycles (length: how many) keeps: each cycle wholly down, wholly up or out."""
    ways = [[0] * (up + 1) for _ in range(down + 1)]
    ways[0][0] = 1
    for length, number in cycles.items():
        for _ in range(number):
            for a in range(down, -1, -1):
                for b in range(up, -1, -1):
                    if a >= length:
                        ways[a][b] += ways[a - length][b]
                    if b >= length:
                        ways[a][b] += ways[a][b - length]
    return ways[down][up]


def hand_count(game: Game, house: House = BARGE) -> int:
    """How many starting hands the deck deals (before grouping)."""
    down, up = first_split(game)
    cards = len(plan_of(game, house).cards)
    return comb(cards, down) * comb(cards - down, up)


def starting_classes(
    game: Game, house: House = BARGE, indices: Sequence[int] | None = None
) -> list[HandClass]:
    """The classes of the game's starting hands in a fixed order (the order seeds a
    sweep), or those at ``indices`` in it; a :class:`StartingHandError` names the
    count when there are too many to list."""
    keys = _listed(game, house)
    chosen = range(len(keys)) if indices is None else indices
    return [_made(keys[i]) for i in chosen]


GroupKey = tuple[tuple[int, ...], ...]


def _listed(game: Game, house: House) -> list[GroupKey] | list[HandClass]:
    """Every class, as its suits' rank sets where all suits are alike (made into
    :class:`HandClass` only when asked for), else found by grouping every hand."""
    classes = class_count(game, house)
    if classes > MAX_LISTED_CLASSES:
        raise StartingHandError(
            f"{game.name} deals {first_dealt(game)} cards first: {classes:,} classes of "
            f"starting hands, more than the {MAX_LISTED_CLASSES:,} a sweep lists"
        )
    if _all_suits_alike(game, house):
        ranks, _ = _suited(plan_of(game, house).cards)
        return list(_generated(ranks, first_dealt(game)))
    hands = hand_count(game, house)
    if hands > MAX_LISTED_HANDS:
        raise StartingHandError(
            f"{game.name} deals {first_dealt(game)} cards first and tells suits apart: "
            f"{hands:,} hands to group, more than the {MAX_LISTED_HANDS:,} a sweep goes through"
        )
    return _grouped(game, house)


def _made(key: GroupKey | HandClass) -> HandClass:
    return key if isinstance(key, HandClass) else _from_groups(key)


def _grouped(game: Game, house: House) -> list[HandClass]:
    """The classes found by grouping every hand (its down cards, then its up cards
    where the game tells them apart) under the game's suit symmetries."""
    deck = sorted(plan_of(game, house).cards)
    perms = symmetries(game, house)
    down, up = first_split(game)
    found: Counter[tuple[tuple[Card, ...], tuple[Card, ...]]] = Counter()
    every = len(perms) == factorial(4) and not any(c.is_joker for c in deck)
    for hole in combinations(deck, down):
        rest = [c for c in deck if c not in hole] if up else []
        for shown in combinations(rest, up):
            if every:
                found[_renamed(hole, shown)] += 1
                continue
            found[
                min(
                    (tuple(sorted(_mapped(hole, perm))), tuple(sorted(_mapped(shown, perm))))
                    for perm in perms
                )
            ] += 1
    out = []
    for (hole, shown), combos in found.items():
        held = tuple(sorted(hole, reverse=True))
        seen = tuple(sorted(shown, reverse=True))
        name = "".join(map(str, held))
        if up:
            name = f"({name}){''.join(map(str, seen))}"
        out.append(HandClass(name, held + seen, combos))
    return out


def _renamed(
    hole: Sequence[Card], shown: Sequence[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hand of the class of ``hole`` and ``shown`` when every renaming of the four
    suits is a symmetry: the suits' (down ranks, up ranks) in order, given spades,
    hearts, diamonds, clubs in turn."""
    by_suit: dict[int, tuple[list[int], list[int]]] = {s: ([], []) for s in range(4)}
    for card in hole:
        by_suit[card.suit][0].append(card.rank)
    for card in shown:
        by_suit[card.suit][1].append(card.rank)
    order = sorted(
        (tuple(sorted(d, reverse=True)), tuple(sorted(u, reverse=True)))
        for d, u in by_suit.values()
    )[::-1]
    held = [Card.from_rank_suit(r, 3 - i) for i, (d, _) in enumerate(order) for r in d]
    seen = [Card.from_rank_suit(r, 3 - i) for i, (_, u) in enumerate(order) for r in u]
    return tuple(sorted(held)), tuple(sorted(seen))


@cache
def _rank_sets(ranks: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """The rank sets of ``size`` cards of one suit, highest first."""
    return tuple(tuple(sorted(c, reverse=True)) for c in combinations(ranks, size))[::-1]


def _partitions(total: int, parts: int, most: int) -> Iterator[tuple[int, ...]]:
    """``total`` as at most ``parts`` sizes, largest first, none above ``most``."""
    if total == 0:
        yield ()
        return
    if parts == 0:
        return
    for first in range(min(total, most), 0, -1):
        for rest in _partitions(total - first, parts - 1, first):
            yield (first, *rest)


def _generated(ranks: Sequence[int], size: int) -> Iterator[GroupKey]:
    """Every class of ``size`` cards when all four suits are alike: the cards of each
    suit as a rank set, the sets in order (largest first, then highest)."""
    ordered = tuple(sorted(ranks))
    for sizes in _partitions(size, 4, len(ordered)):
        yield from _groups(ordered, sizes, None)


def _groups(
    ranks: tuple[int, ...], sizes: tuple[int, ...], above: tuple[int, ...] | None
) -> Iterator[tuple[tuple[int, ...], ...]]:
    """The rank sets of suits of these sizes; a set the same size as the one before
    (``above``) comes after it in order, so each class is listed once."""
    if not sizes:
        yield ()
        return
    head, rest = sizes[0], sizes[1:]
    for first in _rank_sets(ranks, head):
        if above is not None and len(above) == head and first > above:
            continue
        for tail in _groups(ranks, rest, first):
            yield (first, *tail)


def _from_groups(groups: tuple[tuple[int, ...], ...]) -> HandClass:
    """The class whose suits hold these rank sets (spades, hearts, diamonds, clubs)."""
    cards = tuple(
        Card.from_rank_suit(rank, 3 - suit) for suit, group in enumerate(groups) for rank in group
    )
    shown = tuple(sorted(cards, key=lambda c: (-c.rank, -c.suit)))
    alike = Counter((*groups, *[()] * (4 - len(groups))))
    combos = factorial(4) // prod(factorial(n) for n in alike.values())
    return HandClass(_group_name(groups), shown, combos)


def _group_name(groups: tuple[tuple[int, ...], ...]) -> str:
    """``AKs``/``AKo``/``AA`` for two cards, else each suit's ranks (``AK Q J``)."""
    text = ["".join(RANK_TEXT[r - 2] for r in group) for group in groups]
    if sum(map(len, groups)) == 2:
        if len(groups) == 1:
            return text[0] + "s"
        high, low = sorted((groups[0][0], groups[1][0]), reverse=True)
        pair = RANK_TEXT[high - 2] + RANK_TEXT[low - 2]
        return pair if high == low else pair + "o"
    return " ".join(text)
