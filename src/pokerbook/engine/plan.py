"""A game's constants, worked out once and shared by every hand of it.

A :class:`Plan` holds what the engine would otherwise look up again on every
step of every hand: each step's kind as a small number, the deck's cards, the
scales of the showdown shares and of stud's first-to-act rule.
"""

from __future__ import annotations

from typing import Final

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.engine.rules import uses_wild_cards
from pokerbook.evaluation.qualifiers import Qualifier, get_qualifier
from pokerbook.evaluation.scale import Scale, get_scale
from pokerbook.games.house import House
from pokerbook.games.model import (
    BetRound,
    Choice,
    DealBoard,
    DealHole,
    DiscardRound,
    DrawRound,
    Effect,
    Game,
    Share,
)

HOLE: Final = 0
BOARD: Final = 1
BET: Final = 2
DRAW: Final = 3
DISCARD: Final = 4
EFFECT: Final = 5
CHOICE: Final = 6

_KINDS: Final[dict[type, int]] = {
    DealHole: HOLE,
    DealBoard: BOARD,
    BetRound: BET,
    DrawRound: DRAW,
    DiscardRound: DISCARD,
    Effect: EFFECT,
    Choice: CHOICE,
}


class SharePlan:
    """One showdown share with its scale and qualifier resolved."""

    __slots__ = ("aces_low", "cards", "hole_use", "name", "qualifier", "scale", "sole", "wild")

    def __init__(self, share: Share) -> None:
        self.name = share.name
        self.scale: Scale = get_scale(share.scale)
        self.hole_use = share.hole_use
        self.cards = share.cards  # all, hole (no board) or down (face-down hole cards)
        self.wild: list[str] = list(share.wild)  # always wild for this share
        self.sole = share.sole  # a tie wins the share nothing
        self.qualifier: Qualifier | None = (
            get_qualifier(share.qualifier) if share.qualifier else None
        )
        #: the share plays aces low (razz, A-5 lows): for naming a highest or lowest card
        self.aces_low = _aces_low(self.scale)


def _aces_low(scale: Scale) -> bool:
    if not scale.is_low:
        return False
    try:
        return scale.best([Card.from_rank_suit(14, 3)]) > scale.best([Card.from_rank_suit(2, 3)])
    except ValueError:
        return False


class Plan:
    """The constants of one game as one house plays it."""

    __slots__ = (
        "boards",
        "bring_in",
        "cards",
        "draw_cap",
        "first_scale",
        "game",
        "house",
        "kinds",
        "sevens_rule",
        "shares",
        "wild_refused",
    )

    def __init__(self, game: Game, house: House | None = None) -> None:
        self.game = game
        self.house = house
        self.kinds: tuple[int, ...] = tuple(_KINDS[type(step)] for step in game.steps)
        self.cards: tuple[Card, ...] = tuple(deck(game.deck).cards)
        # the house may play lows on its own scale and qualifier (004 r.2: ace-to-six, 9)
        shares = game.showdown.shares
        if house is not None:
            shares = tuple(house.share(share) for share in shares)
        self.shares = tuple(SharePlan(share) for share in shares)
        self.first_scale: Scale = get_scale(game.first_to_act or "high")
        self.boards = max(1, game.boards)  # boards a hand lays out (stud: one, for a common card)
        # the house's cap on a single-draw high game's draw (003 5-Card draw: three)
        draws = [step for step in game.steps if isinstance(step, DrawRound)]
        single_draw_high = (
            game.family == "draw" and len(draws) == 1 and self.shares[0].scale.name == "high"
        )
        cap = house.draw_high_max if house is not None and single_draw_high else None
        self.draw_cap: int | None = cap
        # the up card that brings in: the house may have the highest start (003 7-Card Stud)
        bring_in = game.bring_in
        if house is not None and house.stud_high_card_opens and bring_in == "low":
            bring_in = "high-ace-high"
        self.bring_in = bring_in
        self.sevens_rule = game.sevens_rule  # limit play only (see Hand._finish)
        # a house that deals no wild-card games (004 r.3) refuses one that has them
        self.wild_refused = (
            house is not None
            and not house.wild_cards
            and uses_wild_cards(game.steps, any(share.wild for share in game.showdown.shares))
        )


_PLANS: dict[tuple[int, int], Plan] = {}


def plan_of(game: Game, house: House | None = None) -> Plan:
    """The game's plan for ``house`` (made on first use; games and houses are immutable)."""
    key = (id(game), id(house))
    found = _PLANS.get(key)
    if found is not None and found.game is game and found.house is house:
        return found
    plan = Plan(game, house)
    if len(_PLANS) > 1024:
        _PLANS.clear()
    _PLANS[key] = plan
    return plan
