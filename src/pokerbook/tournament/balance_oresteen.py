"""The ``oresteen`` profile: 004 r.105, r.107, r.108 (Oresteen's Tournament Night).

* r.107: when the table between hands has two or more players more than another
  table, the deck is shuffled and each of its players gets one card face up, dealt
  clockwise from the button's left (001 Ties r.2); the lowest card moves (aces high,
  the deuce lowest; suits do not count: players tied for low get another card, until
  one is lowest).  When two players must move, the deal is made again for the second.
* r.108: the short table's open seats are numbered clockwise from the button's left:
  Ace the first open seat, 2 the second ...  Cards are dealt face up to the moving
  players, in the order they were chosen, until one gets an Ace: that player takes
  the Ace seat; the cards are reshuffled and dealt to the others until one gets a
  deuce, and so on.  So m movers fill the open seats Ace to m, and the cards decide
  who takes which; a single mover (or the last one) takes the next seat without a
  deal — the deal could only end with them.
* r.108: when the remaining players are down to 8 (or to one table's seats, if fewer),
  a new complete table is formed as if starting fresh: a seat-card draw (r.105) at
  the lowest-numbered open table, the Ace's seat with the button.
* Beyond the rulebook's two tables: with three or more tables, the highest-numbered
  table breaks (001 r.12) while the others hold the field, down to two tables; its
  players each go to a table with the fewest players (ties at random) and take
  their seats there by r.108's cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from pokerbook.cards import Card
from pokerbook.tournament.balancing_floor import (
    Floor,
    FloorError,
    break_tables,
    close_empty,
    redraw_or_wait,
)
from pokerbook.tournament.model import FloorDecision, FloorTable, MoveReason, ProfileName
from pokerbook.tournament.seating_draw import SEAT_CARD_RANKS, Draw, seat_cards, shuffled_deck

#: r.108: the remaining players at which a new complete table is formed
FINAL_TABLE_AT = 8

#: a fresh shuffled deck each time it is called (r.108's reshuffle before each seat)
Shuffle = Callable[[], Iterator[Card]]


def shuffler(rng: random.Random) -> Shuffle:
    """Fresh decks shuffled with ``rng``."""

    def fresh() -> Iterator[Card]:
        while True:
            yield from shuffled_deck(rng)

    return fresh


def deal_order(table: FloorTable) -> list[int]:
    """The occupied seats clockwise from the button's left (001 Ties r.2)."""
    size = len(table.seats)
    start = 0 if table.button is None else table.button + 1
    order = [(start + k) % size for k in range(size)]
    return [seat for seat in order if table.seats[seat] is not None]


def open_seat_numbers(table: FloorTable) -> list[int]:
    """r.108: the empty seats in their numbering — Ace (the first element) is the
    first open seat to the left of the button, then clockwise."""
    size = len(table.seats)
    start = 0 if table.button is None else table.button + 1
    order = [(start + k) % size for k in range(size)]
    return [seat for seat in order if table.seats[seat] is None]


def lowest_card(players: Sequence[str], deck: Iterator[Card]) -> tuple[str, list[tuple[str, Card]]]:
    """r.107: one card to each player in turn; the lowest by rank (aces high) moves,
    ties for low get another card until one is lowest.  Returns the mover and every
    card dealt, in order."""
    if not players:
        raise FloorError("nobody to deal a card to")
    dealt: list[tuple[str, Card]] = []
    in_play = list(players)
    while len(in_play) > 1:
        cards = [(player, next(deck)) for player in in_play]
        dealt.extend(cards)
        low = min(card.rank for _, card in cards)
        in_play = [player for player, card in cards if card.rank == low]
    return in_play[0], dealt


def seats_by_cards(
    movers: Sequence[str], seats: int, shuffle: Shuffle
) -> tuple[list[tuple[str, int]], list[tuple[str, Card]]]:
    """r.108: which mover takes open seat number 1 (Ace), 2, ... (``seats`` of them).
    For each seat number in turn the deck is reshuffled and cards dealt face up to the
    movers still waiting, in turn, until one gets the card of that number.  Returns
    (mover, open seat number from 0) in the order of the seats, and the cards dealt."""
    if len(movers) > seats:
        raise FloorError(f"{len(movers)} players to seat in {seats} open seats")
    waiting = list(movers)
    taken: list[tuple[str, int]] = []
    dealt: list[tuple[str, Card]] = []
    for number in range(len(movers)):
        if len(waiting) == 1 or number >= len(SEAT_CARD_RANKS):
            taken.append((waiting.pop(0), number))
            continue
        deck = shuffle()
        wanted = SEAT_CARD_RANKS[number]
        turn = 0
        while True:
            card = next(deck)
            dealt.append((waiting[turn], card))
            if card.rank == wanted:
                taken.append((waiting.pop(turn), number))
                break
            turn = (turn + 1) % len(waiting)
    return taken, dealt


class OresteenProfile:
    """004 r.107-108 (see the module's docstring).  ``cards`` holds the cards dealt by
    the last decision: (what for, player, card)."""

    name: ProfileName = "oresteen"

    def __init__(self) -> None:
        self.cards: list[tuple[str, str, str]] = []

    def tolerance(self, tables: int) -> int:
        """r.107: a table two or more players bigger than another is balanced."""
        return 1

    def decide(
        self,
        tables: Sequence[FloorTable],
        finished: int,
        started_tables: int,
        rng: random.Random,
    ) -> FloorDecision:
        """What the floor does after a hand at table ``finished``."""
        self.cards = []
        floor = Floor(tables, finished)
        shuffle = shuffler(rng)
        if len(floor.open_tables()) > 1 and floor.players() <= min(FINAL_TABLE_AT, floor.seats):

            def draw(players: list[str], keep: list[int]) -> Draw:
                return seat_cards(players, floor.seats, rng, numbers=keep)

            redraw_or_wait(floor, 1, draw)
            return floor.decision()
        close_empty(floor)
        pending = break_tables(
            floor, lambda f, t, c: self.seat_broken(f, t, c, shuffle, rng), keep_at_least=2
        )
        self.balance(floor, pending, shuffle)
        return floor.decision()

    def balance(self, floor: Floor, pending: tuple[int, ...], shuffle: Shuffle) -> None:
        """r.107: while the finished table has two or more players more than the table
        with the fewest, its lowest card moves there; then r.108 seats the movers."""
        source = floor.tables[floor.finished]
        if source.number in floor.broken:
            return
        skip = {source.number, *pending}
        others = [t for t in floor.open_tables() if t.number not in skip]
        size = {t.number: t.size for t in others}
        room = {t.number: len(t.empty_seats()) for t in others}
        chosen: list[str] = []
        going: dict[int, list[tuple[FloorTable, str]]] = {}
        while candidates := [n for n in sorted(size) if room[n] > 0]:
            least = min(size[n] for n in candidates)
            if source.size - len(chosen) < least + 2:
                break
            target = next(n for n in candidates if size[n] == least)
            order = [p for s in deal_order(source) if (p := source.seats[s]) and p not in chosen]
            mover, dealt = lowest_card(order, shuffle())
            self.note("r.107", dealt)
            chosen.append(mover)
            going.setdefault(target, []).append((source, mover))
            size[target] += 1
            room[target] -= 1
        for target, movers in going.items():
            self.seat(floor, movers, floor.tables[target], "balance", shuffle)

    def seat_broken(
        self,
        floor: Floor,
        broken: FloorTable,
        closing: list[int],
        shuffle: Shuffle,
        rng: random.Random,
    ) -> None:
        """A broken table's players: each to a table with the fewest players (ties at
        random; not a table in ``closing``), then seated there by r.108's cards."""
        others = [t for t in floor.open_tables() if t.number not in closing]
        size = {t.number: t.size for t in others}
        room = {t.number: len(t.empty_seats()) for t in others}
        going: dict[int, list[tuple[FloorTable, str]]] = {}
        for player in broken.players:
            candidates = [n for n in sorted(size) if room[n] > 0]
            if not candidates:
                raise FloorError(f"no empty seat for the players of table {broken.number}")
            least = min(size[n] for n in candidates)
            target = rng.choice([n for n in candidates if size[n] == least])
            going.setdefault(target, []).append((broken, player))
            size[target] += 1
            room[target] -= 1
        for target, movers in sorted(going.items()):
            self.seat(floor, movers, floor.tables[target], "break", shuffle)

    def seat(
        self,
        floor: Floor,
        movers: list[tuple[FloorTable, str]],
        target: FloorTable,
        why: MoveReason,
        shuffle: Shuffle,
    ) -> None:
        """r.108: the movers take the target's open seats Ace, 2, ... by the cards."""
        numbered = open_seat_numbers(target)
        taken, dealt = seats_by_cards([p for _, p in movers], len(numbered), shuffle)
        self.note("r.108", dealt)
        source_of = {player: table for table, player in movers}
        for player, number in taken:
            source = source_of[player]
            floor.move(source, source.seats.index(player), target, numbered[number], why)

    def note(self, rule: str, dealt: list[tuple[str, Card]]) -> None:
        self.cards.extend((rule, player, str(card)) for player, card in dealt)
