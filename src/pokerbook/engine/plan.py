"""A game's constants, worked out once and shared by every hand of it.

A :class:`Plan` holds what the engine would otherwise look up again on every
step of every hand: each step's kind as a small number, the deck's cards, the
scales of the showdown shares and of stud's first-to-act rule.  A
:class:`Seating` holds, for one table size, button and stakes, the order of the
seats and the forced bets each posts; it is made once, after checking that the
game and house deal such a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.engine.errors import HandConfigurationError
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
    Format,
    Game,
    Share,
)
from pokerbook.games.stakes import Stakes

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
        "_seatings",
        "boards",
        "bring_in",
        "cards",
        "draw_cap",
        "draw_most",
        "first_scale",
        "formats",
        "game",
        "house",
        "is_stud",
        "kinds",
        "most_players",
        "one_pool",
        "open_pair_double",
        "refuses_wild_cards",
        "sevens_rule",
        "shares",
        "stud_dealing",
    )

    def __init__(self, game: Game, house: House | None = None) -> None:
        self.game = game
        self.house = house
        self.is_stud = game.is_stud
        self.stud_dealing = game.stud_dealing
        # limit stud: the big bet on 4th street with an open pair, if the house plays it
        self.open_pair_double = game.open_pair_double and (house is None or house.open_pair_double)
        self.formats: tuple[Format, ...] = game.playable_formats
        self.most_players = house.seats(game.max_players) if house else game.max_players
        self.kinds: tuple[int, ...] = tuple(_KINDS[type(step)] for step in game.steps)
        self.cards: tuple[Card, ...] = tuple(deck(game.deck).cards)
        # the house may play lows on its own scale and qualifier (004 r.2: ace-to-six, 9)
        shares = game.showdown.shares
        if house is not None:
            shares = tuple(house.share(share) for share in shares)
        self.shares = tuple(SharePlan(share) for share in shares)
        # one share valued on every card a seat can use, the board's too, as one pool
        self.one_pool = len(self.shares) == 1 and _one_pool(self.shares[0])
        self.first_scale: Scale = get_scale(game.first_to_act or "high")
        self.boards = max(1, game.boards)  # boards a hand lays out (stud: one, for a common card)
        # the house's cap on a single-draw high game's draw (003 5-Card draw: three)
        draws = [step for step in game.steps if isinstance(step, DrawRound)]
        single_draw_high = (
            game.family == "draw" and len(draws) == 1 and self.shares[0].scale.name == "high"
        )
        cap = house.draw_high_max if house is not None and single_draw_high else None
        self.draw_cap: int | None = cap
        #: per step, the most cards a draw round lets a seat throw (the house's cap
        #: applied; a seat never throws more than it holds); 0 for every other step
        self.draw_most: tuple[int, ...] = tuple(
            (step.max_cards if cap is None else min(step.max_cards, cap))
            if isinstance(step, DrawRound)
            else 0
            for step in game.steps
        )
        # the up card that brings in: the house may have the highest start (003 7-Card Stud)
        bring_in = game.bring_in
        if house is not None and house.stud_high_card_opens and bring_in == "low":
            bring_in = "high-ace-high"
        self.bring_in = bring_in
        self.sevens_rule = game.sevens_rule  # limit play only (see the hand's finish)
        # a house that deals no wild-card games (004 r.3): the hand refuses one that has
        # them (the rules know which of their steps make cards wild)
        self.refuses_wild_cards = house is not None and not house.wild_cards
        self._seatings: dict[tuple[int, int, int], Seating] = {}

    def seating(self, stakes: Stakes, seats: int, button: int) -> Seating:
        """The seating of ``seats`` players with the button at ``button`` (made on first
        use; stakes are immutable, and the seating keeps them, so their id stays theirs)."""
        key = (id(stakes), seats, button)
        found = self._seatings.get(key)
        if found is not None and found.stakes is stakes:
            return found
        made = Seating(self, stakes, seats, button)
        if len(self._seatings) > 1024:
            self._seatings.clear()
        self._seatings[key] = made
        return made


def _one_pool(share: SharePlan) -> bool:
    return (
        share.hole_use is None
        and share.cards == "all"
        and not share.wild
        and share.qualifier is None
    )


class Seating:
    """A table's seats in order from the button's left, and the forced bets the stakes
    put on each seat when a hand is not given its own."""

    __slots__ = (
        "after_blinds",
        "after_button",
        "antes",
        "big_bet",
        "blinds",
        "format",
        "from_left",
        "half_bet",
        "left",
        "limit",
        "min_bet",
        "no_cards",
        "small_bet",
        "spread",
        "stakes",
    )

    def __init__(self, plan: Plan, stakes: Stakes, seats: int, button: int) -> None:
        check_table(plan, stakes, seats, button)  # once: a seating is made on first use
        self.stakes = stakes
        #: every seat, clockwise from the button's left
        self.from_left = tuple((button + 1 + i) % seats for i in range(seats))
        #: each seat's left-hand neighbour, the next clockwise (index -1 gives seat 0)
        self.left: tuple[int, ...] = (*range(1, seats), 0)
        self.blinds = default_blinds(plan, stakes, seats, button)
        self.antes = default_antes(stakes, self.blinds, button)
        self.after_blinds = after_blinds(plan, self.blinds, button)
        self.min_bet = stakes.minimum_bet()
        self.small_bet = stakes.bet_size("small")
        self.big_bet = stakes.bet_size("big")
        #: the seat left of the button: first to act after the first round, as a rule
        self.after_button = (button + 1) % seats
        #: nothing for each seat (``list(map(list, no_cards))``: a new empty list each)
        self.no_cards: tuple[tuple[()], ...] = ((),) * seats
        # what every betting round starts from
        self.format = stakes.format
        self.limit = stakes.format == "limit"
        self.spread = stakes.spread
        self.half_bet = plan.house is None or plan.house.half_bet_rule


def check_table(plan: Plan, stakes: Stakes, seats: int, button: int) -> None:
    """Refuse a table the game or house does not deal (the stacks aside)."""
    game, house = plan.game, plan.house
    house_name = house.name if house is not None else "default"
    most = plan.most_players
    if not 2 <= seats <= most:
        raise HandConfigurationError(
            f"{game.name} is played by 2 to {most} players"
            + (f" in the {house_name} house" if most < game.max_players else "")
            + f", not {seats}"
        )
    if game.bug and (house is None or not house.bug_at_dealers_choice):
        raise HandConfigurationError(
            f"the {house_name} house does not add the Bug to a game (004 r.3 is "
            "Oresteen's dealer's choice)"
        )
    formats = plan.formats  # a limit game may be spread limit (004 r.7)
    if stakes.format not in formats:
        raise HandConfigurationError(
            f"{game.name} is not played {stakes.format}; formats: {', '.join(formats)}"
        )
    if not 0 <= button < seats:
        raise HandConfigurationError(f"the button must be a seat 0..{seats - 1}, not {button}")


def after_blinds(plan: Plan, blinds: Sequence[int], button: int) -> int | None:
    """The seat after the last blind, who acts first on the first round (None: no
    blinds).  Blinds go clockwise from the small blind: left of the button, but
    heads-up the button may post it and so act first pre-flop (004 r.31, 001 Blinds r.3)."""
    seats = len(blinds)
    first_blind = button + 1
    heads_up_button = plan.house is None or plan.house.heads_up_button_small_blind
    if seats == 2 and heads_up_button and blinds[button]:
        first_blind = button
    for offset in range(seats - 1, -1, -1):  # the last blind: the furthest from the first
        seat = (first_blind + offset) % seats
        if blinds[seat]:
            return (seat + 1) % seats
    return None


def default_blinds(plan: Plan, stakes: Stakes, seats: int, button: int) -> tuple[int, ...]:
    """The blinds each seat posts: from the button's left, in the stakes' order
    (heads-up, the house may have the button post the small blind)."""
    out = [0] * seats
    if plan.game.forced != "blinds":
        return tuple(out)
    posts = stakes.blinds
    heads_up_button = plan.house is None or plan.house.heads_up_button_small_blind
    if seats == 2 and heads_up_button and len(posts) >= 2:
        out[button] = posts[0]
        out[(button + 1) % 2] = posts[1]
        return tuple(out)
    for offset, amount in enumerate(posts):
        if offset < seats:
            out[(button + 1 + offset) % seats] = amount
    return tuple(out)


def default_antes(stakes: Stakes, blinds: Sequence[int], button: int) -> tuple[int, ...]:
    """The antes each seat posts: everyone's own, or the big blind's or the dealer's
    for the whole table (004 r.4)."""
    seats = len(blinds)
    if not stakes.ante:
        return (0,) * seats
    if stakes.big_blind_ante:
        out = [0] * seats
        big = max(range(seats), key=lambda s: (blinds[s], -s))
        out[big] = stakes.ante
        return tuple(out)
    if stakes.dealer_ante:
        out = [0] * seats
        out[button] = stakes.ante * seats
        return tuple(out)
    return (stakes.ante,) * seats


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
