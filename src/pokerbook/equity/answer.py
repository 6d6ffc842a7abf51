"""The answer to an equity question as a plain dict (what ``--json`` prints):

``{"game": ID, "exact": true, "boards": N, "hands": [{"hand": "Ah Kh", "equity": x,
"high": x, "low": x, "scoop": x}]}``, or ``"trials": N`` and each hand's ``"error"``
(the standard error of its equity) when sampled; ``high``/``low``/``scoop`` only in
split games (a showdown of more than one share: ``high`` is the hand's part of the
first share, ``low`` of the second, 1 when taken whole; ``scoop`` how often it took the
whole pot alone).
"""

from __future__ import annotations

from typing import Any

from pokerbook.cards.card import JOKER_INDEX, Card
from pokerbook.equity.request import EquityError
from pokerbook.equity.sample import standard_errors
from pokerbook.equity.spot import Spot, Tally

#: each card's text, by index
_TEXTS = tuple(str(Card.of(index)) for index in range(JOKER_INDEX + 1))


def hand_text(cards: tuple[Card, ...]) -> str:
    """A hand's cards as text (``"Ah Kh"``), as ``format_cards`` writes them."""
    return " ".join([_TEXTS[card.index] for card in cards])


def is_split(spot: Spot) -> bool:
    """Whether the game's showdown has more than one share."""
    return len(spot.game.showdown.shares) > 1


def answer(spot: Spot, tally: Tally, *, exact: bool) -> dict[str, Any]:
    """The dict of the answer (see the module)."""
    if tally.weight <= 0:
        raise EquityError("no deal came to a showdown")
    weight = tally.weight
    split = is_split(spot)
    errors = standard_errors(tally) if not exact else []
    hands: list[dict[str, Any]] = []
    for seat, cards in enumerate(spot.hands):
        row: dict[str, Any] = {"hand": hand_text(cards), "equity": tally.equity[seat] / weight}
        if split:
            row["high"] = tally.high[seat] / weight
            row["low"] = tally.low[seat] / weight
            row["scoop"] = tally.scoop[seat] / weight
        if not exact:
            row["error"] = errors[seat]
        hands.append(row)
    count = "boards" if exact else "trials"
    return {"game": spot.game.id, "exact": exact, count: tally.deals, "hands": hands}
