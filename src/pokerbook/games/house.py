"""House profiles: the choices the rulebooks disagree on, made explicit.

Every rule the engine reads from a house is a field here with its default and
the rulebook it follows.  ``barge``, ``roberts``, ``oresteen`` (004) and
``homegame`` (003) are built in; a host can make their own with
``dataclasses.replace(BARGE, ...)``.  :meth:`House.choices` lists a profile's
choices with what each means (:data:`FIELD_DOCS`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import Literal, NamedTuple

from pokerbook.games.model import Share
from pokerbook.registry import Registry

OddChip = Literal["barge", "roberts", "oresteen"]
ChoiceValue = str | int | bool | tuple[str, ...] | None


@dataclass(frozen=True)
class House:
    """The rule choices of one house (a rulebook, a card room, a home game)."""

    name: str
    description: str
    #: raises allowed after the opening bet in limit play (a bet and three raises)
    raise_cap: int | None = 3
    #: the cap is lifted when two players are left (cash games, 001 r.4)
    heads_up_uncapped: bool = True
    #: a tournament: the cap stays heads-up (001 r.4, 000 §1.1.1)
    tournament: bool = False
    #: limit: an all-in of at least half a bet reopens the betting (000 §1.1.1, 001 r.5)
    half_bet_rule: bool = True
    #: pot limit: count the small blind as a big blind when sizing the pot (001 PL r.6)
    pot_limit_small_blind_as_big: bool = False
    #: limit stud: bet the big bet on 4th street with an open pair (001 Stud r.4)
    open_pair_double: bool = True
    #: who gets an odd chip (000 §1.2.3, 001 Ties, 004 r.1)
    odd_chip: OddChip = "barge"
    #: in a heads-up blind game the button posts the small blind and acts first pre-flop
    heads_up_button_small_blind: bool = True
    #: over a night, a dead button instead of a moving one (001 Blinds r.1(b); off: r.1(a))
    dead_button: bool = False
    #: with a moving button, the hands after a player busts follow the dead button (004 r.106)
    dead_button_after_bust: bool = False
    #: a player back from missing blinds may wait for the big blind (001 Blinds r.9);
    #: off: they post what they missed in the next pot (004 r.5)
    wait_for_big_blind: bool = True
    #: every player antes every hand, in addition to any blinds (004 r.4)
    ante_with_blinds: bool = False
    #: limit games are spread limit: any bet from the minimum to the maximum (004 r.7)
    spread_limit: bool = False
    #: the scale ace-to-five lows are played on instead (004 r.2: "a6-low"); None: the game's own
    low_scale: str | None = None
    #: the qualifier of a split pot's low half instead of the game's (004 r.13.10: 9-or-better)
    low_qualifier: str | None = None
    #: the dealer may add the Bug (a joker) to any game (004 r.3)
    bug_at_dealers_choice: bool = False
    #: games with wild cards may be dealt (004 r.3: none are)
    wild_cards: bool = True
    #: the most players dealt in, when below the game's own limit (004 r.14: eight)
    max_players: int | None = None
    #: the most cards a player may draw in single-draw high games (003 "5-Card draw": three)
    draw_high_max: int | None = None
    #: seven-card stud: the highest up card starts the betting (003 "7-Card Stud")
    stud_high_card_opens: bool = False
    #: the game a plain "Omaha" means (000, 001, 004: F16 high only; 003: F17 high/low)
    omaha_default: str = "F16"
    #: the Sevens Rule: a seven or better may just call an all-in bet of less than a
    #: "full" bet (000 App.B) or "half" a bet (001 Ace-to-Five r.4) and win only it
    sevens_rule_short_bet: Literal["full", "half"] = "full"
    #: "cash game" Oklahoma: river cards all of one rank remove every row and the dealer
    #: wins the pot (000 §2.40); off: no row is removed (tournament Oklahoma)
    oklahoma_dealer_wins: bool = False
    #: the most live straddles left of the big blind, each double the last (004 r.7e: two)
    straddles: int = 0
    #: games dealt without straddles (004 r.13.04: Chicago Triple Draw)
    no_straddle_games: tuple[str, ...] = ()
    #: players may agree to run the board twice when all in (001 Procedures r.14; 004 r.26j: no)
    run_twice: bool = True

    def seats(self, game_max: int) -> int:
        """The most players dealt in a game that seats ``game_max`` (004 r.14: eight)."""
        return game_max if self.max_players is None else min(game_max, self.max_players)

    def capped(self, players_in_pot: int) -> int | None:
        """The raise cap for a round with this many players not folded."""
        if self.raise_cap is None:
            return None
        if players_in_pot <= 2 and self.heads_up_uncapped and not self.tournament:
            return None
        return self.raise_cap

    def choices(self) -> list[HouseChoice]:
        """Every rule choice of this house as (field, value, doc) rows, in field order."""
        return [
            HouseChoice(f.name, getattr(self, f.name), FIELD_DOCS[f.name])
            for f in fields(self)
            if f.name not in ("name", "description")
        ]

    def share(self, share: Share) -> Share:
        """A showdown share as this house plays it: an ace-to-five low moved to the house's
        low scale, and an "N-or-better" low qualifier replaced by the house's."""
        from pokerbook.evaluation.scale import get_scale

        scale = get_scale(share.scale)
        changed = share
        if self.low_scale is not None and scale.name == "a5-low":
            changed = replace(changed, scale=self.low_scale)
        if (
            self.low_qualifier is not None
            and scale.is_low
            and share.qualifier is not None
            and _X_OR_BETTER.fullmatch(share.qualifier)
        ):
            changed = replace(changed, qualifier=self.low_qualifier)
        return changed


class HouseChoice(NamedTuple):
    """One rule choice of a house: the field, its value and what it means."""

    field: str
    value: ChoiceValue
    doc: str


_X_OR_BETTER = re.compile(r"\w+-or-better")

#: what each choice means, with the rulebook it comes from
FIELD_DOCS: dict[str, str] = {
    "raise_cap": "raises allowed after the opening bet in limit play (none: unlimited)",
    "heads_up_uncapped": "the raise cap is lifted when two players are left (001 r.4, 004 r.6c)",
    "tournament": "a tournament: the cap stays heads-up (001 r.4, 000 §1.1.1)",
    "half_bet_rule": "limit: only an all-in of at least half a bet reopens the betting "
    "(000 §1.1.1, 001 r.5); off: any all-in bet reopens it (004 r.7g, r.9)",
    "pot_limit_small_blind_as_big": "pot limit: the small blind counts as a big blind "
    "when sizing the pot (001 Pot-Limit r.6)",
    "open_pair_double": "limit stud: an open pair on fourth street allows the big bet "
    "(001 Stud r.4, 003)",
    "odd_chip": "who gets an odd chip: barge (000 §1.2.3), roberts (001 Ties), "
    "oresteen (004 r.1a, r.1b)",
    "heads_up_button_small_blind": "heads-up, the button posts the small blind and acts "
    "first before the flop (001 Blinds r.3, 004 r.31)",
    "dead_button": "over a night the big blind goes to the player due for it and the "
    "button may be dead (001 Blinds r.1(b), Tournaments r.30, 004 r.106); off: the button "
    "moves to the next player (001 Blinds r.1(a))",
    "dead_button_after_bust": "with a moving button, the hands after a player busts place "
    "the blinds by the dead button until they are back to normal (004 r.106)",
    "wait_for_big_blind": "a player who missed blinds may wait for the big blind instead of "
    "posting them (001 Blinds r.9); off: they post them in the next pot (004 r.5)",
    "ante_with_blinds": "every player antes every hand, in addition to any blinds (004 r.4)",
    "spread_limit": "limit games are spread limit: any bet from the minimum to the "
    "maximum (004 r.7)",
    "low_scale": "the scale every ace-to-five low is played on instead (004 r.2); "
    "none: the game's own",
    "low_qualifier": "the qualifier of a split pot's low half instead of the game's "
    "(004 r.13.10, r.13.14); none: the game's own",
    "bug_at_dealers_choice": "the dealer may add the Bug, a joker that plays as an ace or "
    "fills a straight or flush, to any game (004 r.3)",
    "wild_cards": "games with wild cards may be dealt (004 r.3: no wild cards)",
    "max_players": "the most players dealt in, below the game's own limit (004 r.14); "
    "none: the game's own",
    "draw_high_max": "the most cards a player may draw in single-draw high games "
    "(003 5-Card draw); none: the game's own",
    "stud_high_card_opens": "seven-card stud: the highest up card starts the betting "
    "(003 7-Card Stud)",
    "omaha_default": 'the game a plain "Omaha" means: F16 high only (000, 001, 004) or '
    "F17 high/low (003)",
    "sevens_rule_short_bet": "the Sevens Rule: the all-in bets a seven or better may just "
    "call, winning only that bet: less than a full bet (000 App.B) or less than half a "
    "bet (001 Ace-to-Five r.4)",
    "oklahoma_dealer_wins": "Oklahoma: river cards all of one rank remove every row and "
    'the dealer wins the pot, which leaves the table ("cash game" Oklahoma, 000 §2.40); '
    "off: no row is removed (the tournament rule)",
    "straddles": "the most live straddles before the deal, the first by the player left "
    "of the big blind for twice it, each next one left of the last for twice that "
    "(004 r.7e: two); 0: none",
    "no_straddle_games": "games dealt without straddles (004 r.13.04: Chicago Triple Draw)",
    "run_twice": "players all in before the river may agree to deal the rest of the board "
    "twice, half the pot on each run (001 Procedures r.14, NL r.14; 004 r.26j: not permitted)",
}


BARGE = House(
    "barge",
    "BARGE rulebook (000): a bet and three raises, uncapped heads-up in cash games but "
    "not tournaments; the half-bet rule; no fourth-street double bet in stud (current TDA "
    "practice, 000 §2.54 notes); odd chips by TDA (first seat left of the button; stud: "
    "the highest card by suit; high/low: the high hand).",
    open_pair_double=False,
)
ROBERTS = House(
    "roberts",
    "Robert's Rules of Poker for home games (001): a bet and three raises with three or "
    "more players, unlimited heads-up in money games; the half-bet rule; the open-pair "
    "double bet on fourth street in stud; odd chips: button games first seat left of the "
    "button, stud the highest card by suit (lowest in low games), high/low to the high "
    "hand; the Sevens Rule lets a seven or better just call an all-in of less than half a bet.",
    odd_chip="roberts",
    sevens_rule_short_bet="half",
)

ORESTEEN = House(
    "oresteen",
    "Oresteen's Dealer's Choice home game (004): every low is ace-to-six, the 6-4 Chicago "
    "wheel, aces always low and straights and flushes counting against a low (r.2); the low "
    "half of a split pot needs a 9 or better (r.13.10, 13.14, 13.16, 13.18); no wild cards, "
    "but the dealer may add the Bug, a joker that is an ace, fills a straight or flush, and "
    "plays as an ace in lowball (r.3); every player antes every hand in addition to the "
    "blinds, or the dealer antes for the table if the House asks (r.4); limit games are "
    "spread limit (r.7) with three raises, unlimited heads-up (r.6c); an all-in bet of any "
    "size reopens the betting, there is no half-bet rule (r.7g, r.9); no fourth-street "
    "double bet (004 is silent and its limit is spread); odd chip to the player closest to "
    "the dealer's left, and to the high hand in a split pot, suits never count (r.1a, r.1b); "
    "heads-up the button posts the small blind and acts first before the flop (r.31); at "
    "most eight players unless one game is played all night (r.14); up to two straddles, "
    "none in Chicago Triple Draw (r.7e); no running it twice (r.26j); a heads-up high/low "
    "pot may be split by agreement (r.19); a player who missed blinds posts them in the next "
    "pot on returning (r.5).",
    half_bet_rule=False,
    open_pair_double=False,
    odd_chip="oresteen",
    ante_with_blinds=True,
    wait_for_big_blind=False,
    spread_limit=True,
    low_scale="a6-low",
    low_qualifier="9-or-better",
    bug_at_dealers_choice=True,
    wild_cards=False,
    max_players=8,
    run_twice=False,
    straddles=2,
    no_straddle_games=("D10",),
)
HOMEGAME = House(
    "homegame",
    "The home game's rules page (003): games are high only unless stated, and split pots "
    "are cards speak with no declare; limit $3-$6 with a $1 small blind and a $3 big blind, "
    "blinds instead of antes in hold'em; seven-card stud: the highest up card starts the "
    "betting, players may call the bring-in or complete, and with a pair showing on fourth "
    "street the first to act may bet the big bet; five-card draw: exchange up to three "
    "cards; plain Omaha is high/low eight-or-better, high only being the variation; "
    "ace-to-five draw lowball adds one joker, the lowest card that does not pair; wild-card "
    "games are dealt (Follow-the-Queen, 7 with a Twist, Low-Hole-Wild).  003 states no raise "
    "cap, all-in or odd-chip rule, so those follow BARGE: a bet and three raises, uncapped "
    "heads-up; the half-bet rule; odd chips by TDA.",
    draw_high_max=3,
    stud_high_card_opens=True,
    omaha_default="F17",
)

#: the built-in house profiles by name
HOUSES: Registry[House] = Registry("house")
for _house in (BARGE, ROBERTS, ORESTEEN, HOMEGAME):
    HOUSES.register(_house.name, _house)


def find_house(name: str) -> House:
    """A built-in house profile by name (``barge``, ``roberts``, ``oresteen``, ``homegame``)."""
    return HOUSES.get(name)
