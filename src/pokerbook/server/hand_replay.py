"""A finished hand as one reader may see it again: for the replayer and its download.

A person sees again their own cards of a hand they were dealt (known by the token
they held then, not by the seat: a seat's next occupant sees nothing of it), every
card dealt face up or to a board, and every card shown at the showdown; everything
else is ``??``.  Once the night is over, every hand is public (the night's
``hands.phhs`` holds every card): the replay shows every card.
"""

from __future__ import annotations

from typing import Any

from pokerbook.cards.card import Card
from pokerbook.engine.views import HIDDEN, view
from pokerbook.server.exports import hand_phh
from pokerbook.server.table import FinishedHand, Table


def reader_seat(finished: FinishedHand, token_hashes: list[str]) -> int | None:
    """The hand's seat of the person holding one of ``token_hashes``, if dealt in."""
    for seat, held in enumerate(finished.tokens):
        if held is not None and held in token_hashes:
            return seat
    return None


def hand_summary(finished: FinishedHand) -> dict[str, Any]:
    result = finished.result
    return {
        "number": result.number,
        "game": result.game.id,
        "name": result.game.name,
        "deltas": {str(s + 1): d for s, d in enumerate(result.deltas) if d},
    }


def hand_replay(table: Table, finished: FinishedHand, seat: int | None) -> dict[str, Any]:
    """The hand as the reader in the hand's seat ``seat`` (None: nobody dealt in) sees
    it: who sat where with what, and its events in table seats from 1."""
    result = finished.result
    hand = result.hand
    dealt = result.dealt
    public = table.status == "ended"
    shown = view(hand, seat)
    events = [e.to_dict() for e in hand.events] if public else shown["events"]
    for event in events:
        if event.get("seat") is not None:
            event["seat"] = dealt[event["seat"]] + 1
    seats = []
    for index, table_seat in enumerate(dealt):
        player = shown["players"][index]
        cards = [str(c) for c in hand.hole[index]] if public else player["cards"]
        seats.append(
            {
                "seat": table_seat + 1,
                "name": finished.names[index],
                "stack": hand.starting_stacks[index],
                "cards": cards,
                "you": index == seat,
            }
        )
    out: dict[str, Any] = {
        **hand_summary(finished),
        "format": hand.stakes.format,
        "button": dealt[hand.button] + 1,
        "seats": seats,
        "boards": shown["boards"],
        "events": events,
        "results": finished.results,
        "commitment": finished.deal.commitment,
    }
    if "runs" in shown:
        out["runs"] = shown["runs"]
    return out


def hand_phh_for(table: Table, finished: FinishedHand, seat: int | None) -> str:
    """The hand's PHH as the reader in the hand's seat ``seat`` may see it: before the
    night is over the cards they may not see are ``??`` and the deal's seed and salt
    are left out (they would tell every card); after it, the whole history."""
    if table.status == "ended":
        return hand_phh(table, finished)
    hand = finished.result.hand
    hidden, choices = _hidden(hand, seat)
    return hand_phh(table, finished, hidden=hidden, hidden_choices=choices, seed=False)


def _hidden(hand: Any, seat: int | None) -> tuple[frozenset[Card], frozenset[int]]:
    """The cards the reader may not see, and the seats whose choices they may not."""
    seen = view(hand, seat)["events"]
    hidden: set[Card] = set()
    visible: set[Card] = set()
    choices: set[int] = set()
    for event, told in zip(hand.events, seen, strict=True):
        for field, cards in (("cards", event.cards), ("discarded", event.discarded)):
            if not cards:
                continue
            texts = str(told.get(field, "")).split()
            for card, text in zip(cards, texts, strict=False):
                (hidden if text == HIDDEN else visible).add(card)
        if event.kind == "choice" and told.get("detail") == HIDDEN and event.seat is not None:
            choices.add(event.seat)
    return frozenset(hidden - visible), frozenset(choices)
