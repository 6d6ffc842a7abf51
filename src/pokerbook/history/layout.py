"""Laying out a hand history's cards before it is replayed.

Each ``d dh`` and ``d db`` line becomes cards in a seat's or the board's queue;
draws and shows are followed seat by seat so that cards a player later shows
(or throws in a known draw) fill the places where the history had ``??``; and
every card still unknown becomes a card nobody else holds (a stud up card
nobody recorded gets the card least likely to bring in, so the recorded
bring-in stands).  A history that names every card and has no draws is laid
out the quick way (:func:`_lay_out_known`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter
from typing import Any, Final

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.games.bring_in import bring_in_key
from pokerbook.games.model import DealHole, Game
from pokerbook.history.model import HandHistory, PHHError, Step


@dataclass(slots=True)
class Layout:
    """The history's cards made concrete: what the dealer deals, and the cards
    each draw or discard throws."""

    holes: Sequence[Sequence[Card]]
    board: list[Card]
    unknown: list[Card]  # cards chosen for ``??`` (nobody saw them)
    thrown: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # step -> cards


def _up_pattern(game: Game) -> list[bool]:
    """Which of a seat's dealt cards are face up, in dealing order."""
    out: list[bool] = []
    for step in game.steps:
        if isinstance(step, DealHole):
            out += [False] * step.down + [True] * step.up
    return out


def _bring_in_risk(game: Game, card: Card) -> tuple[int, int, int]:
    """Orders cards from the least to the most likely to bring in."""
    return bring_in_key(game.bring_in or "low", card)


class _Slots:
    """Every card the history deals, as a slot (None while unknown), followed
    through the hands that hold it."""

    def __init__(self, source: str, players: int) -> None:
        self.source = source
        self.slots: list[Card | None] = []
        self.queues: list[list[int]] = [[] for _ in range(players)]  # dealt, by seat
        self.board: list[int] = []
        self.holding: list[list[int]] = [[] for _ in range(players)]  # held now
        self.thrown: dict[int, list[int]] = {}  # step -> slots thrown
        self.gone: set[int] = set()  # slots thrown away (their cards may come again)
        #: slots given (``gv``) or discarded (``dc``, which a rule may pass on) and
        #: not yet received (``rc``)
        self.moving: list[int] = []

    def take(self, pos: int, step: Step) -> None:
        """Follow one step of the history."""
        kind = step.kind
        if kind in ("dh", "db"):
            self._deal(step)
        elif kind == "rc" and step.seat is not None:
            self._receive(step, step.seat)
        elif kind in ("sd", "dc", "sm", "gv") and step.cards:
            assert step.seat is not None
            if kind == "sm":
                self._show(step, step.seat)
            else:
                self._throw(pos, step, step.seat)

    def _deal(self, step: Step) -> None:
        seat = step.seat
        target = self.board if seat is None else self.queues[seat]
        for card in step.cards:
            target.append(len(self.slots))
            if seat is not None:
                self.holding[seat].append(len(self.slots))
            self.slots.append(card)

    def _receive(self, step: Step, seat: int) -> None:
        """Cards another player gave or passed: the same slots move to this player."""
        slots = self.slots
        for card in step.cards:
            match = next(
                (sid for sid in self.moving if card is None or slots[sid] in (card, None)), None
            )
            if match is None:
                raise PHHError(
                    f"{self.source}: action {step.position + 1} {step.text!r}: "
                    "receives a card nobody gave"
                )
            if card is not None:
                slots[match] = card
            self.moving.remove(match)
            self.gone.discard(match)  # a discard passed on is held again
            self.holding[seat].append(match)

    def _show(self, step: Step, seat: int) -> None:
        shown: list[int] = []
        for card in step.cards:
            if card is not None:
                shown.append(self._claim(step, seat, card, "shows", shown))

    def _throw(self, pos: int, step: Step, seat: int) -> None:
        """A draw, discard or give: the cards leave the seat's hand."""
        # known cards first, so a ``??`` never takes the slot a known card needs
        sids: list[int] = []
        for card in sorted(step.cards, key=lambda c: c is None):
            sids.append(self._claim(step, seat, card, "throws", sids))
        for sid in sids:
            self.holding[seat].remove(sid)
            if step.kind != "sd":
                self.moving.append(sid)
            if step.kind != "gv":
                self.gone.add(sid)
        if step.kind != "gv":
            self.thrown[pos] = sids

    def _claim(self, step: Step, seat: int, card: Card | None, verb: str, taken: list[int]) -> int:
        """The slot of ``seat``'s holding with ``card`` (an unknown one if needed)."""
        slots = self.slots
        held = [sid for sid in self.holding[seat] if sid not in taken]
        if card is not None:
            for sid in held:
                if slots[sid] is card:
                    return sid
        for sid in held:
            if slots[sid] is None:
                if card is not None:
                    slots[sid] = card
                return sid
        shown = "an unknown card" if card is None else str(card)
        raise PHHError(
            f"{self.source}: action {step.position + 1} {step.text!r}: "
            f"p{seat + 1} {verb} {shown}, which they do not hold"
        )

    def _check_twice(self) -> set[Card]:
        """The cards named, each held by one slot at a time; refuses a card dealt
        again while still held."""
        seen: dict[Card, int] = {}
        for sid, slot in enumerate(self.slots):
            if slot is not None:
                other = seen.get(slot)
                if other is not None and other not in self.gone:
                    raise PHHError(f"{self.source}: {slot} is dealt twice")
                seen[slot] = sid
        return set(seen)

    def _fill_unknown(self, game: Game, named: set[Card]) -> list[int]:
        """Give every unknown slot a card nobody holds; returns those slots."""
        slots = self.slots
        spare = [c for c in deck(game.deck).cards if c not in named]
        unknown_ids = [sid for sid, slot in enumerate(slots) if slot is None]
        if len(unknown_ids) > len(spare):
            raise PHHError(f"{self.source}: more cards are dealt than the deck holds")
        if unknown_ids and game.is_stud and game.bring_in:
            pattern = _up_pattern(game)
            up_ids = [
                sid
                for queue in self.queues
                for k, sid in enumerate(queue)
                if slots[sid] is None and k < len(pattern) and pattern[k]
            ]
            safest = sorted(spare, key=lambda c: _bring_in_risk(game, c))
            for sid in up_ids:
                slots[sid] = safest.pop(0)
            chosen = {slots[sid] for sid in up_ids}
            spare = [c for c in spare if c not in chosen]
        for sid in unknown_ids:
            if slots[sid] is None:
                slots[sid] = spare.pop(0)
        return unknown_ids

    def layout(self, game: Game) -> Layout:
        unknown_ids = self._fill_unknown(game, self._check_twice())

        def concrete(sids: Sequence[int]) -> list[Card]:
            return [c for c in (self.slots[s] for s in sids) if c is not None]

        return Layout(
            holes=[concrete(q) for q in self.queues],
            board=concrete(self.board),
            unknown=concrete(unknown_ids),
            thrown={pos: tuple(concrete(sids)) for pos, sids in self.thrown.items()},
        )


def lay_out(history: HandHistory) -> Layout:
    """Give every card slot of the history a card (see the module docs)."""
    known = _lay_out_known(history)
    if known is not None:
        return known
    slots = _Slots(history.source, history.players)
    for pos, step in enumerate(history.steps):
        slots.take(pos, step)
    return slots.layout(history.game)


_DRAWS: Final = frozenset({"sd", "dc", "gv", "rc"})  # cards leaving (or moving between) hands
KIND: Final = itemgetter(Step._fields.index("kind"))
_CARDS: Final = itemgetter(Step._fields.index("cards"))


def _lay_out_known(history: HandHistory) -> Layout | None:
    """The layout of a history that names every card and has no draws (None
    for any other history)."""
    steps = history.steps
    if not _DRAWS.isdisjoint(map(KIND, steps)):
        return None
    # each seat's cards as a tuple: one street of hole cards is then the step's own tuple
    holes: list[tuple[Card | None, ...]] = [()] * len(history.starting_stacks)
    board: list[Card | None] = []
    shows: list[Step] = []
    for step in compress(steps, map(_CARDS, steps)):  # the steps with cards
        kind = step.kind
        if kind == "dh" and step.seat is not None:
            holes[step.seat] += step.cards
        elif kind == "db":
            board += step.cards
        elif None in step.cards:
            return None
        else:
            shows.append(step)
    unique = set(board).union(*holes)
    if None in unique:
        return None
    if len(unique) != len(board) + sum(map(len, holes)):
        dealt = [card for held in holes for card in held] + board
        twice = sorted({str(c) for c in dealt if dealt.count(c) > 1})
        raise PHHError(f"{history.source}: {', '.join(twice)} dealt twice")
    for step in shows:  # (inline, not a call: nearly every hand shows cards)
        if step.kind == "sm" and step.seat is not None:
            shown = holes[step.seat]
            for card in step.cards:
                if card not in shown:
                    raise PHHError(
                        f"{history.source}: action {step.position + 1} {step.text!r}: "
                        f"p{step.seat + 1} shows {card}, which they do not hold"
                    )
    # no card is None here (checked above); annotated, not cast (a call each hand)
    known_holes: list[Any] = holes
    known_board: list[Any] = board
    return Layout(known_holes, known_board, [], {})
